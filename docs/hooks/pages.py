"""Every page's content, rewritten in one place and in one order.

``on_page_markdown`` adds a translated page's fallback or outdated note (``dpsite.banners``),
after docs/hooks/exercises.py (listed before this hook) has filled the exercises. This is the
only ``on_page_content`` handler, and ``STEPS`` its order, each step taking the HTML the one
before returned (the functions are in docs/hooks/dpsite/):

1. ``notebook_page.slim_page``: a notebook page's file points at the notebook again
   (mkdocs-jupyter rendered its executed copy); nbconvert's HTML is slimmed to the cells.
2. ``mathml.render_page``: arithmatex's TeX becomes MathML (the exercises' values are in).
3. ``figures.render_page``: ``<div data-figure="ID">`` becomes the figure's SVG.
4. ``affordable.attach_grid``: the affordable-releases widget gets its numbers.
5. ``chapters.number_title``: a chapter's title gets its number (the HTML is left alone).
6. ``banners.mark_notes``: a note gets its ``lang``; a notebook's note goes after its
   heading, so after step 1.

``on_post_page`` marks a fallback page's article ``lang="en"`` (WCAG 3.1.2) and drops the
widgets' scripts and stylesheet where no widget is (``mkdocs.yml`` lists them for all).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from mkdocs.structure.files import Files

from dpsite import affordable, banners, chapters, figures, languages, mathml, notebook_page

Step = Callable[[str, Any, Any, Files], str]
STEPS: tuple[Step, ...] = (
    lambda html, page, config, files: notebook_page.slim_page(html, page, config),
    lambda html, page, config, files: mathml.render_page(html),
    lambda html, page, config, files: figures.render_page(
        html, languages.locale(config), page.file.src_uri
    ),
    lambda html, page, config, files: affordable.attach_grid(html),
    lambda html, page, config, files: chapters.number_title(html, page),
    banners.mark_notes,
)

#: One tag on its own line, as Material's templates write each; the pattern starts with a
#: literal newline, so the scan skips straight from line to line (10× faster than ``\s*``).
_WIDGET_ASSET = re.compile(
    r'\n\s*<(?:script src|link rel="stylesheet" href)="[^"]*assets/widgets/'
    r'(?P<name>[\w-]+)\.(?:js|css)"[^>]*>(?:</script>)?'
)


def on_page_markdown(markdown: str, *, page: Any, config: Any, **_: Any) -> str:
    """Add the fallback or the outdated note to pages of non-English builds."""
    return banners.markdown_note(markdown, page, config)


def on_page_content(html: str, *, page: Any, config: Any, files: Files) -> str:
    """Run the page's HTML through ``STEPS``, in order."""
    for step in STEPS:
        html = step(html, page, config, files)
    return html


def _widgets(html: str) -> set[str]:
    widgets = set(re.findall(r'class="dp-widget dp-([\w-]+)"', html))
    return widgets | {"common", "widgets"} if widgets else set()


def on_post_page(output: str, *, page: Any, config: Any) -> str:
    """Mark a fallback page's article English; remove the widget assets it does not use."""
    output = banners.english_article(output, page, config)
    needed = _widgets(output)
    return _WIDGET_ASSET.sub(lambda m: m.group(0) if m["name"] in needed else "", output)
