"""Where a translated MkDocs project keeps its pages, and how each language writes numbers.

Everything comes from the project itself: the locales and the source language from the
static-i18n plugin in ``mkdocs.yml`` (read with ``mkdocs.config.load_config``, so defaults and
YAML tags resolve exactly as in the build), the Markdown settings from the same configuration,
and each language's conventions and state from ``dplesson/locales/<locale>.yml``.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

STATES = ("complete", "in progress")
#: How each decimal sign is written inside a formula.
FORMULA_DECIMAL = {".": ".", ",": "{,}"}
NOTEBOOK_SUFFIX = ".ipynb"


@dataclass(frozen=True)
class Language:
    """One locale's settings from ``dplesson/locales/<locale>.yml`` (defaults when absent)."""

    code: str
    name: str
    decimal: str = "."
    formula_decimal: str = "."
    state: str = "complete"
    time_line: str = ""  # chrome.time_line: how a chapter states its time


@dataclass(frozen=True)
class Project:
    """The locales, folders and Markdown settings of one MkDocs configuration."""

    config_file: Path
    docs: Path
    source: str
    locales: tuple[str, ...]
    extensions: tuple[str, ...]
    extension_configs: dict[str, dict[str, Any]] = field(hash=False, compare=False)
    languages: dict[str, Language] = field(hash=False, compare=False, default_factory=dict)

    @property
    def glossary(self) -> Path:
        """Return this project's term list, ``docs/hooks/glossary.yml``."""
        return self.docs / "hooks" / "glossary.yml"

    def path(self, locale: str, page: str) -> Path:
        """Return the file of ``page`` (relative to the locale folder) in ``locale``."""
        return self.docs / locale / page

    def rel(self, path: Path, base: Path | None = None) -> str:
        """Name ``path`` relative to ``base``, by default the docs folder (``nl/laplace.md``)."""
        try:
            return path.resolve().relative_to((base or self.docs).resolve()).as_posix()
        except ValueError:
            return path.as_posix()

    def rel_root(self, path: Path) -> str:
        """Name a file outside the docs folder relative to the project root (``mkdocs.yml``'s)."""
        return self.rel(path, self.config_file.parent)

    def settings(self, locale: str) -> Path:
        """Return ``locale``'s settings file (which need not exist yet)."""
        return settings_file(self.config_file.parent, locale)

    def pages(self, locale: str) -> list[str]:
        """List the Markdown pages and notebooks of one locale folder, relative to it."""
        folder = self.docs / locale
        if not folder.is_dir():
            return []
        found = [*folder.rglob("*.md"), *folder.rglob(f"*{NOTEBOOK_SUFFIX}")]
        return sorted(
            p.relative_to(folder).as_posix() for p in found if ".ipynb_checkpoints" not in p.parts
        )

    def language(self, locale: str) -> Language:
        """Return ``locale``'s settings; an unknown code raises ValueError naming the choices."""
        if locale not in self.languages:
            raise ValueError(f"locale must be one of {sorted(self.languages)}; got {locale!r}")
        return self.languages[locale]


def is_notebook(page: str) -> bool:
    """Tell whether ``page`` is a Jupyter notebook rather than a Markdown page."""
    return page.endswith(NOTEBOOK_SUFFIX)


def read_settings(path: Path) -> dict[str, Any]:
    """Read a settings file's mapping (empty for a missing file); ValueError for anything else."""
    data = (yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else None) or {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping at the top level")
    return data


def settings_file(root: Path, code: str) -> Path:
    """Return the settings file of ``code``: ``dplesson/locales/<code>.yml`` under ``root``."""
    return root / "dplesson" / "locales" / f"{code}.yml"


def _language(root: Path, code: str, name: str) -> Language:
    """Read the settings file of ``code``; a missing file or key keeps English conventions."""
    path = settings_file(root, code)
    data = read_settings(path)
    decimal = str(data.get("decimal", "."))
    state = str(data.get("state", "complete"))
    if decimal not in FORMULA_DECIMAL:
        raise ValueError(f"{path}: decimal must be '.' or ','; got {decimal!r}")
    formula = str(data.get("formula_decimal", FORMULA_DECIMAL[decimal]))
    if formula != FORMULA_DECIMAL[decimal]:
        raise ValueError(
            f"{path}: formula_decimal must be {FORMULA_DECIMAL[decimal]!r} with decimal "
            f"{decimal!r} (braces keep TeX from spacing a comma like a list); got {formula!r}"
        )
    if state not in STATES:
        raise ValueError(f"{path}: state must be one of {list(STATES)}; got {state!r}")
    chrome = data.get("chrome")
    line = str(chrome.get("time_line", "")) if isinstance(chrome, dict) else ""
    return Language(code, str(data.get("name", name)), decimal, formula, state, line)


def time_pattern(line: str) -> re.Pattern[str]:
    """Turn a time line (``chrome.time_line``) into a pattern; no-break spaces read as spaces."""
    line = line.replace("\u00a0", " ").replace("\u202f", " ")
    return re.compile(re.escape(line).replace(re.escape("{minutes}"), r"\d+"))


def load_project(config_file: Path) -> Project:
    """Read the locales, the source locale and the Markdown extensions from ``mkdocs.yml``."""
    from mkdocs.config import load_config  # imported here: it is slow and hooks rarely need it

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # plugins' deprecation noise (jieba's pkg_resources)
        config = load_config(str(config_file))
    i18n = config.plugins.get("i18n")
    if i18n is None:
        raise ValueError(f"config_file must configure the i18n plugin: {config_file}")
    options = i18n.config
    if options.docs_structure != "folder":
        raise ValueError(f"{config_file}: the i18n plugin must use docs_structure: folder")
    languages = [lang for lang in options.languages if lang.locale != "null"]
    if not languages:
        raise ValueError(f"{config_file}: the i18n plugin lists no languages")
    source = next((lang.locale for lang in languages if lang.default), languages[0].locale)
    names: list[str] = []
    configs: dict[str, dict[str, Any]] = {}
    for name in config.markdown_extensions:
        if isinstance(name, str) and name != "pymdownx.snippets":  # includes stay lines
            names.append(name)
            configs[name] = dict(config.mdx_configs.get(name) or {})
    configs.setdefault("toc", {})["permalink"] = False
    docs = Path(config.docs_dir).resolve()
    return Project(
        config_file=config_file,
        docs=docs,
        source=source,
        locales=tuple(lang.locale for lang in languages if lang.locale != source),
        extensions=tuple(names),
        extension_configs=configs,
        languages={
            lang.locale: _language(config_file.parent, lang.locale, lang.name) for lang in languages
        },
    )
