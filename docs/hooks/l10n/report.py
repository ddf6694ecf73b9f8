"""The translation status of every page and notebook in every locale, and how to show it.

Status of one translated file: ``missing`` (falls back to English), ``drift`` (its structure
differs from English: the build or the reader would notice), ``outdated`` (the English words
changed since the translation was checked) or ``translated``. A missing file fails the checks
only in a language whose state is ``complete``; drift always fails.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .compare import compare
from .findings import findings_json
from .glossary import Term, load_glossary, term_problems
from .notebooks import compare_notebook, markdown_words
from .problem import Finding, Problem
from .project import Project, is_notebook
from .records import (
    SourceRecord,
    front_matter,
    outdated_reason,
    read_notebook,
    read_record,
    source_hash,
)
from .structure import Pages

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
        }
        if self.diff is not None:
            data["diff"] = self.diff
        return data


def _english_words(project: Project, page: str) -> int:
    """Count the words a translator translates in the English page or notebook."""
    path = project.path(project.source, page)
    if is_notebook(page):
        return markdown_words(path)
    return len(front_matter(path)[0].split())


def page_status(pages: Pages, terms: Sequence[Term], locale: str, page: str) -> PageStatus:
    """Decide the status of one page or notebook: missing, drift, outdated or translated."""
    project = pages.project
    english = project.path(project.source, page)
    translated = project.path(locale, page)
    file = f"{locale}/{page}"
    if not english.is_file():
        what = f"no English source {project.source}/{page}"
        return PageStatus(locale, page, "drift", [Problem(file, 1, what, "rename or delete it")])
    words = _english_words(project, page)
    if not translated.is_file():
        return PageStatus(locale, page, "missing", words=words)
    if is_notebook(page):
        meta = dict(read_notebook(translated).metadata)
        problems = compare_notebook(english, translated, file, tuple(project.languages))
    else:
        body, meta = front_matter(translated)
        problems = compare(pages, locale, page)
        problems += term_problems(
            terms, project.source, front_matter(english)[0], locale, body, file
        )
    reason = outdated_reason(meta, english)
    status = "drift" if problems else "outdated" if reason else "translated"
    return PageStatus(
        locale, page, status, problems, reason, read_record(meta), source_hash(english), words
    )


def report(
    project: Project,
    locales: Sequence[str] | None = None,
    only: Sequence[str] | None = None,
    statuses: Sequence[str] | None = None,
) -> list[PageStatus]:
    """Give the status of every English page and notebook, and every orphan, per locale."""
    pages = Pages(project)
    terms = load_glossary(project.glossary) if project.glossary.is_file() else []
    english = project.pages(project.source)
    found = []
    for locale in locales or project.locales:
        orphans = [p for p in project.pages(locale) if p not in english]
        for page in [*english, *orphans]:
            if not only or page in only:
                item = page_status(pages, terms, locale, page)
                if not statuses or item.status in statuses:
                    found.append(item)
    return found


def summary(statuses: Iterable[PageStatus]) -> dict[str, dict[str, int]]:
    """Per locale, how many pages and notebooks have each status."""
    counts: dict[str, dict[str, int]] = {}
    for item in statuses:
        counts.setdefault(item.locale, dict.fromkeys(STATUSES, 0))[item.status] += 1
    return counts


def progress(statuses: Iterable[PageStatus]) -> dict[str, float]:
    """Per locale, the percentage of English words whose page or notebook is translated."""
    done: dict[str, int] = {}
    total: dict[str, int] = {}
    for item in statuses:
        total[item.locale] = total.get(item.locale, 0) + item.words
        if item.status != "missing":
            done[item.locale] = done.get(item.locale, 0) + item.words
    return {loc: 100.0 * done.get(loc, 0) / total[loc] if total[loc] else 100.0 for loc in total}


def failing(project: Project, statuses: Iterable[PageStatus]) -> list[PageStatus]:
    """Select what must fail CI: drift, and missing files of a complete language."""
    return [
        s
        for s in statuses
        if s.status == "drift"
        or (s.status == "missing" and project.language(s.locale).state == "complete")
    ]


def _details(project: Project, item: PageStatus) -> list[str]:
    """List the lines shown under one status row."""
    details = [str(p) for p in item.problems]
    if item.status == "missing":
        if project.language(item.locale).state == "complete":
            copy = f"{project.source}/{item.page} to {item.locale}/{item.page}"
            details.append(
                f"falls back to English, but {item.locale} is complete: copy {copy}, translate it"
            )
        else:
            details.append("falls back to English (language in progress)")
    elif item.outdated:
        details.append(item.outdated + f" — review, then `mark {item.locale} {item.page}`")
    return details


def render_table(
    project: Project, statuses: Sequence[PageStatus], totals: Sequence[PageStatus] | None = None
) -> str:
    """Render a plain-text table: one row per file and locale, then counts and progress.

    ``totals`` (default: ``statuses``) is the unfiltered report the counts are taken from.
    """
    rows = [("locale", "page", "status", "details")]
    for item in statuses:
        details = _details(project, item)
        rows.append((item.locale, item.page, item.status, details[0] if details else ""))
        rows += [("", "", "", extra) for extra in details[1:]]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines = [f"Translation status against the source locale '{project.source}'", ""]
    for number, row in enumerate(rows):
        cells = [row[i].ljust(widths[i]) for i in range(3)]
        lines.append("  ".join([*cells, row[3]]).rstrip())
        if number == 0:
            lines.append("  ".join("-" * w for w in [*widths, len("details")]))
    header = ["locale".ljust(8), *(s.rjust(10) for s in STATUSES), "words".rjust(8)]
    lines += ["", "  ".join(header)]
    percent = progress(totals or statuses)
    for locale, counts in summary(totals or statuses).items():
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
