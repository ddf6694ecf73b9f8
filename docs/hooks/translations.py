"""Translation status of the lesson: which pages of each locale are missing, outdated or drifted.

Run ``python3 noxfile.py -s translations`` for the report (``-- --format json``, ``-- --diff``)
and ``python3 noxfile.py -s translations -- mark nl laplace.md`` after reviewing a page.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import posixpath
import re
import subprocess
import sys
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import markdown
import yaml
from mkdocs.utils.meta import get_data
from mkdocs.utils.yaml import yaml_load

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "mkdocs.yml"
STATUSES = ("translated", "outdated", "missing", "drift")
INCLUDE = re.compile(r'^[ \t]*-{1,}8<-{1,}[ \t]+"([^"\n]+)"[ \t]*$', re.MULTILINE)
HASH_LENGTH = 12
PLACEHOLDER = re.compile(r"\{(\w+)\}")  # {example} in widget texts, filled in by the scripts


class TranslationOutdatedWarning(UserWarning):
    """The English source of a translated page changed after the translation was reviewed."""


@dataclass(frozen=True)
class Project:
    """The locales and Markdown settings of one MkDocs configuration."""

    config_file: Path
    docs: Path
    source: str
    locales: tuple[str, ...]
    extensions: tuple[str, ...]
    extension_configs: dict[str, dict[str, Any]] = field(hash=False, compare=False)

    @property
    def glossary(self) -> Path:
        """Return this project's term list, ``docs/hooks/glossary.yml``."""
        return self.docs / "hooks" / "glossary.yml"

    def path(self, locale: str, page: str) -> Path:
        """Return the Markdown file of ``page`` (relative to the locale folder) in ``locale``."""
        return self.docs / locale / page

    def pages(self, locale: str) -> list[str]:
        """List the Markdown pages of one locale folder, relative to that folder."""
        folder = self.docs / locale
        return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.md"))


def load_project(config_file: Path = CONFIG) -> Project:
    """Read the locales, the source locale and the Markdown extensions from ``mkdocs.yml``."""
    with config_file.open("rb") as handle:
        config = yaml_load(handle)
    languages: list[dict[str, Any]] = []
    for plugin in config.get("plugins") or []:
        if isinstance(plugin, dict) and "i18n" in plugin:
            options = plugin["i18n"] or {}
            if options.get("docs_structure") != "folder":
                raise SystemExit("translations: the i18n plugin must use docs_structure: folder")
            languages = [
                lang for lang in options.get("languages") or [] if lang["locale"] != "null"
            ]
    if not languages:
        raise SystemExit(f"translations: no i18n languages in {config_file}")
    source = next((lang["locale"] for lang in languages if lang.get("default")), None)
    source = source or languages[0]["locale"]
    names: list[str] = []
    configs: dict[str, dict[str, Any]] = {}
    for item in config.get("markdown_extensions") or []:
        name, options = (item, {}) if isinstance(item, str) else next(iter(item.items()))
        if name == "pymdownx.snippets":  # includes are compared as lines, not expanded
            continue
        names.append(name)
        configs[name] = dict(options or {})
    for builtin in ("toc", "tables", "fenced_code"):  # MkDocs always adds these
        if builtin not in names:
            names.append(builtin)
            configs[builtin] = {}
    configs["toc"]["permalink"] = False
    return Project(
        config_file=config_file,
        docs=(config_file.parent / config.get("docs_dir", "docs")).resolve(),
        source=source,
        locales=tuple(lang["locale"] for lang in languages if lang["locale"] != source),
        extensions=tuple(names),
        extension_configs=configs,
    )


# --- source revisions ---------------------------------------------------------------------


def source_hash(path: Path) -> str:
    """First hex digits of the SHA-256 of a file's text, line endings normalised to LF."""
    text = path.read_bytes().replace(b"\r\n", b"\n")
    return hashlib.sha256(text).hexdigest()[:HASH_LENGTH]


