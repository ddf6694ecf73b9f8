"""``l10n.scaffold.new_language``: a new language in progress from one call, checked on copies.

Each test works on a copy of the real ``mkdocs.yml`` and settings files in ``tmp_path`` and
reads the result back with YAML and with the settings reader, as the build does.
"""

from __future__ import annotations

import difflib
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from dplesson import locales
from dpsite import languages as site_languages
from l10n import scaffold
from tests.conftest import LOCALES, ROOT, UNDECLARED

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
    code = UNDECLARED
    checklist = scaffold.new_language(project, code, "Pseudo (QQ)")

    assert languages(project)[-1] == {"locale": code, "name": "Pseudo (QQ)", "build": True}
    assert [entry["locale"] for entry in languages(project)[:-1]] == list(LOCALES)
    after = (project / "mkdocs.yml").read_text(encoding="utf-8")
    # Lines are only added; comments stay. Search stems by language (de is listed already),
    # so the search plugin's language list stays as it is (pt-BR's test below adds one).
    # (Without autojunk: from 200 lines on, difflib treats frequent lines such as
    # "build: true" as junk and aligns the added entry differently.)
    old, new = before.splitlines(), after.splitlines()
    opcodes = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    removed = [line for tag, i, j, _, _ in opcodes if tag != "equal" for line in old[i:j]]
    added = [line for tag, _, _, k, m in opcodes if tag != "equal" for line in new[k:m]]
    assert removed == []
    assert added == [
        f"        - locale: {code}",
        "          name: Pseudo (QQ)",
        "          build: true",
    ]

    text = (project / "dplesson" / "locales" / f"{code}.yml").read_text(encoding="utf-8")
    settings = yaml.safe_load(text)
    english = yaml.safe_load((SETTINGS / "en.yml").read_text(encoding="utf-8"))
    assert settings["name"] == "Pseudo (QQ)" and settings["state"] == "in progress"
    for section in ("exercises", "figures", "chrome", "downloads", "banners", "checker"):
        assert settings[section] == english[section], section
    assert "translate the values" in text
    assert (project / "docs" / code).is_dir() and not any((project / "docs" / code).iterdir())
    assert any(f"{code}.yml" in line for line in checklist)
    assert any(f"mark {code}" in line for line in checklist)


def test_a_language_material_does_not_know_gets_its_page_language(project: Path) -> None:
    """Material reads its strings per language and fails on a tag it lacks (de-QQ)."""
    scaffold.new_language(project, UNDECLARED, "Pseudo (QQ)")
    partial = project / "overrides" / "partials" / "languages" / f"{UNDECLARED}.html"
    text = partial.read_text(encoding="utf-8")
    assert f'{{"language": "{UNDECLARED}"}}[key] or fallback.t(key)' in text
    base = UNDECLARED.split("-")[0]  # its other strings: the base language's (German)
    assert f'{{% import "partials/languages/{base}.html" as fallback %}}' in text
    assert scaffold.material_language("de") is None  # Material ships German
    assert scaffold.material_language("pt-BR") is None  # and Brazilian Portuguese
    assert '"partials/languages/en.html"' in (scaffold.material_language("qq") or "")


def test_a_name_that_yaml_would_misread_is_quoted(project: Path) -> None:
    before = (project / "mkdocs.yml").read_text("utf-8")
    scaffold.new_language(project, "pt-BR", "Português: Brasil")
    assert languages(project)[-1]["name"] == "Português: Brasil"
    settings = yaml.safe_load((project / "dplesson/locales/pt-BR.yml").read_text("utf-8"))
    assert settings["name"] == "Português: Brasil"
    # Search stems by language, not region: pt-BR's pages use Material's Portuguese stemmer.
    listed = re.search(r"^      lang: \[(.*)\]$", before, re.MULTILINE)
    assert listed is not None
    assert f"lang: [{listed[1]}, pt]" in (project / "mkdocs.yml").read_text("utf-8")


@pytest.mark.parametrize(
    "code", ["FR", "f", "fr_FR", "fr-", "français", "", "12", "pt-br", "fil", "qaa", "zh-hant"]
)
def test_a_malformed_code_is_refused_and_nothing_is_written(project: Path, code: str) -> None:
    before = (project / "mkdocs.yml").read_bytes()
    with pytest.raises(ValueError, match=r"^code must be a language tag the site can build"):
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
        scaffold.new_language(project, UNDECLARED, name)
    assert not (project / "dplesson" / "locales" / f"{UNDECLARED}.yml").exists()


def test_the_build_refuses_languages_that_disagree_with_the_settings_files() -> None:
    """``check_mkdocs`` (called by the chrome hook) names each disagreement on both sides."""
    declared = [{"locale": code, "name": locales.name(code)} for code in LOCALES]
    site_languages.check_mkdocs(declared)

    def pair(entry: dict[str, str]) -> str:
        return re.escape(str([(entry["locale"], entry["name"])]))

    extra = {"locale": UNDECLARED, "name": "Pseudo (QQ)"}
    with pytest.raises(ValueError, match=rf"mkdocs\.yml, {pair(extra)}, .*yml, \[\],"):
        site_languages.check_mkdocs([*declared, extra])
    with pytest.raises(ValueError, match=rf"mkdocs\.yml, \[\], .*yml, {pair(declared[-1])},"):
        site_languages.check_mkdocs(declared[:-1])
    renamed = {**declared[-1], "name": "Renamed"}
    with pytest.raises(ValueError, match=rf"{pair(renamed)}, .*{pair(declared[-1])}, disagree"):
        site_languages.check_mkdocs([*declared[:-1], renamed])
