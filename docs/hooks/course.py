"""Shape the course: translated sections, numbered chapters, the learner's path, total time.

Section titles come from ``chrome.sections`` of the locale's settings; the first section's
pages are the chapters (numbered by pages.py); the "Next" chain ends at ``extra.course_end``.
On the home page ``[[course-time]]`` becomes the sum of the chapters' time lines
(``chrome.time_line``) and ``[[course-chapters]]`` their list, titled as the sidebar is.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

from dplesson import locales
from dpsite import chapters, languages

PLACEHOLDER = "[[course-time]]"
CHAPTER_LIST = "[[course-chapters]]"
_timed_sources: list[tuple[Path, Path]] = []  # (source, the English page it translates)


def locale_path(src_uri: str, locales: tuple[str, ...]) -> str:
    """``nl/laplace.md`` → ``laplace.md``: a page's path inside its locale folder."""
    first, _, rest = src_uri.partition("/")
    return rest if rest and first in locales else src_uri


def _spaced(text: str) -> str:
    """Read no-break spaces (U+00A0, U+202F, French typography) as plain spaces."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def time_pattern(locale: str) -> re.Pattern[str]:
    """Return the locale's time line as a pattern whose group is the minutes."""
    line = re.escape(_spaced(locales.section(locale, "chrome")["time_line"]))
    return re.compile(line.replace(re.escape("{minutes}"), r"(\d+)"))


def minutes_of(text: str, locale: str) -> int | None:
    """Read the minutes from a page's time line (the locale's wording, else English's)."""
    for code in dict.fromkeys((locale, locales.SOURCE)):
        found = time_pattern(code).findall(_spaced(text))
        if len(found) > 1:
            raise ValueError(f"a page states its time {len(found)} times; state it once")
        if found:
            return int(found[0])
    return None


def total_time(minutes: int, locale: str) -> str:
    """``400`` → "6 h 40 min", in the locale's words."""
    template = locales.section(locale, "chrome")["total_time"]
    return str(template.format(hours=minutes // 60, minutes=minutes % 60))


@event_priority(languages.AFTER_I18N)  # after static-i18n has unwrapped the locale folders
def on_nav(nav: Any, config: Any, **_: Any) -> Any:
    """Translate the sections, number the chapters and end the learner's path."""
    words = locales.section(languages.locale(config), "chrome").get("sections") or {}
    codes = locales.locales()
    sections = [item for item in nav.items if getattr(item, "is_section", False)]
    for section in sections:
        section.title = words.get(section.title, section.title)
    chapters.NUMBERS.clear()
    chapters.SOURCES.clear()
    pages = [c for c in sections[0].children if getattr(c, "is_page", False)] if sections else []
    for number, page in enumerate(pages, start=1):
        chapters.NUMBERS[page.file.src_uri] = number
        path = locale_path(page.file.src_uri, codes)
        chapters.SOURCES.append((path, Path(page.file.abs_src_path)))
    _timed_sources.clear()
    end = config.extra.get("course_end")
    for page in nav.pages:
        path = locale_path(page.file.src_uri, codes)
        if path.endswith(".md"):
            english = Path(config.docs_dir) / locales.SOURCE / path
            _timed_sources.append((Path(page.file.abs_src_path), english))
        if end and path == end and page.next_page:
            page.next_page.previous_page = None
            page.next_page = None
    return nav


def on_page_markdown(markdown: str, *, page: Any, config: Any, **_: Any) -> str:
    """Fill the home page's chapter list and total time from the chapters themselves."""
    if CHAPTER_LIST in markdown:
        titles = enumerate(chapters.titles().items(), start=1)
        listed = [f"{number}. [{title}]({path})" for number, (path, title) in titles]
        markdown = markdown.replace(CHAPTER_LIST, "\n".join(listed))
    if PLACEHOLDER not in markdown:
        return markdown
    locale = languages.locale(config)
    total = 0
    for source, english in _timed_sources:
        minutes = minutes_of(source.read_text(encoding="utf-8"), locale)
        timed = english.is_file() and minutes_of(english.read_text("utf-8"), locales.SOURCE)
        if minutes is None and timed:  # counting it as 0 would be wrong
            line = locales.section(locale, "chrome")["time_line"]
            raise ValueError(f"{source}: no line states the chapter's time as {line!r}")
        total += minutes or 0
    return markdown.replace(PLACEHOLDER, total_time(total, locale))
