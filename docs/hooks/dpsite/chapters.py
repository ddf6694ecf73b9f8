"""The chapters and their page sources: numbers, titles, what goes under a title.

docs/hooks/course.py finds the chapters in the nav (``NUMBERS``, ``SOURCES``); pages.py
numbers their titles, exercises.py lists them on the home page by their titles.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.utils.meta import get_data

#: Each chapter page's number in this language's nav, by its source path.
NUMBERS: dict[str, int] = {}
#: Each chapter in the nav's order: its path inside the locale folder, its source file.
SOURCES: list[tuple[str, Path]] = []
#: A first-level heading; ``title`` leaves out an attribute list such as ``{ #id }``.
H1 = re.compile(r"^#[ \t]+(?P<title>\S.*?)[ \t]*(?:\{[^}\n]*\})?[ \t]*$", re.MULTILINE)


def title_of(text: str) -> str:
    """Return the title a page source gives: front matter ``title``, else its first heading."""
    body, meta = get_data(text)
    if meta.get("title"):
        return str(meta["title"])
    if heading := H1.search(body):
        return heading["title"]
    raise ValueError("a chapter has neither a title nor a first-level heading")


def titles() -> dict[str, str]:
    """Return each chapter's title by its path in the locale (``laplace.md``), in nav order."""
    return {path: title_of(source.read_text("utf-8")) for path, source in SOURCES}


def insert_after_title(markdown: str, block: str) -> str:
    """Put ``block`` after the page's first-level heading, or first if it has none."""
    match = H1.search(markdown)
    at = match.end() if match else 0
    return f"{markdown[:at]}\n\n{block}\n\n{markdown[at:].lstrip(chr(10))}"


def number_title(html: str, page: Any) -> str:
    """Prefix a chapter's title (sidebar, ``<title>``, previous/next) with its number."""
    number = NUMBERS.get(page.file.src_uri)
    if number is not None and page.title and not str(page.title).startswith(f"{number}. "):
        page.title = f"{number}. {page.title}"
        if "title" in page.meta:  # Material's <title> and header prefer the front matter's
            page.meta["title"] = page.title
    return html
