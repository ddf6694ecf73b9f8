"""The numbers of the "how many releases can I afford?" widget (``attach_grid``, a pages.py step).

Every count the widget on "Composition beyond the sum" shows is computed here, at build time,
by ``dplesson.accounting.affordable_releases``; its script only looks them up, so the page
and the package cannot disagree.
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
    """Return ``counts[i][j]`` for ``EPSILONS[i]`` and ``STDS[j]``, with both, as compact JSON."""
    counts = [[affordable_releases(epsilon, DELTA, std) for std in STDS] for epsilon in EPSILONS]
    data = {"delta": DELTA, "epsilons": EPSILONS, "stds": STDS, "counts": counts}
    return json.dumps(data, separators=(",", ":"))


def attach_grid(html: str) -> str:
    """Give every affordable-releases widget (its class written as :data:`WIDGET`) its grid."""
    if WIDGET not in html:
        return html
    return html.replace(WIDGET, f'{WIDGET} data-grid="{escape(grid())}"')
