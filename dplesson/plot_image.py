"""A rendered figure as a small inline PNG with its alt text, for Jupyter and the site.

``dplesson.plots`` draws the lab's figures; ``image`` turns one into a ``PlotImage`` that
Jupyter shows as HTML, so nbconvert keeps the alt text that describes the figure.
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from html import escape

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

from dplesson.validation import check_count

__all__ = ["PlotImage", "image"]


@dataclass(frozen=True)
class PlotImage:
    """A rendered figure: PNG bytes, its size in pixels and the alt text that describes it."""

    png: bytes
    alt: str
    width: int
    height: int

    def html(self) -> str:
        """Return an ``<img>`` holding the PNG inline, with the alt text and the pixel size."""
        source = "data:image/png;base64," + base64.b64encode(self.png).decode("ascii")
        return (
            f'<img src="{source}" alt="{escape(self.alt)}" '
            f'width="{self.width}" height="{self.height}">'
        )

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        """Jupyter shows the HTML image: nbconvert would drop the alt text of an image/png."""
        return {"text/html": self.html(), "text/plain": self.alt}


def image(figure: Figure, alt: str, colours: int = 24) -> PlotImage:
    """Render ``figure`` to a palette PNG of at most ``colours`` colours, described by ``alt``.

    A palette keeps a line plot near 10 KB, so a page of figures stays light.
    """
    if not isinstance(figure, Figure):
        raise ValueError(f"figure must be a matplotlib Figure; got {figure!r}")
    if not isinstance(alt, str) or not alt.strip():
        raise ValueError(f"alt must be a non-empty string describing the figure; got {alt!r}")
    colours = check_count("colours", colours, 2, 256)
    with _pixels(figure) as picture:
        palette = picture.convert("RGB").quantize(colours, method=Image.Quantize.MEDIANCUT)
        width, height = picture.size
    out = io.BytesIO()
    palette.save(out, format="PNG", optimize=True)
    return PlotImage(png=out.getvalue(), alt=alt.strip(), width=width, height=height)


def _pixels(figure: Figure) -> Image.Image:
    """Draw ``figure`` and return its pixels.

    The figures of ``dplesson.plots`` have an Agg canvas: one draw (layout included) gives
    the pixels, where ``savefig`` draws twice (once for the layout) and then encodes a PNG
    only to decode it again; the pixels are the same. Any other figure goes through
    ``savefig``, which leaves its canvas as it was.
    """
    canvas = figure.canvas
    if isinstance(canvas, FigureCanvasAgg):
        canvas.draw()  # type: ignore[no-untyped-call]
        size = canvas.get_width_height(physical=True)
        pixels = canvas.buffer_rgba()  # type: ignore[no-untyped-call]
        return Image.frombuffer("RGBA", size, pixels, "raw", "RGBA", 0, 1).copy()
    rendered = io.BytesIO()
    figure.savefig(rendered, format="png", metadata={"Software": None})
    rendered.seek(0)
    return Image.open(rendered)
