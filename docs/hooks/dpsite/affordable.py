"""Attach the data of the "how many releases can I afford?" comparison to its widget.

The widget ``<div class="dp-widget dp-affordable">`` on the chapter "Composition beyond the
sum" lets a reader pick a total budget and a noise level. Every count it shows is computed
here, at build time, by ``dplesson.accounting.affordable_releases``; the script only looks
the numbers up, so the page and the package can never disagree. ``attach_grid`` is a step of
docs/hooks/pages.py.
"""

from __future__ import annotations

import json
from functools import cache
from html import escape

from dplesson.accounting import affordable_releases

#: The widget's opening tag as every locale's page writes it (the class list, in this order).
WIDGET = 'class="dp-widget dp-affordable"'
#: The budgets and noise levels the reader can choose from, and the shared δ.
EPSILONS = (0.5, 1.0, 2.0, 4.0)
STDS = (5, 10, 20, 50, 100, 200, 500, 1000)
DELTA = 1e-6


@cache
def grid() -> str:
    """Return the counts for every budget and noise level as compact JSON.

    ``counts[i][j]`` holds the counts for ``epsilons[i]`` and ``stds[j]``.
    """
    counts = [[affordable_releases(epsilon, DELTA, std) for std in STDS] for epsilon in EPSILONS]
    data = {"delta": DELTA, "epsilons": EPSILONS, "stds": STDS, "counts": counts}
    return json.dumps(data, separators=(",", ":"))


def attach_grid(html: str) -> str:
    """Give every affordable-releases widget of the page its ``data-grid``.

    The page writes the widget's class attribute exactly as :data:`WIDGET`; the grid goes in
    right after it, so the page is not parsed again for one attribute.
    """
    if WIDGET not in html:
        return html
    return html.replace(WIDGET, f'{WIDGET} data-grid="{escape(grid())}"')
