"""English moving on: translations become outdated, never drift; ``sync`` carries the structure;
``mark`` and the release check hold back what is stale.

Each test works on the fixture project as a git repository (``git_project``: Dutch complete and
marked, German in progress), changes the English as an author would and commits it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.l10n_project import cli, edit, git, git_project, record_of, status

EN, NL = Path("docs/en"), Path("docs/nl")
EXERCISE = """
<div data-exercise="guide-scale" markdown>

What is the scale for $\\Delta = {delta}$ and $\\varepsilon = 0.5$? Give two decimals.

<div data-part="hint" markdown>Divide the sensitivity $\\Delta$ by the budget $\\varepsilon$.</div>

</div>
"""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return git_project(tmp_path)


def commit(root: Path, message: str = "English moves on") -> None:
    git(root, "commit", "-q", "-am", message)


def english_moves_on(root: Path) -> None:
    """A changed symbol in a display formula and a new exercise, as in issue 25."""
    guide = root / EN / "guide.md"
    edit(guide, r"s = \frac{\Delta}{\varepsilon}", r"s = \Delta / \varepsilon")
    edit(guide, '--8<-- "example.py"\n', '--8<-- "example.py"\n' + EXERCISE)
    commit(root)


def test_an_english_edit_outdates_and_sync_then_mark_bring_it_back(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    english_moves_on(repo)
    item = status(repo, "nl", "guide.md")
    assert (item.status, item.problems) == ("outdated", [])
    pending = "\n".join(map(str, item.pending))
    assert "display formula 1 differs" in pending and "exercise 'guide-scale'" in pending
    assert cli(repo) == 0  # the default checks stay green
    assert cli(repo, "check", "--release") == 1
    assert cli(repo, "mark", "nl", "guide.md") == 1
    assert "run `sync`" in capsys.readouterr().err

    assert cli(repo, "sync") == 0
    dutch = (repo / NL / "guide.md").read_text(encoding="utf-8")
    assert r"s = \Delta / \varepsilon" in dutch and "Met ruis verberg je" in dutch
    assert r"$\varepsilon = 0{,}5$? Give two decimals." in dutch  # the Dutch decimal
    item = status(repo, "nl", "guide.md")
    assert (item.status, item.pending) == ("outdated", [])
    assert [p.line for p in item.untranslated] == [
        n for n, line in enumerate(dutch.split("\n"), 1) if "What is" in line or "Divide" in line
    ]
    assert cli(repo, "check", "--release") == 1
    assert cli(repo, "mark", "nl", "guide.md") == 1
    assert "English is left in it" in capsys.readouterr().err

    edit(repo / NL / "guide.md", "What is the scale for", "Wat is de schaal voor")
    edit(repo / NL / "guide.md", "? Give two decimals.", "? Geef twee decimalen.")
    edit(repo / NL / "guide.md", "Divide the sensitivity", "Deel de gevoeligheid")
    edit(repo / NL / "guide.md", "by the budget", "door het budget")
    assert cli(repo, "mark", "nl", "guide.md") == 0
    assert cli(repo, "check", "--release") == 0


def test_drift_a_translator_makes_still_fails_while_the_english_moves_on(repo: Path) -> None:
    english_moves_on(repo)
    edit(repo / NL / "guide.md", "## De schaal { #the-scale }", "## De schaal { #de-schaal }")
    assert status(repo, "nl", "guide.md").status == "drift"
    assert cli(repo) == 1


def test_mark_refuses_a_translation_unchanged_since_the_english_changed(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(repo / NL / "index.md", "Lees eerst de gids.", "Lees de gids eerst.")  # not marked
    commit(repo, "a Dutch fix while the English stands still")
    edit(repo / EN / "guide.md", "means more privacy", "means stronger privacy")
    edit(repo / EN / "index.md", "Read the guide first.", "Read the guide before anything else.")
    commit(repo)
    capsys.readouterr()
    for page in ("guide.md", "index.md"):
        assert cli(repo, "mark", "nl", page) == 1
        error = capsys.readouterr().err
        assert "but this translation has not changed since then" in error, page
        assert f'mark nl {page} --unchanged "<reason>"' in error
    assert cli(repo, "mark", "nl", "guide.md", "--unchanged", "Dutch said it already") == 0
    capsys.readouterr()
    assert cli(repo, "--locale", "nl") == 0
    assert "marked unchanged: Dutch said it already" in capsys.readouterr().out
    edit(repo / NL / "index.md", "Lees de gids eerst.", "Lees eerst de hele gids.")
    assert cli(repo, "mark", "nl", "index.md") == 0  # a changed translation needs no reason
    recorded = record_of(repo / NL / "guide.md")
    assert recorded is not None and recorded.unchanged == "Dutch said it already"
    commit(repo, "marked")
    edit(repo / EN / "guide.md", "Adding noise hides", "Adding noise conceals")  # not committed
    assert cli(repo, "mark", "nl", "guide.md") == 1


def test_sync_replaces_formulas_ids_and_link_targets_inside_translated_prose(repo: Path) -> None:
    edit(repo / EN / "guide.md", r"$\varepsilon = 0.5$", r"$\varepsilon = 0.25$")
    edit(repo / EN / "guide.md", "{ #the-scale }", "{ #noise-scale }")
    edit(repo / EN / "index.md", "guide.md#the-scale", "guide.md#noise-scale")
    commit(repo)
    assert cli(repo) == 0  # German and Dutch links to the old id: outdated, not drift
    assert cli(repo, "sync") == 0
    guide = (repo / NL / "guide.md").read_text(encoding="utf-8")
    assert "gangbaar budget is $\\varepsilon = 0{,}25$" in guide
    assert "## De schaal { #noise-scale }" in guide
    for locale, words in (("nl", "Welkom. De [gids]"), ("de", "Willkommen. Die [Anleitung]")):
        index = (repo / "docs" / locale / "index.md").read_text(encoding="utf-8")
        assert f"{words}(guide.md#noise-scale)" in index
        assert status(repo, locale, "index.md").status == "outdated"
    assert (status(repo, "nl", "guide.md").status, cli(repo)) == ("outdated", 0)


def test_sync_copies_changed_code_cells_and_new_cells_of_a_notebook(repo: Path) -> None:
    path = repo / EN / "lab.ipynb"
    notebook = json.loads(path.read_text(encoding="utf-8"))
    notebook["cells"][2]["source"] = ["total = 2 + 2\n", "print(total)"]
    notebook["cells"].append(
        {"cell_type": "markdown", "id": "new", "metadata": {}, "source": ["Now $x = 0.5$."]}
    )
    path.write_text(json.dumps(notebook, indent=1) + "\n", encoding="utf-8")
    commit(repo)
    assert status(repo, "nl", "lab.ipynb").status == "outdated"
    assert cli(repo, "sync", "--locale", "nl") == 0
    dutch = json.loads((repo / NL / "lab.ipynb").read_text(encoding="utf-8"))
    sources = ["".join(cell["source"]) for cell in dutch["cells"]]
    assert sources == [
        "# Practicum\n\nVoer de cellen op volgorde uit.",
        'LANG = "nl"',
        "total = 2 + 2\nprint(total)",
        "## Klaar",
        "Now $x = 0{,}5$.",
    ]
    assert status(repo, "nl", "lab.ipynb").status == "outdated"


def test_a_pasted_english_paragraph_is_listed_and_lowers_the_words_percentage(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli(repo, "--format", "json", "--output", str(repo / "before.json"))
    english = "Read the guide first."
    edit(repo / NL / "index.md", "Lees eerst de gids.", english)
    cli(repo, "--format", "json", "--output", str(repo / "after.json"))
    before, after = (
        json.loads((repo / name).read_text()) for name in ("before.json", "after.json")
    )
    assert after["progress"]["nl"] < before["progress"]["nl"] == 100.0
    assert any(english in str(p) for p in status(repo, "nl", "index.md").untranslated)
    assert cli(repo, "check", "--release") == 1


def test_a_heading_that_is_the_locales_own_term_may_stay_english(repo: Path) -> None:
    """Dutch keeps some names in English (the glossary says so); a sentence it may not keep."""
    glossary = repo / "docs" / "hooks" / "glossary.yml"
    name = "zero-concentrated differential privacy"
    term = f"  - id: zcdp\n    check: false\n    en: {{term: {name}}}\n"
    glossary.write_text(glossary.read_text("utf-8") + term, encoding="utf-8")
    heading = "\n### Zero-concentrated differential privacy { #zcdp }\n"
    for locale in (EN, NL):
        (repo / locale / "guide.md").write_text(
            (repo / locale / "guide.md").read_text("utf-8") + heading, encoding="utf-8"
        )
    before = status(repo, "nl", "guide.md").untranslated
    dutch = f"    nl: {{term: {name}}}\n"
    glossary.write_text(glossary.read_text("utf-8") + dutch, encoding="utf-8")
    assert [p.line for p in before] and not status(repo, "nl", "guide.md").untranslated
