"""Make mkdocs-jupyter work with mkdocs-static-i18n, cache across languages, and stay lean.

* mkdocs-static-i18n 1.3.1 recreates every File in its ``on_files`` (priority -100) and so
  drops mkdocs-jupyter's notebook wrapper: notebooks would be copied as raw JSON while
  ``--strict`` passes (static-i18n issue #198). ``on_files`` here runs after it and turns
  each notebook back into a documentation page, keeping i18n's locale folder and alternates.
* mkdocs-jupyter evicts every cache entry the current build did not use, and static-i18n
  runs one build per language, so each language evicted the others' executed notebooks.
  ``on_post_build`` lets the plugin evict only after the last language, and only what no
  language used. The cache key also covers the ``dplesson`` sources the notebooks import.
* ``on_page_content`` slims nbconvert's HTML to the notebook's cells
  (docs/hooks/notebook_page.py, kept under ``.cache/`` for the next build).
* ``on_config`` of the first language starts executing every language's uncached notebooks
  in two shared kernels (docs/hooks/notebook_kernels.py), so the five labs no longer each
  pay a kernel start and the imports, and run beside the rest of the build; a helper
  process converts every uncached notebook page ahead (docs/hooks/notebook_convert.py).
* The private internals used here (``_compute_cache_key``, ``_get_cache_path``,
  ``_get_nb_toc_tokens``, ``_used_cache_paths``, ``convert.nb2html``; static-i18n's ``building`` and
  ``i18n_files_per_language``) are checked in ``on_config``: an untested plugin release
  stops the build with a message (``check_plugins``, ``TESTED``).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import posixpath
from importlib.metadata import version
from pathlib import Path
from typing import Any

import notebook_convert
import notebook_page
from download_names import download_name
from markdown.extensions.toc import slugify_unicode
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

log = logging.getLogger("mkdocs.hooks.notebooks")

ROOT = Path(__file__).resolve().parents[2]
#: Build inputs a cached notebook depends on besides its own bytes and the plugin options.
DEPENDENCIES = ("matplotlib", "numpy", "nbconvert", "mkdocs-jupyter", "mplfonts")
#: Releases whose private internals this hook and notebook_convert.py were checked against.
TESTED = {"mkdocs-jupyter": ("0.26.3",), "mkdocs-static-i18n": ("1.3.1",)}
_state: dict[str, Any] = {"used": set(), "builds": 0}


class NotebookPage(File):
    """A notebook that MkDocs renders as a page (mkdocs-jupyter supplies the HTML)."""

    alternates: dict[str, File]

    def is_documentation_page(self) -> bool:
        """Notebooks are pages, whatever their suffix."""
        return True


def _page_uri(uri: str, use_directory_urls: bool) -> str:
    """``nl/lab.ipynb`` becomes ``nl/lab/index.html`` (or ``nl/lab.html``); pages stay."""
    stem, suffix = posixpath.splitext(uri)
    if suffix != ".ipynb":
        return uri
    return stem + ("/index.html" if use_directory_urls else ".html")


def _plugins(config: Any) -> tuple[Any, Any]:
    return config.plugins.get("mkdocs-jupyter"), config.plugins.get("i18n")


def _digest() -> str:
    """Hash of the package sources and library versions that executed notebooks depend on."""
    hasher = hashlib.sha256()
    for path in sorted((ROOT / "dplesson").rglob("*.py")):
        hasher.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    hasher.update(_versions().encode())
    return hasher.hexdigest()


@functools.cache
def _versions() -> str:
    """Return the installed versions of ``DEPENDENCIES``, looked up once (that is slow)."""
    return "".join(f"{name}=={version(name)}\0" for name in DEPENDENCIES)


def _patch_cache_key() -> None:
    """Make mkdocs-jupyter's cache key cover ``dplesson`` too (its key sees the .ipynb only)."""
    from mkdocs_jupyter import plugin as jupyter

    original = jupyter._compute_cache_key
    if getattr(original, "dplesson", False):
        return

    def key(*args: Any, **kwargs: Any) -> str:
        return hashlib.sha256((original(*args, **kwargs) + _digest()).encode()).hexdigest()

    key.dplesson = True  # type: ignore[attr-defined]
    jupyter._compute_cache_key = key


def check_plugins(jupyter: Any, i18n: Any) -> None:
    """Stop the build, saying why, if a plugin is not a version whose internals we know.

    This hook and notebook_convert.py use private parts of mkdocs-jupyter and static-i18n;
    a new release may rename them, and the build would then go wrong quietly (raw JSON
    pages, evicted caches). After checking the new release, add it to ``TESTED``.
    """
    for name, known in TESTED.items():
        found = version(name)
        if found not in known:
            raise PluginError(
                f"docs/hooks/notebooks.py was written for {name} {' or '.join(known)} and relies "
                f"on its internals; {found} is installed. Install a tested version, or check "
                "the internals named in docs/hooks/notebooks.py and add it to TESTED."
            )
    from mkdocs_jupyter import convert, plugin

    needed = {
        "mkdocs_jupyter.plugin": (
            plugin,
            ("_compute_cache_key", "_get_cache_path", "_get_nb_toc_tokens"),
        ),
        "mkdocs_jupyter.convert": (convert, ("nb2html", "get_nbconvert_app")),
        "the mkdocs-jupyter plugin": (jupyter, ("should_include",)),
        "the i18n plugin": (i18n, ("building", "build_languages", "i18n_files_per_language")),
    }
    for owner, (target, names) in needed.items():
        missing = [name for name in names if target is not None and not hasattr(target, name)]
        if missing:
            raise PluginError(f"{owner} has no {', '.join(missing)}: see check_plugins")


