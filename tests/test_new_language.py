"""A new language in progress, scaffolded and partly translated on a copy: notes and banners.

This is what a volunteer does: ``translations -- new``, translate the settings file and a few
pages, mark them, build. ``tests/fixture_language.py`` makes that copy with the reserved code
``de-QQ`` (a pseudo-translation of ``index.md`` and one chapter, with a decimal comma); it keeps
``.cache`` so the notebooks are not executed again (but the English lab, changed below). The
checks: only the files a volunteer touches changed; the language is in the switcher; its
untranslated pages and notebooks show the English original inside ``<article lang="en">``
with a note in the new language, while ``<html lang>`` stays the new language's; its search
finds its own page; the package draws and checks in it.

After the file check the copy's English also changes (words of a lab notebook cell and of a
``laplace.md`` paragraph), so the same build shows the outdated note on every translated lab
and page that the report calls outdated, and none elsewhere; ``mark`` on one language's lab
then clears it for that language only. These are the banner tests on a built site (fallback
and outdated, pages and notebooks); no other test owns them.

That the whole test suite and the browser tests pass with such a language is
``python3 noxfile.py -s new_language``'s (it runs them on a copy made the same way).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest
import yaml
from bs4 import Tag
from mkdocs.config import load_config
from mkdocs.structure.files import File
from mkdocs.structure.pages import Page

from dplesson import locales
from dpsite import banners as banner_notes
from l10n import notebook_outdated_reason
from tests import fixture_language, site_soup
from tests.conftest import ROOT, UNDECLARED
from tests.l10n_project import cli, project, report

pytestmark = pytest.mark.slow  # runs first (tests/conftest.py)
#: The new language: de-QQ, or de-QR where de-QQ is a language already (on the copy that
#: ``python3 noxfile.py -s new_language`` runs the suite on).
CODE = UNDECLARED
#: The complete languages: each has its own lab and laplace.md, which the English change
#: outdates (a language in progress may have neither).
TRANSLATED = tuple(
    code
    for code in locales.locales()
    if code != locales.SOURCE and locales.state(code) == locales.COMPLETE
)
#: One English paragraph with a word changed (same lines, so only the words differ).
PARAGRAPH = ("Picture two almost identical boxes", "Picture two nearly identical boxes")
#: Words changed in the last Markdown cell of the English lab (a new cell would be drift: the
#: translations must have the same cells, and ``mark`` refuses drift).
LAB_WORDS = ("asks you to write", "invites you to write")
_LINK_TEXT = re.compile(r"\[([^\]]+)\]\(\{link\}\)")


def digests(root: Path) -> dict[str, str]:
    """SHA-256 of every project file (build caches and bytecode left out)."""
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*"))
        if path.is_file()
        and not path.is_symlink()
        and ".cache" not in path.parts
        and "__pycache__" not in path.parts
    }


def change_english(root: Path) -> None:
    """Change English words every translation follows: in a lab cell and in laplace.md."""
    lab = root / "docs" / "en" / "lab.ipynb"
    notebook = nbformat.read(lab, as_version=4)  # type: ignore[no-untyped-call]
    last = notebook.cells[-1]
    assert last.cell_type == "markdown" and LAB_WORDS[0] in last.source
    last.source = last.source.replace(*LAB_WORDS)
    lab.write_text(nbformat.writes(notebook) + "\n", encoding="utf-8")  # type: ignore[no-untyped-call]
    page = root / "docs" / "en" / "laplace.md"
    text = page.read_text(encoding="utf-8")
    assert PARAGRAPH[0] in text
    page.write_text(text.replace(*PARAGRAPH, 1), encoding="utf-8")


def banners(locale: str, root: Path = ROOT) -> dict[str, str]:
    """The notes' strings as the language's settings file writes them (not via the hook)."""
    data = yaml.safe_load((root / "dplesson" / "locales" / f"{locale}.yml").read_text("utf-8"))
    return {str(k): str(v) for k, v in data["banners"].items()}


def built(site: Path, locale: str, page: str) -> Path:
    """The HTML file of ``page`` (``laplace.md``, ``lab.ipynb``, ``index.md``) in ``locale``."""
    stem = page.rsplit(".", 1)[0]
    folder = site if locale == locales.SOURCE else site / locale
    return folder / "index.html" if stem == "index" else folder / stem / "index.html"


def notes(path: Path) -> tuple[Tag, list[Tag], list[Tag]]:
    """The article of a built page, its fallback notes and its outdated notes."""
    article = site_soup.page(path).select_one("article.md-content__inner")
    assert article is not None, path
    return (
        article,
        article.select("div.translation-fallback"),
        article.select("div.translation-outdated"),
    )


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, set[str]]:
    """The copy with the new language and two translated pages, its strict build, the changes."""
    before: dict[str, str] = {}
    root = fixture_language.make(
        tmp_path_factory.mktemp("new-language") / "project",
        edit=lambda r: before.update(digests(r)),
        code=CODE,
    )
    after = digests(root)
    changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
    change_english(root)  # after the file check: the build also shows outdated notes
    site = root.parent / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(root)},
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return root, site, changed


def test_only_the_settings_mkdocs_yml_and_the_translated_pages_changed(
    copy: tuple[Path, Path, set[str]],
) -> None:
    """One command and the translator's files; Material knows no de-QQ, so its partial too."""
    _, _, changed = copy
    assert changed == {
        f"dplesson/locales/{CODE}.yml",
        "mkdocs.yml",
        *(f"docs/{CODE}/{page}" for page in fixture_language.PAGES),
        f"overrides/partials/languages/{CODE}.html",
    }


