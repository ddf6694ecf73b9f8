"""One search index per locale, so readers find pages in their own language only.

static-i18n merges all languages into one ``search/search_index.json`` (its issue #271):
after the last language ``on_post_build`` splits it into ``<locale>/search/``, and pages and
404 pages point ``base`` in their ``__config`` there (one JSON value edited; parsing each page
took 4.5 s). Hidden fields hold words without diacritics, as readers type them
(``add_folded_fields``): every word of the titles, and the names (capitalised words) of the
text; all the text's words would cost Turkish pages 25 KB of gzip in the index each loads.
Material cuts Chinese with jieba: loading this hook quiets its log.
``mend_segmenter`` fixes the worker's cut of Chinese queries (see :data:`SEGMENTER`).
"""

from __future__ import annotations

import json
import logging
import re
import unicodedata
from importlib import metadata
from pathlib import Path
from typing import Any

from jinja2.utils import htmlsafe_json_dumps
from mkdocs.plugins import event_priority

from dpsite import languages

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
# Material's search worker drops the last word of a Chinese query (隐私预算 searches 隐私 only):
# its segment() (src/templates/assets/javascripts/integrations/search/query/segment) tries
# only slices ending before the query's end. Not filed upstream yet (text: CONTRIBUTING). Mended in
# the built worker for this version only; tests/test_search_locale.py fails once it differs.
SEGMENTER = ("9.8.1", "for(let o=s+1;o<t.length;o++)t.slice(s,o)in e", "o<t.length", "o<=t.length")
# Material's search cuts Chinese with jieba, which logs loading its dictionary: quiet it.
logging.getLogger("jieba").setLevel(logging.WARNING)


def mend_segmenter(site: Path) -> bool:
    """Let the worker's Chinese query cut end at the query's end; False if the guard trips."""
    version, loop, old, new = SEGMENTER
    workers = list((site / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
    if metadata.version("mkdocs-material") != version or len(workers) != 1:
        return False
    text = workers[0].read_text("utf-8")
    if text.count(loop) == 1:
        workers[0].write_text(text.replace(loop, loop.replace(old, new)), "utf-8")
    return loop.replace(old, new) in workers[0].read_text("utf-8")


def fold(word: str) -> str:
    """Lower-case ``word`` and drop its diacritics: ``Duyarlılık`` -> ``duyarlilik``."""
    decomposed = unicodedata.normalize("NFD", word.translate(_EXPLICIT))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    # NFC again: Hangul decomposes into jamo, which are not marks and must recombine.
    return unicodedata.normalize("NFC", bare).lower()


def folded_words(html: str, separator: str, names_only: bool = False) -> str:
    """Fold ``html``'s words with diacritics (``names_only``: capitalised), split as Material."""
    pattern = re.compile(separator)
    seen: dict[str, None] = {}
    for part in _TAG.split(html):
        for word in pattern.split(part):
            if word.isascii() or (names_only and not word[:1].isupper()):
                continue  # nothing to fold (and most words): fold(word) == word.lower()
            folded = fold(word)
            if folded != word.lower():
                seen.setdefault(folded)
    return " ".join(seen)


def add_folded_fields(index: dict[str, Any]) -> dict[str, Any]:
    """Return ``index`` with folded fields in its config and in the documents that need them."""
    fields = index["config"]["fields"]
    hidden = {h: dict(fields.get(f, {"boost": 1.0})) for f, h in FOLDED.items()}
    config = {**index["config"], "fields": {**fields, **hidden}}
    docs = []
    for doc in index["docs"]:
        extra = {
            h: folded_words(doc.get(f, ""), config["separator"], f == "text")
            for f, h in FOLDED.items()
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
        folder, _, rest = entry["location"].partition("/")  # the locale folder, if any
        if folder in others:
            entry = {**entry, "location": rest}
        indexes[folder if folder in others else default]["docs"].append(entry)
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
    locale = languages.locale(config)
    if languages.plugin(config) is None or locale == languages.default(config):
        return output
    return localise_base(output, locale)


@event_priority(languages.AFTER_I18N)  # after static-i18n has written the merged index
def on_post_build(config: Any) -> None:
    """After the last language: one index per locale; the 404 pages search their own."""
    site, default = Path(config.site_dir), languages.default(config)
    if languages.plugin(config) is None or not languages.all_built(config):
        return
    for locale in languages.built(config):
        page = site / locale / "404.html"
        if locale != default and page.is_file():
            page.write_text(localise_base(page.read_text("utf-8"), locale), encoding="utf-8")
    mend_segmenter(site)
    if not (site / INDEX).is_file():
        return
    data = json.loads((site / INDEX).read_text(encoding="utf-8"))
    for locale, index in split_index(data, default, languages.built(config)).items():
        target = site / INDEX if locale == default else site / locale / INDEX
        target.parent.mkdir(parents=True, exist_ok=True)
        # UTF-8 rather than \u escapes: the Chinese index shrinks by half, and parses faster.
        text = json.dumps(add_folded_fields(index), separators=(",", ":"), ensure_ascii=False)
        target.write_text(text, encoding="utf-8")
