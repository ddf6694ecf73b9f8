"""Install and run as a reader does: the site's install line, then both notebooks of every locale.

The built site is served on 127.0.0.1 under a sub-path. The install line is read from the
built pages as a reader copies it: the ``<code>`` of the install block, whose wheel span the
page script (``docs/assets/downloads.js``) writes as ``data-prefix`` plus the wheel's absolute
URL (``data-wheel`` resolved against the page's address). The home, lab and exercises pages
of every locale must show the same line. It runs, split as a shell splits it, in a fresh
virtual environment (``python -m venv``; pip from the interpreter, packages from PyPI or
pip's cache): nothing else is installed there, so the kernel that runs the notebooks is the
one the line brought (``ipykernel``, in the ``notebooks`` extra).

Then every locale's lab and exercise notebook, fetched from the site as "Save link as..."
saves them, runs end to end in a kernel of that environment: the lab draws all its figures
with its locale's alt texts; the exercises report 0/3 with their empty functions, and 3/3
with the checkpoints page's sample solutions pasted in exactly as that locale's page shows
them. Last, with ``dplesson`` uninstalled, one saved lab installs it itself from its first cell:
the copy carries the wheel (or, with a ``site_url``, its address).

One environment serves all locales; pip's own messages are kept for a failure's report.
"""

from __future__ import annotations

import html as html_text
import json
import os
import re
import shlex
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import nbformat
import pytest
from bs4 import BeautifulSoup, Tag
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

from dplesson import plots
from dplesson.checkpoints import CHECKPOINTS
from dplesson.checkpoints.messages import message
from tests.conftest import DOCS, LOCALES, source
from tests.notebooks import code_cells, labels, outputs_text, read, summary_cell
from tools.links import site_url
from tools.site_server import serve

pytestmark = pytest.mark.slow  # runs first (tests/conftest.py)
PREFIX = "/dplesson"
TOKEN = "__DPLESSON_WHEEL_URL__"
KERNEL = "dplesson-fresh"
#: The page script's pattern for relative Markdown links, resolved against the notebook's URL.
RELATIVE_LINK = re.compile(r"\]\((\.\.?\/[^)\s\"\\]*)\)")


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return str(response.read().decode("utf-8"))


def localised(text: str, base: str) -> str:
    """With a ``site_url`` the build writes absolute addresses: point them at this server."""
    return text.replace(site_url(), f"{base}/") if site_url() else text


def install_line(html: str, page_url: str) -> str:
    """The page's install line as a reader copies it, once the page script has run."""
    soup = BeautifulSoup(html, "html.parser")
    note = soup.find("p", class_="dp-install-note")
    assert isinstance(note, Tag), page_url
    block = note.find_next_sibling("div")
    assert isinstance(block, Tag) and "language-sh" in block.get_attribute_list("class")
    code, span = block.find("code"), block.find("span", class_="dp-wheel-url")
    assert isinstance(code, Tag) and isinstance(span, Tag), page_url
    span.string = str(span["data-prefix"]) + urljoin(page_url, str(span["data-wheel"]))
    return code.get_text()


def sample_solutions(html: str) -> list[str]:
    """The code of the checkpoints page's sample solutions, in order, as the page shows it."""
    soup = BeautifulSoup(html, "html.parser")
    found = [box.find("code") for box in soup.find_all("details", class_="success")]
    assert all(isinstance(code, Tag) for code in found)
    return [code.get_text() for code in found if isinstance(code, Tag)]


def fresh_environment(folder: Path) -> Path:
    """A new virtual environment with nothing but pip; return its Python."""
    subprocess.run([sys.executable, "-m", "venv", str(folder / "venv")], check=True)
    return folder / "venv" / "bin" / "python"


def environment(python: Path) -> dict[str, str]:
    """A reader's shell: the fresh venv first on PATH, no PYTHONPATH, no user site."""
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    env["PATH"] = os.pathsep.join([str(python.parent), env.get("PATH", "")])
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONNOUSERSITE="1")
    return env