def test_fallback_pages_and_notebooks_are_english_inside_a_page_of_the_language(
    copy: tuple[Path, Path, set[str]],
) -> None:
    root, site, _ = copy
    strings = banners(CODE, root)
    link_text = _LINK_TEXT.search(strings["fallback_text"])
    assert link_text is not None
    for page in ("laplace", "glossary", "lab", "exercises"):
        soup = site_soup.page(site / CODE / page / "index.html")
        assert soup.html is not None and soup.html.get("lang") == CODE, page
        article = soup.select_one("article.md-content__inner")
        assert article is not None and article.get("lang") == "en", page
        notes = article.select("div.translation-fallback")
        assert len(notes) == 1 and notes[0].get("lang") == CODE, page
        title = notes[0].select_one(".admonition-title")
        assert title is not None
        assert title.get_text(strip=True) == site_soup.words(strings["fallback_title"])
        link = notes[0].select_one("a[href]")
        assert link is not None and link.get_text() == link_text.group(1), page
        target = (site / CODE / page / str(link["href"])).resolve()
        assert target == (site / CODE / "translate").resolve(), page
        assert not article.select(".translation-outdated"), page  # nothing of its own outdated
    for page in fixture_language.PAGES:  # translated and marked against today's English
        path = built(site, CODE, page)
        article = site_soup.page(path).select_one("article.md-content__inner")
        assert article is not None and article.get("lang") is None, path
        assert not article.select("div.translation-fallback, div.translation-outdated"), path


def test_the_language_is_in_the_switcher_and_its_search_finds_its_page(
    copy: tuple[Path, Path, set[str]],
) -> None:
    _, site, _ = copy
    menu = site_soup.page(site / "laplace" / "index.html").select("a[hreflang]")
    assert {CODE: fixture_language.NAME}.items() <= {
        a["hreflang"]: a.get_text(strip=True) for a in menu
    }.items()
    index = json.loads((site / CODE / "search" / "search_index.json").read_text("utf-8"))
    # Material's search has German's stop words for de-QQ (the language, not the region): the
    # index never asks for a script lunr.de-QQ.min.js, which does not exist.
    assert index["config"]["lang"] == [CODE.split("-")[0]]
    word = fixture_language.pseudo("identifiers")
    hits = [doc["location"] for doc in index["docs"] if word in doc["text"]]
    # Locations are relative to the language's folder: the translated chapter and its sections.
    assert hits and all(loc.startswith("anonymisation/") for loc in hits), hits


