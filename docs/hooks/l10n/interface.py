"""The interface strings of each language's settings file, checked against English's.

A settings file (``dplesson/locales/<code>.yml``) holds the texts that no page holds: exercise
buttons, figure labels, the site chrome, download labels, the notes on fallback and outdated
pages, the notebooks' labels and the checker's messages, one section each, plus the top-level
``site_description``. The build shows English for any key a language lacks, so the report names,
per locale and with the line in the settings file:

* ``missing``: a key of ``en.yml`` the language does not have (readers see the English text);
* ``identical``: a text with words that is the same as English, most likely left untranslated,
  unless the key is in the file's ``keep_english`` list (proper names such as ``zCDP``, or a
  word both languages share, such as Dutch *Hint*);
* ``placeholders``: other ``{names}`` than English's (the code fills in English's names, so a
  renamed one breaks the text or leaves a value out);
* ``unknown``: a key English does not have (a misspelt key is never shown), or a key in
  ``keep_english`` that is not an interface string.

Placeholder and unknown keys always fail the checks; identical ones only in a ``complete``
language, since a language in progress grows string by string; missing ones (what a new English
string leaves) only the release check of a complete language.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .problem import Finding, Problem
from .project import Project, read_settings
from .structure import PLACEHOLDER, has_words

#: The sections of interface strings, in the order of ``en.yml``.
SECTIONS = ("exercises", "figures", "chrome", "downloads", "banners", "notebooks", "checker")
#: Top-level settings that are interface text too.
TOP_LEVEL = ("site_description",)
#: The list of dotted keys that may stay identical to English.
KEEP = "keep_english"
KINDS = ("missing", "identical", "placeholders", "unknown")


def _lines(text: str) -> dict[str, int]:
    """Map each dotted key of a YAML mapping to the 1-based line where it is written."""
    found: dict[str, int] = {}

    def walk(node: yaml.Node, prefix: str) -> None:
        if not isinstance(node, yaml.MappingNode):
            return
        for key_node, value_node in node.value:
            key = f"{prefix}{key_node.value}"
            found[key] = key_node.start_mark.line + 1
            walk(value_node, f"{key}.")

    root = yaml.compose(text)
    if root is not None:
        walk(root, "")
    return found


def _strings(data: dict[str, Any]) -> dict[str, Any]:
    """Flatten the interface part of a settings file to ``{dotted key: value}``."""
    flat: dict[str, Any] = {name: data[name] for name in TOP_LEVEL if name in data}

    def walk(value: Any, key: str) -> None:
        if isinstance(value, dict):
            for sub, item in value.items():
                walk(item, f"{key}.{sub}")
        else:
            flat[key] = value

    for name in SECTIONS:
        if name in data:
            walk(data[name], name)
    return flat


def _read(path: Path) -> tuple[dict[str, Any], dict[str, int]]:
    """Read a settings file's data and its key lines (empty for a missing file)."""
    data = read_settings(path)
    return data, _lines(path.read_text(encoding="utf-8")) if data else {}


def string_findings(project: Project, locale: str) -> list[Finding]:
    """Compare ``locale``'s interface strings with English's; findings in ``en.yml`` order.

    The source locale has nothing to compare, so it gets no findings.
    """
    if locale == project.source:
        return []
    english, _ = _read(project.settings(project.source))
    path = project.settings(locale)
    data, lines = _read(path)
    file = project.rel_root(path)
    complete = project.language(locale).state == "complete"
    en_strings, own = _strings(english), _strings(data)
    keep = {str(k) for k in data.get(KEEP) or []}
    found: list[Finding] = []

    def add(key: str, kind: str, what: str, fix: str, fails: bool) -> None:
        # The key's own line; else (a kept key) the keep list's; else (missing) its section's.
        parents = [key.rsplit(".", n)[0] for n in range(1, key.count(".") + 1)]
        candidates = [key, *([KEEP] if kind == "unknown" else []), *parents]
        line = next((lines[k] for k in candidates if k in lines), 1)
        found.append(Finding(locale, "strings", key, kind, Problem(file, line, what, fix), fails))

    for key, text in en_strings.items():
        if key not in own:
            what = f"{key} is missing, so readers see the English {text!r}"
            add(key, "missing", what, "add it to this file, translated", complete)
            continue
        value = own[key]
        if not isinstance(text, str) or not isinstance(value, str):
            continue
        if set(PLACEHOLDER.findall(text)) != set(PLACEHOLDER.findall(value)):
            what = (
                f"{key}: placeholders differ: English {sorted(set(PLACEHOLDER.findall(text)))}, "
                f"here {sorted(set(PLACEHOLDER.findall(value)))}"
            )
            add(key, "placeholders", what, "keep each {placeholder} as in English", True)
        elif value == text and has_words(text) and key not in keep:
            what = f"{key} is identical to English ({text!r})"
            fix = f"translate it (or list it under {KEEP} if {locale} writes it so too)"
            add(key, "identical", what, fix, complete)
    for key in own:
        if key not in en_strings:
            what = f"{key} is not in {project.rel_root(project.settings(project.source))}"
            add(key, "unknown", what, "fix the key's spelling or remove it", True)
    for key in sorted(keep - set(en_strings)):
        what = f"{KEEP} lists {key}, which is not an interface string"
        add(key, "unknown", what, "fix the key's spelling or remove it", True)
    return found
