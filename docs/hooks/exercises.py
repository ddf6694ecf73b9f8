"""Turn the pages' exercise blocks into working exercises, from ``dplesson``'s answer key.

The strict build fails on a block that ``exercise_blocks.problems`` finds wrong. The
reader's script, ``docs/assets/exercises/exercises.js``, checks answers and counts progress
from the browser's storage. The locale is the build's, also on a page that falls back.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from dplesson import locales
from dplesson.exercises import Exercise, catalogue
from dpsite import chapters, exercise_blocks, languages

OVERVIEW = re.compile(r"<div\s+data-exercise-overview\s*>\s*</div>")


def strings(locale: str) -> dict[str, str]:
    """Return the ``exercises`` interface strings of ``locale`` (English where it has none)."""
    return {str(k): str(v) for k, v in locales.section(locale, "exercises").items()}


def _counted(ids: Sequence[str], locale: str) -> str:
    """``data-ids="a b">2 exercises``: what the reader's script counts, and their total."""
    total = strings(locale)["total"].format(total=locales.format_number(len(ids), locale))
    return f'data-ids="{html.escape(" ".join(ids), quote=True)}">{html.escape(total)}'


def overview(listed: Sequence[tuple[str, str, Sequence[str]]], locale: str) -> str:
    """Write the home page's overview: each chapter with exercises, linked, with its total.

    ``listed``: each chapter's file stem, title and exercise ids. The reader's script adds the
    course's count and the Reset button.
    """
    title = html.escape(strings(locale)["overview_title"])
    lines = [
        '<div class="dp-exercise-overview" data-exercise-overview markdown>',
        "",
        f'<p class="dp-exercise-overview__title"><strong>{title}</strong></p>',
        "",
    ]
    colon = html.escape(locales.colon(locale))
    for stem, name, ids in listed:
        if ids:
            count = f"<span data-exercise-count {_counted(ids, locale)}</span>"
            lines.append(f"- [{name}]({stem}.md){colon}{count}")
    return "\n".join([*lines, "", "</div>"])


def ui_script(locale: str) -> str:
    """Write the locale's strings for the reader's script, as a JSON script tag.

    (Its numbers: ``docs/assets/numbers.js``, whose settings ``widget_assets.py`` gives.)
    """
    data = {"locale": locale, "strings": strings(locale)}
    text = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return f'<script type="application/json" id="dp-exercise-ui">{text}</script>'


def exercise_markdown(
    markdown: str,
    page: str,
    locale: str,
    source: str,
    exercises: Mapping[str, Exercise],
    math: exercise_blocks.MathValues | None = None,
    written: str | None = None,
) -> str:
    """Check and render every exercise block of the page; ``PluginError`` on a problem.

    ``exercises`` maps ids to exercises; the numbers of formulas stay stand-ins in ``math``.
    ``written`` is the language the page's text is in, whose conventions its numbers follow:
    English's on an English page a language in progress shows (``locale`` by default).
    """
    written = written or locale
    try:
        blocks = exercise_blocks.find_blocks(markdown)
    except ValueError as error:  # an unclosed block
        raise PluginError(f"{source}: {error}") from error
    seen: set[str] = set()
    for block in blocks:
        found = exercise_blocks.problems(block, page, exercises.get, written)
        if block.id in seen:
            found.append(f"exercise {block.id!r} appears twice")
        seen.add(block.id)
        if found:
            raise PluginError(f"{source}: {'; '.join(found)}")
    for block in reversed(blocks):
        rendered = exercise_blocks.render(block, exercises[block.id], written, math)
        markdown = markdown[: block.start] + rendered + markdown[block.end :]
    if blocks:  # the chapter's progress line, whose count the script fills in
        ids = [e.id for e in exercises.values() if e.chapter == page]
        line = f'<p class="dp-exercise-progress" data-exercise-progress {_counted(ids, locale)}</p>'
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
    folder = source.split("/", 1)[0]  # en/ for the English page a language in progress shows
    written = folder if folder in locales.locales() else locale
    markdown = exercise_markdown(
        markdown, stem, locale, source, exercises, exercise_blocks.MATH, written
    )
    if OVERVIEW.search(markdown):
        listed = [  # the nav's order: chapters.titles() reads the nav
            (Path(path).stem, title, [e.id for e in catalogue.for_chapter(Path(path).stem)])
            for path, title in chapters.titles().items()
            if Path(path).stem in catalogue.CHAPTERS
        ]
        home = overview(listed, locale)
        markdown = OVERVIEW.sub(lambda _: home, markdown, count=1)
    return markdown


def on_post_page(output: str, *, config: Any, **_: Any) -> str:
    """Give a page with exercises or the overview its locale's interface strings."""
    if "data-exercise" not in output or "</body>" not in output:
        return output
    script = ui_script(languages.locale(config))
    head, _body, tail = output.rpartition("</body>")
    return f"{head}{script}\n</body>{tail}"
