"""docs/hooks/notebooks.py on a two-language site: pages, not JSON; executed ahead and kept.

The small site also builds plain (``DPLESSON_PLAIN_BUILD=1``: mkdocs-jupyter executes each
notebook itself) and must come out the same. The shared kernels (``dpsite.kernels``) run each
notebook as if in a kernel of its own.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError
from traitlets.config import Config

import notebooks
from dpsite import kernels, languages
from tests.conftest import DOCS
from tests.site_html import scan
from tools.reproducible import differences

pytestmark = pytest.mark.slow  # runs first (tests/conftest.py)
CONFIG = f"""
site_name: mini
site_url: https://example.org/mini/
docs_dir: docs
theme:
  name: material
  font: false
hooks:
  - {DOCS / "hooks" / "notebooks.py"}
  - {DOCS / "hooks" / "pages.py"}
plugins:
  - mkdocs-jupyter:
      include: ["*.ipynb"]
      execute: true
      allow_errors: false
      include_source: true
      no_prompt: true
      cache: false
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


def build(project: Path, site: str = "site", plain: bool = False) -> str:
    """Build the small site into ``project/site`` and return MkDocs' log."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": "1767225600"}
    env.pop("DPLESSON_PLAIN_BUILD", None)
    if plain:
        env["DPLESSON_PLAIN_BUILD"] = "1"
    completed = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(project / site)],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    return completed.stderr


def kept(project: Path, kind: str) -> list[Path]:
    """The executed copies (``notebooks``) or mkdocs-jupyter's entries kept under .cache/."""
    pattern = "*/lab.ipynb/*.ipynb" if kind == "notebooks" else "*/*.json"
    return sorted((project / ".cache" / kind).glob(pattern))


def test_notebooks_are_pages_in_both_languages_executed_ahead_and_kept(project: Path) -> None:
    log = build(project)
    assert log.count("Executed notebook: ") == 2 and "execute=True" not in log
    assert log.count("Converting notebook (execute=False)") == 2  # the executed copies
    site = project / "site"
    for locale, word, prefix in (("en", "hello", ""), ("nl", "hallo", "nl/")):
        page = site / prefix / "lab" / "index.html"
        text = page.read_text(encoding="utf-8")
        assert not text.lstrip().startswith("{")
        assert f'<h1 id="lab-{locale}">Lab {locale}' in text
        assert f"<pre data-search-exclude>{word}\n</pre>" in text  # output: not in search
        named = f"lab.{locale}.ipynb"  # the per-locale copy; docs/hooks/downloads.py fills the slot
        assert f'class="md-button" data-fill-wheel="" download="{named}" href="{named}"' in text
        assert not (page.parent / "lab.ipynb").exists()
        downloaded = json.loads((page.parent / named).read_text(encoding="utf-8"))
        assert downloaded["cells"][0]["source"].startswith(f"# Lab {locale}")
        assert downloaded["cells"][1]["outputs"] == []  # the notebook itself, not the copy
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
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert "mini/lab/" in sitemap and "mini/nl/lab/" in sitemap  # static-i18n issue #198
    assert len(kept(project, "notebooks")) == 2 and len(kept(project, "mkdocs-jupyter")) == 2

    # A warm build executes and converts nothing, and neither language evicts the other's.
    log = build(project)
    assert "Executed notebook" not in log and "Converting notebook" not in log
    assert log.count("Cache hit") == 2 and "Evicted" not in log

    # A plain build executes every notebook itself, keeps nothing, and makes the same site.
    log = build(project, "plain", plain=True)
    assert log.count("Converting notebook (execute=True)") == 2 and "Executed notebook" not in log
    assert differences(project / "site", project / "plain") == []

    # Changing one language's notebook executes that one only, and replaces its kept copy.
    nl = project / "docs" / "nl" / "lab.ipynb"
    nl.write_text(notebook("Lab nl", 'print("hallo", "wereld")'), encoding="utf-8")
    log = build(project)
    assert log.count("Executed notebook: ") == 1 and f"Executed notebook: {nl}" in log
    assert log.count("Converting notebook") == 1 and log.count("Evicted") == 1
    assert len(kept(project, "notebooks")) == 2 and len(kept(project, "mkdocs-jupyter")) == 2
    html = (project / "site" / "nl" / "lab" / "index.html").read_text(encoding="utf-8")
    assert "<pre data-search-exclude>hallo wereld\n</pre>" in html


