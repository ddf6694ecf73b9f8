"""The site's chrome in every language: name, footer, toggles, permalinks, menus, 404 pages,
the grouped and numbered navigation, the learner's "Next" chain and the course's total time.

Expectations come from ``dplesson/locales/<locale>.yml`` and ``mkdocs.yml``; the built pages are
read with ``tests.site_soup`` (BeautifulSoup). ``<html lang>`` is ``tests/test_site_quality.py``'s,
and link targets in general are ``tests/test_links.py``'s (lychee); here the menus must lead
to the right page, which an existing but wrong target would not reveal.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from bs4 import BeautifulSoup, Comment, Tag

import chrome as chrome_hook
import course
from dplesson import locales
from tests import site_soup
from tests.conftest import IN_PROGRESS, LOCALES, ROOT
from tests.docs_sources import config, nav_sections
from tests.site_html import built_page, locale_of, locale_root
from tests.site_soup import words

MATERIAL_CREDIT = "Material for MkDocs"
#: A text with a word in it (two letters of any script), not a sign such as "·".
LETTERS = re.compile(r"[^\W\d_]{2}")


def chrome(locale: str) -> dict[str, Any]:
    return locales.section(locale, "chrome")


class Chrome:
    """The chrome of one built page: what a reader sees around the article."""

    def __init__(self, soup: BeautifulSoup) -> None:
        self.soup = soup
        self.texts = {
            "title": site_soup.first_text(soup, "title"),
            "header": site_soup.first_text(soup, ".md-header__topic"),
            "sidebar": site_soup.first_text(soup, "label.md-nav__title"),
            "licence": site_soup.first_text(soup, ".md-copyright__highlight"),
            "footer": site_soup.first_text(soup, ".md-copyright"),
            "article": site_soup.first_text(soup, "article"),
        }
        self.links = {
            name: site_soup.anchors(soup, f"a.{name}")
            for name in ("md-select__link", "md-footer__link--next", "md-footer__link--prev")
        }
        self.links["footer"] = site_soup.anchors(soup, ".md-copyright a")
        self.palette = [str(i["aria-label"]) for i in soup.select("input.md-option[aria-label]")]
        self.palette += [
            str(label.get("title", "")) for label in soup.select("label[for^=__palette_]")
        ]
        self.permalinks = [str(a.get("title", "")) for a in soup.select("a.headerlink")]
        # ("section" | "page", text) of the primary navigation, in reading order.
        self.nav = [
            ("section" if item.name == "label" else "page", site_soup.text(item))
            for item in soup.select('label.md-nav__link[id^="__nav_"], a.md-nav__link[href]')
            if item.name == "label" or "#" not in str(item["href"])
        ]

    def text(self, key: str) -> str:
        return self.texts[key]


def parse(path: Path) -> Chrome:
    return Chrome(site_soup.page(path))


def target(page: Path, href: str) -> Path:
    """The file a relative link of ``page`` opens."""
    assert href and not href.startswith(("/", "http:", "https:")), href
    found = (page.parent / href.split("#")[0]).resolve()
    return found / "index.html" if found.is_dir() else found


def page_dir(site_dir: Path, locale: str, name: str) -> Path:
    return built_page(site_dir, locale, name).parent


# --- the hook's helpers on small inputs ------------------------------------------------------


def test_time_lines_are_read_in_each_language_and_only_once() -> None:
    assert course.minutes_of("# T\n\n*Time:* about 45 minutes.\n", "en") == 45
    assert course.minutes_of("*Tijd:* ongeveer 30 minuten.", "nl") == 30
    assert course.minutes_of("*Tijd:*\u00a0ongeveer 30\u202fminuten.", "nl") == 30  # no-break
    assert course.minutes_of("*前置知识：*无。*预计用时：*约 35 分钟。", "zh") == 35
    assert course.minutes_of("*Time:* about 20 minutes.", "de") == 20  # English fallback page
    assert course.minutes_of("No time here, about 45 minutes.", "en") is None
    with pytest.raises(ValueError, match="state it once"):
        course.minutes_of("*Time:* about 4 minutes. *Time:* about 5 minutes.", "en")


def test_a_chapter_whose_time_line_does_not_parse_stops_the_build(tmp_path: Path) -> None:
    english, dutch = tmp_path / "en.md", tmp_path / "nl.md"
    english.write_text("*Time:* about 45 minutes.\n", "utf-8")
    dutch.write_text("*Tijd:* circa 45 minuten.\n", "utf-8")  # not as chrome.time_line says
    course._timed_sources[:] = [(dutch, english), (tmp_path / "none.md", tmp_path / "none.md")]
    config = SimpleNamespace(plugins={})  # no i18n plugin: the home page of the source locale
    with pytest.raises(ValueError, match="no line states the chapter's time"):
        course.on_page_markdown(course.PLACEHOLDER, page=None, config=config)
    course._timed_sources[:] = [(english, english)]
    assert "45" in course.on_page_markdown(course.PLACEHOLDER, page=None, config=config)
    course._timed_sources.clear()


@pytest.mark.parametrize("locale", LOCALES)
def test_total_time_is_written_in_hours_and_minutes(locale: str) -> None:
    template = chrome(locale)["total_time"]
    assert course.total_time(435, locale) == template.format(hours=7, minutes=15)
    assert course.total_time(60, locale) == template.format(hours=1, minutes=0)


def test_mkdocs_yml_names_the_site_as_the_english_settings_do() -> None:
    """mkdocs.yml's English name and copyright are the ones the other languages translate."""
    assert config()["site_name"] == chrome("en")["site_name"]
    assert config()["copyright"] == chrome("en")["copyright"]


