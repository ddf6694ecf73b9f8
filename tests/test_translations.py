"""The translator workflow: status report, source records, structural parity, glossary, banners.

Most tests work on a copy of docs/ and mkdocs.yml in a temporary directory, break one thing and
check that the report names it; a few build such a copy and read the HTML.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import unicodedata
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import DOCS, LOCALES, ROOT

HOOKS = DOCS / "hooks"
if str(HOOKS) not in sys.path:
    sys.path.insert(0, str(HOOKS))

import translation_banners  # noqa: E402
import translations  # noqa: E402

TRANSLATED = LOCALES[1:]
GIT_NO_SIGN = ("-c", "commit.gpgsign=false")
KEY_TERMS = {
    "differential-privacy",
    "sensitivity",
    "privacy-budget",
    "scale",
    "neighbouring-datasets",
    "privacy-unit",
    "composition",
}


# --- helpers ------------------------------------------------------------------------------


def copy_project(target: Path) -> Path:
    """Copy docs/ and mkdocs.yml into ``target``; link what else the snippets may include."""
    shutil.copytree(DOCS, target / "docs", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "mkdocs.yml", target / "mkdocs.yml")
    for entry in ROOT.iterdir():
        if entry.name not in {"docs", "mkdocs.yml", "site"} and not entry.name.startswith("."):
            (target / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return target


def run_cli(root: Path, *args: str) -> int:
    return translations.main(["--config", str(root / "mkdocs.yml"), *args])


def status_of(root: Path, locale: str, page: str) -> translations.PageStatus:
    project = translations.load_project(root / "mkdocs.yml")
    (found,) = translations.report(project, [locale], [page])
    return found


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= count, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def mark_in_copy(root: Path, locale: str, page: str) -> None:
    assert run_cli(root, "mark", locale, page) == 0


def build(root: Path, site: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **env},
    )


def add_locale(config: Path, locale: str, name: str) -> None:
    """Add a language to a copied mkdocs.yml, right after ``languages:``."""
    text = config.read_text(encoding="utf-8")
    match = re.search(r"^[ \t]*languages:[ \t]*\n(?P<indent>[ \t]*)- locale:", text, re.M)
    assert match, "no i18n languages list in mkdocs.yml"
    indent = match["indent"]
    entry = f"{indent}- locale: {locale}\n{indent}  name: {name}\n{indent}  build: true\n"
    config.write_text(text[: match.start("indent")] + entry + text[match.start("indent") :])


def git(root: Path, *args: str) -> str:
    done = subprocess.run(
        [
            "git",
            "-c",
            "user.name=Test",
            "-c",
            "user.email=test@example.invalid",
            *GIT_NO_SIGN,
            *args,
        ],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def plain(text: str) -> str:
    """Fold case and drop accents, to compare a heading with a glossary term."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip()


@pytest.fixture(scope="module")
def real() -> translations.Project:
    return translations.load_project(ROOT / "mkdocs.yml")


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "project")


# --- the real docs ------------------------------------------------------------------------


def test_configured_locales_are_the_lesson_locales(real: translations.Project) -> None:
    assert real.source == LOCALES[0] == "en"
    assert real.locales == TRANSLATED


def test_real_docs_have_no_missing_pages_and_no_drift(real: translations.Project) -> None:
    statuses = translations.report(real)
    english = sorted(p.relative_to(DOCS / "en").as_posix() for p in (DOCS / "en").rglob("*.md"))
    assert {(s.locale, s.page) for s in statuses} >= {
        (loc, p) for loc in TRANSLATED for p in english
    }
    for item in statuses:
        if item.status == "outdated":
            warnings.warn(
                f"{item.locale}/{item.page} is outdated: {item.outdated}",
                translations.TranslationOutdatedWarning,
                stacklevel=1,
            )
    bad = translations.failing(statuses)
    if bad:
        pytest.fail("missing or drifted pages:\n" + translations.render_table(real, bad))


def test_heading_anchors_match_the_built_site(real: translations.Project, site_dir: Path) -> None:
    for locale in LOCALES:
        root = site_dir if locale == "en" else site_dir / locale
        for page in ("laplace.md", "glossary.md", "translate.md"):
            built = (root / page.removesuffix(".md") / "index.html").read_text(encoding="utf-8")
            ids = set(re.findall(r'<h[1-6] id="([^"]+)"', html.unescape(built)))
            computed = [
                i for _, i, _ in translations.structure(real, real.path(locale, page)).headings
            ]
            assert computed and set(computed) <= ids, (locale, page, set(computed) - ids)


