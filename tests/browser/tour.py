"""One reader's tour of a locale on a phone in the dark scheme, recorded for many tests.

The tour opens each page once: the home page (palette toggle, footer, licence), then the
"Next" chain to the end of the course, answering every exercise on the way and measuring
figures and formulas where a page has them; the glossary; a chapter again after a reload
(progress remembered, Enter submits); the home page's overview and Reset; the 404 page.
What it sees is kept in a :class:`Tour`; test_chrome.py, test_figures.py, test_formulas.py,
test_exercises.py and test_explorer.py assert on it. Script errors fail every one of those
tests. Pages are read once their document is parsed: the site's scripts have run by then
(they sit at the end of the body), fonts are awaited explicitly and widgets by their
``dp-ready`` mark.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import urljoin, urlparse

from dplesson import locales
from dplesson.exercises import catalogue
from tests.browser.exercise_js import (
    ANSWER_ALL,
    COURSE,
    KEY,
    OVERVIEW,
    PROGRESS,
    SEED_SCRIPT,
    SNAPSHOT,
    STRATEGIES,
    SWEEP_VARIANTS,
    TRY_INPUTS,
)
from tests.browser.figure_js import EXPLORER, FORMULA, MARKS, PRIME, SIZES
from tests.conftest import ROOT
from tests.docs_sources import chapters, config, nav_files, placed_figures

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

PHONE = {"width": 390, "height": 844}
PARSED: Final = "domcontentloaded"  # see the module docstring
SHOTS = ROOT / ".cache" / "formulas"
PALETTE_LABEL = "form[data-md-component=palette] label.md-header__button:visible"
#: name -> (page, a character that only that display formula of the page holds)
FORMULAS = {
    "dp-definition": ("glossary.md", "\u2208"),  # Pr[M(D) ∈ S] ≤ e^ε Pr[M(D′) ∈ S]
    "pointwise-bound": ("laplace.md", "\u2264"),  # |ℓ_D(z) − ℓ_D′(z)| ≤ |μ − μ′|/s ≤ ε
    "mean-distance": ("laplace.md", "\U0001d53c"),  # 𝔼|Z − μ| = s
    "sum": ("composition.md", "\u2211"),  # E = Σ ε_j
    "calibration": ("checkpoints.md", "\u03b5"),  # sensitivity = …, scale = sensitivity/ε
}
MALFORMED = ["1.2.3", "abc", "", "  ", "--1", "1,", "½", "12 34", "1,2,3,4"]
WELL_FORMED = [
    "0.25",
    "0,25",
    "-1,5",
    "\u22121.5",
    " 2 ",
    ".5",
    "+3",
    "1e3",
    "12 345",
    "\uff11\u3002\uff15",
]


def site_path(locale: str, name: str) -> str:
    """``laplace.md`` in nl → ``/nl/laplace/``; ``index.md`` in en → ``/``."""
    stem = name.rsplit(".", 1)[0]
    route = "" if stem == "index" else f"{stem}/"
    return f"/{route}" if locale == "en" else f"/{locale}/{route}"


def exercise_chapters() -> list[str]:
    """The chapters (stems) that hold exercises, in the course's order."""
    return [s for s in chapters() if s in catalogue.CHAPTERS and catalogue.for_chapter(s)]


@dataclass
class Tour:
    """What the tour of one locale saw; each field is read by the tests named in it."""

    locale: str
    expected_chain: list[str]
    chain: list[str] = field(default_factory=list)  # test_chrome: Next
    next_at_end: int = -1
    palette: dict[str, Any] = field(default_factory=dict)  # test_chrome: palette, footer
    footer: dict[str, Any] = field(default_factory=dict)
    not_found: dict[str, Any] = field(default_factory=dict)  # test_chrome: 404
    figures: dict[str, dict[str, Any]] = field(default_factory=dict)  # test_figures
    formulas: dict[str, dict[str, Any]] = field(default_factory=dict)  # test_formulas
    prime: dict[str, Any] = field(default_factory=dict)  # test_formulas (the glossary's D′)
    explorer: dict[str, Any] = field(default_factory=dict)  # test_explorer: on a phone
    exercises: dict[str, dict[str, Any]] = field(default_factory=dict)  # test_exercises
    remembered: dict[str, Any] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)


