"""A small SVG chart renderer: axes, ticks, lines, markers, bars, bands and a legend.

The output is plain, self-contained SVG text meant to be inlined in a page. Text is real
``<text>`` in the page's language (tick numbers with its decimal separator); no colour is
written into the SVG: every mark carries a class (``dp-fig-s0`` … ``dp-fig-s3``,
``dp-fig-axis``, ``dp-fig-grid``) that the site's stylesheet colours from the light or dark
palette, and text is ``currentColor``. Series differ without colour as well: by dash
pattern, marker shape or bar fill, and by their legend entries. The view box is 420 units
wide with 14-unit text, so at 358 CSS px (a phone) text is still about 12 px.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from dplesson import locales

__all__ = ["Axis", "Bars", "Line", "Rule", "chart", "number"]

WIDTH = 420
HEIGHT = 270
FONT = 14
DASHES = ("", "7 4", "2 3", "9 3 2 3")


def number(value: float, lang: str = "en", digits: int = 3) -> str:
    """``value`` with up to ``digits`` significant digits, written the way of ``lang``.

    The figures' name for :func:`dplesson.locales.format_number`, the site's one number format
    (decimal sign, groups of large numbers, U+2212 for minus, no exponent).
    """
    return locales.format_number(value, locales.check_locale(lang), digits)


def _c(value: float) -> str:
    """Write a coordinate rounded to one decimal, without a trailing ``.0``."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text.replace("-0.0", "0")


def _text_width(text: str, size: float = FONT) -> float:
    """Estimated width of ``text``: wide East Asian characters count as one em."""
    return sum(size if ord(ch) >= 0x2E80 else 0.58 * size for ch in text)


@dataclass(frozen=True)
class Axis:
    """One axis: title, range, tick values (and optional tick texts), linear or log10."""

    title: str
    low: float
    high: float
    ticks: Sequence[float]
    log: bool = False
    tick_labels: Sequence[str] | None = None

    def __post_init__(self) -> None:
        if not self.low < self.high or (self.log and self.low <= 0):
            raise ValueError(f"axis {self.title!r} needs 0 < low < high on a log scale, low < high")

    def fraction(self, value: float) -> float:
        """Where ``value`` lies between the ends of the axis, 0 at ``low`` and 1 at ``high``.

        A value outside the axis is refused, so that no mark is silently cut off.
        """
        slack = 1e-9 * (self.high - self.low)
        if not self.low - slack <= value <= self.high + slack:
            raise ValueError(
                f"axis {self.title!r} runs from {self.low} to {self.high}; got {value}"
            )
        if self.log:
            low, high = math.log10(self.low), math.log10(self.high)
            return (math.log10(value) - low) / (high - low)
        return (value - self.low) / (self.high - self.low)

    def labels(self, lang: str) -> list[str]:
        """Return the tick texts: given ones, else the numbers in the locale's format."""
        if self.tick_labels is not None:
            return list(self.tick_labels)
        return [number(t, lang) for t in self.ticks]


@dataclass(frozen=True)
class Line:
    """A series of points joined by a line (``style`` picks the dash) and/or with markers."""

    name: str
    x: Sequence[float]
    y: Sequence[float]
    style: int = 0
    line: bool = True
    markers: bool = False


@dataclass(frozen=True)
class Bars:
    """Bars from 0 to ``y`` at ``x``, ``width`` in x units, shifted by ``offset`` (grouping)."""

    name: str
    x: Sequence[float]
    y: Sequence[float]
    style: int = 0
    width: float = 0.35
    offset: float = 0.0


@dataclass(frozen=True)
class Rule:
    """A horizontal reference line at ``y`` with a direct label; ``band`` shades ``±y``."""

    y: float
    label: str
    style: int = 2
    band: bool = False


@dataclass
class _Frame:
    x: Axis
    y: Axis
    left: float
    top: float
    right: float = WIDTH - 14
    bottom: float = HEIGHT - 46
    parts: list[str] = field(default_factory=list)

    def px(self, value: float) -> float:
        return self.left + self.x.fraction(value) * (self.right - self.left)

    def py(self, value: float) -> float:
        return self.bottom - self.y.fraction(value) * (self.bottom - self.top)

    def add(self, markup: str) -> None:
        self.parts.append(markup)


def _text(x: float, y: float, text: str, anchor: str = "middle", extra: str = "") -> str:
    return f'<text x="{_c(x)}" y="{_c(y)}" text-anchor="{anchor}"{extra}>{escape(text)}</text>'


def _legend(items: Sequence[tuple[str, str]], top: float) -> tuple[list[str], float]:
    """Legend entries (swatch markup, name) laid out in rows from the left; returns the bottom."""
    parts, x, y = [], 14.0, top + FONT
    for swatch, name in items:
        width = 30 + _text_width(name) + 16
        if x > 14 and x + width > WIDTH - 8:
            x, y = 14.0, y + FONT + 6
        parts.append(f'<g transform="translate({_c(x)} {_c(y - 5)})">{swatch}</g>')
        parts.append(_text(x + 30, y, name, "start"))
        x += width
    return parts, y + 10


def _dash(style: int) -> str:
    dash = DASHES[style % len(DASHES)]
    return f' stroke-dasharray="{dash}"' if dash else ""