def on_config(config: Any) -> Any:
    """Anchor the notebook cache in the repository and let kernels import this ``dplesson``.

    On the first language's build, start executing every language's uncached notebooks.
    """
    jupyter, i18n = _plugins(config)
    if jupyter is None:
        return config
    check_plugins(jupyter, i18n)
    cache_dir = Path(jupyter.config["cache_dir"])
    if not cache_dir.is_absolute():
        jupyter.config["cache_dir"] = str(Path(config.config_file_path).parent / cache_dir)
    _patch_cache_key()
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    if str(ROOT) not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, paths)])
    if i18n is None or not i18n.building:
        notebook_convert.start_build(config, jupyter, i18n)
        notebook_page.KEPT.open(notebook_page.cache_file(config))
    return config


@event_priority(-200)
def on_files(files: Files, config: Any) -> Files:
    """Turn the notebooks that static-i18n made plain files back into pages (issue #198)."""
    jupyter, i18n = _plugins(config)
    if jupyter is None:
        return files
    for file in list(files):
        if isinstance(file, NotebookPage) or not file.src_uri.endswith(".ipynb"):
            continue
        if not jupyter.should_include(file):
            continue
        page = _as_page(file, config, _dest_uri(file, config, i18n))
        page.alternates = _alternates(file, page, config, i18n)
        files.remove(file)
        files.append(page)
    if i18n is not None:
        # The sitemap lists each language's pages as static-i18n saw them; add the notebooks.
        i18n.i18n_files_per_language[i18n.current_language] = files.documentation_pages()
    return files


def _dest_uri(file: File, config: Any, i18n: Any) -> str:
    """Where the page goes: the build language's folder, also when English fills in."""
    if i18n is None or not hasattr(file, "norm_src_uri"):
        return file.dest_uri
    prefix = "" if i18n.current_language == i18n.default_language else i18n.current_language
    return posixpath.join(prefix, file.norm_src_uri)


def _as_page(file: File, config: Any, dest_uri: str | None = None) -> NotebookPage:
    page = NotebookPage(
        file.src_uri,
        file.src_dir,
        config.site_dir,
        config.use_directory_urls,
        dest_uri=_page_uri(dest_uri or file.dest_uri, config.use_directory_urls),
        inclusion=file.inclusion,
    )
    for name in ("locale", "locale_alternate_of", "localization", "norm_src_uri"):
        if hasattr(file, name):
            setattr(page, name, getattr(file, name))
    return page


def _alternates(file: File, page: NotebookPage, config: Any, i18n: Any) -> dict[str, File]:
    """Return the same notebook in every built language, for the switcher and sitemap."""
    if i18n is None or not hasattr(file, "norm_src_uri"):
        return {}
    alternates: dict[str, File] = {}
    docs = Path(config.docs_dir)
    for language in i18n.build_languages:
        if language == i18n.current_language:
            alternates[language] = page
            continue
        source = f"{language}/{file.norm_src_uri}"
        if not (docs / source).is_file():
            source = f"{i18n.default_language}/{file.norm_src_uri}"
        prefix = "" if language == i18n.default_language else f"{language}/"
        alias = File(source, config.docs_dir, config.site_dir, config.use_directory_urls)
        alternates[language] = _as_page(alias, config, prefix + file.norm_src_uri)
    return alternates


def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    """Slim a notebook page to its cells (docs/hooks/notebook_page.py)."""
    if not isinstance(page.file, NotebookPage):
        return html
    language = getattr(page.file, "locale", None) or config.theme.get("language", "en")
    slugify = config.mdx_configs.get("toc", {}).get("slugify") or slugify_unicode
    content, slugs = notebook_page.content(html, page.file.src_uri, language, slugify)
    notebook_page.use_ids(page.toc, slugs)
    return content


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Give the notebook's copy next to its page the per-locale name its button links to."""
    if isinstance(page.file, NotebookPage):
        folder = Path(page.file.abs_dest_path).parent
        copy = folder / posixpath.basename(page.file.src_uri)
        if copy.is_file():
            language = getattr(page.file, "locale", None) or config.theme.get("language", "en")
            copy.replace(folder / download_name(page.file.src_uri, language))
    return output


def on_pre_build(config: Any) -> None:
    """Start counting languages when the outermost build (the default language) starts."""
    _, i18n = _plugins(config)
    if i18n is None or not i18n.building:
        _state.update(used=set(), builds=0)


@event_priority(100)
def on_post_build(config: Any) -> None:
    """Run before mkdocs-jupyter evicts: keep every entry until the last language is built.

    The last build hands mkdocs-jupyter the entries used by any language, so it evicts only
    what no language needed.
    """
    jupyter, i18n = _plugins(config)
    if jupyter is None:
        return
    _state["builds"] += 1
    last = _state["builds"] >= (len(i18n.build_languages) if i18n is not None else 1)
    if last:
        notebook_convert.finish()
        notebook_page.KEPT.save()
    if not jupyter.config["cache"]:
        return
    _state["used"] |= set(getattr(jupyter, "_used_cache_paths", set()))
    if last:
        jupyter._used_cache_paths = set(_state["used"])
    else:
        cache_dir = Path(jupyter.config["cache_dir"])
        jupyter._used_cache_paths = set(cache_dir.glob("*.json"))


def on_build_error(error: Exception, **_: Any) -> None:
    """Stop the kernels when the build fails."""
    notebook_convert.finish()