def take_tour(browser: Browser, base_url: str, locale: str) -> Tour:
    """Walk ``locale`` once in a fresh phone-sized, dark context; see the module docstring."""
    end = config()["extra"]["course_end"]
    names = list(nav_files())
    chain = names[: names.index(end) + 1]
    tour = Tour(locale, [site_path(locale, name) for name in chain])
    context = browser.new_context(viewport=PHONE, color_scheme="dark")  # type: ignore[arg-type]
    context.add_init_script(SEED_SCRIPT)  # the same shuffles and numbers in every run
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: tour.errors.append(str(error)))
        page.on("request", lambda request: tour.requests.append(request.url))
        page.goto(base_url + tour.expected_chain[0], wait_until=PARSED)
        _home(page, tour)
        for name in chain:  # stops early where Next is missing; no further than the end
            tour.chain.append(urlparse(page.url).path)
            _on_page(page, tour, name)
            following = page.locator("a.md-footer__link--next")
            if not following.count() or name == end:
                break
            following.click()
            page.wait_for_load_state(PARSED)
        tour.next_at_end = page.locator("a.md-footer__link--next").count()
        page.goto(base_url + site_path(locale, "glossary.md"), wait_until=PARSED)
        _on_page(page, tour, "glossary.md")
        _remembered(page, base_url, tour)
        _not_found(page, base_url, tour)
    finally:
        context.close()
    return tour


def _home(page: Page, tour: Tour) -> None:
    """The palette toggle's tooltips in both schemes, the footer and its licence link."""
    label = page.locator(PALETTE_LABEL)
    scheme = "document.body.dataset.mdColorScheme"
    tour.palette = {"count": label.count(), "scheme": page.evaluate(scheme)}
    tour.palette["title"] = label.get_attribute("title")
    label.click()
    tour.palette["toggled"] = page.evaluate(scheme)
    tour.palette["toggled_title"] = page.locator(PALETTE_LABEL).get_attribute("title")
    page.locator(PALETTE_LABEL).click()  # back to dark for the rest of the tour
    tour.palette["back"] = page.evaluate(scheme)
    words = locales.section(tour.locale, "chrome")
    licence = page.get_by_role("link", name=words["licence_link"])
    response = page.request.get(urljoin(page.url, licence.get_attribute("href") or ""))
    tour.footer = {
        "text": " ".join(page.locator(".md-copyright").inner_text().split()),
        "licence_ok": response.ok,
        "licence_text": response.text(),
        "title": page.title(),
    }


def _on_page(page: Page, tour: Tour, name: str) -> None:
    """Measure what this page holds: figures, formulas, exercises."""
    stem = name.rsplit(".", 1)[0]
    page.evaluate("document.fonts.ready")
    if stem in placed_figures():
        tour.figures[stem] = {
            "scheme": page.evaluate("document.body.getAttribute('data-md-color-scheme')"),
            "marks": page.evaluate(MARKS),
            "sizes": page.evaluate(SIZES),
        }
    for formula, (source, char) in FORMULAS.items():
        if source == name:
            tour.formulas[formula] = _formula(page, tour.locale, formula, char)
    if name == "glossary.md":
        tour.prime = page.evaluate(PRIME)
    if page.locator(".dp-explorer").count():
        page.locator(".dp-explorer").scroll_into_view_if_needed()
        page.wait_for_selector(".dp-explorer.dp-ready svg text")
        tour.explorer = page.evaluate(EXPLORER)
    if stem in exercise_chapters():
        tour.exercises[stem] = {
            "before": page.evaluate(PROGRESS),
            "results": page.evaluate(ANSWER_ALL, list(STRATEGIES)),
            "after": page.evaluate(PROGRESS),
            "sweep": page.evaluate(SWEEP_VARIANTS),
            "final": page.evaluate(PROGRESS),
            "snapshot": page.evaluate(SNAPSHOT),
        }
        if stem == exercise_chapters()[0]:
            tour.exercises[stem]["under_title"] = page.evaluate(
                "() => { let n = document.querySelector('article h1').nextElementSibling;"
                " while (n && !n.matches('[data-exercise-progress]') && n.tagName !== 'H2')"
                " n = n.nextElementSibling; return n && n.tagName; }"
            )


