"""Put the chapters' figures in place: ``<div data-figure="ID"></div>`` becomes an inline SVG.

The placeholder stands on its own line of a page (blank lines around it, the same line in
every locale). The figure is drawn at build time by ``dplesson.figures.catalogue`` with the
locale's labels and number format from the ``figures`` section of the locale's settings
file, ``dplesson/locales/<locale>.yml`` (``figures: {ID: {caption:, alt:, x:, y:, series:
{...}}}``); numbers in the caption and alt text are ``{placeholders}`` filled from the
figure's own values. An unknown id or a missing
label fails the strict build with a ``PluginError`` naming the page and the id.
"""

from __future__ import annotations

import re
from functools import cache
from html import escape
from typing import Any

import locale_settings
from mkdocs.exceptions import PluginError

from dplesson.figures import catalogue

PLACEHOLDER = re.compile(r'<div data-figure="([^"]*)"></div>')


def _locale(config: Any) -> str:
    i18n = config.plugins.get("i18n")
    return str(getattr(i18n, "current_language", None) or config.theme.get("language") or "en")


def labels(locale: str, figure_id: str) -> dict[str, str]:
    """Return the figure's labels in ``locale`` (English where missing), series flattened."""
    entry = locale_settings.section(locale, "figures").get(figure_id) or {}
    flat = {str(k): v for k, v in entry.items() if k != "series"}
    flat.update({str(k): v for k, v in (entry.get("series") or {}).items()})
    return {k: str(v) for k, v in flat.items() if isinstance(v, str | int | float)}


@cache
def figure_html(figure_id: str, locale: str) -> str:
    """Return the ``<figure>`` of one figure in one locale; ``ValueError`` on a problem."""
    text = labels(locale, figure_id)
    drawn = catalogue.render(figure_id, text, locale)
    for key, label in text.items():
        for problem in locale_settings.comma_lists(label, [drawn.values], locale):
            raise ValueError(f"figures.{figure_id}.{key} in {locale}.yml: {problem}")
    caption = escape(catalogue.fill(text["caption"], drawn.values, locale))
    # Search indexes the caption, not the tick numbers and labels of the drawing.
    svg = drawn.svg.replace("<svg ", "<svg data-search-exclude ", 1)
    return (
        f'<figure class="dp-figure" id="figure-{figure_id}">{svg}'
        f"<figcaption>{caption}</figcaption></figure>"
    )


def render_page(html: str, locale: str, source: str) -> str:
    """Replace every figure placeholder of a page; ``PluginError`` names the file and the id."""

    def replace(match: re.Match[str]) -> str:
        figure_id = match.group(1)
        if figure_id not in catalogue.FIGURES:
            raise PluginError(f"{source}: unknown figure id {figure_id!r}")
        try:
            return figure_html(figure_id, locale)
        except ValueError as error:
            raise PluginError(f"{source}: figure {figure_id!r} ({locale}): {error}") from error

    return PLACEHOLDER.sub(replace, html)


def on_page_content(html: str, page: Any, config: Any, **_: Any) -> str:
    """Draw the page's figures in the build's locale."""
    if "data-figure=" not in html:
        return html
    return render_page(html, _locale(config), page.file.src_uri)
