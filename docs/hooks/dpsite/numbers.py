"""How numbers read in a locale's text: a list of values must not read as one decimal number.

The exercises' blocks and the figures' texts both write values into ``{placeholders}``; the
build fails on ``{a}, {b}`` where the locale's decimal sign is a comma (``comma_lists``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from dplesson.locales import decimal, list_separator

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
