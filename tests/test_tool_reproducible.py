"""tools/reproducible.py: which files may differ, and how a difference is reported."""

from __future__ import annotations

from pathlib import Path

from tools.reproducible import describe, differences, unexplained


def test_only_the_listed_files_may_differ_between_builds(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    for site in (one, two):
        (site / "a").mkdir(parents=True)
        (site / "a" / "index.html").write_text("same")
    (one / "sitemap.xml").write_text("2026-01-01")
    (two / "sitemap.xml").write_text("2026-01-04")
    assert differences(one, two) == ["sitemap.xml"]
    assert unexplained(differences(one, two)) == []
    (two / "a" / "index.html").write_text("other")
    (two / "extra.js").write_text("")
    assert unexplained(differences(one, two)) == ["extra.js", "a/index.html"]


def test_a_difference_is_shown_where_it_is(tmp_path: Path) -> None:
    one, two = tmp_path / "site", tmp_path / "plain"
    for site, word in ((one, "fast"), (two, "plain")):
        (site / "lab").mkdir(parents=True)
        page = "<html><body>" + "<p>same</p>" * 50 + f"<p>{word}</p>" + "<p>end</p></body></html>"
        (site / "lab" / "index.html").write_text(page, encoding="utf-8")
        (site / "font.woff2").write_bytes(word.encode() + b"\xff")
    (one / "only.txt").write_text("x")
    shown = describe(one, two, "lab/index.html")
    assert shown.startswith("lab/index.html: differs")
    assert "-<p>fast</p>" in shown and "+<p>plain</p>" in shown
    assert shown.count("<p>same</p>") <= 2  # one line of context each side, not the page
    assert describe(one, two, "font.woff2") == "font.woff2: binary files differ (5 and 6 bytes)"
    assert describe(one, two, "only.txt") == f"only.txt: only in {one}"