@dataclass(frozen=True)
class SourceRecord:
    """The English revision a translation says it was translated from."""

    sha256: str
    commit: str | None


def read_record(meta: dict[str, Any]) -> SourceRecord | None:
    """Return the ``source`` record of a page's front matter, None if absent or malformed."""
    record = meta.get("source")
    if not isinstance(record, dict) or not isinstance(record.get("sha256"), str):
        return None
    commit = record.get("commit")
    return SourceRecord(record["sha256"], commit if isinstance(commit, str) else None)


def front_matter(path: Path) -> tuple[str, dict[str, Any]]:
    """Split a page into its Markdown body and front matter, as MkDocs does."""
    return get_data(path.read_text(encoding="utf-8"))


def outdated_reason(translation_meta: dict[str, Any], english: Path) -> str | None:
    """Why a translation is outdated against its English file, or None if it is current."""
    record = read_record(translation_meta)
    current = source_hash(english)
    if record is None:
        return f"no source revision recorded (English is now {current})"
    if record.sha256 != current:
        return f"English changed since {record.sha256} (now {current})"
    return None


def _git_bytes(cwd: Path, *args: str) -> bytes | None:
    """Run git in ``cwd``; its stdout, or None when git or the revision is unavailable."""
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def _git(cwd: Path, *args: str) -> str | None:
    """Run git in ``cwd``; its stdout as text, or None on failure."""
    out = _git_bytes(cwd, *args)
    return None if out is None else out.decode("utf-8", "replace")


def _hash_at(english: Path, commit: str) -> str | None:
    """Hash ``english`` as stored in ``commit``; None if the commit does not hold it."""
    data = _git_bytes(english.parent, "show", f"{commit}:./{english.name}")
    if data is None:
        return None
    return hashlib.sha256(data.replace(b"\r\n", b"\n")).hexdigest()[:HASH_LENGTH]


def commit_of(english: Path) -> str | None:
    """Find the last commit holding exactly the current text of ``english`` (None if dirty)."""
    commit = _git(english.parent, "log", "-1", "--format=%H", "--", english.name)
    commit = commit.strip() if commit else None
    if commit and _hash_at(english, commit) == source_hash(english):
        return commit
    return None


def find_commit(english: Path, record: SourceRecord) -> str | None:
    """Find a commit holding the recorded English text: the recorded one, else from history."""
    if record.commit and _hash_at(english, record.commit) == record.sha256:
        return record.commit
    history = _git(english.parent, "log", "--format=%H", "-n", "500", "--", english.name)
    for commit in (history or "").split():
        if _hash_at(english, commit) == record.sha256:
            return commit
    return None


def english_diff(project: Project, locale: str, page: str) -> str:
    """Show the English changes since the recorded revision, or say why they are unknown."""
    english = project.path(project.source, page)
    _, meta = front_matter(project.path(locale, page))
    record = read_record(meta)
    if record is None:
        return (
            f"{locale}/{page} records no source revision: compare it with {project.source}/{page} "
            "by hand, then mark it."
        )
    commit = find_commit(english, record)
    if commit is None:
        shallow = _git(english.parent, "rev-parse", "--is-shallow-repository")
        hint = (
            "this is a shallow clone: run `git fetch --unshallow` and try again"
            if shallow and shallow.strip() == "true"
            else "no commit in this clone's history holds that revision"
        )
        return (
            f"Cannot show the English changes for {locale}/{page}: the recorded revision "
            f"{record.sha256} (commit {record.commit or 'unknown'}) is not available ({hint}). "
            f"Compare with {project.source}/{page} by hand."
        )
    diff = _git(english.parent, "diff", "--no-color", commit, "--", english.name)
    if diff is None:
        return f"git diff failed for {project.source}/{page} against {commit}."
    return diff or f"{project.source}/{page} has the same text as commit {commit}."


