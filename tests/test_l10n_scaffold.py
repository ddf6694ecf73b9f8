"""``l10n.scaffold.new_language``: a new language in progress from one call, checked on copies.

Each test works on a copy of the real ``mkdocs.yml`` and settings files in ``tmp_path`` and
reads the result back with YAML and with the settings reader, as the build does.
"""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from dpsite import languages as site_languages
from l10n import scaffold
from tests.conftest import ROOT

SETTINGS = ROOT / "dplesson" / "locales"


class _Loader(yaml.SafeLoader):
    """Reads mkdocs.yml (a python tag in toc, ``!ENV`` for site_url and repo_url) as plain data."""


_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda *_: None)
_Loader.add_constructor("!ENV", lambda *_: None)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the files the scaffold touches: mkdocs.yml and the settings files."""
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    shutil.copytree(
        SETTINGS,
        tmp_path / "dplesson" / "locales",
        ignore=shutil.ignore_patterns("*.py", "__pycache__"),
    )
    (tmp_path / "docs" / "en").mkdir(parents=True)
    return tmp_path


def languages(root: Path) -> list[dict[str, Any]]:
    config = yaml.load((root / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    plugin = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)
    found: list[dict[str, Any]] = plugin["languages"]
    return found


def test_a_new_language_is_declared_in_progress_in_both_files(project: Path) -> None:
    before = (project / "mkdocs.yml").read_text(encoding="utf-8")
    checklist = scaffold.new_language(project, "fr", "Français")

    assert languages(project)[-1] == {"locale": "fr", "name": "Français", "build": True}
    assert [entry["locale"] for entry in languages(project)[:-1]] == ["en", "nl", "de", "tr", "zh"]
    after = (project / "mkdocs.yml").read_text(encoding="utf-8")
    # Lines are only added, except the search plugin's language list; comments stay.
    # (Without autojunk: from 200 lines on, difflib treats frequent lines such as
    # "build: true" as junk and aligns the added entry differently.)
    old, new = before.splitlines(), after.splitlines()
    opcodes = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    removed = [line for tag, i, j, _, _ in opcodes if tag != "equal" for line in old[i:j]]
    added = [line for tag, _, _, k, m in opcodes if tag != "equal" for line in new[k:m]]
    assert removed == ["      lang: [en, nl, de, tr, zh]"]
    assert added == [
        "      lang: [en, nl, de, tr, zh, fr]",
        "        - locale: fr",
        "          name: Français",
        "          build: true",
    ]

    text = (project / "dplesson" / "locales" / "fr.yml").read_text(encoding="utf-8")
    settings = yaml.safe_load(text)
    english = yaml.safe_load((SETTINGS / "en.yml").read_text(encoding="utf-8"))
    assert settings["name"] == "Français" and settings["state"] == "in progress"
    for section in ("exercises", "figures", "chrome", "downloads", "banners", "checker"):
        assert settings[section] == english[section], section
    assert "translate the values" in text
    assert (project / "docs" / "fr").is_dir() and not any((project / "docs" / "fr").iterdir())
    assert any("fr.yml" in line for line in checklist)
    assert any("mark fr" in line for line in checklist)


def test_a_name_that_yaml_would_misread_is_quoted(project: Path) -> None:
    scaffold.new_language(project, "pt-br", "Português: Brasil")
    assert languages(project)[-1]["name"] == "Português: Brasil"
    settings = yaml.safe_load((project / "dplesson/locales/pt-br.yml").read_text("utf-8"))
    assert settings["name"] == "Português: Brasil"
    # Search stems by language, not region: pt-br's pages use Material's Portuguese stemmer.
    assert "lang: [en, nl, de, tr, zh, pt]" in (project / "mkdocs.yml").read_text("utf-8")


@pytest.mark.parametrize("code", ["FR", "f", "fr_FR", "fr-", "français", "", "12"])
def test_a_malformed_code_is_refused_and_nothing_is_written(project: Path, code: str) -> None:
    before = (project / "mkdocs.yml").read_bytes()
    with pytest.raises(ValueError, match=r"^code must be a lowercase BCP-47-like language tag"):
        scaffold.new_language(project, code, "Name")
    assert (project / "mkdocs.yml").read_bytes() == before
    assert sorted(p.name for p in (project / "dplesson" / "locales").iterdir()) == sorted(
        p.name for p in SETTINGS.glob("*.yml")
    )


@pytest.mark.parametrize("code", ["en", "nl", "zh"])
def test_an_existing_language_is_refused(project: Path, code: str) -> None:
    with pytest.raises(ValueError, match=rf"code '{code}' is already a language"):
        scaffold.new_language(project, code, "Again")


def test_a_language_only_in_mkdocs_yml_counts_as_existing(project: Path) -> None:
    (project / "dplesson" / "locales" / "nl.yml").unlink()
    with pytest.raises(ValueError, match="code 'nl' is already a language"):
        scaffold.new_language(project, "nl", "Nederlands")


@pytest.mark.parametrize("name", ["", "   ", "two\nlines"])
def test_an_empty_name_is_refused(project: Path, name: str) -> None:
    with pytest.raises(ValueError, match=r"^name must be the language's own name"):
        scaffold.new_language(project, "fr", name)
    assert not (project / "dplesson" / "locales" / "fr.yml").exists()


def test_the_build_refuses_languages_that_disagree_with_the_settings_files() -> None:
    """``check_mkdocs`` (called by the chrome hook) names each disagreement."""
    declared = [{"locale": "en", "name": "English"}, {"locale": "nl", "name": "Nederlands"}]
    declared += [{"locale": "de", "name": "Deutsch"}, {"locale": "tr", "name": "Türkçe"}]
    declared += [{"locale": "zh", "name": "简体中文"}]
    site_languages.check_mkdocs(declared)
    with pytest.raises(ValueError, match=r"mkdocs.yml, \[\('fr', 'Français'\)\], .*yml, \[\],"):
        site_languages.check_mkdocs([*declared, {"locale": "fr", "name": "Français"}])
    with pytest.raises(ValueError, match=r"mkdocs.yml, \[\], .*yml, \[\('zh', '简体中文'\)\],"):
        site_languages.check_mkdocs(declared[:-1])
    renamed = [*declared[:-1], {"locale": "zh", "name": "中文"}]
    with pytest.raises(
        ValueError, match=r"\[\('zh', '中文'\)\], .*\[\('zh', '简体中文'\)\], disagree"
    ):
        site_languages.check_mkdocs(renamed)
