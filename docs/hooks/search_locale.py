"""Give every locale its own search index, so readers only find pages in their language.

static-i18n merges all languages into one ``search/search_index.json``. Material's search
loads ``search/search_index.json`` relative to ``base`` in the page's ``__config`` and
resolves result locations against the same ``base``. After the last language is built,
``on_post_build`` splits the merged index into ``<locale>/search/search_index.json``
(locations relative to the locale's folder, ``lang`` narrowed to that locale), and
``on_post_page`` points ``base`` of every page of a non-default locale at its folder.

The pipeline keeps Material's default (stop words, no stemmer): Material turns every query
term into a prefix query, which lunr does not stem, so a stemmed index would stop matching
whole words (``gevoeligheid`` against the stem ``gevoel``). Prefixes find inflected forms.

Readers type without diacritics ("duyarlilik", "Sensitivitat", "differentiele"), and lunr
matches tokens exactly. Material indexes every field named in the index's ``config.fields``
and shows only ``title`` and ``text``, so ``add_folded_fields`` adds two hidden fields with the
folded form of each word that has diacritics: a folded query finds the page while previews
and highlighting keep the original text, and queries with diacritics match as before.

``localise_base`` edits one JSON value, not the page's markup, so it stays a narrow pattern
on the ``__config`` script. The alternatives cost more: parsing each page with BeautifulSoup
only to find that script took 4.5 s for the 95 pages of a build (measured), and a template
override of Material's ``config`` block would copy its hashed search-worker file name, which
changes with every Material release. ``docs/hooks/chrome.py`` uses it for the 404 pages.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Any

from jinja2.utils import htmlsafe_json_dumps
from mkdocs.plugins import event_priority

INDEX = Path("search") / "search_index.json"
_CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.DOTALL)
_TAG = re.compile(r"<[^>]*>")
# Letters that NFD does not decompose but readers type without their marks: Turkish dotless
# ı and dotted İ (which lower-cases to i + U+0307), German ß, and a few other Latin letters.
_EXPLICIT = str.maketrans(
    {"ı": "i", "İ": "i", "ß": "ss", "ẞ": "ss", "ø": "o", "Ø": "o", "ł": "l", "Ł": "l"}
)
# Hidden search fields holding folded words, each weighted like the field it folds.
FOLDED = {"title": "folded_title", "text": "folded_text"}


def _i18n(config: Any) -> Any:
    return config.plugins.get("i18n")


def _locale(location: str, locales: set[str]) -> str | None:
    """Return the locale folder a search entry points into; None for the default language."""
    head = location.split("/", 1)[0]
    return head if head in locales else None


def fold(word: str) -> str:
    """Lower-case ``word`` and drop its diacritics: ``Duyarlılık`` -> ``duyarlilik``."""
    decomposed = unicodedata.normalize("NFD", word.translate(_EXPLICIT))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    # NFC again: Hangul decomposes into jamo, which are not marks and must recombine.
    return unicodedata.normalize("NFC", bare).lower()


def folded_words(html: str, separator: str) -> str:
    """Return the folded forms of the words of ``html`` that have diacritics, once each.

    Words are split like Material's worker splits them (markup dropped, then ``separator``), so
    each folded form is exactly the folded token a reader's query is compared with.
    """
    pattern = re.compile(separator)
    seen: dict[str, None] = {}
    for part in _TAG.split(html):
        for word in pattern.split(part):
            if word.isascii():  # nothing to fold (and most words): fold(word) == word.lower()
                continue
            folded = fold(word)
            if folded != word.lower():
                seen.setdefault(folded)
    return " ".join(seen)


def add_folded_fields(index: dict[str, Any]) -> dict[str, Any]:
    """Return ``index`` with folded fields in its config and in the documents that need them."""
    config = dict(index["config"])
    fields = dict(config["fields"])
    for field, hidden in FOLDED.items():
        fields[hidden] = dict(fields.get(field, {"boost": 1.0}))
    config["fields"] = fields
    separator = config["separator"]
    docs = []
    for doc in index["docs"]:
        extra = {
            hidden: folded_words(doc.get(field, ""), separator) for field, hidden in FOLDED.items()
        }
        docs.append({**doc, **{k: v for k, v in extra.items() if v}})
    return {**index, "config": config, "docs": docs}


def split_index(data: dict[str, Any], default: str, locales: list[str]) -> dict[str, Any]:
    """Split a merged index into one index per locale, keyed by locale, with local locations.

    Each index names its locale's language for Material's search (the language, not the
    region: ``pt`` for ``pt-BR``) when the search plugin lists it, else the default's: a
    language Material's search does not know would make the reader's browser ask for a script
    that does not exist.
    """
    others = set(locales) - {default}
    indexes: dict[str, dict[str, Any]] = {}
    for locale in [default, *sorted(others)]:
        config = dict(data["config"])
        base = locale.split("-")[0]
        config["lang"] = [base if base in data["config"]["lang"] else default]
        indexes[locale] = {"config": config, "docs": []}
    for entry in data["docs"]:
        folder = _locale(entry["location"], others)
        if folder is None:
            indexes[default]["docs"].append(entry)
        else:
            local = entry["location"][len(folder) + 1 :]
            indexes[folder]["docs"].append({**entry, "location": local})
    return indexes


def localise_base(html: str, locale: str) -> str:
    """Point ``base`` in the page's ``__config`` at the locale's folder."""

    def replace(match: re.Match[str]) -> str:
        config = json.loads(match[2])
        config["base"] = config["base"].rstrip("/") + f"/{locale}/"
        return match[1] + str(htmlsafe_json_dumps(config, sort_keys=True)) + match[3]

    return _CONFIG.sub(replace, html, count=1)


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Let pages of a non-default locale load (and link) their locale's search index."""
    i18n = _i18n(config)
    if i18n is None or i18n.current_language == i18n.default_language:
        return output
    return localise_base(output, i18n.current_language)


@event_priority(-150)  # after static-i18n (-100) has written the merged index
def on_post_build(config: Any) -> None:
    """After the last language: write one index per locale, the default one at the root."""
    i18n = _i18n(config)
    path = Path(config.site_dir) / INDEX
    if i18n is None or i18n.building or not path.is_file():
        return
    data = json.loads(path.read_text(encoding="utf-8"))
    indexes = split_index(data, i18n.default_language, list(i18n.build_languages))
    for locale, index in indexes.items():
        target = path if locale == i18n.default_language else Path(config.site_dir) / locale / INDEX
        target.parent.mkdir(parents=True, exist_ok=True)
        # UTF-8 rather than \u escapes: the Chinese index shrinks by half, and parses faster.
        text = json.dumps(add_folded_fields(index), separators=(",", ":"), ensure_ascii=False)
        target.write_text(text, encoding="utf-8")
