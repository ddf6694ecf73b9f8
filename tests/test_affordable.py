"""The "how many releases can I afford?" widget gets its grid of counts, in every locale.

What the reader sees for each choice (dplesson's counts) is tests/browser/test_affordable.py's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from dpsite import figures as affordable
from tests.conftest import LOCALES


def test_the_hook_touches_only_pages_with_the_widget() -> None:
    page = '<p>no widget</p><div class="dp-widget dp-affordable" data-t-title="T"></div>'
    out = BeautifulSoup(affordable.attach_grid(page), "html.parser")
    widget = out.select_one("div.dp-affordable")
    assert widget is not None and json.loads(str(widget["data-grid"]))["delta"] == 1e-6
    assert affordable.attach_grid("<p>plain</p>") == "<p>plain</p>"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_built_chapter_carries_the_grid(site_dir: Path, locale: str) -> None:
    page = site_dir / ("" if locale == "en" else locale) / "beyond" / "index.html"
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    widgets = soup.select("div.dp-affordable")
    assert len(widgets) == 1
    assert widgets[0]["data-grid"] == affordable.grid()
    assert widgets[0].get("data-t-summary")
