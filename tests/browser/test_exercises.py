"""Every exercise of every locale answered in Chromium: wrong, malformed, right, remembered.

One page load per chapter and locale; the answers are driven inside one ``page.evaluate``
through the controls a reader uses (type or pick, then the Check button), and the feedback
is compared with the locale's strings in ``docs/l10n/<locale>.yml``. The chapter's progress
line and the home page's overview are read after a reload; Reset clears them. With
``localStorage`` throwing, the exercises still answer and a note says progress is not kept.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import pytest

from dplesson.exercises import catalogue
from tests.browser.conftest import Visit
from tests.browser.site_pages import locale_path
from tests.conftest import DOCS, LOCALES

if str(DOCS / "hooks") not in sys.path:
    sys.path.insert(0, str(DOCS / "hooks"))

import exercise_blocks
import locale_settings

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

KEY = "dplesson-exercises"
# Answer every exercise of the page: a wrong answer, (numbers) a malformed one, then the right
# one; return what the page showed after each step. The right number is typed from the
# element's data-answer, written with the locale's decimal sign.
ANSWER_ALL = """([decimal]) => {
  const seen = (root) => ({
    state: root.getAttribute('data-state'),
    feedback: root.querySelector('[role=status]').textContent.trim(),
    explained: !root.querySelector('[data-part=explain]').hidden,
  });
  return [...document.querySelectorAll('[data-exercise]')].map((root) => {
    const check = root.querySelector('button[type=submit]');
    const hintButton = root.querySelector('button[aria-controls]');
    const hint = root.querySelector('[data-part=hint]');
    const before = {hintHidden: hint.hidden};
    hintButton.click();
    before.hintShown = !hint.hidden && hintButton.getAttribute('aria-expanded') === 'true';
    before.explained = !root.querySelector('[data-part=explain]').hidden;
    const out = {id: root.getAttribute('data-exercise'), kind: root.dataset.kind, before};
    if (root.dataset.kind === 'number') {
      const input = root.querySelector('input[inputmode=decimal]');
      out.label = root.querySelector(`label[for="${input.id}"]`).textContent;
      out.answer = root.dataset.answer;
      const answer = Number(root.dataset.answer);
      const tolerance = Number(root.dataset.tolerance);
      input.value = String(answer + 2 * tolerance + 1).replace('.', decimal);
      check.click();
      out.wrong = seen(root);
      input.value = '1.2.3';
      check.click();
      out.malformed = seen(root);
      out.invalid = [input.getAttribute('aria-invalid')];
      input.value = ' ' + root.dataset.answer.replace('-', '\\u2212').replace('.', decimal) + ' ';
      check.click();
      out.right = seen(root);
      out.invalid.push(input.getAttribute('aria-invalid'));
    } else {
      const radios = [...root.querySelectorAll('fieldset input[type=radio]')];
      out.legend = root.querySelector('fieldset > legend').textContent;
      out.options = radios.map((radio) => radio.value);
      out.labelled = radios.every((radio) =>
        root.querySelector(`label[for="${radio.id}"]`).textContent.trim() !== '');
      out.correct = root.dataset.correct;
      radios.find((radio) => radio.value !== root.dataset.correct).click();
      check.click();
      out.wrong = seen(root);
      radios.find((radio) => radio.value === root.dataset.correct).click();
      check.click();
      out.right = seen(root);
    }
    return out;
  });
}"""
PROGRESS = (
    "() => [...document.querySelectorAll('[data-exercise-progress]')].map(p => p.textContent)"
)
OVERVIEW = """() => [...document.querySelectorAll('[data-exercise-count]')].map(
  (span) => [span.closest('li').querySelector('a').getAttribute('href'), span.textContent])"""
MALFORMED = ["1.2.3", "abc", "1,000.5", "", "  ", "1e3", "--1", "1,", "½"]
WELL_FORMED = ["0.25", "0,25", "-1,5", "\u22121.5", " 2 ", ".5", "+3"]
# Type each text into one number exercise and check it; the state each answer left.
TRY_INPUTS = """([id, texts]) => {
  const root = document.querySelector(`[data-exercise="${id}"]`);
  const input = root.querySelector('input[inputmode=decimal]');
  return texts.map((text) => {
    input.value = text;
    root.querySelector('button[type=submit]').click();
    return root.getAttribute('data-state');
  });
}"""
BLOCK_STORAGE = """Object.defineProperty(window, 'localStorage', {
  configurable: true, get() { throw new DOMException('blocked by the test', 'SecurityError'); },
});"""


def strings(locale: str) -> dict[str, str]:
    return {k: str(v) for k, v in locale_settings.section(locale, "exercises").items()}


def check_answers(results: list[dict[str, Any]], stem: str, locale: str) -> None:
    """Compare what the page showed with the catalogue and the locale's strings."""
    words = strings(locale)
    example = f"0{locale_settings.decimal(locale)}25"
    expected = catalogue.for_chapter(stem)
    assert sorted(r["id"] for r in results) == sorted(e.id for e in expected), stem
    for result in results:
        exercise = catalogue.by_id(result["id"])
        where = f"{locale}/{stem}: {exercise.id}"
        assert result["kind"] == exercise.kind, where
        assert result["before"] == {"hintHidden": True, "hintShown": True, "explained": False}
        assert result["wrong"] == {"state": "wrong", "feedback": words["wrong"], "explained": True}
        assert result["right"] == {"state": "right", "feedback": words["right"], "explained": True}
        if exercise.kind == "number":
            assert exercise.answer is not None
            assert result["answer"] == exercise_blocks.answer_text(exercise.answer), where
            assert result["label"] == words["answer_label"]
            malformed = words["malformed"].format(example=example)
            assert result["malformed"]["state"] == "malformed", where
            assert result["malformed"]["feedback"] == malformed, where
            assert result["invalid"] == ["true", None], where  # marked, then cleared
        else:
            assert result["options"] == list(exercise.options), where
            assert result["correct"] == exercise.correct and result["labelled"], where
            assert result["legend"] == words["choose_legend"]


