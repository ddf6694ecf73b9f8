"""Regenerate lesson-math.woff2: a small subset of STIX Math 1.1.1 (SIL OFL 1.1) for the site.

Needs fonttools and brotli (``pip install fonttools brotli`` in a scratch environment) and the
font file of Debian's ``fonts-stix`` package; see README.md next to this file for the commands.
The subset keeps only the characters the site's formulas use, and the italic forms of the
letters they show alone, with the MATH table and its size variants: every page with a formula
loads the font, so each glyph costs every such page.
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
    # The ASCII and Latin-1 characters the formulas show (digits, signs, letters), accents
    "U+0020,U+0025,U+0028-0029,U+002B-002C,U+002E-003E,U+0041-0045,U+0049,U+004C-004D,U+0050,"
    "U+0053,U+0055-0056,U+0058,U+005A-005B,U+005D-005E,U+0061-007E,U+00A0,U+00AF,U+00B7,U+00D7,"
    "U+02C6,U+02DC,"
    "U+0394,U+03B1,U+03B4-03B5,U+03BB-03BC,U+03C0-03C1,U+03C3-03C4,U+03F5,"  # Greek in use
    "U+2016,U+2026,U+202F,U+2032,U+2113,U+2208,U+2211-2212,U+2218,U+221D-221E,U+2223,U+2248,"
    "U+2264-2265,"  # operators, relations, primes
    # The italic forms (MathML draws a one-letter <mi> in italic) of the letters in use, 𝒩, 𝔼
    "U+1D434-1D438,U+1D43C,U+1D43F-1D440,U+1D446,U+1D448,U+1D44B,U+1D44D-1D454,U+1D456-1D458,"
    "U+1D45A-1D462,U+1D465-1D467,U+1D4A9,U+1D53C,"
    "U+1D6E5,U+1D6FC,U+1D6FF-1D700,U+1D706-1D707,U+1D70B-1D70C,U+1D70E-1D70F,U+1D716"
)


def main(source: Path, target: Path = HERE / "lesson-math.woff2") -> None:
    """Subset ``source`` (STIXMath-Regular.otf) into ``target`` as WOFF2, renamed."""
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 13, 14]
    # Without hints and subroutines: a third smaller as WOFF2; browsers draw it alike.
    options.hinting = False
    options.desubroutinize = True
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
