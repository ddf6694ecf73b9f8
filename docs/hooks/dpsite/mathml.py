r"""Render arithmatex's math to MathML at build time (``render_page``, a step of pages.py).

The browser renders MathML with the site's own math font (docs/assets/fonts/): no math
script or font is fetched; a display formula sits in a box that scrolls sideways on a narrow
screen. latex2mathml writes valid MathML, but some of its habits look wrong in every
browser; :func:`polish` repairs them on the parsed tree (BeautifulSoup), not with patterns:

* ``D'`` becomes ``<msup><mi>D</mi><mi>′</mi></msup>``: the prime glyph is already raised,
  so as a superscript it floats small and apart. It becomes ``<mi>D</mi><mo>′</mo>``.
* ``|z - \mu|`` writes the bars as plain operators, spaced like a relation in the middle of a
  row. Each pair of bars becomes a fenced group without operator spacing.
* a unary minus (``[-10^6, ...]``, ``= -\ln``) is spaced like a binary one. It becomes a prefix
  operator without space.
* ``\ln``, ``\exp``, ``\log`` are written as identifiers, with no space around them ("2k ln 2").
  They become operators with TeX's thin space, none after a sign or bracket.
* a named operator before its bracket (``\Pr[``) keeps a space before the bracket; it loses it.
* ``\hat``, ``\tilde`` are ASCII ``^``, ``~`` (tall text glyphs, floating); ``\bar`` is no accent.
  Each becomes the font's accent (ˆ, ˜, ¯) in ``<mover accent="true">``, stretched over 2+ letters.
* a display ``\sum`` with limits is marked as a large operator in display style, so the limits
  sit under and over it.
* a decimal comma written ``0{,}5`` (the exercises write numbers so in nl, de and tr) becomes
  three tokens, digits, a braced comma and digits, spaced like a list. They become one number.

A formula's MathML depends only on its TeX, latex2mathml's version and this file, so
``.cache/mathml/<digest of both>.json`` keeps the last build's (266 formulas, 0.3–0.4 s).
"""

from __future__ import annotations

import html
import re
from importlib.metadata import version
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup, Tag
from bs4.element import PageElement
from latex2mathml.converter import convert

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
        mathml = polish(convert(tex, display="block" if display else "inline"))
        found = f'<div class="dp-math">{mathml}</div>' if display else mathml
        KEPT.put(key, found)
    return found


def cache_file(config: Any) -> Path:
    """Where this project keeps the formulas, for this latex2mathml and these repairs."""
    return cache_path(config, "mathml", [version("latex2mathml"), Path(__file__).read_bytes()])


def render_page(html_text: str) -> str:
    """Replace every arithmatex placeholder of a page with its MathML."""
    return _MATH.sub(lambda m: render(html.unescape(m["tex"]).strip(), m["open"] == "["), html_text)


PRIMES = {"\u2032", "\u2033", "\u2034", "'"}
#: A bar of a fenced pair: no operator spacing, not stretched.
FENCE = {"fence": "true", "stretchy": "false", "lspace": "0", "rspace": "0"}
MINUS = {"\u2212", "-"}
FUNCTIONS = {"ln", "log", "exp", "lg", "sin", "cos", "tan"}
#: The accent each of latex2mathml's accent characters becomes.
ACCENTS = {"^": "\u02c6", "~": "\u02dc", "\u00af": "\u00af"}
LARGE_OPERATORS = {"\u2211", "\u220f", "\u222b", "\u22c3", "\u22c2"}
#: After one of these operators a minus has no left operand: it is a sign, not a subtraction.
OPENING = {"(", "[", "{", "\u27e8", ",", ";", "=", "<", ">", "\u2264", "\u2265", "\u2208"}
OPENING |= {"\u2248", "\u221d", "+", "\u2212", "-", "\u00d7", "\u22c5", "/", ":", "\u2260"}


def polish(mathml: str) -> str:
    """Return the MathML of one formula with its primes, bars, signs and big operators repaired."""
    soup = BeautifulSoup(mathml, "html.parser")
    root = soup.find("math")
    if not isinstance(root, Tag):
        return mathml
    _decimal_commas(root)
    _primes(soup, root)
    _bars(soup, root)
    _signs(root)
    _function_names(root)
    _named_operators(root)
    _large_operators(root)
    _accents(root)
    return str(soup)


def _text(tag: Tag | None) -> str:
    return tag.get_text() if isinstance(tag, Tag) else ""