def open_page(page: Page, base_url: str, locale: str, path: str) -> None:
    """Open ``path`` of ``locale``; the exercises are ready once the document is parsed."""
    page.goto(f"{base_url}/{locale_path(locale, path)}", wait_until="domcontentloaded")


def progress(locale: str, done: int, total: int) -> str:
    return strings(locale)["progress"].format(done=done, total=total)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_exercise_answers_and_progress_is_remembered(visit: Visit, locale: str) -> None:
    page = visit.page
    decimal = locale_settings.decimal(locale)
    chapters = [s for s in catalogue.CHAPTERS if catalogue.for_chapter(s)]
    assert chapters, "no exercises in the catalogue"
    for stem in chapters:
        open_page(page, visit.base_url, locale, stem + "/")
        total = len(catalogue.for_chapter(stem))
        assert page.evaluate(PROGRESS) == [progress(locale, 0, total)], stem
        check_answers(page.evaluate(ANSWER_ALL, [decimal]), stem, locale)
        assert page.evaluate(PROGRESS) == [progress(locale, total, total)], stem
    # Enter in the answer field submits, like the Check button.
    first = next(e for s in chapters for e in catalogue.for_chapter(s) if e.kind == "number")
    open_page(page, visit.base_url, locale, first.chapter + "/")
    total = len(catalogue.for_chapter(first.chapter))
    assert page.evaluate(PROGRESS) == [progress(locale, total, total)]  # after a reload
    field = page.locator(f'[data-exercise="{first.id}"] input[inputmode=decimal]')
    field.fill("abc")
    field.press("Enter")
    block = page.locator(f'[data-exercise="{first.id}"]')
    assert block.get_attribute("data-state") == "malformed"
    assert page.locator(".dp-exercise-note").count() == 0
    states = page.evaluate(TRY_INPUTS, [first.id, [*MALFORMED, *WELL_FORMED]])
    assert states[: len(MALFORMED)] == ["malformed"] * len(MALFORMED), states
    assert all(state in {"right", "wrong"} for state in states[len(MALFORMED) :]), states
    assert first.answer is not None
    field.fill(locale_settings.format_number(first.answer, locale))
    field.press("Enter")
    assert block.get_attribute("data-state") == "right"
    # The home page's overview: every chapter answered; Reset clears only this site's key.
    page.evaluate("localStorage.setItem('another-site-key', '1')")
    open_page(page, visit.base_url, locale, "")
    overview = page.evaluate(OVERVIEW)
    words = strings(locale)
    assert [href.rstrip("/") for href, _ in overview] == chapters
    for (href, text), stem in zip(overview, chapters, strict=True):
        n = len(catalogue.for_chapter(stem))
        assert text == words["overview_count"].format(done=n, total=n), href
    page.get_by_role("button", name=words["reset"]).click()
    assert page.get_by_role("status").filter(has_text=words["reset_done"]).count() == 1
    assert [t for _, t in page.evaluate(OVERVIEW)] == [
        words["overview_count"].format(done=0, total=len(catalogue.for_chapter(s)))
        for s in chapters
    ]
    assert page.evaluate(f"localStorage.getItem('{KEY}')") is None
    assert page.evaluate("localStorage.getItem('another-site-key')") == "1"
    assert not [url for url in visit.requests if not url.startswith(visit.base_url)]


@pytest.mark.parametrize("locale", LOCALES)
def test_exercises_work_without_storage_and_say_so(
    browser: Browser, base_url: str, locale: str
) -> None:
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(error.message))
    page.add_init_script(BLOCK_STORAGE)
    stem = next(s for s in catalogue.CHAPTERS if catalogue.for_chapter(s))
    open_page(page, base_url, locale, stem + "/")
    note = page.locator(".dp-exercise-note")
    assert note.count() == 1 and note.is_visible()
    assert note.text_content() == strings(locale)["storage_unavailable"]
    check_answers(page.evaluate(ANSWER_ALL, [locale_settings.decimal(locale)]), stem, locale)
    total = len(catalogue.for_chapter(stem))
    assert page.evaluate(PROGRESS) == [progress(locale, total, total)]  # for this page view
    open_page(page, base_url, locale, "")
    assert page.locator(".dp-exercise-note").count() == 1
    context.close()
    # Material's own inline scripts read localStorage unguarded; nothing else may fail.
    assert set(errors) <= {"blocked by the test"}, errors


def test_the_chapter_progress_sits_under_the_title(visit: Visit) -> None:
    stem = next(s for s in catalogue.CHAPTERS if catalogue.for_chapter(s))
    open_page(visit.page, visit.base_url, "en", f"{stem}/")
    following = visit.page.evaluate(
        "() => { let n = document.querySelector('article h1').nextElementSibling;"
        " while (n && !n.matches('[data-exercise-progress]') && n.tagName !== 'H2')"
        " n = n.nextElementSibling; return n && n.tagName; }"
    )
    assert following == "P"
