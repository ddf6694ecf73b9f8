"""The wheel on the site, the install line in every locale and checkpoints that lead somewhere."""

from __future__ import annotations

import ast
import io
import json
import re
import shutil
import tempfile
import tomllib
import urllib.parse
import zipfile
from collections.abc import Callable
from concurrent.futures import Future
from importlib.metadata import version
from pathlib import Path
from types import ModuleType, SimpleNamespace

import nbformat
import pytest

from dplesson import locales
from tests import site_soup
from tests.conftest import DOCS, LOCALES, ROOT, source
from tests.notebooks import NOTEBOOKS, code_cells, read, settings
from tests.site_html import scan
from tools import links

TOKEN = "__DPLESSON_WHEEL_URL__"
WHEEL = f"dplesson-{version('dplesson')}-py3-none-any.whl"
#: The extra the install line and the notebooks' first cell install, and its requirement.
EXTRA = "notebooks"
REQUIREMENT = f"dplesson[{EXTRA}]"
#: The oldest Python the package supports (pyproject.toml's requires-python), as pages name it.
PYTHON = "3.11"
#: Which chapter holds which checkpoint box.
BOXES = {1: "laplace", 2: "laplace", 3: "composition"}


@pytest.fixture
def hook(fresh_hook: Callable[[str], ModuleType]) -> ModuleType:
    """``docs/hooks/downloads.py`` as a new build's process has it."""
    return fresh_hook("downloads")


def done(wheel: tuple[str, bytes]) -> Future[tuple[str, bytes]]:
    """A wheel's build that has finished."""
    future: Future[tuple[str, bytes]] = Future()
    future.set_result(wheel)
    return future


def root(site_dir: Path, locale: str) -> Path:
    return site_dir if locale == "en" else site_dir / locale


def test_the_site_carries_the_wheel_of_this_package(site_dir: Path) -> None:
    assert [p.name for p in (site_dir / "downloads").iterdir()] == [WHEEL]
    with zipfile.ZipFile(site_dir / "downloads" / WHEEL) as wheel:
        names = set(wheel.namelist())
        metadata = wheel.read(f"dplesson-{version('dplesson')}.dist-info/METADATA").decode()
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "dplesson").rglob("*.py")}
    assert sources <= names and "dplesson/py.typed" in names
    assert not any("__pycache__" in name or name.startswith("tests/") for name in names)
    assert "Name: dplesson" in metadata and f"Version: {version('dplesson')}" in metadata
    assert "Requires-Dist: numpy" in metadata


