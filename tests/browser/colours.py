"""WCAG contrast of what axe-core does not check: SVG strokes and fills, and control borders.

axe's ``color-contrast`` rule checks HTML text (tests/browser/test_axe.py runs it in both
colour schemes); the marks of a drawing and the boundary of a control need 3:1 against the
page (WCAG 2.2, 1.4.11), and SVG text 4.5:1, which only these helpers measure.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

RGB = tuple[float, float, float]
WHITE: RGB = (255.0, 255.0, 255.0)
#: JavaScript: the page's background colour, as ``background``, in the scheme set on <body>.
BACKGROUND = """\
  const probe = document.createElement('div');
  probe.style.background = 'var(--md-default-bg-color)';
  document.body.append(probe);
  const background = getComputedStyle(probe).backgroundColor;
  probe.remove();
"""
# Switch Material's scheme on the open page, then read the page background and each wanted
# element's colour property; the scheme is put back afterwards.
COLOURS = (
    """([scheme, wanted]) => {
  const before = document.body.getAttribute('data-md-color-scheme');
  document.body.setAttribute('data-md-color-scheme', scheme);
"""
    + BACKGROUND
    + """\
  const colours = {};
  for (const [name, [selector, property]] of Object.entries(wanted)) {
    colours[name] = getComputedStyle(document.querySelector(selector))[property];
  }
  document.body.setAttribute('data-md-color-scheme', before);
  return {background, colours};
}"""
)


def luminance(rgb: RGB) -> float:
    """WCAG relative luminance of an sRGB colour given in 0-255 channels."""

    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def parse_color(text: str, under: RGB) -> RGB:
    """An rgb()/rgba() colour as opaque RGB, blended over ``under`` when translucent."""
    parts = [float(p) for p in re.findall(r"[\d.]+", text)]
    alpha = parts[3] if len(parts) == 4 else 1.0
    r, g, b = (alpha * c + (1 - alpha) * u for c, u in zip(parts[:3], under, strict=True))
    return (r, g, b)


def contrast(one: RGB, two: RGB) -> float:
    """The WCAG contrast ratio of two colours, from 1 to 21."""
    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def check_contrast(
    page: Page, scheme: str, wanted: dict[str, tuple[str, str, float]]
) -> dict[str, RGB]:
    """Assert each ``name: (selector, CSS property, least ratio)`` against the page in
    ``scheme`` (``default`` or ``slate``); return the colours seen, for further checks."""
    found = page.evaluate(COLOURS, [scheme, {k: v[:2] for k, v in wanted.items()}])
    background = parse_color(found["background"], WHITE)
    if scheme == "slate":
        assert luminance(background) < 0.1  # the dark scheme is really on
    seen = {}
    for name, value in found["colours"].items():
        seen[name] = parse_color(value, background)
        ratio = contrast(seen[name], background)
        assert ratio >= wanted[name][2], (scheme, name, value, round(ratio, 2))
    assert set(seen) == set(wanted)
    return seen