def test_the_real_site_shows_banners_exactly_where_the_report_says(site_dir: Path) -> None:
    project = translations.load_project(ROOT / "mkdocs.yml")
    statuses = translations.report(project)
    for item in statuses:
        if not (DOCS / "en" / item.page).is_file():
            continue  # an orphaned translation: reported as drift, not built as a page
        built = site_dir / item.locale / item.page.removesuffix(".md") / "index.html"
        if item.page == "index.md":
            built = site_dir / item.locale / "index.html"
        text = built.read_text(encoding="utf-8")
        assert ("translation-fallback" in text) == (item.status == "missing"), item
        assert ("translation-outdated" in text) == (item.outdated is not None), item
    english = (site_dir / "index.html").read_text(encoding="utf-8")
    assert "translation-fallback" not in english and "translation-outdated" not in english


# --- glossary -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def terms(real: translations.Project) -> list[translations.Term]:
    return translations.load_glossary(real.glossary)


def test_glossary_has_every_term_in_every_locale(terms: list[translations.Term]) -> None:
    assert len(terms) >= 22
    assert {t.id for t in terms if t.check} >= KEY_TERMS
    for term in terms:
        assert set(term.names) == set(LOCALES), term.id
        for locale, stems in term.stems.items():
            name = translations.fold(term.names[locale], locale)
            assert any(translations.stem_pattern(s, locale).search(name) for s in stems), (
                f"{term.id}: no {locale} stem matches the term itself"
            )


@pytest.mark.parametrize("locale", LOCALES)
def test_glossary_page_has_one_heading_per_term(
    real: translations.Project, terms: list[translations.Term], locale: str
) -> None:
    page = translations.structure(real, real.path(locale, "glossary.md"))
    headings = [plain(text) for level, _, text in page.headings if level == 3]
    expected = [plain(t.names[locale]) for t in terms]
    assert sorted(headings) == sorted(expected)


@pytest.mark.parametrize("locale", TRANSLATED)
def test_translations_use_the_glossary_terms(
    real: translations.Project, terms: list[translations.Term], locale: str
) -> None:
    for page in real.pages(locale):
        english = real.path("en", page)
        if not english.is_file():
            continue
        body, _ = translations.front_matter(real.path(locale, page))
        english_body, _ = translations.front_matter(english)
        assert translations.term_problems(terms, "en", english_body, locale, body) == [], page


@pytest.mark.parametrize(
    ("stem", "locale", "text", "found"),
    [
        ("duyarlılığ", "tr", "bir istatistiğin duyarlılığını belirler", True),
        ("duyarlılık", "tr", "DUYARLILIK", True),  # Turkish capital I folds to dotless ı
        ("benachbart datens", "de", "für benachbarte\nDatensätze", True),
        ("benachbart datens", "de", "benachbarte Daten", False),
        ("privacy budget", "en", "a privacy budget's cap", True),
        ("scale", "en", "to escalate", False),  # a stem starts a word
        ("相邻数据集", "zh", "对于相邻数据集和", True),
        ("gevoeligheid", "nl", "gevoelige informatie", False),
    ],
)
def test_stems_allow_inflection_but_not_other_words(
    stem: str, locale: str, text: str, found: bool
) -> None:
    folded = translations.fold(text, locale)
    assert bool(translations.stem_pattern(stem, locale).search(folded)) is found


def test_a_missing_key_term_is_drift(copy: Path) -> None:
    page = copy / "docs" / "nl" / "glossary.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(re.sub("gevoeligheid", "sensitiviteit", text, flags=re.I), encoding="utf-8")
    found = status_of(copy, "nl", "glossary.md")
    assert found.status == "drift"
    assert any("'sensitivity'" in p and "'gevoeligheid'" in p for p in found.problems)


def test_terms_inside_code_and_formulas_do_not_count() -> None:
    body = 'Use `scale` here.\n\n--8<-- "sensitivity.md"\n\n$s = \\text{scale}$\n'
    assert translations.prose(body).split() == ["Use", "here."]


# --- report on fixtures -------------------------------------------------------------------


def test_a_missing_page_is_reported_and_fails(copy: Path) -> None:
    (copy / "docs" / "tr" / "glossary.md").unlink()
    assert status_of(copy, "tr", "glossary.md").status == "missing"
    assert run_cli(copy, "report", "--locale", "tr", "--page", "glossary.md") == 1


