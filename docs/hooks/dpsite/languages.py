"""Which language this build is, and whether it is a build's first or every language is built.

static-i18n builds the default language, then, from that build's ``on_post_build`` (priority
-100), every other language as one more full MkDocs build in the same process: each hook
sees every event once per language. ``first`` tells a build's first language (in
``on_config``) and, in an ``on_post_build`` handler of priority ``AFTER_I18N``, that every
language is built. Without static-i18n there is one language.
"""

from __future__ import annotations

from importlib.metadata import version
from typing import Any

from mkdocs.exceptions import PluginError

from dplesson.locales import SETTINGS, SOURCE, locales, name

#: After static-i18n's handlers (-100): its files, nav and alternates are made; in the default
#: language's ``on_post_build``, every language is built.
AFTER_I18N = -150
#: A priority above 0 runs before the plugins' handlers of the same event (hooks follow them).
BEFORE_PLUGINS = 100
#: static-i18n releases whose behaviour docs/hooks/notebooks.py and search_locale.py work
#: around: notebooks made plain files (issue #198, open) and one merged search index for every
#: language (issue #271, closed as a limitation of the themes).
TESTED_I18N = ("1.3.1",)


def plugin(config: Any) -> Any:
    """Return static-i18n's plugin, or ``None``."""
    return config.plugins.get("i18n")


def locale(config: Any) -> str:
    """Return the locale being built (static-i18n sets it in its ``on_config``)."""
    if (i18n := plugin(config)) is None:
        return str((getattr(config, "theme", None) or {}).get("language") or SOURCE)
    return str(i18n.current_language or i18n.default_language)


def default(config: Any) -> str:
    """Return the locale written at the site root."""
    return locale(config) if plugin(config) is None else str(plugin(config).default_language)


def built(config: Any) -> list[str]:
    """Return the locales this build makes, default first."""
    return [locale(config)] if plugin(config) is None else list(plugin(config).build_languages)


def page_locale(page: Any, config: Any) -> str:
    """Return the language of the page's own file: English for a page that fills in."""
    return str(getattr(page.file, "locale", None) or locale(config))


def first(config: Any) -> bool:
    """Say, in ``on_config``, whether a build starts: static-i18n is not in a nested build."""
    return plugin(config) is None or not plugin(config).building


#: Say, in ``on_post_build`` at priority ``AFTER_I18N``, whether every language is built.
all_built = first


def check_i18n() -> None:
    """Stop the build, naming #198 and #271, on a static-i18n the workarounds were not made for."""
    found = version("mkdocs-static-i18n")
    if found not in TESTED_I18N:
        raise PluginError(
            f"docs/hooks/notebooks.py and search_locale.py work around mkdocs-static-i18n issues "
            f"#198 (notebooks as pages) and #271 (one merged search index) as they are in "
            f"{' or '.join(TESTED_I18N)}; {found} is installed. Check both issues against it, "
            "then add it to TESTED_I18N in docs/hooks/dpsite/languages.py."
        )


def check_mkdocs(entries: list[Any]) -> None:
    """Raise ``ValueError`` unless static-i18n's language entries match the settings files."""
    listed = {str(entry["locale"]): str(entry["name"]) for entry in entries}
    declared = {code: name(code) for code in locales()}
    only = sorted(listed.items() - declared.items()), sorted(declared.items() - listed.items())
    if listed != declared:
        raise ValueError(
            f"the languages of mkdocs.yml, {only[0]}, and of the settings files "
            f"{SETTINGS}/<code>.yml, {only[1]}, disagree "
            "(python3 noxfile.py -s translations -- new <code> <name> adds both)"
        )
