"""Put the ``dplesson`` wheel on the site and make every install line and notebook point at it.

The wheel is built from the working tree, dated ``SOURCE_DATE_EPOCH`` (one commit, one
wheel). pip needs an absolute URL: with a ``site_url`` the build writes it; without one the
page names the wheel saved next to the reader and ``assets/downloads.js`` writes the URL the
page's address gives. A notebook's per-locale copy (``lab.nl.ipynb``) works however it is
saved: it holds the wheel's URL and absolute links, or without a ``site_url`` the wheel.
"""

from __future__ import annotations

import base64
import functools
import html as html_text
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from concurrent.futures import Future, ThreadPoolExecutor
from importlib.metadata import version
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from bs4 import BeautifulSoup, Tag
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.utils import get_relative_url

from dplesson import locales
from dpsite import languages, plain
from dpsite.kept_file import digest, tree
from dpsite.notebook_page import WHEEL_SLOT, download_name

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
#: The line of a notebook's first code cell that names the wheel, and what replaces it in a
#: copy built without a ``site_url``: the wheel itself, written to a temporary file whose URL
#: pip installs from (``{comment}`` is the language's note).
WHEEL_LINE = f'WHEEL = "{TOKEN}"'
CARRIED = """\
# {comment}
import base64
import pathlib
import tempfile

WHEEL = pathlib.Path(tempfile.mkdtemp(), "{name}")
WHEEL.write_bytes(base64.b64decode("{data}"))
WHEEL = WHEEL.as_uri()"""
SCRIPT = "assets/downloads.js"
#: Where the wheel lies, from the site root.
FOLDER = "downloads/"
#: The files the wheel is built from (``pyproject.toml`` names the package's modules).
SOURCES = ("pyproject.toml", "README.md", "LICENSE")
#: The earliest date a zip file can hold: the default when ``SOURCE_DATE_EPOCH`` is unset.
ZIP_EPOCH = "315532800"
#: ``](../page/)`` in a notebook's Markdown: resolved against the notebook's address.
RELATIVE_LINK = re.compile(r"\]\((\.\.?\/[^)\s\"\\]*)\)")
#: The opening tag of a link that may carry the class ``dp-notebook``.
OPENING_A = re.compile(r"<a\s[^>]*dp-notebook[^>]*>")
#: Run by a new Python in a copy of the sources: build the wheel, print its name last.
BUILD = "import sys; from setuptools import build_meta; print(build_meta.build_wheel(sys.argv[1]))"

#: The wheel of the sources last configured: their digest and the wheel's future.
_wheel: dict[str, Any] = {}
_BUILDER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dplesson-wheel")


def _epoch() -> str:
    return os.environ.get("SOURCE_DATE_EPOCH") or ZIP_EPOCH


def build_wheel(root: Path = ROOT) -> tuple[str, bytes]:
    """Build the wheel from ``root``'s sources in a copy, by setuptools in its own process."""
    with tempfile.TemporaryDirectory(prefix="dplesson-wheel-") as temp:
        source = Path(temp)
        ignore = shutil.ignore_patterns("__pycache__")
        shutil.copytree(root / "dplesson", source / "dplesson", ignore=ignore)
        for name in SOURCES:
            shutil.copy2(root / name, source / name)
        environment = {**os.environ, "SOURCE_DATE_EPOCH": _epoch()}
        command = [sys.executable, "-W", "ignore", "-c", BUILD, "dist"]
        done = subprocess.run(command, cwd=source, env=environment, capture_output=True, text=True)
        if done.returncode:
            raise PluginError(f"building the dplesson wheel failed:\n{done.stderr}")
        name = done.stdout.splitlines()[-1]
        return name, (source / "dist" / name).read_bytes()


def cached_wheel(cache: Path) -> tuple[str, bytes]:
    """Return the wheel kept in ``cache`` for these inputs, else build and keep it."""
    folder = cache / _wheel_digest()
    found = sorted(folder.glob("*.whl")) if folder.is_dir() else []
    if found:
        return found[0].name, found[0].read_bytes()
    name, data = build_wheel()
    shutil.rmtree(cache, ignore_errors=True)  # the wheels of older sources
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)
    return name, data


def _wheel_digest() -> str:
    """Digest of everything the wheel depends on: sources, the date and setuptools' version."""
    return digest([*tree(ROOT, *SOURCES, "dplesson"), _epoch(), version("setuptools")])


def on_config(config: Any) -> Any:
    """Find the wheel of these sources kept, or start building it (once for every language)."""
    if _wheel.get("digest") != (_wheel_digest(), plain()):
        future: Future[tuple[str, bytes]] = Future()
        if plain():
            future.set_result(build_wheel())
        else:
            cache = Path(config.config_file_path).parent / ".cache" / "wheel"
            future = _BUILDER.submit(cached_wheel, cache)
        _wheel.update(digest=(_wheel_digest(), plain()), wheel=future)
    return config


def wheel() -> tuple[str, bytes]:
    """Return the name (``dplesson-<version>-py3-none-any.whl``) and bytes of the wheel, built."""
    built: Future[tuple[str, bytes]] = _wheel["wheel"]
    return built.result()


@functools.cache
def install_facts() -> tuple[str, str]:
    """Return what the install line installs and the oldest Python it needs (pyproject.toml)."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        project = tomllib.load(file)["project"]
    python = re.fullmatch(r">=\s*(\d+\.\d+)", str(project.get("requires-python", "")))
    if EXTRA not in project.get("optional-dependencies", {}) or python is None:
        raise PluginError(
            f"the install line needs pyproject.toml's extra {EXTRA!r} and requires-python '>=X.Y'"
        )
    return f"{project['name']}[{EXTRA}]", python.group(1)


def _inline(text: str) -> str:
    """Escape ``text`` for HTML and show its backquoted parts as code."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html_text.escape(text, quote=False))


