"""The translator's brief (docs/hooks/l10n/brief.py): glossary, numbers, keep-rules, work."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from l10n.brief import ACTIONS, render_brief
from l10n.project import Language, Project, load_project
from tests.conftest import DOCS

GLOSSARY = """\
terms:
  - id: noise
    check: true
    en: {term: noise}
    nl: {term: ruis, note: 'Never "geluid"; a | pipe stays one cell.'}
    zh: {term: 噪声}
  - id: cap
    en: {term: cap}
    nl: {term: plafond}
  - id: ledger
    en: {term: ledger}
    zh: {term: 台账}
conventions:
  nl:
    - 'Register: je/jij.'
"""


def fixture_project(tmp_path: Path) -> Project:
    """A project with English, Dutch (decimal comma) and Chinese (decimal point)."""
    docs = tmp_path / "docs"
    (docs / "hooks").mkdir(parents=True)
    (docs / "hooks" / "glossary.yml").write_text(GLOSSARY, encoding="utf-8")
    return Project(
        config_file=tmp_path / "mkdocs.yml",
        docs=docs,
        source="en",
        locales=("nl", "zh"),
        extensions=(),
        extension_configs={},
        languages={
            "en": Language("en", "English"),
            "nl": Language("nl", "Nederlands", decimal=",", formula_decimal="{,}"),
            "zh": Language("zh", "中文"),
        },
    )


def section(brief: str, title: str) -> str:
    """The text under one ``## title`` of the brief."""
    return brief.partition(f"\n## {title}\n")[2].partition("\n## ")[0]


def table_rows(text: str) -> list[list[str]]:
    """The body rows of the first Markdown table in ``text``, split into cells."""
    rows = [line for line in text.split("\n") if line.startswith("| ")][1:]
    return [[c.strip() for c in re.split(r"(?<!\\)\|", row)[1:-1]] for row in rows]


def test_the_glossary_lists_the_languages_terms_with_english_and_notes(tmp_path: Path) -> None:
    brief = render_brief(fixture_project(tmp_path), "nl", [])
    assert table_rows(section(brief, "Glossary")) == [
        ["noise", "ruis", 'Never "geluid"; a \\| pipe stays one cell.'],
        ["cap", "plafond", ""],
    ]
    assert section(brief, "House conventions").strip() == "- Register: je/jij."


def test_a_language_without_terms_or_conventions_is_told_so(tmp_path: Path) -> None:
    project = fixture_project(tmp_path)
    (project.docs / "hooks" / "glossary.yml").write_text("terms: []\n", encoding="utf-8")
    brief = render_brief(project, "zh", [])
    assert "no terms in this language yet" in section(brief, "Glossary")
    assert "## House conventions" not in brief


def test_numbers_follow_the_languages_settings(tmp_path: Path) -> None:
    project = fixture_project(tmp_path)
    dutch = section(render_brief(project, "nl", []), "Numbers")
    chinese = section(render_brief(project, "zh", []), "Numbers")
    assert "`$0{,}5$`" in dutch and "0,5" in dutch and "semicolon" in dutch
    assert "`$0.5$`" in chinese and "0{,}5" not in chinese and "semicolon" not in chinese


def test_only_pages_that_need_work_are_listed_grouped_by_status(tmp_path: Path) -> None:
    work = [
        ("laplace.md", "outdated"),
        ("index.md", "translated"),
        ("lab.ipynb", "missing"),
        ("beyond.md", "outdated"),
    ]
    brief = render_brief(fixture_project(tmp_path), "nl", work)
    rows = table_rows(section(brief, "Pages that need work"))
    assert [row[:2] for row in rows] == [
        ["`nl/lab.ipynb`", "missing"],
        ["`nl/beyond.md`", "outdated"],
        ["`nl/laplace.md`", "outdated"],
    ]
    assert [row[2] for row in rows] == [
        ACTIONS["missing"],
        ACTIONS["outdated"],
        ACTIONS["outdated"],
    ]


def test_nothing_to_do_is_said_in_words(tmp_path: Path) -> None:
    brief = render_brief(fixture_project(tmp_path), "zh", [("index.md", "translated")])
    assert section(brief, "Pages that need work").strip() == (
        "Every page and notebook is translated and up to date."
    )


def test_bad_input_names_the_parameter_and_the_choices(tmp_path: Path) -> None:
    project = fixture_project(tmp_path)
    with pytest.raises(ValueError, match=r"locale must be one of \['nl', 'zh'\]; got 'en'"):
        render_brief(project, "en", [])
    with pytest.raises(ValueError, match=r"status of index.md must be one of .*; got 'done'"):
        render_brief(project, "nl", [("index.md", "done")])


@pytest.fixture(scope="module")
def real() -> Project:
    return load_project(DOCS.parent / "mkdocs.yml")


def test_the_real_brief_has_every_glossary_term_of_each_language(real: Project) -> None:
    data = yaml.safe_load((DOCS / "hooks" / "glossary.yml").read_text(encoding="utf-8"))
    for locale in real.locales:
        brief = render_brief(real, locale, [])
        expected = [
            [" ".join(term["en"]["term"].split()), " ".join(term[locale]["term"].split())]
            for term in data["terms"]
            if locale in term
        ]
        assert [row[:2] for row in table_rows(section(brief, "Glossary"))] == expected, locale


def test_the_briefs_examples_of_kept_ids_are_real_anchors(real: Project) -> None:
    brief = render_brief(real, real.locales[0], [])
    keep = section(brief, "Keep exactly as in English")
    for page, anchor in re.findall(r"`(\w+\.md)#([\w-]+)`", keep):
        for locale in (real.source, *real.locales):
            path = DOCS / locale / page
            if path.is_file() or real.source == locale:  # in progress: English fills in
                assert f"{{ #{anchor} }}" in path.read_text(encoding="utf-8"), (locale, page)
