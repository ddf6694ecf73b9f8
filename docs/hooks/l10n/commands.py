"""The command line: ``report`` (default), ``check``, ``mark``, ``sync``, ``brief``, ``prompt``.

Run from the repository root as ``PYTHONPATH=docs/hooks python -m l10n [command] ...``
(``python3 noxfile.py -s translations -- ...`` does that). With no command it prints the
report, whose options are accepted with or without the word ``report``; ``new`` scaffolds a
language. ``check`` prints only what fails, and with ``--release`` fails on outdated files and
English left in a complete language too (``python3 noxfile.py -s release`` runs it).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from .brief import render_brief, render_prompt
from .changes import before_english_change, blob_of, english_diff, english_text
from .findings import failing_findings, findings, render_findings
from .glossary import project_terms
from .interface import string_findings
from .project import Project, is_notebook, load_project
from .records import SourceRecord, source_hash, translation_hash, write_record
from .report import (
    STATUSES,
    PageStatus,
    details,
    failing,
    page_status,
    render_json,
    render_table,
    report,
)
from .scaffold import new_language
from .structure import Pages
from .sync import carry, carry_notebook

CONFIG = Path("mkdocs.yml")


def _report_options(parser: argparse.ArgumentParser) -> None:
    """Add the report's options (shared by the bare command and ``report``)."""
    parser.add_argument("--format", choices=("table", "json"), default="table")
    parser.add_argument("--output", type=Path, help="write the report to this file")
    parser.add_argument("--locale", action="append", help="only this locale (repeatable)")
    parser.add_argument("--page", action="append", help="only this page, e.g. laplace.md")
    parser.add_argument(
        "--status", action="append", choices=STATUSES, help="only this status (repeatable)"
    )
    parser.add_argument(
        "--diff", action="store_true", help="word diff of the English since each outdated mark"
    )
    parser.add_argument(
        "--release", action="store_true", help="fail on outdated files and English left too"
    )


def parser() -> argparse.ArgumentParser:
    """Define the report (default) and the ``report``, ``mark``, ``brief``, ``new`` commands."""
    main = argparse.ArgumentParser(
        prog="l10n", description="Translation status per locale, page and notebook."
    )
    main.add_argument("--config", type=Path, default=CONFIG, help="mkdocs.yml to read")
    _report_options(main)
    commands = main.add_subparsers(dest="command")
    for name, what in (("report", "status per file (the default)"), ("check", "only failures")):
        _report_options(commands.add_parser(name, help=what, argument_default=argparse.SUPPRESS))
    record = commands.add_parser(
        "mark", help="record the English revision a file was checked against"
    )
    record.add_argument("locale", nargs="?", help="locale of the reviewed files, e.g. nl")
    record.add_argument("pages", nargs="*", help="pages or notebooks, e.g. laplace.md lab.ipynb")
    record.add_argument(
        "--all-current", action="store_true", help="mark every existing translation as reviewed"
    )
    record.add_argument(
        "--unchanged", metavar="REASON", help="why a translation needs no change for new English"
    )
    carry = commands.add_parser(
        "sync", help="carry English structure (formulas, ids, links, new parts) into translations"
    )
    carry.add_argument("--locale", action="append", help="only this locale (repeatable)")
    carry.add_argument("--page", action="append", help="only this page, e.g. laplace.md")
    brief = commands.add_parser("brief", help="write a one-page brief for a translator")
    brief.add_argument("locale", help="the language of the brief, e.g. nl")
    brief.add_argument("--output", type=Path, help="write the brief to this file")
    prompt = commands.add_parser(
        "prompt", help="one file for a translation tool or reviewer: brief, English, diff"
    )
    prompt.add_argument("locale", help="the language, e.g. nl")
    prompt.add_argument("page", help="the page or notebook, e.g. laplace.md")
    prompt.add_argument("--output", type=Path, help="write it to this file")
    new = commands.add_parser("new", help="scaffold a language in progress")
    new.add_argument("locale", help="language code, e.g. fr")
    new.add_argument("name", help="the language's own name, e.g. Français")
    return main


