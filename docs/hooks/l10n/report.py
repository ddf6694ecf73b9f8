"""The translation status of every page and notebook in every locale, and how to show it.

Status of one translated file: ``missing`` (falls back to English), ``drift`` (its structure
differs from English: the build or the reader would notice), ``outdated`` (the English words
changed since the translation was checked) or ``translated``. When the English changed, the
structure is compared with the English the translation follows (its record) too: a translation
that matches either is outdated, with the structure the English added listed as ``pending``
(``sync`` carries it), so an English edit never fails the checks; drift the translator made
does. Units still identical to English (:mod:`l10n.units`) are listed and left out of the
words percentage.

The default checks fail on drift only; the release check (:func:`failing` with ``release``) also
on a missing or outdated file of a ``complete`` language, or English left in one.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .changes import english_text
from .compare import compare
from .findings import columns, findings_json
from .glossary import Term, project_terms
from .notebooks import cells, compare_notebook, markdown_words
from .problem import Finding, Problem
from .project import Project, is_notebook
from .records import (
    SourceRecord,
    front_matter,
    meta_of,
    outdated_reason,
    read_record,
    source_hash,
)
from .structure import Pages
from .units import Unit, units, untranslated, words

STATUSES = ("translated", "outdated", "missing", "drift")


@dataclass
class PageStatus:
    """The translation status of one page or notebook in one locale."""

    locale: str
    page: str
    status: str
    problems: list[Problem] = field(default_factory=list)
    outdated: str | None = None
    recorded: SourceRecord | None = None
    current: str | None = None
    words: int = 0  # words of the English source, for the progress percentage
    diff: str | None = None
    pending: list[Problem] = field(default_factory=list)  # structure to carry from the English
    untranslated: list[Problem] = field(default_factory=list)  # units still English
    untranslated_words: int = 0

    def as_json(self) -> dict[str, Any]:
        """Return this status as a JSON-ready dict."""
        recorded = self.recorded
        data: dict[str, Any] = {
            "locale": self.locale,
            "page": self.page,
            "kind": "notebook" if is_notebook(self.page) else "page",
            "status": self.status,
            "outdated": self.outdated is not None,
            "outdated_reason": self.outdated,
            "problems": [str(p) for p in self.problems],
            "recorded": None if recorded is None else vars(recorded),
            "current_sha256": self.current,
            "english_words": self.words,
            "pending": [str(p) for p in self.pending],
            "untranslated": [str(p) for p in self.untranslated],
            "untranslated_words": self.untranslated_words,
        }
        if self.diff is not None:
            data["diff"] = self.diff
        return data


def _problems(
    pages: Pages, terms: Sequence[Term], locale: str, page: str, english: str | None = None
) -> list[Problem]:
    """Compare a translation with the English page or notebook (or an older ``english`` text)."""
    project = pages.project
    file, source = f"{locale}/{page}", project.path(project.source, page)
    if is_notebook(page):
        here = project.path(locale, page)
        return compare_notebook(source, here, file, tuple(project.languages), english)
    return compare(pages, locale, page, terms, english)


_UNITS = {"para": "paragraph", "item": "list item", "tag": "line", "admonition": "title"}


def _still_english(
    pages: Pages, locale: str, page: str, terms: Sequence[Term] = ()
) -> tuple[list[Problem], int]:
    """List the units of a translation identical to English, and count their words.

    A heading that is the locale's own glossary term is a name the locale chose to keep.
    """
    names = {" ".join(term.names.get(locale, "").split()).casefold() for term in terms}
    project = pages.project
    english, here = project.path(project.source, page), project.path(locale, page)
    pairs: list[tuple[list[Unit], list[Unit], int | None]]
    if is_notebook(page):
        both = zip(cells(english), cells(here), strict=False)
        pairs = [
            (units(a), units(b), number)
            for number, ((kind, a), (_, b)) in enumerate(both, 1)
            if kind == "markdown"
        ]
    else:
        pairs = [(list(pages.get(english).units), list(pages.get(here).units), None)]
    found, count = [], 0
    for en, mine, cell in pairs:
        for unit in untranslated(en, mine):
            if unit.kind == "heading" and words(unit).lstrip("# ").casefold() in names:
                continue
            count += len(words(unit).split())
            text = " ".join(unit.text.split())
            what = f"{_UNITS.get(unit.kind, unit.kind)} still in English: “{text[:70]}”"
            line, kind = (cell, "cell") if cell else (unit.line, "line")
            found.append(Problem(f"{locale}/{page}", line, what, "translate it", kind))
    return found, count


def page_status(pages: Pages, terms: Sequence[Term], locale: str, page: str) -> PageStatus:
    """Decide the status of one page or notebook: missing, drift, outdated or translated."""
    project = pages.project
    english = project.path(project.source, page)
    translated = project.path(locale, page)
    file = f"{locale}/{page}"
    if not english.is_file():
        what = f"no English source {project.source}/{page}"
        return PageStatus(locale, page, "drift", [Problem(file, 1, what, "rename or delete it")])
    # The words a translator translates, for the progress percentage.
    words = markdown_words(english) if is_notebook(page) else len(front_matter(english)[0].split())
    if not translated.is_file():
        return PageStatus(locale, page, "missing", words=words)
    meta = meta_of(translated)
    problems = _problems(pages, terms, locale, page)
    reason, record = outdated_reason(meta, english), read_record(meta)
    pending: list[Problem] = []
    if problems and reason and record:  # the English moved: does it match the one recorded?
        old = english_text(english, record, reviewed=False)
        if old is None:
            what = "the English it follows is not in this clone's history: drift is not told apart"
            problems.insert(0, Problem(file, 1, what, "fetch it (`git fetch --unshallow`)"))
        if old is None or not _problems(pages, terms, locale, page, old):
            pending, problems = problems, []
    status = "drift" if problems else "outdated" if reason else "translated"
    still, count = _still_english(pages, locale, page, terms)
    return PageStatus(
        locale,
        page,
        status,
        problems,
        reason,
        record,
        source_hash(english),
        words,
        pending=pending,
        untranslated=still,
        untranslated_words=count,
    )


def report(
    project: Project, locales: Sequence[str] | None = None, only: Sequence[str] | None = None
) -> list[PageStatus]:
    """Give the status of every English page and notebook, and every orphan, per locale."""
    pages, terms = Pages(project), project_terms(project)
    english = project.pages(project.source)
    return [
        page_status(pages, terms, locale, page)
        for locale in locales or project.locales
        for page in [*english, *(p for p in project.pages(locale) if p not in english)]
        if not only or page in only
    ]


def summary(statuses: Iterable[PageStatus]) -> dict[str, dict[str, int]]:
    """Per locale, how many pages and notebooks have each status."""
    counts: dict[str, dict[str, int]] = {}
    for item in statuses:
        counts.setdefault(item.locale, dict.fromkeys(STATUSES, 0))[item.status] += 1
    return counts


def progress(statuses: Iterable[PageStatus]) -> dict[str, float]:
    """Per locale, the percentage of English words whose page or notebook is translated."""
    done: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for item in statuses:
        total[item.locale] += item.words
        if item.status != "missing":
            done[item.locale] += max(0, item.words - item.untranslated_words)
    return {loc: 100.0 * done[loc] / total[loc] if total[loc] else 100.0 for loc in total}


def failing(
    project: Project, statuses: Iterable[PageStatus], release: bool = False
) -> list[PageStatus]:
    """Select what fails the checks: drift, which the translation's own edits made.

    Before a release (``release``) a complete language must also have every file, none
    outdated and no English left: English edits (a new page too) make them so, and must not
    block anyone until then.
    """
    return [
        s
        for s in statuses
        if s.status == "drift"
        or (
            release
            and project.language(s.locale).state == "complete"
            and (s.status in ("missing", "outdated") or bool(s.untranslated))
        )
    ]


def details(project: Project, item: PageStatus) -> list[str]:
    """List the lines shown under one status row."""
    lines = [str(p) for p in item.problems]
    if item.status == "missing":
        if project.language(item.locale).state == "complete":
            copy = f"{project.source}/{item.page} to {item.locale}/{item.page}"
            lines.append(f"falls back to English; {item.locale} is complete: copy {copy} and "
                         "translate it before the release")  # fmt: skip
        else:
            lines.append("falls back to English (language in progress)")
    elif item.outdated:
        then = "`sync`, then review" if item.pending else "review"
        lines.append(item.outdated + f" — {then}, then `mark {item.locale} {item.page}`")
        lines += [f"English moved on: {p}" for p in item.pending]
    if item.recorded and item.recorded.unchanged and not item.outdated:
        lines.append(f"marked unchanged: {item.recorded.unchanged}")
    return lines + [str(p) for p in item.untranslated]


def render_table(
    project: Project, statuses: Sequence[PageStatus], totals: Sequence[PageStatus]
) -> str:
    """Render a plain-text table: one row per file and locale, then counts and progress.

    ``totals`` is the unfiltered report the counts are taken from.
    """
    rows = [("locale", "page", "status", "details")]
    for item in statuses:
        shown = details(project, item)
        rows.append((item.locale, item.page, item.status, shown[0] if shown else ""))
        rows += [("", "", "", extra) for extra in shown[1:]]
    lines = [f"Translation status against the source locale '{project.source}'", ""]
    lines += columns(rows)
    header = ["locale".ljust(8), *(s.rjust(10) for s in STATUSES), "words".rjust(8)]
    lines += ["", "  ".join(header)]
    percent = progress(totals)
    for locale, counts in summary(totals).items():
        cells = [str(counts[s]).rjust(10) for s in STATUSES]
        lines.append("  ".join([locale.ljust(8), *cells, f"{percent[locale]:7.1f}%"]))
    return "\n".join(lines) + "\n"


def render_json(
    project: Project, statuses: Sequence[PageStatus], found: Sequence[Finding] = ()
) -> str:
    """Render the report as JSON: source locale, counts and progress per locale, entries.

    ``found`` are the interface-string and glossary findings (:mod:`l10n.findings`).
    """
    data = {
        "source_locale": project.source,
        "locales": list(dict.fromkeys(s.locale for s in statuses)),
        "summary": summary(statuses),
        "progress": {k: round(v, 1) for k, v in progress(statuses).items()},
        "pages": [s.as_json() for s in statuses],
        "findings": findings_json(found),
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
