"""Which language this build is, and whether it is a build's first or every language is built.

static-i18n builds the default language, then, from that build's ``on_post_build`` (priority
-100), every other language as one more full MkDocs build in the same process: each hook
sees every event once per language. ``first`` tells a build's first language (in
``on_config``); ``all_built`` tells, in an ``on_post_build`` handler of priority
``AFTER_I18N``, that every language is built. Without static-i18n there is one language.
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
    i18n = plugin(config)
    if i18n is None:
        return str((getattr(config, "theme", None) or {}).get("language") or SOURCE)
    return str(i18n.current_language or i18n.default_language)


def default(config: Any) -> str:
    """Return the locale written at the site root."""
    i18n = plugin(config)
    return str(i18n.default_language) if i18n is not None else locale(config)


def built(config: Any) -> list[str]:
    """Return the locales this build makes, default first."""
    i18n = plugin(config)
    return list(i18n.build_languages) if i18n is not None else [locale(config)]


def page_locale(page: Any, config: Any) -> str:
    """Return the language of the page's own file: English for a page that fills in."""
    return str(getattr(page.file, "locale", None) or locale(config))


def first(config: Any) -> bool:
    """Say, in ``on_config``, whether a new build starts (its first language)."""
    i18n = plugin(config)
    return i18n is None or not i18n.building


def all_built(config: Any) -> bool:
    """Say, in ``on_post_build`` at priority ``AFTER_I18N``, whether every language is built."""
    return first(config)


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


def check_mkdocs(languages: list[Any]) -> None:
    """Raise ``ValueError`` unless static-i18n's language entries match the settings files."""
    listed = {str(entry["locale"]): str(entry["name"]) for entry in languages}
    declared = set(locales())
    problems = []
    if only := sorted(set(listed) - declared):
        problems.append(f"in mkdocs.yml but with no settings file {SETTINGS}/<code>.yml: {only}")
    if only := sorted(declared - set(listed)):
        problems.append(f"with a settings file but not in mkdocs.yml's i18n languages: {only}")
    for code in sorted(set(listed) & declared):
        if listed[code] != name(code):
            problems.append(
                f"{code}: mkdocs.yml names it {listed[code]!r}, {code}.yml {name(code)!r}"
            )
    if problems:
        raise ValueError(
            "languages of mkdocs.yml and the settings files disagree: "
            + "; ".join(problems)
            + " (python3 noxfile.py -s translations -- new <code> <name> adds both)"
        )
