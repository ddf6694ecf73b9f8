"""Savings that change no output: work done once per process instead of once per language.

static-i18n builds every locale with a fresh Jinja environment, so Material's templates
were compiled five times per build (and again on every ``mkdocs serve`` reload). Jinja's
bytecode cache stores each template's source checksum and recompiles on a mismatch, so
sharing one in memory is safe: an edited template is compiled afresh. ``on_config`` also
keeps the compiled templates under ``.cache/jinja/``, so the next build does not compile
them either (Jinja's check covers the source and the Python version that compiled it).

nbconvert does the same on a larger scale: mkdocs-jupyter makes a new exporter, and so a new
Jinja environment, for every notebook it converts, twice (HTML for the page, Markdown for
its table of contents). A cold build converts ten notebooks and compiled nbconvert's
templates twenty times, about 1 s of the main thread, while that thread is what the cold
build waits for. ``share_nbconvert_templates`` gives those environments the same cache.

The five locales show the same code examples (one shared source each), so pymdownx had
Pygments highlight every block five times. ``share_highlighting`` keeps each highlighted
block for the process, keyed by its source and every lexer and formatter option: the same
inputs give Pygments' same output, so only the repeats are skipped. The blocks are also
kept for the next build in ``.cache/highlight/`` (docs/hooks/kept_file.py; the file's name
covers this file and the Pygments and pymdownx versions).

MkDocs lists a theme's files by walking all of its folders, Material's ``.icons`` (14,500
icon files) included, and then drops every hidden path; static-i18n does that once per
language. ``list_visible_theme_files`` gives the theme a loader whose listing skips hidden
folders and files, which leaves the same list.

static-i18n then remakes every file of the collection once per language, and twice more
to find each page's translations: about 1,000 files per language, two thirds of them what
``exclude_docs`` names (the hooks, examples and snippets under ``docs/``). MkDocs never
builds, copies or serves an excluded file, so ``on_files`` drops them before static-i18n
(priority -100) sees them.

At exit, Python collects every reference cycle the build left (BeautifulSoup trees, Jinja
environments, MkDocs' pages): 0.2–0.3 s of every build, after the site is written.
``on_shutdown`` freezes the heap so that Python skips that last collection and the
operating system frees the memory (measured 2026-12-01: exit 0.22–0.33 s → 0.05–0.07 s).

Chinese search words are cut once and kept by docs/hooks/chinese_words.py.
"""

from __future__ import annotations

import gc
import json
import os
import tempfile
from importlib.metadata import version
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from kept_file import KeptFile, digest
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files, InclusionLevel


class SharedBytecode(BytecodeCache):
    """Compiled templates kept in memory for the life of the process, and in ``folder``.

    Without a ``folder`` (the notebook converter's process), in memory only.
    """

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}
        self.folder: Path | None = None

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill ``bucket`` when this exact template was compiled before, here or in a build.

        Jinja leaves the bucket empty (and compiles) if the kept code is of another source.
        """
        code = self.compiled.get(bucket.key)
        if code is None and self.folder is not None:
            try:
                code = (self.folder / f"{bucket.key}.bin").read_bytes()
                bucket.bytecode_from_string(code)
            except Exception:  # unreadable or damaged: compile it as if it were not kept
                bucket.reset()
                return
            if bucket.code is not None:
                self.compiled[bucket.key] = code
            return
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep a freshly compiled template, in memory and in ``folder``."""
        code = self.compiled[bucket.key] = bucket.bytecode_to_string()
        if self.folder is None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.folder, suffix=".part")
        with os.fdopen(handle, "wb") as file:
            file.write(code)
        os.replace(temporary, self.folder / f"{bucket.key}.bin")


CACHE = SharedBytecode()
#: Each highlighted block, under its source and the lexer's and formatter's class and options.
HIGHLIGHTED = KeptFile()


def on_env(env: Any, **_: Any) -> Any:
    """Give every build's Jinja environment the shared cache."""
    env.bytecode_cache = CACHE
    return env


def share_nbconvert_templates() -> None:
    """Give every nbconvert exporter's new Jinja environment ``CACHE`` (once per process)."""
    from nbconvert.exporters.templateexporter import TemplateExporter

    create = TemplateExporter._create_environment
    if getattr(create, "shares_templates", False):
        return

    def create_environment(self: TemplateExporter) -> Any:
        environment = create(self)  # type: ignore[no-untyped-call]
        environment.bytecode_cache = CACHE
        return environment

    create_environment.shares_templates = True  # type: ignore[attr-defined]
    TemplateExporter._create_environment = create_environment  # type: ignore[method-assign]


