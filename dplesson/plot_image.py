"""A rendered figure as inline SVG that follows the page's colours, with its alt text.

``dplesson.plots`` draws the lab's figures; ``image`` turns one into a ``PlotImage``, an
``<svg role="img">`` that Jupyter and the site show as HTML. Text stays text (in the page's
fonts, at any zoom, legible at phone width); no colour of the palette is written as such:
text and axes take ``currentColor``, and series ``PALETTE[i]`` take the site's figure colour
``var(--dp-fig-c<i>, PALETTE[i])``, the chapters' light and dark palette
(``docs/assets/site.css``), so a figure is drawn in the page's scheme, light or dark, and
in ``PALETTE`` where no stylesheet sets the variables (a notebook in Jupyter). The SVG is the
same bytes on every run: its ids come from a salt made from the alt text, never the clock.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections import Counter
from dataclasses import dataclass
from html import escape

import matplotlib as mpl
from matplotlib.figure import Figure

__all__ = ["INK", "PALETTE", "PlotImage", "image"]

#: The series colours (``--dp-fig-c0`` … ``--dp-fig-c3`` of the light scheme).
PALETTE = ("#283593", "#b33c00", "#2e6b30", "#6a1b9a")
#: The colour ``dplesson.plots`` draws text and axes with; it becomes ``currentColor``.
INK = "#010203"

_NUMBER = re.compile(r"-?\d+\.\d+")
_GEOMETRY = re.compile(r'(\s(?:d|x|y|width|height)=")([^"]*)"')
_ID = re.compile(r'\sid="([^"]*)"')
_REFERENCE = re.compile(r'(?:url\(#|href="#)([^)"]+)')
_USE = re.compile(r'(<use href="#([^"]+)" x="[^"]*" y="[^"]*") style="([^"]*)"')
_OPACITY = re.compile(r"(opacity: )(\d\.\d{3,})")


@dataclass(frozen=True)
class PlotImage:
    """A rendered figure: its SVG element, the alt text in its ``<title>``, its size in px."""

    svg: str
    alt: str
    width: int
    height: int

    def html(self) -> str:
        """Return the ``<svg>`` element, to be placed inline in a page or notebook output."""
        return self.svg

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        """Jupyter shows the inline SVG, so it takes the notebook's text colour."""
        return {"text/html": self.html(), "text/plain": self.alt}


def image(figure: Figure, alt: str) -> PlotImage:
    """Render ``figure`` to a ``PlotImage``: inline SVG described by ``alt``."""
    if not isinstance(figure, Figure):
        raise ValueError(f"figure must be a matplotlib Figure; got {figure!r}")
    if not isinstance(alt, str) or not alt.strip():
        raise ValueError(f"alt must be a non-empty string describing the figure; got {alt!r}")
    alt = alt.strip()
    salt = hashlib.sha256(alt.encode("utf-8")).hexdigest()[:8]
    out = io.BytesIO()
    with mpl.rc_context({"svg.fonttype": "none", "svg.hashsalt": salt}):
        figure.savefig(out, format="svg", metadata={"Date": None}, facecolor="none")
    width, height = (round(size * 96) for size in figure.get_size_inches())
    svg = _clean(out.getvalue().decode("utf-8"), salt)
    opening = (
        f'<svg xmlns="http://www.w3.org/2000/svg" '
        f'class="dp-plot" role="img" aria-labelledby="plot-{salt}" width="{width}" '
        f'height="{height}" viewBox="{svg.viewbox}" stroke-linejoin="round" '
        f'font-family="{svg.font}, sans-serif" fill="currentColor">'
        f'<title id="plot-{salt}">{escape(alt)}</title>'
    )
    return PlotImage(svg=opening + svg.body + "</svg>", alt=alt, width=width, height=height)


@dataclass(frozen=True)
class _Svg:
    viewbox: str
    body: str
    font: str


def _clean(svg: str, salt: str) -> _Svg:
    """Return matplotlib's SVG smaller and coloured by the page: its root's body and view box.

    Drops the metadata, the global ``<style>`` (inline in a page it would style the whole
    page), ids nothing refers to and line breaks; rounds coordinates to 0.1 pt; turns
    ``INK`` into ``currentColor`` and each palette colour into its CSS variable.
    """
    viewbox = re.search(r'viewBox="([^"]*)"', svg)
    if viewbox is None:
        raise ValueError("matplotlib wrote an SVG without a viewBox")
    body = svg[svg.index(">", svg.index("<svg")) + 1 : svg.rindex("</svg>")]
    body = re.sub(r"<metadata>.*?</metadata>|<style[^>]*>.*?</style>", "", body, flags=re.S)
    body = re.sub(r"<defs>\s*</defs>", "", body)
    body = _GEOMETRY.sub(lambda m: m[1] + _round(m[2]) + '"', body)
    body = re.sub(r' transform="rotate\(-?0 [^)]*\)"', "", body)
    body = _share_marker_styles(body.replace("xlink:href=", "href="))
    used = set(_REFERENCE.findall(body))
    body = _ID.sub(lambda m: m[0] if m[1] in used else "", body)
    body = re.sub(r"\s*\n\s*", " ", body).replace("> <", "><").strip()
    body = _OPACITY.sub(lambda m: m[1] + f"{float(m[2]):.2f}", body)
    body = body.replace(INK, "currentColor")
    for number, colour in enumerate(PALETTE):
        body = body.replace(colour, f"var(--dp-fig-c{number}, {colour})")
    body, font = _shared_text_style(body)
    if any(f'id="{name}"' not in body for name in used):
        raise ValueError(f"the SVG of figure {salt} refers to an id it lost")
    return _Svg(viewbox=viewbox[1], body=body, font=font)


def _shared_text_style(body: str) -> tuple[str, str]:
    """Put text's usual font family and its ``currentColor`` once on the root element.

    Text in another family (a mathtext exponent may be) keeps its own. The root's ``fill``
    also colours any shape that sets none, in the text's colour.
    """
    families = Counter(re.findall(r"font-family: ([^;\"]+)", body))
    if not families:
        raise ValueError("a figure must have some text: a title or an axis label")
    family = families.most_common(1)[0][0]
    body = body.replace(f"; font-family: {family};", ";").replace(f'; font-family: {family}"', '"')
    return re.sub(r"; fill: currentColor(?=[;\"])", "", body), family


def _share_marker_styles(body: str) -> str:
    """Give a marker drawn many times in one style that style once, on its definition."""
    styles: dict[str, set[str]] = {}
    for _, name, style in _USE.findall(body):
        styles.setdefault(name, set()).add(style)
    shared = {name: style for name, (style, *others) in styles.items() if not others}
    for name, style in shared.items():
        body = re.sub(rf'(<path id="{name}" d="[^"]*") style="[^"]*"', rf'\1 style="{style}"', body)
    return _USE.sub(lambda m: m[1] if m[2] in shared else m[0], body)


def _round(values: str) -> str:
    """Round every decimal number in ``values`` to one decimal, without a trailing ``.0``."""

    def one(match: re.Match[str]) -> str:
        text = f"{float(match[0]):.1f}"
        return "0" if text in ("0.0", "-0.0") else text.removesuffix(".0")

    return re.sub(r"([MLCQZz]) ", r"\1", _NUMBER.sub(one, values)).replace(" M", "M")
