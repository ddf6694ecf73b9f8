"""Numbers dplesson computes for a page at build time, in two pages.py steps.

``render_page``: ``<div data-figure="ID"></div>`` becomes the SVG ``dplesson.figures`` draws
with the ``figures`` labels and number format of ``dplesson/locales/<locale>.yml``; an
unknown id or a missing label fails the strict build, naming the page and the id.
``attach_grid``: the "how many releases can I afford?" widget gets every count it shows,
from ``dplesson.accounting``, so the page and the package cannot disagree.
"""

from __future__ import annotations

import json
import re
from functools import cache
from html import escape

from mkdocs.exceptions import PluginError

from dplesson import locales
from dplesson.accounting import affordable_releases
from dplesson.figures import catalogue

PLACEHOLDER = re.compile(r'<div data-figure="([^"]*)"></div>')


def labels(locale: str, figure_id: str) -> dict[str, str]:
    """Return the figure's labels in ``locale`` (English where missing), series flattened."""
    entry = locales.section(locale, "figures").get(figure_id) or {}
    flat = {str(k): v for k, v in entry.items() if k != "series"}
    flat.update({str(k): v for k, v in (entry.get("series") or {}).items()})
    text = {k: str(v) for k, v in flat.items() if isinstance(v, str | int | float)}
    if locale == locales.SOURCE or locales.state(locale) != locales.IN_PROGRESS:
        return text
    # A language in progress may still hold English's text: its lists as the language needs.
    english = labels(locales.SOURCE, figure_id)
    return {
        k: locales.separate_lists(v, locale) if v == english.get(k) else v for k, v in text.items()
    }


@cache
def figure_html(figure_id: str, locale: str) -> str:
    """Return the ``<figure>`` of one figure in one locale; ``ValueError`` on a problem."""
    text = labels(locale, figure_id)
    drawn = catalogue.render(figure_id, text, locale)
    for key, label in text.items():
        for problem in locales.comma_lists(label, [drawn.values], locale):
            raise ValueError(f"figures.{figure_id}.{key} in {locale}.yml: {problem}")
    caption = escape(catalogue.fill(text["caption"], drawn.values, locale))
    # Search indexes the caption, not the tick numbers and labels of the drawing.
    svg = drawn.svg.replace("<svg ", "<svg data-search-exclude ", 1)
    return (
        f'<figure class="dp-figure" id="figure-{figure_id}">{svg}'
        f"<figcaption>{caption}</figcaption></figure>"
    )


def render_page(html: str, locale: str, source: str) -> str:
    """Replace every figure placeholder of a page; ``PluginError`` names the file and the id."""

    def replace(match: re.Match[str]) -> str:
        figure_id = match.group(1)
        if figure_id not in catalogue.FIGURES:
            raise PluginError(f"{source}: unknown figure id {figure_id!r}")
        try:
            return figure_html(figure_id, locale)
        except ValueError as error:
            raise PluginError(f"{source}: figure {figure_id!r} ({locale}): {error}") from error

    return PLACEHOLDER.sub(replace, html)


#: The widget's opening tag as every locale's page writes it (the class list, in this order).
WIDGET = 'class="dp-widget dp-affordable"'
#: The budgets and noise levels the reader can choose from, and the shared δ.
EPSILONS = (0.5, 1.0, 2.0, 4.0)
STDS = (5, 10, 20, 50, 100, 200, 500, 1000)
DELTA = 1e-6


@cache
def grid() -> str:
    """Return ``counts[i][j]`` for ``EPSILONS[i]`` and ``STDS[j]``, with both, as compact JSON."""
    counts = [[affordable_releases(epsilon, DELTA, std) for std in STDS] for epsilon in EPSILONS]
    data = {"delta": DELTA, "epsilons": EPSILONS, "stds": STDS, "counts": counts}
    return json.dumps(data, separators=(",", ":"))


def attach_grid(html: str) -> str:
    """Give every affordable-releases widget (its class written as :data:`WIDGET`) its grid."""
    return html.replace(WIDGET, f'{WIDGET} data-grid="{escape(grid())}"')