def test_the_copy_changes_with_the_notebook_and_the_package_sources(tmp_path: Path) -> None:
    (tmp_path / "dplesson").mkdir()
    source = tmp_path / "dplesson" / "plots.py"
    source.write_text("WIDTH = 7\n", encoding="utf-8")
    lab = tmp_path / "docs" / "nl" / "lab.ipynb"
    lab.parent.mkdir(parents=True)
    lab.write_text(notebook("Lab", "print(1)"), encoding="utf-8")
    first = kernels.environment(tmp_path, ["", False])
    assert kernels.environment(tmp_path, ["", False]) == first
    copy = kernels.copy_path(lab, tmp_path / "docs", tmp_path / "cache", first)
    assert copy.parent == tmp_path / "cache" / "nl" / "lab.ipynb"
    assert kernels.environment(tmp_path, ["", True]) != first  # another execution option
    source.write_text("WIDTH = 8\n", encoding="utf-8")
    assert kernels.environment(tmp_path, ["", False]) != first
    lab.write_text(notebook("Lab", "print(2)"), encoding="utf-8")
    assert kernels.copy_path(lab, tmp_path / "docs", tmp_path / "cache", first) != copy


@pytest.mark.parametrize(
    ("directory_urls", "page"), [(True, "nl/lab/index.html"), (False, "nl/lab.html")]
)
def test_a_notebook_is_a_page_at_its_address(directory_urls: bool, page: str) -> None:
    from mkdocs.structure.files import File

    config = SimpleNamespace(site_dir="/site", use_directory_urls=directory_urls)
    notebook = File("nl/lab.ipynb", "/docs", "/site", directory_urls)
    made = notebooks._as_page(notebook, config, "nl/lab.ipynb")
    assert made.dest_uri == page and made.is_documentation_page()


def test_the_workarounds_stop_the_build_on_a_static_i18n_they_were_not_checked_against(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    languages.check_i18n()  # fails when static-i18n is upgraded: check #198 and #271 again
    monkeypatch.setattr(languages, "version", lambda name: "1.3.2")
    with pytest.raises(PluginError, match=r"#198 .* #271 .* 1\.3\.2 is installed"):
        languages.check_i18n()


def code_notebook(*sources: str) -> str:
    cells: list[dict[str, object]] = [
        {
            "cell_type": "code",
            "id": f"c{index}",
            "metadata": {},
            "execution_count": None,
            "outputs": [],
            "source": source,
        }
        for index, source in enumerate(sources)
    ]
    metadata = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}}
    return json.dumps({"cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture(scope="module")
def shared_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, object]]:
    """Five notebooks in five folders, executed one after another by one worker."""
    from mkdocs_jupyter import convert

    root = tmp_path_factory.mktemp("shared")
    sources = {
        "first": code_notebook("secret = 41", "import os\nprint(os.getcwd())"),
        "second": code_notebook("import os\nprint('secret' in globals(), os.getcwd())", "7 * 6"),
        "broken": code_notebook("raise ValueError('broken on purpose')"),
        "after": code_notebook("print('after', 'secret' in globals())"),
        "sockets": code_notebook(
            "from ipykernel.connect import get_connection_info\n"
            "info = get_connection_info(unpack=True)\n"
            "print(info['transport'], info['ip'])"
        ),
    }
    pairs = []
    for name, text in sources.items():
        (root / name).mkdir()
        path = root / name / "lab.ipynb"
        path.write_text(text, encoding="utf-8")
        (root / "copies" / name).mkdir(parents=True)
        (root / "copies" / name / "old.ipynb").write_text("{}", encoding="utf-8")
        pairs.append((str(path), root / "copies" / name / "new.ipynb"))
    kept = root / "copies" / "kept.ipynb"
    kept.write_text(code_notebook("print('kept')"), encoding="utf-8")
    pairs.append((str(root / "kept" / "lab.ipynb"), kept))  # executed before: not again
    config = convert.get_nbconvert_app(execute=True, allow_errors=False).config
    kernels.start(pairs, config, workers=1)
    outcome: dict[str, object] = {"root": root}
    try:
        for name, (source, _) in zip([*sources, "kept"], pairs, strict=True):
            try:
                copy = kernels.executed_copy(source)
                assert copy is not None
                outcome[name] = json.loads(copy.read_text(encoding="utf-8"))
            except Exception as error:
                outcome[name] = error
    finally:
        kernels.finish()
        # The worker thread's event loop and kernel sockets are closed by garbage collection;
        # collect them here, not at a random later test that would report them as unraisable.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResourceWarning)
            gc.collect()
    yield outcome


