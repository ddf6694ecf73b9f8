"""Shared fixtures: the built site, the repository paths and the global-RNG guard."""

from __future__ import annotations

import importlib
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from hypothesis import settings

from dplesson import locales

# Timing belongs in the benchmark, not in a test: a loaded machine must not fail a property.
settings.register_profile("dplesson", deadline=None)
settings.load_profile("dplesson")

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
#: The languages in mkdocs.yml's order (the switcher's); the build fails unless the settings
#: files declare the same (``dpsite.languages.check_mkdocs``).
LOCALES = tuple(re.findall(r"^\s*- locale: (\S+)$", (ROOT / "mkdocs.yml").read_text("utf-8"), re.M))
#: Languages that write 0,5 (their settings file's ``decimal``).
DECIMAL_COMMA = frozenset(code for code in LOCALES if locales.decimal(code) == ",")
#: Languages still being translated: their missing pages and notebooks fall back to English.
IN_PROGRESS = frozenset(code for code in LOCALES if locales.state(code) == locales.IN_PROGRESS)
#: A language tag no settings file declares, for the tests of a new or an unknown language:
#: ``de-QQ``, German of the region QQ, which ISO 3166 reserves for private use, so no real
#: language or locale has it; if this project declares it (the copy that
#: ``tests/fixture_language.py`` makes does), ``de-QR``.
UNDECLARED = next(code for code in ("de-QQ", "de-QR") if code not in LOCALES)


def translated(locale: str, page: str) -> bool:
    """Whether ``docs/<locale>/<page>`` exists; a complete language must have every page."""
    return locale not in IN_PROGRESS or (DOCS / locale / page).is_file()


def source(locale: str, page: str) -> str:
    """The locale whose file the site shows as ``locale``'s ``page``: English fills in."""
    return locale if translated(locale, page) else locales.SOURCE


def skip_fallback(locale: str, page: str) -> None:
    """Skip a check of ``locale``'s own ``page`` when that page still falls back to English."""
    if not translated(locale, page):
        pytest.skip(f"{locale} is in progress and has no {page} yet (English fills in)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the ``slow`` tests first (stable otherwise): pytest-xdist's worksteal gives each
    worker a run of the list, so a long test met last would leave the other worker idle."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The strictly built site: ``$DPLESSON_SITE_DIR`` if nox built it, else a fresh build.

    A relative ``$DPLESSON_SITE_DIR`` (``site``, as CONTRIBUTING.md runs one file) is made
    absolute, so paths built from it compare equal to resolved ones.
    """
    given = os.environ.get("DPLESSON_SITE_DIR")
    if given:
        return Path(given).resolve()
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(target)],
        cwd=ROOT,
        check=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    return target


@pytest.fixture
def fresh_hook(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], ModuleType]:
    """Import a new copy of a hook (``speed``) or a library (``dpsite.mathml``), as a new build
    process has it: its module state starts empty. The copy it replaces is back after the test.
    """

    def load(name: str) -> ModuleType:
        parent, _, child = name.rpartition(".")
        if parent and hasattr(package := importlib.import_module(parent), child):
            monkeypatch.setattr(package, child, getattr(package, child))
        monkeypatch.delitem(sys.modules, name, raising=False)
        return importlib.import_module(name)

    return load


@pytest.fixture
def global_rng_untouched() -> Iterator[None]:
    """Fail the test if it changed the global Python or NumPy random state."""
    python_state = random.getstate()
    numpy_state = np.random.get_state(legacy=False)
    yield
    assert random.getstate() == python_state, "the global Python RNG was touched"
    after = np.random.get_state(legacy=False)
    assert isinstance(after, dict) and isinstance(numpy_state, dict)
    assert np.array_equal(after["state"]["key"], numpy_state["state"]["key"]), (
        "the global NumPy RNG was touched"
    )
    assert after["state"]["pos"] == numpy_state["state"]["pos"]
    assert (after["has_gauss"], after["gauss"]) == (numpy_state["has_gauss"], numpy_state["gauss"])
