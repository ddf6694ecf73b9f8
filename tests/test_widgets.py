"""The widgets' markup in the locale pages and on the built site, and their small assets.

The browser tests (tests/browser/) check what the widgets compute and show; these checks need
no browser and guard the translators' side: the markup in the locale pages (docs/<locale>/*.md).
That every locale has each widget string with the English placeholders is the translation
report's check (``docs/hooks/l10n``, run by tests/test_l10n_real.py on the real docs).
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest
from bs4 import Tag

import widget_assets
from tests import site_soup
from tests.browser.widgets import EXAMPLE_OF, page_of, url_path
from tests.conftest import DECIMAL_COMMA, DOCS, LOCALES
from tests.conftest import source as source_locale
from tests.docs_sources import config, pages

WIDGETS = {f"dp-{widget}": example for widget, example in EXAMPLE_OF.items()}
ASSETS = DOCS / "assets" / "widgets"


def widget_div(path: Path, widget: str) -> Tag:
    """The ``<div class="dp-widget dp-…">`` of ``widget`` on a built page."""
    found = site_soup.page(path).select_one(f"div.{widget}")
    assert found is not None, f"{path}: no {widget}"
    return found


def built_page(site_dir: Path, locale: str, widget: str) -> Path:
    """The built page of ``locale`` that holds ``widget`` (``dp-explorer`` or ``dp-ledger``)."""
    name = widget.removeprefix("dp-")
    return site_dir / url_path(locale, page_of(name, locale)) / "index.html"


def page_source(locale: str, widget: str) -> str:
    return pages(locale)[page_of(widget.removeprefix("dp-"), locale)].read_text("utf-8")


@pytest.mark.parametrize("locale", LOCALES)
def test_each_widget_follows_its_example(locale: str) -> None:
    everywhere = "".join(p.read_text("utf-8") for p in pages(locale).values())
    for widget, example in WIDGETS.items():
        assert everywhere.count(f"dp-widget {widget}") == 1, widget
        text = page_source(locale, widget)
        pattern = (
            rf'--8<-- "{re.escape(example)}"'
            rf'(?:\s*(?:<!--.*?-->|<div data-figure="[\w-]+"></div>))*'
            rf'\s*<div class="dp-widget {widget}"'
        )
        assert re.search(pattern, text, re.DOTALL), f"{locale}: {widget} not right after {example}"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_built_page_carries_the_fallback_and_the_assets(site_dir: Path, locale: str) -> None:
    for widget in WIDGETS:
        page = built_page(site_dir, locale, widget)
        assert "JavaScript" in site_soup.text(widget_div(page, widget)), widget
        source = page.read_text(encoding="utf-8")
        for asset in ("widgets/common.js", f"widgets/{widget.removeprefix('dp-')}.js", "site.css"):
            assert f"assets/{asset}" in source, asset
    # The paragraph shown without JavaScript writes numbers the way its page's language does:
    # a page not translated yet is English's, and writes them as English does.
    source = source_locale(locale, page_of("explorer", locale))
    quarter = "0,25" if source in DECIMAL_COMMA else "0.25"
    explorer = widget_div(built_page(site_dir, locale, "dp-explorer"), "dp-explorer")
    assert quarter in site_soup.text(explorer)


def test_the_widget_assets_stay_small() -> None:
    """What one widget page loads, as the site ships it (compacted), stays a few KB: its
    scripts. (The widgets' rules are in the site's stylesheet, which every page loads and the
    page weight rule counts: tests/test_page_weight.py.)"""
    files = {f.name: widget_assets.compact(f.read_text("utf-8")).encode() for f in ASSETS.iterdir()}
    assert {"common.js", "explorer.js", "ledger.js"} <= set(files)
    numbers = widget_assets.compact((DOCS / "assets" / "numbers.js").read_text("utf-8")).encode()
    for widget in ("explorer", "ledger"):  # what one widget page loads
        page = [numbers, files["common.js"], files[f"{widget}.js"]]
        raw = sum(len(f) for f in page)
        packed = sum(len(gzip.compress(f, 9)) for f in page)
        assert raw < 30_000 and packed < 10_000, (widget, raw, packed)


def test_the_shipped_assets_only_lose_comments_and_indentation() -> None:
    """``compact`` keeps every line of code, in order; it drops comments, indents, blanks."""
    own = [path for pattern in widget_assets.OWN_ASSETS for path in (DOCS / "assets").glob(pattern)]
    listed = config()["extra_css"] + config()["extra_javascript"]  # every one the site loads
    loaded = {DOCS / (entry if isinstance(entry, str) else entry["path"]) for entry in listed}
    assert loaded <= set(own), loaded - set(own)
    for path in own:
        text = path.read_text(encoding="utf-8")
        small = widget_assets.compact(text)
        assert widget_assets.compact(small) == small, path.name
        lines = iter(line.strip() for line in text.splitlines())
        for kept in small.splitlines():
            assert not kept.startswith(("//", "/*")), (path.name, kept)
            # each kept line is a source line (or the code after a comment on one), in order
            assert any(kept == line or line.endswith("*/ " + kept) for line in lines), kept
    assert len(widget_assets.compact((ASSETS / "explorer.js").read_text("utf-8"))) < 0.8 * len(
        (ASSETS / "explorer.js").read_text("utf-8")
    )


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