def outputs(notebook: object) -> list[tuple[int | None, str]]:
    """Each code cell's execution count and the text of its outputs."""
    assert isinstance(notebook, dict)
    found = []
    for cell in notebook["cells"]:
        texts = []
        for output in cell["outputs"]:
            texts.append(
                "".join(output.get("text") or output.get("data", {}).get("text/plain", ""))
            )
        found.append((cell["execution_count"], "".join(texts)))
    return found


def test_a_shared_kernel_runs_each_notebook_as_if_it_were_new(
    shared_run: dict[str, object],
) -> None:
    root = shared_run["root"]
    assert isinstance(root, Path)
    assert outputs(shared_run["first"]) == [(1, ""), (2, f"{root / 'first'}\n")]
    # The second notebook does not see the first one's variables, runs in its own folder and
    # counts its cells from 1, as in a kernel of its own.
    assert outputs(shared_run["second"]) == [(1, f"False {root / 'second'}\n"), (2, "42")]


def test_a_failing_notebook_raises_its_error_and_the_next_one_still_runs(
    shared_run: dict[str, object],
) -> None:
    from nbclient.exceptions import CellExecutionError

    error = shared_run["broken"]
    assert isinstance(error, CellExecutionError)
    assert "broken on purpose" in str(error)
    assert outputs(shared_run["after"]) == [(1, "after False\n")]


def test_a_kept_copy_is_used_and_a_new_one_replaces_the_old(
    shared_run: dict[str, object],
) -> None:
    root = shared_run["root"]
    assert isinstance(root, Path)
    assert outputs(shared_run["kept"]) == [(None, "")]  # as kept, not executed again
    assert [p.name for p in (root / "copies" / "first").iterdir()] == ["new.ipynb"]
    assert [p.name for p in (root / "copies" / "broken").iterdir()] == ["old.ipynb"]


def test_the_kernels_listen_on_unix_sockets_that_go_with_the_run(
    shared_run: dict[str, object],
) -> None:
    # What the kernel itself reports: no TCP port, and its sockets in the run's own folder,
    # which finish() has deleted.
    [(_, reported)] = outputs(shared_run["sockets"])
    transport, sockets = reported.split()
    assert transport == "ipc"
    folder = Path(sockets).parent
    assert folder.name.startswith("dplesson-notebooks-")
    assert not folder.exists()


def test_nothing_is_held_for_a_notebook_the_run_does_not_execute(tmp_path: Path) -> None:
    assert kernels.executed_copy(str(tmp_path / "lab.ipynb")) is None
    with pytest.raises(ValueError, match="workers must be at least 1; got 0"):
        kernels.start([(str(tmp_path / "lab.ipynb"), tmp_path / "copy.ipynb")], Config(), workers=0)
