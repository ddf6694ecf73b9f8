"""The lesson's terms in every language (``docs/hooks/glossary.yml``) and their use in pages.

A term with ``check: true`` must appear in a translated page wherever the English page uses
the English term. Stems let inflected forms count (Dutch *gevoeligheden*, Turkish suffixes);
words inside code, formulas, link targets and tags do not count.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .problem import Problem


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
            names[locale] = str(spec["term"])
            stems[locale] = tuple(str(s) for s in spec.get("match") or [spec["term"]])
            if spec.get("note"):
                notes[locale] = str(spec["note"])
        terms.append(Term(str(entry["id"]), bool(entry.get("check")), names, stems, notes))
    return terms


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


_PROSE_DROP = [
    re.compile(r"^[ \t]*-{1,}8<-{1,}.*$", re.MULTILINE),  # include lines
    re.compile(r"^[ \t]*(`{3,}|~{3,}).*?^[ \t]*\1", re.DOTALL | re.MULTILINE),  # fences
    re.compile(r"\$\$.*?\$\$", re.DOTALL),  # display formulas
    re.compile(r"(?<!\\)\$[^$\n]+?\$"),  # inline formulas
    re.compile(r"(`+).*?\1", re.DOTALL),  # code spans
    re.compile(r"\]\([^)]*\)"),  # link targets
    re.compile(r"<[^>]+>"),  # HTML tags
    re.compile(r"\{[^}\n]*#[\w-]+[^}\n]*\}"),  # heading ids { #id }
]


def prose(body: str) -> str:
    """Keep the words of a page body: drop includes, formulas, code, link targets, tags."""
    for pattern in _PROSE_DROP:
        body = pattern.sub(" ", body)
    return body


def term_problems(
    terms: Iterable[Term], source: str, english: str, locale: str, text: str, file: str
) -> list[Problem]:
    """Report checked terms the English body uses but the translation lacks."""
    english_words, here_words = fold(prose(english), source), fold(prose(text), locale)
    problems = []
    for term in terms:
        if not term.check or source not in term.stems:
            continue
        if not any(stem_pattern(s, source).search(english_words) for s in term.stems[source]):
            continue
        if locale not in term.stems:
            what = f"the glossary has no {locale} term for {term.names[source]!r}"
            problems.append(Problem(file, 1, what, "add it to docs/hooks/glossary.yml"))
        elif not any(stem_pattern(s, locale).search(here_words) for s in term.stems[locale]):
            what = f"the English uses the term {term.names[source]!r}; this page never uses "
            what += f"{term.names[locale]!r}"
            problems.append(Problem(file, 1, what, f"use the glossary term {term.names[locale]!r}"))
    return problems