def _children(tag: Tag) -> list[Tag]:
    return [child for child in tag.children if isinstance(child, Tag)]


def _decimal_commas(root: Tag) -> None:
    """``<mn>0</mn><mrow><mo>,</mo></mrow><mn>5</mn>`` becomes ``<mn>0,5</mn>``."""
    for comma in root.find_all("mrow"):
        parts = _children(comma)
        if len(parts) != 1 or parts[0].name != "mo" or _text(parts[0]) != ",":
            continue
        before, after = comma.find_previous_sibling(), comma.find_next_sibling()
        if not (isinstance(before, Tag) and isinstance(after, Tag)):
            continue
        if before.name == after.name == "mn" and _text(after).isdigit():
            before.string = f"{_text(before)},{_text(after)}"
            after.decompose()
            comma.decompose()


def _primes(soup: BeautifulSoup, root: Tag) -> None:
    """``<msup>base<mi>′</mi></msup>`` becomes ``<mrow>base<mo>′</mo></mrow>``."""
    for sup in root.find_all("msup"):
        parts = _children(sup)
        if len(parts) != 2 or parts[1].name not in {"mi", "mo"} or _text(parts[1]) not in PRIMES:
            continue
        prime = soup.new_tag("mo", attrs={"lspace": "0", "rspace": "0"})
        prime.string = "\u2032" if _text(parts[1]) == "'" else _text(parts[1])
        sup.name = "mrow"
        sup.attrs = {}
        parts[1].replace_with(prime)


def _bars(soup: BeautifulSoup, root: Tag) -> None:
    """Pair the bars of each row, in order, and group each pair as a fenced ``<mrow>``."""
    for row in [root, *root.find_all(True)]:
        bars = [child for child in _children(row) if child.name == "mo" and _text(child) == "|"]
        for opening, closing in zip(bars[::2], bars[1::2], strict=False):
            group = soup.new_tag("mrow")
            opening.insert_before(group)
            node: PageElement | None = opening
            while node is not None:
                following = node.next_sibling
                group.append(node.extract())
                if node is closing:
                    break
                node = following
            opening.attrs, closing.attrs = {**FENCE, "form": "prefix"}, {**FENCE, "form": "postfix"}


def _signs(root: Tag) -> None:
    """Mark as a sign each minus with nothing, an opening fence or an operator before it."""
    for mo in root.find_all("mo"):
        if _text(mo) not in MINUS:
            continue
        before = mo.find_previous_sibling(True)
        if before is None or (before.name == "mo" and _text(before) in OPENING):
            mo.attrs.update({"form": "prefix", "lspace": "0", "rspace": "0"})


def _function_names(root: Tag) -> None:
    """``<mi>ln</mi>`` becomes ``<mo>ln</mo>`` with a thin space each side, as TeX spaces it."""
    for mi in root.find_all("mi"):
        if _text(mi) in FUNCTIONS:
            before = mi.find_previous_sibling(True)
            mi.name = "mo"
            left = "0" if before is None or before.name == "mo" else "0.1667em"
            mi.attrs = {"lspace": left, "rspace": "0.1667em"}


def _named_operators(root: Tag) -> None:
    """Join a named operator such as ``Pr`` to the bracket right after it, as TeX does."""
    for mo in root.find_all("mo"):
        name, after = _text(mo), _text(mo.find_next_sibling(True))
        if len(name) > 1 and name.isalpha() and after[:1] in ("(", "["):
            mo["rspace"] = "0"


def _large_operators(root: Tag) -> None:
    """Give a display sum or product its limits under and over, in display size."""
    if root.get("display") != "block":
        return
    for tag in root.find_all(["munderover", "munder", "msubsup", "msub"]):
        base = next(iter(_children(tag)), None)
        if base is None or base.name != "mo" or _text(base) not in LARGE_OPERATORS:
            continue
        tag.name = {"msubsup": "munderover", "msub": "munder"}.get(tag.name, tag.name)
        tag["displaystyle"] = "true"
        base.attrs.update({"largeop": "true", "movablelimits": "false"})


def _accents(root: Tag) -> None:
    """``<mover>base<mo>^</mo></mover>`` becomes an accent the font puts on its base."""
    for over in root.find_all("mover"):
        parts = _children(over)
        if len(parts) == 2 and parts[1].name == "mo" and _text(parts[1]) in ACCENTS:
            over["accent"] = "true"
            parts[1].string = ACCENTS[_text(parts[1])]
            parts[1].attrs = {"stretchy": "true" if len(_text(parts[0])) > 1 else "false"}
