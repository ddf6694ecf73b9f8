"""Structure checks: each test breaks one rule in the Dutch fixture page and reads the message."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.l10n_project import cli, copy_fixture, edit, problems, status

NL_GUIDE = Path("docs/nl/guide.md")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return copy_fixture(tmp_path)


def line(root: Path, needle: str, page: str = "guide.md") -> int:
    """The 1-based line of the Dutch page holding ``needle``."""
    lines = (root / "docs/nl" / page).read_text(encoding="utf-8").split("\n")
    return next(n for n, text in enumerate(lines, 1) if needle in text)


def broken(root: Path, old: str, new: str, page: str = "guide.md") -> list[str]:
    """Apply one edit to the Dutch page and return the report's messages for it."""
    edit(root / "docs/nl" / page, old, new)
    assert status(root, "nl", page).status == "drift"
    return problems(root, "nl", page)


def test_the_fixture_translation_has_no_problem(root: Path) -> None:
    assert [status(root, "nl", p).status for p in ("index.md", "guide.md", "lab.ipynb")] == [
        "translated"
    ] * 3


def test_a_changed_symbol_in_an_inline_formula_is_drift(root: Path) -> None:
    found = broken(root, r"$\Delta / \varepsilon$", r"$\delta / \varepsilon$")
    missing = [p for p in found if "`\\Delta / \\varepsilon` of the English" in p]
    assert missing and "is missing here" in missing[0]
    extra = [p for p in found if "`\\delta / \\varepsilon` is not in English" in p]
    assert extra and extra[0].startswith(f"nl/guide.md line {line(root, 'delta')}:")


def test_spacing_inside_a_formula_is_not_drift(root: Path) -> None:
    edit(root / NL_GUIDE, r"$\Delta / \varepsilon$", r"$\Delta/\varepsilon$")
    assert status(root, "nl", "guide.md").status == "translated"


def test_a_translated_code_name_is_drift(root: Path) -> None:
    found = broken(root, "`laplace(scale)`", "`laplace(schaal)`")
    assert any("inline code `laplace(schaal)` is not in English" in p for p in found)


def test_a_decimal_point_in_a_dutch_formula_is_flagged_once(root: Path) -> None:
    found = broken(root, r"$\varepsilon = 0{,}5$", r"$\varepsilon = 0.5$")
    assert len(found) == 1
    assert found[0].startswith(
        f"nl/guide.md line {line(root, '0.5')}: formula `\\varepsilon = 0.5` writes 0.5"
    )
    assert "0{,}5" in found[0]


def test_a_heading_id_other_than_the_english_one_is_drift(root: Path) -> None:
    found = broken(root, "## De schaal { #the-scale }", "## De schaal { #de-schaal }")
    where = f"nl/guide.md line {line(root, '## De schaal')}: "
    assert any(
        p.startswith(where) and "has id #de-schaal; English has #the-scale" in p for p in found
    )
    assert any("{ #the-scale }" in p.split(" — ")[1] for p in found)


def test_a_heading_without_explicit_id_is_drift(root: Path) -> None:
    found = broken(root, "## Begin hier { #start-here }", "## Begin hier", page="index.md")
    assert any("has id #begin-hier; English has #start-here" in p for p in found)


def test_a_wrong_anchor_gets_the_right_one_suggested(root: Path) -> None:
    # The slug of the Dutch heading text was the habit before ids were shared.
    found = broken(root, "index.md#start-here", "index.md#begin-hier")
    (message,) = [p for p in found if "has no anchor #begin-hier" in p]
    assert message.startswith(
        f"nl/guide.md line {line(root, '#begin-hier')}:"
    ) and message.endswith("write #start-here")


def test_an_unescaped_quote_in_a_widget_text_gets_its_own_message(root: Path) -> None:
    found = broken(root, 'data-t-title="Ruisdemo"', 'data-t-title="De "ruis" demo"')
    assert len(found) == 1
    assert 'a straight " ends the value of data-t-title early' in found[0]
    assert "&quot;" in found[0] and "placeholders" not in found[0]


