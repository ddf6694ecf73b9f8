"""robots.txt, written by docs/hooks/chrome.py (the sitemap is static-i18n's)."""

from __future__ import annotations

import chrome


def test_robots_txt_names_the_sitemap_only_with_an_address() -> None:
    assert chrome.robots_txt("") == "User-agent: *\nAllow: /\n"
    assert chrome.robots_txt("https://example.org/d/").splitlines()[2] == (
        "Sitemap: https://example.org/d/sitemap.xml"
    )
