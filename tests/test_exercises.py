"""The exercise machinery: the catalogue, the pages' blocks in every locale and the build hook.

The answer key itself (each numeric answer against its textbook value) is checked in
``tests/test_exercise_answers.py``; the exercises answered in a browser in
``tests/browser/test_exercises.py``. Here: the catalogue and the navigation's chapters agree,
every page a locale has carries its chapter's exercises (English all of them; a translation
those of the English it follows, which the translation report checks), no locale file types
an answer, and the hook fills, attaches and refuses as it should on a small synthetic page.
That each block is well-formed (parts, options, placeholders) is the build's rule: the hook
fails the strict build on a broken block, and its refusals are tested here on the synthetic
page.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

import exercises as hook
from dplesson import locales
from dplesson.exercises import REQUIRED_SKILLS, SKILLS, Exercise, Variant, catalogue, numeric
from dpsite import exercise_blocks
from dpsite.exercise_blocks import MathValues
from tests import site_soup
from tests.conftest import DECIMAL_COMMA, DOCS, LOCALES
from tests.docs_sources import chapters, own_pages
from tests.prose_numbers import numbers
from tests.site_html import built_page

# Small whole numbers also belong to the wording ("1 − p", "two datasets"), not the key.
WORDING = {Decimal(n) for n in (-1, 0, 1, 2)}
ANSWER_ATTRIBUTES = re.compile(r"\bdata-(?:answer|correct|tolerance|kind)\b")


# --- the catalogue ---------------------------------------------------------------------------


@pytest.mark.parametrize("chapter", chapters())
def test_every_chapter_has_its_answer_key_with_at_least_three_exercises(chapter: str) -> None:
    assert chapter in catalogue.CHAPTERS, f"no module dplesson/exercises/{chapter}.py"
    module = __import__(f"dplesson.exercises.{chapter}", fromlist=["EXERCISES"])
    assert len(module.EXERCISES) >= 3, f"{chapter}: {len(module.EXERCISES)} exercises"
    assert catalogue.for_chapter(chapter) == tuple(module.EXERCISES)


def test_every_answer_key_is_a_chapter_of_the_navigation() -> None:
    assert set(catalogue.CHAPTERS) <= set(chapters()), sorted(
        set(catalogue.CHAPTERS) - set(chapters())
    )


def test_ids_are_unique_and_each_found_by_id() -> None:
    ids = [e.id for e in catalogue.all_exercises()]
    assert len(ids) == len(set(ids))
    for exercise in catalogue.all_exercises():
        assert catalogue.by_id(exercise.id) is exercise
    with pytest.raises(KeyError, match="no-such-exercise"):
        catalogue.by_id("no-such-exercise")
    with pytest.raises(ValueError, match="stem must be one of"):
        catalogue.for_chapter("index")


@pytest.mark.parametrize("locale", LOCALES)
def test_the_home_page_overview_lists_the_chapters_in_course_order(
    site_dir: Path, locale: str
) -> None:
    overview = site_soup.page(built_page(site_dir, locale, "index.md")).select_one(
        "[data-exercise-overview]"
    )
    assert overview is not None
    linked = [str(a["href"]).removesuffix("/") for a in overview.select("a[href]")]
    assert linked == [c for c in chapters() if c in catalogue.CHAPTERS]


def test_every_course_chapter_asks_for_transfer_or_planning_and_a_scenario() -> None:
    """Practice that tests understanding: each chapter meets every group of REQUIRED_SKILLS."""
    assert REQUIRED_SKILLS == (("transfer", "plan"), ("scenario",))
    for stem in chapters():
        asked = {exercise.skill for exercise in catalogue.for_chapter(stem)}
        for group in REQUIRED_SKILLS:
            assert asked & set(group), f"{stem} has no exercise of skill {' or '.join(group)}"


def test_the_catalogue_refuses_a_chapter_without_a_required_skill() -> None:
    transfer = OTHER
    scenario = replace(PICK, id="scratch-scenario", variants=())
    catalogue.check_skills("laplace", [SCALE, transfer, scenario])  # both groups met
    with pytest.raises(ValueError, match="'laplace' needs an exercise of skill scenario"):
        catalogue.check_skills("laplace", [SCALE, transfer, BUG])
    with pytest.raises(ValueError, match="skill transfer or plan; it has apply, scenario"):
        catalogue.check_skills("laplace", [SCALE, scenario])


def test_every_exercise_names_a_known_skill() -> None:
    assert all(e.skill in SKILLS for e in catalogue.all_exercises())
    for skill in (None, "recite"):
        with pytest.raises(ValueError, match="skill must be one of recall, apply"):
            Exercise(id="scratch-none", chapter="laplace", kind="number", answer=1.0, skill=skill)  # type: ignore[arg-type]


# --- the pages of every locale ---------------------------------------------------------------


def page_blocks(locale: str, stem: str) -> list[exercise_blocks.Block]:
    return exercise_blocks.find_blocks((DOCS / locale / f"{stem}.md").read_text(encoding="utf-8"))


@pytest.mark.parametrize("locale", LOCALES)
def test_each_chapter_page_carries_its_exercises(locale: str) -> None:
    """No block missing in English, none foreign anywhere: the build checks the blocks a page
    has, not the ones it lacks."""
    for name in own_pages(locale):
        stem = name.removesuffix(".md")
        on_page = [b.id for b in page_blocks(locale, stem)]
        expected = [e.id for e in catalogue.for_chapter(stem)] if stem in catalogue.CHAPTERS else []
        missing = sorted(set(expected) - set(on_page))
        if locale == locales.SOURCE:
            assert sorted(on_page) == sorted(expected), f"{locale}/{name} lacks {missing}"
        else:  # a translation has the English's exercises as of its record (the l10n report)
            assert len(set(on_page)) == len(on_page) and set(on_page) <= set(expected), name


@pytest.mark.parametrize("locale", LOCALES)
def test_no_answer_is_typed_in_a_locale_page(locale: str) -> None:
    for path in sorted((DOCS / locale).glob("*.md")):
        typed = ANSWER_ATTRIBUTES.findall(path.read_text(encoding="utf-8"))
        assert not typed, f"{locale}/{path.name} types {typed}: the build attaches answers"


@pytest.mark.parametrize("locale", LOCALES)
def test_no_numeric_answer_is_typed_in_its_exercise_block(locale: str) -> None:
    for name in own_pages(locale):
        for block in page_blocks(locale, name.removesuffix(".md")):
            answer = catalogue.by_id(block.id).answer
            if answer is None or Decimal(repr(answer)) in WORDING:
                continue
            typed = [n for n in numbers(block.body, locale) if n == Decimal(repr(answer))]
            assert not typed, f"{locale}/{name} {block.id}: write {{answer}}, not {typed}"


@pytest.mark.parametrize("locale", LOCALES)
def test_no_value_that_varies_is_typed_in_its_exercise_block(locale: str) -> None:
    """A number that changes between attempts must be a placeholder, or the text goes stale."""
    for stem in (name.removesuffix(".md") for name in own_pages(locale)):
        for block in page_blocks(locale, stem):
            item = catalogue.by_id(block.id)
            varying = {
                Decimal(repr(float(value)))
                for index in range(len(item.variants))
                for name, value in exercise_blocks.substitutions(item, index).items()
                if name in item.varying() and not isinstance(value, str)
            } - WORDING
            typed = [n for n in numbers(block.body, locale) if n in varying]
            assert not typed, f"{locale}/{stem}.md {block.id}: typed {typed}, a placeholder varies"


def test_every_value_a_numeric_block_shows_is_short() -> None:
    """No float noise such as 1.0000000000000002 in a question or an explanation.

    (A "find the bug" item may show a float's full digits on purpose: that is its point.)
    """
    for item in catalogue.all_exercises():
        if item.kind != "number":
            continue
        block = next(b for b in page_blocks("en", item.chapter) if b.id == item.id)
        shown = set(block.placeholders)
        for index in range(len(item.variants)):
            for name, value in exercise_blocks.substitutions(item, index).items():
                if name in shown and not isinstance(value, str):
                    digits = re.sub(r"\D", "", locales.format_number(value, "en"))
                    assert len(digits.strip("0")) <= 6, (item.id, index, name, value)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_index_page_has_the_progress_overview(locale: str) -> None:
    if "index.md" not in own_pages(locale):
        pytest.skip(f"{locale} is in progress and has no index.md yet (English fills in)")
    text = (DOCS / locale / "index.md").read_text(encoding="utf-8")
    assert len(hook.OVERVIEW.findall(text)) == 1


# --- the hook on a synthetic page ------------------------------------------------------------

SCALE = Exercise(
    id="scratch-scale",
    chapter="laplace",
    kind="number",
    params={"sensitivity": 2, "epsilon": 0.5, "shift": -1.5, "unit": "km"},
    answer=4.0,
    tolerance=0.01,
    skill="apply",
    textbook=lambda p: {"answer": p["sensitivity"] / p["epsilon"]},
)
PICK = Exercise(
    id="scratch-pick",
    chapter="laplace",
    kind="choice",
    params={"n": 1000},
    options=("a", "b"),
    correct="b",
    skill="scenario",
)
BUG = Exercise(
    id="scratch-bug",
    chapter="laplace",
    kind="bug",
    options=("line-1", "line-2"),
    correct="line-2",
    code="noise = pool[0]\nrelease = value + noise",
    skill="diagnose",
)
OTHER = Exercise(
    id="scratch-other",
    chapter="releasing",
    kind="number",
    answer=1.0,
    skill="transfer",
    textbook=lambda p: {"answer": 1.0},
)
SCRATCH = {e.id: e for e in (SCALE, PICK, BUG, OTHER)}
PAGE = """# The Laplace mechanism

Some prose with 3 numbers in it.

<div data-exercise="scratch-scale" markdown>

With $\\Delta = {sensitivity}$ and $\\varepsilon = {epsilon}$, a shift of {shift} {unit}:
what is $\\frac{\\Delta}{\\varepsilon}$? Also $e^{ {shift} }$ and $x_{i}$.

<div data-part="hint" markdown>Divide.</div>
<div data-part="explain" markdown>It is {answer}.</div>

</div>

<div data-exercise="scratch-pick" markdown>

Which is right for n = {n}?

<div data-part="option" data-option="a" markdown>This one.</div>
<div data-part="option" data-option="b" markdown>That one.</div>
<div data-part="hint" markdown>Think.</div>
<div data-part="explain" markdown>Because.</div>

</div>

<div data-exercise="scratch-bug" markdown>

Which line is wrong?

<div data-part="option" data-option="line-1" markdown>Line 1.</div>
<div data-part="option" data-option="line-2" markdown>Line 2.</div>
<div data-part="hint" markdown>Pools.</div>
<div data-part="explain" markdown>Reuse.</div>

</div>
"""
#: A numeric exercise with three variants: n and the answer vary, epsilon does not.
MANY = numeric(
    "scratch-many",
    "histograms",
    0.01,
    [Variant({"n": n, "epsilon": 0.5, "unit": "km"}, 2.0 / n / 0.5) for n in (4, 8, 16)],
    skill="plan",
    textbook=lambda p: {"answer": 2.0 / p["n"] / p["epsilon"]},
)
MANY_PAGE = """<div data-exercise="scratch-many" markdown>

For $n = {n}$ and {epsilon} {unit}, the scale is? $s = {answer}$, and {answer} in prose.

<div data-part="hint" markdown>Divide.</div>
<div data-part="explain" markdown>It is {answer}.</div>

</div>
"""


def render(
    page: str, locale: str = "en", stem: str = "laplace", math: MathValues | None = None
) -> str:
    exercises = {**SCRATCH, MANY.id: MANY}
    return hook.exercise_markdown(page, stem, locale, f"{locale}/{stem}.md", exercises, math)


def test_an_english_page_in_a_language_in_progress_writes_english_numbers() -> None:
    """The page's text is English until translated: its numbers too, whatever the reader's
    language (a decimal comma inside English prose would read '{e1}, {e2}' as one number)."""
    exercises = {**SCRATCH, MANY.id: MANY}
    page = hook.exercise_markdown(PAGE, "laplace", "nl", "en/laplace.md", exercises, None, "en")
    assert "a shift of −1.5 km:" in page
    assert "a shift of −1,5 km:" in render(PAGE, "nl")


def test_the_hook_fills_placeholders_the_locales_way() -> None:
    math = MathValues()
    dutch = render(PAGE, "nl", math=math)
    assert "a shift of −1,5 km:" in dutch  # prose: U+2212 and the decimal comma
    stand_ins = list(math.mathml)  # formula values: digits until the formula is MathML
    assert f"$\\Delta = {stand_ins[0]}$" in dutch and f"$\\varepsilon = {stand_ins[1]}$" in dutch
    assert f"$e^{{ {stand_ins[2]} }}$" in dutch  # a placeholder inside a group
    assert "\\frac{\\Delta}{\\varepsilon}" in dutch and "$x_{i}$" in dutch  # LaTeX groups
    assert "It is 4." in dutch and "n = 1000?" in dutch
    assert list(math.mathml.values()) == [
        "<mn>2</mn>",
        "<mn>0,5</mn>",
        '<mo form="prefix" lspace="0" rspace="0">\u2212</mo><mn>1,5</mn>',
    ]
    rendered = f"<math><mn>{stand_ins[1]}</mn></math><math><mn>{stand_ins[0]}</mn></math>"
    rendered += f"<math><msup><mi>e</mi><mn>{stand_ins[2]}</mn></msup></math>"
    assert math.replace(rendered) == (
        "<math><mn>0,5</mn></math><math><mn>2</mn></math><math><msup><mi>e</mi>"
        '<mo form="prefix" lspace="0" rspace="0">\u2212</mo><mn>1,5</mn></msup></math>'
    )
    english = render(PAGE, "en")
    assert "a shift of −1.5 km:" in english


def test_a_formula_value_glued_to_other_digits_fails_the_build() -> None:
    math = MathValues()
    render(PAGE, "en", math=math)
    glued = "".join(f"<mn>{key}0</mn>" for key in math.mathml)
    with pytest.raises(ValueError, match="glued to other digits"):
        math.replace(glued)


def test_the_values_that_vary_are_marked_and_every_variant_is_attached() -> None:
    math = MathValues()
    out = render(MANY_PAGE, "de", "histograms", math)
    assert MANY.varying() == {"n", "answer"}
    # The first variant on the page; each varying value marked, in prose and in formulas.
    assert '<span class="dp-v" data-v="answer">1</span> in prose' in out
    assert "0,5 km" in out and 'data-v="epsilon"' not in out
    assert list(math.mathml.values()) == [
        '<mrow class="dp-v" data-v="n"><mn>4</mn></mrow>',
        '<mrow class="dp-v" data-v="answer"><mn>1</mn></mrow>',
    ]
    match = re.search(r' data-variants="([^"]*)"', out)
    assert match is not None and ' data-tolerance="0.01"' in out
    variants = json.loads(html.unescape(match[1]))
    assert variants == [
        {"a": 1.0, "v": {"answer": "1", "n": "4"}},
        {"a": 0.5, "v": {"answer": "0,5", "n": "8"}},
        {"a": 0.25, "v": {"answer": "0,25", "n": "16"}},
    ]


def test_the_hook_attaches_answers_code_and_the_progress_line() -> None:
    out = render(PAGE, "de")
    variants = html.escape(json.dumps([{"a": 4.0, "v": {}}], separators=(",", ":")))
    number_tag = f'<div data-kind="number" data-tolerance="0.01" data-variants="{variants}"'
    assert number_tag + ' data-exercise="scratch-scale"' in out
    assert '<div data-kind="choice" data-correct="b" data-exercise="scratch-pick"' in out
    assert '<div data-kind="bug" data-correct="line-2" data-exercise="scratch-bug"' in out
    code = '```python linenums="1"\nnoise = pool[0]\nrelease = value + noise\n```'
    assert out.index("Which line is wrong?") < out.index(code) < out.index('data-option="line-1"')
    title, _, rest = out.partition("\n\n")
    assert title == "# The Laplace mechanism"
    progress = '<p class="dp-exercise-progress" data-exercise-progress'
    assert rest.startswith(progress)
    assert 'data-ids="scratch-scale scratch-pick scratch-bug"' in rest.split("\n")[0]
    assert "3 Aufgaben" in rest.split("\n")[0]


@pytest.mark.parametrize("locale", sorted(DECIMAL_COMMA))
def test_two_decimal_values_are_never_separated_by_a_bare_comma(locale: str) -> None:
    listed = MANY_PAGE.replace("{epsilon} {unit}", "{answer}, {n} {unit}")
    with pytest.raises(PluginError, match=r"reads as one number with a decimal comma"):
        render(listed, locale, "histograms")
    separator = locales.list_separator(locale)
    fixed = listed.replace("{answer}, {n}", "{answer}" + separator + "{n}")
    assert render(fixed, locale, "histograms")
    assert render(listed, "en", "histograms")  # a decimal point: the comma lists


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("scratch-pick", "scratch-nope"), "unknown exercise id 'scratch-nope'"),
        (("scratch-scale", "scratch-other"), "belongs on releasing.md, not laplace.md"),
        (("{unit}", "{units}"), "unknown placeholder {units}"),
        (("n = {n}?", "n = {answer}?"), "scratch-pick': unknown placeholder {answer}"),
        (('<div data-part="option" data-option="b" markdown>That one.</div>', ""), "b not worded"),
        (('data-option="a"', 'data-option="c"'), "unknown or repeated option(s)"),
        (('<div data-part="hint" markdown>Think.</div>', ""), "exactly one data-part='hint'"),
        (('<div data-part="explain" markdown>Reuse.</div>', ""), "data-part='explain'"),
    ],
)
def test_the_hook_refuses_a_broken_block(change: tuple[str, str], message: str) -> None:
    old, new = change
    assert old in PAGE
    with pytest.raises(PluginError, match=re.escape(message)) as raised:
        render(PAGE.replace(old, new, 1))
    assert str(raised.value).startswith("en/laplace.md: ")


def test_the_hook_refuses_a_repeated_and_an_unclosed_block() -> None:
    twice = PAGE + PAGE[PAGE.index("<div data-exercise") :]
    with pytest.raises(PluginError, match="'scratch-scale' appears twice"):
        render(twice)
    with pytest.raises(PluginError, match="'scratch-bug': its <div> is never closed"):
        render(PAGE.rstrip().removesuffix("</div>"))


def test_a_page_without_exercises_is_left_alone() -> None:
    text = "# Title\n\nNo {exercise} here, and a brace {like this}.\n"
    assert render(text) == text


@pytest.mark.parametrize("locale", LOCALES)
def test_the_overview_links_each_chapter_with_its_total(locale: str) -> None:
    title = "Laplace mekanizması"
    chapters = [("sensitivity", "S", ["a", "b", "c"]), ("laplace", title, ["d", "e", "f", "g"])]
    overview = hook.overview([*chapters, ("x", "X", [])], locale)
    count = hook.strings(locale)["total"].format(total=4)
    colon = locales.colon(locale)  # ": ", or the full-width "：" in Chinese
    item = f'- [{title}](laplace.md){colon}<span data-exercise-count data-ids="d e f g">{count}<'
    assert item in overview
    assert overview.count("\n- [") == 2  # a chapter without exercises is not listed
    assert overview.startswith('<div class="dp-exercise-overview" data-exercise-overview markdown>')


def test_the_interface_script_carries_the_locales_strings_safely() -> None:
    script = hook.ui_script("de")
    assert script.startswith('<script type="application/json" id="dp-exercise-ui">{')
    assert '"locale": "de"' in script and '"check": "Prüfen"' in script
    assert "</" not in script.removesuffix("</script>")


def test_the_interface_script_goes_to_pages_with_exercises_only() -> None:
    config = SimpleNamespace(plugins={"i18n": SimpleNamespace(current_language="zh")})
    page = "<html><body><div data-exercise-overview></div></body></html>"
    out = hook.on_post_page(page, config=config)
    assert out.startswith(page.removesuffix("</body></html>") + hook.ui_script("zh"))
    assert out.endswith("</body></html>")
    plain = "<html><body><p>No exercise.</p></body></html>"
    assert hook.on_post_page(plain, config=config) == plain


@pytest.mark.parametrize(
    ("locale", "value", "prose", "mathml"),
    [
        ("en", 0.25, "0.25", "<mn>0.25</mn>"),
        ("zh", -1.5, "−1.5", '<mo form="prefix" lspace="0" rspace="0">−</mo><mn>1.5</mn>'),
        ("nl", 0.25, "0,25", "<mn>0,25</mn>"),
        ("tr", 12345, "12\u202f345", "<mn>12\u202f345</mn>"),
        ("tr", "ε/2", "ε/2", None),
    ],
)
def test_values_are_written_per_locale_in_prose_and_formulas(
    locale: str, value: float | str, prose: str, mathml: str | None
) -> None:
    assert exercise_blocks.written(value, locale) == prose
    if mathml is not None:
        assert exercise_blocks.math_number(prose) == mathml


@pytest.mark.parametrize(
    ("value", "text"),
    [(4.0, "4"), (0.25, "0.25"), (1e-05, "0.00001"), (-2.5, "-2.5"), (100, "100")],
)
def test_answers_are_attached_in_plain_notation(value: float, text: str) -> None:
    assert exercise_blocks.answer_text(value) == text