def _refusal(project: Project, item: PageStatus, unchanged: str | None) -> list[str]:
    """Why a file may not be marked yet (what to do first), or nothing."""
    if item.status in {"missing", "drift"}:
        return [item.status, *map(str, item.problems)]
    if item.pending:
        what = "the English structure changed: run `sync` (or carry it by hand) first"
        return [what, *map(str, item.pending)]
    if item.untranslated:
        return ["English is left in it: translate it first", *map(str, item.untranslated)]
    record, path = item.recorded, project.path(item.locale, item.page)
    if not record or record.sha256 == item.current or unchanged:
        return []
    then = before_english_change(project.path(project.source, item.page), path)
    if then is None or translation_hash(path.name, then) != translation_hash(
        path.name, path.read_text(encoding="utf-8")
    ):
        return []
    return [
        f"the English changed since {record.sha256}, but this translation has not changed "
        f"since then. Bring it up to date (`--locale {item.locale} --page {item.page} --diff` "
        "shows what changed), or say why it needs no change: "
        f'`mark {item.locale} {item.page} --unchanged "<reason>"`'
    ]


def _run_mark(project: Project, args: argparse.Namespace) -> int:
    """Mark reviewed files; refuse those that need work first (see :func:`_refusal`)."""
    if args.all_current == bool(args.locale):
        print("mark: give a locale and pages, or --all-current", file=sys.stderr)
        return 2
    if args.all_current:
        targets = [(s.locale, s.page) for s in report(project) if s.status != "missing"]
    elif not args.pages:
        print("mark: name the reviewed pages, e.g. laplace.md or lab.ipynb", file=sys.stderr)
        return 2
    else:
        targets = [(args.locale, page) for page in args.pages]
    pages, terms, code = Pages(project), project_terms(project), 0
    for locale, page in targets:
        refusal = _refusal(project, page_status(pages, terms, locale, page), args.unchanged)
        if refusal:
            print(f"not marked {locale}/{page}: {refusal[0]}", file=sys.stderr)
            for line in refusal[1:]:
                print(f"    {line}", file=sys.stderr)
            code = 1
            continue
        english = project.path(project.source, page)
        record = SourceRecord(source_hash(english), None, blob_of(english), args.unchanged)
        write_record(project.path(locale, page), record)
        print(f"marked {locale}/{page}: source {record.sha256}")
    return code


def _run_sync(project: Project, args: argparse.Namespace) -> int:
    """Carry the English structure into outdated translations (:mod:`l10n.sync`).

    A file whose result would still differ from the English structure is left as it was.
    """
    written: dict[tuple[str, str], tuple[SourceRecord, str, list[str]]] = {}
    code = 0
    for item in report(project, args.locale, args.page):
        if not (item.outdated and item.recorded and item.status != "missing"):
            continue
        english, path = (
            project.path(project.source, item.page),
            project.path(item.locale, item.page),
        )
        old, mine = english_text(english, item.recorded, reviewed=False), path.read_text("utf-8")
        how = carry_notebook if is_notebook(item.page) else carry
        decimal = project.language(item.locale).formula_decimal
        carried = how(old, english.read_text("utf-8"), mine, decimal) if old else None
        if carried is None:
            why = "its parts do not line up with" if old else "this clone's history lacks"
            print(f"not synced {item.locale}/{item.page}: {why} the English it follows; "
                  "carry the change by hand (`--diff`)", file=sys.stderr)  # fmt: skip
            code = 1
        elif carried[0] != mine:
            path.write_text(carried[0], encoding="utf-8")
            written[item.locale, item.page] = (item.recorded, mine, carried[1])
    while written:  # keep what now matches the English; undo the rest (links may depend on it)
        pages, terms = Pages(project), project_terms(project)
        after = {key: page_status(pages, terms, *key) for key in written}
        wrong = {key: s for key, s in after.items() if s.problems or s.pending}
        if not wrong:
            break
        for (locale, page), status in wrong.items():
            project.path(locale, page).write_text(written.pop((locale, page))[1], encoding="utf-8")
            lines = [f"    {problem}\n" for problem in status.problems or status.pending]
            sys.stderr.write(
                f"not synced {locale}/{page}: it would still differ from the English:\n"
            )
            sys.stderr.write("".join(lines))
            code = 1
    for (locale, page), (record, _, notes) in written.items():
        english, path = project.path(project.source, page), project.path(locale, page)
        write_record(path, replace(record, blob=blob_of(english)))
        print(f"synced {locale}/{page}: translate what is still English, then mark it")
        print("".join(f"    {note}\n" for note in notes), end="")
    return code