def share_highlighting() -> None:
    """Let pymdownx's Pygments call return a block highlighted before with the same options."""
    from pymdownx import highlight as module

    pygments_highlight = module.highlight
    if getattr(pygments_highlight, "shares_blocks", False):
        return

    def highlight(code: str, lexer: Any, formatter: Any, outfile: Any = None) -> Any:
        if outfile is not None:
            return pygments_highlight(code, lexer, formatter, outfile)
        key = json.dumps(
            [code, _name(lexer), _options(lexer), _name(formatter), _options(formatter)]
        )
        found = HIGHLIGHTED.get(key)
        if not isinstance(found, str):
            found = pygments_highlight(code, lexer, formatter)
            HIGHLIGHTED.put(key, found)
        return found

    highlight.shares_blocks = True  # type: ignore[attr-defined]
    module.highlight = highlight


def _name(component: Any) -> str:
    """Return the module and name of a Pygments lexer's or formatter's class."""
    kind = type(component)
    return f"{kind.__module__}.{kind.__qualname__}"


def highlight_file(config: Any) -> Path:
    """Where this project keeps highlighted blocks, for these Pygments and pymdownx releases."""
    name = digest([Path(__file__).read_bytes(), version("pygments"), version("pymdown-extensions")])
    return Path(config.config_file_path).parent / ".cache" / "highlight" / f"{name}.json"


def _options(component: Any) -> str:
    """Return a Pygments lexer's or formatter's options (all it was made with) as a key."""
    return repr(sorted(component.options.items()))


class VisibleFileLoader(jinja2.FileSystemLoader):
    """Jinja's file loader, listing no hidden folder or file (MkDocs would drop them)."""

    def list_templates(self) -> list[str]:
        """Return the visible files under the search path, as ``FileSystemLoader`` names them."""
        found: set[str] = set()
        for searchpath in self.searchpath:
            for folder, folders, files in os.walk(searchpath, followlinks=self.followlinks):
                folders[:] = [name for name in folders if not name.startswith(".")]
                relative = os.path.relpath(folder, searchpath)
                prefix = "" if relative == "." else relative.replace(os.path.sep, "/") + "/"
                found.update(prefix + name for name in files if not name.startswith("."))
        return sorted(found)


def list_visible_theme_files(theme: Any) -> None:
    """Let ``theme``'s Jinja environments list their files with ``VisibleFileLoader``."""
    get_env = theme.get_env
    if getattr(get_env, "lists_visible", False):
        return

    def visible_env() -> jinja2.Environment:
        env: jinja2.Environment = get_env()
        env.loader = VisibleFileLoader(theme.dirs)  # the search path of MkDocs' own loader
        return env

    visible_env.lists_visible = True  # type: ignore[attr-defined]
    theme.get_env = visible_env


#: The pymdownx extensions that highlight code through ``pymdownx.highlight``.
HIGHLIGHTERS = ("pymdownx.highlight", "pymdownx.superfences", "pymdownx.inlinehilite")


def on_config(config: Any) -> Any:
    """Install the savings above (once per process); read what the last build kept."""
    CACHE.folder = Path(config.config_file_path).parent / ".cache" / "jinja"
    if "mkdocs-jupyter" in config.plugins:
        share_nbconvert_templates()
    if set(HIGHLIGHTERS) & set(config.markdown_extensions):
        share_highlighting()
        if not getattr(config.plugins.get("i18n"), "building", False):  # a build's first language
            HIGHLIGHTED.open(highlight_file(config))
    list_visible_theme_files(config.theme)
    return config


def on_files(files: Files, **_: Any) -> Files:
    """Drop the files ``exclude_docs`` names: no build, copy or ``serve`` uses them."""
    for file in [file for file in files if file.inclusion is InclusionLevel.EXCLUDED]:
        files.remove(file)
    return files


@event_priority(-150)  # after static-i18n (-100) has built the other languages
def on_post_build(config: Any) -> None:
    """After the last language: keep this build's highlighted blocks if one of them was new."""
    if not getattr(config.plugins.get("i18n"), "building", False):
        HIGHLIGHTED.save()


@event_priority(-1000)  # after every other handler of the event
def on_shutdown() -> None:
    """Spare the exit Python's last full garbage collection: it would only free memory.

    MkDocs calls this when its command ends. By then the site, the kept files and the
    helpers' pipes are written and closed; ``atexit`` handlers (temporary folders) still
    run. What the collector no longer reaches is a reference cycle whose finalizer would
    have run at exit: nothing the build leaves needs one. ``gh-deploy`` goes on after this
    with the collector working on everything made from then on.
    """
    gc.freeze()
