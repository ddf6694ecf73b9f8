"""Install and run as a reader does: the wheel from the served site, then the exercise notebook.

The built site is served on 127.0.0.1 under a sub-path. A fresh virtual environment is made
with ``python -m venv`` (pip comes from the interpreter's bundled wheel, offline). It gets
NumPy and the Jupyter kernel from this test environment, so that nothing is downloaded: a
``.pth`` file adds a folder of links to this environment's installed distributions, with
every trace of ``dplesson`` left out, and ``PIP_NO_INDEX=1`` makes any missing dependency an
error instead of a download. ``dplesson`` itself can come only from the site's wheel.

The exercise notebook is fetched from the site and filled in as the page's download button
does it (``docs/assets/downloads.js``): the wheel's URL, derived from the page's address,
replaces the placeholder. It is executed with nbclient in a kernel of the fresh environment
(its Python runs ``ipykernel_launcher``). Its first cell finds no ``dplesson`` and runs the
same ``python -m pip install "<wheel URL>"`` that the home page shows; with the stubs the
checker then reports 0/3, and with the package's own functions pasted in, 3/3.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

from dplesson.checkpoints.messages import message
from tests.conftest import DOCS
from tests.notebooks import outputs_text
from tests.test_notebooks import REFERENCES, pasted
from tools.site_server import serve

TOKEN = "__DPLESSON_WHEEL_URL__"
#: The page script's pattern for relative Markdown links, resolved against the notebook's URL.
RELATIVE_LINK = re.compile(r"\]\((\.\.?\/[^)\s\"\\]*)\)")
PREFIX = "/dplesson"
KERNEL = "dplesson-fresh"


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return str(response.read().decode("utf-8"))


def attribute(html: str, tag_pattern: str, name: str) -> str:
    """The value of ``name`` in the first tag matching ``tag_pattern``."""
    tag = re.search(tag_pattern, html)
    assert tag, tag_pattern
    value = re.search(rf'{name}="([^"]*)"', tag.group(0))
    assert value, (tag.group(0), name)
    return value.group(1)


def fill(text: str, notebook_url: str, wheel_url: str) -> str:
    """What the download button's script does to the notebook before saving it."""
    text = text.replace(TOKEN, wheel_url)
    return RELATIVE_LINK.sub(lambda m: f"]({urljoin(notebook_url, m.group(1))})", text)


def fresh_environment(folder: Path) -> Path:
    """A new venv whose only extra packages are links to this environment's, minus dplesson."""
    subprocess.run([sys.executable, "-m", "venv", str(folder / "venv")], check=True)
    python = folder / "venv" / "bin" / "python"
    links = folder / "links"
    links.mkdir()
    own = Path(sysconfig.get_paths()["purelib"])
    for entry in own.iterdir():
        lowered = entry.name.lower()
        if (
            lowered.startswith(("dplesson", "__editable__", "_virtualenv"))
            or entry.suffix == ".pth"
        ):
            continue
        (links / entry.name).symlink_to(entry)
    venv_site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    Path(venv_site, "test-environment.pth").write_text(f"{links}\n", encoding="utf-8")
    return python


def environment(python: Path) -> dict[str, str]:
    """A reader's shell: the fresh venv first on PATH, no PYTHONPATH, no package index."""
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    env["PATH"] = os.pathsep.join([str(python.parent), env.get("PATH", "")])
    env.update(PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONNOUSERSITE="1")
    return env


def kernel(folder: Path, python: Path) -> KernelManager:
    """A kernel manager whose only kernel runs in the fresh environment's Python."""
    spec = folder / "kernels" / KERNEL
    spec.mkdir(parents=True)
    argv = [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": KERNEL, "language": "python"}),
        encoding="utf-8",
    )
    specs = KernelSpecManager(kernel_dirs=[str(folder / "kernels")], ensure_native_kernel=False)
    return KernelManager(kernel_name=KERNEL, kernel_spec_manager=specs)


def run(notebook: Any, folder: Path, python: Path) -> Any:
    client = NotebookClient(
        notebook,
        km=kernel(folder / f"k{id(notebook)}", python),
        timeout=120,
        resources={"metadata": {"path": str(folder)}},
    )
    client.execute(env=environment(python))
    return notebook


def scores(notebook: Any) -> str:
    return outputs_text(notebook.cells[-1]).splitlines()[-1]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX venv layout")
def test_a_reader_installs_the_wheel_from_the_site_and_runs_the_exercises(
    site_dir: Path, tmp_path: Path
) -> None:
    with serve(site_dir, prefix=PREFIX) as base:
        home = f"{base}/"
        shown = attribute(fetch(home), r'<span class="dp-wheel-url"[^>]*>', "data-wheel")
        wheel_url = urljoin(home, shown)
        assert re.fullmatch(rf"{base}/downloads/dplesson-[\d.]+-py3-none-any\.whl", wheel_url)
        page_url = f"{base}/exercises/"
        button = r"<a [^>]*data-fill-wheel[^>]*>"
        page = fetch(page_url)
        href = attribute(page, button, "href")
        assert href == attribute(page, button, "download") == "exercises.en.ipynb"
        assert urljoin(page_url, attribute(page, button, "data-fill-wheel")) == wheel_url
        notebook_url = urljoin(page_url, href)
        text = fill(fetch(notebook_url), notebook_url, wheel_url)
        assert TOKEN not in text and f"]({base}/checkpoints/#checkpoint-1)" in text

        python = fresh_environment(tmp_path)
        probe = [str(python), "-c", "import dplesson"]
        missing = subprocess.run(
            probe, cwd=tmp_path, env=environment(python), capture_output=True, text=True
        )
        assert "No module named 'dplesson'" in missing.stderr
        stubs = run(nbformat.reads(text, as_version=4), tmp_path, python)  # type: ignore[no-untyped-call]
    where = subprocess.run(
        [str(python), "-c", "import dplesson; print(dplesson.__file__)"],
        cwd=tmp_path,
        env=environment(python),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert where.startswith(str(tmp_path / "venv")), where
    assert scores(stubs) == message("en", "score", passed=0, total=3)

    solved = nbformat.reads(text, as_version=4)  # type: ignore[no-untyped-call]
    for cell in solved.cells:
        for name, function in REFERENCES.items():
            if cell.cell_type == "code" and cell.source.startswith(f"def {name}("):
                cell.source = pasted(function)
    assert scores(run(solved, tmp_path, python)) == message("en", "score", passed=3, total=3)


def test_the_page_script_fills_the_notebook_the_way_this_test_does() -> None:
    script = (DOCS / "assets" / "downloads.js").read_text(encoding="utf-8")
    assert f'"{TOKEN}"' in script
    assert f"/{RELATIVE_LINK.pattern}/g" in script
