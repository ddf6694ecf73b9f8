"""Put the site's chrome in the reader's language: name, footer, toggles, menus and 404 page.

The strings live in the ``chrome`` section of ``dplesson/locales/<locale>.yml``; static-i18n builds
one locale after the other, so ``on_config`` sets this build's site name, copyright, palette
toggle names and heading permalink title (markdown options cannot be overridden per language
by static-i18n), and ``on_env`` hands the strings to the templates under ``overrides/``.

static-i18n writes every build's ``404.html`` to the site root, so the last locale's page won
there. ``on_post_template`` moves each translation's page to ``<locale>/404.html`` and keeps
the English one at the root. Without a ``site_url`` the 404 pages link relative to their own
folder (MkDocs would write root-relative links, wrong under a sub-folder).

The language menu links each language's home page relative to the page (static-i18n writes
``/nl/`` on home pages). ``on_post_build`` copies ``LICENSE`` into the site for the footer.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import locale_settings
import search_locale
from mkdocs.plugins import event_priority

LICENCE = "LICENSE.txt"
NOT_FOUND = "404.html"
_english_404: dict[str, str] = {}


def current_locale(config: Any) -> str:
    """Return the locale being built (static-i18n sets it before every build but the first)."""
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return str(config.theme.get("language") or locale_settings.SOURCE)
    return str(i18n.current_language or i18n.default_language)


def default_locale(config: Any) -> str:
    """Return the locale written at the site root."""
    i18n = config.plugins.get("i18n")
    return str(i18n.default_language) if i18n is not None else locale_settings.SOURCE


def strings(config: Any) -> dict[str, Any]:
    """Return the chrome strings of the locale being built."""
    return locale_settings.section(current_locale(config), "chrome")


def on_config(config: Any) -> Any:
    """Name the site and label the toggles and permalinks in this build's language."""
    chrome = strings(config)
    config.site_name = chrome["site_name"]
    config.copyright = chrome["copyright"]
    for option in config.theme.get("palette") or []:
        if option.get("toggle"):
            dark = option.get("scheme") == "slate"
            option["toggle"]["name"] = chrome["light_mode" if dark else "dark_mode"]
    toc = config.mdx_configs.setdefault("toc", {})
    if toc.get("permalink"):
        toc["permalink_title"] = chrome["permalink"]
    return config


def on_env(env: Any, config: Any, **_: Any) -> Any:
    """Give the templates the strings and the licence file's path from the site root."""
    env.globals["chrome"] = {**strings(config), "licence": LICENCE}
    return env


def site_root_link(link: str, config: Any) -> str:
    """``/dplesson/nl/`` or ``/nl/`` as a path from the site root (``nl/``), for ``| url``."""
    prefix = urlsplit(config.site_url or "").path or "/"
    if link.startswith(prefix):
        link = link[len(prefix) :]
    return link.lstrip("/") or "./"


@event_priority(-110)  # after static-i18n has set this page's alternates
def on_page_context(context: Any, page: Any, config: Any, **_: Any) -> Any:
    """Make the language menu's root-relative links (home pages) relative to the site root."""
    # static-i18n sets this page's copy as an attribute, which shadows the mapping's item.
    alternates = getattr(config.extra, "alternate", None) or config.extra.get("alternate")
    for alternate in alternates or []:
        alternate["link"] = site_root_link(alternate["link"], config)
    return context


def on_template_context(context: Any, template_name: str, config: Any) -> Any:
    """Point the 404 page's menu at each language's home and its links at its own folder."""
    if template_name != NOT_FOUND:
        return context
    i18n = config.plugins.get("i18n")
    languages = i18n.build_languages if i18n is not None else []
    default = default_locale(config)
    config.extra.alternate = [
        {
            "name": i18n.get_language_config(code).name,
            "lang": code,
            "link": "./" if code == default else f"{code}/",
        }
        for code in languages
    ]
    if not config.site_url:
        context["base_url"] = "." if current_locale(config) == default else ".."
    return context


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """Write a translation's 404 page into its folder; the root keeps the English one."""
    if template_name != NOT_FOUND:
        return output
    locale = current_locale(config)
    if locale == default_locale(config):
        _english_404["html"] = output
        return output
    target = Path(config.site_dir) / locale / NOT_FOUND
    target.parent.mkdir(parents=True, exist_ok=True)
    # Its search looks in the locale's own index, as on the locale's pages.
    target.write_text(search_locale.localise_base(output, locale), encoding="utf-8")
    return _english_404.get("html", output)


def on_post_build(config: Any) -> None:
    """Publish the licence next to the pages, where the footer links to it."""
    source = Path(config.config_file_path).parent / "LICENSE"
    if source.is_file():
        shutil.copyfile(source, Path(config.site_dir) / LICENCE)
