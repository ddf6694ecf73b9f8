"""Render arithmatex's generic math output to MathML at build time.

The browser renders MathML natively, so no math script or font is fetched from anywhere.
"""

from __future__ import annotations

import html
import re
from typing import Any

from latex2mathml.converter import convert

_MATH = re.compile(
    r'<(?P<tag>span|div) class="arithmatex">\s*\\(?P<open>[(\[])(?P<tex>.*?)\\[)\]]\s*</(?P=tag)>',
    re.DOTALL,
)


def _render(match: re.Match[str]) -> str:
    display = "block" if match["open"] == "[" else "inline"
    return convert(html.unescape(match["tex"]).strip(), display=display)


def on_page_content(html_text: str, **_: Any) -> str:
    """Replace every arithmatex placeholder of the page with its MathML."""
    return _MATH.sub(_render, html_text)
