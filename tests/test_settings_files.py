"""The YAML files the build reads parse the same with libyaml's C loader and the Python one.

``dplesson.locales`` and the translation tool (``l10n.project.read_yaml``) read them with
libyaml's ``CSafeLoader`` when PyYAML has it, for speed; this test holds them to PyYAML's
pure-Python ``SafeLoader``, so a construct the two read differently is caught here.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml

from dplesson import locales
from tests.conftest import DOCS

sys.path.insert(0, str(DOCS / "hooks"))
from l10n.project import read_yaml

FILES = [*sorted(locales.SETTINGS.glob("*.yml")), DOCS / "hooks" / "glossary.yml"]


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_the_fast_loader_reads_what_the_python_loader_reads(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    expected = yaml.load(text, Loader=yaml.SafeLoader)
    assert expected, f"{path} is empty"
    assert read_yaml(text) == expected
    if path.parent == locales.SETTINGS:
        locales.load.cache_clear()
        assert locales.load(path.stem) == expected
