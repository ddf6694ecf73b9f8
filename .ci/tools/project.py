"""What the tools read from ``mkdocs.yml``: the languages and the chapters, in the nav's order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]


def config(path: Path = ROOT / "mkdocs.yml") -> dict[str, Any]:
    """Return ``mkdocs.yml`` as plain data (its Python tags are left unresolved)."""
    data: dict[str, Any] = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    return data


def locales(path: Path = ROOT / "mkdocs.yml") -> list[str]:
    """Return the locales static-i18n builds, in ``mkdocs.yml``'s order (the default first)."""
    for plugin in config(path).get("plugins", []):
        if isinstance(plugin, dict) and "i18n" in plugin:
            return [str(language["locale"]) for language in plugin["i18n"]["languages"]]
    return ["en"]


def chapters(path: Path = ROOT / "mkdocs.yml") -> list[str]:
    """Return the chapters (the nav's first section) as site paths: ``laplace/``."""
    for item in config(path)["nav"]:
        if isinstance(item, dict):
            [pages] = item.values()
            return [str(page).removesuffix(".md") + "/" for page in pages]
    return []


def locale_path(locale: str, path: str, default: str = "en") -> str:
    """Return the site path of ``path`` (relative to a locale's root) in ``locale``."""
    return path if locale == default else f"{locale}/{path}"
