"""Every internal link, asset and ``#anchor`` of the built site resolves, offline (lychee).

This module owns links and anchors; ``.ci/tools/links.py`` runs lychee, and its own tests
prove the checker on a tiny site with one broken link of every kind it must catch.
"""

from __future__ import annotations

from pathlib import Path

from tools.links import check_site, external_links, site_url


def test_every_internal_link_and_anchor_resolves(site_dir: Path) -> None:
    broken = check_site(site_dir, site_url())
    assert not broken, "\n".join(broken)


def test_external_links_are_listed_not_followed(site_dir: Path) -> None:
    external = external_links(site_dir, site_url())
    assert external, "the lesson cites papers and tools on other hosts"
    assert all(url.startswith(("http://", "https://", "mailto:")) for url in external), external
    if site_url():  # links to the site's own address are internal, so checked and not listed
        assert not any(url.startswith(site_url()) for url in external)
