"""Turn the pages' exercise blocks into working exercises, from ``dplesson``'s answer key.

For each ``<div data-exercise="ID" markdown>`` of a page (``exercise_blocks``) the strict
build fails on an unknown id, an exercise on the wrong page, an unknown placeholder or a
missing option, hint or explanation. Otherwise the placeholders are written the locale's way,
the kind and the answer become ``data-*`` attributes, and a ``bug`` exercise gets its code.
A chapter gets a progress line under its title, the home page its overview
(``exercise_pages``), and every such page the interface strings of its locale.

Runs in Markdown, before docs/hooks/pages.py renders formulas: a value inside ``$…$`` is a
digit stand-in (``exercise_blocks.MATH``) until pages.py puts its MathML in.
The locale is the build's (static-i18n), also for a page that falls back to English.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from dplesson.exercises import Exercise, catalogue
from dpsite import chapters, exercise_blocks, exercise_pages, languages


def exercise_markdown(
    markdown: str,
    page: str,
    locale: str,
    source: str,
    exercises: Mapping[str, Exercise],
    math: exercise_blocks.MathValues | None = None,
) -> str:
    """Check and render every exercise block of the page; ``PluginError`` on a problem.

    ``exercises`` maps each id to its exercise (the catalogue; a test gives its own); the
    numbers of formulas are left as stand-ins in ``math`` (see ``exercise_blocks``).
    """
    try:
        blocks = exercise_blocks.find_blocks(markdown)
    except ValueError as error:  # an unclosed block
        raise PluginError(f"{source}: {error}") from error
    seen: set[str] = set()
    for block in blocks:
        found = exercise_blocks.problems(block, page, exercises.get, locale)
        if block.id in seen:
            found.append(f"exercise {block.id!r} appears twice")
        seen.add(block.id)
        if found:
            raise PluginError(f"{source}: {'; '.join(found)}")
    for block in reversed(blocks):
        rendered = exercise_blocks.render(block, exercises[block.id], locale, math)
        markdown = markdown[: block.start] + rendered + markdown[block.end :]
    if blocks:
        ids = [e.id for e in exercises.values() if e.chapter == page]
        line = exercise_pages.progress_line(ids, locale)
        markdown = chapters.insert_after_title(markdown, line)
    return markdown


def on_page_markdown(markdown: str, *, page: Any, config: Any, **_: Any) -> str:
    """Check and render the page's exercises; expand the home page's overview."""
    source = str(page.file.src_uri)
    if not source.endswith(".md"):
        return markdown
    locale = languages.locale(config)
    stem = Path(source).stem
    exercises = {e.id: e for e in catalogue.all_exercises()}
    exercise_blocks.MATH.mathml.clear()
    markdown = exercise_markdown(markdown, stem, locale, source, exercises, exercise_blocks.MATH)
    if exercise_pages.OVERVIEW.search(markdown):
        titles = chapters.titles()
        listed = [
            (name, titles.get(name, name), [e.id for e in catalogue.for_chapter(name)])
            for name in catalogue.CHAPTERS
        ]
        overview = exercise_pages.overview(listed, locale)
        markdown = exercise_pages.OVERVIEW.sub(lambda _: overview, markdown, count=1)
    return markdown


def on_post_page(output: str, *, config: Any, **_: Any) -> str:
    """Give a page with exercises or the overview its locale's interface strings."""
    if "data-exercise" not in output or "</body>" not in output:
        return output
    script = exercise_pages.ui_script(languages.locale(config))
    head, _body, tail = output.rpartition("</body>")
    return f"{head}{script}\n</body>{tail}"
