"""Tell readers when a page falls back to English or when its translation may be out of date.

Fallback pages and notebooks come from static-i18n: in another locale's build their source lies
under the English folder. They get a note in the reader's language, and their content is marked
``lang="en"`` (the ``<article>``) while ``<html lang>``, the menus and the note keep the reader's
language, so screen readers pronounce each part in its own language (WCAG 3.1.2). Outdated
pages and notebooks record an English revision (``source.sha256``: the front matter of a page,
the notebook metadata of a notebook) that no longer matches the English file, as the report
(``docs/hooks/l10n``) says; ``mark`` clears it. Notebooks skip the Markdown stage, so their notes
are written as HTML in ``on_page_content``. The strings are the ``banners`` section of each
language's settings file (``dplesson/locales/<code>.yml``); this hook also sets the language's
``site_description`` from that file and fails a build whose ``mkdocs.yml`` languages disagree
with the settings files.
"""

from __future__ import annotations

import html
import posixpath
import re
from functools import cache
from pathlib import Path
from typing import Any

import l10n as translations
import locale_settings
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files

GUIDE = "translate.md"
_H1 = re.compile(r"^#[ \t]+\S.*$", re.MULTILINE)
_LINK = re.compile(r"\[([^\]]+)\]\(\{link\}\)")
_ARTICLE = '<article class="md-content__inner md-typeset">'
#: The admonition type of each note: information for a fallback, a warning for an outdated page.
_CLASS = {"fallback": "info", "outdated": "warning"}


@cache
def _project(config_file: str, modified: float) -> translations.Project:
    """Read the locales once per version of mkdocs.yml (``mkdocs serve`` reloads it)."""
    return translations.load_project(Path(config_file))


def _locale(config: Any) -> str | None:
    i18n = config.plugins.get("i18n")
    locale = getattr(i18n, "current_language", None) or config.theme.get("language")
    return str(locale) if locale else None


def strings(kind: str, locale: str) -> tuple[str, str]:
    """Title and text (with a ``{link}`` to the guide) of the ``fallback``/``outdated`` note."""
    banners = locale_settings.section(locale, "banners")
    return str(banners[f"{kind}_title"]), str(banners[f"{kind}_text"])


#: Title and text of each note per declared locale (read-only views of the settings files).
FALLBACK = {code: strings("fallback", code) for code in locale_settings.locales()}
OUTDATED = {code: strings("outdated", code) for code in locale_settings.locales()}


def banner(kind: str, locale: str, page: str, guide_exists: bool) -> str:
    """Write the Markdown admonition of one banner for ``page`` (relative to its locale)."""
    title, text = strings(kind, locale)
    link = posixpath.relpath(GUIDE, posixpath.dirname(page) or ".")
    if not guide_exists:  # keep the sentence, drop the link
        text = _LINK.sub(r"\1", text)
    body = text.format(link=link)
    return f'!!! {_CLASS[kind]} translation-{kind} "{title}"\n    {body}\n'


def banner_html(kind: str, locale: str, guide_url: str | None) -> str:
    """Write the ``fallback``/``outdated`` note as HTML, for notebook pages (no Markdown stage).

    The note is in the reader's language and says so (``lang``), as the Markdown one does once
    ``on_page_content`` has marked it; ``guide_url`` is the translator's guide, or None to keep
    the sentence without its link.
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


def fallback_locale(page: Any, config: Any) -> str | None:
    """Return the reader's locale if ``page`` is an English page filling in for it."""
    project = _project(config.config_file_path, Path(config.config_file_path).stat().st_mtime)
    locale = _locale(config)
    if not locale or locale == project.source or not page.file.abs_src_path:
        return None
    source = Path(page.file.abs_src_path).resolve()
    return locale if source.is_relative_to(project.docs / project.source) else None


@event_priority(-150)  # after static-i18n has applied (and reset) the language's config
def on_config(config: Any) -> Any:
    """Check mkdocs.yml's languages against the settings files; set the site description."""
    i18n = config.plugins.get("i18n")
    if i18n is not None:
        locale_settings.check_mkdocs(list(i18n.config.languages))
    locale = _locale(config) or locale_settings.SOURCE
    config.site_description = locale_settings.setting(locale, "site_description")
    return config


def on_page_markdown(markdown: str, *, page: Any, config: Any, **_: Any) -> str:
    """Add the fallback or the outdated banner to pages of non-English builds."""
    config_file = Path(config.config_file_path)
    project = _project(str(config_file), config_file.stat().st_mtime)
    locale = _locale(config)
    if not locale or locale == project.source:
        return markdown
    if not str(page.file.abs_src_path or "").endswith(".md"):  # notebooks: on_page_content
        return markdown
    source = Path(page.file.abs_src_path).resolve()
    english_root = project.docs / project.source
    if source.is_relative_to(english_root):
        rel = source.relative_to(english_root).as_posix()
        guide = (project.docs / locale / GUIDE).is_file() or (english_root / GUIDE).is_file()
        return insert_after_title(markdown, banner("fallback", locale, rel, guide))
    locale_root = project.docs / locale
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

    The record lives in the notebook metadata (``page.meta`` does not hold it), so the file is
    read with :func:`l10n.notebook_outdated_reason`, which the report uses too.
    """
    project = _project(config.config_file_path, Path(config.config_file_path).stat().st_mtime)
    locale = _locale(config)
    src = str(page.file.abs_src_path or "")
    if not locale or locale == project.source or not translations.is_notebook(src):
        return None
    notebook = Path(src).resolve()
    locale_root = project.docs / locale
    if not notebook.is_relative_to(locale_root):
        return None
    english = project.docs / project.source / notebook.relative_to(locale_root)
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


@event_priority(-100)  # after docs/hooks/notebooks.py has slimmed the notebook's HTML
def on_page_content(html_text: str, *, page: Any, config: Any, files: Files) -> str:
    """Mark a page's note as the reader's language; add the notes to notebook pages.

    The notes of a Markdown page come from ``on_page_markdown``; they get ``lang`` here, since
    the article around a fallback note is English.

    A notebook gets the fallback note when it is English filling in for the reader's
    language, and the outdated note when it is the reader's own notebook recorded against an
    English notebook that has changed since.
    """
    if str(page.file.abs_src_path).endswith(".md"):
        reader = _locale(config)
        if not reader or reader == locale_settings.SOURCE:
            return html_text
        for kind, css in _CLASS.items():  # on_page_markdown added at most one of them
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


def on_post_page(output: str, *, page: Any, config: Any) -> str:
    """Mark the article of a fallback page English; the page around it stays the reader's."""
    if fallback_locale(page, config) is None:
        return output
    return output.replace(_ARTICLE, _ARTICLE[:-1] + ' lang="en">', 1)
