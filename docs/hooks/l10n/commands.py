"""The command line: ``report`` (the default), ``mark``, ``brief`` and ``new``.

Run from the repository root as ``PYTHONPATH=docs/hooks python -m l10n [command] ...``
(``python3 noxfile.py -s translations -- ...`` does that). With no command it prints the
report; the report's options are accepted with or without the word ``report``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .changes import commit_of, english_diff
from .findings import failing_findings, findings, render_findings
from .glossary import load_glossary
from .project import Project, load_project
from .records import SourceRecord, source_hash, write_record
from .report import STATUSES, PageStatus, failing, page_status, render_json, render_table, report
from .structure import Pages

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


def parser() -> argparse.ArgumentParser:
    """Define the report (default) and the ``report``, ``mark``, ``brief``, ``new`` commands."""
    main = argparse.ArgumentParser(
        prog="l10n", description="Translation status per locale, page and notebook."
    )
    main.add_argument("--config", type=Path, default=CONFIG, help="mkdocs.yml to read")
    _report_options(main)
    commands = main.add_subparsers(dest="command")
    show = commands.add_parser(
        "report",
        help="status per locale and page (the default)",
        argument_default=argparse.SUPPRESS,
    )
    _report_options(show)
    record = commands.add_parser(
        "mark", help="record the English revision a file was checked against"
    )
    record.add_argument("locale", nargs="?", help="locale of the reviewed files, e.g. nl")
    record.add_argument("pages", nargs="*", help="pages or notebooks, e.g. laplace.md lab.ipynb")
    record.add_argument(
        "--all-current", action="store_true", help="mark every existing translation as reviewed"
    )
    brief = commands.add_parser("brief", help="write a one-page brief for a translator")
    brief.add_argument("locale", help="the language of the brief, e.g. nl")
    brief.add_argument("--output", type=Path, help="write the brief to this file")
    new = commands.add_parser("new", help="scaffold a language in progress")
    new.add_argument("locale", help="language code, e.g. fr")
    new.add_argument("name", help="the language's own name, e.g. Français")
    return main


def mark(project: Project, locale: str, page: str) -> SourceRecord:
    """Record the current English revision in a reviewed translation."""
    english = project.path(project.source, page)
    current = source_hash(english)
    record = SourceRecord(current, commit_of(english, current))
    write_record(project.path(locale, page), record)
    return record


def _run_mark(project: Project, args: argparse.Namespace) -> int:
    """Mark reviewed files; refuse missing and drifted ones, which need work first."""
    if args.all_current == bool(args.locale):
        print("mark: give a locale and pages, or --all-current", file=sys.stderr)
        return 2
    if args.all_current:
        targets = [(s.locale, s.page) for s in report(project) if s.status != "missing"]
    elif args.locale not in project.locales:
        print(
            f"mark: locale must be one of {list(project.locales)}; got {args.locale!r}",
            file=sys.stderr,
        )
        return 2
    elif not args.pages:
        print("mark: name the reviewed pages, e.g. laplace.md or lab.ipynb", file=sys.stderr)
        return 2
    else:
        targets = [(args.locale, page) for page in args.pages]
    pages = Pages(project)
    terms = load_glossary(project.glossary) if project.glossary.is_file() else []
    code = 0
    for locale, page in targets:
        status = page_status(pages, terms, locale, page)
        if status.status in {"missing", "drift"}:
            print(f"not marked {locale}/{page}: {status.status}", file=sys.stderr)
            for problem in status.problems:
                print(f"    {problem}", file=sys.stderr)
            code = 1
            continue
        record = mark(project, locale, page)
        commit = record.commit or "no commit (English file not committed as is)"
        print(f"marked {locale}/{page}: source {record.sha256}, {commit}")
    return code


def _run_brief(project: Project, args: argparse.Namespace) -> int:
    """Write the translator's brief of one locale (``l10n.brief``)."""
    if args.locale not in project.locales:
        print(
            f"brief: locale must be one of {list(project.locales)}; got {args.locale!r}",
            file=sys.stderr,
        )
        return 2
    from .brief import render_brief  # imported here: only this command needs it
    from .interface import string_findings

    work = [(s.page, s.status) for s in report(project, [args.locale]) if s.status != "translated"]
    text = render_brief(project, args.locale, work, string_findings(project, args.locale))
    _write(text, args.output)
    return 0


def _run_new(args: argparse.Namespace) -> int:
    """Scaffold a new language in progress and print its checklist (``l10n.scaffold``)."""
    from .scaffold import new_language

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
    failing ones count.
    """
    unknown = [loc for loc in args.locale or [] if loc not in project.locales]
    if unknown:
        print(
            f"report: locale must be among {list(project.locales)}; got {unknown}", file=sys.stderr
        )
        return 2
    everything = report(project, args.locale, args.page)
    shown = [s for s in everything if not args.status or s.status in args.status]
    # Strings and glossary belong to no page: left out when the report is about pages.
    found = [] if args.page or args.status else findings(project, args.locale)
    diffs: dict[tuple[str, str | None], list[PageStatus]] = {}  # one diff per English change
    if args.diff:
        for item in shown:
            if item.outdated and item.status != "missing":
                sha = item.recorded.sha256 if item.recorded else None
                diffs.setdefault((item.page, sha), []).append(item)
        for (page, _), items in diffs.items():
            label = ", ".join(f"{i.locale}/{page}" for i in items)
            english = project.path(project.source, page)
            text = english_diff(english, label, items[0].recorded)
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
    _write(text, args.output)
    return 1 if failing(project, everything) or failing_findings(found) else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit status."""
    args = parser().parse_args(argv)
    if args.command == "new":
        return _run_new(args)
    project = load_project(args.config.resolve())
    if args.command == "mark":
        return _run_mark(project, args)
    if args.command == "brief":
        return _run_brief(project, args)
    return _run_report(project, args)
