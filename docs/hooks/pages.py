"""Every page's content, rewritten in one place and in one order.

This is the only ``on_page_content`` handler: ``STEPS`` is its order, each step taking the
HTML the one before returned. ``on_post_page`` marks a fallback page's article ``lang="en"``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files

from dpsite import banners, chapters, exercise_blocks, figures, languages, mathml
from dpsite import notebook_page as notebooks


def _formula_values(html: str, page: Any, config: Any, files: Files) -> str:
    """Put each exercise value's MathML in place of its stand-in in the page's formulas."""
    try:
        return exercise_blocks.MATH.replace(html)
    except ValueError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from error


#: Out of the search index (``data-search-exclude``): code, collapsed blocks (set-up code,
#: sample solutions), drawings (a lab figure's ticks), references and, as Material's search
#: matches a skipped element by its tag (an outer ``<div>`` would end at its first inner
#: one), every block of an exercise.
_CODE = re.compile(r'<(pre|details|svg|h2 id="references")(?=[\s>])(?! data-search-exclude)')
_BLOCK = re.compile(r"<(div|p|ul|ol|table|pre|details)\b(?! data-search-exclude)")
UNSEARCHED = ("translate.md",)  # the translators' guide: its commands cost every page 6 KB


def _search_exclude(html: str, page: Any, config: Any, files: Files) -> str:
    """Mark what search skips: it finds the lesson, never an answer, in a smaller index."""
    if page.file.src_uri.rpartition("/")[2] in UNSEARCHED:
        page.meta["search"] = {**page.meta.get("search", {}), "exclude": True}
    html = _CODE.sub(r"<\1 data-search-exclude", html)
    for block in reversed(exercise_blocks.find_blocks(html)):
        marked = _BLOCK.sub(r"<\1 data-search-exclude", html[block.start : block.end])
        html = html[: block.start] + marked + html[block.end :]
    return html


Step = Callable[[str, Any, Any, Files], str]
STEPS: tuple[Step, ...] = (
    # A notebook page's file points at the notebook again (mkdocs-jupyter rendered its
    # executed copy); nbconvert's HTML is slimmed to the cells.
    lambda html, page, config, files: notebooks.slim_page(html, page, config),
    # arithmatex's TeX becomes MathML; then each exercise value in a formula (a digit
    # stand-in, since docs/hooks/exercises.py filled it in Markdown) becomes its MathML.
    lambda html, page, config, files: mathml.render_page(html),
    _formula_values,
    # ``<div data-figure="ID">`` becomes the figure's SVG.
    lambda html, page, config, files: figures.render_page(
        html, languages.locale(config), page.file.src_uri
    ),
    # The affordable-releases widget gets its numbers; a chapter's title its number.
    lambda html, page, config, files: figures.attach_grid(html),
    lambda html, page, config, files: chapters.number_title(html, page),
    # A translated page's fallback or outdated note goes after its title (after slimming).
    banners.mark_notes,
    _search_exclude,
)


def on_page_content(html: str, *, page: Any, config: Any, files: Files) -> str:
    """Run the page's HTML through ``STEPS``, in order."""
    for step in STEPS:
        html = step(html, page, config, files)
    return html


def on_post_page(output: str, *, page: Any, config: Any) -> str:
    """Mark the article of a page that falls back to English ``lang="en"``."""
    return banners.english_article(output, page, config)
