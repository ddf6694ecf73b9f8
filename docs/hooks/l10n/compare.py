"""The rules a translated page must keep: one comparator per part of its structure.

Each comparator takes the English and the translated :class:`Structure` and returns
:class:`Problem` s naming the file, the line and the fix. :data:`COMPARATORS` is the table the
report runs; adding a rule means adding one function and one row.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise

from .glossary import Term, term_problems
from .links import asset, external, link_key
from .problem import Problem
from .project import time_pattern
from .structure import Pages, Structure
from .texts import Context, Rule, formulas, number_convention, quotes, widgets
from .units import sections

#: A link's text, and what finds its line in the English page and in this one.
Link = tuple[str, str, str]


def _spaced(lines: Sequence[str]) -> str:
    """Join a page's lines with no-break spaces (U+00A0, U+202F) read as plain spaces."""
    return "\n".join(lines).replace("\u00a0", " ").replace("\u202f", " ")


def _sequence(
    what: str, english: Sequence[str], here: Sequence[str], ctx: Context, s: Structure
) -> list[Problem]:
    """Compare two ordered lists; name the first item that is missing, extra or moved."""
    if list(english) == list(here):
        return []
    missing = [x for x in english if x not in here]
    extra = [x for x in here if x not in english]
    if missing:
        index = list(english).index(missing[0])
        before = english[index - 1] if index else None
        known = before is not None and before in here
        line = s.line_of(before) if known and before else 1
        what = f"{what} {missing[0]!r} of the English is missing here, "
        what += f"after {before!r}" if known else "at the start"
        fix = f"add it (English order: {list(english)}); `sync` copies a new one from English"
    elif extra:
        line, what = s.line_of(extra[0]), f"{what}: {extra[0]!r} is not in English"
        fix = f"remove it or keep it as in English ({list(english)})"
    else:
        line = s.line_of(next(x for x, y in zip(english, here, strict=True) if x != y))
        what = f"{what} are in another order than in English"
        fix = f"keep the English order {list(english)}"
    return [Problem(ctx.file, line, what, fix)]


