"""A chapter opened on a phone does not move under its reader while it loads.

What moved it before (Lighthouse, December 2026): the math font swapping in (layout shift 0.18
on /zh/epsilon/), the progress line growing to two lines when the script filled it in (0.02).
The math font is now optional and preloaded, and the progress line keeps its room. Measured
with the browser's own record of layout shifts, as Lighthouse reads them, on the chapter with
the most formulas and on the explorer's chapter (the widget that grows most when drawn), in
every locale.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.tour import PHONE
from tests.browser.widgets import page_of, url_path
from tests.conftest import LOCALES
from tests.docs_sources import chapters

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.browser

#: Every layout shift of the page so far, with the elements that moved (buffered: from the start).
SHIFTS = """() => new Promise(done => {
  const seen = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) seen.push({value: e.value,
      moved: e.sources.map(s => s.node ? (s.node.nodeName + ' ' +
        (s.node.textContent || '').trim().slice(0, 40)) : '?')});
  }).observe({type: 'layout-shift', buffered: true});
  setTimeout(() => done(seen), 500);
})"""
#: Material's header moves its language button once as its script starts (0.0008 on a phone,
#: on its minimal site too): below this, no shift a reader would see.
NOTICEABLE = 0.005


def most_formulas(site_dir: Path) -> str:
    """The chapter whose English page shows the most formulas."""
    count = {
        stem: len(re.findall(r"<math\b", (site_dir / stem / "index.html").read_text("utf-8")))
        for stem in chapters()
    }
    return max(count, key=lambda stem: count[stem])


@pytest.mark.parametrize("locale", LOCALES)
def test_a_chapter_does_not_move_while_it_loads_on_a_phone(
    new_context: Callable[..., BrowserContext], base_url: str, site_dir: Path, locale: str
) -> None:
    context = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    # A phone's speed, as Lighthouse simulates it: on this machine's speed the page would be
    # parsed, its scripts run and its font in before the first paint, and nothing could move.
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    for stem in dict.fromkeys([most_formulas(site_dir), page_of("explorer", locale)[:-3]]):
        page.goto(f"{base_url}/{url_path(locale, stem + '.md')}", wait_until="load")
        page.wait_for_timeout(500)  # the widgets draw and the exercises fill in after load
        shifts: list[dict[str, Any]] = page.evaluate(SHIFTS)
        # Every shift counts: nothing here is the reader's input, though Chromium flags a
        # phone's shifts as following input (its emulated touch screen).
        total = sum(s["value"] for s in shifts)
        assert total < NOTICEABLE, (locale, stem, shifts)


@pytest.mark.parametrize("locale", ["en", "zh"])
def test_the_next_page_draws_its_formulas_in_the_math_font(
    new_context: Callable[..., BrowserContext], base_url: str, site_dir: Path, locale: str
) -> None:
    """An optional font is used only if it is there at once: from the cache, the next page.

    (The first page of a visit has it too where it arrives within a moment, as on this
    machine most of the time; a slow first arrival keeps the system's math font for that view.)
    """
    context = new_context(viewport=PHONE)
    page = context.new_page()
    first, second = chapters()[0], most_formulas(site_dir)
    page.goto(f"{base_url}/{url_path(locale, first + '.md')}", wait_until="load")
    page.goto(f"{base_url}/{url_path(locale, second + '.md')}", wait_until="load")
    cdp = context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    nodes = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "article math mi"})
    assert nodes["nodeIds"], (locale, second)
    for node in nodes["nodeIds"][:5]:
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        assert [f["familyName"] for f in fonts] == ["Lesson Math"], (locale, second, fonts)