def test_a_widget_text_left_in_english_is_flagged(root: Path) -> None:
    found = broken(root, 'data-t-title="Ruisdemo"', 'data-t-title="Noise demo"')
    where = f"nl/guide.md line {line(root, 'data-t-title')}"
    assert found == [
        f"{where}: widget 1 (dp-widget dp-demo): data-t-title is identical to "
        "English ('Noise demo') — translate the interface text"
    ]


def test_a_widget_text_may_have_the_plural_forms_of_its_language(root: Path) -> None:
    # Polish-like forms: "1 voorbeeld" (one), "3 voorbeelden" (few); English has neither.
    forms = 'data-t-hint-one="Eén {example}."\n  data-t-hint-few="Enkele {example}."\n  '
    edit(root / NL_GUIDE, "data-t-hint=", forms + "data-t-hint=")
    assert status(root, "nl", "guide.md").status == "translated"
    edit(root / NL_GUIDE, 'Enkele {example}."', 'Enkele {voorbeeld}."')
    assert problems(root, "nl", "guide.md") == [
        f"nl/guide.md line {line(root, 'data-t-hint-few')}: widget 1 (dp-widget dp-demo): "
        "data-t-hint-few placeholders differ from data-t-hint's in English: ['example'], here "
        "['voorbeeld'] — keep each {placeholder} as is"
    ]
    # A form of a text the widget does not have is no plural form: a name English lacks.
    found = broken(root, "data-t-hint-one=", "data-t-tip-one=")
    assert any("attribute data-t-tip-one is not in English" in p for p in found)


def test_a_translated_placeholder_is_drift(root: Path) -> None:
    found = broken(root, "{example}", "{voorbeeld}")
    assert any("data-t-hint placeholders differ" in p for p in found)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            '--8<-- "example.py"',
            "",
            "example include 'example.py' of the English is missing here, at the start",
        ),
        ('!!! note "Onthoud"', '!!! tip "Onthoud"', "admonition"),
        (
            "## De schaal { #the-scale }",
            "### De schaal { #the-scale }",
            "h2 headings: 1 in English",
        ),
        ("s = \\frac{\\Delta}{\\varepsilon}", "s = \\Delta", "display formula 1 differs"),
        ("(index.md#start-here)", "(index.md)", "the English links to index.md#start-here"),
        ("(index.md#start-here)", "(missing.md)", "leads to no page"),
        (
            "(https://example.org/book)",
            "(https://example.org/boek)",
            "link to https://example.org/boek (1×) is not in English",
        ),
        (
            "[het boek](https://example.org/book)",
            "het boek",
            "the English links to https://example.org/book (1×, English line 20)",
        ),
    ],
)
def test_structure_rules(root: Path, old: str, new: str, expected: str) -> None:
    assert any(expected in p for p in broken(root, old, new))


def test_a_missing_glossary_term_is_drift(root: Path) -> None:
    edit(root / NL_GUIDE, "Met ruis verberg", "Hiermee verberg")
    edit(root / NL_GUIDE, "Meer ruis betekent", "Meer betekent")
    found = problems(root, "nl", "guide.md")
    assert any("use the glossary term 'ruis'" in p for p in found)


@pytest.mark.parametrize(
    ("english", "dutch"),
    [
        ('[the guide](guide.md "Why noise helps")', '[de gids](guide.md "Waarom het helpt")'),
        ("[the guide][g]\n\n[g]: guide.md 'Why noise helps'", "[de gids][g]\n\n[g]: guide.md"),
        ('[the guide][g]\n\n[g]: <noise.md> "Noise (2nd ed.)"', "[de gids][g]\n\n[g]: <noise.md>"),
    ],
)
def test_a_term_only_in_a_link_title_or_target_is_not_a_term_the_page_uses(
    root: Path, english: str, dutch: str
) -> None:
    (root / "docs/en/noise.md").write_text("# Noise\n", encoding="utf-8")
    edit(root / "docs/en/index.md", "Read the guide first.", f"Read {english} first.")
    edit(root / "docs/nl/index.md", "Lees eerst de gids.", f"Lees eerst {dutch}.")
    assert not [p for p in problems(root, "nl", "index.md") if "glossary term" in p]


