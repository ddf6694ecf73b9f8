"""Fixtures of the browser tests: pytest-playwright over Debian's Chromium and the built site.

pytest-playwright provides ``browser``, ``new_context`` and ``page`` (and, on request,
``--tracing retain-on-failure`` and screenshots); here it is pointed at ``/usr/bin/chromium``,
never a downloaded browser, and its ``base_url`` is the built site served by
:func:`tools.site_server.serve` with search indexes that hold no documents: only the tests
that search read them, and building one on every page load is a quarter of Chromium's CPU. A
module that searches or checks requests (test_search.py, test_axe.py, test_offline.py) sets
its ``base_url`` to ``indexed_url``, the site as built. Without pytest-playwright these
tests are not collected and without Chromium or a Chinese font (a Chinese reader's system has
one; without it Chromium draws boxes) they skip, unless ``DPLESSON_REQUIRE_BROWSER=1`` (set by
the nox session ``browser``) makes it a failure.

:class:`Visit` records every request and uncaught script error of a page; a test fails on
any script error. Pages that several tests read are opened once per module and locale
(:func:`shared_page`): each test there starts by putting the page back as it was.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import pytest

from tests.browser.tour import Tour, take_tour
from tests.browser.widgets import page_of, url_path
from tools.chromium import CHROMIUM, CHROMIUM_ARGS, chinese_font
from tools.site_server import HOST, serve

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

__all__ = ["HOST", "Visit"]


def _unavailable(reason: str) -> NoReturn:
    if os.environ.get("DPLESSON_REQUIRE_BROWSER") == "1":
        pytest.fail(reason)
    pytest.skip(reason)


try:
    import pytest_playwright  # noqa: F401  (the plugin provides the browser fixtures)
except ImportError:  # pragma: no cover - the locked environment has it
    if os.environ.get("DPLESSON_REQUIRE_BROWSER") == "1":
        raise
    # Without pytest-playwright (pip install -e '.[browser]') there is nothing to drive.
    collect_ignore_glob = ["test_*.py"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options, with Debian's Chromium and its quiet flags."""
    if not CHROMIUM.exists():
        _unavailable(f"no Chromium at {CHROMIUM}: apt-get install chromium")
    if not chinese_font():  # every page names 中文 in its language menu
        _unavailable("no Chinese font (fc-match :lang=zh-cn): apt-get install fonts-noto-cjk")
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    """The built site on a free port of 127.0.0.1, its search indexes without documents.

    pytest-playwright's contexts use it; see the module's text.
    """
    with serve(site_dir, search_documents=False) as url:
        yield url


@pytest.fixture(scope="session")
def indexed_url(site_dir: Path) -> Iterator[str]:
    """The built site as built, search indexes included, on another port of 127.0.0.1."""
    with serve(site_dir) as url:
        yield url


@dataclass
class Visit:
    """One page in a fresh browser context, with every request and script error it caused."""

    page: Page
    base_url: str
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    scripts: bool = True

    def goto(self, path: str) -> None:
        """Open ``path`` of the site and wait for its ``load`` event (scripts have run)."""
        self.page.goto(f"{self.base_url}/{path}", wait_until="load")

    def open(self, locale: str, widget: str) -> None:
        """Open the page of ``locale`` that holds ``widget`` and wait until it is drawn."""
        self.goto(url_path(locale, page_of(widget, locale)))
        self.ready(widget)

    def ready(self, widget: str) -> None:
        """Bring ``widget`` into view, where it draws itself (explorer.js), and wait for it."""
        self.page.locator(f".dp-{widget}").scroll_into_view_if_needed()
        if self.scripts:
            self.page.wait_for_selector(f".dp-{widget}.dp-ready")


def watch(page: Page, base_url: str, scripts: bool = True) -> Visit:
    """A :class:`Visit` that records the requests and script errors of ``page``."""
    visit = Visit(page, base_url, scripts=scripts)
    page.on("request", lambda request: visit.requests.append(request.url))
    page.on("pageerror", lambda error: visit.errors.append(str(error)))
    return visit


