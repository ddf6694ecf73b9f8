"""Shape the course: translated nav sections, numbered chapters, the learner's path, total time.

- The nav's section titles (English in ``mkdocs.yml``) are looked up in the ``chrome.sections``
  strings of ``dplesson/locales/<locale>.yml``.
- The pages of the first section are the chapters: their titles (sidebar, ``<title>``, the
  footer's previous/next) get their number, "3. The Laplace mechanism".
- The learner's "Next" chain ends at ``extra.course_end`` (the exercises): reference and
  contributor pages are not steps of the course.
- Each chapter states its time once, in its "*Time:* about 45 minutes." line (the locale's
  ``chrome.time_line``); the home page's ``[[course-time]]`` becomes the sum of those lines.
- The home page's ``[[course-chapters]]`` becomes the numbered list of the chapters, with the
  titles their pages give, so that it always matches the sidebar.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import locale_settings
from mkdocs.plugins import event_priority
from mkdocs.utils.meta import get_data

PLACEHOLDER = "[[course-time]]"
CHAPTER_LIST = "[[course-chapters]]"
_H1 = re.compile(r"^#[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
_chapters: dict[str, int] = {}
_chapter_sources: list[tuple[str, Path]] = []  # (path inside the locale folder, source)
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
    line = re.escape(_spaced(locale_settings.section(locale, "chrome")["time_line"]))
    return re.compile(line.replace(re.escape("{minutes}"), r"(\d+)"))


def minutes_of(text: str, locale: str) -> int | None:
    """Read the minutes from a page's time line (the locale's wording, else English's)."""
    for code in dict.fromkeys((locale, locale_settings.SOURCE)):
        found = time_pattern(code).findall(_spaced(text))
        if len(found) > 1:
            raise ValueError(f"a page states its time {len(found)} times; state it once")
        if found:
            return int(found[0])
    return None


def total_time(minutes: int, locale: str) -> str:
    """``400`` → "6 h 40 min", in the locale's words."""
    template = locale_settings.section(locale, "chrome")["total_time"]
    return str(template.format(hours=minutes // 60, minutes=minutes % 60))


def _locale(config: Any) -> str:
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return locale_settings.SOURCE
    return str(i18n.current_language or i18n.default_language)


@event_priority(-110)  # after static-i18n has unwrapped the locale folder from the nav
def on_nav(nav: Any, config: Any, **_: Any) -> Any:
    """Translate the sections, number the chapters and end the learner's path."""
    locale = _locale(config)
    sections = locale_settings.section(locale, "chrome").get("sections") or {}
    locales = locale_settings.locales()
    _chapters.clear()
    _chapter_sources.clear()
    _timed_sources.clear()
    first_section = True
    for item in nav.items:
        if not getattr(item, "is_section", False):
            continue
        if first_section:
            pages = [child for child in item.children if getattr(child, "is_page", False)]
            for number, page in enumerate(pages, start=1):
                _chapters[page.file.src_uri] = number
                path = locale_path(page.file.src_uri, locales)
                _chapter_sources.append((path, Path(page.file.abs_src_path)))
            first_section = False
        item.title = sections.get(item.title, item.title)
    end = config.extra.get("course_end")
    for page in nav.pages:
        if str(page.file.src_uri).endswith(".md"):
            english = (
                Path(config.docs_dir)
                / locale_settings.SOURCE
                / locale_path(page.file.src_uri, locales)
            )
            _timed_sources.append((Path(page.file.abs_src_path), english))
        if end and locale_path(page.file.src_uri, locales) == end and page.next_page:
            page.next_page.previous_page = None
            page.next_page = None
    return nav


def title_of(text: str) -> str:
    """Return the title a page source gives: front matter ``title``, else its first heading."""
    body, meta = get_data(text)
    if meta.get("title"):
        return str(meta["title"])
    heading = _H1.search(body)
    if heading is None:
        raise ValueError("a chapter has neither a title nor a first-level heading")
    return heading[1]


def chapter_list(chapters: list[tuple[str, Path]]) -> str:
    """Write the numbered Markdown list of the chapters, linked by their path in the locale."""
    return "\n".join(
        f"{number}. [{title_of(source.read_text(encoding='utf-8'))}]({path})"
        for number, (path, source) in enumerate(chapters, start=1)
    )


def on_page_markdown(markdown: str, *, page: Any, config: Any, **_: Any) -> str:
    """Fill the home page's chapter list and total time from the chapters themselves."""
    if CHAPTER_LIST in markdown:
        markdown = markdown.replace(CHAPTER_LIST, chapter_list(_chapter_sources))
    if PLACEHOLDER not in markdown:
        return markdown
    locale = _locale(config)
    total = 0
    for source, english in _timed_sources:
        minutes = minutes_of(source.read_text(encoding="utf-8"), locale)
        if (
            minutes is None
            and english.is_file()
            and minutes_of(english.read_text("utf-8"), locale_settings.SOURCE)
        ):
            line = locale_settings.section(locale, "chrome")["time_line"]  # 0 would be wrong
            raise ValueError(f"{source}: no line states the chapter's time as {line!r}")
        total += minutes or 0
    return markdown.replace(PLACEHOLDER, total_time(total, locale))


def on_page_content(html: str, *, page: Any, **_: Any) -> str:
    """Prefix the chapters' titles with their number (the page's own heading stays)."""
    number = _chapters.get(page.file.src_uri)
    if number is not None and page.title and not str(page.title).startswith(f"{number}. "):
        page.title = f"{number}. {page.title}"
        if "title" in page.meta:  # Material's <title> and header prefer the front matter's
            page.meta["title"] = page.title
    return html
