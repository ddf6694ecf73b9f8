"""Every number in the prose is printed or used by an executed example on the same page.

A number a reader sees in an English page must appear in the output (``#>`` lines) or in
the code of an example that page includes, belong to a work its "Further reading" names (a
year, a report number), or be listed below as a label (a year, a chapter or checkpoint
number) with the reason; a real-world figure is listed as ``cited:`` with a phrase of the
page's References section that names its source. Each page a translation has must show the
same numbers as its English source, written with its locale's decimal separator; a page it
lacks is English's, shown as it is. On the built pages, every number a reader sees in a page's
text is grouped as ``dplesson.locales.format_number`` groups it in that page's locale.
"""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal, InvalidOperation
from pathlib import Path

import pytest

from dplesson import locales
from tests import site_soup
from tests.conftest import DECIMAL_COMMA, DOCS, LOCALES
from tests.docs_sources import includes, own_pages, pages
from tests.prose_numbers import dotted_decimals, numbers, uncited
from tests.site_html import locale_of

# Numbers that name something rather than state a result, per English page.
LABELS: dict[str, dict[str, str]] = {
    "laplace.md": {"1": "checkpoint number", "2": "checkpoint number"},
    "composition.md": {"3": "checkpoint number"},
    "translate.md": {"5": "a notebook cell's number in a sample report message"},
    "releasing.md": {
        "2012": "year of Mironov's paper",
        "2020": "year of Canonne et al.",
        "2022": "year of Jin et al.'s timing attacks",
    },
    "anonymisation.md": {
        "2014": "year of Dwork and Roth's monograph",
        "1990": "cited:Sweeney",
        "87": "cited:Sweeney",
        "2000": "cited:Sweeney",
        "3": "cited:Data Privacy Working Paper 3",
        "2006": "cited:Barbaro and Tom Zeller",
        "2008": "cited:Narayanan and Vitaly Shmatikov",
        "4417749": "cited:AOL Searcher No.",
        "9": "cited:9 August 2006",
        "2010": "cited:reconstruction of the 2010 census",
        "46": "cited:Abowd",
        "17": "cited:Abowd",
        "2021": "cited:Abowd",
        "2020": "cited:Abowd",
    },
    "index.md": {"2020": "year of the US census in the chapter on epsilon"},
    "training.md": {"2016": "year of Abadi et al."},
    "beyond.md": {
        "2010": "cited:Boosting and Differential",
        "2016": "cited:Concentrated Differential Privacy",
        "2020": "cited:The Discrete Gaussian",
    },
    "local.md": {
        "1965": "cited:Randomized Response: A Survey Technique",
        "2012": "cited:Optimal Lower Bound for",
        "2014": "cited:RAPPOR",
        "2017": "cited:Learning with Privacy at Scale",
    },
    "epsilon.md": {
        "2017": "cited:Learning with Privacy at Scale",
        "2021": "cited:A list of real-world uses of differential privacy",
        "2022": "cited:Disclosure Avoidance System TopDown",
        "6": "cited:Privacy-Loss Budget Allocation 2021-06-08",
        "8": "cited:Privacy-Loss Budget Allocation 2021-06-08",
        "2016": "cited:Concentrated Differential Privacy",
        "2020": "cited:The Discrete Gaussian",
    },
    "mechanisms.md": {"2007": "year of McSherry and Talwar"},
    "practitioner.md": {
        "168": "the hours of a week, 7 × 24",
        "2017": "cited:Differential Privacy Overview",
        "2014": "cited:Algorithmic Foundations",
        "2020": "cited:2020 Census",
        "2022": "cited:TopDown",
        "10.12": "cited:MacOS 10.12",
        "1709.02753": "cited:arXiv:1709.02753",
        "3.6": "cited:§3.6",
    },
    "opendp.md": {  # measured in a fresh venv: pip install "opendp[polars]==0.16.0", du
        "265": "measured: the installed opendp package alone",
        "14": "measured: packages the install adds to a fresh virtual environment",
        "850": "measured: their size on disk",
    },
    "checkpoints.md": {
        "0.693": "example:log_density.md",
        "-0.307": "example:log_density.md",
        "1": "checkpoint number",
        "2": "checkpoint number",
        "3": "checkpoint number",
        "90": "estimated time in minutes",
    },
}
#: Pages that list works, one per list item: their numbers are the years, volumes and
#: identifiers of the works, so each must stand in an item that links to its work.
BIBLIOGRAPHIES = {"reading.md"}
TIME = re.compile(r"\*[^*]+:\*[^\n]*?(\d+)[^\n]*$", re.MULTILINE)
LITERAL = re.compile(r"(?<![\w.])-?\d+(?:_\d{3})*(?:\.\d+)?(?:e-?\d+)?")
SOURCE = re.compile(r'--8<--\s+"([^":]+)(?::[^"]*)?"')


