"""Read each language's settings file, ``docs/l10n/<locale>.yml``, and format numbers its way.

A settings file holds what no page holds: the language's name, its decimal separator and the
interface strings of each feature (exercises, figures, chrome, downloads), one section each.
A key missing from a language falls back to English, so a language can grow string by string.
This module is imported by the hooks (MkDocs puts ``docs/hooks`` on ``sys.path``) and by tests.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Any

import yaml

L10N = Path(__file__).resolve().parent.parent / "l10n"
SOURCE = "en"


@cache
def _load(locale: str) -> dict[str, Any]:
    path = L10N / f"{locale}.yml"
    if not path.exists():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping at the top level")
    return data


def locales() -> tuple[str, ...]:
    """Every language with a settings file, English first."""
    found = sorted(p.stem for p in L10N.glob("*.yml"))
    return (SOURCE, *(code for code in found if code != SOURCE))


def setting(locale: str, key: str) -> Any:
    """Return a top-level setting (``name``, ``decimal``) of ``locale``, else the English one."""
    value = _load(locale).get(key)
    return _load(SOURCE).get(key) if value is None else value


def section(locale: str, name: str) -> dict[str, Any]:
    """One feature's strings for ``locale``: English keys overlaid with the locale's own."""
    english = _load(SOURCE).get(name) or {}
    own = _load(locale).get(name) or {} if locale != SOURCE else {}
    return _merge(english, own)


def _merge(base: dict[str, Any], top: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in top.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            merged[key] = _merge(base[key], value)
        else:
            merged[key] = value
    return merged


def decimal(locale: str) -> str:
    """Return the decimal separator of ``locale`` ("." or ",")."""
    sep = setting(locale, "decimal")
    return sep if sep in {".", ","} else "."


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