def includes(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Snippet includes (``--8<--``) must be the same files in the same order."""
    return _sequence("example include", en.includes, here.includes, ctx, here)


def headings(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Headings must match in number and level, and carry the English ids."""
    if [h.level for h in en.headings] != [h.level for h in here.headings]:
        pairs = zip(en.headings, here.headings, strict=False)
        first = next((b for a, b in pairs if a.level != b.level), None)
        line = first.line if first else here.headings[-1].line if here.headings else 1
        counts = Counter(h.level for h in en.headings), Counter(h.level for h in here.headings)
        fix = "keep the English headings and levels"
        whats = [
            f"h{level} headings: {counts[0][level]} in English, {counts[1][level]} here"
            for level in range(1, 7)
            if counts[0][level] != counts[1][level]
        ] or ["heading levels are in another order than in English"]
        return [Problem(ctx.file, line, what, fix) for what in whats]
    problems = []
    for number, (a, b) in enumerate(zip(en.headings, here.headings, strict=True), 1):
        fix = f"end the heading with {{ #{a.id} }}"
        if a.id != b.id:
            what = f"heading {number} {b.text!r} has id #{b.id}; English has #{a.id}"
            problems.append(Problem(ctx.file, b.line, what, fix))
        elif a.explicit and not b.explicit:
            what = f"heading {number} {b.text!r} has no explicit id"
            problems.append(Problem(ctx.file, b.line, what, fix))
    return problems


def blocks(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Admonition types, widget classes and exercise ids must match."""
    widgets, ours = ([" ".join(w.classes) for w in page.widgets] for page in (en, here))
    return [
        *_sequence("admonition", en.admonitions, here.admonitions, ctx, here),
        *_sequence("widget", widgets, ours, ctx, here),
        *_sequence("exercise", en.exercises, here.exercises, ctx, here),
    ]


def images(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Images: the same files, each existing here or in English."""
    project, problems, resolved = ctx.pages.project, [], []
    for src in here.images:
        target, exists = asset(ctx.pages, ctx.locale, ctx.page, src)
        resolved.append(target)
        if not exists:
            what = f"image {src!r} does not exist"
            problems.append(Problem(ctx.file, here.line_of(src), what, "fix the path"))
    english = [asset(ctx.pages, project.source, ctx.page, src)[0] for src in en.images]
    return problems + _sequence("image", english, resolved, ctx, here)


def links(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Check that links lead where the English ones do: pages and anchors, other sites.

    Internal links compare by (page, anchor), so a link may be worded and placed freely; a
    link to another site (a further reading, a source) must be English's address exactly. A
    broken link the English has too is left to the English (an older English, in the check
    of an outdated translation, may link to a heading renamed since).
    """
    pages, source = ctx.pages, ctx.pages.project.source
    problems: list[Problem] = []

    def shown(target: str, anchor: str) -> Link:
        link = f"{target}#{anchor}" if anchor else target
        return link, anchor or target.rsplit("/", 1)[-1], anchor or target

    english = Counter(
        shown(*link_key(pages, en, source, ctx.page, h, [])) for h in en.links if not external(h)
    )
    ours: Counter[Link] = Counter()
    for href in filter(lambda h: not external(h), here.links):
        broken: list[Problem] = []
        key = shown(*link_key(pages, here, ctx.locale, ctx.page, href, broken))
        ours[key] += 1
        problems += [] if key in english else broken
    away, ours_away = (Counter((h, h, h) for h in page.links if external(h)) for page in (en, here))
    for theirs, mine, fix in (
        (english, ours, "link where the English does"),
        (away, ours_away, "link to the address the English links to"),
    ):
        for (link, needle, _), count in (theirs - mine).items():
            line = en.line_of(needle)
            what = f"the English links to {link} ({count}×, English line {line})"
            what += ", this page does not"
            fix_it = f"link to {link} where the English does"
            problems.append(Problem(ctx.file, here.near(en, line), what, fix_it))
        for (link, _, needle), count in (mine - theirs).items():
            what = f"link to {link} ({count}×) is not in English"
            problems.append(Problem(ctx.file, here.line_of(needle), what, fix))
    return problems


def paragraphs(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Each section keeps at least the English number of paragraphs and list items.

    A lost paragraph, or two joined into one, shows here; an added one (a note for readers of
    the language) does not.
    """
    en_sections, here_sections = sections(list(en.units)), sections(list(here.units))
    if len(en_sections) != len(here_sections):
        return []  # the headings rule reports it
    problems = []
    for (_, a), (mine, b) in zip(en_sections, here_sections, strict=True):
        count_a, count_b = (sum(u.kind in ("para", "item") for u in units) for units in (a, b))
        if count_b < count_a:
            title = re.sub(r"\s*\{[^}]*\}\s*$", "", mine.text.strip("# ")) if mine else ""
            name = f"section {title!r}" if mine else "the top of the page"
            what = f"{name} has {count_b} paragraphs and list items here, {count_a} in English"
            fix = "translate each English paragraph and list item as one (one is lost or joined)"
            problems.append(Problem(ctx.file, mine.line if mine else 1, what, fix))
    return problems


def admonition_bodies(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Find admonitions whose text is not indented under the ``!!!`` line: an empty box."""
    problems = []
    for unit, after in pairwise(here.units):
        indent = len(unit.text) - len(unit.text.lstrip())
        if unit.kind == "admonition" and len(after.text) - len(after.text.lstrip()) <= indent:
            what = f"the admonition {unit.text.strip()!r} has no indented text: its box is empty"
            fix = f"indent the text under it by four spaces (line {after.line})"
            problems.append(Problem(ctx.file, unit.line, what, fix))
    return problems


def exercise_placeholders(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Each exercise keeps the English ``{placeholders}`` in its text; never a typed value."""
    problems = []
    for exercise, names in here.placeholders.items():
        english = en.placeholders.get(exercise, names)
        line = here.line_of(f'data-exercise="{exercise}"')
        for name in sorted(english - names):
            what = f"exercise {exercise!r}: {{{name}}} of the English is missing here"
            fix = f"write {{{name}}}, which the build fills in the {ctx.locale} way; never a value"
            problems.append(Problem(ctx.file, line, what, fix))
        for name in sorted(names - english):
            what = f"exercise {exercise!r}: {{{name}}} is not in English (the build stops on it)"
            problems.append(
                Problem(ctx.file, line, what, f"spell it as in English: {sorted(english)}")
            )
    return problems


def time_line(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Find a chapter time line not written as ``chrome.time_line``: the home total misses it."""
    source = ctx.pages.project.language(ctx.pages.project.source)
    if not source.time_line or not time_pattern(source.time_line).search(_spaced(en.lines)):
        return []
    line = ctx.language.time_line or source.time_line
    if time_pattern(line).search(_spaced(here.lines)):
        return []
    where = here.near(en, en.line_of(source.time_line.split("{")[0].strip()))
    what = f"no line states the time as chrome.time_line ({line!r}): the home page total misses it"
    return [Problem(ctx.file, where, what, "write the time line as chrome.time_line says")]


def terms(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Find checked glossary terms the English page uses and this one does not."""
    source = ctx.pages.project.source
    return term_problems(ctx.terms, source, en, ctx.locale, here, ctx.file)


#: The rules, a lost block first: what follows from it (its formulas, its links) comes after.
COMPARATORS: tuple[Rule, ...] = (
    includes,
    headings,
    blocks,
    paragraphs,
    admonition_bodies,
    formulas,
    number_convention,
    quotes,
    widgets,
    exercise_placeholders,
    images,
    links,
    time_line,
    terms,
)


def compare(
    pages: Pages, locale: str, page: str, terms: Sequence[Term] = (), english: str | None = None
) -> list[Problem]:
    """Run every comparator on ``locale``'s page against the English (or an older ``english``)."""
    project = pages.project
    en = pages.get(project.path(project.source, page), english)
    here = pages.get(project.path(locale, page))
    language = project.language(locale)
    ctx = Context(pages, locale, page, language, tuple(project.languages), tuple(terms))
    return [problem for rule in COMPARATORS for problem in rule(en, here, ctx)]
