"""Tell readers when a page falls back to English or when its translation may be out of date.

Fallback pages come from static-i18n: in another locale's build their source lies under the
English folder. Outdated pages record an English revision (``source.sha256``) that no longer
matches the English file, as ``docs/hooks/translations.py`` reports.
"""

from __future__ import annotations

import posixpath
import re
from functools import cache
from pathlib import Path
from typing import Any

import translations

# Title and text of each banner per locale; "{link}" is the translator's guide. Locales
# without an entry (a language being added) get the English strings.
FALLBACK = {
    "en": (
        "Not translated yet",
        "This page is not available in your language yet, so you are reading the English "
        "original. [Help translate it]({link}).",
    ),
    "nl": (
        "Nog niet vertaald",
        "Deze pagina is nog niet in het Nederlands beschikbaar; je leest de Engelse versie. "
        "[Help mee met vertalen]({link}).",
    ),
    "de": (
        "Noch nicht übersetzt",
        "Diese Seite gibt es noch nicht auf Deutsch, deshalb liest du das englische Original. "
        "[Hilf beim Übersetzen]({link}).",
    ),
    "tr": (
        "Henüz çevrilmedi",
        "Bu sayfa henüz Türkçeye çevrilmedi; şu an İngilizce aslını okuyorsun. "
        "[Çeviriye yardım et]({link}).",
    ),
    "zh": (
        "尚未翻译",
        "本页还没有中文译文，下面是英文原文。[欢迎帮助翻译]({link})。",
    ),
}
OUTDATED = {
    "en": (
        "Translation may be out of date",
        "The English original of this page has changed since this translation was last "
        "checked, so some passages may be out of date. [Help update it]({link}).",
    ),
    "nl": (
        "Vertaling mogelijk verouderd",
        "De Engelse versie van deze pagina is gewijzigd sinds deze vertaling voor het laatst "
        "is nagekeken. Sommige passages kunnen verouderd zijn. "
        "[Help de vertaling bij te werken]({link}).",
    ),
    "de": (
        "Übersetzung möglicherweise veraltet",
        "Das englische Original dieser Seite hat sich geändert, seit diese Übersetzung "
        "zuletzt geprüft wurde. Einzelne Abschnitte können veraltet sein. "
        "[Hilf beim Aktualisieren]({link}).",
    ),
    "tr": (
        "Çeviri güncel olmayabilir",
        "Bu sayfanın İngilizce aslı, çevirinin son kontrolünden bu yana değişti; bazı "
        "bölümler güncel olmayabilir. [Çeviriyi güncellemeye yardım et]({link}).",
    ),
    "zh": (
        "译文可能已过时",
        "自本译文上次核对以来，本页的英文原文已有改动，部分内容可能已经过时。"
        "[欢迎帮助更新译文]({link})。",
    ),
}
GUIDE = "translate.md"
_H1 = re.compile(r"^#[ \t]+\S.*$", re.MULTILINE)


@cache
def _project(config_file: str, modified: float) -> translations.Project:
    """Read the locales once per version of mkdocs.yml (``mkdocs serve`` reloads it)."""
    return translations.load_project(Path(config_file))


def banner(kind: str, locale: str, page: str, guide_exists: bool) -> str:
    """Write the Markdown admonition of one banner for ``page`` (relative to its locale)."""
    strings = FALLBACK if kind == "fallback" else OUTDATED
    title, text = strings.get(locale, strings["en"])
    link = posixpath.relpath(GUIDE, posixpath.dirname(page) or ".")
    if not guide_exists:  # keep the sentence, drop the link
        text = re.sub(r"\[([^\]]+)\]\(\{link\}\)", r"\1", text)
    kind_class = "info" if kind == "fallback" else "warning"
    body = text.format(link=link)
    return f'!!! {kind_class} translation-{kind} "{title}"\n    {body}\n'


def insert_after_title(markdown: str, block: str) -> str:
    """Put ``block`` after the page's first-level heading, or first if it has none."""
    match = _H1.search(markdown)
    if match is None:
        return f"{block}\n{markdown}"
    end = match.end()
    return f"{markdown[:end]}\n\n{block}\n{markdown[end:].lstrip(chr(10))}"


def on_page_markdown(markdown: str, *, page: Any, config: Any, **_: Any) -> str:
    """Add the fallback or the outdated banner to pages of non-English builds."""
    config_file = Path(config.config_file_path)
    project = _project(str(config_file), config_file.stat().st_mtime)
    i18n = config.plugins.get("i18n")
    locale = getattr(i18n, "current_language", None) or config.theme.get("language")
    if not locale or locale == project.source:
        return markdown
    if not str(page.file.abs_src_path or "").endswith(".md"):  # notebooks, generated pages
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
