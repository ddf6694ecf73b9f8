"""The course defines every glossary term before it uses it, and its prerequisite lines say so.

The chapters and their order are the first section of ``mkdocs.yml``'s nav (the numbered
chapters, read by ``tests/docs_sources.py`` as every per-chapter check reads them). The terms
are ``docs/hooks/glossary.yml``'s. Each term names the chapter that defines it
(``defined_in``); that chapter must mark it where it is introduced: in bold, in a heading, or
with a link to its glossary entry. A page *uses* a term where its prose contains one of the
term's English stems (``match``, as the translation checks read them) or a formula contains one
of its ``formula`` symbols (``\\delta``). What a page only points to is not a use: its
"**Next:**" line, its "Further reading" and its "References".

The English pages are the source; every locale mirrors their structure
(``tests/test_l10n_real.py``), so the order holds in every language.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from l10n import glossary, units
from tests import docs_sources
from tests.conftest import DOCS

#: Sections and lines that point elsewhere rather than use a term.
POINTERS = [
    re.compile(r"^\*\*Next:\*\*.*$", re.MULTILINE),
    re.compile(r"^## (?:Further reading|References) \{[^}]*\}\n.*?(?=^## |\Z)", re.M | re.S),
]
FORMULA = re.compile(r"\$\$.*?\$\$|(?<!\\)\$[^$\n]+?\$", re.DOTALL)
BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)(?:\{[^}]*\})?[ \t]*$", re.MULTILINE)
PREREQUISITES = re.compile(r"^\*Prerequisites:\*(.*?)$(?:\n(?!\*Time:\*).*$)*", re.MULTILINE)
LINK = re.compile(r"\]\(([\w-]+\.md)(?:#[\w-]+)?\)")


@cache
def chapters() -> tuple[str, ...]:
    """The chapters' pages in course order (the nav's first section, ``docs_sources``)."""
    return tuple(f"{stem}.md" for stem in docs_sources.chapters())


@cache
def terms() -> tuple[dict[str, Any], ...]:
    """The glossary's entries, each with its English stems as ``stems``."""
    entries = docs_sources.glossary_entries()
    for entry in entries:
        english = entry["en"]
        entry["stems"] = tuple(english.get("match") or [english["term"]])
    return tuple(entries)


@cache
def text(page: str) -> str:
    return (DOCS / "en" / page).read_text("utf-8")


def without_pointers(markdown: str) -> str:
    """The Markdown without what only points elsewhere (Next line, reading lists)."""
    for pattern in POINTERS:
        markdown = pattern.sub(" ", markdown)
    return markdown


def _words(markdown: str) -> str:
    """Folded prose with emphasis marks dropped, so ``*local* differential`` reads as words."""
    return glossary.fold(units.prose(markdown), "en").replace("*", "").replace("_", " ")


def _matches(stems: tuple[str, ...], words: str) -> bool:
    return any(glossary.stem_pattern(stem, "en").search(words) for stem in stems)


def uses_in(markdown: str, term: dict[str, Any]) -> bool:
    """Whether the prose or the formulas of some Markdown use the term."""
    body = without_pointers(markdown)
    if _matches(term["stems"], _words(body)):
        return True
    formulas = " ".join(FORMULA.findall(body))
    return any(
        re.search(re.escape(symbol) + r"(?![A-Za-z])", formulas)
        for symbol in term.get("formula", [])
    )


def uses(page: str, term: dict[str, Any]) -> bool:
    """Whether an English chapter uses the term."""
    return uses_in(text(page), term)


def marks(page: str, term: dict[str, Any]) -> bool:
    """Whether the page introduces the term: bold, a heading, or a link to its entry."""
    body = text(page)
    if f"glossary.md#{term['id']})" in body:
        return True
    spans = BOLD.findall(body) + HEADING.findall(body)
    return any(_matches(term["stems"], _words(" ".join(span.split()))) for span in spans)


def prerequisites(page: str) -> list[str]:
    """The chapters a chapter's "*Prerequisites:*" line links to."""
    found = PREREQUISITES.search(text(page))
    assert found, f"{page} has no *Prerequisites:* line"
    return LINK.findall(found.group(0))


def reachable(page: str) -> set[str]:
    """The chapter itself and every chapter its prerequisites lead to, transitively."""
    seen: set[str] = set()
    todo = [page]
    while todo:
        current = todo.pop()
        if current not in seen:
            seen.add(current)
            todo.extend(prerequisites(current))
    return seen


def test_the_course_and_the_glossary_are_read() -> None:
    assert chapters() and all((DOCS / "en" / page).is_file() for page in chapters())
    assert len(terms()) >= 30


@pytest.mark.parametrize("term", terms(), ids=lambda term: term["id"])
def test_each_term_is_defined_on_or_before_its_first_use(term: dict[str, Any]) -> None:
    home = term.get("defined_in")
    assert home in chapters(), f"{term['id']}: defined_in {home!r} is no chapter of the course"
    assert marks(home, term), f"{term['id']}: {home} does not introduce it (bold, heading, link)"
    first = next(page for page in chapters() if page == home or uses(page, term))
    assert first == home, f"{term['id']} is used in {first} before {home} defines it"


@pytest.mark.parametrize("page", chapters())
def test_prerequisites_come_earlier_and_cover_every_term_used(page: str) -> None:
    order = chapters()
    for needed in prerequisites(page):
        assert order.index(needed) < order.index(page), f"{page} needs the later {needed}"
    known = reachable(page)
    missing = sorted(
        f"{term['id']} ({term['defined_in']})"
        for term in terms()
        if term["defined_in"] not in known and uses(page, term)
    )
    assert not missing, f"{page} uses terms its prerequisites never define: {missing}"


def test_the_detection_reads_formulas_emphasis_and_pointers() -> None:
    delta = {"id": "x", "stems": ("approximate differential privacy",), "formula": ["\\delta"]}
    assert uses_in("It is $(\\varepsilon, \\delta)$-DP.", delta)
    assert not uses_in("It is $\\Delta$-sensitive and $\\deltax$.", delta)
    local = {"id": "y", "stems": ("local differential privacy",)}
    assert uses_in("Apple uses *local* differential privacy.", local)
    assert not uses_in("**Next:** [Local differential privacy](local.md)", local)
    reading = "## Further reading { #further-reading }\n\n- local differential privacy\n"
    assert not uses_in(reading, local)
    assert uses_in(reading + "## More { #more }\n\nlocal differential privacy\n", local)
