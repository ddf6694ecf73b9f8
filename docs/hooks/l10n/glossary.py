"""The lesson's terms in every language (``docs/hooks/glossary.yml``) and their use in pages.

A term with ``check: true`` must appear in a translated page wherever the English page uses
the English term. Stems let inflected forms count (Dutch *gevoeligheden*, Turkish suffixes);
words inside code, formulas, link targets and titles and tags do not count.

:func:`glossary_findings` checks the term list itself for the report: every term has a name in
every locale (a missing one fails the release check of a complete language; in a language in
progress the report lists what to add), each locale's stems match its own term, and each
glossary page (``docs/<locale>/glossary.md``) has one third-level heading per term, spelled as
the term (in a language in progress, as the English term while it has no name of its own).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .problem import Finding, Problem
from .project import Project
from .structure import Structure, structure
from .units import prose

#: The page that explains every term, one third-level heading each.
GLOSSARY_PAGE = "glossary.md"


@dataclass(frozen=True)
class Term:
    """One glossary entry: its name in each locale and the stems that count as using it."""

    id: str
    check: bool
    names: dict[str, str] = field(hash=False)
    stems: dict[str, tuple[str, ...]] = field(hash=False)
    notes: dict[str, str] = field(hash=False, default_factory=dict)


def load_glossary(path: Path) -> list[Term]:
    """Read the term list; a locale's stems default to its term name."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    terms = []
    for entry in data["terms"]:
        names: dict[str, str] = {}
        stems: dict[str, tuple[str, ...]] = {}
        notes: dict[str, str] = {}
        for locale, spec in entry.items():
            if locale in {"id", "check"} or not isinstance(spec, dict):
                continue
            if unknown := set(spec) - {"term", "match", "note"}:  # e.g. a comma in a bare note
                raise ValueError(f"{path}: {entry['id']}.{locale} has unknown keys {unknown}")
            names[locale] = str(spec["term"])
            stems[locale] = tuple(str(s) for s in spec.get("match") or [spec["term"]])
            if spec.get("note"):
                notes[locale] = str(spec["note"])
        terms.append(Term(str(entry["id"]), bool(entry.get("check")), names, stems, notes))
    return terms


def project_terms(project: Project) -> list[Term]:
    """Read the project's term list (``docs/hooks/glossary.yml``); none without the file."""
    return load_glossary(project.glossary) if project.glossary.is_file() else []


def fold(text: str, locale: str) -> str:
    """Lower-case ``text`` with the locale's rules (Turkish dotted and dotless i)."""
    if locale == "tr":
        text = text.replace("I", "ı").replace("İ", "i")
    return text.lower()


def _spaced(char: str) -> bool:
    """Tell whether words in this script are separated by spaces (not CJK)."""
    return not unicodedata.name(char, "").startswith(("CJK", "HIRAGANA", "KATAKANA", "HANGUL"))


def stem_pattern(stem: str, locale: str) -> re.Pattern[str]:
    """Compile a pattern for ``stem`` that allows inflected word endings."""
    words = fold(stem, locale).split()
    if not _spaced(words[0][0]):
        return re.compile(re.escape("".join(words)))
    return re.compile(r"(?<!\w)" + r"\s+".join(re.escape(w) + r"\w*" for w in words))


def term_problems(
    terms: Iterable[Term], source: str, en: Structure, locale: str, here: Structure, file: str
) -> list[Problem]:
    """Report checked terms the English page uses but the translation never does.

    A term with no name in ``locale`` is left out: :func:`glossary_findings` reports it once
    for the glossary (failing in a complete language), not again on every page using it.
    """
    here_words = fold(prose("\n".join(u.text for u in here.units)), locale)
    problems = []
    for term in terms:
        if not term.check or source not in term.stems or locale not in term.stems:
            continue
        stems = [stem_pattern(s, source) for s in term.stems[source]]
        used = [u for u in en.units if any(p.search(fold(prose(u.text), source)) for p in stems)]
        if used and not any(stem_pattern(s, locale).search(here_words) for s in term.stems[locale]):
            what = f"the English uses the term {term.names[source]!r} (English line "
            what += f"{used[0].line}); this page never uses {term.names[locale]!r}"
            fix = f"use the glossary term {term.names[locale]!r}"
            problems.append(Problem(file, here.near(en, used[0].line), what, fix))
    return problems


def plain(text: str) -> str:
    """Fold case and drop accents and extra spaces, to compare a heading with a term."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def _term_lines(path: Path) -> dict[str, int]:
    """Map each term id to the line of its ``- id:`` entry in the term list."""
    found: dict[str, int] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        match = re.match(r"\s*-\s+id:\s*(\S+)\s*$", line)
        if match:
            found.setdefault(match.group(1).strip("\"'"), number)
    return found


def _page_findings(project: Project, terms: list[Term], locale: str) -> list[Finding]:
    """Compare the level-3 headings of ``locale``'s glossary page with its term names."""
    path = project.path(locale, GLOSSARY_PAGE)
    if not path.is_file():
        return []
    file, glossary = project.rel(path), project.rel_root(project.glossary)
    headings = [h for h in structure(project, path).headings if h.level == 3]
    by_text = {plain(h.text): h for h in headings}
    by_id = {h.id: h.line for h in headings}
    # In a language in progress a term with no name yet keeps its English heading.
    fallback = project.source if project.language(locale).state != "complete" else locale
    names = {t.id: t.names.get(locale) or t.names.get(fallback) for t in terms}
    named = {plain(name): t for t in terms if (name := names[t.id])}
    problems: list[tuple[str, Problem, str]] = []
    for text, term in named.items():
        if text not in by_text:
            what = f"no heading for the term {names[term.id]!r} ({term.id})"
            fix = f"add ### {names[term.id]} {{ #{term.id} }}, or respell the term"
            problems.append((term.id, Problem(file, by_id.get(term.id, 1), what, fix), "missing"))
    for text, heading in by_text.items():
        if text not in named:
            what = f"the heading {heading.text!r} is no {locale} term of {glossary}"
            fix = "spell it as the term, or add the term"
            problems.append((heading.id, Problem(file, heading.line, what, fix), "heading"))
    return [Finding(locale, "glossary", key, kind, p, True) for key, p, kind in problems]


def glossary_findings(project: Project, terms: list[Term], locale: str) -> list[Finding]:
    """Check the term list and the glossary page of one locale (the source locale too)."""
    file = project.rel_root(project.glossary)
    lines = _term_lines(project.glossary)
    complete = project.language(locale).state == "complete"
    found = []
    for term in terms:
        line = lines.get(term.id, 1)
        if locale not in term.names:
            english = term.names.get(project.source, term.id)
            what = f"{term.id} has no {locale} term (English {english!r})"
            problem = Problem(file, line, what, f"add {locale}: {{term: ...}} under {term.id}")
            found.append(Finding(locale, "glossary", term.id, "missing", problem, complete))
            continue
        name = fold(term.names[locale], locale)
        if not any(stem_pattern(s, locale).search(name) for s in term.stems[locale]):
            what = f"{term.id}: no {locale} stem in match matches the term {term.names[locale]!r}"
            problem = Problem(file, line, what, "add the term's own stem to match")
            found.append(Finding(locale, "glossary", term.id, "stem", problem, True))
    return found + _page_findings(project, terms, locale)
