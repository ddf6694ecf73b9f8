"""The hooks' and tests' view of the languages: ``dplesson.locales`` under its old name.

Each language's settings file is ``dplesson/locales/<code>.yml`` (package data, so the shipped
package finds the decimal sign, figure font and checker messages too). This module re-exports
the reader and adds ``check_mkdocs``, which fails a build whose ``mkdocs.yml`` language list
disagrees with the settings files.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from dplesson.locales import (
    COMPLETE,
    IN_PROGRESS,
    SETTINGS,
    SOURCE,
    colon,
    decimal,
    format_number,
    formula_decimal,
    list_separator,
    load,
    locales,
    name,
    number_settings,
    parse_number,
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
    "colon",
    "comma_lists",
    "decimal",
    "format_number",
    "formula_decimal",
    "list_separator",
    "locales",
    "name",
    "number_settings",
    "parse_number",
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


_LISTED = re.compile(r"\{(?P<a>[A-Za-z_]\w*)\}\s*(?:\{,\}|,)\s*\{(?P<b>[A-Za-z_]\w*)\}")


def comma_lists(text: str, values: Iterable[Mapping[str, object]], locale: str) -> list[str]:
    """Name each ``{a}, {b}`` of ``text`` that reads as one number in ``locale``.

    Where the decimal sign is a comma, two placeholders separated by a comma (in prose or a
    formula) read as one decimal number as soon as either value has a fraction in one of the
    ``values`` (each a mapping of placeholder to value); they need the locale's
    ``list_separator`` instead. Every other locale gets an empty list.
    """
    if decimal(locale) != ",":
        return []
    seen = list(values)
    found = []
    for match in _LISTED.finditer(text):
        shown = [v.get(name) for v in seen for name in (match["a"], match["b"])]
        if any(isinstance(x, float) and not x.is_integer() for x in shown):
            separator = list_separator(locale).strip()
            found.append(
                f"{match[0]!r} reads as one number with a decimal comma; "
                f"separate the values with {separator!r}"
            )
    return found
