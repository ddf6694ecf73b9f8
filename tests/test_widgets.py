"""The widgets' strings live in the locale pages: same keys and placeholders in every locale.

The browser tests (tests/browser/) check what the widgets compute and show; these checks need
no browser and guard the translators' side: the markup in docs/<locale>/calibrate.md.
"""

from __future__ import annotations

import gzip
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.conftest import DOCS, LOCALES

WIDGETS = {"dp-explorer": "log_density.md", "dp-ledger": "composition_exact.md"}
ASSETS = DOCS / "assets" / "widgets"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


class WidgetScan(HTMLParser):
    """The data-t-* strings of each widget <div> and the text inside it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.strings: dict[str, dict[str, str]] = {}
        self.text: dict[str, str] = {}
        self._open: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        widget = next((c for c in values.get("class", "").split() if c in WIDGETS), None)
        if tag == "div":
            self._open.append(widget)
            if widget:
                self.strings[widget] = {
                    k.removeprefix("data-t-"): v
                    for k, v in values.items()
                    if k.startswith("data-t-")
                }
                self.text[widget] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for widget in filter(None, self._open):
            self.text[widget] += data


def scan(path: Path) -> WidgetScan:
    parser = WidgetScan()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def built_chapter(site_dir: Path, locale: str) -> Path:
    return (site_dir if locale == "en" else site_dir / locale) / "calibrate" / "index.html"


@pytest.mark.parametrize("locale", LOCALES)
def test_each_widget_follows_its_example(locale: str) -> None:
    text = (DOCS / locale / "calibrate.md").read_text(encoding="utf-8")
    for widget, example in WIDGETS.items():
        assert text.count(f"dp-widget {widget}") == 1, widget
        pattern = (
            rf'--8<-- "{re.escape(example)}"\s*(<!--.*?-->\s*)?<div class="dp-widget {widget}"'
        )
        assert re.search(pattern, text, re.DOTALL), f"{locale}: {widget} not right after {example}"


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_every_locale_has_every_string_with_its_placeholders(site_dir: Path, locale: str) -> None:
    english = scan(built_chapter(site_dir, "en")).strings
    strings = scan(built_chapter(site_dir, locale)).strings
    assert set(strings) == set(WIDGETS)
    for widget in WIDGETS:
        assert set(strings[widget]) == set(english[widget]), widget
        for key, source in english[widget].items():
            translated = strings[widget][key]
            assert translated.strip(), (widget, key)
            assert sorted(PLACEHOLDER.findall(translated)) == sorted(PLACEHOLDER.findall(source)), (
                widget,
                key,
            )


@pytest.mark.parametrize("locale", LOCALES)
def test_the_built_page_carries_the_fallback_and_the_assets(site_dir: Path, locale: str) -> None:
    page = built_chapter(site_dir, locale)
    found = scan(page)
    for widget in WIDGETS:
        assert "JavaScript" in found.text[widget], widget
    quarter = "0,25" if locale in {"nl", "de", "tr"} else "0.25"
    assert quarter in found.text["dp-explorer"]
    html = page.read_text(encoding="utf-8")
    for asset in ("common.js", "explorer.js", "ledger.js", "widgets.css"):
        assert f"assets/widgets/{asset}" in html, asset


def test_the_widget_assets_stay_small() -> None:
    files = sorted(ASSETS.iterdir())
    assert {f.name for f in files} == {"common.js", "explorer.js", "ledger.js", "widgets.css"}
    raw = sum(f.stat().st_size for f in files)
    packed = sum(len(gzip.compress(f.read_bytes(), 9)) for f in files)
    assert raw < 32_000 and packed < 10_000, (raw, packed)


def test_the_scripts_hold_no_reader_facing_text() -> None:
    """Strings belong to the translators: no script literal reads like a sentence."""
    for script in ASSETS.glob("*.js"):
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", script.read_text(encoding="utf-8"), flags=re.S)
        literals = re.findall(r'"((?:[^"\\\n]|\\.)*)"', code)
        words = [
            s for s in literals if s != "use strict" and re.search(r"[A-Za-z]{3,} [A-Za-z]{3,}", s)
        ]
        assert not words, (script.name, words)
        assert not re.search(r"[^\x00-\x7f]", code), script.name