class _Config:
    def __init__(self, site_url: str) -> None:
        self.site_url = site_url


def test_language_menu_links_become_paths_from_the_site_root() -> None:
    at_root, in_folder = _Config(""), _Config("https://example.org/dplesson/")
    assert chrome_hook.site_root_link("/nl/", at_root) == "nl/"
    assert chrome_hook.site_root_link("/", at_root) == "./"
    assert chrome_hook.site_root_link("/dplesson/zh/", in_folder) == "zh/"
    assert chrome_hook.site_root_link("/dplesson/", in_folder) == "./"
    assert chrome_hook.site_root_link("nl/laplace/", in_folder) == "nl/laplace/"


# --- the built site ----------------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
def test_site_name_footer_toggles_and_permalinks_are_in_the_locale(
    site_dir: Path, locale: str
) -> None:
    strings = chrome(locale)
    name = words(strings["site_name"])
    assert name != "dplesson"
    if locale != "en" and locale not in IN_PROGRESS:
        assert name != chrome("en")["site_name"]
    for page_name in ("index.md", "laplace.md", "glossary.md", "lab.ipynb"):
        path = page_dir(site_dir, locale, page_name) / "index.html"
        page = parse(path)
        assert page.text("header") == name, path
        assert page.text("sidebar") == name, path
        assert page.text("title").endswith(f" - {name}") or page.text("title") == name, path
        assert page.text("licence").startswith(words(strings["copyright"])), path
        (licence,) = page.links["footer"][:1]
        licence_file = target(path, licence["href"])
        assert licence_file == (site_dir / "LICENSE.txt").resolve(), path
        assert licence_file.read_text(encoding="utf-8") == (ROOT / "LICENSE").read_text(
            encoding="utf-8"
        )
        assert words(strings["licence_link"]) in page.text("licence"), path
        before, after = words(strings["made_with"]).split("{link}")
        footer = page.text("footer")
        assert f"{before}{MATERIAL_CREDIT}{after}".strip() in footer, (path, footer)
        assert sorted(page.palette) == sorted([strings["dark_mode"], strings["light_mode"]] * 2)
        # The search dialog is named like its field (overrides/partials/search.html).
        dialog = page.soup.select_one('div.md-search[role="dialog"]')
        field = page.soup.select_one("input.md-search__input")
        assert dialog is not None and field is not None, path
        assert dialog.get("aria-label") == field.get("aria-label") != None, path  # noqa: E711
        if page_name != "lab.ipynb":
            assert page.permalinks, path
            assert set(page.permalinks) == {strings["permalink"]}, path


#: Attributes whose text a reader meets (read aloud, or shown on hovering or in an empty field).
LABELS = ("aria-label", "title", "placeholder", "alt")


@cache
def chrome_texts(path: Path) -> frozenset[str]:
    """Every text of a page outside its article: visible text, labels, the scripts' strings.

    The table of contents' entries are left out: they are the article's headings, content.
    Cached: each English page is compared with every language's.
    """
    soup = site_soup.page(path)
    found = {words(str(v)) for k, v in site_soup.config(soup).get("translations", {}).items()}
    for tag in soup.select(f"body [{'], body ['.join(LABELS)}]"):
        if tag.find_parent("article") is None:
            found |= {words(str(tag[name])) for name in LABELS if tag.has_attr(name)}
    # One walk that skips whole subtrees (a find_parent per string was most of the time).
    stack = [(soup.body, False, False)] if soup.body else []
    while stack:
        node, in_link, in_toc = stack.pop()
        for child in node.children:
            if isinstance(child, Tag):
                if child.name not in ("article", "script", "style"):
                    toc = in_toc or "md-nav--secondary" in child.get_attribute_list("class")
                    stack.append((child, in_link or child.name == "a", toc))
            elif not isinstance(child, Comment) and not (in_link and in_toc):
                found.add(words(str(child)))
    return frozenset(text for text in found if text)


