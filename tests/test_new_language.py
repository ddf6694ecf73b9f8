"""A new language from the scaffold and one translated page: strict build and site checks pass.

This is what a volunteer does (issue 12): ``translations -- new fr "Français"``, translate the
notes of the settings file and ``index.md``, build. The copy keeps ``.cache`` so the notebooks
are not executed again. The checks: only three files changed; French is in the language menu;
its untranslated pages and notebooks show the English original inside ``<article lang="en">``
with a French note, while ``<html lang="fr">`` stays; French search finds the French page; and
the locale-parametrised site tests pass when run on the copy (they read the locale list and the
``in progress`` state from the copy's settings files).
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

import pytest

from tests import html
from tests.conftest import DOCS, ROOT

sys.path.insert(0, str(DOCS / "hooks"))
from l10n.scaffold import new_language

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
    after = digests(root)
    changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
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
    home = html.page(site / "fr" / "index.html")
    article = home.select_one("article.md-content__inner")
    assert article is not None and article.get("lang") is None
    assert not home.select("div.translation-fallback")
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
        env={**os.environ, "DPLESSON_SITE_DIR": str(site), "PYTHONPATH": str(root)},
    )
    assert done.returncode == 0, done.stdout[-6000:]
    assert " passed" in done.stdout


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
