"""Extract the numbers a reader sees in a page's prose (not in code, formulas or markup)."""

from __future__ import annotations

import re
from decimal import Decimal

from l10n import units

FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
COMMENTS = re.compile(r"<!--.*?-->", re.DOTALL)  # before the tags: a comment may hold ">"
#: What numbers need removed beyond the words the glossary check reads (``l10n.glossary``
#: drops includes, fences, formulas, code, link targets, tags and heading ids).
REMOVALS = [
    re.compile(r"\{[:#.][^}\n]*\}"),  # attribute lists
    re.compile(r"\{[A-Za-z_]\w*\}"),  # exercise placeholders, filled in by the build
    re.compile(r"^\s*#+\s+\d+\.\s", re.MULTILINE),  # heading numbers "## 2. "
    re.compile(r"^\s*\d+\.\s", re.MULTILINE),  # ordered-list markers
]
# A digit right after a Latin letter belongs to a name such as "L1"; one right after a
# Chinese character is a number (Chinese prose needs no space before it).
_WORD = r"A-Za-z0-9_"
#: Thousands may also be grouped with a no-break space or a narrow one, in any language
#: ("10 000" with U+202F, as French and the SI write it).
_NBSP = "[\u00a0\u202f]"
NUMBER = {
    code: re.compile(
        rf"(?<![{_WORD}.])(?:−|(?<![{_WORD}\]])-)?\d+(?:(?:,|{_NBSP})\d{{3}})*(?:\.\d+)?"
    )
    for code in ("en", "zh")
}
_COMMA_LOCALES = re.compile(
    rf"(?<![{_WORD},])(?:−|(?<![{_WORD}\]])-)?\d+(?:(?:\.|{_NBSP})\d{{3}})*(?:,\d+)?"
)


def prose(markdown: str) -> str:
    """The page's text with code, formulas, includes and markup removed."""
    text = units.prose(COMMENTS.sub(" ", FRONT_MATTER.sub("", markdown)))
    for pattern in REMOVALS:
        text = pattern.sub(" ", text)
    return text


#: Citations: a page's "References" section, and every list item that links to a work on
#: another site. Their titles and identifiers ("MacOS 10.12", "arXiv:1709.02753", "§3.6")
#: are written as the works write them, in every locale.
CITATIONS = [
    re.compile(r"^## [^\n]*\{ #references \}\n.*?(?=^## |\Z)", re.MULTILINE | re.DOTALL),
    re.compile(r"^- .*\]\(https://[^)\s]+\).*$", re.MULTILINE),
]


def _parse(text: str, locale: str) -> list[Decimal]:
    found = []
    if locale in NUMBER:
        for raw in NUMBER[locale].findall(text):
            found.append(Decimal(re.sub(f",|{_NBSP}", "", raw.replace("−", "-"))))
    else:
        for raw in _COMMA_LOCALES.findall(text):
            plain = re.sub(f"\\.|{_NBSP}", "", raw.replace("−", "-"))
            found.append(Decimal(plain.replace(",", ".")))
    return found


def uncited(markdown: str) -> str:
    """The page without its citations (see ``CITATIONS``)."""
    for pattern in CITATIONS:
        markdown = pattern.sub("", markdown)
    return markdown


def cited(markdown: str) -> str:
    """The page's citations, one after another."""
    section = "".join(CITATIONS[0].findall(markdown))
    return section + "\n".join(CITATIONS[1].findall(CITATIONS[0].sub("", markdown)))


def numbers(markdown: str, locale: str) -> list[Decimal]:
    """Every number in the prose, in order, parsed with the locale's conventions.

    Citations are read as English in every locale (their numbers belong to the cited
    works), and their numbers come last.
    """
    return _parse(prose(uncited(markdown)), locale) + _parse(prose(cited(markdown)), "en")


def dotted_decimals(markdown: str) -> list[str]:
    """Numbers written with a decimal point in the prose (wrong in nl, de and tr).

    Citations are left out: a cited title or identifier keeps its own dots.
    """
    return re.findall(r"(?<![\w.,])\d+\.\d+(?![\w.])", prose(uncited(markdown)))
