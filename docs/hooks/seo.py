"""Tell search engines about the site: ``robots.txt``, and no sitemap without an address.

The translations of a page are announced in static-i18n's ``sitemap.xml``, which lists every
page with its ``hreflang`` alternates (absolute, from ``site_url``). The pages' heads carry no
``<link rel="alternate" hreflang>``: ``overrides/main.html`` leaves them out, because
Material's script requests a ``sitemap.xml`` next to each such link.

``on_post_build`` writes a ``robots.txt`` that allows everything and names the sitemap. It
takes effect where the site is served at the root of its host. Without a ``site_url`` (the
address is not known yet) a sitemap cannot hold absolute URLs, so it is removed and
``robots.txt`` names none.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urljoin

SITEMAPS = ("sitemap.xml", "sitemap.xml.gz")


def robots_txt(site_url: str) -> str:
    """Return the ``robots.txt`` of a site at ``site_url`` (``""``: not published yet)."""
    lines = ["User-agent: *", "Allow: /"]
    if site_url:
        lines.append(f"Sitemap: {urljoin(site_url, SITEMAPS[0])}")
    return "\n".join(lines) + "\n"


def on_post_build(config: Any) -> None:
    """Write ``robots.txt`` next to the sitemap; drop the sitemap without a ``site_url``."""
    site = Path(config.site_dir)
    if not config.site_url:
        for name in SITEMAPS:
            (site / name).unlink(missing_ok=True)
    (site / "robots.txt").write_text(robots_txt(config.site_url or ""), encoding="utf-8")