def test_a_lost_paragraph_names_its_section(root: Path) -> None:
    found = broken(
        root, "Lees eerst de gids.\n\nVoer daarna", "Lees eerst de gids. Voer daarna", "index.md"
    )
    where = f"nl/index.md line {line(root, '## Begin hier', 'index.md')}"
    assert found == [
        f"{where}: section 'Begin hier' has 1 paragraphs and list items here, 2 in English — "
        "translate each English paragraph and list item as one (one is lost or joined)"
    ]


def test_an_admonition_body_not_indented_is_drift(root: Path) -> None:
    found = broken(root, "    Meer ruis betekent", "Meer ruis betekent")
    (message,) = found
    assert message.startswith(f"nl/guide.md line {line(root, '!!! note')}: the admonition")
    assert "has no indented text" in message


def test_a_missing_formula_points_at_its_section_here(root: Path) -> None:
    found = broken(root, r"$\Delta / \varepsilon$", "het")
    (message,) = [p for p in found if "`\\Delta / \\varepsilon` of the English" in p]
    assert message.startswith(f"nl/guide.md line {line(root, '# Gids')}:")


EXERCISE = """
<div data-exercise="guide-n" markdown>

{name} counts {n} people: $n = {n}$. {noun} is the public size.

</div>
"""


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("telt {n} mensen", "telt 40 mensen", "{n} of the English is missing here"),
        ("{noun}", "{zelfstandig}", "{zelfstandig} is not in English (the build stops on it)"),
    ],
)
def test_exercise_placeholders_are_kept_never_typed_or_renamed(
    root: Path, old: str, new: str, expected: str
) -> None:
    edit(root / "docs/en/guide.md", "</div>\n", "</div>\n" + EXERCISE)
    dutch = EXERCISE.replace("counts", "telt").replace("people", "mensen")
    edit(root / NL_GUIDE, "</div>\n", "</div>\n" + dutch.replace("is the public", "is de openbare"))
    assert cli(root, "mark", "nl", "guide.md") == 0
    found = broken(root, old, new)
    where = f"nl/guide.md line {line(root, 'data-exercise')}: exercise 'guide-n'"
    assert all(p.startswith(where) for p in found) and any(expected in p for p in found)


def test_a_time_line_other_than_the_settings_one_is_drift_no_break_spaces_are_spaces(
    root: Path,
) -> None:
    for locale, line_ in (
        ("en", "*Time:* about {minutes} minutes."),
        ("nl", "*Tijd:* ongeveer {minutes} minuten."),
    ):
        settings = root / "dplesson/locales" / f"{locale}.yml"
        settings.write_text(
            settings.read_text("utf-8") + f'chrome:\n  time_line: "{line_}"\n', "utf-8"
        )
    edit(
        root / "docs/en/guide.md",
        "# Guide { #guide }\n",
        "# Guide { #guide }\n\n*Time:* about 5 minutes.\n",
    )
    edit(
        root / NL_GUIDE,
        "# Gids { #guide }\n",
        "# Gids { #guide }\n\n*Tijd:*\u00a0ongeveer 5\u202fminuten.\n",
    )
    assert cli(root, "mark", "nl", "guide.md") == 0  # typographic spaces read as spaces
    (message,) = broken(root, "ongeveer 5", "circa 5")
    assert message.startswith(f"nl/guide.md line {line(root, '# Gids')}: no line states the time")
