"""The lesson's languages, each declared once in its own settings file ``<code>.yml`` here.

A settings file holds what no page holds: the language's name, its state (``complete`` or
``in progress``), its number conventions (``decimal`` in prose, ``formula_decimal`` inside
formulas), the font of figure labels, the site description and the interface strings of each
feature (exercises, figures, chrome, downloads, banners, notebooks, checker), one section each.
A key missing from a language falls back to English, so a language can grow string by string.

The files are package data, so a reader's installed ``dplesson`` (the wheel the site ships, or
an editable install) finds the decimal sign, the figure font and the checker messages of every
declared language; the site's hooks read the same files through ``docs/hooks/locale_settings``.
Declaring a language is adding a file: nothing in the package lists languages.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Any

import yaml

__all__ = [
    "COMPLETE",
    "IN_PROGRESS",
    "SETTINGS",
    "SOURCE",
    "check_locale",
    "decimal",
    "format_number",
    "formula_decimal",
    "locales",
    "name",
    "section",
    "setting",
    "state",
]

#: The folder of the settings files (inside the installed package).
SETTINGS = Path(__file__).resolve().parent
#: The language the lesson is written in; every other one translates it.
SOURCE = "en"
COMPLETE = "complete"
IN_PROGRESS = "in progress"


def _yaml(text: str) -> Any:
    """Parse YAML safely, with libyaml's C parser when PyYAML has it (about 10× faster)."""
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


@cache
def load(locale: str) -> dict[str, Any]:
    """Return the parsed settings file of ``locale`` (empty if it has none)."""
    path = SETTINGS / f"{locale}.yml"
    if not path.is_file():
        return {}
    data = _yaml(path.read_text(encoding="utf-8")) or {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping at the top level")
    return data


@cache
def locales() -> tuple[str, ...]:
    """Return every declared language (one settings file each), English first, then by code.

    Read once per process, like each file (:func:`load`): a figure formats thousands of tick
    labels, each checking its language.
    """
    found = sorted(path.stem for path in SETTINGS.glob("*.yml"))
    return (SOURCE, *(code for code in found if code != SOURCE))


def check_locale(lang: object, parameter: str = "lang") -> str:
    """Return ``lang`` if a settings file declares it, else raise ``ValueError`` naming it."""
    known = locales()
    if not isinstance(lang, str) or lang not in known:
        listed = ", ".join(repr(code) for code in known)
        raise ValueError(f"{parameter} must be one of {listed}; got {lang!r}")
    return lang


def setting(locale: str, key: str) -> Any:
    """Return a top-level setting (``name``, ``decimal``...) of ``locale``, else English's."""
    value = load(locale).get(key)
    return load(SOURCE).get(key) if value is None else value


def section(locale: str, name: str) -> dict[str, Any]:
    """Return one feature's strings for ``locale``: English keys overlaid with the locale's own."""
    english = load(SOURCE).get(name) or {}
    own = (load(locale).get(name) or {}) if locale != SOURCE else {}
    return _merge(english, own)


def _merge(base: dict[str, Any], top: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in top.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            merged[key] = _merge(base[key], value)
        else:
            merged[key] = value
    return merged


_FORMULA_DECIMAL = {".": ".", ",": "{,}"}


def name(locale: str) -> str:
    """Return the language's own name, as the language menu shows it."""
    return str(load(locale).get("name") or locale)


def state(locale: str) -> str:
    """Return ``complete`` (a missing page is an error) or ``in progress`` (it falls back)."""
    value = load(locale).get("state") or COMPLETE
    if value not in {COMPLETE, IN_PROGRESS}:
        raise ValueError(
            f"state in {locale}.yml must be {COMPLETE!r} or {IN_PROGRESS!r}; got {value!r}"
        )
    return str(value)


def decimal(locale: str) -> str:
    """Return the decimal separator of ``locale`` in prose, answers, figures: "." or ","."""
    sep = setting(locale, "decimal")
    if sep not in _FORMULA_DECIMAL:
        raise ValueError(f"decimal in {locale}.yml must be '.' or ','; got {sep!r}")
    return str(sep)


def formula_decimal(locale: str) -> str:
    """Return how the decimal sign is written inside a TeX formula: ``.`` or ``{,}``.

    It follows ``decimal``: ``{,}`` for a comma, since braces keep TeX from spacing the comma
    like a list separator.
    """
    sep, expected = setting(locale, "formula_decimal"), _FORMULA_DECIMAL[decimal(locale)]
    if sep != expected:
        raise ValueError(f"formula_decimal in {locale}.yml must be {expected!r}; got {sep!r}")
    return expected


def format_number(value: float, locale: str, digits: int | None = None) -> str:
    """``value`` written the locale's way: shortest round-trip form, or ``digits`` significant.

    Integers (and floats equal to one) print without a fraction; the minus sign is U+2212 so
    that it matches the typeset formulas; no thousands separator is used (it would be ambiguous
    between locales).
    """
    if isinstance(value, bool) or not math.isfinite(value):
        raise ValueError(f"value must be a finite number; got {value!r}")
    if digits is not None and digits < 1:
        raise ValueError(f"digits must be at least 1; got {digits!r}")
    if isinstance(value, int) or (float(value).is_integer() and abs(value) < 1e15):
        text = str(int(value))
    elif digits is None:
        text = repr(float(value))
    else:
        text = f"{float(value):.{digits}g}"
    if "e" in text:
        raise ValueError(f"value {value!r} needs an exponent; give it in other units")
    return text.replace("-", "\u2212").replace(".", decimal(locale))
