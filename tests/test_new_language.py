"""A new language from the scaffold and one translated page: strict build and site checks pass.

This is what a volunteer does (issue 12): ``translations -- new fr "Français"``, translate the
notes of the settings file and ``index.md``, build. The copy keeps ``.cache`` so the notebooks
are not executed again (but the English lab, changed below). The checks: only three files
changed; French is in the language menu; its untranslated pages and notebooks show the English
original inside ``<article lang="en">`` with a French note, while ``<html lang="fr">`` stays;
French search finds the French page; and the site tests pass when run on the copy (they read
the locale list and the ``in progress`` state from the copy's settings files): those that walk
every page, and the locale-parametrised ones for French (``DPLESSON_TEST_LOCALES``; the other
locales' have run on ``site/``).

After the three-file check the copy's English also changes (words of a lab notebook cell and
of a ``laplace.md`` paragraph), so the same build shows the outdated note on every translated
lab and page that the report calls outdated, and none elsewhere; ``mark`` on one language's
lab then clears it for that language only. These are the banner tests on a built site
(fallback and outdated, pages and notebooks); no other test owns them.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
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
from l10n.scaffold import new_language
from tests import html
from tests.conftest import ROOT
from tests.l10n_project import cli, project, report

FIXTURE = ROOT / "tests" / "fixtures" / "new_language" / "index.fr.md"
SKIP = shutil.ignore_patterns(
    ".git", ".nox", "site", "node_modules", ".*_cache", ".hypothesis", "*.egg-info", "__pycache__"
)
#: The French a translator puts in the settings file first: the notes readers see.
FRENCH = {
    "fallback_title": "Pas encore traduit",
    "fallback_text": "Cette page n’est pas encore disponible en français : vous lisez "
    "l’original anglais. [Aidez à la traduire]({link}).",
    "outdated_title": "Traduction peut-être dépassée",
    "outdated_text": "L’original anglais de cette page a changé depuis la dernière relecture "
    "de cette traduction. [Aidez à la mettre à jour]({link}).",
}
DESCRIPTION = "Une leçon multilingue et exécutable sur la confidentialité différentielle."
#: The complete languages: each has its own lab and laplace.md, which the English change outdates.
TRANSLATED = tuple(code for code in locales.locales() if code != locales.SOURCE)
#: One English paragraph with a word changed (same lines, so only the words differ).
PARAGRAPH = ("Picture two almost identical boxes", "Picture two nearly identical boxes")
#: Words changed in the last Markdown cell of the English lab (a new cell would be drift: the
#: translations must have the same cells, and ``mark`` refuses drift).
LAB_WORDS = ("asks you to write", "invites you to write")
_LINK_TEXT = re.compile(r"\[([^\]]+)\]\(\{link\}\)")
#: The site tests run on the copy: each is parametrised by locale or walks every locale.
SITE_TESTS = (
    "tests/test_site.py",
    "tests/test_site_quality.py",
    "tests/test_chrome.py",
    "tests/test_links.py",
    "tests/test_notebook_site.py",
    "tests/test_downloads.py",
    "tests/test_widgets.py",
    "tests/test_figures.py",
    "tests/test_affordable.py",
    "tests/test_mathml.py",
)


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


def translate_notes(settings: Path) -> None:
    """Replace the English notes and description that the scaffold copied by French ones."""
    text = settings.read_text(encoding="utf-8")
    for key, value in {**FRENCH, "site_description": DESCRIPTION}.items():
        line = f"{key}: {json.dumps(value, ensure_ascii=False)}"
        text, count = re.subn(rf"^(\s*){key}: .*$", rf"\g<1>{line}", text, flags=re.M)
        assert count == 1, key
    settings.write_text(text, encoding="utf-8")


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


def banners(locale: str) -> dict[str, str]:
    """The notes' strings as the language's settings file writes them (not via the hook)."""
    data = yaml.safe_load((ROOT / "dplesson" / "locales" / f"{locale}.yml").read_text("utf-8"))
    return {str(k): str(v) for k, v in data["banners"].items()}


def built(site: Path, locale: str, page: str) -> Path:
    """The HTML file of ``page`` (``laplace.md``, ``lab.ipynb``, ``index.md``) in ``locale``."""
    stem = page.rsplit(".", 1)[0]
    folder = site if locale == locales.SOURCE else site / locale
    return folder / "index.html" if stem == "index" else folder / stem / "index.html"


def notes(path: Path) -> tuple[Tag, list[Tag], list[Tag]]:
    """The article of a built page, its fallback notes and its outdated notes."""
    article = html.page(path).select_one("article.md-content__inner")
    assert article is not None, path
    return (
        article,
        article.select("div.translation-fallback"),
        article.select("div.translation-outdated"),
    )


@pytest.fixture(scope="module")
def french(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, set[str]]:
    """The copy with French scaffolded and index.md translated, its strict build, the changes."""
    root = tmp_path_factory.mktemp("new-language") / "project"
    shutil.copytree(ROOT, root, ignore=SKIP, symlinks=True)
    before = digests(root)
    checklist = new_language(root, "fr", "Français")
    assert checklist and "fr" in checklist[0]
    translate_notes(root / "dplesson" / "locales" / "fr.yml")
    shutil.copyfile(FIXTURE, root / "docs" / "fr" / "index.md")
    # As the guide asks once a translation is reviewed: record the English it follows.
    assert cli(root, "mark", "fr", "index.md") == 0
    after = digests(root)
    changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
    change_english(root)  # after the three-file check: the build also shows outdated notes
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


def test_only_the_settings_file_mkdocs_yml_and_the_page_changed(
    french: tuple[Path, Path, set[str]],
) -> None:
    _, _, changed = french
    assert changed == {"dplesson/locales/fr.yml", "mkdocs.yml", "docs/fr/index.md"}


def test_fallback_pages_and_notebooks_are_english_inside_a_french_page(
    french: tuple[Path, Path, set[str]],
) -> None:
    _, site, _ = french
    for page in ("laplace", "glossary", "lab", "exercises"):
        soup = html.page(site / "fr" / page / "index.html")
        assert soup.html is not None and soup.html.get("lang") == "fr", page
        article = soup.select_one("article.md-content__inner")
        assert article is not None and article.get("lang") == "en", page
        notes = article.select("div.translation-fallback")
        assert len(notes) == 1 and notes[0].get("lang") == "fr", page
        title = notes[0].select_one(".admonition-title")
        assert title is not None and title.get_text(strip=True) == FRENCH["fallback_title"]
        link = notes[0].select_one("a[href]")
        assert link is not None and link.get_text() == "Aidez à la traduire", page
        target = (site / "fr" / page / str(link["href"])).resolve()
        assert target == (site / "fr" / "translate").resolve(), page
        assert not article.select(".translation-outdated"), page  # no French to be outdated
    home = html.page(site / "fr" / "index.html")
    article = home.select_one("article.md-content__inner")
    assert article is not None and article.get("lang") is None
    assert not home.select("div.translation-fallback")
    assert not home.select("div.translation-outdated")  # marked against today's English
    assert "Avant de commencer" in article.get_text()


def test_french_is_in_the_switcher_and_its_search_finds_the_french_page(
    french: tuple[Path, Path, set[str]],
) -> None:
    _, site, _ = french
    menu = html.page(site / "laplace" / "index.html").select("a[hreflang]")
    assert {"fr": "Français"}.items() <= {
        a["hreflang"]: a.get_text(strip=True) for a in menu
    }.items()
    index = json.loads((site / "fr" / "search" / "search_index.json").read_text("utf-8"))
    assert index["config"]["lang"] == ["fr"]
    hits = [doc["location"] for doc in index["docs"] if "confidentialité" in doc["text"]]
    # Locations are relative to fr/: the French home page and its sections.
    assert hits and all(loc == "" or loc.startswith("#") for loc in hits), hits
    description = html.page(site / "fr" / "index.html").select_one('meta[name="description"]')
    assert description is not None and description["content"] == DESCRIPTION


def test_the_site_tests_pass_on_the_new_language(french: tuple[Path, Path, set[str]]) -> None:
    root, site, _ = french
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *SITE_TESTS],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
        env={
            **os.environ,
            "DPLESSON_SITE_DIR": str(site),
            "PYTHONPATH": str(root),
            "DPLESSON_TEST_LOCALES": "fr",  # the other locales' pages were checked on site/
        },
    )
    assert done.returncode == 0, done.stdout[-6000:]
    assert " passed" in done.stdout and " deselected" in done.stdout


def test_the_package_draws_and_checks_in_the_new_language(
    french: tuple[Path, Path, set[str]],
) -> None:
    """A French lab notebook sets ``LANG = "fr"``: the package must accept it (issue 12)."""
    root, _, _ = french
    script = (
        "from dplesson import checkpoints, locales, plots\n"
        "print(locales.locales(), locales.state('fr'))\n"
        "print(plots.format_number(-0.5, 'fr'), plots.font_families('fr'))\n"
        "print(checkpoints.score([], 'fr'))\n"
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
    assert done.stdout.splitlines() == [
        "('en', 'de', 'fr', 'nl', 'tr', 'zh') in progress",
        "\u22120.5 ['DejaVu Sans']",
        "Score: 0/0",
    ]


def test_translated_labs_and_pages_whose_english_changed_show_the_outdated_note(
    french: tuple[Path, Path, set[str]],
) -> None:
    _, site, _ = french
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
    french: tuple[Path, Path, set[str]],
) -> None:
    root, site, _ = french
    statuses = report(project(root))
    outdated = {(s.locale, s.page) for s in statuses if s.outdated and s.status != "missing"}
    assert outdated >= {(loc, p) for loc in TRANSLATED for p in ("lab.ipynb", "laplace.md")}
    assert not [s for s in statuses if s.status == "drift"]  # changed words, same structure
    assert {s.page for s in statuses if s.locale == "fr" and s.status == "missing"} >= {
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


def test_mark_clears_the_outdated_lab_of_one_language(french: tuple[Path, Path, set[str]]) -> None:
    root, _, _ = french
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
