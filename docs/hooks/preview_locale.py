"""Build only one translation (plus the English source) when ``DPLESSON_LOCALE`` is set.

A translator previews a locale with ``python3 noxfile.py -s serve -- --locale nl``: the site
rebuilds in a fraction of the time, and missing pages still fall back to English.
"""

from __future__ import annotations

import os
from typing import Any

from mkdocs.exceptions import PluginError

VARIABLE = "DPLESSON_LOCALE"


def on_config(config: Any) -> Any:
    """Switch off the other locales' builds before static-i18n plans them."""
    wanted = os.environ.get(VARIABLE, "").strip()
    if not wanted:
        return config
    if "i18n" not in config.plugins:
        raise PluginError(f"{VARIABLE} needs the mkdocs-static-i18n plugin")
    languages = config.plugins["i18n"].config.languages
    known = [language.locale for language in languages]
    if wanted not in known:
        raise PluginError(f"{VARIABLE}={wanted!r} is not a configured locale; choose from {known}")
    for language in languages:
        language.build = language.default or language.locale == wanted
    return config