@pytest.fixture
def visit(page: Page, base_url: str) -> Iterator[Visit]:
    """A fresh context with JavaScript on; fails the test on any uncaught script error."""
    seen = watch(page, base_url)
    yield seen
    assert not seen.errors, seen.errors


@pytest.fixture
def visit_without_js(new_context: Callable[..., BrowserContext], base_url: str) -> Visit:
    """A fresh context with JavaScript off, as some readers browse."""
    return watch(new_context(java_script_enabled=False).new_page(), base_url, scripts=False)


@pytest.fixture(scope="module")
def module_pages(
    browser: Browser, browser_context_args: dict[str, Any]
) -> Iterator[Callable[[bool], Page]]:
    """A page per JavaScript setting, shared by one module's tests (see ``shared_visit``)."""
    contexts: list[BrowserContext] = []
    pages: dict[bool, Page] = {}

    def page_for(scripts: bool) -> Page:
        if scripts not in pages:
            options = {**browser_context_args, "java_script_enabled": scripts}
            contexts.append(browser.new_context(**options))
            pages[scripts] = contexts[-1].new_page()
        return pages[scripts]

    yield page_for
    for context in contexts:
        context.close()


@contextmanager
def _watching(page: Page, base_url: str, scripts: bool) -> Iterator[Visit]:
    """A :class:`Visit` of ``page`` for the length of one test; its listeners go after it."""
    seen = Visit(page, base_url, scripts=scripts)

    def on_request(request: Any) -> None:
        seen.requests.append(request.url)

    def on_error(error: Exception) -> None:
        seen.errors.append(str(error))

    page.on("request", on_request)
    page.on("pageerror", on_error)
    try:
        yield seen
    finally:
        page.remove_listener("request", on_request)
        page.remove_listener("pageerror", on_error)


@pytest.fixture
def shared_visit(module_pages: Callable[[bool], Page], base_url: str) -> Iterator[Visit]:
    """Like ``visit``, in a page the module's tests share; each test loads its own path.

    For tests that read a page as loaded and need no fresh storage or cache: a new context per
    test costs one to two CPU seconds (a new renderer compiling Material's scripts and styles
    again), and the browser tests are bound by CPU.
    """
    with _watching(module_pages(True), base_url, scripts=True) as seen:
        yield seen
    assert not seen.errors, seen.errors


@pytest.fixture
def shared_visit_without_js(module_pages: Callable[[bool], Page], base_url: str) -> Iterator[Visit]:
    """Like ``visit_without_js``, in a page the module's tests share."""
    with _watching(module_pages(False), base_url, scripts=False) as seen:
        yield seen


@contextmanager
def shared_page(
    browser: Browser, options: dict[str, Any], base_url: str, path: str, widget: str = ""
) -> Iterator[Visit]:
    """Site ``path`` in a context of its own, for a module's tests; ``widget`` drawn.

    Loaded once; the module's per-test fixture puts the page back as it was before each
    test and checks for script errors after it.
    """
    context = browser.new_context(**options)
    try:
        seen = watch(context.new_page(), base_url)
        seen.goto(path)
        if widget:
            seen.ready(widget)
        yield seen
    finally:
        context.close()


@pytest.fixture(scope="session")
def tours(browser: Browser, base_url: str) -> Callable[[str], Tour]:
    """The tour of a locale (tests/browser/tour.py), taken once and read by many tests."""
    taken: dict[str, Tour] = {}

    def tour_of(locale: str) -> Tour:
        if locale not in taken:
            taken[locale] = take_tour(browser, base_url, locale)
        return taken[locale]

    return tour_of


@pytest.fixture
def tour(tours: Callable[[str], Tour], locale: str) -> Tour:
    """The tour of the test's ``locale``; no script error may have happened on it."""
    taken = tours(locale)
    assert not taken.errors, taken.errors
    return taken
