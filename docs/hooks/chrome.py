"""The site around the pages: the languages built, the chrome in each, 404 pages, robots.txt.

``DPLESSON_LOCALE=nl`` (``serve -- --locale nl``) builds English and that translation only,
a translator's preview. The strings are ``chrome`` in ``dplesson/locales/<locale>.yml``.
static-i18n writes every language's ``404.html`` to the site root: a translation's moves to
its folder. A sitemap needs absolute URLs, so a build without a ``site_url`` has none.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from dplesson import locales
from dpsite import chapters, languages

LICENCE = "LICENSE.txt"
NOT_FOUND = "404.html"
#: The one translation a preview builds besides English (``serve -- --locale nl``).
PREVIEW = "DPLESSON_LOCALE"
SITEMAPS = ("sitemap.xml", "sitemap.xml.gz")
#: Attributes that hold ids of the page, and links to one (``href="#x"``, ``url(#x)``).
_ID_ATTRIBUTE = re.compile(r'(?<=\s)(id|for|aria-(?:labelledby|describedby|controls))="([^"]*)"')
_FRAGMENT = re.compile(r'(href="#|url\(#)(?=[^")])')
_english_404: dict[str, str] = {}


def preview(config: Any) -> None:
    """With ``DPLESSON_LOCALE`` set, switch off the other translations before static-i18n plans."""
    wanted = os.environ.get(PREVIEW, "").strip()
    if not wanted:
        return
    if languages.plugin(config) is None:
        raise PluginError(f"{PREVIEW} needs the mkdocs-static-i18n plugin")
    options = languages.plugin(config).config.languages
    known = [language.locale for language in options]
    if wanted not in known:
        raise PluginError(f"{PREVIEW}={wanted!r} is not a configured locale; choose from {known}")
    for language in options:
        language.build = language.default or language.locale == wanted


def on_config(config: Any) -> Any:
    """Build the languages asked for; name the site and label toggles and permalinks in each."""
    preview(config)
    if languages.plugin(config) is not None:
        languages.check_mkdocs(list(languages.plugin(config).config.languages))
    chrome = locales.section(languages.locale(config), "chrome")
    config.site_name, config.copyright = chrome["site_name"], chrome["copyright"]
    for option in config.theme.get("palette") or []:
        if option.get("toggle"):
            dark = option.get("scheme") == "slate"
            option["toggle"]["name"] = chrome["light_mode" if dark else "dark_mode"]
    toc = config.mdx_configs.setdefault("toc", {})
    if toc.get("permalink"):
        toc["permalink_title"] = chrome["permalink"]
    return config


def on_pre_build(config: Any) -> None:
    """Describe the site in the language (static-i18n's ``on_config`` resets the description)."""
    config.site_description = locales.setting(languages.locale(config), "site_description")


def on_env(env: Any, config: Any, **_: Any) -> Any:
    """Give the templates the strings, the licence's path and the sitemap's x-default locale.

    The theme's labels (``chrome.theme``, overrides/partials/language.html) are the language's
    own only: where it has none, Material's translation is better than English's.
    """
    locale = languages.locale(config)
    chrome = locales.section(locale, "chrome")
    theme = (locales.load(locale).get("chrome") or {}).get("theme") or {}
    source = languages.default(config)
    env.globals["chrome"] = {**chrome, "theme": theme, "licence": LICENCE, "source_locale": source}
    env.filters["print_chapter"] = print_chapter
    return env


def print_chapter(page: Any) -> str:
    """Return a chapter for the printable edition (overrides/print.html).

    Its ids get its name as a prefix, unique on the page; its headings go one level down,
    the first under the chapter's number.
    """
    name = page.file.src_uri.rsplit("/", 1)[-1].removesuffix(".md")
    html = _FRAGMENT.sub(rf"\g<1>{name}-", page.content)
    html = _ID_ATTRIBUTE.sub(lambda m: f'{m[1]}="{name}-{f" {name}-".join(m[2].split())}"', html)
    html = re.sub(r"<(/?)h([1-5])\b", lambda m: f"<{m[1]}h{int(m[2]) + 1}", html)
    number = chapters.NUMBERS.get(page.file.src_uri)
    html = re.sub(r"(<h2[^>]*>)", rf"\g<1>{number}. ", html, count=1) if number else html
    # An English page filling in for the reader's language is marked English, as on its page.
    return f'<div lang="en">{html}</div>' if "translation-fallback" in html else html


def site_root_link(link: str, config: Any) -> str:
    """``/dplesson/nl/`` or ``/nl/`` as a path from the site root (``nl/``), for ``| url``."""
    prefix = urlsplit(config.site_url or "").path or "/"
    return link.removeprefix(prefix).lstrip("/") or "./"


@event_priority(languages.AFTER_I18N)  # after static-i18n has set this page's alternates
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
    i18n = languages.plugin(config)
    default = languages.default(config)
    config.extra.alternate = [
        {
            "name": i18n.get_language_config(code).name,
            "lang": code,
            "link": "./" if code == default else f"{code}/",
        }
        for code in (languages.built(config) if i18n is not None else [])
    ]
    if not config.site_url:
        context["base_url"] = "." if languages.locale(config) == default else ".."
    return context


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """Write a translation's 404 page into its folder; the root keeps the English one."""
    if template_name != NOT_FOUND:
        return output
    locale = languages.locale(config)
    if locale == languages.default(config):
        _english_404["html"] = output
        return output
    target = Path(config.site_dir) / locale / NOT_FOUND
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(output, encoding="utf-8")  # docs/hooks/search_locale.py localises it
    return _english_404.get("html", output)


def robots_txt(site_url: str) -> str:
    """Return the ``robots.txt`` of a site at ``site_url`` (``""``: not published yet)."""
    lines = ["User-agent: *", "Allow: /"]
    if site_url:
        lines.append(f"Sitemap: {urljoin(site_url, SITEMAPS[0])}")
    return "\n".join(lines) + "\n"


def on_post_build(config: Any) -> None:
    """Publish the licence and ``robots.txt``; drop the sitemap without a ``site_url``."""
    site = Path(config.site_dir)
    source = Path(config.config_file_path).parent / "LICENSE"
    if source.is_file():
        shutil.copyfile(source, site / LICENCE)
    if not config.site_url:
        for name in SITEMAPS:
            (site / name).unlink(missing_ok=True)
    (site / "robots.txt").write_text(robots_txt(config.site_url or ""), encoding="utf-8")
