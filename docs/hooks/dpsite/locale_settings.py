"""The hooks' and tests' view of the languages: ``dplesson.locales`` under its old name.

Each language's settings file is ``dplesson/locales/<code>.yml`` (package data, so the shipped
package finds the decimal sign, figure font and checker messages too). This module re-exports
the reader and adds ``check_mkdocs``, which fails a build whose ``mkdocs.yml`` language list
disagrees with the settings files.
"""

from __future__ import annotations

from typing import Any

from dplesson.locales import (
    COMPLETE,
    IN_PROGRESS,
    SETTINGS,
    SOURCE,
    decimal,
    format_number,
    formula_decimal,
    load,
    locales,
    name,
    section,
    setting,
    state,
)

L10N = SETTINGS
_load = load

__all__ = [
    "COMPLETE",
    "IN_PROGRESS",
    "L10N",
    "SOURCE",
    "check_mkdocs",
    "decimal",
    "format_number",
    "formula_decimal",
    "locales",
    "name",
    "section",
    "setting",
    "state",
]


def check_mkdocs(languages: list[Any]) -> None:
    """Raise ``ValueError`` unless static-i18n's ``languages`` match the settings files.

    ``languages`` are the plugin's entries (mappings with ``locale`` and ``name``).
    Codes must be the same set, and each name the settings file's ``name``.
    """
    declared = set(locales())
    listed: dict[str, str] = {}
    for entry in languages:
        listed[str(entry["locale"])] = str(entry["name"])
    problems = []
    if only := sorted(set(listed) - declared):
        problems.append(f"in mkdocs.yml but with no settings file {SETTINGS}/<code>.yml: {only}")
    if only := sorted(declared - set(listed)):
        problems.append(f"with a settings file but not in mkdocs.yml's i18n languages: {only}")
    for code in sorted(set(listed) & declared):
        if listed[code] != name(code):
            problems.append(
                f"{code}: mkdocs.yml names it {listed[code]!r}, {code}.yml {name(code)!r}"
            )
    if problems:
        raise ValueError(
            "languages of mkdocs.yml and the settings files disagree: "
            + "; ".join(problems)
            + " (python3 noxfile.py -s translations -- new <code> <name> adds both)"
        )
