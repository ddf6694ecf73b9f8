"""The notebooks of every locale as pages: the labs executed ahead, rendered by mkdocs-jupyter.

* static-i18n 1.3.1 remakes every File and drops mkdocs-jupyter's notebook wrapper (its
  issue #198, open): ``on_files`` turns each notebook back into a page with i18n's folder and
  alternates, and adds them to static-i18n's sitemap list (``languages.check_i18n`` guards).
* The first language's ``on_config`` starts executing every built language's lab in shared
  kernels (``dpsite.kernels``); ``on_pre_page`` points the page's file at its executed copy,
  which mkdocs-jupyter renders without executing (its cache kept per language); pages.py
  points it back. ``on_post_page`` names the downloadable copy per locale (``lab.nl.ipynb``).

``DPLESSON_PLAIN_BUILD=1`` keeps the first point only: mkdocs-jupyter executes each itself.
"""

from __future__ import annotations

import os
import posixpath
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

from dpsite import kernels, languages, plain
from dpsite.notebook_page import NotebookPage, download_name

ROOT = Path(__file__).resolve().parents[2]
#: Whether this build executes notebooks ahead: mkdocs.yml's ``execute``, before on_config.
_ahead: dict[str, bool] = {"on": False}


def _executes(path: Path, options: Any) -> bool:
    """Say whether mkdocs-jupyter, as configured, executes the notebook at ``path``."""
    return any(path.match(p) for p in options["include"]) and not any(
        path.match(p) for p in [*options["ignore"], *options["execute_ignore"]]
    )


def _start(config: Any, options: Any, cache: Path) -> None:
    """Start executing the labs of the built languages' folders, in build order."""
    from mkdocs_jupyter import convert

    docs, kernel, errors = Path(config.docs_dir), options["kernel_name"], options["allow_errors"]
    app = convert.get_nbconvert_app(execute=True, kernel_name=kernel, allow_errors=errors)
    environment = kernels.environment(ROOT, [kernel, errors])
    labs = [p for code in languages.built(config) for p in sorted((docs / code).glob("*.ipynb"))]
    copies = [kernels.copy_path(p, docs, cache / "notebooks", environment) for p in labs]
    pairs = [(str(p), copy) for p, copy in zip(labs, copies, strict=True) if _executes(p, options)]
    kernels.start(pairs, app.config)


def on_config(config: Any) -> Any:
    """Let kernels import this ``dplesson``; unless plain, execute ahead and cache per language."""
    jupyter = config.plugins.get("mkdocs-jupyter")
    if jupyter is None:
        return config
    if languages.plugin(config) is not None:
        languages.check_i18n()
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    if str(ROOT) not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, paths)])
    options, cache = jupyter.config, Path(config.config_file_path).parent / ".cache"
    if languages.first(config):
        _ahead["on"] = not plain() and options["execute"] and not options["remove_tag_config"]
        if _ahead["on"]:
            _start(config, options, cache)
    if not plain():
        options["execute"] = options["execute"] and not _ahead["on"]
        options["cache"] = True
        options["cache_dir"] = str(cache / "mkdocs-jupyter" / languages.locale(config))
    return config


@event_priority(languages.AFTER_I18N)  # after static-i18n has remade the files
def on_files(files: Files, config: Any) -> Files:
    """Turn the notebooks that static-i18n made plain files back into pages (issue #198)."""
    jupyter, i18n = config.plugins.get("mkdocs-jupyter"), languages.plugin(config)
    if jupyter is None:
        return files
    for file in list(files):
        notebook = file.src_uri.endswith(".ipynb") and not isinstance(file, NotebookPage)
        if not notebook or not jupyter.should_include(file):
            continue
        dest_uri = file.dest_uri
        if i18n is not None and hasattr(file, "norm_src_uri"):  # the build language's folder
            folder = "" if i18n.current_language == i18n.default_language else i18n.current_language
            dest_uri = posixpath.join(folder, file.norm_src_uri)  # also where English fills in
        page = _as_page(file, config, dest_uri)
        page.alternates = _alternates(file, page, config)
        files.remove(file)
        files.append(page)
    if i18n is not None:
        # The sitemap lists each language's pages as static-i18n saw them; add the notebooks.
        i18n.i18n_files_per_language[i18n.current_language] = files.documentation_pages()
    return files


def _as_page(file: File, config: Any, dest_uri: str) -> NotebookPage:
    """``nl/lab.ipynb`` as the page ``nl/lab/index.html`` (or ``nl/lab.html``), i18n's too."""
    folders = config.use_directory_urls
    stem = posixpath.splitext(dest_uri)[0] + ("/index" if folders else "")
    args = (file.src_uri, file.src_dir, config.site_dir, folders)
    page = NotebookPage(*args, dest_uri=stem + ".html", inclusion=file.inclusion)
    for name in ("locale", "locale_alternate_of", "localization", "norm_src_uri"):
        if hasattr(file, name):
            setattr(page, name, getattr(file, name))
    return page


def _alternates(file: File, page: NotebookPage, config: Any) -> dict[str, File]:
    """Return the same notebook in every built language, for the switcher and sitemap."""
    if languages.plugin(config) is None or not hasattr(file, "norm_src_uri"):
        return {}
    alternates: dict[str, File] = {}
    docs, default = Path(config.docs_dir), languages.default(config)
    for language in languages.built(config):
        if language == languages.locale(config):
            alternates[language] = page
            continue
        source = f"{language}/{file.norm_src_uri}"
        if not (docs / source).is_file():
            source = f"{default}/{file.norm_src_uri}"
        prefix = "" if language == default else f"{language}/"
        alias = File(source, config.docs_dir, config.site_dir, config.use_directory_urls)
        alternates[language] = _as_page(alias, config, prefix + file.norm_src_uri)
    return alternates


@event_priority(languages.BEFORE_PLUGINS)  # before mkdocs-jupyter reads the page's file
def on_pre_page(page: Any, config: Any, files: Files) -> Any:
    """Point a lab page's file at its executed copy, once the kernels have written it."""
    file = page.file
    if not _ahead["on"] or not isinstance(file, NotebookPage) or file.source is not None:
        return page
    source = str(file.abs_src_path)
    copy = kernels.executed_copy(source)
    if copy is not None:
        file.source, file.abs_src_path = source, str(copy)
    elif _executes(Path(source), config.plugins["mkdocs-jupyter"].config):
        raise PluginError(f"{file.src_uri} was not executed ahead (docs/hooks/notebooks.py)")
    return page


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Give the notebook's copy next to its page the per-locale name its button links to."""
    folder = Path(page.file.abs_dest_path).parent
    copy = folder / posixpath.basename(page.file.src_uri)
    if isinstance(page.file, NotebookPage) and copy.is_file():
        copy.replace(folder / download_name(page.file.src_uri, languages.page_locale(page, config)))
    return output


@event_priority(languages.AFTER_I18N)
def on_post_build(config: Any) -> None:
    """Stop the kernels after the last language."""
    if languages.all_built(config):
        kernels.finish()


def on_build_error(error: Exception, **_: Any) -> None:
    """Stop the kernels when the build fails."""
    kernels.finish()
