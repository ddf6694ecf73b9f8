"""What a page is made of, beyond its words: rendered once with the site's Markdown settings.

A page is converted with the same extensions as the build (includes left as lines) and the
HTML is read with BeautifulSoup. The result, a :class:`Structure`, is what must match between
a translation and its English source; :mod:`l10n.compare` holds the rules that compare it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import markdown
from bs4 import BeautifulSoup, Tag
from mkdocs.utils.meta import get_data

from .inline import Span, spans
from .project import Project
from .units import Unit, units

INCLUDE = re.compile(r'^[ \t]*-{1,}8<-{1,}[ \t]+"([^"\n]+)"[ \t]*$', re.MULTILINE)
PLACEHOLDER = re.compile(r"\{(\w+)\}")  # {example} in widget texts, filled in by the scripts
_EXPLICIT_ID = re.compile(r"\{[^}]*#[\w-]+[^}]*\}[ \t]*$")
_LETTERS = re.compile(r"[^\W\d_]{2,}")


def has_words(text: str) -> bool:
    """Tell whether a text has words to translate once its ``{placeholders}`` are left out."""
    return bool(_LETTERS.search(PLACEHOLDER.sub("", text)))


@dataclass(frozen=True)
class Heading:
    """One heading: its level, id, text, and whether its id is written out as ``{ #id }``."""

    level: int
    id: str
    text: str
    explicit: bool
    line: int = 1  # in the file, front matter included


@dataclass(frozen=True)
class Widget:
    """One ``dp-`` widget: its classes, ``data-`` attributes, and attribute names that broke."""

    classes: tuple[str, ...]
    data: dict[str, str] = field(hash=False)
    broken: tuple[tuple[str, str], ...] = ()  # (attribute a straight '"' ended, what followed)

    def placeholders(self, attribute: str) -> frozenset[str]:
        """Return the ``{placeholders}`` of one attribute value."""
        return frozenset(PLACEHOLDER.findall(self.data.get(attribute, "")))


@dataclass(frozen=True)
class Structure:
    """What must match between a page and its English source."""

    path: Path
    lines: tuple[str, ...]  # the file's lines, to name the line of a finding
    includes: tuple[str, ...]
    headings: tuple[Heading, ...]
    ids: frozenset[str]
    links: tuple[str, ...]
    images: tuple[str, ...]
    admonitions: tuple[str, ...]
    widgets: tuple[Widget, ...]
    exercises: tuple[str, ...]  # exercise ids and their "id:option"s, in page order
    placeholders: dict[str, frozenset[str]] = field(hash=False)  # per exercise, outside formulas
    inline_math: tuple[Span, ...]  # read from the Markdown (l10n.inline), with their lines
    display_math: tuple[str, ...]
    inline_code: tuple[Span, ...]
    units: tuple[Unit, ...]  # paragraphs, list items, headings... (l10n.units)

    def near(self, english: Structure, line: int) -> int:
        """Return the line here of the heading above ``line`` of the English page (else 1)."""
        above = [i for i, h in enumerate(english.headings) if h.line <= line]
        if not above or len(english.headings) != len(self.headings):
            return 1
        return self.headings[above[-1]].line

    def line_of(self, *needles: str) -> int:
        """Return the first line (1-based) holding every needle; 1 when none does."""
        for number, line in enumerate(self.lines, 1):
            if all(n in line for n in needles):
                return number
        return 1


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


def _tex(element: Tag) -> str:
    """Return the TeX of an arithmatex element, whitespace-normalised and without its delimiters."""
    tex = " ".join(element.get_text().split())
    if tex[:2] in {"\\(", "\\["} and tex[-2:] in {"\\)", "\\]"}:
        tex = tex[2:-2].strip()
    return tex


def _classes(tag: Tag) -> list[str]:
    """Return the class list of a tag."""
    value = tag.get("class")
    return list(value) if isinstance(value, list) else str(value or "").split()


def _widget(tag: Tag) -> Widget:
    """Collect a widget's ``data-`` attributes and any attribute an unescaped quote produced."""
    attrs = {str(k): str(v) for k, v in tag.attrs.items()}
    broken = [(a, b) for a, b in pairwise(attrs) if '"' in b and '"' not in a]  # b: 'hi"'.
    return Widget(
        classes=tuple(c for c in _classes(tag) if c.startswith("dp-")),
        data={k: v for k, v in attrs.items() if k.startswith("data-")},
        broken=tuple(broken),
    )


def structure(project: Project, path: Path, text: str | None = None) -> Structure:
    """Render one page (``text``, else the file) with the site's Markdown settings; collect it."""
    text = path.read_text(encoding="utf-8") if text is None else text
    body, _ = get_data(text)
    formulas, codes = spans(text)
    md = _markdown(project)
    md.reset()
    soup = BeautifulSoup(md.convert(body), "html.parser")
    parts = units(text)
    lines = [(u.line, u.text) for u in parts if u.kind == "heading"]
    tokens = list(_flatten(getattr(md, "toc_tokens", [])))
    lines += [(1, "")] * (len(tokens) - len(lines))  # headings written as HTML
    headings = tuple(
        Heading(level, ident, name, bool(_EXPLICIT_ID.search(lines[i][1])), lines[i][0])
        for i, (level, ident, name) in enumerate(tokens)
    )
    exercises: list[str] = []
    for tag in soup.find_all("div"):
        if tag.has_attr("data-exercise"):
            exercises.append(str(tag["data-exercise"]))
        elif tag.get("data-part") == "option" and exercises:
            exercises.append(f"{exercises[-1].split(':')[0]}:{tag.get('data-option')}")
    admonitions = [
        " ".join(c for c in _classes(tag) if c != "admonition")
        for tag in soup.find_all(["div", "details"])
        if tag.name == "details" or "admonition" in _classes(tag)
    ]
    math = soup.select(".arithmatex")
    return Structure(
        path=path,
        lines=tuple(text.split("\n")),
        includes=tuple(INCLUDE.findall(body)),
        headings=headings,
        ids=frozenset(str(t["id"]) for t in soup.find_all(id=True)),
        links=tuple(str(a["href"]) for a in soup.find_all("a", href=True)),
        images=tuple(str(img.get("src", "")) for img in soup.find_all("img")),
        admonitions=tuple(admonitions),
        widgets=tuple(
            _widget(t) for t in soup.find_all(True) if any(c.startswith("dp-") for c in _classes(t))
        ),
        exercises=tuple(exercises),
        placeholders={
            str(tag["data-exercise"]): frozenset(
                name
                for string in tag.find_all(string=True)
                if not string.find_parent(class_="arithmatex")
                for name in PLACEHOLDER.findall(str(string))
            )
            for tag in soup.find_all("div", attrs={"data-exercise": True})
        },
        inline_math=tuple(formulas),
        display_math=tuple(_tex(m) for m in math if m.name == "div"),
        inline_code=tuple(codes),
        units=tuple(parts),
    )


class Pages:
    """Structures of the project's pages, each rendered once."""

    def __init__(self, project: Project) -> None:
        """Start with an empty cache for ``project``."""
        self.project = project
        self._cache: dict[tuple[Path, str | None], Structure] = {}

    def get(self, path: Path, text: str | None = None) -> Structure:
        """Return the structure of one page file, or of an older ``text`` of it."""
        if (path, text) not in self._cache:
            self._cache[path, text] = structure(self.project, path, text)
        return self._cache[path, text]

    def shown(self, locale: str, page: str) -> Path | None:
        """Return the file readers of ``locale`` get for ``page``: translation, else English."""
        for candidate in (locale, self.project.source):
            path = self.project.path(candidate, page)
            if path.is_file():
                return path
        return None