def kept_english(locale: str) -> set[str]:
    """The texts of the interface keys ``keep_english`` lists in the locale's settings file."""
    kept = set()
    for key in locales.load(locale).get("keep_english") or []:
        section, *path = key.split(".")
        value: Any = locales.section(locale, section)
        for part in path:
            value = value[part]
        kept.add(words(str(value)))
    return kept


@pytest.mark.parametrize(
    "locale", [code for code in LOCALES if code != LOCALES[0] and code not in IN_PROGRESS]
)
def test_translated_pages_show_no_english_chrome(site_dir: Path, locale: str) -> None:
    """No label, landmark name or script string around a translated page is English's.

    Each built page of a complete language is compared with its English page: a text both
    show must be a name (a language's, the repository's, Material's) or a string the settings
    file keeps in English on purpose (``keep_english``). Material's labels come from its
    language file, except those ``chrome.theme`` sets (overrides/partials/language.html). A
    language in progress may still show English strings.
    """
    names = {locales.name(code) for code in LOCALES} | {MATERIAL_CREDIT, config()["repo_name"]}
    allowed = names | kept_english(locale)
    english = [p for p in sorted(site_dir.rglob("*.html")) if locale_of(site_dir, p) == "en"]
    assert english
    found = {}
    for path in english:
        translated = locale_root(site_dir, locale) / path.relative_to(site_dir)
        if translated.is_file():
            same = chrome_texts(path) & chrome_texts(translated) - allowed
            found[str(translated.relative_to(site_dir))] = {t for t in same if LETTERS.search(t)}
    assert found and not any(found.values()), {page: t for page, t in found.items() if t}


#: Where Material writes the labels of ``chrome.theme``: a landmark's aria-label, or the
#: search script's strings (``__config``).
THEME_LABELS = {
    "header": "nav.md-header__inner",
    "footer": "nav.md-footer__inner",
    "nav": "nav.md-nav--primary",
    "search_result_one": "search.result.one",
    "search_result_other": "search.result.other",
    "search_result_none": "search.result.none",
}


def test_theme_labels_are_the_languages_own_or_materials(site_dir: Path) -> None:
    """A language's own ``chrome.theme`` labels the landmarks and counts one search result.

    Every complete language has them; one in progress may lack a label, and then shows
    Material's translation (the hook passes on only the language's own, not English's).
    """
    english = chrome("en")["theme"]
    assert set(english) == set(THEME_LABELS)
    for locale in LOCALES:
        own = (locales.load(locale).get("chrome") or {}).get("theme") or {}
        soup = site_soup.page(built_page(site_dir, locale, "laplace.md"))
        translations = site_soup.config(soup)["translations"]
        for key, where in THEME_LABELS.items():
            tag = soup.select_one(where) if where.startswith("nav.") else None
            shown = tag["aria-label"] if tag is not None else translations[where]
            if key in own:
                assert shown == own[key], (locale, key)
            elif locale not in IN_PROGRESS:
                pytest.fail(f"{locale}.yml has no chrome.theme.{key}")


@pytest.mark.parametrize("locale", LOCALES)
def test_language_menu_marks_the_current_language_with_relative_links(
    site_dir: Path, locale: str
) -> None:
    """On a home page, a chapter and a notebook page: each entry opens the same page."""
    for page_name in ("index.md", "laplace.md", "lab.ipynb"):
        path = page_dir(site_dir, locale, page_name) / "index.html"
        links = parse(path).links["md-select__link"]
        assert [link["hreflang"] for link in links] == list(LOCALES)
        current = [link["hreflang"] for link in links if link.get("aria-current") == "true"]
        assert current == [locale], path
        for link in links:
            expected = page_dir(site_dir, link["hreflang"], page_name) / "index.html"
            assert target(path, link["href"]) == expected.resolve(), (path, link)


def test_root_404_is_english_and_each_locale_has_its_own(site_dir: Path) -> None:
    for locale in LOCALES:
        path = locale_root(site_dir, locale) / "404.html"
        page = parse(path)
        strings = chrome(locale)
        title = words(f"{strings['not_found_title']} - {strings['site_name']}")
        assert page.text("title") == title, path
        assert words(strings["not_found_text"]) in page.text("article"), path
        assert page.text("header") == words(strings["site_name"]), path
        base = site_soup.config(page.soup)["base"]  # where its search looks for the locale's index
        assert (path.parent / base).resolve() == locale_root(site_dir, locale).resolve(), base
        menu = {link["hreflang"]: link["href"] for link in page.links["md-select__link"]}
        for other, href in menu.items():
            assert target(path, href) == (locale_root(site_dir, other) / "index.html").resolve()


