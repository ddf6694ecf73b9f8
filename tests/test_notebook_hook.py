"""docs/hooks/notebooks.py on a two-language site: pages, not JSON, cached across languages."""

from __future__ import annotations

import gc
import hashlib
import importlib.util
import json
import os
import re
import subprocess
import sys
import warnings
from collections.abc import Iterator
from importlib.metadata import version
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
        named = f"lab.{locale}.ipynb"  # the per-locale copy; docs/hooks/downloads.py fills the slot
        assert f'class="md-button" data-fill-wheel="" download="{named}" href="{named}"' in text
        assert not (page.parent / "lab.ipynb").exists()
        downloaded = json.loads((page.parent / named).read_text(encoding="utf-8"))
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


def load_kernels() -> ModuleType:
    load_hook()  # puts docs/hooks on sys.path, as MkDocs does
    path = HOOK.parent / "notebook_kernels.py"
    spec = importlib.util.spec_from_file_location("notebook_kernels_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # as MkDocs registers a hook; dataclasses look it up
    spec.loader.exec_module(module)
    return module


def load_convert() -> ModuleType:
    load_hook()  # puts docs/hooks on sys.path: notebook_convert imports notebook_kernels
    path = HOOK.parent / "notebook_convert.py"
    spec = importlib.util.spec_from_file_location("notebook_convert_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


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
    """Four notebooks in four folders, executed one after another by one worker."""
    kernels = load_kernels()
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
    paths = {}
    for name, text in sources.items():
        (root / name).mkdir()
        paths[name] = root / name / "lab.ipynb"
        paths[name].write_text(text, encoding="utf-8")
    config = convert.get_nbconvert_app(execute=True, allow_errors=False).config
    kernels.start([str(path) for path in paths.values()], config, workers=1)
    outcome: dict[str, object] = {"root": root}
    try:
        for name, path in paths.items():
            try:
                copy = kernels.executed_copy(str(path))
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
    kernels = load_kernels()
    assert kernels.executed_copy(str(tmp_path / "lab.ipynb")) is None
    with pytest.raises(ValueError, match="workers must be at least 1; got 0"):
        kernels.start([str(tmp_path / "lab.ipynb")], None, workers=0)


def test_the_pages_converted_ahead_are_the_uncached_ones_of_built_languages(
    tmp_path: Path,
) -> None:
    convert = load_convert()
    from types import SimpleNamespace

    from mkdocs_jupyter import plugin

    docs = tmp_path / "docs"
    names = [
        "en/lab.ipynb",
        "en/exercises.ipynb",  # not executed
        "en/.ipynb_checkpoints/lab.ipynb",  # hidden
        "de/lab.ipynb",
        "de/cached.ipynb",
        "fr/lab.ipynb",  # a language that is not built
        "shared.ipynb",  # outside the language folders
        "en/page.md",
    ]
    for name in names:
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(code_notebook(f"print({name!r})"), encoding="utf-8")
    options = {
        "execute": True,
        "remove_tag_config": {},
        "include": ["*.ipynb"],
        "ignore": [],
        "execute_ignore": ["*/exercises.ipynb"],
        "cache": True,
        "cache_dir": str(tmp_path / "cache"),
        **{key: "" for key in ("kernel_name", "theme", "highlight_extra_classes")},
        **{key: False for key in ("allow_errors", "show_input", "no_input", "no_prompt")},
        **{"include_requirejs": False, "custom_mathjax_url": "", "toc_depth": 6},
    }
    key = plugin._compute_cache_key(str(docs / "de" / "cached.ipynb"), options, True)
    cached = plugin._get_cache_path(options["cache_dir"], key)
    cached.parent.mkdir()
    cached.write_text("{}", encoding="utf-8")
    config = SimpleNamespace(docs_dir=str(docs), exclude_docs=None)
    jupyter = SimpleNamespace(config=options)
    # English is built first, so its notebooks come before the German one.
    i18n = SimpleNamespace(build_languages=["en", "de"], all_languages=["en", "de", "fr"])
    assert convert.pages_ahead(config, jupyter, i18n) == [
        (str(docs / "en" / "exercises.ipynb"), False),
        (str(docs / "en" / "lab.ipynb"), True),
        (str(docs / "de" / "lab.ipynb"), True),
        (str(docs / "shared.ipynb"), True),
    ]
    # Without execution every page is converted ahead, and its cache key says so.
    unexecuted = SimpleNamespace(config={**options, "execute": False})
    assert [page for page, execute in convert.pages_ahead(config, unexecuted, i18n)] == [
        str(docs / "en" / "exercises.ipynb"),
        str(docs / "en" / "lab.ipynb"),
        str(docs / "de" / "cached.ipynb"),
        str(docs / "de" / "lab.ipynb"),
        str(docs / "shared.ipynb"),
    ]
    tagged = SimpleNamespace(config={**options, "remove_tag_config": {"remove_cell_tags": ["x"]}})
    assert convert.pages_ahead(config, tagged, i18n) == []


CONVERT_OPTIONS = {
    "kernel_name": "",
    "theme": "light",
    "allow_errors": False,
    "show_input": True,
    "no_input": False,
    "no_prompt": True,
    "remove_tag_config": {},
    "highlight_extra_classes": "",
    "include_requirejs": False,
    "custom_mathjax_url": "",
}


def test_the_helper_answers_what_mkdocs_jupyter_makes_and_names_a_failed_notebook(
    tmp_path: Path,
) -> None:
    convert = load_convert()
    from concurrent.futures import Future

    from mkdocs_jupyter import convert as jupyter_convert
    from mkdocs_jupyter import plugin

    good = tmp_path / "lab.ipynb"
    good.write_text(notebook("Lab ahead", 'print("converted")'), encoding="utf-8")
    missing = tmp_path / "missing.ipynb"
    helper = convert.Helper(convert.__file__, "notebook converter")  # the real helper process
    answers: list[Future[dict[str, object]]] = [Future(), Future()]
    try:
        for path, future in zip((good, missing), answers, strict=True):
            request = {"path": str(path), "source": str(path), "depth": 3}
            helper.submit({**request, "options": CONVERT_OPTIONS}, future)
        answer = answers[0].result(timeout=120)
        with pytest.raises(RuntimeError, match=f"converting {missing} failed"):
            answers[1].result(timeout=120)
    finally:
        helper.close()
    expected = jupyter_convert.nb2html(str(good), execute=False, **CONVERT_OPTIONS)
    assert answer["content"] == expected and "converted" in expected
    toc, title = plugin._get_nb_toc_tokens(str(good), 3)
    assert answer["toc"] == json.loads(json.dumps(toc)) and answer["title"] == title == "Lab ahead"
    # A request after the helper has stopped fails at once instead of waiting for ever.
    late: Future[dict[str, object]] = Future()
    helper.submit({"path": str(good), "source": str(good), "depth": 3, "options": {}}, late)
    with pytest.raises(RuntimeError, match="the notebook converter stopped"):
        late.result(timeout=1)


def test_an_unknown_plugin_version_or_missing_internal_stops_the_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from types import SimpleNamespace

    from mkdocs.exceptions import PluginError

    hook = load_hook()
    jupyter = SimpleNamespace(should_include=lambda file: True)
    i18n = SimpleNamespace(building=False, build_languages=["en"], i18n_files_per_language={})
    hook.check_plugins(jupyter, i18n)
    monkeypatch.setattr(hook, "TESTED", {"mkdocs-jupyter": ("0.0.1",)})
    installed = re.escape(version("mkdocs-jupyter"))
    with pytest.raises(PluginError, match=rf"mkdocs-jupyter 0\.0\.1 .* {installed} is installed"):
        hook.check_plugins(jupyter, i18n)
    monkeypatch.setattr(hook, "TESTED", {})
    with pytest.raises(PluginError, match="the i18n plugin has no building"):
        hook.check_plugins(jupyter, SimpleNamespace(build_languages=[], i18n_files_per_language={}))
