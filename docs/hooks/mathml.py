"""Render arithmatex's generic math output to MathML at build time.

The browser renders MathML natively with the site's own math font (docs/assets/fonts/), so no
math script or font is fetched from anywhere. ``mathml_polish`` repairs latex2mathml's primes,
bars, signs and large operators; a display formula sits in its own box, which scrolls
sideways when the formula is wider than a phone's screen instead of widening the page.

A formula's MathML depends only on its TeX, on latex2mathml and on these two files, so it is
made once: ``.cache/mathml/<digest>.json`` keeps the formulas of the last build under a
digest of latex2mathml's version and both files' source (266 distinct formulas, 0.3–0.4 s of
a warm build's page builder to convert). Another latex2mathml or an edited repair starts a
new file; the file is rewritten only when a build met a formula it did not hold.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from importlib.metadata import version
from pathlib import Path
from typing import Any

import mathml_polish
from latex2mathml.converter import convert
from mkdocs.plugins import event_priority

_MATH = re.compile(
    r'<(?P<tag>span|div) class="arithmatex">\s*\\(?P<open>[(\[])(?P<tex>.*?)\\[)\]]\s*</(?P=tag)>',
    re.DOTALL,
)

#: Formulas converted or read in this process ("$$" + TeX for display, "$" + TeX inline).
_known: dict[str, str] = {}
#: The formulas this build used, the cache file, and whether any was not in it.
_build: dict[str, Any] = {"used": {}, "file": None, "new": False}


def render(tex: str, display: bool) -> str:
    """Return the polished MathML of one formula; a display formula in its scrolling box."""
    key = ("$$" if display else "$") + tex
    found = _known.get(key)
    if found is None:
        mathml = mathml_polish.polish(convert(tex, display="block" if display else "inline"))
        found = f'<div class="dp-math">{mathml}</div>' if display else mathml
        _known[key] = found
        _build["new"] = True
    _build["used"][key] = found
    return found


def _render(match: re.Match[str]) -> str:
    return render(html.unescape(match["tex"]).strip(), display=match["open"] == "[")


def cache_file(config: Any) -> Path:
    """Where this project keeps the formulas, for this latex2mathml and these repairs."""
    digest = hashlib.sha256(version("latex2mathml").encode())
    for source in (Path(__file__), Path(mathml_polish.__file__)):
        digest.update(source.read_bytes())
    folder = Path(config.config_file_path).parent / ".cache" / "mathml"
    return folder / f"{digest.hexdigest()[:16]}.json"


def on_config(config: Any) -> Any:
    """Read the kept formulas when a build (its first language) starts."""
    i18n = config.plugins.get("i18n")
    if i18n is None or not getattr(i18n, "building", False):
        path = cache_file(config)
        _build.update(used={}, file=path, new=False)
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            kept = {}
        if isinstance(kept, dict):
            _known.update((str(k), v) for k, v in kept.items() if isinstance(v, str))
    return config


def on_page_content(html_text: str, **_: Any) -> str:
    """Replace every arithmatex placeholder of the page with its MathML."""
    return _MATH.sub(_render, html_text)


@event_priority(-150)  # after static-i18n (-100) has built the other languages
def on_post_build(config: Any) -> None:
    """After the last language: keep this build's formulas if one of them was new."""
    i18n = config.plugins.get("i18n")
    path: Path | None = _build["file"]
    if (i18n is not None and getattr(i18n, "building", False)) or not _build["new"] or not path:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(_build["used"], ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    path.write_text(text, encoding="utf-8")
    _build["new"] = False
