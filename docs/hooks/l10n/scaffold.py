"""Scaffold a new language in progress: its settings file and its ``mkdocs.yml`` entry.

``new_language(root: Path, code: str, name: str) -> list[str]`` is what
``python3 noxfile.py -s translations -- new <code> <name>`` calls (``root`` is the repository,
the folder of ``mkdocs.yml``). It

* writes ``dplesson/locales/<code>.yml``: English's settings with ``name: <name>`` and
  ``state: in progress``, every string still English under a comment asking to translate it
  (a string left as it is shows English, as a missing one would);
* inserts the language at the end of static-i18n's ``languages:`` list in ``mkdocs.yml`` (and
  in the search plugin's ``lang:`` list when Material ships a stemmer for it), as text, so the
  comments and layout of ``mkdocs.yml`` stay as they are;
* creates the empty folder ``docs/<code>/``;
* when Material has no interface strings for the tag (``de-QQ``, ``es-MX``), writes
  ``overrides/partials/languages/<code>.html``: the page declares the new tag, and Material's
  few texts of its own (the search box, "Skip to content") come from the base language's
  strings if Material has them (``de``, ``es``), else from English's;

and returns the checklist to print. A language in progress builds and passes the tests with no
page at all: every page and notebook falls back to English with a note in the new language.
Bad input raises ``ValueError`` naming the parameter; nothing is written then.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

__all__ = ["CODE", "new_language"]

#: A language tag the site's i18n plugin (mkdocs-static-i18n) builds: a two-letter ISO 639-1
#: language, then optionally a script and a region, cased as BCP 47 writes them (``fr``,
#: ``pt-BR``, ``zh-Hant``). The plugin refuses three-letter languages and lower-case regions.
CODE = re.compile(r"[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-[A-Z]{2})?")
SETTINGS = Path("dplesson") / "locales"
_PLAIN = re.compile(r"[^\W\d_][\w .()'-]*")
_TRANSLATE = (
    "# Every string below is still English: translate the values, keep the keys and the\n"
    "# {placeholders}. A string left as it is shows English, as a missing one would.\n"
)


def _yaml_scalar(text: str) -> str:
    return text if _PLAIN.fullmatch(text) and not text.endswith(" ") else json.dumps(text)


def _check(root: Path, code: object, name: object) -> tuple[str, str]:
    if not isinstance(code, str) or not CODE.fullmatch(code):
        raise ValueError(
            "code must be a language tag the site can build: a two-letter language in lower "
            "case, optionally a script and a region as BCP 47 writes them (fr, pt-BR, "
            f"zh-Hant); got {code!r}"
        )
    if not isinstance(name, str) or not name.strip() or "\n" in name:
        raise ValueError(f"name must be the language's own name on one line; got {name!r}")
    config = (root / "mkdocs.yml").read_text(encoding="utf-8")
    if (root / SETTINGS / f"{code}.yml").exists() or re.search(
        rf"^\s*- locale: {re.escape(code)}\s*$", config, re.MULTILINE
    ):
        raise ValueError(f"code {code!r} is already a language of this project")
    return code, name.strip()


def settings_text(english: str, code: str, name: str) -> str:
    """Turn English's settings file into ``code``'s: own header, name, state, translate note."""
    lines = english.splitlines(keepends=True)
    out = [
        f"# Settings, number conventions and interface strings of this language ({name}).\n",
        f"# Page text lives in docs/{code}/; every page not there yet falls back to English.\n",
        "# Each section belongs to one feature; a missing key falls back to English (en.yml).\n",
    ]
    started = noted = False
    for line in lines:
        if not started and line.startswith("#"):
            continue  # English's own header comment
        started = True
        if not line.strip() and not noted:  # the end of the top-level settings
            out.append(f"\n{_TRANSLATE}")
            noted = True
        if line.startswith("name:"):
            line = f"name: {_yaml_scalar(name)}\n"
        elif line.startswith("state:"):
            line = "state: in progress\n"
        elif line.startswith("decimal:"):
            out.append('# Set "," if the language writes 0,5 (and formula_decimal: "{,}").\n')
        elif line.startswith("list_separator:"):  # follows the decimal sign unless set here
            line = '# list_separator: "; "  (unset: "; " with a decimal comma, else ", ")\n'
        out.append(line)
    return "".join(out)


def _insert_language(config: str, code: str, name: str) -> str:
    """Append ``code`` to static-i18n's ``languages:`` list, keeping every other line."""
    lines = config.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if re.match(r"\s*languages:\s*$", line)), None)
    if start is None:
        raise ValueError("mkdocs.yml has no i18n languages: list to add the language to")
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = start + 1
    last = end
    while end < len(lines):
        line = lines[end]
        stripped = line.strip()
        if stripped and len(line) - len(line.lstrip()) <= indent:
            break
        if stripped and not stripped.startswith("#"):
            last = end + 1
        end += 1
    item = next(line for line in lines[start + 1 :] if line.strip().startswith("- locale:"))
    dash = item[: len(item) - len(item.lstrip())]
    entry = [
        f"{dash}- locale: {code}\n",
        f"{dash}  name: {_yaml_scalar(name)}\n",
        f"{dash}  build: true\n",
    ]
    text = "".join(lines[:last] + entry + lines[last:])
    return _add_search_lang(text, code)


