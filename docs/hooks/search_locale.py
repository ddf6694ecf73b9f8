"""Give every locale its own search index, so readers only find pages in their language.

static-i18n merges all languages into one ``search/search_index.json`` (its issue #271: the
themes load one index from a fixed path). Material's search
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
and highlighting keep the original text, and queries with diacritics match as before. The
functions are in ``dpsite/search_index.py``.

``localise_base`` edits one JSON value, not the page's markup, so it stays a narrow pattern
on the ``__config`` script. The alternatives cost more: parsing each page with BeautifulSoup
only to find that script took 4.5 s for the 95 pages of a build (measured), and a template
override of Material's ``config`` block would copy its hashed search-worker file name, which
changes with every Material release. docs/hooks/chrome.py uses it for the 404 pages.

Material's search cuts Chinese into words with jieba, which loads its dictionary once per
build (about a second) and says so on stderr: ``on_config`` sets its logger to warnings.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

from dpsite import languages
from dpsite.search_index import add_folded_fields, localise_base, split_index

INDEX = Path("search") / "search_index.json"


def on_config(config: Any) -> Any:
    """Quiet jieba: Material's search cuts Chinese with it, and it logs loading its dictionary."""
    logging.getLogger("jieba").setLevel(logging.WARNING)
    return config


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Let pages of a non-default locale load (and link) their locale's search index."""
    locale = languages.locale(config)
    if languages.plugin(config) is None or locale == languages.default(config):
        return output
    return localise_base(output, locale)


@event_priority(languages.AFTER_I18N)  # after static-i18n has written the merged index
def on_post_build(config: Any) -> None:
    """After the last language: write one index per locale, the default one at the root."""
    path = Path(config.site_dir) / INDEX
    if languages.plugin(config) is None or not languages.all_built(config) or not path.is_file():
        return
    default = languages.default(config)
    data = json.loads(path.read_text(encoding="utf-8"))
    indexes = split_index(data, default, languages.built(config))
    for locale, index in indexes.items():
        target = path if locale == default else Path(config.site_dir) / locale / INDEX
        target.parent.mkdir(parents=True, exist_ok=True)
        # UTF-8 rather than \u escapes: the Chinese index shrinks by half, and parses faster.
        text = json.dumps(add_folded_fields(index), separators=(",", ":"), ensure_ascii=False)
        target.write_text(text, encoding="utf-8")
