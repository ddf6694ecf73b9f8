"""Put the ``dplesson`` wheel on the site and make every install line and notebook point at it.

* ``on_config`` builds the wheel from the working tree with setuptools' PEP 517 backend, in a
  temporary copy of the package (no network, no build isolation, nothing written to the
  tree). Its zip dates are ``SOURCE_DATE_EPOCH`` (1980-01-01 when unset), so one commit gives
  a byte-identical wheel, kept under ``.cache/wheel/`` until its inputs change. A missing
  wheel is built by this file run as a script, beside the build. Pages name it in
  ``on_page_content`` once it is there (a warm build, or a cold one's later pages), so the
  page's final HTML goes to the search (docs/hooks/search_sections.py); a page converted
  while it is still being built names it in ``on_page_context``, before the search indexes
  it, when MkDocs has converted them all. ``on_post_build`` writes it to
  ``downloads/<wheel name>``.
* Notebooks name the wheel with the token ``__DPLESSON_WHEEL_URL__``; its file name, version
  included, comes from the build, never from a page. pip needs an absolute URL: with a
  ``site_url`` the build writes it; without one the page shows the file name and
  ``assets/downloads.js`` puts the absolute URL, derived from the page's own address, in its
  place.
* A paragraph ``[[install-line]]`` becomes the install line as a shell block (locale pages
  hold no code blocks), with the Python version it needs (``requires-python``) before it and
  where to open the notebooks after it: ``python -m pip install "dplesson[notebooks] @ <URL>"``
  (``requirement()``, the extra the notebooks' first cell installs too). Without a ``site_url``
  and without JavaScript it reads ``"./<wheel>[notebooks]"``: true in the folder where the
  reader saved the file that ``[[wheel-link]]``, a link that downloads the wheel, offers.
* Notebook downloads are named per locale (``lab.nl.ipynb``) and work however they are saved
  (the button, "Save link as…", a script): with a ``site_url`` the copy has the wheel's URL
  and absolute links written in; without one no address is known when it is built or saved,
  so the copy carries the wheel itself (``carry_wheel``): its first cell writes it to a
  temporary file and installs from there. The button's script then only makes its relative
  links absolute.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import hashlib
import html as html_text
import io
import json
import logging
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import warnings
from importlib.metadata import version
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import locale_settings
from bs4 import BeautifulSoup, Tag
from download_names import WHEEL_SLOT, download_name
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.utils import get_relative_url

log = logging.getLogger("mkdocs.hooks.downloads")

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "__DPLESSON_WHEEL_URL__"
LINK_MARKER = "<p>[[wheel-link]]</p>"
LINE_MARKER = "<p>[[install-line]]</p>"
#: The extra of ``pyproject.toml`` that holds everything the lab and exercise notebooks need.
EXTRA = "notebooks"
#: What ``[[install-line]]`` becomes: a note, a shell block as Material renders one (with its
#: copy button) and where to open the notebooks.
INSTALL_LINE = (
    '<p class="dp-install-note">{note}</p>'
    '<div class="language-sh highlight"><pre><span></span><code>'
    "python -m pip install &quot;{requirement}&quot;</code></pre></div>"
    '<p class="dp-install-note">{jupyter}</p>'
)
#: The line of a notebook's first code cell that names the wheel.
WHEEL_LINE = f'WHEEL = "{TOKEN}"'
#: What replaces it in a copy built without a ``site_url``: the wheel itself, written to a
#: temporary file whose URL pip installs from. ``{comment}`` is the language's note.
CARRIED = """\
# {comment}
import base64
import pathlib
import tempfile

