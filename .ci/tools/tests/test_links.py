"""tools/links.py on a tiny site with one broken link of every kind it must catch."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.links import check_site, external_links, site_url

URL = "https://example.org/x/"


def write(path: Path, body: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<!doctype html><html lang='en'><body>{body}</body></html>")


def test_the_checker_finds_missing_pages_files_and_anchors(tmp_path: Path) -> None:
    """Relative, root-relative under the sub-path, absolute to ``site_url``, and fragments."""
    write(tmp_path / "index.html", '<h1 id="top">x</h1><a href="a/#intro">a</a><a name="old"></a>')
    write(
        tmp_path / "a" / "index.html",
        '<h2 id="intro">a</h2><a href="../#top">ok</a><a href="../#old">ok</a>'
        '<a href="#%E4%B8%AD">ok</a><span id="中"></span><a href="/x/a/#intro">ok</a>'
        '<a href="../#gone">bad anchor</a><a href="#also-gone">bad anchor here</a>'
        '<a href="../b/">missing page</a><img src="../plot.png"><a href="/x/zz/">missing</a>'
        f'<link rel="alternate" href="{URL}c/" hreflang="nl"><a href="{URL}a/">ok</a>'
        '<a href="https://opendp.org/">out</a>',
    )
    found = {line.split(" (")[0] for line in check_site(tmp_path, URL)}
    folder = tmp_path.resolve().as_uri()
    assert found == {
        f"a/index.html: {folder}#gone",
        f"a/index.html: {folder}/a/index.html#also-gone",
        f"a/index.html: {folder}/b",
        f"a/index.html: {folder}/plot.png",
        f"a/index.html: {folder}/x/zz",
        f"a/index.html: {URL}c/",
    }
    assert external_links(tmp_path, URL) == ["https://opendp.org/"]


def test_site_url_is_read_as_mkdocs_reads_its_env_tag(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_url: !ENV [FIRST_URL, SECOND_URL, null]\n", encoding="utf-8")
    monkeypatch.delenv("FIRST_URL", raising=False)
    monkeypatch.delenv("SECOND_URL", raising=False)
    assert site_url(config) == ""
    monkeypatch.setenv("SECOND_URL", "https://example.org/b/")
    assert site_url(config) == "https://example.org/b/"
    monkeypatch.setenv("FIRST_URL", "https://example.org/a/")
    assert site_url(config) == "https://example.org/a/"
    config.write_text("site_url: https://example.org/c/\n", encoding="utf-8")
    assert site_url(config) == "https://example.org/c/"
    config.write_text('site_url: !ENV [FIRST_URL, "https://example.org/d/"]\n', encoding="utf-8")
    monkeypatch.delenv("FIRST_URL")
    assert site_url(config) == "https://example.org/d/"