def _formula(page: Page, locale: str, name: str, char: str) -> dict[str, Any]:
    """Width of the page, the formula's box and font, and a light-scheme screenshot."""
    formula = page.locator("article .dp-math").filter(has_text=char).first
    formula.scroll_into_view_if_needed()
    seen: dict[str, Any] = page.evaluate(FORMULA, char)
    seen["box"] = formula.bounding_box()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'default')")
    seen["image"] = formula.screenshot(path=str(SHOTS / f"{locale}-{name}.png"))
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
    return seen


def _remembered(page: Page, base_url: str, tour: Tour) -> None:
    """After a reload: progress kept, Enter submits, every input shape; overview and Reset."""
    chapters = exercise_chapters()
    first = next(e for s in chapters for e in catalogue.for_chapter(s) if e.kind == "number")
    page.goto(base_url + site_path(tour.locale, first.chapter + ".md"), wait_until=PARSED)
    seen: dict[str, Any] = {"chapter": first.chapter, "id": first.id}
    seen["progress"] = page.evaluate(PROGRESS)
    seen["snapshot"] = page.evaluate(SNAPSHOT)
    field = page.locator(f'[data-exercise="{first.id}"] input[inputmode=decimal]')
    block = page.locator(f'[data-exercise="{first.id}"]')
    field.fill("abc")
    field.press("Enter")
    seen["enter"] = block.get_attribute("data-state")
    seen["notes"] = page.locator(".dp-exercise-note").count()
    seen["states"] = page.evaluate(TRY_INPUTS, [first.id, [*MALFORMED, *WELL_FORMED]])
    answer = first.variants[int(block.get_attribute("data-variant") or "0")].answer
    assert answer is not None
    field.fill(locales.format_number(answer, tour.locale))
    field.press("Enter")
    seen["right"] = block.get_attribute("data-state")
    seen["progress_after"] = page.evaluate(PROGRESS)
    page.evaluate("localStorage.setItem('another-site-key', '1')")
    page.goto(base_url + site_path(tour.locale, "index.md"), wait_until=PARSED)
    seen["overview"] = page.evaluate(OVERVIEW)
    seen["course"] = page.evaluate(COURSE)
    words = locales.section(tour.locale, "exercises")
    page.get_by_role("button", name=str(words["reset"])).click()
    done = page.get_by_role("status").filter(has_text=str(words["reset_done"]))
    seen["reset_done"] = done.count()
    seen["overview_after"] = page.evaluate(OVERVIEW)
    seen["course_after"] = page.evaluate(COURSE)
    seen["key"] = page.evaluate(f"localStorage.getItem('{KEY}')")
    seen["other_key"] = page.evaluate("localStorage.getItem('another-site-key')")
    tour.remembered = seen


def _not_found(page: Page, base_url: str, tour: Tour) -> None:
    """The locale's 404 page: language, title, heading, links that answer, the way home."""
    folder = "" if tour.locale == "en" else f"{tour.locale}/"
    page.goto(f"{base_url}/{folder}404.html", wait_until=PARSED)
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
    local = sorted({h.split("#")[0] for h in hrefs if h.startswith(base_url)})
    seen: dict[str, Any] = {
        "lang": page.evaluate("document.documentElement.lang"),
        "title": page.title(),
        "h1": page.locator("article h1").inner_text().strip(),
        "links": local,
        "broken": [h for h in local if not page.request.get(h).ok],
    }
    page.get_by_role("link", name=locales.section(tour.locale, "chrome")["not_found_home"]).click()
    page.wait_for_load_state(PARSED)
    seen["home"] = urlparse(page.url).path
    seen["home_lang"] = page.evaluate("document.documentElement.lang")
    tour.not_found = seen
