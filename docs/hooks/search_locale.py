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
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from jinja2.utils import htmlsafe_json_dumps
from mkdocs.plugins import event_priority

INDEX = Path("search") / "search_index.json"
_CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.DOTALL)


def _i18n(config: Any) -> Any:
    return config.plugins.get("i18n")


def _locale(location: str, locales: set[str]) -> str | None:
    """Return the locale folder a search entry points into; None for the default language."""
    head = location.split("/", 1)[0]
    return head if head in locales else None


def split_index(data: dict[str, Any], default: str, locales: list[str]) -> dict[str, Any]:
    """Split a merged index into one index per locale, keyed by locale, with local locations."""
    others = set(locales) - {default}
    indexes: dict[str, dict[str, Any]] = {}
    for locale in [default, *sorted(others)]:
        config = dict(data["config"])
        config["lang"] = [locale]
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
        text = json.dumps(index, separators=(",", ":"), ensure_ascii=False)
        target.write_text(text, encoding="utf-8")