def test_the_package_draws_and_checks_in_the_new_language(
    copy: tuple[Path, Path, set[str]],
) -> None:
    """A lab notebook of the language sets ``LANG``: the package must accept it."""
    root, _, _ = copy
    script = (
        "from dplesson import checkpoints, locales, plots\n"
        f"print(locales.locales(), locales.state({CODE!r}))\n"
        f"print(plots.format_number(-0.5, {CODE!r}), plots.font_families({CODE!r}))\n"
        f"print(checkpoints.score([], {CODE!r}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    settings = yaml.safe_load((root / "dplesson" / "locales" / f"{CODE}.yml").read_text("utf-8"))
    declared = (locales.SOURCE, *sorted({*locales.locales(), CODE} - {locales.SOURCE}))
    assert done.stdout.splitlines() == [
        f"{declared!r} {locales.IN_PROGRESS}",
        "\u22120,5 ['DejaVu Sans']",  # the language's decimal comma
        settings["checker"]["score"].format(passed=0, total=0),
    ]


def test_translated_labs_and_pages_whose_english_changed_show_the_outdated_note(
    copy: tuple[Path, Path, set[str]],
) -> None:
    _, site, _ = copy
    for locale in TRANSLATED:
        strings = banners(locale)
        link_text = _LINK_TEXT.search(strings["outdated_text"])
        assert link_text is not None, locale
        for page in ("lab.ipynb", "laplace.md"):
            path = built(site, locale, page)
            article, fallback, outdated = notes(path)
            assert article.get("lang") is None and not fallback, path  # the reader's own text
            assert len(outdated) == 1 and outdated[0].get("lang") == locale, path
            assert outdated[0].find_previous("h1") is not None, path  # under the page title
            title = outdated[0].select_one(".admonition-title")
            assert title is not None and title.get_text(strip=True) == strings["outdated_title"]
            link = outdated[0].select_one("a[href]")
            assert link is not None and link.get_text() == link_text.group(1), path
            target = (path.parent / str(link["href"])).resolve()
            assert target == (site / locale / "translate").resolve(), path
    for page in ("lab.ipynb", "laplace.md"):  # English itself carries no note
        _, fallback, outdated = notes(built(site, locales.SOURCE, page))
        assert not fallback and not outdated, page


def test_every_page_shows_exactly_the_notes_the_report_gives_it(
    copy: tuple[Path, Path, set[str]],
) -> None:
    root, site, _ = copy
    statuses = report(project(root))
    outdated = {(s.locale, s.page) for s in statuses if s.outdated and s.status != "missing"}
    assert outdated >= {(loc, p) for loc in TRANSLATED for p in ("lab.ipynb", "laplace.md")}
    assert not [s for s in statuses if s.status == "drift"]  # changed words, same structure
    assert {s.page for s in statuses if s.locale == CODE and s.status == "missing"} >= {
        "lab.ipynb",
        "laplace.md",
    }
    for item in statuses:  # counted in the raw HTML: parsing ~100 pages would take seconds
        text = built(site, item.locale, item.page).read_text(encoding="utf-8")
        # The printable edition's chapters, after its own text, carry their own notes.
        text = text.split('<section class="dp-print-chapter">', 1)[0]
        fallback = text.count('<div class="admonition info translation-fallback" lang=')
        shown = text.count('<div class="admonition warning translation-outdated" lang=')
        assert fallback == (item.status == "missing"), (item.locale, item.page)
        assert shown == ((item.locale, item.page) in outdated), (item.locale, item.page)


def _lab_page(config: Any, root: Path, locale: str) -> Page:
    """``locale``'s lab page, with ``config`` set to build ``locale`` as static-i18n does."""
    i18n: Any = config.plugins["i18n"]
    i18n.current_language = locale
    file = File(f"{locale}/lab.ipynb", str(root / "docs"), str(root / "site"), True)
    return Page(None, file, config)


def test_mark_clears_the_outdated_lab_of_one_language(copy: tuple[Path, Path, set[str]]) -> None:
    root, _, _ = copy
    hook = banner_notes
    config = load_config(str(root / "mkdocs.yml"))
    english = root / "docs" / "en" / "lab.ipynb"
    nl_lab = root / "docs" / "nl" / "lab.ipynb"
    before = nl_lab.read_bytes()
    assert hook.note(_lab_page(config, root, "nl"), config) == ("outdated", "nl", "lab.ipynb")
    try:
        assert cli(root, "mark", "nl", "lab.ipynb") == 0
        assert notebook_outdated_reason(nl_lab, english) is None
        assert hook.note(_lab_page(config, root, "nl"), config) is None
        # Other languages keep their note and their status.
        assert hook.note(_lab_page(config, root, "de"), config) == ("outdated", "de", "lab.ipynb")
        statuses = report(project(root), ["nl", "de"], ["lab.ipynb"])
        assert [(s.locale, s.status) for s in statuses] == [
            ("nl", "translated"),
            ("de", "outdated"),
        ]
    finally:
        nl_lab.write_bytes(before)  # the other tests read the build made before the mark
