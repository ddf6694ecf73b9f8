"""Turn the pages' exercise blocks into working exercises, from ``dplesson``'s answer key.

For each ``<div data-exercise="ID" markdown>`` of a page (``exercise_blocks``) the strict
build fails on an unknown id, an exercise on the wrong page, an unknown placeholder or a
missing option, hint or explanation. Otherwise the placeholders are written the locale's way,
the kind and the answer become ``data-*`` attributes, and a ``bug`` exercise gets its code.
A chapter gets a progress line under its title, the home page its overview
(``exercise_pages``), and every such page the interface strings of its locale.

Runs before ``mathml.py`` so that values inside ``$…$`` are in place before formulas render.
The locale is the build's (static-i18n), also for a page that falls back to English.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import exercise_blocks
import exercise_pages
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from dplesson.exercises import Exercise, catalogue


def _locale(config: Any) -> str:
    i18n = config.plugins.get("i18n")
    return str(getattr(i18n, "current_language", None) or config.theme.get("language") or "en")


#: The numbers of the formulas of the page being built, until they are MathML.
MATH = exercise_blocks.MathValues()


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
        markdown = exercise_pages.insert_after_title(markdown, line)
    return markdown


def on_page_markdown(markdown: str, *, page: Any, config: Any, **_: Any) -> str:
    """Check and render the page's exercises; expand the home page's overview."""
    source = str(page.file.src_uri)
    if not source.endswith(".md"):
        return markdown
    locale = _locale(config)
    stem = Path(source).stem
    exercises = {e.id: e for e in catalogue.all_exercises()}
    MATH.mathml.clear()
    markdown = exercise_markdown(markdown, stem, locale, source, exercises, MATH)
    if exercise_pages.OVERVIEW.search(markdown):
        chapters = [(s, [e.id for e in catalogue.for_chapter(s)]) for s in catalogue.CHAPTERS]
        overview = exercise_pages.overview(chapters, Path(config.docs_dir), locale)
        markdown = exercise_pages.OVERVIEW.sub(lambda _: overview, markdown, count=1)
    return markdown


@event_priority(-10)  # after mathml.py has rendered the page's formulas
def on_page_content(html: str, *, page: Any, **_: Any) -> str:
    """Put the MathML of each formula value in place of its stand-in."""
    try:
        return MATH.replace(html)
    except ValueError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from error


def on_post_page(output: str, *, config: Any, **_: Any) -> str:
    """Give a page with exercises or the overview its locale's interface strings."""
    if "data-exercise" not in output or "</body>" not in output:
        return output
    script = exercise_pages.ui_script(_locale(config))
    head, _body, tail = output.rpartition("</body>")
    return f"{head}{script}\n</body>{tail}"