WHEEL = pathlib.Path(tempfile.mkdtemp(), "{name}")
WHEEL.write_bytes(base64.b64decode("{data}"))
WHEEL = WHEEL.as_uri()"""
SCRIPT = "assets/downloads.js"
#: The files the wheel is built from (``pyproject.toml`` names the package's modules).
SOURCES = ("pyproject.toml", "README.md", "LICENSE")
#: The earliest date a zip file can hold: the default when ``SOURCE_DATE_EPOCH`` is unset.
ZIP_EPOCH = "315532800"
#: ``](../page/)`` in a notebook's Markdown: resolved against the notebook's address.
RELATIVE_LINK = re.compile(r"\]\((\.\.?\/[^)\s\"\\]*)\)")
#: The opening tag of a link that may carry the class ``dp-notebook``.
OPENING_A = re.compile(r"<a\s[^>]*dp-notebook[^>]*>")

_wheel: dict[str, Any] = {}
#: The pages (output paths) of this build whose wheel names were filled in ``on_page_content``.
_filled: set[str] = set()


def build_wheel(root: Path = ROOT) -> tuple[str, bytes]:
    """Build the ``dplesson`` wheel from ``root``'s sources; return its file name and bytes."""
    from setuptools import build_meta

    with tempfile.TemporaryDirectory(prefix="dplesson-wheel-") as temp:
        source, target = Path(temp) / "src", Path(temp) / "dist"
        target.mkdir()
        shutil.copytree(
            root / "dplesson", source / "dplesson", ignore=shutil.ignore_patterns("__pycache__")
        )
        for name in SOURCES:
            shutil.copy2(root / name, source / name)
        previous, epoch = Path.cwd(), os.environ.get("SOURCE_DATE_EPOCH")
        os.environ["SOURCE_DATE_EPOCH"] = epoch or ZIP_EPOCH
        quiet = io.StringIO()
        try:
            os.chdir(source)
            with (
                contextlib.redirect_stdout(quiet),
                contextlib.redirect_stderr(quiet),
                warnings.catch_warnings(),
            ):
                warnings.simplefilter("ignore")  # setuptools' own deprecation notices
                name = build_meta.build_wheel(str(target))
        finally:
            os.chdir(previous)
            if epoch is None:
                del os.environ["SOURCE_DATE_EPOCH"]
        return name, (target / name).read_bytes()


def wheel_name() -> str:
    """Return the name of the wheel this build made: ``dplesson-<version>-py3-none-any.whl``."""
    return _wheel_file().name


def wheel_path() -> str:
    """Return the wheel's path from the site root."""
    return f"downloads/{wheel_name()}"


def _inputs_digest(root: Path = ROOT) -> str:
    """Hash of everything the wheel depends on: sources, the date and setuptools' version."""
    hasher = hashlib.sha256()
    files = [root / name for name in SOURCES] + sorted(
        p for p in (root / "dplesson").rglob("*") if p.is_file() and "__pycache__" not in p.parts
    )
    for path in files:
        hasher.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    epoch = os.environ.get("SOURCE_DATE_EPOCH") or ZIP_EPOCH
    hasher.update(f"{epoch}\0setuptools=={version('setuptools')}".encode())
    return hasher.hexdigest()[:16]


def cached_wheel(cache: Path) -> tuple[str, bytes]:
    """Return the wheel from ``cache`` if its inputs are unchanged, else build and store it.

    ``mkdocs serve`` loads the configuration again on every change; this keeps it quick.
    """
    folder = cache / _inputs_digest()
    found = sorted(folder.glob("*.whl")) if folder.is_dir() else []
    if found:
        return found[0].name, found[0].read_bytes()
    name, data = build_wheel()
    if cache.is_dir():
        for old in cache.iterdir():
            shutil.rmtree(old, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)
    return name, data


