"""Shared fixtures: the built site, the repository paths and the global-RNG guard."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LOCALES = ("en", "nl", "de", "tr", "zh")


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The strictly built site: ``$DPLESSON_SITE_DIR`` if nox built it, else a fresh build."""
    given = os.environ.get("DPLESSON_SITE_DIR")
    if given:
        return Path(given)
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(target)],
        cwd=ROOT,
        check=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    return target


@pytest.fixture
def global_rng_untouched() -> Iterator[None]:
    """Fail the test if it changed the global Python or NumPy random state."""
    python_state = random.getstate()
    numpy_state = np.random.get_state()
    yield
    assert random.getstate() == python_state, "the global Python RNG was touched"
    after = np.random.get_state()
    assert after[0] == numpy_state[0]
    assert np.array_equal(after[1], numpy_state[1]), "the global NumPy RNG was touched"
    assert after[2:] == numpy_state[2:]