def snippet_numbers(target: str) -> set[Decimal]:
    """Numbers in one included file: an example, or a wrapper around package source."""
    path = DOCS / "examples" / target
    if not path.is_file():
        path = DOCS / "snippets" / target
    text = path.read_text(encoding="utf-8")
    for source in SOURCE.findall(text):  # sample solutions shown from dplesson's source
        text += (DOCS.parent / source).read_text(encoding="utf-8")
    found: set[Decimal] = set()
    for raw in LITERAL.findall(text):
        try:
            found.add(Decimal(raw.replace("_", "")))
        except InvalidOperation:
            continue
    return found


def example_numbers(page: str) -> set[Decimal]:
    """Numbers in the code and in the printed output of the examples a page includes."""
    found: set[Decimal] = set()
    for target in includes(pages("en")[page]):
        found |= snippet_numbers(target)
    return found


def references(markdown: str) -> str:
    """The page's "References" section, where every real-world figure names its source."""
    _, _, tail = markdown.partition("\n## References { #references }\n")
    return tail.partition("\n## ")[0]


def further_reading(markdown: str) -> set[Decimal]:
    """The numbers of the page's "Further reading": years and titles of the works it names."""
    _, _, tail = markdown.partition(" { #further-reading }\n")
    return set(numbers(tail.partition("\n## ")[0], "en"))


def time_estimates(markdown: str) -> set[Decimal]:
    """The minutes in a page's "*Time:* about N minutes." line."""
    return {Decimal(m) for m in TIME.findall(markdown)}


@pytest.mark.parametrize("page", sorted(pages("en")))
def test_english_numbers_come_from_examples(page: str) -> None:
    markdown = pages("en")[page].read_text(encoding="utf-8")
    if page in BIBLIOGRAPHIES:
        outside = numbers(uncited(markdown), "en")
        assert not outside, f"{page}: numbers outside the items that cite a work: {outside}"
        return
    allowed = example_numbers(page) | time_estimates(markdown) | further_reading(markdown)
    for number, reason in LABELS.get(page, {}).items():
        if reason.startswith("example:"):  # printed by an example shown on another page
            assert Decimal(number) in snippet_numbers(reason.removeprefix("example:")), reason
        if reason.startswith("cited:"):  # a real-world figure: its source is named on the page
            source = reason.removeprefix("cited:")
            assert source in references(markdown), f"{page}: {number} cites {source!r}"
        allowed.add(Decimal(number))
    unexplained = [str(n) for n in numbers(markdown, "en") if n not in allowed]
    assert not unexplained, (
        f"{page}: numbers in prose that no included example prints or uses: {unexplained}"
    )


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_translations_show_the_same_numbers(locale: str) -> None:
    """Each page the locale has shows its English page's numbers (fallback pages are English)."""
    source = pages("en")
    for name, path in own_pages(locale).items():
        if name not in source:
            continue
        english = Counter(numbers(source[name].read_text(encoding="utf-8"), "en"))
        translated = Counter(numbers(path.read_text(encoding="utf-8"), locale))
        assert translated == english, (
            f"{locale}/{name}: missing {list((english - translated).elements())}, "
            f"extra {list((translated - english).elements())}"
        )


