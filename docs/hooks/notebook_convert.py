"""Convert a build's notebook pages in a helper process, ahead of the pages that show them.

mkdocs-jupyter converts a notebook when its page renders: nbconvert's HTML export, then a
Markdown export for the page's table of contents. A cold build converts ten notebooks (the
lab and the exercises in five languages), about 3 s of the one thread that builds the
pages, while the kernels (docs/hooks/notebook_kernels.py) and this helper can use the other
core. ``start_build`` (called by notebooks.py when the first language's build is configured)
finds every notebook page of the build that misses mkdocs-jupyter's cache and hands it to one
helper process: a notebook that is not executed at once, an executed one as soon as its
kernel has written the executed copy. The helper runs mkdocs-jupyter's own ``nb2html`` and
``_get_nb_toc_tokens`` with the options the page will pass, so the page gets the same HTML,
headings and title it would have made itself.

``nb2html`` and ``_get_nb_toc_tokens`` stand in for mkdocs-jupyter's while a run is active: for
a page converted ahead, with the same options, they return the helper's answer (a failed
notebook or conversion raises its error there, as before); any other call goes to
mkdocs-jupyter unchanged. mkdocs-jupyter then writes its cache entry as usual. ``finish``
stops the helper and the kernels. Run as a script, this file is the helper
(docs/hooks/helper_process.py).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import notebook_kernels
from helper_process import Answer, Helper, run

#: mkdocs-jupyter's logger, and the line it writes for each notebook it converts; the tests
#: and tests/reproducible.py count executed notebooks by this line.
JUPYTER_LOG = logging.getLogger("mkdocs.mkdocs-jupyter")
CONVERTING = "Converting notebook (execute=%s): %s"
#: The plugin options mkdocs-jupyter passes to ``nb2html`` (its ``on_pre_page``).
OPTIONS = (
    "kernel_name",
    "theme",
    "allow_errors",
    "show_input",
    "no_input",
    "no_prompt",
    "remove_tag_config",
    "highlight_extra_classes",
    "include_requirejs",
    "custom_mathjax_url",
)

log = logging.getLogger("mkdocs.hooks.notebook_convert")


@dataclass
class _Page:
    """A notebook page converted ahead; its future holds the helper's answer."""

    source: str
    execute: bool
    future: Future[Answer] = field(default_factory=Future)


class _Run:
    """The notebook pages of one build that are converted ahead."""

    def __init__(self, pages: list[tuple[str, bool]], options: dict[str, Any], depth: int) -> None:
        self.options, self.depth = options, depth
        self.pages = {source: _Page(source, execute) for source, execute in pages}
        self.helper = Helper(__file__, "notebook converter")
        executed = [page.source for page in self.pages.values() if page.execute]
        notebook_kernels.start(executed, _execution_config(options))
        for page in self.pages.values():
            if not page.execute:
                self.helper.submit(self._request(page.source), page.future)
                continue
            copy = notebook_kernels.executed_future(page.source)
            assert copy is not None
            copy.add_done_callback(self._executed(page))

    def _request(self, path: str, source: str | None = None) -> dict[str, Any]:
        return {
            "path": path,
            "source": source or path,
            "options": self.options,
            "depth": self.depth,
        }

    def _executed(self, page: _Page) -> Callable[[Future[Path]], None]:
        def convert(copy: Future[Path]) -> None:
            if copy.cancelled():
                page.future.cancel()
            elif copy.exception() is not None:
                if page.future.set_running_or_notify_cancel():
                    page.future.set_exception(copy.exception())
            else:
                self.helper.submit(self._request(str(copy.result()), page.source), page.future)

        return convert

    def answer(self, source: str, execute: bool, options: dict[str, Any]) -> Answer | None:
        """Wait for the helper's answer for ``source``; ``None`` if it was not converted ahead."""
        page = self.pages.get(os.path.normpath(source))
        if page is None or page.execute != execute or options != self.options:
            return None
        return page.future.result()

    def close(self) -> None:
        """Cancel what has not started, stop the kernels, then the helper."""
        for page in self.pages.values():
            page.future.cancel()
        try:
            notebook_kernels.finish()  # what no kernel has started is cancelled, with its page
        finally:
            self.helper.close()


def _execution_config(options: dict[str, Any]) -> Any:
    """Return the nbconvert configuration mkdocs-jupyter would execute a notebook with."""
    from mkdocs_jupyter import convert

    app = convert.get_nbconvert_app(
        execute=True, kernel_name=options["kernel_name"], allow_errors=options["allow_errors"]
    )
    return app.config


_runs: list[_Run] = []


