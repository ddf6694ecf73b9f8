"""Tell readers when a page falls back to English or when its translation may be out of date.

A fallback page (in another locale's build, its source is English) gets a note in the
reader's language and its ``<article>`` is marked ``lang="en"``, so screen readers pronounce
each part in its own language (WCAG 3.1.2). An outdated page records an English revision
(``source.sha256``, in its front matter or notebook metadata) that no longer matches, as the
report (``docs/hooks/l10n``) says. Markdown pages get an admonition (``markdown_note``);
notebooks, which skip the Markdown stage, get HTML from ``mark_notes`` (a step of
docs/hooks/pages.py). The strings are the ``banners`` section of ``dplesson/locales/<code>.yml``.
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

GUIDE = "translate.md"
_H1 = re.compile(r"^#[ \t]+\S.*$", re.MULTILINE)
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
    """Write a note as HTML for a notebook page, in the reader's language and saying so.

    ``guide_url`` is the translator's guide, or None to keep the sentence without its link.
    """
    title, text = strings(kind, locale)
    text = html.escape(text, quote=False)
    if guide_url is None:
        text = _LINK.sub(r"\1", text)
    else:
        text = _LINK.sub(rf'<a href="{html.escape(guide_url)}">\1</a>', text)
    return (
        f'<div class="admonition {_CLASS[kind]} translation-{kind}" lang="{locale}">'
        f'<p class="admonition-title">{html.escape(title)}</p><p>{text}</p></div>'
    )


def insert_after_title(markdown: str, block: str) -> str:
    """Put ``block`` after the page's first-level heading, or first if it has none."""
    match = _H1.search(markdown)
    if match is None:
        return f"{block}\n{markdown}"
    end = match.end()
    return f"{markdown[:end]}\n\n{block}\n{markdown[end:].lstrip(chr(10))}"


def _reader(config: Any) -> str | None:
    """Return the locale being built, or ``None`` for the source (default) language's build."""
    locale = languages.locale(config)
    return None if locale == languages.default(config) else locale


def _folders(config: Any, locale: str) -> tuple[Path, Path]:
    """Return the English folder and ``locale``'s folder of the docs."""
    docs = Path(config.docs_dir).resolve()
    return docs / languages.default(config), docs / locale


def fallback_locale(page: Any, config: Any) -> str | None:
    """Return the reader's locale if ``page`` is an English page filling in for it."""
    locale = _reader(config)
    if locale is None or not page.file.abs_src_path:
        return None
    english, _ = _folders(config, locale)
    return locale if Path(page.file.abs_src_path).resolve().is_relative_to(english) else None


def markdown_note(markdown: str, page: Any, config: Any) -> str:
    """Add the fallback or the outdated banner to a Markdown page of a non-English build."""
    locale = _reader(config)
    if locale is None or not str(page.file.abs_src_path or "").endswith(".md"):
        return markdown
    source = Path(page.file.abs_src_path).resolve()
    english_root, locale_root = _folders(config, locale)
    if source.is_relative_to(english_root):
        rel = source.relative_to(english_root).as_posix()
        guide = (locale_root / GUIDE).is_file() or (english_root / GUIDE).is_file()
        return insert_after_title(markdown, banner("fallback", locale, rel, guide))
    if not source.is_relative_to(locale_root):
        return markdown
    rel = source.relative_to(locale_root).as_posix()
    english = english_root / rel
    if english.is_file() and translations.outdated_reason(page.meta, english):
        guide = (locale_root / GUIDE).is_file() or (english_root / GUIDE).is_file()
        return insert_after_title(markdown, banner("outdated", locale, rel, guide))
    return markdown


def outdated_notebook_locale(page: Any, config: Any) -> str | None:
    """Return the reader's locale if ``page`` is its own notebook, recorded against old English.

    The record is in the notebook's metadata, read as the report reads it.
    """
    locale = _reader(config)
    src = str(page.file.abs_src_path or "")
    if locale is None or not translations.is_notebook(src):
        return None
    notebook = Path(src).resolve()
    english_root, locale_root = _folders(config, locale)
    if not notebook.is_relative_to(locale_root):
        return None
    english = english_root / notebook.relative_to(locale_root)
    if english.is_file() and translations.notebook_outdated_reason(notebook, english):
        return locale
    return None


def _guide_url(page: Any, files: Files, locale: str) -> str | None:
    """Return the URL of the reader's translator's guide relative to ``page``, if it is built."""
    guide = next(
        (
            file
            for file in files.documentation_pages()
            if file.src_uri.endswith(f"/{GUIDE}") and file.dest_uri.startswith(f"{locale}/")
        ),
        None,
    )
    return guide.url_relative_to(page.file) if guide else None


def mark_notes(html_text: str, page: Any, config: Any, files: Files) -> str:
    """Mark a Markdown page's note as the reader's language; add a notebook page's note.

    The article around a fallback note is English, hence the note's ``lang``.
    """
    if str(page.file.abs_src_path).endswith(".md"):
        reader = _reader(config)
        if reader is None:
            return html_text
        for kind, css in _CLASS.items():  # markdown_note added at most one of them
            opening = f'<div class="admonition {css} translation-{kind}"'
            html_text = html_text.replace(f"{opening}>", f'{opening} lang="{reader}">', 1)
        return html_text
    locale = fallback_locale(page, config)
    kind = "fallback"
    if locale is None:
        locale, kind = outdated_notebook_locale(page, config), "outdated"
    if locale is None:
        return html_text
    note = banner_html(kind, locale, _guide_url(page, files, locale))
    heading = re.search(r"</h1>", html_text)
    if heading is None:
        return note + html_text
    return html_text[: heading.end()] + note + html_text[heading.end() :]


def english_article(output: str, page: Any, config: Any) -> str:
    """Mark the article of a fallback page English; the page around it stays the reader's."""
    if fallback_locale(page, config) is None:
        return output
    return output.replace(_ARTICLE, _ARTICLE[:-1] + ' lang="en">', 1)
