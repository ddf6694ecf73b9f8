"""The page script writes the install line's absolute URL and saves notebooks with absolute links.

The site is served under a sub-path with no ``site_url`` in the build, so only the script can
know the absolute address (``docs/assets/downloads.js``). A notebook built without one carries
the wheel itself, so the button's copy and a "Save link as..." copy run alike.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import Visit
from tests.conftest import LOCALES
from tools.links import site_url
from tools.site_server import serve

pytestmark = pytest.mark.browser
TOKEN = "__DPLESSON_WHEEL_URL__"
PREFIX = "/dplesson"


@pytest.fixture(scope="module")
def served(site_dir: Path) -> Iterator[str]:
    with serve(site_dir, prefix=PREFIX) as base:
        yield base


def wheel_url(base: str, site_dir: Path) -> str:
    (wheel,) = (site_dir / "downloads").iterdir()
    return f"{base}/downloads/{wheel.name}"


@pytest.mark.skipif(bool(site_url()), reason="with a site_url the build writes the URLs")
@pytest.mark.parametrize("locale", LOCALES)
def test_install_lines_show_the_absolute_wheel_url(
    shared_visit: Visit, served: str, site_dir: Path, locale: str
) -> None:
    prefix = "" if locale == "en" else f"{locale}/"
    expected = wheel_url(served, site_dir)
    line = f'python -m pip install "dplesson[notebooks] @ {expected}"'
    for page in ("", "lab/", "exercises/"):
        shared_visit.page.goto(f"{served}/{prefix}{page}")
        spans = shared_visit.page.locator(".dp-wheel-url")
        for index in range(spans.count()):
            span = spans.nth(index)
            written = (span.get_attribute("data-prefix") or "") + expected
            assert span.text_content() == written, (locale, page)  # also in a folded cell
        lines = shared_visit.page.locator("div.language-sh code").all_inner_texts()
        assert lines[0] == line, (locale, page)


@pytest.mark.skipif(bool(site_url()), reason="with a site_url the build writes the URLs")
@pytest.mark.parametrize(("locale", "where"), [("nl", "exercises/"), ("zh", "laplace/")])
def test_a_downloaded_notebook_carries_the_wheel_and_absolute_links(
    shared_visit: Visit, served: str, site_dir: Path, tmp_path: Path, locale: str, where: str
) -> None:
    shared_visit.page.goto(f"{served}/{locale}/{where}")
    link = shared_visit.page.locator(f'a[download="exercises.{locale}.ipynb"]').first
    with shared_visit.page.expect_download() as info:
        link.click()
    download = info.value
    assert download.suggested_filename == f"exercises.{locale}.ipynb"
    target = tmp_path / download.suggested_filename
    download.save_as(target)
    text = target.read_text(encoding="utf-8")
    notebook = json.loads(text)
    first_code = "".join(next(c for c in notebook["cells"] if c["cell_type"] == "code")["source"])
    saved_as = urllib.request.urlopen(f"{served}/{locale}/exercises/exercises.{locale}.ipynb")
    raw = json.loads(saved_as.read().decode("utf-8"))  # what "Save link as..." keeps
    assert first_code == "".join(
        next(c for c in raw["cells"] if c["cell_type"] == "code")["source"]
    )
    assert "WHEEL = WHEEL.as_uri()" in first_code and TOKEN not in text
    assert f"]({served}/{locale}/checkpoints/#checkpoint-1)" in text
    assert not re.search(r"\]\(\.\.?/", text)
