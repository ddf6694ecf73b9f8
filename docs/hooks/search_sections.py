"""Material's search reads each page in a helper process, while the build renders the next.

Material's search plugin cuts every page into sections (a heading, its title and its text)
with its own ``Parser``, an ``html.parser.HTMLParser`` that handles one tag at a time in
Python: about 1.5 s for the 95 pages of the five languages, a fifth of a warm build, on the
thread every page waits for (a chapter's highlighted code alone is a few thousand tags).

A warm build starts one helper process (this file as a script, docs/hooks/helper_process.py)
with its first language; its second core is idle otherwise. A cold build starts none: its
kernels and helpers keep both cores busy, and a parser beside them only added its start and
its JSON to that work (measured: with the last two languages, it took half of the core the
page builder needed for them). ``on_page_content``, last, sends the helper the page's final
HTML; it runs Material's same ``Parser`` and answers each section's id, title and text while
the build goes on with the next pages. Material's ``SearchIndex.add_entry_from_context``
gets a stand-in that takes the helper's sections when the page's content is still exactly
the HTML that was sent, and otherwise (a page that changed in ``on_page_context``, a helper
that stopped) parses the page itself, as before. The index is the same: the same parser
read the same HTML, and the entries are made by Material's own ``create_entry_for_section``.
"""

from __future__ import annotations

import importlib
import logging
from concurrent.futures import Future
from typing import Any

from helper_process import Answer, Helper, run
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.search_sections")

#: What the stand-in needs of Material's search plugin module.
NEEDED = ("Parser", "Section", "Element", "SearchIndex")

_state: dict[str, Any] = {"helper": None, "sent": {}, "builds": 0}


def sections(html: str) -> list[tuple[str | None, list[str], list[str]]]:
    """Return the id, title and text of each section Material's search indexes in ``html``."""
    from material.plugins.search.plugin import Parser  # type: ignore[import-untyped]

    parser = Parser()
    parser.feed(html)
    parser.close()
    return [(s.id, s.title, s.text) for s in parser.data if not s.is_excluded()]


def answer(request: Answer) -> Answer:
    """Return the helper's answer: the sections of the request's HTML."""
    return {"sections": sections(request["html"])}


def _module(config: Any) -> Any:
    """Material's search plugin module, if the search is on and has what the stand-in needs."""
    search = config.plugins.get("material/search") or config.plugins.get("search")
    if search is None or not search.config.get("enabled", True):
        return None
    module = importlib.import_module(type(search).__module__)
    if not all(hasattr(module, name) for name in NEEDED):
        log.warning("Material's search has changed: each page is parsed in the build's process")
        return None
    return module


def _install(module: Any) -> None:
    """Put the stand-in in front of ``SearchIndex.add_entry_from_context`` (once per process)."""
    index = module.SearchIndex
    original = index.add_entry_from_context
    if getattr(original, "dplesson", False):
        return

    def add_entry_from_context(self: Any, page: Any) -> None:
        found = _answered(page)
        if found is None:
            original(self, page)
            return
        if (page.meta.get("search") or {}).get("exclude"):
            return
        for key, title, text in found:
            section = module.Section(module.Element("hx"))
            section.id, section.title, section.text = key, title, text
            self.create_entry_for_section(section, page.toc, page.url, page)

    add_entry_from_context.dplesson = True  # type: ignore[attr-defined]
    index.add_entry_from_context = add_entry_from_context


def _answered(page: Any) -> list[tuple[str | None, list[str], list[str]]] | None:
    """Return the helper's sections of ``page`` if its content is still what was sent."""
    sent = _state["sent"].pop(page.file.abs_dest_path, None)
    if sent is None or sent[0] != page.content:
        return None
    try:
        found = sent[1].result()["sections"]
    except RuntimeError as error:
        log.debug("Parsing %s in the build's process: %s", page.file.src_uri, error)
        return None
    return [(key, list(title), list(text)) for key, title, text in found]


def _languages(config: Any) -> int:
    i18n = config.plugins.get("i18n")
    return len(getattr(i18n, "build_languages", None) or [None])


@event_priority(-100)  # after docs/hooks/notebooks.py has started converting the notebooks
def on_config(config: Any) -> Any:
    """Start the helper with a warm build's first language (no notebook is converted)."""
    import notebook_convert  # here, not above: the helper process has no use for nbconvert

    module = _module(config)
    if module is None:
        return config
    _install(module)
    i18n = config.plugins.get("i18n")
    if i18n is None or not getattr(i18n, "building", False):  # a new build's first language
        _stop()
        _state["builds"] = 0
        if not notebook_convert.busy():
            _state["helper"] = Helper(__file__, "search parser")
    return config


@event_priority(-200)  # after every other hook: the HTML the search will read
def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Send the helper the page's HTML, to be cut into sections while the build goes on."""
    helper: Helper | None = _state["helper"]
    if helper is not None and not (page.meta.get("search") or {}).get("exclude"):
        future: Future[Answer] = helper.submit({"html": html})
        _state["sent"][page.file.abs_dest_path] = (html, future)
    return html


def on_post_build(config: Any) -> None:
    """Stop the helper after the last language."""
    _state["builds"] += 1
    if _state["builds"] >= _languages(config):
        _stop()


def on_build_error(error: Exception, **_: Any) -> None:
    """Stop the helper when the build fails."""
    _stop()


def _stop() -> None:
    helper: Helper | None = _state["helper"]
    _state.update(helper=None, sent={})
    if helper is not None:
        helper.close(answer=False)  # no page waits for an answer any more


if __name__ == "__main__":
    import sys

    sys.modules["jieba"] = None  # type: ignore[assignment]  # the parser needs no Chinese words
    run(answer)