def test_the_wheel_is_reproducible_and_dated_by_source_date_epoch(
    hook: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A frozen copy of the sources, so that an edit during the test cannot change the wheel.
    shutil.copytree(ROOT / "dplesson", tmp_path / "dplesson")
    for name in hook.SOURCES:
        shutil.copy2(ROOT / name, tmp_path / name)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    name, first = hook.build_wheel(tmp_path)
    assert name == WHEEL
    assert hook.build_wheel(tmp_path) == (name, first)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1800000000")
    later = hook.build_wheel(tmp_path)[1]
    assert later != first
    with zipfile.ZipFile(io.BytesIO(later)) as wheel:
        assert {info.date_time[0] for info in wheel.infolist()} == {2027}
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    with zipfile.ZipFile(io.BytesIO(hook.build_wheel(tmp_path)[1])) as wheel:
        assert {info.date_time[:3] for info in wheel.infolist()} == {(1980, 1, 1)}


def test_the_wheel_is_cached_until_its_inputs_change(
    hook: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    first = hook.cached_wheel(tmp_path)
    assert first[0] == WHEEL
    monkeypatch.setattr(hook, "build_wheel", lambda: pytest.fail("built again"))
    assert hook.cached_wheel(tmp_path) == first
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000001")
    monkeypatch.setattr(hook, "build_wheel", lambda: ("new.whl", b"new"))
    assert hook.cached_wheel(tmp_path) == ("new.whl", b"new")
    assert len(list(tmp_path.iterdir())) == 1


def test_a_missing_wheel_is_built_beside_the_build_and_waited_for_when_named(
    hook: ModuleType, tmp_path: Path
) -> None:
    config = SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml"))
    hook.on_config(config)
    wheel = hook._wheel["wheel"]  # started: on_config did not wait for it
    name = hook.wheel()[0]
    built = tmp_path / ".cache" / "wheel" / hook._wheel["digest"][0] / name
    assert name == WHEEL and built.is_file() and zipfile.is_zipfile(built)
    hook.on_config(config)  # the next language: same inputs, nothing started
    assert hook._wheel["wheel"] is wheel and hook.wheel()[0] == name


def test_a_plain_build_makes_the_wheel_itself_and_keeps_it_nowhere(
    hook: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DPLESSON_PLAIN_BUILD", "1")
    hook.on_config(SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml")))
    assert hook._wheel["wheel"].done() and hook.wheel()[0] == WHEEL
    assert not (tmp_path / ".cache").exists()


def test_a_page_is_filled_before_the_search_reads_it(
    hook: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hook, "_wheel", {"wheel": done((WHEEL, b"x" * 2500))})
    config = SimpleNamespace(site_url="", theme={"language": "en"}, plugins={})
    html = '<p>[[install-line]]</p><p><a class="dp-notebook" href="../lab/">lab</a></p>'
    file = SimpleNamespace(src_uri="early.md", abs_dest_path="/site/early/index.html")
    page = SimpleNamespace(file=file, url="early/", content=html)
    hook.on_page_context({}, page=page, config=config)
    assert page.content == hook.fill_page(html, page, config) != html
    assert 'href="../lab/lab.en.ipynb"' in page.content and "[[" not in page.content
    # Material's search reads the page in its own on_page_context, at priority 0.
    assert hook.on_page_context.mkdocs_priority > 0


def test_fill_writes_the_wheel_url_and_absolute_links(hook: ModuleType) -> None:
    text = '"WHEEL = \\"__DPLESSON_WHEEL_URL__\\"", "[page](../checkpoints/#checkpoint-2)"'
    filled = hook.fill(text, "https://x.org/d/nl/exercises/exercises.nl.ipynb", "https://x.org/w")
    assert (
        filled
        == '"WHEEL = \\"https://x.org/w\\"", "[page](https://x.org/d/nl/checkpoints/#checkpoint-2)"'
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_home_page_shows_one_install_line_and_links_the_wheel(site_dir: Path, locale: str) -> None:
    home = root(site_dir, locale) / "index.html"
    html = home.read_text(encoding="utf-8")
    assert TOKEN not in html and "[[wheel-link]]" not in html
    spans = re.findall(
        r'<span class="dp-wheel-url" data-wheel="([^"]+)" data-prefix="([^"]+)">([^<]+)</span>',
        html,
    )
    assert len(spans) == 1
    relative, prefix, shown = spans[0]
    assert (home.parent / relative).resolve() == (site_dir / "downloads" / WHEEL).resolve()
    assert prefix == f"{REQUIREMENT} @ "
    url = links.site_url() + f"downloads/{WHEEL}"
    assert shown == (prefix + url if links.site_url() else f"./{WHEEL}[{EXTRA}]")
    assert re.search(r'python -m pip install (&quot;|")<span class="dp-wheel-url"', html)
    notes = site_soup.page(home).select("p.dp-install-note")
    strings = locales.section(locale, "downloads")
    assert [n.get_text() for n in notes] == [
        strings["install_note"].format(python=PYTHON),
        strings["jupyter_note"].replace("`", ""),  # backquoted parts become <code>
    ]
    assert "<code>python -m pip install jupyterlab</code>" in str(notes[1])
    wheel_links = [a for a in scan(home).anchors if a.get("download") == WHEEL]
    assert len(wheel_links) == 1 and wheel_links[0]["href"] == relative
    script = re.findall(r'<script src="([^"]*downloads\.js)" defer>', html)
    assert len(script) == 1 and (home.parent / script[0]).is_file()


@pytest.mark.parametrize("name", NOTEBOOKS)
@pytest.mark.parametrize("locale", LOCALES)
def test_notebook_pages_show_the_install_line(site_dir: Path, locale: str, name: str) -> None:
    html = (root(site_dir, locale) / name.removesuffix(".ipynb") / "index.html").read_text(
        encoding="utf-8"
    )
    assert TOKEN not in html
    # The install line after the download button, and the first code cell's WHEEL = "…".
    assert html.count('class="dp-wheel-url"') == 2
    assert html.count('class="dp-install-note"') == 2 and "[[install-line]]" not in html
    assert html.index('class="nb-download"') < html.index('class="dp-install-note"')


@pytest.mark.parametrize("name", NOTEBOOKS)
@pytest.mark.parametrize("locale", LOCALES)
def test_first_code_cell_installs_what_the_install_line_installs_when_missing(
    locale: str, name: str
) -> None:
    notebook = read(locale, name)
    assert settings(notebook)["WHEEL"] == TOKEN
    assert TOKEN not in notebook.cells[0].source  # the prose names no address
    tree = ast.parse(code_cells(notebook)[0])
    tries = [node for node in tree.body if isinstance(node, ast.Try)]
    assert len(tries) == 1
    # The probe imports what the notebook's code uses: the lab's figures need matplotlib.
    probe = "import dplesson.plots" if name == "lab.ipynb" else "import dplesson"
    assert ast.unparse(tries[0].body[0]) == probe
    handler = ast.unparse(tries[0].handlers[0])
    assert handler.startswith("except ImportError:")
    pip = f"pip = [sys.executable, '-m', 'pip', 'install', f'{REQUIREMENT} @ {{WHEEL}}']"
    assert pip in handler and "done.check_returncode()" in handler
    assert "print(done.stdout, done.stderr, sep='')" in handler  # pip's reason, on failure too


def test_the_install_line_names_the_notebooks_extra_and_the_python_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extra = project["optional-dependencies"][EXTRA]
    # The lab's figures (the plots extra) and a kernel; no Jupyter front end (pyproject says why).
    assert f"{project['name']}[plots]" in extra and any(r.startswith("ipykernel") for r in extra)
    assert not any(r.startswith(("jupyterlab", "notebook", "jupyter ")) for r in extra)
    assert project["requires-python"] == f">={PYTHON}"
    for locale in LOCALES:
        strings = locales.section(locale, "downloads")
        assert "{python}" in strings["install_note"] and "`" in strings["jupyter_note"]


def carried_wheel(text: str, tmp_path: Path) -> tuple[Path, bytes]:
    """Run the lines a copy without an address has before its ``try``; return WHEEL's file."""
    notebook = json.loads(text)
    first = next(cell for cell in notebook["cells"] if cell["cell_type"] == "code")
    source = "".join(first["source"])
    head = source[: source.index("\ntry:\n")]
    assert TOKEN not in source and head.count("WHEEL = ") == 2
    namespace: dict[str, object] = {}
    tempfile.tempdir = str(tmp_path)
    try:
        exec(compile(head, "first-cell", "exec"), namespace)
    finally:
        tempfile.tempdir = None
    wheel_url = str(namespace["WHEEL"])
    assert wheel_url.startswith("file://")
    path = Path(urllib.parse.urlparse(wheel_url).path)
    return path, path.read_bytes()


@pytest.mark.skipif(bool(links.site_url()), reason="with a site_url the copies name the wheel")
@pytest.mark.parametrize("name", NOTEBOOKS)
@pytest.mark.parametrize("locale", LOCALES)
def test_a_notebook_saved_without_an_address_carries_the_wheel(
    site_dir: Path, tmp_path: Path, locale: str, name: str
) -> None:
    stem = name.removesuffix(".ipynb")
    copy = root(site_dir, locale) / stem / f"{stem}.{source(locale, name)}.ipynb"
    text = copy.read_text(encoding="utf-8")
    path, data = carried_wheel(text, tmp_path)
    assert path.name == WHEEL and path.is_relative_to(tmp_path)
    assert data == (site_dir / "downloads" / WHEEL).read_bytes()
    # Everything else is the notebook as written, saved as Jupyter saves it.
    copied, shipped = (
        json.loads(text),
        json.loads((DOCS / source(locale, name) / name).read_text(encoding="utf-8")),
    )
    (position,) = [i for i, c in enumerate(shipped["cells"]) if c["cell_type"] == "code"][:1]
    assert copied["cells"][:position] + copied["cells"][position + 1 :] == (
        shipped["cells"][:position] + shipped["cells"][position + 1 :]
    )
    assert {k: v for k, v in copied.items() if k != "cells"} == {
        k: v for k, v in shipped.items() if k != "cells"
    }
    assert text == nbformat.writes(nbformat.reads(text, as_version=4)) + "\n"  # type: ignore[no-untyped-call]
    comment = locales.section(source(locale, name), "downloads")["carried"]  # its language
    assert f"# {comment}\n" in "".join(copied["cells"][position]["source"])


@pytest.mark.parametrize("locale", LOCALES)
def test_exercise_notebook_refers_to_the_specification_instead_of_repeating_it(
    locale: str,
) -> None:
    prose = "".join(
        c.source for c in read(locale, "exercises.ipynb").cells if c.cell_type == "markdown"
    )
    for number in BOXES:
        assert f"](../checkpoints/#checkpoint-{number})" in prose
    assert "numpy.asarray" not in prose and "6400" not in prose and "4096" not in prose


@pytest.mark.parametrize("locale", LOCALES)
def test_checkpoint_boxes_link_the_specification_and_the_notebook(
    site_dir: Path, locale: str
) -> None:
    checkpoints = root(site_dir, locale) / "checkpoints" / "index.html"
    ids = scan(checkpoints).ids
    notebook = f"exercises.{source(locale, 'exercises.ipynb')}.ipynb"  # English's if missing
    for number, chapter in BOXES.items():
        path = root(site_dir, locale) / chapter / "index.html"
        anchors = scan(path).anchors
        spec = [a for a in anchors if a.get("href", "").endswith(f"#checkpoint-{number}")]
        assert len(spec) == 1, (chapter, number)
        assert (path.parent / spec[0]["href"].split("#")[0]).resolve() == checkpoints.parent
        assert f"checkpoint-{number}" in ids
        downloads = [a for a in anchors if a.get("download") == notebook]
        assert downloads, chapter
        for link in downloads:
            assert (path.parent / link["href"]).is_file()
            assert (
                link["data-fill-wheel"] == f"../{'../' if locale != 'en' else ''}downloads/{WHEEL}"
            )


def test_with_a_site_url_the_build_writes_the_absolute_urls(
    hook: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wheel = tmp_path / "cache" / WHEEL
    wheel.parent.mkdir()
    wheel.write_bytes(b"0" * 2000)
    monkeypatch.setattr(hook, "_wheel", {"wheel": done((WHEEL, wheel.read_bytes()))})
    config = SimpleNamespace(
        site_url="https://example.org/dp/", theme={"language": "en"}, plugins={}
    )
    folder = tmp_path / "nl" / "exercises"
    folder.mkdir(parents=True)
    source = '{"source": "WHEEL = \\"__DPLESSON_WHEEL_URL__\\" [x](../checkpoints/#checkpoint-1)"}'
    (folder / "exercises.nl.ipynb").write_text(source, encoding="utf-8")  # notebooks.py named it
    file = SimpleNamespace(
        src_uri="nl/exercises.ipynb", abs_dest_path=str(folder / "index.html"), locale="nl"
    )
    page = SimpleNamespace(file=file, url="nl/exercises/")
    # The button as docs/hooks/notebooks.py writes it: final name, empty wheel slot.
    button = (
        '<p class="nb-download"><a class="md-button" data-fill-wheel="" '
        'download="exercises.nl.ipynb" href="exercises.nl.ipynb">x</a></p>'
    )
    html = hook.fill_page(f'{button}<code>"{TOKEN}"</code>', page, config)
    wheel_url = f"https://example.org/dp/downloads/{WHEEL}"
    assert f'data-wheel="../../downloads/{WHEEL}">{wheel_url}</span>' in html
    assert "data-fill-wheel" not in html and 'download="exercises.nl.ipynb"' in html
    hook.on_post_page("<body></body>", page, config)
    filled = (folder / "exercises.nl.ipynb").read_text(encoding="utf-8")
    assert TOKEN not in filled and wheel_url in filled
    assert "](https://example.org/dp/nl/checkpoints/#checkpoint-1)" in filled
