"""One search index per locale, so readers find pages in their own language only.

static-i18n merges all languages into one ``search/search_index.json`` (its issue #271).
After the last language, ``on_post_build`` splits it into ``<locale>/search/`` and
``on_post_page`` points ``base`` in each page's ``__config`` there (one JSON value edited:
parsing each page took 4.5 s, a template override would copy Material's hashed worker name).
Material's pipeline stays (every query term is a prefix, which lunr does not stem), and
``add_folded_fields`` adds hidden fields with each word's form without diacritics, as
readers type them; previews keep the original. Material cuts Chinese with jieba, which
announces its dictionary on stderr: ``on_config`` quiets it. The functions are in
``dpsite/search_index.py``.
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
