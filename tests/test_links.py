"""Every internal link and anchor of the built site resolves, in every locale, offline."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import links
from tests.conftest import LOCALES
from tests.links import check_site


@pytest.fixture(scope="module")
def site_url() -> str:
    return links.site_url()


def test_every_internal_link_and_anchor_resolves(site_dir: Path, site_url: str) -> None:
    report = check_site(site_dir, site_url)
    assert not report.broken, "\n".join(report.broken)
    for locale in LOCALES:
        prefix = "" if locale == "en" else f"{locale}/"
        pages = [p for p in report.pages if p.startswith(prefix) and p.count("/") >= 1]
        assert len(pages) >= 10, (locale, pages)
    assert report.checked > 50 * len(report.pages)  # nav, toc, assets and text links


def test_external_links_are_listed_not_followed(site_dir: Path, site_url: str) -> None:
    external = check_site(site_dir, site_url).external
    assert all(url.startswith(("http://", "https://", "//")) for url in external), external
    if site_url:  # without one (not published yet) no link names the site's address
        assert not any(url.startswith(site_url) for url in external)


def write(path: Path, html: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<!doctype html><html lang='en'><body>{html}</body></html>")


def test_the_checker_finds_missing_pages_files_and_anchors(tmp_path: Path) -> None:
    write(tmp_path / "index.html", '<h1 id="top">x</h1><a href="a/#intro">a</a>')
    write(
        tmp_path / "a" / "index.html",
        '<h2 id="intro">a</h2><a href="../#top">ok</a> <a href="../#gone">bad anchor</a>'
        '<a href="../b/">missing page</a><img src="../plot.png">'
        '<link rel="canonical" href="https://example.org/x/a/">'
        '<link rel="alternate" href="https://example.org/x/c/" hreflang="nl">'
        '<a href="https://other.example/">out</a><a href="mailto:a@example.org">mail</a>',
    )
    report = check_site(tmp_path, "https://example.org/x/")
    assert sorted(report.broken) == [
        "a/index.html: <a> ../#gone (no id 'gone')",
        "a/index.html: <a> ../b/ (no such file)",
        "a/index.html: <img> ../plot.png (no such file)",
        "a/index.html: <link> https://example.org/x/c/ (no such file)",
    ]
    assert dict(report.external) == {"https://other.example/": {"a/index.html"}}
    assert report.checked == 7
