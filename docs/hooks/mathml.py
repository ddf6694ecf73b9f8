"""Render arithmatex's generic math output to MathML at build time.

The browser renders MathML natively with the site's own math font (docs/assets/fonts/), so no
math script or font is fetched from anywhere. ``mathml_polish`` repairs latex2mathml's primes,
bars, signs and large operators; a display formula sits in its own box, which scrolls
sideways when the formula is wider than a phone's screen instead of widening the page.
"""

from __future__ import annotations

import html
import re
from functools import cache
from typing import Any

import mathml_polish
from latex2mathml.converter import convert

_MATH = re.compile(
    r'<(?P<tag>span|div) class="arithmatex">\s*\\(?P<open>[(\[])(?P<tex>.*?)\\[)\]]\s*</(?P=tag)>',
    re.DOTALL,
)


@cache  # 2,710 formulas per build are 266 distinct ones; the output depends on the input only
def render(tex: str, display: bool) -> str:
    """Return the polished MathML of one formula; a display formula in its scrolling box."""
    mathml = mathml_polish.polish(convert(tex, display="block" if display else "inline"))
    return f'<div class="dp-math">{mathml}</div>' if display else mathml


def _render(match: re.Match[str]) -> str:
    return render(html.unescape(match["tex"]).strip(), display=match["open"] == "[")


def on_page_content(html_text: str, **_: Any) -> str:
    """Replace every arithmatex placeholder of the page with its MathML."""
    return _MATH.sub(_render, html_text)
