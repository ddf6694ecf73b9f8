"""Tell search engines about the translations: absolute ``hreflang`` links and robots.txt.

static-i18n points the ``<link rel="alternate" hreflang>`` tags of a page at the same page in
the other locales, relative to the page. Search engines (and Lighthouse) want absolute URLs,
and an ``x-default`` for readers of other languages: ``on_post_page`` rewrites them from
``site_url``. Material's script expects these links to be language roots and requests a
``sitemap.xml`` next to each, which 404s for pages and would leave the host for absolute
URLs; a tiny inline script, run before Material's, skips exactly those requests. The
language selector keeps its page-to-page links and works as before.

Without a ``site_url`` (the address is not known yet) there is nothing absolute to point
at: the page keeps no hreflang link (relative ones are invalid for search engines and
Lighthouse), MkDocs writes no canonical link, and the sitemap (which needs absolute URLs)
is removed.

``on_post_build`` writes a ``robots.txt`` that allows everything and names the sitemap
(static-i18n's, which lists every page with its alternates). It takes effect where the
site is served at the root of its host.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

_LINK = re.compile(r'<link rel="alternate" href="(?P<href>[^"]*)" hreflang="(?P<lang>[^"]+)">')
_BUNDLE = re.compile(r'<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js"></script>')
#: Drops Material's sitemap requests next to the page's hreflang links (see the docstring).
SKIP_SITEMAPS = (
    "<script>(()=>{const s=new Set(Array.from("
    'document.querySelectorAll("link[rel=alternate][hreflang]"),'
    'l=>new URL("sitemap.xml",l.href).href)),x=XMLHttpRequest.prototype,o=x.open,d=x.send;'
    "x.open=function(m,u,...r){this.dpSkip=s.has(new URL(u,location.href).href);"
    "return o.call(this,m,u,...r)};"
    "x.send=function(...a){if(!this.dpSkip)return d.apply(this,a)}})()</script>"
)


def absolute_alternates(html: str, page_url: str, default: str) -> str:
    """Make the page's hreflang links absolute and add ``x-default`` (the default locale)."""
    default_href: list[str] = []

    def replace(match: re.Match[str]) -> str:
        href = urljoin(page_url, match["href"])
        if match["lang"] == default:
            default_href.append(href)
        return f'<link rel="alternate" href="{href}" hreflang="{match["lang"]}">'

    html = _LINK.sub(replace, html)
    if default_href and 'hreflang="x-default"' not in html:
        last = list(_LINK.finditer(html))[-1]
        extra = f'\n<link rel="alternate" href="{default_href[0]}" hreflang="x-default">'
        html = html[: last.end()] + extra + html[last.end() :]
    return html


def drop_alternates(html: str) -> str:
    """Remove the page's hreflang links (and the line each stood on)."""
    return re.sub(r"[ \t]*" + _LINK.pattern + r"\n?", "", html)


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Rewrite the hreflang links of every page and guard them from Material's look-ups."""
    if not _LINK.search(output):
        return output
    if not config.site_url:
        return drop_alternates(output)
    i18n = config.plugins.get("i18n")
    default = i18n.default_language if i18n is not None else config.theme.get("language", "en")
    page_url = urljoin(config.site_url, page.url)
    output = absolute_alternates(output, page_url, default)
    return _BUNDLE.sub(lambda match: SKIP_SITEMAPS + match[0], output, count=1)


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """Keep hreflang links off the 404 pages: they are no translation of any address."""
    if template_name != "404.html":
        return output
    return drop_alternates(output)


def on_post_build(config: Any) -> None:
    """Write ``robots.txt`` next to the sitemap."""
    lines = ["User-agent: *", "Allow: /"]
    site = Path(config.site_dir)
    if config.site_url:
        lines.append(f"Sitemap: {urljoin(config.site_url, 'sitemap.xml')}")
    else:
        for name in ("sitemap.xml", "sitemap.xml.gz"):
            (site / name).unlink(missing_ok=True)
    (site / "robots.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