def install_line(language: str, relative: str, absolute: str) -> str:
    """Return the block ``[[install-line]]`` becomes: note, shell line, where to open notebooks.

    Without ``absolute`` (no ``site_url``) the page's script writes ``data-prefix`` and the URL.
    """
    strings = locales.section(language, "downloads")
    requirement, python = install_facts()
    prefix = f"{requirement} @ "
    shown = prefix + absolute if absolute else f"./{wheel()[0]}[{EXTRA}]"
    span = (
        f'<span class="dp-wheel-url" data-wheel="{relative}" '
        f'data-prefix="{html_text.escape(prefix)}">{html_text.escape(shown)}</span>'
    )
    return INSTALL_LINE.format(
        note=_inline(strings["install_note"].format(python=python)),
        requirement=span,
        jupyter=_inline(strings["jupyter_note"]),
    )


@event_priority(languages.BEFORE_PLUGINS)  # before Material's search reads the page's content
def on_page_context(context: Any, page: Any, config: Any, **_: Any) -> Any:
    """Fill in the wheel's address, its link and the notebook buttons (waiting for the wheel)."""
    page.content = fill_page(page.content, page, config)
    return context


def fill_page(html: str, page: Any, config: Any) -> str:
    """Return ``html`` with the wheel's address, its link and the notebook buttons filled in."""
    name, data = wheel()
    relative = get_relative_url(FOLDER + name, page.url)
    absolute = urljoin(config.site_url, FOLDER + name) if config.site_url else ""
    locale = languages.page_locale(page, config)
    if LINE_MARKER in html:
        html = html.replace(LINE_MARKER, install_line(locale, relative, absolute))
    span = f'<span class="dp-wheel-url" data-wheel="{relative}">{absolute or name}</span>'
    html = html.replace(TOKEN, span)
    if LINK_MARKER in html:
        size = locales.format_number(round(len(data) / 1000), locale)
        text = locales.section(locale, "downloads")["wheel_link"].format(name=name, size=size)
        link = f'<p><a href="{relative}" download="{name}">{text}</a></p>'
        html = html.replace(LINK_MARKER, link)
    # The notebook pages' buttons (dpsite.notebook_page) and the chapters' notebook links name
    # the wheel for the page's script, which needs it without a site_url.
    slot = "" if config.site_url else relative
    html = html.replace(f" {WHEEL_SLOT}", f' data-fill-wheel="{slot}"' if slot else "")
    return _notebook_links(html, locale, slot) if "dp-notebook" in html else html


def _notebook_links(html: str, language: str, wheel: str) -> str:
    """Point ``.dp-notebook`` links at the per-locale download (only ``<a>`` tags are parsed)."""

    def rewrite(match: re.Match[str]) -> str:
        link = BeautifulSoup(match.group(0), "html.parser").a
        if not isinstance(link, Tag) or "dp-notebook" not in link.get_attribute_list("class"):
            return match.group(0)
        href = str(link["href"]).split("#")[0].rstrip("/")
        stem = posixpath.basename(href).removesuffix(".html").removesuffix(".ipynb")
        link["href"] = f"{href}/{stem}.{language}.ipynb"
        link["download"] = posixpath.basename(str(link["href"]))
        if wheel:
            link["data-fill-wheel"] = wheel
        return str(link).removesuffix("</a>")

    return OPENING_A.sub(rewrite, html)


def fill(text: str, notebook_url: str, wheel_url: str) -> str:
    """Write the wheel's URL into a notebook's text and make its relative links absolute."""
    text = text.replace(TOKEN, wheel_url)
    return RELATIVE_LINK.sub(lambda m: f"]({urljoin(notebook_url, m.group(1))})", text)


def carry_wheel(text: str, name: str, data: bytes, comment: str) -> str:
    """Return the notebook ``text`` with the wheel itself where its address would go.

    The first code cell's ``pip install "dplesson[notebooks] @ {WHEEL}"`` then installs from
    the temporary file ``CARRIED`` writes: a copy that knows no address works anyway.
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
    language = languages.page_locale(page, config)
    name = download_name(page.file.src_uri, language)
    copy = Path(page.file.abs_dest_path).parent / name  # named by docs/hooks/notebooks.py
    if page.file.src_uri.endswith(".ipynb") and copy.is_file():
        text = copy.read_text(encoding="utf-8")
        if config.site_url:
            urls = (page.url + name, FOLDER + wheel()[0])
            text = fill(text, *(urljoin(config.site_url, url) for url in urls))
        else:
            comment = locales.section(language, "downloads")["carried"]
            text = carry_wheel(text, *wheel(), comment)
        copy.write_text(text, encoding="utf-8")
    if "dp-wheel-url" in output or "data-fill-wheel" in output:
        script = get_relative_url(SCRIPT, page.url)
        output = output.replace("</body>", f'<script src="{script}" defer></script></body>', 1)
    return output


def on_post_build(config: Any) -> None:
    """Write the wheel next to the pages (each language's build writes the same bytes)."""
    name, data = wheel()
    (Path(config.site_dir) / FOLDER).mkdir(parents=True, exist_ok=True)
    (Path(config.site_dir) / FOLDER / name).write_bytes(data)