def _add_search_lang(config: str, code: str) -> str:
    """Add the language to ``search: lang: [...]`` if Material has a stemmer for it."""
    stem = code.split("-")[0]
    lunr = [folder / "assets" / "javascripts" / "lunr" / "min" for folder in _material_folders()]
    if not any((folder / f"lunr.{stem}.min.js").is_file() for folder in lunr):
        return config
    match = re.search(r"^(\s*lang: \[)([^\]]*)\]", config, re.MULTILINE)
    if match is None or stem in [c.strip() for c in match.group(2).split(",")]:
        return config
    return f"{config[: match.end(2)]}, {stem}{config[match.end(2) :]}"


def _material_folders() -> list[Path]:
    """Material's installed template folders (none if it is not installed)."""
    spec = importlib.util.find_spec("material")
    return [Path(f, "templates") for f in (spec.submodule_search_locations or [])] if spec else []


def _material_has(code: str) -> bool:
    partial = Path("partials", "languages", f"{code}.html")
    return any((folder / partial).is_file() for folder in _material_folders())


def material_language(code: str) -> str | None:
    """Return the partial a language needs when Material ships no strings for it, else None.

    Material reads ``partials/languages/<code>.html`` for each language the site builds and
    fails on a tag it does not know. This one declares the tag (``<html lang>``) and takes
    every other string from the base language's partial, or English's if Material has none.
    """
    if _material_has(code):
        return None
    base = code.split("-")[0]
    fallback = base if _material_has(base) else "en"
    return (
        f"{{#- Material ships no interface strings for {code}: its own few texts (the search\n"
        f'    box, "Skip to content") are {fallback}\'s. Written by `translations -- new`. -#}}\n'
        f'{{% import "partials/languages/{fallback}.html" as fallback %}}\n'
        '{% macro t(key) %}{{ {"language": "' + code + '"}[key] or fallback.t(key) }}'
        "{% endmacro %}\n"
    )


def new_language(root: Path, code: str, name: str) -> list[str]:
    """Declare ``code`` (named ``name``) as a language in progress; return the checklist.

    Raises ``ValueError`` if ``code`` is not a tag the site can build or is already a
    language, or if ``name`` is empty; nothing is written then.
    """
    code, name = _check(root, code, name)
    english = (root / SETTINGS / "en.yml").read_text(encoding="utf-8")
    config_file = root / "mkdocs.yml"
    config = _insert_language(config_file.read_text(encoding="utf-8"), code, name)
    settings = root / SETTINGS / f"{code}.yml"
    settings.write_text(settings_text(english, code, name), encoding="utf-8")
    config_file.write_text(config, encoding="utf-8")
    (root / "docs" / code).mkdir(parents=True, exist_ok=True)
    if (partial := material_language(code)) is not None:
        target = root / "overrides" / "partials" / "languages" / f"{code}.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(partial, encoding="utf-8")
    return [
        f"Added {name} ({code}) as a language in progress: every page and notebook shows the "
        "English original with a note until you translate it.",
        f"1. Translate the strings in {SETTINGS.as_posix()}/{code}.yml (exercise buttons, "
        "banners, figure labels, checker messages); set decimal and formula_decimal.",
        f"2. Translate a page: copy docs/en/<page>.md to docs/{code}/<page>.md, translate the "
        f"prose, then `python3 noxfile.py -s translations -- mark {code} <page>.md`.",
        f"3. Add {code}: terms to docs/hooks/glossary.yml as you meet them; the report lists "
        "the missing ones.",
        f"4. Preview: `python3 noxfile.py -s serve -- --locale {code}`; check: "
        f"`python3 noxfile.py -s translations -- --locale {code}`.",
        f"5. When every page and both notebooks are translated, set state: complete in {code}.yml.",
    ]
