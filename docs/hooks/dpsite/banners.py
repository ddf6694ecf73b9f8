"""Tell readers when a page falls back to English or when its translation may be out of date.

A fallback page gets a note in the reader's language and its ``<article>`` is marked
``lang="en"`` (WCAG 3.1.2); an outdated page records an English revision that no longer
matches, as the report (``docs/hooks/l10n``) says. Markdown pages get an admonition,
notebooks (no Markdown stage) HTML. Strings: ``banners`` in ``dplesson/locales/<code>.yml``.
"""

from __future__ import annotations

import html
import posixpath
import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import Files

import l10n as translations
from dplesson import locales
from dpsite import languages
from dpsite.chapters import insert_after_title

GUIDE = "translate.md"
_LINK = re.compile(r"\[([^\]]+)\]\(\{link\}\)")
_ARTICLE = '<article class="md-content__inner md-typeset">'
#: The admonition type of each note: information for a fallback, a warning for an outdated page.
_CLASS = {"fallback": "info", "outdated": "warning"}


def strings(kind: str, locale: str) -> tuple[str, str]:
    """Title and text (with a ``{link}`` to the guide) of the ``fallback``/``outdated`` note."""
    banners = locales.section(locale, "banners")
    return str(banners[f"{kind}_title"]), str(banners[f"{kind}_text"])


def banner(kind: str, locale: str, page: str, guide_exists: bool) -> str:
    """Write the Markdown admonition of one banner for ``page`` (relative to its locale)."""
    title, text = strings(kind, locale)
    link = posixpath.relpath(GUIDE, posixpath.dirname(page) or ".")
    if not guide_exists:  # keep the sentence, drop the link
        text = _LINK.sub(r"\1", text)
    body = text.format(link=link)
    return f'!!! {_CLASS[kind]} translation-{kind} "{title}"\n    {body}\n'


def banner_html(kind: str, locale: str, guide_url: str | None) -> str:
    """Write a notebook page's note as HTML, marked as the reader's language (no link: None)."""
    title, text = strings(kind, locale)
    text = html.escape(text, quote=False)
    link = r"\1" if guide_url is None else rf'<a href="{html.escape(guide_url)}">\1</a>'
    return (
        f'<div class="admonition {_CLASS[kind]} translation-{kind}" lang="{locale}">'
        f'<p class="admonition-title">{html.escape(title)}</p><p>{_LINK.sub(link, text)}</p></div>'
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


def markdown_note(markdown: str, page: Any, config: Any) -> str:
    """Add the fallback or the outdated banner to a Markdown page of a non-English build."""
    found = note(page, config) if str(page.file.abs_src_path or "").endswith(".md") else None
    if found is None:
        return markdown
    kind, locale, path = found
    docs = Path(config.docs_dir)
    guide = any((docs / code / GUIDE).is_file() for code in (locale, languages.default(config)))
    return insert_after_title(markdown, banner(kind, locale, path, guide))


def _guide_url(page: Any, files: Files, locale: str) -> str | None:
    """Return the URL of the reader's translator's guide relative to ``page``, if it is built."""
    for file in files.documentation_pages():
        if file.src_uri.endswith(f"/{GUIDE}") and file.dest_uri.startswith(f"{locale}/"):
            return str(file.url_relative_to(page.file))
    return None


def mark_notes(html_text: str, page: Any, config: Any, files: Files) -> str:
    """Mark a Markdown page's note as the reader's language; add a notebook page's note."""
    locale = languages.locale(config)
    if str(page.file.abs_src_path).endswith(".md"):
        if locale == languages.default(config):
            return html_text
        for kind, css in _CLASS.items():  # markdown_note added at most one of them
            opening = f'<div class="admonition {css} translation-{kind}"'
            html_text = html_text.replace(f"{opening}>", f'{opening} lang="{locale}">', 1)
        return html_text
    found = note(page, config)
    if found is None:
        return html_text
    box = banner_html(found[0], locale, _guide_url(page, files, locale))
    at = html_text.find("</h1>") + len("</h1>") if "</h1>" in html_text else 0
    return html_text[:at] + box + html_text[at:]


def english_article(output: str, page: Any, config: Any) -> str:
    """Mark the article of a fallback page English; the page around it stays the reader's."""
    if note(page, config, outdated=False) is None:
        return output
    return output.replace(_ARTICLE, _ARTICLE[:-1] + ' lang="en">', 1)
