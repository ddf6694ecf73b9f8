"""The report's interface strings and glossary section, on copies of the fixture project.

The fixture's settings files (``tests/fixtures/l10n/dplesson/locales/``) hold a few interface
strings: Dutch (complete) translates or keeps each, German (in progress) translated only the
exercise strings. Each test breaks one thing and reads the findings, the table and the exit status.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from tests.l10n_project import cli, copy_fixture, edit, failing_findings, project, status
from tests.l10n_project import findings as all_findings

SETTINGS = Path("dplesson") / "locales"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return copy_fixture(tmp_path)


def found(root: Path, locale: str, section: str | None = None) -> list[tuple[str, str, bool]]:
    """(key, kind, fails) of each finding of one locale (of one section, if given)."""
    return [
        (f.key, f.kind, f.fails)
        for f in all_findings(project(root), [locale])
        if section in {None, f.section}
    ]


def line_of(path: Path, pattern: str) -> int:
    """The 1-based line of the first match of ``pattern`` in a file (computed by hand)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    return next(n for n, line in enumerate(lines, 1) if re.search(pattern, line))


def flat_keys(data: object, prefix: str = "") -> set[str]:
    """Every dotted key of a nested mapping, as a reader of the YAML would list it."""
    if not isinstance(data, dict):
        return {prefix.rstrip(".")}
    keys: set[str] = set()
    for key, value in data.items():
        keys |= flat_keys(value, f"{prefix}{key}.")
    return keys


def test_the_fixture_passes_and_lists_what_the_language_in_progress_still_lacks(
    root: Path,
) -> None:
    assert found(root, "nl") == []
    english = yaml.safe_load((root / SETTINGS / "en.yml").read_text(encoding="utf-8"))
    german = yaml.safe_load((root / SETTINGS / "de.yml").read_text(encoding="utf-8"))
    interface = {k: v for k, v in english.items() if k not in {"name", "decimal", "state"}}
    lacking = flat_keys(interface) - flat_keys(german)
    assert lacking == {
        "site_description",
        "figures.noise.x",
        "figures.noise.series.zcdp",
        "banners.fallback_title",
        "banners.fallback_text",
    }
    assert sorted(found(root, "de")) == sorted((key, "missing", False) for key in lacking)
    assert cli(root) == 0  # a language in progress grows string by string


