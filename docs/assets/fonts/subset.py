"""Regenerate lesson-math.woff2: a small subset of STIX Math 1.1.1 (SIL OFL 1.1) for the site.

Needs fonttools and brotli (``pip install fonttools brotli`` in a scratch environment) and the
font file of Debian's ``fonts-stix`` package; see README.md next to this file for the commands.
The subset keeps the characters the site's formulas use, the Latin and Greek letters with their
mathematical italic forms, and the common operators, with the MATH table and its size variants.
Its family is renamed (Lesson Math), since STIX is a reserved name of the original font.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

FAMILY = "Lesson Math"
HERE = Path(__file__).resolve().parent
UNICODES = (
    "U+0020-007E,U+00A0,U+00AF,U+00B1,U+00B7,U+00D7,U+00F7,U+02C6,U+02DC,"  # ASCII, signs, accents
    "U+0391-03A9,U+03B1-03C9,U+03D1,U+03D5,U+03F5,"  # Greek
    "U+2016,U+2026,U+2032-2034,U+210E,U+2113,U+2115,U+211D,U+2190-2194,U+21A6,"
    "U+2202,U+2207-2209,U+2211,U+2212,U+2217,U+2218,U+2223,U+2229,U+222A,U+2282,U+2286,"
    "U+21D2,U+221A,U+221D,U+221E,U+2248,U+2260,U+2264,U+2265,"
    "U+22C5,U+27E8,U+27E9,"  # operators, relations, primes, arrows, brackets
    "U+1D434-1D467,U+1D4A9,U+1D53C,U+1D6E2-1D71B"  # math italic Latin and Greek, 𝒩, 𝔼
)


def main(source: Path, target: Path = HERE / "lesson-math.woff2") -> None:
    """Subset ``source`` (STIXMath-Regular.otf) into ``target`` as WOFF2, renamed."""
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 13, 14]
    font = TTFont(source)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=subset.parse_unicodes(UNICODES))
    subsetter.subset(font)
    for record in font["name"].names:
        if record.nameID in (1, 3, 4, 6):
            plain = FAMILY.replace(" ", "") if record.nameID == 6 else FAMILY
            record.string = f"{plain}-Regular" if record.nameID == 6 else plain
    font.flavor = "woff2"
    font.save(target)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