def _record_block(record: SourceRecord) -> list[str]:
    """Write the front matter lines of a record, quoted so a hash never reads as a number."""
    lines = ["source:", f'  sha256: "{record.sha256}"']
    if record.commit:
        lines.append(f'  commit: "{record.commit}"')
    return lines


def write_record(path: Path, record: SourceRecord) -> None:
    """Put ``record`` into the page's front matter, replacing any earlier ``source`` block."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    if lines and lines[0].rstrip() == "---":
        end = next((i for i in range(1, len(lines)) if lines[i].rstrip() in {"---", "..."}), None)
        if end is None:
            raise ValueError(f"{path}: front matter is not closed")
        head = lines[1:end]
        kept: list[str] = []
        skipping = False
        for line in head:
            if re.match(r"source\s*:", line):
                skipping = True
                continue
            if skipping and (line.startswith((" ", "\t")) or not line.strip()):
                continue
            skipping = False
            kept.append(line)
        new = ["---", *kept, *_record_block(record), *lines[end:]]
    else:
        new = ["---", *_record_block(record), "---", "", *lines]
    path.write_text("\n".join(new), encoding="utf-8")


# --- structure ----------------------------------------------------------------------------


class _Scan(HTMLParser):
    """Collect ids, links, images, admonitions, widgets and formulas of rendered Markdown."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.images: list[str] = []
        self.admonitions: list[str] = []
        self.widgets: list[tuple[str, ...]] = []
        self.widget_data: list[dict[str, frozenset[str]]] = []
        self.exercises: list[str] = []  # data-exercise ids, then "id:option" of each option
        self.inline_math: list[str] = []
        self.display_math: list[str] = []
        self._math: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        classes = values.get("class", "").split()
        if values.get("id"):
            self.ids.add(values["id"])
        if tag == "a" and "href" in values:
            self.links.append(values["href"])
        if tag == "img":
            self.images.append(values.get("src", ""))
        if tag == "div" and "admonition" in classes:
            self.admonitions.append(" ".join(c for c in classes if c != "admonition"))
        if tag == "details":
            self.admonitions.append(" ".join(classes))
        widget = tuple(c for c in classes if c.startswith("dp-"))
        if widget:
            self.widgets.append(widget)
            self.widget_data.append(
                {
                    name: frozenset(PLACEHOLDER.findall(value))
                    for name, value in values.items()
                    if name.startswith("data-")
                }
            )
        if tag == "div" and "data-exercise" in values:
            self.exercises.append(values["data-exercise"])
        if tag == "div" and values.get("data-part") == "option" and self.exercises:
            self.exercises.append(f"{self.exercises[-1].split(':')[0]}:{values.get('data-option')}")
        if tag in {"span", "div"} and "arithmatex" in classes:
            self._math = (tag, [])

    def handle_data(self, data: str) -> None:
        if self._math is not None:
            self._math[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._math is not None and tag == self._math[0]:
            kind, parts = self._math
            tex = " ".join("".join(parts).split())
            if tex[:2] in {"\\(", "\\["} and tex[-2:] in {"\\)", "\\]"}:
                tex = tex[2:-2].strip()  # arithmatex's generic delimiters
            (self.display_math if kind == "div" else self.inline_math).append(tex)
            self._math = None


@dataclass(frozen=True)
class Structure:
    """What must match between a page and its English source."""

    includes: tuple[str, ...]
    headings: tuple[tuple[int, str, str], ...]  # (level, id, text) in document order
    ids: frozenset[str]
    links: tuple[str, ...]
    images: tuple[str, ...]
    admonitions: tuple[str, ...]
    widgets: tuple[tuple[str, ...], ...]
    widget_data: tuple[dict[str, frozenset[str]], ...]  # data-* attribute -> {placeholders}
    exercises: tuple[str, ...]  # exercise ids and their "id:option"s, in page order
    inline_math: tuple[str, ...]
    display_math: tuple[str, ...]

    def level_counts(self) -> Counter[int]:
        """How many headings the page has at each level."""
        return Counter(level for level, _, _ in self.headings)


def _flatten(tokens: Iterable[dict[str, Any]]) -> Iterable[tuple[int, str, str]]:
    """Walk the toc extension's nested tokens in document order."""
    for token in tokens:
        yield int(token["level"]), str(token["id"]), str(token["name"])
        yield from _flatten(token.get("children") or [])


@cache
def _markdown(project: Project) -> markdown.Markdown:
    """Build one Markdown converter per project, configured as the site's."""
    return markdown.Markdown(
        extensions=list(project.extensions), extension_configs=project.extension_configs
    )


def structure(project: Project, path: Path) -> Structure:
    """Render one page with the site's Markdown settings and collect its structure."""
    body, _ = front_matter(path)
    md = _markdown(project)
    md.reset()
    scan = _Scan()
    scan.feed(md.convert(body))
    return Structure(
        includes=tuple(INCLUDE.findall(body)),
        headings=tuple(_flatten(getattr(md, "toc_tokens", []))),
        ids=frozenset(scan.ids),
        links=tuple(scan.links),
        images=tuple(scan.images),
        admonitions=tuple(scan.admonitions),
        widgets=tuple(scan.widgets),
        widget_data=tuple(scan.widget_data),
        exercises=tuple(scan.exercises),
        inline_math=tuple(scan.inline_math),
        display_math=tuple(scan.display_math),
    )


class _Pages:
    """Structures of the project's pages, each rendered once."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self._cache: dict[Path, Structure] = {}

    def get(self, path: Path) -> Structure:
        """Return the structure of one page file."""
        if path not in self._cache:
            self._cache[path] = structure(self.project, path)
        return self._cache[path]

    def shown(self, locale: str, page: str) -> Path | None:
        """Return the file readers of ``locale`` get for ``page``: translation, else English."""
        for candidate in (locale, self.project.source):
            path = self.project.path(candidate, page)
            if path.is_file():
                return path
        return None


def _external(href: str) -> bool:
    """Tell whether a link leaves the site (scheme or host given)."""
    parts = urlsplit(href)
    return bool(parts.scheme or parts.netloc) or href.startswith("//")


def _link_key(
    pages: _Pages, locale: str, page: str, href: str, problems: list[str]
) -> tuple[str, str]:
    """Where an internal link leads, comparable across locales: (target, heading number or id)."""
    parts = urlsplit(href)
    path, anchor = unquote(parts.path), unquote(parts.fragment)
    if path.startswith("/"):
        return path, anchor
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path)) if path else page
    inside = not target.startswith("../")
    if target.endswith(".md") and inside:
        shown = pages.shown(locale, target)
        if shown is None:
            problems.append(f"broken link {href!r}: no page {target} in {locale} or English")
            return target, anchor
        if not anchor:
            return target, ""
        found = pages.get(shown)
        ids = [heading_id for _, heading_id, _ in found.headings]
        if anchor in ids:
            return target, f"heading {ids.index(anchor) + 1}"
        if anchor not in found.ids:
            where = shown.relative_to(pages.project.docs).as_posix()
            problems.append(f"broken link {href!r}: no anchor #{anchor} in {where}")
        return target, f"#{anchor}"
    return _asset(pages.project, locale, page, href, problems), anchor


def _asset(project: Project, locale: str, page: str, href: str, problems: list[str]) -> str:
    """Resolve a non-page target relative to the locale folder; report it if missing."""
    path = unquote(urlsplit(href).path)
    if not path or path.startswith("/") or _external(href):
        return href
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
    candidates = [project.docs / locale / target]
    if not target.startswith("../"):  # i18n falls back to the English folder's file
        candidates.append(project.docs / project.source / target)
    if not any(c.exists() for c in candidates):
        problems.append(f"broken reference {href!r}: {target} does not exist")
    return target


def _list_diff(what: str, english: Sequence[object], here: Sequence[object]) -> list[str]:
    """Report two sequences that must be equal, showing both."""
    if list(english) == list(here):
        return []
    return [f"{what} differ: English {list(english)}, here {list(here)}"]


def _widget_data_diff(english: Structure, here: Structure) -> list[str]:
    """Compare each widget's data attributes and the placeholders in their texts."""
    problems = []
    for number, (classes, data_en, data_here) in enumerate(
        zip(english.widgets, english.widget_data, here.widget_data, strict=True), 1
    ):
        name = f"widget {number} ({' '.join(classes)})"
        if set(data_en) != set(data_here):
            problems.append(
                f"{name}: attributes only in English {sorted(set(data_en) - set(data_here))}, "
                f"only here {sorted(set(data_here) - set(data_en))}"
            )
        for attribute in sorted(set(data_en) & set(data_here)):
            if data_en[attribute] != data_here[attribute]:
                problems.append(
                    f"{name}: {attribute} placeholders differ: English "
                    f"{sorted(data_en[attribute])}, here {sorted(data_here[attribute])}"
                )
    return problems


def compare(pages: _Pages, locale: str, page: str) -> list[str]:
    """Structural differences between ``locale``'s page and the English one, as messages."""
    project = pages.project
    english = pages.get(project.path(project.source, page))
    here = pages.get(project.path(locale, page))
    problems: list[str] = []
    problems += _list_diff("example includes", english.includes, here.includes)
    counts_en, counts_here = english.level_counts(), here.level_counts()
    for level in range(1, 7):
        if counts_en[level] != counts_here[level]:
            problems.append(
                f"h{level} headings: {counts_en[level]} in English, {counts_here[level]} here"
            )
    if len(english.display_math) != len(here.display_math):
        problems.append(
            f"display formulas: {len(english.display_math)} in English, "
            f"{len(here.display_math)} here"
        )
    else:
        for number, (a, b) in enumerate(
            zip(english.display_math, here.display_math, strict=True), 1
        ):
            if a != b:
                problems.append(f"display formula {number} differs: English {a}, here {b}")
    if len(english.inline_math) != len(here.inline_math):
        missing = Counter(english.inline_math) - Counter(here.inline_math)
        extra = Counter(here.inline_math) - Counter(english.inline_math)
        problems.append(
            f"inline formulas: {len(english.inline_math)} in English, "
            f"{len(here.inline_math)} here (only in English: {sorted(missing.elements())}; "
            f"only here: {sorted(extra.elements())})"
        )
    problems += _list_diff("admonitions", english.admonitions, here.admonitions)
    problems += _list_diff("widgets", english.widgets, here.widgets)
    problems += _list_diff("exercises and their options", english.exercises, here.exercises)
    if english.widgets == here.widgets:
        problems += _widget_data_diff(english, here)
    images_en = [_asset(project, project.source, page, src, []) for src in english.images]
    images_here = [_asset(project, locale, page, src, problems) for src in here.images]
    problems += _list_diff("images", images_en, images_here)
    ignored: list[str] = []
    links_en = Counter(
        _link_key(pages, project.source, page, href, ignored)
        for href in english.links
        if not _external(href)
    )
    links_here = Counter(
        _link_key(pages, locale, page, href, problems) for href in here.links if not _external(href)
    )
    for (target, anchor), count in (links_en - links_here).items():
        problems.append(f"link to {target} {anchor or ''}".rstrip() + f" missing here ({count}×)")
    for (target, anchor), count in (links_here - links_en).items():
        problems.append(f"link to {target} {anchor or ''}".rstrip() + f" not in English ({count}×)")
    return problems


# --- glossary -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Term:
    """One glossary entry: its name in each locale and the stems that count as using it."""

    id: str
    check: bool
    names: dict[str, str] = field(hash=False)
    stems: dict[str, tuple[str, ...]] = field(hash=False)


def load_glossary(path: Path) -> list[Term]:
    """Read the term list; a locale's stems default to its term name."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    terms = []
    for entry in data["terms"]:
        names: dict[str, str] = {}
        stems: dict[str, tuple[str, ...]] = {}
        for locale, spec in entry.items():
            if locale in {"id", "check"}:
                continue
            names[locale] = str(spec["term"])
            stems[locale] = tuple(str(s) for s in spec.get("match") or [spec["term"]])
        terms.append(Term(str(entry["id"]), bool(entry.get("check")), names, stems))
    return terms


def fold(text: str, locale: str) -> str:
    """Lower-case ``text`` with the locale's rules (Turkish dotted and dotless i)."""
    if locale == "tr":
        text = text.replace("I", "ı").replace("İ", "i")
    return text.lower()


def _spaced(char: str) -> bool:
    """Whether words in this script are separated by spaces (not Chinese, Japanese, Korean)."""
    return not unicodedata.name(char, "").startswith(("CJK", "HIRAGANA", "KATAKANA", "HANGUL"))


def stem_pattern(stem: str, locale: str) -> re.Pattern[str]:
    """Compile a pattern for ``stem`` that allows inflected word endings."""
    words = fold(stem, locale).split()
    if not _spaced(words[0][0]):
        return re.compile(re.escape("".join(words)))
    return re.compile(r"(?<!\w)" + r"\s+".join(re.escape(w) + r"\w*" for w in words))


_PROSE_DROP = [
    re.compile(r"^[ \t]*-{1,}8<-{1,}.*$", re.MULTILINE),  # include lines
    re.compile(r"\$\$.*?\$\$", re.DOTALL),  # display formulas
    re.compile(r"(?<!\\)\$[^$\n]+?\$"),  # inline formulas
    re.compile(r"(`+).*?\1", re.DOTALL),  # code spans
    re.compile(r"\]\([^)]*\)"),  # link targets
    re.compile(r"<[^>]+>"),  # HTML tags
]


def prose(body: str) -> str:
    """Keep the words of a page body: drop includes, formulas, code, link targets, tags."""
    for pattern in _PROSE_DROP:
        body = pattern.sub(" ", body)
    return body


def term_problems(
    terms: Iterable[Term], source: str, english: str, locale: str, text: str
) -> list[str]:
    """Report checked terms the English body uses but the translation lacks."""
    english_words, here_words = fold(prose(english), source), fold(prose(text), locale)
    problems = []
    for term in terms:
        if not term.check or source not in term.stems:
            continue
        if not any(stem_pattern(s, source).search(english_words) for s in term.stems[source]):
            continue
        if locale not in term.stems:
            problems.append(f"glossary has no {locale} term for {term.names[source]!r}")
        elif not any(stem_pattern(s, locale).search(here_words) for s in term.stems[locale]):
            problems.append(
                f"term: English uses {term.names[source]!r}; "
                f"use the glossary term {term.names[locale]!r} here"
            )
    return problems


# --- report -------------------------------------------------------------------------------


@dataclass
class PageStatus:
    """The translation status of one page in one locale."""

    locale: str
    page: str
    status: str
    problems: list[str] = field(default_factory=list)
    outdated: str | None = None
    recorded: SourceRecord | None = None
    current: str | None = None
    diff: str | None = None

    def as_json(self) -> dict[str, Any]:
        """Return this status as a JSON-ready dict."""
        data: dict[str, Any] = {
            "locale": self.locale,
            "page": self.page,
            "status": self.status,
            "outdated": self.outdated is not None,
            "outdated_reason": self.outdated,
            "problems": self.problems,
            "recorded": None
            if self.recorded is None
            else {"sha256": self.recorded.sha256, "commit": self.recorded.commit},
            "current_sha256": self.current,
        }
        if self.diff is not None:
            data["diff"] = self.diff
        return data


def page_status(pages: _Pages, terms: Sequence[Term], locale: str, page: str) -> PageStatus:
    """Decide the status of one page: missing, drift, outdated or translated."""
    project = pages.project
    english = project.path(project.source, page)
    translated = project.path(locale, page)
    if not english.is_file():
        return PageStatus(
            locale, page, "drift", [f"no English source page {project.source}/{page}"]
        )
    if not translated.is_file():
        return PageStatus(locale, page, "missing", ["falls back to English"])
    body, meta = front_matter(translated)
    english_body, _ = front_matter(english)
    problems = compare(pages, locale, page)
    problems += term_problems(terms, project.source, english_body, locale, body)
    reason = outdated_reason(meta, english)
    status = "drift" if problems else "outdated" if reason else "translated"
    return PageStatus(
        locale,
        page,
        status,
        problems,
        outdated=reason,
        recorded=read_record(meta),
        current=source_hash(english),
    )


def report(
    project: Project, locales: Sequence[str] | None = None, only: Sequence[str] | None = None
) -> list[PageStatus]:
    """Give the status of every English page, and every orphaned translation, per locale."""
    pages = _Pages(project)
    terms = load_glossary(project.glossary) if project.glossary.is_file() else []
    english = project.pages(project.source)
    statuses = []
    for locale in locales or project.locales:
        folder = project.docs / locale
        orphans = [p for p in project.pages(locale) if p not in english] if folder.is_dir() else []
        for page in [*english, *orphans]:
            if not only or page in only:
                statuses.append(page_status(pages, terms, locale, page))
    return statuses


def summary(statuses: Iterable[PageStatus]) -> dict[str, dict[str, int]]:
    """Per locale, how many pages have each status."""
    counts: dict[str, dict[str, int]] = {}
    for item in statuses:
        counts.setdefault(item.locale, dict.fromkeys(STATUSES, 0))[item.status] += 1
    return counts


def failing(statuses: Iterable[PageStatus]) -> list[PageStatus]:
    """Select the statuses that must fail CI: missing pages and drift."""
    return [s for s in statuses if s.status in {"missing", "drift"}]


def render_table(project: Project, statuses: Sequence[PageStatus]) -> str:
    """Render a plain-text table: one row per page and locale, then a summary."""
    rows = [("locale", "page", "status", "details")]
    for item in statuses:
        details = list(item.problems)
        if item.outdated and item.status != "missing":
            details.append(item.outdated)
        rows.append((item.locale, item.page, item.status, details[0] if details else ""))
        rows += [("", "", "", extra) for extra in details[1:]]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines = [f"Translation status against the source locale '{project.source}'", ""]
    for number, row in enumerate(rows):
        cells = [row[i].ljust(widths[i]) for i in range(3)]
        lines.append("  ".join([*cells, row[3]]).rstrip())
        if number == 0:
            lines.append("  ".join("-" * w for w in [*widths, len("details")]))
    lines += ["", "  ".join(["locale".ljust(8), *(s.rjust(10) for s in STATUSES)])]
    for locale, counts in summary(statuses).items():
        lines.append("  ".join([locale.ljust(8), *(str(counts[s]).rjust(10) for s in STATUSES)]))
    return "\n".join(lines) + "\n"


def render_json(project: Project, statuses: Sequence[PageStatus]) -> str:
    """Render the report as JSON: source locale, counts per locale, one entry per page."""
    data = {
        "source_locale": project.source,
        "locales": list(dict.fromkeys(s.locale for s in statuses)),
        "summary": summary(statuses),
        "pages": [s.as_json() for s in statuses],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


# --- command line -------------------------------------------------------------------------


def mark(project: Project, locale: str, page: str) -> SourceRecord:
    """Record the current English revision in a reviewed translation's front matter."""
    english = project.path(project.source, page)
    record = SourceRecord(source_hash(english), commit_of(english))
    write_record(project.path(locale, page), record)
    return record


def _parser() -> argparse.ArgumentParser:
    """Define the ``report`` (default) and ``mark`` commands."""
    parser = argparse.ArgumentParser(
        prog="translations",
        description="Translation status per locale and page, and the record of reviewed pages.",
    )
    parser.add_argument("--config", type=Path, default=CONFIG, help="mkdocs.yml to read")
    commands = parser.add_subparsers(dest="command")
    show = commands.add_parser("report", help="status per locale and page (the default)")
    show.add_argument("--format", choices=("table", "json"), default="table")
    show.add_argument("--output", type=Path, help="write the report to this file")
    show.add_argument("--locale", action="append", help="only this locale (repeatable)")
    show.add_argument("--page", action="append", help="only this page, e.g. laplace.md")
    show.add_argument(
        "--diff", action="store_true", help="show the English changes of outdated pages"
    )
    record = commands.add_parser(
        "mark", help="record the English revision a page was checked against"
    )
    record.add_argument("locale", nargs="?", help="locale of the reviewed pages, e.g. nl")
    record.add_argument("pages", nargs="*", help="pages relative to the locale folder")
    record.add_argument(
        "--all-current",
        action="store_true",
        help="mark every existing translation of every locale as reviewed",
    )
    return parser


def _run_mark(project: Project, args: argparse.Namespace) -> int:
    """Mark reviewed pages; refuse missing and drifted ones, which need work first."""
    if args.all_current == bool(args.locale):
        print("mark: give a locale and pages, or --all-current", file=sys.stderr)
        return 2
    if args.all_current:
        targets = [
            (s.locale, s.page)
            for s in report(project)
            if s.status in {"translated", "outdated", "drift"}
        ]
    else:
        if args.locale not in project.locales:
            print(
                f"mark: unknown locale {args.locale!r}; known: {list(project.locales)}",
                file=sys.stderr,
            )
            return 2
        if not args.pages:
            print("mark: name the reviewed pages, e.g. laplace.md", file=sys.stderr)
            return 2
        targets = [(args.locale, page) for page in args.pages]
    pages = _Pages(project)
    terms = load_glossary(project.glossary) if project.glossary.is_file() else []
    code = 0
    for locale, page in targets:
        status = page_status(pages, terms, locale, page)
        if status.status in {"missing", "drift"}:
            print(f"not marked {locale}/{page}: {status.status}", file=sys.stderr)
            for problem in status.problems:
                print(f"    {problem}", file=sys.stderr)
            code = 1
            continue
        record = mark(project, locale, page)
        commit = record.commit or "no commit (English file not committed as is)"
        print(f"marked {locale}/{page}: source {record.sha256}, {commit}")
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; exit status 1 when pages are missing or drifted."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    commands = {"report", "mark"}
    global_options = []
    while arguments and arguments[0].startswith("--config"):
        take = 1 if "=" in arguments[0] else 2
        global_options += arguments[:take]
        arguments = arguments[take:]
    if not arguments or arguments[0] not in commands | {"-h", "--help"}:
        arguments.insert(0, "report")
    args = _parser().parse_args([*global_options, *arguments])
    project = load_project(args.config.resolve())
    if args.command == "mark":
        return _run_mark(project, args)
    unknown = [loc for loc in args.locale or [] if loc not in project.locales]
    if unknown:
        print(
            f"report: unknown locale(s) {unknown}; known: {list(project.locales)}", file=sys.stderr
        )
        return 2
    statuses = report(project, args.locale, args.page)
    if args.diff:
        for item in statuses:
            if item.outdated and item.status != "missing":
                item.diff = english_diff(project, item.locale, item.page)
    if args.format == "json":
        text = render_json(project, statuses)
    else:
        text = render_table(project, statuses)
        for item in statuses:
            if item.diff is not None:
                text += f"\n=== {item.locale}/{item.page}: English changes since the translation\n"
                text += item.diff if item.diff.endswith("\n") else item.diff + "\n"
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 1 if failing(statuses) else 0


if __name__ == "__main__":
    sys.exit(main())