def test_a_string_left_in_english_fails_a_complete_language_unless_kept(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dutch = root / SETTINGS / "nl.yml"
    edit(dutch, 'check: "Controleer"', 'check: "Check"')
    edit(dutch, "  - exercises.hint\n", "")
    assert sorted(found(root, "nl")) == [
        ("exercises.check", "identical", True),
        ("exercises.hint", "identical", True),
    ]
    assert cli(root, "--locale", "nl") == 1
    out = capsys.readouterr().out
    assert f"dplesson/locales/nl.yml line {line_of(dutch, r'^  check:')}: exercises.check" in out
    assert "identical to English ('Check')" in out and "keep_english" in out


def test_a_string_left_in_english_only_informs_in_a_language_in_progress(root: Path) -> None:
    edit(root / SETTINGS / "de.yml", 'hint: "Hinweis"', 'hint: "Hint"')
    assert ("exercises.hint", "identical", False) in found(root, "de")
    assert cli(root, "--locale", "de") == 0


def test_other_placeholders_fail_even_in_a_language_in_progress(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(root / SETTINGS / "de.yml", '"{total} Aufgaben"', '"{anzahl} Aufgaben"')
    assert ("exercises.total", "placeholders", True) in found(root, "de")
    assert cli(root, "--locale", "de") == 1
    assert "English ['total'], here ['anzahl']" in capsys.readouterr().out


def test_a_missing_string_fails_a_complete_language_and_names_its_section(root: Path) -> None:
    dutch = root / SETTINGS / "nl.yml"
    edit(dutch, '  fallback_title: "Nog niet vertaald"\n', "")
    (finding,) = all_findings(project(root), ["nl"])
    assert (finding.key, finding.kind, finding.fails) == ("banners.fallback_title", "missing", True)
    assert finding.problem.line == line_of(dutch, r"^banners:")
    assert "readers see the English 'Not translated yet'" in finding.problem.what
    assert cli(root, "--locale", "nl") == 0  # a new English string must not block anyone
    assert cli(root, "check", "--release", "--locale", "nl") == 1


def test_a_misspelt_key_and_a_kept_key_that_does_not_exist_fail(root: Path) -> None:
    dutch = root / SETTINGS / "nl.yml"
    edit(dutch, "  hint: ", "  hnt: ")
    edit(dutch, "  - figures.noise.series.zcdp", "  - figures.noise.series.zcpd")
    assert sorted(found(root, "nl")) == [
        ("exercises.hint", "missing", True),
        ("exercises.hnt", "unknown", True),
        ("figures.noise.series.zcdp", "identical", True),
        ("figures.noise.series.zcpd", "unknown", True),
    ]
    lines = {f.key: f.problem.line for f in all_findings(project(root), ["nl"])}
    assert lines["exercises.hnt"] == line_of(dutch, r"^  hnt:")
    assert lines["figures.noise.series.zcpd"] == line_of(dutch, r"^keep_english:")


def test_json_lists_the_findings_with_file_and_line(root: Path) -> None:
    edit(root / SETTINGS / "nl.yml", 'check: "Controleer"', 'check: "Check"')
    out = root / "report.json"
    assert cli(root, "--format", "json", "--output", str(out)) == 1
    data = json.loads(out.read_text(encoding="utf-8"))
    failing = [f for f in data["findings"] if f["fails"]]
    assert [(f["locale"], f["key"], f["file"]) for f in failing] == [
        ("nl", "exercises.check", "dplesson/locales/nl.yml")
    ]
    assert failing[0]["line"] == line_of(root / SETTINGS / "nl.yml", r"^  check:")


# --- glossary -----------------------------------------------------------------------------


def test_a_term_missing_in_a_complete_language_fails_and_in_progress_is_listed(
    root: Path,
) -> None:
    glossary = root / "docs" / "hooks" / "glossary.yml"
    edit(glossary, "    nl: {term: ruis}\n", "")
    edit(glossary, "    de: {term: Rauschen}\n", "")
    assert found(root, "nl") == [("noise", "missing", True)]
    assert ("noise", "missing", False) in found(root, "de")
    (finding,) = all_findings(project(root), ["nl"])
    assert finding.problem.line == line_of(glossary, r"- id: noise")
    assert cli(root, "check", "--release", "--locale", "de") == 0
    assert cli(root, "check", "--release", "--locale", "nl") == 1
    # Reported once, for the glossary: the pages using the term are not drift for it.
    assert status(root, "nl", "guide.md").status == "translated"


def test_a_stem_that_misses_its_own_term_fails(root: Path) -> None:
    glossary = root / "docs" / "hooks" / "glossary.yml"
    edit(glossary, "nl: {term: ruis}", "nl: {term: ruis, match: [geruis]}")
    assert found(root, "nl") == [("noise", "stem", True)]


def write_glossary_pages(root: Path) -> None:
    """Add an English and a Dutch glossary page, one third-level heading per term."""
    for locale, title, term in (("en", "Glossary", "Noise"), ("nl", "Woordenlijst", "Ruis")):
        (root / "docs" / locale / "glossary.md").write_text(
            f"# {title} {{ #glossary }}\n\n### {term} {{ #noise }}\n\nRandom numbers.\n",
            encoding="utf-8",
        )


def test_the_glossary_page_has_one_heading_per_term(root: Path) -> None:
    write_glossary_pages(root)
    assert found(root, "en") == [] and found(root, "nl") == []
    dutch = root / "docs" / "nl" / "glossary.md"
    edit(dutch, "### Ruis", "### Geruis")
    assert sorted(found(root, "nl")) == [("noise", "heading", True), ("noise", "missing", True)]
    problems = [str(f.problem) for f in all_findings(project(root), ["nl"])]
    assert any("no heading for the term 'ruis'" in p for p in problems)
    assert f"nl/glossary.md line {line_of(dutch, 'Geruis')}: the heading 'Geruis'" in "\n".join(
        problems
    )


def test_a_new_term_needs_a_heading_on_every_glossary_page(root: Path) -> None:
    write_glossary_pages(root)
    glossary = root / "docs" / "hooks" / "glossary.yml"
    text = glossary.read_text(encoding="utf-8")
    text += "  - id: scale\n    en: {term: scale}\n    nl: {term: schaal}\n    de: {term: Skala}\n"
    glossary.write_text(text, encoding="utf-8")
    assert found(root, "en") == [("scale", "missing", True)]
    assert found(root, "nl") == [("scale", "missing", True)]
    assert found(root, "de", "glossary") == []  # no German glossary page: English fills in
    assert failing_findings(all_findings(project(root)), release=True)


def test_the_brief_lists_the_strings_that_need_work_with_file_and_line(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    german = root / SETTINGS / "de.yml"
    edit(german, 'hint: "Hinweis"', 'hint: "Hint"')
    assert cli(root, "brief", "de") == 0
    strings = capsys.readouterr().out.partition("## Interface strings that need work\n")[2]
    line = line_of(german, r"^  hint:")
    found = f"- `dplesson/locales/de.yml` line {line}: exercises.hint is identical to English"
    assert found in strings
    assert "2 banners strings are missing (fallback_title, fallback_text)" in strings
    assert cli(root, "brief", "nl") == 0
    dutch = capsys.readouterr().out.partition("## Interface strings that need work\n")[2]
    assert dutch.strip() == "Every interface string is translated."


def test_a_language_in_progress_keeps_the_english_heading_of_a_term_it_has_no_name_for(
    root: Path,
) -> None:
    write_glossary_pages(root)
    german = root / "docs" / "de" / "glossary.md"
    german.write_text("# Glossar { #glossary }\n\n### Noise { #noise }\n\nZufall.\n", "utf-8")
    edit(root / "docs" / "hooks" / "glossary.yml", "    de: {term: Rauschen}\n", "")
    assert [f for f in found(root, "de", "glossary") if f[2]] == []  # the English heading stands
    edit(root / "dplesson" / "locales" / "de.yml", "state: in progress", "state: complete")
    assert ("noise", "missing", True) in found(root, "de", "glossary")


def test_a_note_cut_in_two_by_a_bare_comma_stops_the_tool(root: Path) -> None:
    """YAML reads ``{term: x, note: a, b}`` as a note ``a`` and a key ``b``: half the note."""
    glossary = root / "docs" / "hooks" / "glossary.yml"
    text = glossary.read_text(encoding="utf-8")
    text += '  - id: scale\n    en: {term: scale, note: not "size", not "range".}\n'
    glossary.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=r"scale\.en has unknown keys \{'not \"range\"\.'\}"):
        all_findings(project(root), ["en"])
