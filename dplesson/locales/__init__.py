"""The lesson's languages, each declared once in its own settings file ``<code>.yml`` here.

A settings file holds what no page holds: the language's name, its state (``complete`` or
``in progress``), its number conventions (``decimal`` in prose, ``formula_decimal`` inside
formulas), the font of figure labels, the site description and the interface strings of each
feature (exercises, figures, chrome, downloads, banners, notebooks, checker), one section each.
A key missing from a language falls back to English, so a language can grow string by string.

The files are package data, so a reader's installed ``dplesson`` (the wheel the site ships, or
an editable install) finds the decimal sign, the figure font and the checker messages of every
declared language; the site's hooks (``docs/hooks``) read the same files through this module.
Declaring a language is adding a file: nothing in the package lists languages.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
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
    "colon",
    "comma_lists",
    "decimal",
    "format_number",
    "formula_decimal",
    "group",
    "list_separator",
    "locales",
    "name",
    "number_settings",
    "parse_number",
    "section",
    "separate_lists",
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
    """Parse YAML safely."""
    return yaml.safe_load(text)


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


#: The separators a settings file may set between groups of three digits: none, a narrow
#: no-break space (U+202F, the default), a no-break space, a point or a comma.
GROUP_SIGNS = ("", "\u202f", "\u00a0", ".", ",")


def group(locale: str) -> tuple[str, int]:
    """Return the locale's group separator and the fewest integer digits that get it.

    ``("\u202f", 5)`` by default: 12 345 and 1 000 000 are grouped, 1000 is not. A settings
    file sets ``group`` (one of :data:`GROUP_SIGNS`, never its decimal sign) and ``group_from``
    (an integer from 4 up); anything else is a ``ValueError`` naming the file's key.
    """
    sign, start = setting(locale, "group"), setting(locale, "group_from")
    sign = "\u202f" if sign is None else sign
    start = 5 if start is None else start
    if sign not in GROUP_SIGNS or sign == decimal(locale):
        raise ValueError(
            f"group in {locale}.yml must be one of {GROUP_SIGNS!r} and not the decimal sign; "
            f"got {sign!r}"
        )
    if isinstance(start, bool) or not isinstance(start, int) or start < 4:
        raise ValueError(f"group_from in {locale}.yml must be an integer >= 4; got {start!r}")
    return str(sign), start


def list_separator(locale: str) -> str:
    """Return what separates the numbers of a list in ``locale``: ``", "``, ``"; "``, ``"、"``.

    A language whose decimal sign is a comma must not separate numbers by a comma alone
    (``0,5, 1`` reads as one number); ``ValueError`` names the setting then. A language that
    does not set it separates by ``"; "`` with a decimal comma, else as English does, so a new
    language needs only its ``decimal``.
    """
    sep = load(locale).get("list_separator")
    if sep is None:
        sep = "; " if decimal(locale) == "," else setting(SOURCE, "list_separator")
    if not isinstance(sep, str) or not sep.strip() or any(c.isdigit() for c in sep):
        raise ValueError(f"list_separator in {locale}.yml must be a sign such as '; '; got {sep!r}")
    if decimal(locale) == "," and sep.strip() == ",":
        raise ValueError(
            f"list_separator in {locale}.yml must not be ',': that is its decimal sign"
        )
    return sep


_LISTED = re.compile(r"\{(?P<a>[A-Za-z_]\w*)\}\s*(?:\{,\}|,)\s*\{(?P<b>[A-Za-z_]\w*)\}")


def separate_lists(text: str, locale: str) -> str:
    """Write each ``{a}, {b}`` of ``text`` with ``locale``'s list separator (``{a}; {b}``).

    For an English text that a language in progress has not translated yet: with a decimal
    comma, English's ``{a}, {b}`` would read as one number. Other locales get ``text`` as is.
    """
    if decimal(locale) != ",":
        return text
    separator = list_separator(locale)
    return _LISTED.sub(lambda m: f"{{{m['a']}}}{separator}{{{m['b']}}}", text)


def comma_lists(text: str, values: Iterable[Mapping[str, object]], locale: str) -> list[str]:
    """Name each ``{a}, {b}`` of ``text`` that would read as one number in ``locale``.

    Where the decimal sign is a comma, two placeholders separated by a comma (in prose or a
    formula) read as one decimal number as soon as either value has a fraction in one of the
    ``values`` (each a mapping of placeholder to value): the site's build fails on them
    (exercise blocks, figure texts), naming :func:`list_separator` as the fix.
    """
    if decimal(locale) != ",":
        return []
    seen = list(values)
    found = []
    for match in _LISTED.finditer(text):
        shown = [v.get(name) for v in seen for name in (match["a"], match["b"])]
        if any(isinstance(x, float) and not x.is_integer() for x in shown):
            found.append(
                f"{match[0]!r} reads as one number with a decimal comma; "
                f"separate the values with {list_separator(locale).strip()!r}"
            )
    return found


def colon(locale: str) -> str:
    """Return what stands between a label and what follows it: ``": "``, or ``"："`` in Chinese."""
    sign = setting(locale, "colon")
    if not isinstance(sign, str) or not sign.strip():
        raise ValueError(f"colon in {locale}.yml must be a sign such as ': '; got {sign!r}")
    return sign


def number_settings(locale: str) -> dict[str, str | int]:
    """Return the settings that write and read numbers in ``locale``, for the site's scripts.

    ``lang`` (the plural rules' language), ``decimal``, ``group`` and ``group_from``: the
    page's number script (``docs/assets/numbers.js``) follows exactly these, as
    :func:`format_number` and :func:`parse_number` do.
    """
    sign, start = group(locale)
    return {"lang": locale, "decimal": decimal(locale), "group": sign, "group_from": start}


def _positional(value: float, digits: int | None) -> str:
    """``value`` in plain positional notation: shortest round trip, or ``digits`` significant.

    ``digits`` rounds the float's exact value (half to even) and never drops integer digits
    (12345.6 with 3 digits is 12346); from 10^15 on, where a float holds no fraction, the
    shortest round trip is written. Trailing zeros of the fraction are dropped.
    """
    if digits is None or value == 0 or abs(value) >= 1e15:
        text = format(Decimal(repr(value)), "f")
    else:
        places = max(0, digits - 1 - math.floor(math.log10(abs(value))))
        text = f"{value:.{places}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def format_number(value: float, locale: str, digits: int | None = None) -> str:
    """``value`` written the locale's way, the one number format of prose, figures and widgets.

    The shortest text that reads back as the same float, or ``digits`` significant digits;
    never an exponent; integers without a fraction; the minus sign U+2212, as in the typeset
    formulas; the locale's decimal sign; and, in a number whose integer part has at least
    ``group_from`` digits, the locale's group separator between groups of three
    (``12 345,5``). ``docs/assets/numbers.js`` writes numbers the same way in the browser.
    """
    if isinstance(value, bool) or not math.isfinite(value):
        raise ValueError(f"value must be a finite number; got {value!r}")
    if digits is not None and (isinstance(digits, bool) or digits < 1):
        raise ValueError(f"digits must be at least 1; got {digits!r}")
    text = str(value) if isinstance(value, int) else _positional(float(value), digits)
    negative = text.startswith("-")
    whole, _, fraction = text.lstrip("-").partition(".")
    sign, start = group(locale)
    if len(whole) >= start:
        head = len(whole) % 3 or 3
        whole = sign.join([whole[:head], *(whole[i : i + 3] for i in range(head, len(whole), 3))])
    out = whole + (decimal(locale) + fraction if fraction else "")
    return ("\u2212" if negative else "") + out


#: Typed characters read as their plain ASCII counterpart: full-width digits and signs (a
#: Chinese input method types them), the ideographic full stop, minus signs and dashes, and
#: every kind of space.
_TYPED = str.maketrans(
    {
        **{chr(0xFF10 + d): str(d) for d in range(10)},
        "\uff0e": ".",  # ．
        "\u3002": ".",  # 。
        "\uff61": ".",  # ｡
        "\uff0c": ",",  # ，
        "\uff0b": "+",  # ＋
        "\uff0d": "-",  # －
        "\u2212": "-",  # −
        "\u2013": "-",  # –
        "\uff45": "e",  # ｅ
        "\uff25": "E",  # Ｅ
        **{c: " " for c in "\u00a0\u2007\u2009\u202f\u3000"},
    }
)
_NUMBER = re.compile(r"(?P<sign>[+-]?)(?P<body>[0-9., ]+?)(?P<exponent>[eE][+-]?[0-9]+)?")
_DIGITS = re.compile(r"[0-9]*")


def _grouped(whole: str, sign: str) -> str | None:
    """Return the digits of ``whole`` if ``sign`` splits it into groups of three, else None."""
    if re.fullmatch(rf"[1-9][0-9]{{0,2}}(?:{re.escape(sign)}[0-9]{{3}})+", whole):
        return whole.replace(sign, "")
    return None


def _split(body: str, dec: str) -> tuple[str, str, bool] | None:
    """Return a typed number's integer and fraction digits and whether it was grouped."""
    other = "," if dec == "." else "."
    if body.count(dec) > 1:
        return None
    if dec not in body and body.count(other) == 1:
        whole, fraction = body.split(other)
        single = " " not in body and re.fullmatch(r"[1-9][0-9]{0,2}", whole)
        if single and re.fullmatch(r"[0-9]{3}", fraction):  # "1,000" in English, "1.000" in German
            return whole + fraction, "", True
        dec, other = other, dec  # "0,5" in English, "0.5" in German: the other decimal sign
    whole, point, fraction = body.partition(dec)
    grouped = not _DIGITS.fullmatch(whole)
    if grouped:
        sign = " " if " " in whole else other
        found = _grouped(whole, sign)
        if found is None:
            return None
        whole = found
    if point and not (fraction and _DIGITS.fullmatch(fraction)):
        return None
    if not whole and not fraction:
        return None
    return whole, fraction, grouped


def parse_number(text: str, locale: str) -> float:
    """Read a number a reader typed in ``locale``: the one rule of every widget and exercise.

    Either decimal sign is read (``0,5`` and ``0.5`` in every language). Spaces of any kind,
    or the sign that is not the locale's decimal sign, group the integer part in threes
    (``12 345``; ``1,000,000`` in English, ``1.000.000`` in German); so does one such sign
    between a 1-3 digit integer part (no leading zero) and exactly three digits, as the
    locale's readers write it (``1,250`` is 1250 in English, and 1.25 in German). A sign
    (``-``, ``−``, ``+``) and, without groups, an exponent (``1e-3``) are allowed; full-width
    digits and signs, the ideographic full stop and every kind of space are read as their
    ASCII forms. ``ValueError`` for anything else. ``docs/assets/numbers.js`` reads by the
    same rule.
    """
    if not isinstance(text, str):
        raise ValueError(f"text must be a string; got {text!r}")
    match = _NUMBER.fullmatch(text.translate(_TYPED).strip())
    parts = _split(match["body"], decimal(locale)) if match else None
    if match is None or parts is None or (parts[2] and match["exponent"]):
        example = format_number(-12345.5, locale)
        raise ValueError(f"text must be a number written like {example}; got {text!r}")
    whole, fraction, _ = parts
    value = float(f"{match['sign']}{whole or '0'}.{fraction or '0'}{match['exponent'] or ''}")
    if not math.isfinite(value):
        raise ValueError(f"text must be a finite number; got {text!r}")
    return value
