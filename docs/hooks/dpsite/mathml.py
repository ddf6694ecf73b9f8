"""Render arithmatex's math to MathML at build time (``render_page``, a step of pages.py).

The browser renders MathML with the site's own math font (docs/assets/fonts/): no math
script or font is fetched. ``mathml_polish`` repairs latex2mathml's primes, bars, signs and
large operators; a display formula sits in a box that scrolls sideways on a narrow screen.
A formula's MathML depends only on its TeX, latex2mathml and these two files, so
``.cache/mathml/<digest>.json`` keeps the last build's (266 formulas, 0.3–0.4 s of a warm
build), the digest covering latex2mathml's version and both files (docs/hooks/speed.py).
"""

from __future__ import annotations

import html
import re
from importlib.metadata import version
from pathlib import Path
from typing import Any

from latex2mathml.converter import convert

from dpsite import mathml_polish
from dpsite.kept_file import KeptFile, cache_path

_MATH = re.compile(
    r'<(?P<tag>span|div) class="arithmatex">\s*\\(?P<open>[(\[])(?P<tex>.*?)\\[)\]]\s*</(?P=tag)>',
    re.DOTALL,
)
#: Each formula's MathML, under "$$" + TeX (display) or "$" + TeX (inline).
KEPT = KeptFile()


def render(tex: str, display: bool) -> str:
    """Return the polished MathML of one formula; a display formula in its scrolling box."""
    key = ("$$" if display else "$") + tex
    found = KEPT.get(key)
    if not isinstance(found, str):
        mathml = mathml_polish.polish(convert(tex, display="block" if display else "inline"))
        found = f'<div class="dp-math">{mathml}</div>' if display else mathml
        KEPT.put(key, found)
    return found


def _render(match: re.Match[str]) -> str:
    return render(html.unescape(match["tex"]).strip(), display=match["open"] == "[")


def cache_file(config: Any) -> Path:
    """Where this project keeps the formulas, for this latex2mathml and these repairs."""
    sources = [Path(__file__).read_bytes(), Path(mathml_polish.__file__).read_bytes()]
    return cache_path(config, "mathml", [version("latex2mathml"), *sources])


def render_page(html_text: str) -> str:
    """Replace every arithmatex placeholder of a page with its MathML."""
    return _MATH.sub(_render, html_text)
