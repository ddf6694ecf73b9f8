"""Fixtures of the browser tests: the built site on a local HTTP server and Debian's Chromium.

Playwright drives ``/usr/bin/chromium`` (never a downloaded browser). Without Playwright or
Chromium these tests skip, unless ``DPLESSON_REQUIRE_BROWSER=1`` (set by the nox session
``browser``) turns the skip into a failure.
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import pytest

from tests.browser.widgets import page_of, url_path

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = Path(os.environ.get("DPLESSON_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HOST = "127.0.0.1"


def _unavailable(reason: str) -> NoReturn:
    if os.environ.get("DPLESSON_REQUIRE_BROWSER") == "1":
        pytest.fail(reason)
    pytest.skip(reason)


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Keep the test output free of one line per request."""


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    """The built site, served by a threaded ``http.server`` on a free port of 127.0.0.1."""
    handler = functools.partial(_QuietHandler, directory=str(site_dir))
    server = ThreadingHTTPServer((HOST, 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://{HOST}:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's headless Chromium, driven by Playwright."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright is not installed: pip install -e '.[browser]'")
    if not CHROMIUM.exists():
        _unavailable(f"no Chromium at {CHROMIUM}: apt-get install chromium chromium-driver")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@dataclass
class Visit:
    """One page in a fresh browser context, with every request and script error it caused."""

    page: Page
    base_url: str
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    scripts: bool = True

    def open(self, locale: str, widget: str) -> None:
        """Open the page of ``locale`` that holds ``widget`` and wait until it has settled."""
        path = url_path(locale, page_of(widget, locale))
        self.page.goto(f"{self.base_url}/{path}", wait_until="networkidle")
        # The explorer draws itself when it comes into view (explorer.js): bring it there.
        self.page.locator(f".dp-{widget}").scroll_into_view_if_needed()
        if self.scripts:
            self.page.wait_for_selector(f".dp-{widget}.dp-ready")


def _visit(browser: Browser, base_url: str, **options: Any) -> Iterator[Visit]:
    context = browser.new_context(**options)
    page = context.new_page()
    visit = Visit(page, base_url, scripts=options.get("java_script_enabled", True))
    page.on("request", lambda request: visit.requests.append(request.url))
    page.on("pageerror", lambda error: visit.errors.append(str(error)))
    yield visit
    context.close()
    assert not visit.errors, visit.errors


@pytest.fixture
def visit(browser: Browser, base_url: str) -> Iterator[Visit]:
    """A fresh context with JavaScript on; fails the test on any uncaught script error."""
    yield from _visit(browser, base_url)


@pytest.fixture
def visit_without_js(browser: Browser, base_url: str) -> Iterator[Visit]:
    """A fresh context with JavaScript off, as some readers browse."""
    yield from _visit(browser, base_url, java_script_enabled=False)
