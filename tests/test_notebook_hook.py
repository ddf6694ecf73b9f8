"""docs/hooks/notebooks.py on a two-language site: pages, not JSON, cached across languages."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import DOCS
from tests.site_html import scan

HOOK = DOCS / "hooks" / "notebooks.py"
CONFIG = f"""
site_name: mini
site_url: https://example.org/mini/
docs_dir: docs
theme:
  name: material
  font: false
hooks:
  - {HOOK}
plugins:
  - mkdocs-jupyter:
      include: ["*.ipynb"]
      execute: true
      allow_errors: false
      include_source: true
      no_prompt: true
  - i18n:
      docs_structure: folder
      fallback_to_default: true
      reconfigure_material: true
      languages:
        - {{locale: en, default: true, name: English, build: true}}
        - {{locale: nl, name: Nederlands, build: true}}
nav:
  - index.md
  - lab.ipynb
"""


def notebook(title: str, code: str) -> str:
    cells = [
        {"cell_type": "markdown", "id": "a", "metadata": {}, "source": f"# {title}\n\nText."},
        {
            "cell_type": "code",
            "id": "b",
            "metadata": {},
            "execution_count": None,
            "outputs": [],
            "source": code,
        },
    ]
    metadata = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}}
    return json.dumps({"cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("mini")
    (root / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    for locale, word in (("en", "hello"), ("nl", "hallo")):
        folder = root / "docs" / locale
        folder.mkdir(parents=True)
        (folder / "index.md").write_text(f"# Home {locale}\n", encoding="utf-8")
        (folder / "lab.ipynb").write_text(notebook(f"Lab {locale}", f'print("{word}")'), "utf-8")
    return root


def build(project: Path) -> str:
    """Build the small site and return MkDocs' log."""
    completed = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(project / "site")],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    return completed.stderr


def cache_entries(project: Path) -> list[Path]:
    return sorted((project / ".cache" / "mkdocs-jupyter").glob("*.json"))


def test_notebooks_are_pages_in_both_languages_and_cached(project: Path) -> None:
    log = build(project)
    assert log.count("Converting notebook (execute=True)") == 2
    site = project / "site"
    for locale, word, prefix in (("en", "hello", ""), ("nl", "hallo", "nl/")):
        page = site / prefix / "lab" / "index.html"
        text = page.read_text(encoding="utf-8")
        assert not text.lstrip().startswith("{")
        assert f'<h1 id="lab-{locale}">Lab {locale}' in text
        assert f"<pre>{word}\n</pre>" in text
        assert 'class="md-button" download="lab.ipynb" href="lab.ipynb"' in text
        downloaded = json.loads((page.parent / "lab.ipynb").read_text(encoding="utf-8"))
        assert downloaded["cells"][0]["source"].startswith(f"# Lab {locale}")
        assert not (site / prefix / "lab.ipynb").exists()  # no raw copy next to the page
        parsed = scan(page)
        assert parsed.lang == locale
        assert not [url for url in parsed.loads if "lab" in url]
        article = text[text.index("<article") : text.index("</article>")]
        assert "jp-" not in article and "<script" not in article and "<link" not in article
        assert article.count("<style>") == 1 and "mathjax" not in article.lower()
        switcher = {a["hreflang"]: a["href"] for a in parsed.anchors if a.get("hreflang")}
        target = (page.parent / switcher["nl" if locale == "en" else "en"]).resolve()
        other = site / ("nl/" if locale == "en" else "") / "lab"
        assert target in {other.resolve(), (other / "index.html").resolve()}
    assert len(cache_entries(project)) == 2

    # A warm build executes nothing: both languages hit the cache, and nothing is evicted.
    log = build(project)
    assert "Converting notebook" not in log
    assert log.count("Cache hit") == 2
    assert "Evicted" not in log
    assert len(cache_entries(project)) == 2

    # Changing one language's notebook re-executes that one only and evicts its old entry.
    nl = project / "docs" / "nl" / "lab.ipynb"
    nl.write_text(notebook("Lab nl", 'print("hallo", "wereld")'), encoding="utf-8")
    log = build(project)
    assert log.count("Converting notebook (execute=True)") == 1
    assert "Converting notebook (execute=True): " + str(nl) in log
    assert log.count("Cache hit") == 1 and log.count("Evicted") == 1
    assert len(cache_entries(project)) == 2
    html = (project / "site" / "nl" / "lab" / "index.html").read_text(encoding="utf-8")
    assert "<pre>hallo wereld\n</pre>" in html


def load_hook() -> ModuleType:
    if str(HOOK.parent) not in sys.path:  # as MkDocs does: hooks import their siblings
        sys.path.insert(0, str(HOOK.parent))
    spec = importlib.util.spec_from_file_location("notebooks_hook_under_test", HOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_cache_key_changes_with_the_package_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hook = load_hook()
    package = tmp_path / "dplesson"
    package.mkdir()
    source = package / "plots.py"
    source.write_text("WIDTH = 7\n", encoding="utf-8")
    monkeypatch.setattr(hook, "ROOT", tmp_path)
    first = hook._digest()
    assert hook._digest() == first
    source.write_text("WIDTH = 8\n", encoding="utf-8")
    assert hook._digest() != first

    from mkdocs_jupyter import plugin

    monkeypatch.setattr(plugin, "_compute_cache_key", lambda *args, **kwargs: "plugin-key")
    hook._patch_cache_key()
    hook._patch_cache_key()  # patching twice wraps once
    key = plugin._compute_cache_key("lab.ipynb", {}, True)
    assert key == hashlib.sha256(("plugin-key" + hook._digest()).encode()).hexdigest()
    source.write_text("WIDTH = 9\n", encoding="utf-8")
    assert plugin._compute_cache_key("lab.ipynb", {}, True) != key


@pytest.mark.parametrize(
    ("uri", "directory_urls", "page"),
    [
        ("nl/lab.ipynb", True, "nl/lab/index.html"),
        ("lab.ipynb", False, "lab.html"),
        ("nl/lab/index.html", True, "nl/lab/index.html"),
    ],
)
def test_page_uri(uri: str, directory_urls: bool, page: str) -> None:
    assert load_hook()._page_uri(uri, directory_urls) == page
