"""The report's section below the pages: interface strings and the glossary, per locale.

Pages and notebooks have a status each (:mod:`l10n.report`); the settings files and the term
list do not, so their problems are listed as :class:`~l10n.problem.Finding` rows: interface
strings missing, identical to English or with other placeholders (:mod:`l10n.interface`),
glossary terms missing in a locale, stems that miss their own term, and glossary pages whose
headings are not the terms (:mod:`l10n.glossary`). A finding fails the checks when its
``fails`` says so, a missing one only the release check; the rest are what a language in
progress still has to do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .glossary import glossary_findings, project_terms
from .interface import KINDS, string_findings
from .problem import Finding, Problem
from .project import Project

TITLE = "Interface strings (dplesson/locales/<code>.yml) and glossary (docs/hooks/glossary.yml)"


def findings(project: Project, locales: Sequence[str] | None = None) -> list[Finding]:
    """Check the settings file and glossary of each locale; with no choice, English's too.

    The source locale has no interface strings to compare, but its glossary page must have
    one heading per term as well.
    """
    terms = project_terms(project)
    chosen = list(locales) if locales else [project.source, *project.locales]
    found: list[Finding] = []
    for locale in chosen:
        found += string_findings(project, locale)
        found += glossary_findings(project, terms, locale)
    return found


def failing_findings(found: Sequence[Finding], release: bool = False) -> list[Finding]:
    """Select the findings that fail the checks (see :attr:`Finding.fails`).

    Something missing (a string, a term, a glossary heading) is what a new English one leaves
    behind: it fails only the release check (``release``).
    """
    return [f for f in found if f.fails and (release or f.kind != "missing")]


def summarised(found: Sequence[Finding]) -> list[Finding]:
    """Collapse the strings a language in progress has not translated to one row per section.

    Keys still English (missing or identical) that do not fail are grouped by their section
    (``figures``, ``chrome``...): a new language has about 150 of them.
    """
    groups: dict[object, list[Finding]] = {}
    for item in found:
        quiet = not item.fails and item.section == "strings" and item.kind in KINDS[:2]
        key = (item.locale, item.key.split(".")[0], item.kind) if quiet else id(item)
        groups.setdefault(key, []).append(item)
    summary = []
    for items in groups.values():
        first, lines = items[0], sorted(i.problem.line for i in items)
        if len(items) == 1:
            summary.append(first)
            continue
        section, names = first.key.split(".")[0], [i.key.partition(".")[2] for i in items]
        keys = ", ".join(names[:4]) + (", …" if len(names) > 4 else "")
        where = f", lines {lines[0]}–{lines[-1]}" if first.kind == "identical" else ""
        what = f"{len(items)} {section} strings are {first.kind} ({keys}){where}"
        problem = Problem(first.problem.file, lines[0], what, "translate them")
        summary.append(Finding(first.locale, "strings", section, first.kind, problem, False))
    return summary


def columns(rows: Sequence[tuple[str, str, str, str]]) -> list[str]:
    """Lay out a header row, a rule and the rows in columns; the last column is not padded."""
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines = [
        "  ".join([*(row[i].ljust(widths[i]) for i in range(3)), row[3]]).rstrip() for row in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in [*widths, len(rows[0][3])]))
    return lines


def render_findings(found: Sequence[Finding]) -> str:
    """Render the section as plain text: one row per finding, or a line saying all is well."""
    lines = ["", TITLE, ""]
    if not found:
        return "\n".join([*lines, "nothing to do: every string and term is in place"]) + "\n"
    rows = [("locale", "section", "kind", "details")]
    for item in summarised(found):
        note = "" if item.fails else " (language in progress: not an error yet)"
        rows.append((item.locale, item.section, item.kind, f"{item.problem}{note}"))
    lines += columns(rows)
    failing, late = len(failing_findings(found)), len(failing_findings(found, True))
    lines += ["", f"{len(found)} findings: {failing} fail the checks, {late} the release check"]
    return "\n".join(lines) + "\n"


def findings_json(found: Sequence[Finding]) -> list[dict[str, Any]]:
    """Return the findings as JSON-ready dicts, one per finding."""
    return [
        {
            "locale": f.locale,
            "section": f.section,
            "key": f.key,
            "kind": f.kind,
            "fails": f.fails,
            "file": f.problem.file,
            "line": f.problem.line,
            "message": str(f.problem),
        }
        for f in found
    ]