def _marker(style: int, x: float, y: float) -> str:
    cls = f'class="dp-fig-s{style} dp-fig-mark"'
    if style % 2:
        return f'<rect {cls} x="{_c(x - 4)}" y="{_c(y - 4)}" width="8" height="8"/>'
    return f'<circle {cls} cx="{_c(x)}" cy="{_c(y)}" r="4"/>'


def _swatch(series: Line | Bars | Rule) -> str:
    if isinstance(series, Bars):
        fill = " dp-fig-open" if series.style % 2 else ""
        cls = f"dp-fig-s{series.style} dp-fig-bar{fill}"
        return f'<rect class="{cls}" x="2" y="-6" width="20" height="11"/>'
    if isinstance(series, Rule):
        return (
            f'<path class="dp-fig-s{series.style} dp-fig-line" d="M0 0H24"{_dash(series.style)}/>'
        )
    parts = []
    if series.line:
        parts.append(
            f'<path class="dp-fig-s{series.style} dp-fig-line" d="M0 0H24"{_dash(series.style)}/>'
        )
    if series.markers:
        parts.append(_marker(series.style, 12, 0))
    return "".join(parts)


def _axes(frame: _Frame, lang: str) -> None:
    """Grid lines, tick labels, the two axis lines and the axis titles."""
    x_labels, y_labels = frame.x.labels(lang), frame.y.labels(lang)
    for tick, label in zip(frame.y.ticks, y_labels, strict=True):
        y = frame.py(tick)
        frame.add(f'<path class="dp-fig-grid" d="M{_c(frame.left)} {_c(y)}H{_c(frame.right)}"/>')
        frame.add(_text(frame.left - 6, y + 5, label, "end"))
    for tick, label in zip(frame.x.ticks, x_labels, strict=True):
        x = frame.px(tick)
        frame.add(f'<path class="dp-fig-axis" d="M{_c(x)} {_c(frame.bottom)}v5"/>')
        frame.add(_text(x, frame.bottom + 20, label))
    frame.add(
        f'<path class="dp-fig-axis" d="M{_c(frame.left)} {_c(frame.top)}'
        f'V{_c(frame.bottom)}H{_c(frame.right)}"/>'
    )
    middle = (frame.left + frame.right) / 2
    frame.add(_text(middle, HEIGHT - 6, frame.x.title))
    centre = (frame.top + frame.bottom) / 2
    frame.add(_text(15, centre, frame.y.title, extra=f' transform="rotate(-90 15 {_c(centre)})"'))


def _draw(frame: _Frame, series: Line | Bars | Rule) -> None:
    if isinstance(series, Rule):
        y = frame.py(series.y)
        if series.band:
            low = frame.py(-series.y)
            frame.add(
                f'<rect class="dp-fig-s{series.style} dp-fig-band" x="{_c(frame.left)}" '
                f'y="{_c(y)}" width="{_c(frame.right - frame.left)}" height="{_c(low - y)}"/>'
            )
        frame.add(
            f'<path class="dp-fig-s{series.style} dp-fig-line" d="M{_c(frame.left)} {_c(y)}'
            f'H{_c(frame.right)}"{_dash(series.style)}/>'
        )
        frame.add(_text(frame.right - 4, y - 5, series.label, "end", ' class="dp-fig-label"'))
        return
    if isinstance(series, Bars):
        base = frame.py(0.0 if not frame.y.log else frame.y.low)
        span = frame.x.high - frame.x.low
        half = series.width / span * (frame.right - frame.left) / 2 if not frame.x.log else 6.0
        fill = " dp-fig-open" if series.style % 2 else ""
        for x_value, y_value in zip(series.x, series.y, strict=True):
            x, y = frame.px(x_value + series.offset), frame.py(y_value)
            frame.add(
                f'<rect class="dp-fig-s{series.style} dp-fig-bar{fill}" x="{_c(x - half)}" '
                f'y="{_c(min(y, base))}" width="{_c(2 * half)}" height="{_c(abs(base - y))}"/>'
            )
        return
    points = [(frame.px(x), frame.py(y)) for x, y in zip(series.x, series.y, strict=True)]
    if series.line:
        path = "M" + "L".join(f"{_c(x)} {_c(y)}" for x, y in points)
        frame.add(
            f'<path class="dp-fig-s{series.style} dp-fig-line" d="{path}"{_dash(series.style)}/>'
        )
    if series.markers:
        frame.parts.extend(_marker(series.style, x, y) for x, y in points)


def chart(
    *,
    ident: str,
    title: str,
    desc: str,
    x: Axis,
    y: Axis,
    series: Sequence[Line | Bars | Rule],
    lang: str = "en",
) -> str:
    """Return the SVG of one chart; ``title`` and ``desc`` label it for assistive technology.

    ``ident`` prefixes the ids of ``<title>`` and ``<desc>`` (unique within a page).
    """
    named = [s for s in series if not isinstance(s, Rule) and s.name]
    legend, legend_bottom = _legend([(_swatch(s), s.name) for s in named], 4.0)
    top = legend_bottom + 8 if named else 16.0
    widest = max((_text_width(t) for t in y.labels(lang)), default=0.0)
    frame = _Frame(x=x, y=y, left=30 + widest + 8, top=top)
    _axes(frame, lang)
    for item in series:
        _draw(frame, item)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'class="dp-fig" role="img" aria-labelledby="{ident}-title {ident}-desc" '
        f'font-size="{FONT}">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(desc)}</desc>'
    )
    return head + "".join(legend) + "".join(frame.parts) + "</svg>"