def shell(command: list[str], python: Path, cwd: Path) -> str:
    done = subprocess.run(
        command, cwd=cwd, env=environment(python), capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, f"{shlex.join(command)}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def kernel(folder: Path, python: Path) -> KernelManager:
    """A kernel manager whose only kernel runs in the fresh environment's Python."""
    spec = folder / "kernels" / KERNEL
    spec.mkdir(parents=True, exist_ok=True)
    argv = [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": KERNEL, "language": "python"}),
        encoding="utf-8",
    )
    specs = KernelSpecManager(kernel_dirs=[str(folder / "kernels")], ensure_native_kernel=False)
    return KernelManager(kernel_name=KERNEL, kernel_spec_manager=specs)


def run(text: str, folder: Path, python: Path) -> Any:
    """Execute the notebook ``text`` in a fresh kernel of ``python``; stop at an error."""
    notebook = nbformat.reads(text, as_version=4)  # type: ignore[no-untyped-call]
    client = NotebookClient(
        notebook,
        km=kernel(folder, python),
        timeout=180,
        resources={"metadata": {"path": str(folder)}},
    )
    client.execute(env=environment(python))
    return notebook


def figures(notebook: Any) -> list[tuple[str, str]]:
    """The alt text and SVG drawing of every figure the lab displayed, in order."""
    found = []
    image = re.compile(r'<svg [^>]*role="img"[^>]*><title[^>]*>([^<]*)</title>(.*?)</svg>', re.S)
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            for alt, drawing in image.findall(output.get("data", {}).get("text/html", "")):
                found.append((html_text.unescape(alt), drawing))
    return found


def with_solutions(text: str, solutions: list[str]) -> str:
    """The exercise notebook with each empty function replaced by its pasted sample."""
    notebook = nbformat.reads(text, as_version=4)  # type: ignore[no-untyped-call]
    for checkpoint, solution in zip(CHECKPOINTS, solutions, strict=True):
        (stub,) = [
            cell
            for cell in notebook.cells
            if cell.cell_type == "code" and cell.source.startswith(f"def {checkpoint.name}(")
        ]
        stub.source = solution
    return str(nbformat.writes(notebook))  # type: ignore[no-untyped-call]


def checks(notebook: Any) -> list[str]:
    return [outputs_text(c) for c in notebook.cells if c.source.startswith("checkpoints.check(")]


def score(notebook: Any) -> str:
    return outputs_text(summary_cell(notebook)).splitlines()[-1]


def prefix(locale: str) -> str:
    return "" if locale == LOCALES[0] else f"{locale}/"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX venv layout")
def test_a_reader_installs_from_the_site_and_runs_both_notebooks_of_every_locale(
    site_dir: Path, tmp_path: Path
) -> None:
    with serve(site_dir, prefix=PREFIX) as base:
        pages: dict[tuple[str, str], tuple[str, str]] = {}
        for locale in LOCALES:
            for page in ("", "lab/", "exercises/", "checkpoints/"):
                url = f"{base}/{prefix(locale)}{page}"
                pages[locale, page] = url, localised(fetch(url), base)
        lines = {
            install_line(html, url)
            for (_, page), (url, html) in pages.items()
            if page != "checkpoints/"
        }
        (line,) = lines  # one line on the home, lab and exercises page of every locale
        wheel = re.escape(f"{base}/downloads/") + r"dplesson-[\d.]+-py3-none-any\.whl"
        assert re.fullmatch(rf'python -m pip install "dplesson\[notebooks\] @ {wheel}"', line)

        python = fresh_environment(tmp_path)
        missing = subprocess.run(
            [str(python), "-c", "import dplesson"],
            cwd=tmp_path,
            env=environment(python),
            capture_output=True,
            text=True,
        )
        assert "No module named 'dplesson'" in missing.stderr
        # A first cell whose pip fails shows pip's reason in the cell, then stops.
        first = code_cells(read(LOCALES[0], "lab.ipynb"))[0]
        gone = (tmp_path / "gone" / "dplesson-0.1.0-py3-none-any.whl").as_uri()
        failed = subprocess.run(
            [str(python), "-c", first.replace(TOKEN, gone)],
            cwd=tmp_path,
            env=environment(python),
            capture_output=True,
            text=True,
        )
        assert "CalledProcessError" in failed.stderr and "ERROR" in failed.stdout
        assert gone.removeprefix("file://") in failed.stdout, failed.stdout
        shell(shlex.split(line), python, tmp_path)
        where = shell(
            [str(python), "-c", "import dplesson; print(dplesson.__file__)"], python, tmp_path
        )
        assert where.startswith(str(tmp_path / "venv")), where

        notebooks: dict[tuple[str, str], str] = {}
        for locale in LOCALES:
            for name in ("lab", "exercises"):
                url, html = pages[locale, f"{name}/"]
                button = BeautifulSoup(html, "html.parser").find("a", attrs={"download": True})
                assert isinstance(button, Tag)
                # A language in progress offers English's notebook until it has its own.
                assert button["download"] == f"{name}.{source(locale, f'{name}.ipynb')}.ipynb"
                notebooks[locale, name] = localised(fetch(urljoin(url, str(button["href"]))), base)

        # Each notebook a language has runs; one it lacks is English's, which ran as English's.
        for locale in (code for code in LOCALES if source(code, "lab.ipynb") == code):
            lab = run(notebooks[locale, "lab"], tmp_path / f"lab-{locale}", python)
            drawn = figures(lab)
            assert [alt for alt, _ in drawn] == [labels(locale)[f]["alt"] for f in plots.FIGURES]
            assert all("<text" in drawing and "<path" in drawing for _, drawing in drawn)

        for locale in (code for code in LOCALES if source(code, "exercises.ipynb") == code):
            text = notebooks[locale, "exercises"]
            stubs = run(text, tmp_path / f"stubs-{locale}", python)
            empty = message(locale, "empty_body")
            assert all(empty in report for report in checks(stubs)), checks(stubs)
            assert score(stubs) == message(locale, "score", passed=0, total=3)

            solutions = sample_solutions(pages[locale, "checkpoints/"][1])
            solved = run(with_solutions(text, solutions), tmp_path / f"solved-{locale}", python)
            passes = [
                message(locale, "pass", number=c.number, name=c.name, count=len(c.cases))
                for c in CHECKPOINTS
            ]
            assert checks(solved) == passes
            assert score(solved) == message(locale, "score", passed=3, total=3)

        # A saved lab in an environment without the package installs it from its first cell
        # (its dependencies stay: the line above installed the same extra).
        shell([str(python), "-m", "pip", "uninstall", "-y", "dplesson"], python, tmp_path)
        last = LOCALES[-1]
        lab = run(notebooks[last, "lab"], tmp_path / "self-install", python)
    assert "Successfully installed" in outputs_text(lab.cells[1])
    assert len(figures(lab)) == len(plots.FIGURES)
    shell([str(python), "-c", "import dplesson.plots"], python, tmp_path)


def test_the_page_script_writes_the_line_and_links_the_way_this_test_does() -> None:
    script = (DOCS / "assets" / "downloads.js").read_text(encoding="utf-8")
    assert '(span.getAttribute("data-prefix") || "") +' in script
    assert 'absolute(span.getAttribute("data-wheel"))' in script
    assert f"/{RELATIVE_LINK.pattern}/g" in script
