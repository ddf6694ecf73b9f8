"""The page script writes the wheel's absolute URL and saves notebooks with it filled in.

The site is served under a sub-path with no ``site_url`` in the build, so only the script can
know the absolute address (``docs/assets/downloads.js``).
"""

from __future__ import annotations

import json
import re
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
    for page in ("", "exercises/"):
        shared_visit.page.goto(f"{served}/{prefix}{page}")
        shown = shared_visit.page.locator(".dp-wheel-url").all_inner_texts()
        assert shown and set(shown) == {expected}, (locale, page)


@pytest.mark.skipif(bool(site_url()), reason="with a site_url the build writes the URLs")
@pytest.mark.parametrize(("locale", "where"), [("nl", "exercises/"), ("zh", "laplace/")])
def test_a_downloaded_notebook_carries_the_wheel_url_and_absolute_links(
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
    first_code = next(c for c in notebook["cells"] if c["cell_type"] == "code")
    assert f'WHEEL = "{wheel_url(served, site_dir)}"' in "".join(first_code["source"])
    assert TOKEN not in text
    assert f"]({served}/{locale}/checkpoints/#checkpoint-1)" in text
    assert not re.search(r"\]\(\.\.?/", text)