def start_build(config: Any, jupyter: Any, i18n: Any) -> None:
    """Start converting (and executing) this build's uncached notebook pages, all languages."""
    pages = pages_ahead(config, jupyter, i18n)
    finish()
    if not pages:
        return
    _install()
    options = {name: jupyter.config[name] for name in OPTIONS}
    _runs.append(_Run(pages, options, jupyter.config["toc_depth"]))
    executed = sum(execute for _, execute in pages)
    log.info("Converting %d notebooks ahead, executing %d of them", len(pages), executed)


def pages_ahead(config: Any, jupyter: Any, i18n: Any) -> list[tuple[str, bool]]:
    """Return the notebook pages this build will convert, in build order, each with ``execute``.

    That is every notebook in a built language's folder (or outside the language folders)
    that the plugin includes and whose cache entry is missing; ``execute`` says whether the
    plugin executes it. With cell removal by tag configured, the plugin removes cells before
    executing them, so nothing is converted ahead then.
    """
    from mkdocs_jupyter import plugin

    options = jupyter.config
    if options["remove_tag_config"]:
        return []
    docs = Path(config.docs_dir)
    built = list(i18n.build_languages) if i18n is not None else []
    known = set(i18n.all_languages) if i18n is not None else set()
    found = []
    for path in docs.rglob("*.ipynb"):
        relative = path.relative_to(docs)
        top = relative.parts[0]
        if any(part.startswith(".") for part in relative.parts) or (
            top in known and top not in built
        ):
            continue
        if config.exclude_docs is not None and config.exclude_docs.match_file(relative.as_posix()):
            continue
        if not any(path.match(p) for p in options["include"]) or any(
            path.match(p) for p in options["ignore"]
        ):
            continue
        execute = bool(options["execute"]) and not any(
            path.match(p) for p in options["execute_ignore"]
        )
        if options["cache"]:
            key = plugin._compute_cache_key(str(path), options, execute)
            if plugin._get_cache_path(options["cache_dir"], key).exists():
                continue
        order = built.index(top) if top in built else len(built)
        found.append((order, relative.as_posix(), os.path.normpath(path), execute))
    return [(source, execute) for *_, source, execute in sorted(found)]


def busy() -> bool:
    """Say whether a notebook of the current run is still being executed or converted."""
    return any(not page.future.done() for run in _runs for page in run.pages.values())


def finish() -> None:
    """Stop the helper and the kernels of the current run."""
    while _runs:
        _runs.pop().close()


def _answer(source: str, execute: bool, options: dict[str, Any]) -> Answer | None:
    return _runs[-1].answer(source, execute, options) if _runs else None


def _install() -> None:
    """Put the stand-ins in front of mkdocs-jupyter's converters (once per process)."""
    from mkdocs_jupyter import convert, plugin

    original_html = convert.nb2html
    if getattr(original_html, "dplesson", False):
        return
    original_toc = plugin._get_nb_toc_tokens

    def nb2html(nb_path: str, execute: bool = False, **options: Any) -> str:
        started = time.perf_counter()
        answer = _answer(nb_path, execute, options)
        if answer is None:
            return str(original_html(nb_path, execute=execute, **options))
        JUPYTER_LOG.info(CONVERTING, execute, nb_path)
        log.debug("Waited %.2f s for %s", time.perf_counter() - started, nb_path)
        return str(answer["content"])

    def toc_tokens(fpath: str, toc_depth: int) -> tuple[Any, Any]:
        runs = _runs[-1] if _runs else None
        page = runs.pages.get(os.path.normpath(fpath)) if runs is not None else None
        if runs is None or page is None or toc_depth != runs.depth or not page.future.done():
            return original_toc(fpath, toc_depth)  # type: ignore[no-any-return]
        answer = page.future.result()
        return answer["toc"], answer["title"]

    nb2html.dplesson = True  # type: ignore[attr-defined]
    convert.nb2html = nb2html
    plugin._get_nb_toc_tokens = toc_tokens


def answer(request: Answer) -> Answer:
    """Return mkdocs-jupyter's HTML, headings and title of the requested notebook."""
    from mkdocs_jupyter import convert, plugin

    try:
        content = convert.nb2html(request["path"], execute=False, **request["options"])
        toc, title = plugin._get_nb_toc_tokens(request["source"], request["depth"])
    except Exception as error:
        raise RuntimeError(f"converting {request['source']} failed: {error!r}") from error
    return {"content": content, "toc": toc, "title": title}


if __name__ == "__main__":
    import build_speed

    build_speed.share_nbconvert_templates()
    run(answer)