def test_a_current_page_passes(copy: Path) -> None:
    mark_in_copy(copy, "tr", "glossary.md")
    assert status_of(copy, "tr", "glossary.md").status == "translated"
    assert run_cli(copy, "report", "--locale", "tr", "--page", "glossary.md") == 0


def test_an_outdated_page_warns_but_passes(copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mark_in_copy(copy, "de", "glossary.md")
    english = copy / "docs" / "en" / "glossary.md"
    recorded = hashlib.sha256(english.read_bytes()).hexdigest()[:12]
    with english.open("a", encoding="utf-8") as handle:
        handle.write("\nOne more sentence for the glossary.\n")
    now = hashlib.sha256(english.read_bytes()).hexdigest()[:12]
    found = status_of(copy, "de", "glossary.md")
    assert found.status == "outdated"
    assert found.outdated == f"English changed since {recorded} (now {now})"
    capsys.readouterr()
    assert run_cli(copy, "report", "--locale", "de", "--page", "glossary.md", "--diff") == 0
    out = capsys.readouterr().out
    assert "outdated" in out
    assert (
        f"Cannot show the English changes for de/glossary.md: the recorded revision {recorded}"
        in out
    )


def test_a_page_without_record_is_outdated(copy: Path) -> None:
    page = copy / "docs" / "nl" / "translate.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(re.sub(r"source:\n(  .*\n)+", "", text), encoding="utf-8")
    found = status_of(copy, "nl", "translate.md")
    assert found.status == "outdated"
    assert found.outdated and found.outdated.startswith("no source revision recorded")


def test_a_removed_include_is_drift(copy: Path) -> None:
    page = copy / "docs" / "nl" / "laplace.md"
    english_includes = translations.INCLUDE.findall(
        (copy / "docs" / "en" / "laplace.md").read_text(encoding="utf-8")
    )
    first = english_includes[0]
    edit(page, f'--8<-- "{first}"\n', "")
    found = status_of(copy, "nl", "laplace.md")
    assert found.status == "drift"
    assert (
        f"example includes differ: English {english_includes}, here {english_includes[1:]}"
        in found.problems
    )
    assert run_cli(copy, "report", "--locale", "nl", "--page", "laplace.md") == 1


def test_an_added_heading_is_drift(copy: Path) -> None:
    english = (copy / "docs" / "en" / "translate.md").read_text(encoding="utf-8")
    h2 = len(re.findall(r"^## ", english, re.M))
    page = copy / "docs" / "de" / "translate.md"
    with page.open("a", encoding="utf-8") as handle:
        handle.write("\n## Noch ein Abschnitt\n\nText.\n")
    found = status_of(copy, "de", "translate.md")
    assert found.status == "drift"
    assert f"h2 headings: {h2} in English, {h2 + 1} here" in found.problems


def test_a_broken_anchor_is_drift(copy: Path) -> None:
    edit(copy / "docs" / "zh" / "translate.md", "(#阅读报告)", "(#不存在的标题)")
    found = status_of(copy, "zh", "translate.md")
    assert found.status == "drift"
    assert (
        "broken link '#不存在的标题': no anchor #不存在的标题 in zh/translate.md" in found.problems
    )


def test_a_link_to_a_missing_page_is_drift(copy: Path) -> None:
    edit(copy / "docs" / "tr" / "glossary.md", "(laplace.md)", "(kalibrasyon.md)")
    found = status_of(copy, "tr", "glossary.md")
    assert found.status == "drift"
    assert "broken link 'kalibrasyon.md': no page kalibrasyon.md in tr or English" in found.problems
    assert "link to laplace.md missing here (1×)" in found.problems


def test_a_link_to_another_heading_is_drift(copy: Path) -> None:
    # Both anchors exist in German, but the English link goes to the third h2, not the second.
    edit(
        copy / "docs" / "de" / "translate.md",
        "(#den-bericht-lesen)",
        "(#was-du-übersetzt-und-was-bleibt)",
    )
    found = status_of(copy, "de", "translate.md")
    assert found.status == "drift"
    assert not any(p.startswith("broken link") for p in found.problems)
    assert any(p.startswith("link to translate.md heading") for p in found.problems)


def test_translated_anchors_to_the_same_heading_match(copy: Path) -> None:
    from pymdownx.slugs import slugify

    def second_heading(locale: str) -> str:
        text = (copy / "docs" / locale / "laplace.md").read_text(encoding="utf-8")
        title = re.findall(r"^## (.+)$", text, re.MULTILINE)[1]
        return str(slugify(case="lower")(re.sub(r"\s*\{[^}]*\}$", "", title), "-"))

    # Translated headings give translated anchors; the glossary's ids are the same everywhere.
    for locale in ("en", "nl", "zh"):
        with (copy / "docs" / locale / "translate.md").open("a", encoding="utf-8") as handle:
            handle.write(f"\n[x](laplace.md#{second_heading(locale)})\n")
            handle.write("\n[y](glossary.md#sensitivity)\n")
    for locale in ("nl", "zh"):
        assert status_of(copy, locale, "translate.md").problems == []
    with (copy / "docs" / "de" / "translate.md").open("a", encoding="utf-8") as handle:
        handle.write("\n[x](laplace.md#something-else)\n\n[y](glossary.md#sensitivity)\n")
    assert any("laplace.md heading" in p for p in status_of(copy, "de", "translate.md").problems)


def test_formulas_admonitions_widgets_and_images_are_compared(copy: Path) -> None:
    (copy / "docs" / "assets" / "pixel.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    with (copy / "docs" / "en" / "glossary.md").open("a", encoding="utf-8") as handle:
        handle.write(
            '\n!!! note "Note"\n    Text.\n\n<div class="dp-widget dp-demo"></div>\n\n'
            "![A pixel](../assets/pixel.svg)\n"
        )
    nl = copy / "docs" / "nl" / "glossary.md"
    edit(nl, r"\Pr[M(D) \in S] \le", r"\Pr[M(D) \in S] <")
    edit(nl, "verschil, en een verschil", "verschil $d$, en een verschil")
    found = status_of(copy, "nl", "glossary.md")
    assert found.status == "drift"
    problems = "\n".join(found.problems)
    assert "display formula 1 differs" in problems
    assert "inline formulas: 23 in English, 24 here" in problems and "only here: ['d']" in problems
    assert "admonitions differ: English ['note'], here []" in problems
    assert "widgets differ: English [('dp-widget', 'dp-demo')], here []" in problems
    assert "images differ: English ['../assets/pixel.svg'], here []" in problems


def test_widget_attributes_and_placeholders_are_compared(copy: Path) -> None:
    widgets = {
        "en": '<div class="dp-widget dp-demo" data-t-title="Demo {n}" data-t-hint="Hint"></div>',
        "nl": '<div class="dp-widget dp-demo" data-t-title="Demo" data-t-tip="Tip"></div>',
    }
    for locale, widget in widgets.items():
        with (copy / "docs" / locale / "glossary.md").open("a", encoding="utf-8") as handle:
            handle.write(f"\n{widget}\n")
    problems = status_of(copy, "nl", "glossary.md").problems
    assert problems == [
        "widget 1 (dp-widget dp-demo): attributes only in English ['data-t-hint'], "
        "only here ['data-t-tip']",
        "widget 1 (dp-widget dp-demo): data-t-title placeholders differ: English ['n'], here []",
    ]


def test_exercise_ids_and_their_options_are_compared(copy: Path) -> None:
    options = '<div data-part="option" data-option="{}" markdown>Option.</div>'
    blocks = {
        "en": ("ex-a", [options.format("x"), options.format("y")]),
        "nl": ("ex-b", [options.format("x")]),
    }
    for locale, (exercise, parts) in blocks.items():
        with (copy / "docs" / locale / "glossary.md").open("a", encoding="utf-8") as handle:
            body = "\n".join(parts)
            handle.write(f'\n<div data-exercise="{exercise}" markdown>\n\nQ?\n\n{body}\n\n</div>\n')
    problems = status_of(copy, "nl", "glossary.md").problems
    assert problems == [
        "exercises and their options differ: English ['ex-a', 'ex-a:x', 'ex-a:y'], "
        "here ['ex-b', 'ex-b:x']"
    ]


def test_a_broken_image_is_drift(copy: Path) -> None:
    (copy / "docs" / "assets" / "pixel.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    for locale, src in {"en": "../assets/pixel.svg", "nl": "../assets/pixle.svg"}.items():
        with (copy / "docs" / locale / "glossary.md").open("a", encoding="utf-8") as handle:
            handle.write(f"\n![A pixel]({src})\n")
    problems = status_of(copy, "nl", "glossary.md").problems
    assert "broken reference '../assets/pixle.svg': ../assets/pixle.svg does not exist" in problems


def test_an_orphaned_translation_is_drift(copy: Path) -> None:
    (copy / "docs" / "nl" / "extra.md").write_text("# Extra\n", encoding="utf-8")
    found = status_of(copy, "nl", "extra.md")
    assert (found.status, found.problems) == ("drift", ["no English source page en/extra.md"])


def test_json_report_to_a_file(copy: Path) -> None:
    (copy / "docs" / "zh" / "glossary.md").unlink()
    out = copy / "report.json"
    code = run_cli(copy, "report", "--format", "json", "--output", str(out), "--locale", "zh")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert code == 1
    assert data["source_locale"] == "en" and data["locales"] == ["zh"]
    pages = {entry["page"]: entry for entry in data["pages"]}
    assert pages["glossary.md"]["status"] == "missing"
    counts = data["summary"]["zh"]
    assert sum(counts.values()) == len(data["pages"])
    assert counts["missing"] == sum(1 for e in data["pages"] if e["status"] == "missing")


def test_table_lists_every_locale_and_page(copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_cli(copy)
    out = capsys.readouterr().out
    rows = {tuple(line.split()[:3]) for line in out.splitlines() if line[:2] in TRANSLATED}
    project = translations.load_project(copy / "mkdocs.yml")
    for locale in TRANSLATED:
        for page in project.pages("en"):
            assert any(r[:2] == (locale, page) for r in rows), (locale, page)


def test_unknown_locale_is_an_error(copy: Path) -> None:
    assert run_cli(copy, "report", "--locale", "xx") == 2
    assert run_cli(copy, "mark", "xx", "index.md") == 2


def test_the_command_line_exits_non_zero_on_drift(copy: Path) -> None:
    script = copy / "docs" / "hooks" / "translations.py"
    args = [sys.executable, str(script), "--config", str(copy / "mkdocs.yml")]
    args += ["report", "--locale", "nl", "--page", "translate.md"]
    mark_in_copy(copy, "nl", "translate.md")
    assert subprocess.run(args, capture_output=True, check=False).returncode == 0
    with (copy / "docs" / "nl" / "translate.md").open("a", encoding="utf-8") as handle:
        handle.write("\n## Extra\n")
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "drift" in done.stdout


# --- source records -----------------------------------------------------------------------


def test_mark_records_the_english_hash_and_keeps_the_title(copy: Path) -> None:
    page = copy / "docs" / "tr" / "glossary.md"
    before = page.read_text(encoding="utf-8")
    assert run_cli(copy, "mark", "tr", "glossary.md") == 0
    assert run_cli(copy, "mark", "tr", "glossary.md") == 0  # marking twice keeps one record
    text = page.read_text(encoding="utf-8")
    expected = hashlib.sha256((copy / "docs/en/glossary.md").read_bytes()).hexdigest()[:12]
    _, meta = translations.front_matter(page)
    assert meta["title"] == "Terimler sözlüğü"
    assert meta["source"] == {"sha256": expected}  # not a git clone: no commit
    assert text.count("source:") == 1
    assert text.split("---", 2)[2] == before.split("---", 2)[2]  # the body is untouched


def test_mark_adds_front_matter_when_there_is_none(copy: Path) -> None:
    page = copy / "docs" / "nl" / "translate.md"
    body = page.read_text(encoding="utf-8").split("---\n", 2)[2]
    page.write_text(body, encoding="utf-8")
    project = translations.load_project(copy / "mkdocs.yml")
    record = translations.mark(project, "nl", "translate.md")
    text = page.read_text(encoding="utf-8")
    assert text == f'---\nsource:\n  sha256: "{record.sha256}"\n---\n\n{body}'


def test_mark_refuses_a_drifted_page(copy: Path) -> None:
    page = copy / "docs" / "de" / "glossary.md"
    edit(page, "(laplace.md)", "(nirgends.md)")
    before = page.read_text(encoding="utf-8")
    assert run_cli(copy, "mark", "de", "glossary.md") == 1
    assert page.read_text(encoding="utf-8") == before


def test_a_numeric_looking_hash_stays_a_string(tmp_path: Path) -> None:
    page = tmp_path / "p.md"
    page.write_text("---\ntitle: T\n---\n\n# T\n", encoding="utf-8")
    translations.write_record(page, translations.SourceRecord("012345678901", None))
    _, meta = translations.front_matter(page)
    assert translations.read_record(meta) == translations.SourceRecord("012345678901", None)


@pytest.fixture
def repo(copy: Path) -> Iterator[Path]:
    git(copy, "init", "-q")
    git(copy, "add", "docs", "mkdocs.yml")
    git(copy, "commit", "-q", "-m", "start")
    yield copy


def test_diff_shows_the_english_changes_since_the_mark(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mark_in_copy(repo, "nl", "glossary.md")
    _, meta = translations.front_matter(repo / "docs" / "nl" / "glossary.md")
    assert meta["source"]["commit"] == git(repo, "rev-parse", "HEAD").strip()
    edit(repo / "docs" / "en" / "glossary.md", "Counts of the data per bin.", "Counts per bin.")
    git(repo, "commit", "-q", "-am", "shorter")
    capsys.readouterr()
    assert run_cli(repo, "report", "--locale", "nl", "--page", "glossary.md", "--diff") == 0
    out = capsys.readouterr().out
    assert "=== nl/glossary.md: English changes since the translation" in out
    assert "-Counts of the data per bin." in out
    assert "+Counts per bin." in out


def test_diff_finds_the_revision_by_hash_when_the_commit_is_unknown(repo: Path) -> None:
    project = translations.load_project(repo / "mkdocs.yml")
    english = repo / "docs" / "en" / "glossary.md"
    start = git(repo, "rev-parse", "HEAD").strip()
    record = translations.SourceRecord(translations.source_hash(english), "0" * 40)
    translations.write_record(repo / "docs" / "de" / "glossary.md", record)
    edit(english, "## Related ideas", "## Related ideas and more")
    git(repo, "commit", "-q", "-am", "heading")
    assert translations.find_commit(english, record) == start
    diff = translations.english_diff(project, "de", "glossary.md")
    assert "+## Related ideas and more" in diff
    lost = translations.SourceRecord("abcdefabcdef", "0" * 40)
    translations.write_record(repo / "docs" / "de" / "glossary.md", lost)
    message = translations.english_diff(project, "de", "glossary.md")
    assert message.startswith("Cannot show the English changes for de/glossary.md")
    assert "no commit in this clone's history holds that revision" in message


def test_mark_leaves_out_the_commit_of_an_uncommitted_english_file(repo: Path) -> None:
    with (repo / "docs" / "en" / "glossary.md").open("a", encoding="utf-8") as handle:
        handle.write("\nNot committed yet.\n")
    mark_in_copy(repo, "zh", "glossary.md")
    _, meta = translations.front_matter(repo / "docs" / "zh" / "glossary.md")
    assert set(meta["source"]) == {"sha256"}


# --- banners ------------------------------------------------------------------------------


def test_banner_links_to_the_guide_from_nested_pages() -> None:
    nested = translation_banners.banner("fallback", "de", "a/b/page.md", guide_exists=True)
    title, text = translation_banners.FALLBACK["de"]
    assert nested == f'!!! info translation-fallback "{title}"\n    ' + (
        text.format(link="../../translate.md") + "\n"
    )
    bare = translation_banners.banner("outdated", "xx", "page.md", guide_exists=False)
    assert translation_banners.OUTDATED["en"][0] in bare and "](" not in bare


def test_banner_goes_after_the_first_level_heading() -> None:
    block = '!!! info x "T"\n    Body.\n'
    assert translation_banners.insert_after_title("# Title\n\nText.\n", block) == (
        f"# Title\n\n{block}\nText.\n"
    )
    assert translation_banners.insert_after_title("Text.\n", block) == f"{block}\nText.\n"


def test_every_locale_has_banner_strings() -> None:
    for strings in (translation_banners.FALLBACK, translation_banners.OUTDATED):
        assert set(strings) == set(LOCALES)
        for locale, (title, text) in strings.items():
            assert title and text.count("]({link})") == 1, locale
    assert len({text for _, text in translation_banners.FALLBACK.values()}) == len(LOCALES)


@pytest.fixture(scope="module")
def fixture_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Build a copy with a fallback page, an outdated page, a current page and a new locale."""
    root = copy_project(tmp_path_factory.mktemp("banners") / "project")
    project = translations.load_project(root / "mkdocs.yml")
    for locale in TRANSLATED:
        (root / "docs" / locale / "glossary.md").unlink()  # falls back to English
        translations.mark(project, locale, "translate.md")
        translations.mark(project, locale, "index.md")
    with (root / "docs" / "en" / "translate.md").open("a", encoding="utf-8") as handle:
        handle.write("\nA new closing sentence.\n")  # every translate.md is now outdated
    add_locale(root / "mkdocs.yml", "fr", "Français")
    site = root / "site"
    done = build(root, site)
    assert done.returncode == 0, done.stderr[-3000:]
    return root, site


def banner_in(page: Path, kind: str) -> tuple[str, str] | None:
    """The admonition title and href of a translation banner in a built page, if any."""
    text = page.read_text(encoding="utf-8")
    match = re.search(
        rf'<div class="admonition \w+ translation-{kind}">\s*<p class="admonition-title">'
        r'(?P<title>[^<]*)</p>\s*<p>.*?<a href="(?P<href>[^"]*)">',
        text,
        re.S,
    )
    return None if match is None else (html.unescape(match["title"]), match["href"])


@pytest.mark.parametrize("locale", TRANSLATED)
def test_fallback_banner_in_the_readers_language(
    fixture_site: tuple[Path, Path], locale: str
) -> None:
    _, site = fixture_site
    page = site / locale / "glossary" / "index.html"
    found = banner_in(page, "fallback")
    assert found is not None
    title, href = found
    assert title == translation_banners.FALLBACK[locale][0]
    assert (page.parent / href / "index.html").resolve() == (
        site / locale / "translate" / "index.html"
    )
    text = page.read_text(encoding="utf-8")
    assert "Datasets and neighbours" in text  # the English content
    assert text.index("<h1") < text.index("translation-fallback")


@pytest.mark.parametrize("locale", TRANSLATED)
def test_outdated_banner_in_the_readers_language(
    fixture_site: tuple[Path, Path], locale: str
) -> None:
    _, site = fixture_site
    found = banner_in(site / locale / "translate" / "index.html", "outdated")
    assert found is not None and found[0] == translation_banners.OUTDATED[locale][0]
    home = (site / locale / "index.html").read_text(encoding="utf-8")
    assert "translation-outdated" not in home and "translation-fallback" not in home


def test_english_pages_have_no_banner(fixture_site: tuple[Path, Path]) -> None:
    _, site = fixture_site
    for page in ("index.html", "glossary/index.html", "translate/index.html"):
        text = (site / page).read_text(encoding="utf-8")
        assert "translation-fallback" not in text and "translation-outdated" not in text


def test_a_new_locale_builds_and_falls_back_everywhere(
    fixture_site: tuple[Path, Path],
) -> None:
    root, site = fixture_site
    project = translations.load_project(root / "mkdocs.yml")
    assert "fr" in project.locales
    english = project.pages("en")
    for page in english:
        built = (
            site / "fr" / ("" if page == "index.md" else page.removesuffix(".md")) / "index.html"
        )
        found = banner_in(built, "fallback")
        assert found is not None and found[0] == translation_banners.FALLBACK["en"][0], page
        assert '<html lang="fr"' in built.read_text(encoding="utf-8")
    statuses = translations.report(project, ["fr"])
    assert [(s.page, s.status) for s in statuses] == [(p, "missing") for p in english]
    assert translations.main(["--config", str(root / "mkdocs.yml"), "--locale", "fr"]) == 1


def test_preview_builds_english_and_one_locale(
    fixture_site: tuple[Path, Path], tmp_path: Path
) -> None:
    root, _ = fixture_site
    site = tmp_path / "preview"
    done = build(root, site, DPLESSON_LOCALE="nl")
    assert done.returncode == 0, done.stderr[-3000:]
    assert (site / "index.html").is_file() and (site / "nl" / "index.html").is_file()
    assert not any((site / other).exists() for other in ("de", "tr", "zh", "fr"))
    assert banner_in(site / "nl" / "glossary" / "index.html", "fallback") is not None
    home = (site / "nl" / "index.html").read_text(encoding="utf-8")
    assert set(re.findall(r'hreflang="([^"]+)"', home)) - {"x-default"} == {"en", "nl"}


def test_preview_of_an_unknown_locale_fails_clearly(
    fixture_site: tuple[Path, Path], tmp_path: Path
) -> None:
    root, _ = fixture_site
    done = build(root, tmp_path / "preview", DPLESSON_LOCALE="xx")
    assert done.returncode != 0
    assert "DPLESSON_LOCALE='xx' is not a configured locale" in done.stderr