def on_config(config: Any) -> Any:
    """Find the wheel of these sources in the cache, or start building it beside the build.

    Every language's build configures again; they all use the same wheel.
    """
    _filled.clear()
    cache = Path(config.config_file_path).parent / ".cache" / "wheel"
    digest = _inputs_digest()
    if _wheel.get("digest") != digest:
        _wheel.clear()
        _wheel.update(digest=digest, folder=cache / digest)
        if not sorted((cache / digest).glob("*.whl")):
            _wheel["process"] = subprocess.Popen(
                [sys.executable, __file__, str(cache)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
    return config


def _wheel_file() -> Path:
    """Return the cached wheel of this build, once its build (if one was needed) is done."""
    if "file" not in _wheel:
        process = _wheel.pop("process", None)
        if process is not None:
            errors = process.communicate()[1]
            if process.returncode:
                raise PluginError(f"building the dplesson wheel failed:\n{errors}")
        found = sorted(Path(_wheel["folder"]).glob("*.whl"))
        if not found:
            raise PluginError(f"no dplesson wheel in {_wheel['folder']}")
        _wheel["file"] = found[0]
        log.debug("Wheel %s", found[0].name)
    return Path(_wheel["file"])


@functools.cache
def _project() -> dict[str, Any]:
    """Return the ``[project]`` table of ``pyproject.toml``."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        project: dict[str, Any] = tomllib.load(file)["project"]
    return project


def requirement() -> str:
    """Return what the install line and the notebooks install: ``dplesson[notebooks]``."""
    project = _project()
    if EXTRA not in project.get("optional-dependencies", {}):
        raise PluginError(f"pyproject.toml has no extra {EXTRA!r} for the install line")
    return f"{project['name']}[{EXTRA}]"


def python_version() -> str:
    """Return the oldest Python the package installs on: ``3.11`` for ``>=3.11``."""
    found = re.fullmatch(r">=\s*(\d+\.\d+)", str(_project().get("requires-python", "")))
    if found is None:
        raise PluginError("pyproject.toml's requires-python must read '>=X.Y' for the install line")
    return found.group(1)


def _inline(text: str) -> str:
    """Escape ``text`` for HTML and show its backquoted parts as code."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html_text.escape(text, quote=False))


def install_line(language: str, relative: str, absolute: str) -> str:
    """Return the block ``[[install-line]]`` becomes: note, shell line, where to open notebooks.

    With ``absolute`` (the wheel's URL from ``site_url``) the line is complete; without it,
    it names the file next to the reader (``./<wheel>[notebooks]``), and the page script
    writes ``dplesson[notebooks] @ <absolute URL>`` in its place (``data-prefix``).
    """
    strings = locale_settings.section(language, "downloads")
    prefix = f"{requirement()} @ "
    shown = prefix + absolute if absolute else f"./{wheel_name()}[{EXTRA}]"
    span = (
        f'<span class="dp-wheel-url" data-wheel="{relative}" '
        f'data-prefix="{html_text.escape(prefix)}">{html_text.escape(shown)}</span>'
    )
    return INSTALL_LINE.format(
        note=_inline(strings["install_note"].format(python=python_version())),
        requirement=span,
        jupyter=_inline(strings["jupyter_note"]),
    )


def _language(page: Any, config: Any) -> str:
    return str(getattr(page.file, "locale", None) or config.theme.get("language", "en"))


def _size(locale: str) -> str:
    """Return the wheel's size in kB, written the locale's way."""
    return locale_settings.format_number(round(_wheel_file().stat().st_size / 1000), locale)


def _wheel_ready() -> bool:
    """Say whether the wheel can be named without waiting for its build."""
    process = _wheel.get("process")
    return process is None or process.poll() is not None


@event_priority(-150)  # after notebooks.py's button, before search_sections.py sends the page
def on_page_content(html: str, page: Any, config: Any, **_: Any) -> str:
    """Fill in the wheel's address, its link and the notebook buttons if the wheel is there."""
    if not _wheel_ready():
        return html
    _filled.add(page.file.abs_dest_path)
    return fill_page(html, page, config)


@event_priority(100)  # before Material's search reads the page's content
def on_page_context(context: Any, page: Any, config: Any, **_: Any) -> Any:
    """Fill in what ``on_page_content`` could not: the wheel was still being built then.

    This waits for the wheel; MkDocs has then converted every page of the language, which
    is the time the wheel's build takes.
    """
    if page.file.abs_dest_path not in _filled:
        page.content = fill_page(page.content, page, config)
    return context


def fill_page(html: str, page: Any, config: Any) -> str:
    """Return ``html`` with the wheel's address, its link and the notebook buttons filled in."""
    relative = get_relative_url(wheel_path(), page.url)
    absolute = urljoin(config.site_url, wheel_path()) if config.site_url else ""
    if LINE_MARKER in html:
        html = html.replace(LINE_MARKER, install_line(_language(page, config), relative, absolute))
    if TOKEN in html:
        shown = absolute or wheel_name()
        span = f'<span class="dp-wheel-url" data-wheel="{relative}">{shown}</span>'
        html = html.replace(TOKEN, span)
    strings = locale_settings.section(_language(page, config), "downloads")
    if LINK_MARKER in html:
        text = strings["wheel_link"].format(name=wheel_name(), size=_size(_language(page, config)))
        link = f'<p><a href="{relative}" download="{wheel_name()}">{text}</a></p>'
        html = html.replace(LINK_MARKER, link)
    if WHEEL_SLOT in html:  # the button of docs/hooks/notebooks.py
        html = html.replace(
            f" {WHEEL_SLOT}", "" if config.site_url else f' data-fill-wheel="{relative}"'
        )
    if "dp-notebook" in html:
        html = _notebook_links(html, page, config, relative)
    return html


def _notebook_links(html: str, page: Any, config: Any, wheel: str) -> str:
    """Point notebook links at the per-locale download; let the script fill it without a URL.

    A Markdown link ``[...](exercises.ipynb){ .dp-notebook }`` is validated as a page link by
    MkDocs and then turned into a download of that page's notebook here. Only the opening
    tags of ``<a>`` elements are parsed (these pages are long; the links are few).
    """
    language = _language(page, config)

    def rewrite(match: re.Match[str]) -> str:
        link = BeautifulSoup(match.group(0), "html.parser").a
        if not isinstance(link, Tag) or "dp-notebook" not in link.get_attribute_list("class"):
            return match.group(0)
        href = str(link["href"]).split("#")[0].rstrip("/")
        stem = posixpath.basename(href).removesuffix(".html").removesuffix(".ipynb")
        link["href"] = f"{href}/{stem}.{language}.ipynb"
        link["download"] = posixpath.basename(str(link["href"]))
        if not config.site_url:
            link["data-fill-wheel"] = wheel
        return str(link).removesuffix("</a>")

    return OPENING_A.sub(rewrite, html)


def fill(text: str, notebook_url: str, wheel_url: str) -> str:
    """Write the wheel's URL into a notebook's text and make its relative links absolute."""
    text = text.replace(TOKEN, wheel_url)
    return RELATIVE_LINK.sub(lambda m: f"]({urljoin(notebook_url, m.group(1))})", text)


def carry_wheel(text: str, name: str, data: bytes, comment: str) -> str:
    """Return the notebook ``text`` with the wheel itself where its address would go.

    The first code cell's ``WHEEL = "<token>"`` becomes lines that write the wheel (``name``,
    ``data``) to a temporary file and set ``WHEEL`` to that file's URL, so the cell's own
    ``pip install "dplesson[notebooks] @ {WHEEL}"`` works in a copy that knows no address.
    The notebook is written back as Jupyter saves it.
    """
    notebook = json.loads(text)
    cell = next(cell for cell in notebook["cells"] if cell["cell_type"] == "code")
    source = "".join(cell["source"])
    if source.count(WHEEL_LINE) != 1:
        raise PluginError(f"a notebook's first code cell must hold {WHEEL_LINE} once")
    encoded = base64.b64encode(data).decode("ascii")
    carried = CARRIED.format(comment=comment, name=name, data=encoded)
    cell["source"] = source.replace(WHEEL_LINE, carried).splitlines(keepends=True)
    written = json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False)
    return written + "\n"  # as nbformat.writes and Jupyter write a notebook


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Fill in the notebook's per-locale copy (its wheel, or the wheel's URL); load the script."""
    if page.file.src_uri.endswith(".ipynb"):
        language = _language(page, config)
        name = download_name(page.file.src_uri, language)
        copy = Path(page.file.abs_dest_path).parent / name  # named by docs/hooks/notebooks.py
        if copy.is_file():
            text = copy.read_text(encoding="utf-8")
            if config.site_url:
                notebook_url = urljoin(config.site_url, page.url + name)
                text = fill(text, notebook_url, urljoin(config.site_url, wheel_path()))
            else:
                comment = locale_settings.section(language, "downloads")["carried"]
                text = carry_wheel(text, wheel_name(), _wheel_file().read_bytes(), comment)
            copy.write_text(text, encoding="utf-8")
    if "dp-wheel-url" in output or "data-fill-wheel" in output:
        script = get_relative_url(SCRIPT, page.url)
        output = output.replace("</body>", f'<script src="{script}" defer></script></body>', 1)
    return output


def on_post_build(config: Any) -> None:
    """Write the wheel next to the pages (each language's build writes the same bytes)."""
    target = Path(config.site_dir) / wheel_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(_wheel_file().read_bytes())


if __name__ == "__main__":
    cached_wheel(Path(sys.argv[1]))