@pytest.mark.parametrize("locale", LOCALES)
def test_navigation_is_grouped_translated_and_numbered(site_dir: Path, locale: str) -> None:
    sections = chrome(locale)["sections"]
    page = parse(locale_root(site_dir, locale) / "laplace" / "index.html")
    groups = nav_sections()
    expected_sections = [sections[title] for title, _ in groups if title]
    assert [text for kind, text in page.nav if kind == "section"] == expected_sections
    course_title, chapters = groups[1]
    assert course_title == "Course"
    titles = [text for kind, text in page.nav if kind == "page"]
    numbered = [t for t in titles if re.match(r"\d+\. ", t)]
    assert [int(t.split(".")[0]) for t in numbered] == list(range(1, len(chapters) + 1))
    for number, chapter in enumerate(chapters, start=1):
        chapter_page = parse(page_dir(site_dir, locale, chapter) / "index.html")
        assert chapter_page.text("title").startswith(f"{number}. "), (locale, chapter)


@pytest.mark.parametrize("locale", LOCALES)
def test_next_chain_runs_from_home_through_the_course_to_the_exercises(
    site_dir: Path, locale: str
) -> None:
    end = config()["extra"]["course_end"]
    expected = [name for title, names in nav_sections() for name in names]
    expected = expected[: expected.index(end) + 1]
    path = locale_root(site_dir, locale) / "index.html"
    visited = []
    while True:
        visited.append(path.resolve())
        following = parse(path).links.get("md-footer__link--next")
        if not following:
            break
        path = target(path, following[0]["href"])
        assert len(visited) < 50
    assert visited == [(page_dir(site_dir, locale, n) / "index.html").resolve() for n in expected]


def rendered_minutes(page: Chrome, locale: str) -> int | None:
    """The minutes in a built page's time line (its words, emphasis removed)."""
    for code in dict.fromkeys((locale, "en")):
        line = re.escape(words(chrome(code)["time_line"]).replace("*", ""))
        pattern = line.replace(re.escape("{minutes}"), r"(\d+)").replace(r"\ ", r"\s*")
        found = re.findall(pattern, page.text("article"))
        if found:
            return int(found[0])
    return None


def test_home_page_shows_the_sum_of_the_chapter_times(site_dir: Path) -> None:
    names = [name for _, group in nav_sections() for name in group if name.endswith(".md")]
    per_chapter: dict[str, set[int]] = {}
    for locale in LOCALES:
        total = 0
        for name in names:
            minutes = rendered_minutes(
                parse(page_dir(site_dir, locale, name) / "index.html"), locale
            )
            if minutes is not None:
                per_chapter.setdefault(name, set()).add(minutes)
                total += minutes
        home = parse(locale_root(site_dir, locale) / "index.html").text("article")
        assert total >= 8 * 30, locale
        hours, minutes = divmod(total, 60)
        shown = words(chrome(locale)["total_time"].format(hours=hours, minutes=minutes))
        assert shown in home, (locale, shown)
        assert "[[course-time]]" not in home
    timed = {name for name in names if name in per_chapter}
    assert {"anonymisation.md", "mechanisms.md", "checkpoints.md"} <= timed
    disagree = {name: found for name, found in per_chapter.items() if len(found) != 1}
    assert not disagree, disagree  # every language states the same time for a chapter


@pytest.mark.parametrize("locale", LOCALES)
def test_home_page_lists_the_chapters_as_the_sidebar_numbers_them(
    site_dir: Path, locale: str
) -> None:
    home = locale_root(site_dir, locale) / "index.html"
    listed = site_soup.article(site_soup.page(home)).find("ol")
    assert listed is not None, locale
    items = [li.find("a") for li in listed.find_all("li", recursive=False)]
    links = [(str(a["href"]), site_soup.text(a)) for a in items if a is not None]
    _, chapters = nav_sections()[1]
    assert [target(home, href) for href, _ in links] == [
        (page_dir(site_dir, locale, name) / "index.html").resolve() for name in chapters
    ]
    sidebar = [text for kind, text in parse(home).nav if kind == "page"]
    numbered = [t for t in sidebar if re.match(r"\d+\. ", t)]
    assert [f"{n}. {text}" for n, (_, text) in enumerate(links, 1)] == numbered, locale