def test_numbers_are_read_with_no_break_spaces_between_thousands() -> None:
    """A translation may group digits as French and the SI do (U+202F, U+00A0)."""
    text = "Ze zijn met 10\u202f000, 1\u00a0234,5 of 1.000; prefix\u00a0: 3."
    assert numbers(text, "nl") == [10000, Decimal("1234.5"), 1000, 3]
    assert numbers("About 10\u202f000 or 10,000 and 0.5.", "en") == [10000, 10000, Decimal("0.5")]


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc in DECIMAL_COMMA])
def test_decimal_comma_in_prose(locale: str) -> None:
    for name, path in own_pages(locale).items():
        dotted = dotted_decimals(path.read_text(encoding="utf-8"))
        assert not dotted, f"{locale}/{name} writes decimals with a point: {dotted}"


#: Numbers that name something and are written as their owner writes them, never grouped.
IDENTIFIERS = {"4417749": "the number AOL gave one searcher (anonymisation.md), a name"}
#: Where a page shows numbers that are not the lesson's text: code, formulas, scripts.
NOT_PROSE = "pre, code, math, script, style, .arithmatex"


def shown_numbers(text: str, locale: str) -> list[tuple[str, str]]:
    """Each integer part in ``text`` as written, and as the locale writes it.

    An integer part is a run of digits, or groups of three joined by any sign a settings file
    may group with other than the locale's decimal sign. Digits right after a number and a
    sign (a fraction), or after ``/`` or ``:`` (a DOI, an arXiv number), are not one, and a
    part with a leading zero is a date's or a code's (``2021-06-08``).
    """
    signs = "".join(s for s in locales.GROUP_SIGNS if s and s != locales.decimal(locale))
    sep = re.escape(signs)
    pattern = rf"(?<![\w/:])(?<!\d[.,{sep}])\d+(?:[{sep}]\d{{3}})*(?!\w)(?![{sep}]\d)"
    found = []
    for raw in re.findall(pattern, text):
        digits = re.sub(r"\D", "", raw)
        if digits not in IDENTIFIERS and not (digits.startswith("0") and len(digits) > 1):
            found.append((raw, locales.format_number(int(digits), locale)))
    return found


def test_numbers_are_found_with_their_groups() -> None:
    """The reader of pages finds grouped, ungrouped and wrongly grouped numbers, as written."""
    text = "Die 10\u202f000 Personen, 41338 Fahrten, 1.000 Euro, 0,12345 und DOI 10.1/0400042."
    assert shown_numbers(text, "de") == [
        ("10\u202f000", "10\u202f000"),
        ("41338", "41\u202f338"),
        ("1.000", "1000"),
        ("0", "0"),
    ]
    assert shown_numbers("user 4417749 on 2021-06-08 and 12,345.5", "en") == [
        ("2021", "2021"),
        ("12,345", "12\u202f345"),
    ]


def test_built_pages_group_numbers_as_the_locale_does(site_dir: Path) -> None:
    """Every number of every page's text is grouped as the page's locale groups it.

    ``12 345`` with the settings file's ``group`` sign from ``group_from`` digits on: prose
    written by hand (a translator types the sign) and numbers the build fills in alike.
    """
    wrong, grouped = [], 0
    for path in sorted(site_dir.rglob("*.html")):
        article = site_soup.page(path).select_one("article")
        if article is None:
            continue
        # Read, never change: the parsed page is shared by the tests of this process.
        hidden = {id(s) for tag in article.select(NOT_PROSE) for s in tag.find_all(string=True)}
        # English filling in for a language in progress (a page, or a chapter of the printable
        # edition) is marked lang="en" and skipped, as the number tests skip fallback content.
        marked = [article] if article.get("lang") == "en" else article.select('[lang="en"]')
        hidden |= {id(s) for tag in marked for s in tag.find_all(string=True)}
        text = " ".join(str(s) for s in article.find_all(string=True) if id(s) not in hidden)
        shown = shown_numbers(text, locale_of(site_dir, path))
        grouped += sum(want != re.sub(r"\D", "", want) for _, want in shown)
        wrong += [
            f"{path.relative_to(site_dir)}: {raw!r} should read {want!r}"
            for raw, want in shown
            if raw != want
        ]
    assert grouped, "no page shows a number long enough to be grouped: is the text read?"
    assert not wrong, "\n".join(wrong)