def _run_brief(project: Project, args: argparse.Namespace) -> int:
    """Write the translator's brief of one locale (``l10n.brief``)."""
    work = [(s.page, s.status) for s in report(project, [args.locale]) if s.status != "translated"]
    text = render_brief(project, args.locale, work, string_findings(project, args.locale))
    _write(text, args.output)
    return 0


def _run_prompt(project: Project, args: argparse.Namespace) -> int:
    """Write one file for a translation tool or a reviewer (:func:`l10n.brief.render_prompt`)."""
    pages = project.pages(project.source)
    if args.page not in pages:
        print(f"prompt: page must be one of {pages}; got {args.page!r}", file=sys.stderr)
        return 2
    (item,) = report(project, [args.locale], [args.page])
    label, english = f"{args.locale}/{args.page}", project.path(project.source, args.page)
    diff = english_diff(english, label, item.recorded) if item.recorded and item.outdated else None
    strings = string_findings(project, args.locale)
    _write(render_prompt(project, item, details(project, item), diff, strings), args.output)
    return 0


def _run_new(args: argparse.Namespace) -> int:
    """Scaffold a new language in progress and print its checklist (``l10n.scaffold``)."""
    try:
        steps = new_language(args.config.resolve().parent, args.locale, args.name)
    except ValueError as error:
        print(f"new: {error}", file=sys.stderr)
        return 2
    print("\n".join(steps))
    return 0


def _write(text: str, output: Path | None) -> None:
    """Write ``text`` to ``output``, or to standard output."""
    if output:
        output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


def _run_report(project: Project, args: argparse.Namespace) -> int:
    """Print the report; exit 1 on drift, a missing file of a complete language, or a finding.

    Findings are the interface strings' and the glossary's (:mod:`l10n.findings`); only
    failing ones count. ``--release`` fails on more (:func:`l10n.report.failing`); ``check``
    shows only what fails.
    """
    everything = report(project, args.locale, args.page)
    bad = failing(project, everything, args.release)
    shown = [s for s in everything if not args.status or s.status in args.status]
    # Strings and glossary belong to no page: left out when the report is about pages.
    found = [] if args.page or args.status else findings(project, args.locale)
    found_bad = failing_findings(found, args.release)
    if args.command == "check":
        shown, found = bad, found_bad
    diffs: dict[tuple[str, str | None], list[PageStatus]] = {}  # one diff per English change
    if args.diff:
        for item in shown:
            if item.outdated and item.status != "missing":
                sha = item.recorded.sha256 if item.recorded else None
                diffs.setdefault((item.page, sha), []).append(item)
    for (page, _), items in diffs.items():
        label = ", ".join(f"{i.locale}/{page}" for i in items)
        text = english_diff(project.path(project.source, page), label, items[0].recorded)
        for item in items:
            item.diff = text
    if args.format == "json":
        text = render_json(project, shown, found)
    else:
        text = render_table(project, shown, everything)
        text += "" if args.page or args.status else render_findings(found)
        for (page, _), items in diffs.items():
            where = ", ".join(f"{i.locale}/{page}" for i in items)
            text += f"\n=== {where}: English changes since the translation\n"
            text += (items[0].diff or "").rstrip("\n") + "\n"
    if args.command == "check":
        text += f"{len(bad)} files and {len(found_bad)} findings fail the check\n"
    _write(text, args.output)
    return 1 if bad or found_bad else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit status."""
    args = parser().parse_args(argv)
    if args.command == "new":
        return _run_new(args)
    try:
        project = load_project(args.config.resolve())
    except ValueError as error:  # a settings file with a bad value
        print(f"l10n: {error}", file=sys.stderr)
        return 2
    chosen = args.locale if isinstance(args.locale, list) else [args.locale] if args.locale else []
    if set(chosen) - set(project.locales):
        where = f"locale must be one of {list(project.locales)}"
        print(f"{args.command or 'report'}: {where}; got {chosen}", file=sys.stderr)
        return 2
    run = {
        "mark": _run_mark,
        "sync": _run_sync,
        "brief": _run_brief,
        "prompt": _run_prompt,
    }.get(args.command, _run_report)
    return run(project, args)
