"""The page-level pieces of the exercises: progress line, home overview and interface strings.

``exercises.py`` puts a progress line under a chapter's title, expands the home page's
``<div data-exercise-overview></div>`` into a list of chapters, and gives every page with
exercises the locale's interface strings as one JSON script. The reader's script
(``docs/assets/exercises/exercises.js``) fills in the counts from the browser's storage.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from pathlib import Path

import locale_settings

OVERVIEW = re.compile(r"<div\s+data-exercise-overview\s*>\s*</div>")
UI_ID = "dp-exercise-ui"
_H1 = re.compile(r"^#[ \t]+(?P<title>\S.*?)[ \t]*(?:\{[^}\n]*\})?[ \t]*$", re.MULTILINE)


def strings(locale: str) -> dict[str, str]:
    """Return the ``exercises`` interface strings of ``locale`` (English where it has none)."""
    return {str(k): str(v) for k, v in locale_settings.section(locale, "exercises").items()}


def _ids(ids: Sequence[str]) -> str:
    return html.escape(" ".join(ids), quote=True)


def progress_line(ids: Sequence[str], locale: str) -> str:
    """Write a chapter's progress line (the script fills in the count), as raw HTML."""
    total = locale_settings.format_number(len(ids), locale)
    text = html.escape(strings(locale)["total"].format(total=total))
    return (
        f'<p class="dp-exercise-progress" data-exercise-progress data-ids="{_ids(ids)}">{text}</p>'
    )


def insert_after_title(markdown: str, block: str) -> str:
    """Put ``block`` after the page's first-level heading, or first if it has none."""
    match = _H1.search(markdown)
    at = match.end() if match else 0
    return f"{markdown[:at]}\n\n{block}\n\n{markdown[at:].lstrip(chr(10))}"


def chapter_title(docs: Path, locale: str, stem: str) -> str:
    """Return the first-level heading of a chapter in ``locale`` (the English page's if missing)."""
    for folder in (locale, locale_settings.SOURCE):
        path = docs / folder / f"{stem}.md"
        if path.is_file():
            match = _H1.search(path.read_text(encoding="utf-8"))
            if match:
                return match["title"]
    return stem


def overview(chapters: Sequence[tuple[str, Sequence[str]]], docs: Path, locale: str) -> str:
    """Write the home page's overview: each chapter with exercises, linked, with its total.

    The label and the count are joined by the locale's colon (full-width in Chinese); the
    reader's script adds the whole course's count and the Reset button.
    """
    words = strings(locale)
    colon = html.escape(locale_settings.colon(locale))
    lines = [
        '<div class="dp-exercise-overview" data-exercise-overview markdown>',
        "",
        f'<p class="dp-exercise-overview__title"><strong>{html.escape(words["overview_title"])}'
        "</strong></p>",
        "",
    ]
    for stem, ids in chapters:
        if not ids:
            continue
        total = locale_settings.format_number(len(ids), locale)
        count = html.escape(words["total"].format(total=total))
        title = chapter_title(docs, locale, stem)
        lines.append(
            f"- [{title}]({stem}.md){colon}"
            f'<span data-exercise-count data-ids="{_ids(ids)}">{count}</span>'
        )
    lines += ["", "</div>"]
    return "\n".join(lines)


def ui_script(locale: str) -> str:
    """Write the locale's strings for the reader's script, as a JSON script tag.

    Numbers are written and read by ``docs/assets/numbers.js`` with the locale's number
    settings, which ``widget_assets.py`` gives every page that has exercises.
    """
    data = {"locale": locale, "strings": strings(locale)}
    text = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return f'<script type="application/json" id="{UI_ID}">{text}</script>'
