"""A one-page brief for whoever translates the lesson into one language, person or machine.

``render_prompt`` adds, for one page, the English text, the current translation, the English
changes since it was reviewed and the report's lines: one file for a translation tool or a
reviewer (``translations -- prompt nl laplace.md``).

``python3 noxfile.py -s translations -- brief nl`` prints it. It gathers what a translator
otherwise collects from four places: the glossary in that language with the English terms and
the terminology decisions (``docs/hooks/glossary.yml``), the rules for what stays identical,
the language's number conventions (its settings file), the pages that need work and the
interface strings that need work, which the caller passes in (the report's statuses and
findings), so this module reads no page and runs no check.
A machine translator can be given the brief as its instructions: every rule in it is one the
report checks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

import yaml

from .findings import summarised
from .glossary import Term, project_terms
from .problem import Finding
from .project import Language, Project, is_notebook
from .report import PageStatus

#: What each status asks of the translator (the report's statuses).
ACTIONS = {
    "missing": "translate the English page; until then readers get English with a note",
    "outdated": "the English changed: `sync` carries new structure; update what `--diff` "
    "shows, then `mark` the page",
    "drift": "fix what the report lists (a formula, code, link or heading differs from English)",
    "translated": "nothing to do",
}

KEEP_RULES = (
    "**Code** stays as in English: fenced blocks, inline code (`laplace_scale`, `--locale`) and "
    "the names of functions, files and options in prose.",
    '**Example includes** stay as they are: a line `--8<-- "calibration.md"` is shared by every '
    "language, with its code and its printed output.",
    "**Heading ids** stay: translate the words of `## Heading { #heading-id }`, never the "
    "`{ #heading-id }`. Links to a heading use that id in every language "
    "(`releasing.md#the-floating-point-caveat`), and so do glossary links "
    "(`glossary.md#sensitivity`).",
    "**Formulas** keep every symbol (`$\\Delta f$` never becomes `$\\delta f$`); only the way "
    "numbers are written follows the conventions below. Display formulas stay line for line.",
    "**Placeholders** in braces stay as they are, untranslated: `{example}`, `{total}`.",
    "**Widget attributes**: the names (`data-t-title`) and classes (`dp-widget`) stay; the "
    'values of `data-t-*` are translated. A straight `"` inside a value ends it early: write '
    "`&quot;` or the language's own quotation marks. A text with a count (`data-t-count`, "
    '"{count} releases") has a form for each plural category of the language that reads '
    'otherwise, named as CLDR names them: `data-t-count-one` ("1 release"), and `-two`, '
    "`-few` or `-many` where the language has them; a form the language does not need may go.",
    "**Structure** stays: the same headings at the same levels, admonitions (`!!! note`), "
    "exercises and their options, images and link targets, in the same order.",
)


def _cell(text: str) -> str:
    """Make ``text`` safe inside a Markdown table cell: one line, pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def _conventions(glossary: Path, locale: str) -> list[str]:
    """Read the house conventions of ``locale`` (the ``conventions`` block of the glossary)."""
    if not glossary.is_file():
        return []
    data = yaml.safe_load(glossary.read_text(encoding="utf-8")) or {}
    found = (data.get("conventions") or {}).get(locale) or []
    return [str(item) for item in found]


def glossary_section(terms: Iterable[Term], source: str, locale: str, name: str) -> list[str]:
    """Write the glossary table: the English term, the term in ``locale`` and its notes."""
    rows = [
        f"| {_cell(t.names[source])} | {_cell(t.names[locale])} "
        f"| {_cell(t.notes.get(locale, ''))} |"
        for t in terms
        if source in t.names and locale in t.names
    ]
    if not rows:
        return ["The glossary has no terms in this language yet: add them to glossary.yml first."]
    return ["| English | " + _cell(name) + " | Notes |", "|---|---|---|", *rows]


def numbers_section(language: Language) -> list[str]:
    """Write the language's number conventions, in prose and inside formulas, with examples."""
    prose = f"0{language.decimal}5"
    formula = "0.5" if language.formula_decimal == "." else f"0{language.formula_decimal}5"
    braces = ": the braces keep TeX from spacing the comma like a list. Separate list items "
    braces += "and interval ends with a semicolon: `$[0{,}001;\\ 100]$`."
    return [
        f"- In prose, answers and figures the decimal sign is `{language.decimal}`: {prose}.",
        f"- Inside a formula write `${formula}$`"
        + (braces if language.formula_decimal == "{,}" else "."),
        "- Numbers in code and in the output of examples stay as the English page prints them.",
    ]


