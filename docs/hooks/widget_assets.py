"""Load the widgets' and exercises' scripts and stylesheets only on the pages that use them.

``mkdocs.yml`` lists them in ``extra_css`` and ``extra_javascript`` for every page; this hook
drops each tag from a page that does not need it: a widget page keeps ``common.js``,
``widgets.css`` and the script of each widget it holds, a page with exercises (or the home
page's overview of them) keeps the exercises' script and stylesheet, and both keep the number
script ``assets/numbers.js``, preceded by the locale's number settings
(``dplesson.locales.number_settings``) as ``<script type="application/json" id="dp-numbers">``.
Other pages load none of them.

The site's own scripts and stylesheets are written with comments for their readers; the
built site ships them compacted (:func:`compact`: comment-only lines, indentation and blank
lines dropped), which saves about a quarter of their gzip size (4.9 KB of a chapter with a
widget and exercises, measured 2026-12-02) and keeps each page under its 200 KB budget.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import locale_settings

#: One tag on its own line, as Material's templates write each; the pattern starts with a
#: literal newline, so the scan skips straight from line to line (10× faster than ``\s*``).
_TAG = re.compile(
    r'\n\s*<(?:script src|link rel="stylesheet" href)="[^"]*assets/'
    r'(?P<name>widgets/[\w-]+|exercises/exercises|numbers)\.(?:js|css)"[^>]*>(?:</script>)?'
)
NUMBERS_ID = "dp-numbers"


def needed(html: str) -> set[str]:
    """Return the assets (``widgets/ledger``, ``exercises/exercises``, ``numbers``) in use."""
    found = {f"widgets/{name}" for name in re.findall(r'class="dp-widget dp-([\w-]+)"', html)}
    if found:
        found |= {"widgets/common", "widgets/widgets"}
    if "data-exercise" in html:
        found.add("exercises/exercises")
    return found | {"numbers"} if found else found


def settings_script(locale: str) -> str:
    """Write the locale's number settings for ``numbers.js`` as a JSON script tag."""
    data = json.dumps(locale_settings.number_settings(locale), ensure_ascii=False, sort_keys=True)
    return f'<script type="application/json" id="{NUMBERS_ID}">{data}</script>'


def keep(output: str, locale: str) -> str:
    """``output`` without the assets it does not use, and with the number settings if needed."""
    used = needed(output)

    def tag(match: re.Match[str]) -> str:
        if match["name"] not in used:
            return ""
        if match["name"] == "numbers" and match[0].lstrip().startswith("<script"):
            indent = match[0][: len(match[0]) - len(match[0].lstrip())]
            return f"{indent}{settings_script(locale)}{match[0]}"
        return match[0]

    return _TAG.sub(tag, output)


def _locale(config: Any) -> str:
    i18n = config.plugins.get("i18n")
    return str(getattr(i18n, "current_language", None) or config.theme.get("language") or "en")


def on_post_page(output: str, *, config: Any, **_: Any) -> str:
    """Remove the assets this page does not use; give the number script its settings."""
    return keep(output, _locale(config))


#: The site's own scripts and stylesheets under ``assets/`` (Material's are minified already).
OWN_ASSETS = ("*.js", "*.css", "widgets/*.js", "widgets/*.css", "exercises/*.js", "exercises/*.css")


def compact(text: str) -> str:
    """``text`` without its comment-only lines, indentation and blank lines.

    Safe for these files by their style: a comment that is not alone on its lines stays, and
    none of them holds a string or a regular expression spanning lines, so no line that starts
    with ``/*`` or ``//`` is code. Each kept line keeps its line break (semicolon insertion and
    regular expressions read the same).
    """
    kept, comment = [], False
    for line in text.splitlines():
        stripped = line.strip()
        if comment or stripped.startswith("/*"):
            comment = "*/" not in stripped
            if comment:
                continue
            stripped = stripped.split("*/", 1)[1].strip()  # code after the comment stays
        if stripped and not stripped.startswith("//"):
            kept.append(stripped)
    return "\n".join(kept) + "\n"


def on_post_build(config: Any) -> None:
    """Compact the site's own scripts and stylesheets in the built site (each language's)."""
    root = Path(config.site_dir) / "assets"
    for pattern in OWN_ASSETS:
        for path in root.glob(pattern):
            text = path.read_text(encoding="utf-8")
            small = compact(text)
            if small != text:
                path.write_text(small, encoding="utf-8")
