"""The chapters' numbers: docs/hooks/course.py counts them in the nav, pages.py writes them."""

from __future__ import annotations

from typing import Any

#: Each chapter page's number in this language's nav, by its source path.
NUMBERS: dict[str, int] = {}


def number_title(html: str, page: Any) -> str:
    """Prefix a chapter's title (sidebar, ``<title>``, previous/next) with its number."""
    number = NUMBERS.get(page.file.src_uri)
    if number is not None and page.title and not str(page.title).startswith(f"{number}. "):
        page.title = f"{number}. {page.title}"
        if "title" in page.meta:  # Material's <title> and header prefer the front matter's
            page.meta["title"] = page.title
    return html
