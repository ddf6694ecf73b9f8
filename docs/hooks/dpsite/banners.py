"""Tell readers when a page falls back to English or when its translation may be out of date.

A fallback page gets a note in the reader's language and its ``<article>`` is marked
``lang="en"`` (WCAG 3.1.2); an outdated page records an English revision that no longer
matches, as the report (``docs/hooks/l10n``) says. The note is an admonition written as HTML
after the title, the same for Markdown and notebook pages (which have no Markdown stage).
Strings: ``banners`` in ``dplesson/locales/<code>.yml``.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import Files

import l10n as translations
from dplesson import locales
from dpsite import languages

GUIDE = "translate.md"
_LINK = re.compile(r"\[([^\]]+)\]\(\{link\}\)")
_ARTICLE = '<article class="md-content__inner md-typeset">'
#: The admonition type of each note: information for a fallback, a warning for an outdated page.
_CLASS = {"fallback": "info", "outdated": "warning"}


def banner_html(kind: str, locale: str, guide_url: str | None) -> str:
    """Write a ``fallback``/``outdated`` note in the reader's language (no guide URL: no link)."""
    strings = locales.section(locale, "banners")
    title = html.escape(str(strings[f"{kind}_title"]))
    text = html.escape(str(strings[f"{kind}_text"]), quote=False)
    link = r"\1" if guide_url is None else rf'<a href="{html.escape(guide_url)}">\1</a>'
    return (
        f'<div class="admonition {_CLASS[kind]} translation-{kind}" lang="{locale}">'
        f'<p class="admonition-title">{title}</p><p>{_LINK.sub(link, text)}</p></div>'
    )


def note(page: Any, config: Any, outdated: bool = True) -> tuple[str, str, str] | None:
    """Return the note ``page`` needs as ``(kind, reader's locale, path in its folder)``.

    ``fallback``: an English page fills in for the reader's locale; ``outdated`` (looked for
    only if ``outdated``): the locale's own page records an English revision that no longer
    matches (in a Markdown page's front matter or a notebook's metadata). ``None``: no note.
    """
    locale, default = languages.locale(config), languages.default(config)
    if locale == default or not page.file.abs_src_path:
        return None
    docs, source = Path(config.docs_dir).resolve(), Path(page.file.abs_src_path).resolve()
    if source.is_relative_to(docs / default):
        return "fallback", locale, source.relative_to(docs / default).as_posix()
    if not outdated or not source.is_relative_to(docs / locale):
        return None
    path = source.relative_to(docs / locale).as_posix()
    english = docs / default / path
    if not english.is_file():
        stale = None
    elif translations.is_notebook(str(source)):
        stale = translations.notebook_outdated_reason(source, english)
    else:
        stale = translations.outdated_reason(page.meta, english)
    return ("outdated", locale, path) if stale else None


def _guide_url(page: Any, files: Files, locale: str) -> str | None:
    """Return the URL of the reader's translator's guide relative to ``page``, if it is built."""
    for file in files.documentation_pages():
        if file.src_uri.endswith(f"/{GUIDE}") and file.dest_uri.startswith(f"{locale}/"):
            return str(file.url_relative_to(page.file))
    return None


def mark_notes(html_text: str, page: Any, config: Any, files: Files) -> str:
    """Add the page's note, marked as the reader's language, after its first heading."""
    found = note(page, config)
    if found is None:
        return html_text
    locale = found[1]
    box = banner_html(found[0], locale, _guide_url(page, files, locale))
    at = html_text.find("</h1>") + len("</h1>") if "</h1>" in html_text else 0
    return html_text[:at] + box + html_text[at:]


def english_article(output: str, page: Any, config: Any) -> str:
    """Mark the article of a fallback page English; the page around it stays the reader's."""
    if note(page, config, outdated=False) is None:
        return output
    return output.replace(_ARTICLE, _ARTICLE[:-1] + ' lang="en">', 1)