def work_section(work: Sequence[tuple[str, str]], locale: str) -> list[str]:
    """Write the table of pages that need work (page, status), with what each status asks."""
    todo = [(page, status) for page, status in work if status != "translated"]
    if not todo:
        return ["Every page and notebook is translated and up to date."]
    lines = ["| Page | Status | What to do |", "|---|---|---|"]
    for page, status in sorted(todo, key=lambda item: (item[1], item[0])):
        lines.append(f"| `{locale}/{page}` | {status} | {ACTIONS[status]} |")
    command = "python3 noxfile.py -s translations --"
    return [
        *lines,
        "",
        f"`{command} --locale {locale} --diff --page <page>` shows the English changes word by "
        f"word; `{command} mark {locale} <page>` records that the page matches them again.",
    ]


def strings_section(findings: Sequence[Finding]) -> list[str]:
    """List the interface strings of the settings file that need work, with file and line."""
    if not findings:
        return ["Every interface string is translated."]
    return [
        "Buttons, notes, figure labels and checker messages live in the language's settings "
        "file, not in the pages; a missing one shows English.",
        "",
        *(
            f"- `{f.problem.file}` line {f.problem.line}: {f.problem.what} — {f.problem.fix}"
            for f in summarised(findings)
        ),
    ]


def render_brief(
    project: Project,
    locale: str,
    work: Iterable[tuple[str, str]],
    strings: Sequence[Finding] = (),
) -> str:
    """Write the Markdown brief for ``locale``.

    ``work`` holds (page, status) pairs from the report, e.g. ``[("laplace.md", "outdated")]``;
    translated pages may be left out or passed, they are not listed. ``strings`` holds the
    report's findings on the language's interface strings (``l10n.interface``). A locale that
    is not one of the project's translations, or an unknown status, raises ValueError naming
    the choices.
    """
    if locale not in project.locales:
        raise ValueError(f"locale must be one of {list(project.locales)}; got {locale!r}")
    items = list(work)
    for page, status in items:
        if status not in ACTIONS:
            raise ValueError(f"status of {page} must be one of {list(ACTIONS)}; got {status!r}")
    language = project.language(locale)
    terms = project_terms(project)
    conventions = _conventions(project.glossary, locale)
    lines = [
        f"# Translator's brief: {language.name} ({locale})",
        "",
        f"Translate from `docs/{project.source}/` into `docs/{locale}/`, page by page. "
        "Translate the meaning for a reader new to the subject; "
        "everything listed under *Keep* is checked by the report "
        f"(`python3 noxfile.py -s translations -- --locale {locale}`).",
        "",
        "## Keep exactly as in English",
        "",
        *(f"- {rule}" for rule in KEEP_RULES),
        "",
        "## Numbers",
        "",
        *numbers_section(language),
        "",
        "## Glossary",
        "",
        "Use these terms wherever the English page uses the English one.",
        "",
        *glossary_section(terms, project.source, locale, language.name),
    ]
    if conventions:
        lines += ["", "## House conventions", "", *(f"- {c}" for c in conventions)]
    lines += ["", "## Pages that need work", "", *work_section(items, locale)]
    lines += ["", "## Interface strings that need work", "", *strings_section(strings), ""]
    return "\n".join(lines)


def _fenced(text: str, language: str) -> list[str]:
    """Fence ``text`` with more backticks than it holds in a row."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return [f"{fence}{language}", text.rstrip("\n"), fence]


def render_prompt(
    project: Project,
    item: PageStatus,
    details: Sequence[str],
    diff: str | None,
    strings: Sequence[Finding] = (),
) -> str:
    """Write one file for a translation tool or a reviewer: task, brief, report lines, texts.

    ``item`` is the report's status of the page, ``details`` its lines in the report, ``diff``
    the English word diff since the translation was reviewed (None when not outdated).
    """
    locale, page = item.locale, item.page
    english, here = project.path(project.source, page), project.path(locale, page)
    name = project.language(locale).name
    kind = "json" if is_notebook(page) else "markdown"
    lines = [
        f"# Task: `{locale}/{page}` in {name} ({item.status})",
        "",
        f"Bring `docs/{locale}/{page}` to what `docs/{project.source}/{page}` says now, following "
        "the brief below, and give back the whole file. Keep its front matter's `source` record "
        "as it is: `mark` rewrites it once a person has reviewed the result.",
        "",
        render_brief(project, locale, [(page, item.status)], strings),
        "## What the report says about this file",
        "",
        *([f"- {line}" for line in details] or ["- nothing: it is up to date"]),
        "",
    ]
    if diff:
        lines += ["## English changes since the translation was reviewed", "", *_fenced(diff, "")]
        lines += [""]
    lines += [f"## The English (`docs/{project.source}/{page}`)", ""]
    lines += [*_fenced(english.read_text(encoding="utf-8"), kind), ""]
    lines += [f"## The current translation (`docs/{locale}/{page}`)", ""]
    if here.is_file():
        lines += [*_fenced(here.read_text(encoding="utf-8"), kind), ""]
    else:
        lines += ["None yet: write it from the English.", ""]
    return "\n".join(lines)
