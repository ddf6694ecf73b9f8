"""The widgets' strings live in the locale pages: same keys and placeholders in every locale.

The browser tests (tests/browser/) check what the widgets compute and show; these checks need
no browser and guard the translators' side: the markup in the locale pages (docs/<locale>/*.md).
"""

from __future__ import annotations

import gzip
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.browser.widgets import EXAMPLE_OF, page_of, url_path
from tests.conftest import DOCS, LOCALES

WIDGETS = {f"dp-{widget}": example for widget, example in EXAMPLE_OF.items()}
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


def built_page(site_dir: Path, locale: str, widget: str) -> Path:
    """The built page of ``locale`` that holds ``widget`` (``dp-explorer`` or ``dp-ledger``)."""
    name = widget.removeprefix("dp-")
    return site_dir / url_path(locale, page_of(name, locale)) / "index.html"


def page_source(locale: str, widget: str) -> str:
    return (DOCS / locale / page_of(widget.removeprefix("dp-"), locale)).read_text("utf-8")


@pytest.mark.parametrize("locale", LOCALES)
def test_each_widget_follows_its_example(locale: str) -> None:
    everywhere = "".join(p.read_text("utf-8") for p in (DOCS / locale).rglob("*.md"))
    for widget, example in WIDGETS.items():
        assert everywhere.count(f"dp-widget {widget}") == 1, widget
        text = page_source(locale, widget)
        pattern = (
            rf'--8<-- "{re.escape(example)}"'
            rf'(?:\s*(?:<!--.*?-->|<div data-figure="[\w-]+"></div>))*'
            rf'\s*<div class="dp-widget {widget}"'
        )
        assert re.search(pattern, text, re.DOTALL), f"{locale}: {widget} not right after {example}"


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_every_locale_has_every_string_with_its_placeholders(site_dir: Path, locale: str) -> None:
    for widget in WIDGETS:
        english = scan(built_page(site_dir, "en", widget)).strings
        strings = scan(built_page(site_dir, locale, widget)).strings
        assert widget in strings, widget
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
    for widget in WIDGETS:
        page = built_page(site_dir, locale, widget)
        found = scan(page)
        assert "JavaScript" in found.text[widget], widget
        html = page.read_text(encoding="utf-8")
        for asset in ("common.js", f"{widget.removeprefix('dp-')}.js", "widgets.css"):
            assert f"assets/widgets/{asset}" in html, asset
    quarter = "0,25" if locale in {"nl", "de", "tr"} else "0.25"
    assert quarter in scan(built_page(site_dir, locale, "dp-explorer")).text["dp-explorer"]


def test_the_widget_assets_stay_small() -> None:
    files = {f.name: f.read_bytes() for f in sorted(ASSETS.iterdir())}
    assert {"common.js", "explorer.js", "ledger.js", "widgets.css"} <= set(files)
    for widget in ("explorer", "ledger"):  # what one widget page loads
        page = [files["common.js"], files[f"{widget}.js"], files["widgets.css"]]
        raw = sum(len(f) for f in page)
        packed = sum(len(gzip.compress(f, 9)) for f in page)
        assert raw < 28_000 and packed < 9_000, (widget, raw, packed)


@pytest.mark.parametrize("locale", LOCALES)
def test_only_the_widget_pages_load_the_widget_assets(site_dir: Path, locale: str) -> None:
    explorer = built_page(site_dir, locale, "dp-explorer").read_text("utf-8")
    assert "assets/widgets/ledger.js" not in explorer
    home = site_dir / url_path(locale, "index.md") / "index.html"
    assert home.exists() and "assets/widgets/" not in home.read_text("utf-8")


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
