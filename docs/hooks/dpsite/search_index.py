"""One search index per locale, with folded words (docs/hooks/search_locale.py uses these).

``split_index`` splits static-i18n's merged index per locale, ``localise_base`` points a
page's search at its locale's folder (the 404 pages' too), and ``add_folded_fields`` adds
the folded forms of words with diacritics.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from jinja2.utils import htmlsafe_json_dumps

_CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.DOTALL)
_TAG = re.compile(r"<[^>]*>")
# Letters that NFD does not decompose but readers type without their marks: Turkish dotless
# ı and dotted İ (which lower-cases to i + U+0307), German ß, and a few other Latin letters.
_EXPLICIT = str.maketrans(
    {"ı": "i", "İ": "i", "ß": "ss", "ẞ": "ss", "ø": "o", "Ø": "o", "ł": "l", "Ł": "l"}
)
# Hidden search fields holding folded words, each weighted like the field it folds.
FOLDED = {"title": "folded_title", "text": "folded_text"}


def fold(word: str) -> str:
    """Lower-case ``word`` and drop its diacritics: ``Duyarlılık`` -> ``duyarlilik``."""
    decomposed = unicodedata.normalize("NFD", word.translate(_EXPLICIT))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    # NFC again: Hangul decomposes into jamo, which are not marks and must recombine.
    return unicodedata.normalize("NFC", bare).lower()


def folded_words(html: str, separator: str) -> str:
    """Return the folded forms of ``html``'s words with diacritics, split as Material splits."""
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
    """Split a merged index into one index per locale, keyed by locale, with local locations."""
    others = set(locales) - {default}
    indexes: dict[str, dict[str, Any]] = {}
    for locale in [default, *sorted(others)]:
        config = dict(data["config"])
        config["lang"] = [locale]
        indexes[locale] = {"config": config, "docs": []}
    for entry in data["docs"]:
        folder = entry["location"].split("/", 1)[0]  # the locale folder it points into, if any
        if folder in others:
            indexes[folder]["docs"].append(
                {**entry, "location": entry["location"][len(folder) + 1 :]}
            )
        else:
            indexes[default]["docs"].append(entry)
    return indexes


def localise_base(html: str, locale: str) -> str:
    """Point ``base`` in the page's ``__config`` at the locale's folder."""

    def replace(match: re.Match[str]) -> str:
        config = json.loads(match[2])
        config["base"] = config["base"].rstrip("/") + f"/{locale}/"
        return match[1] + str(htmlsafe_json_dumps(config, sort_keys=True)) + match[3]

    return _CONFIG.sub(replace, html, count=1)
