"""The rules a translated page must keep: one comparator per part of its structure.

Each comparator takes the English and the translated :class:`Structure` and returns
:class:`Problem` s naming the file, the line and the fix. :data:`COMPARATORS` is the table the
report runs; adding a rule means adding one function and one row.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .links import asset, external, link_key
from .problem import Problem
from .structure import Pages, Structure
from .texts import Context, Rule, formulas, number_convention, quotes, widgets


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
        where = f"after {before!r}" if before in here else "at the start"
        return [
            Problem(
                ctx.file,
                s.line_of(before) if before in here and before else 1,
                f"{what} {missing[0]!r} of the English is missing here, {where}",
                f"add it back (English order: {list(english)})",
            )
        ]
    if extra:
        return [
            Problem(
                ctx.file,
                s.line_of(extra[0]),
                f"{what}: {extra[0]!r} is not in English",
                f"remove it or keep it as in English ({list(english)})",
            )
        ]
    return [
        Problem(
            ctx.file,
            1,
            f"{what} are in another order than in English",
            f"keep the English order {list(english)}",
        )
    ]


def includes(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Snippet includes (``--8<--``) must be the same files in the same order."""
    return _sequence("example include", en.includes, here.includes, ctx, here)


def headings(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Headings must match in number and level, and carry the English ids."""
    if [h.level for h in en.headings] != [h.level for h in here.headings]:
        counts = Counter(h.level for h in en.headings), Counter(h.level for h in here.headings)
        return [
            Problem(
                ctx.file,
                1,
                f"h{level} headings: {counts[0][level]} in English, {counts[1][level]} here",
                "keep the English headings and levels",
            )
            for level in range(1, 7)
            if counts[0][level] != counts[1][level]
        ] or [
            Problem(
                ctx.file,
                1,
                "heading levels are in another order than in English",
                "keep the English heading levels",
            )
        ]
    problems = []
    for number, (a, b) in enumerate(zip(en.headings, here.headings, strict=True), 1):
        line = b.line
        if a.id != b.id:
            problems.append(
                Problem(
                    ctx.file,
                    line,
                    f"heading {number} {b.text!r} has id #{b.id}; English has #{a.id}",
                    f"end the heading with {{ #{a.id} }}",
                )
            )
        elif a.explicit and not b.explicit:
            problems.append(
                Problem(
                    ctx.file,
                    line,
                    f"heading {number} {b.text!r} has no explicit id",
                    f"end the heading with {{ #{a.id} }}",
                )
            )
    return problems


def blocks(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Admonition types, widget classes and exercise ids must match."""
    return [
        *_sequence("admonition", en.admonitions, here.admonitions, ctx, here),
        *_sequence(
            "widget",
            [" ".join(w.classes) for w in en.widgets],
            [" ".join(w.classes) for w in here.widgets],
            ctx,
            here,
        ),
        *_sequence("exercise", en.exercises, here.exercises, ctx, here),
    ]


def images(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Images: the same files, each existing here or in English."""
    project = ctx.pages.project
    problems = []
    resolved = []
    for src in here.images:
        target, exists = asset(ctx.pages, ctx.locale, ctx.page, src)
        resolved.append(target)
        if not exists:
            problems.append(
                Problem(
                    ctx.file, here.line_of(src), f"image {src!r} does not exist", "fix the path"
                )
            )
    english = [asset(ctx.pages, project.source, ctx.page, src)[0] for src in en.images]
    return problems + _sequence("image", english, resolved, ctx, here)


def links(en: Structure, here: Structure, ctx: Context) -> list[Problem]:
    """Check that links lead where the English ones do: pages and anchors, other sites.

    Internal links compare by (page, anchor), so a link may be worded and placed freely; a
    link to another site (a further reading, a source) must be English's address exactly.
    """
    pages, source = ctx.pages, ctx.pages.project.source
    problems: list[Problem] = []
    ignored: list[Problem] = []
    english = Counter(
        link_key(pages, en, source, ctx.page, h, ignored) for h in en.links if not external(h)
    )
    ours = Counter(
        link_key(pages, here, ctx.locale, ctx.page, h, problems)
        for h in here.links
        if not external(h)
    )
    for (target, anchor), count in (english - ours).items():
        link = f"{target}#{anchor}" if anchor else target
        problems.append(
            Problem(
                ctx.file,
                1,
                f"the English links to {link} ({count}×, English line "
                f"{en.line_of(anchor or target.rsplit('/', 1)[-1])}), this page does not",
                f"link to {link} where the English does",
            )
        )
    for (target, anchor), count in (ours - english).items():
        link = f"{target}#{anchor}" if anchor else target
        problems.append(
            Problem(
                ctx.file,
                here.line_of(anchor or target),
                f"link to {link} ({count}×) is not in English",
                "link where the English does",
            )
        )
    away = Counter(h for h in en.links if external(h))
    ours_away = Counter(h for h in here.links if external(h))
    for href, count in (away - ours_away).items():
        problems.append(
            Problem(
                ctx.file,
                1,
                f"the English links to {href} ({count}×, English line {en.line_of(href)}), "
                "this page does not",
                f"link to {href} where the English does",
            )
        )
    for href, count in (ours_away - away).items():
        problems.append(
            Problem(
                ctx.file,
                here.line_of(href),
                f"link to {href} ({count}×) is not in English",
                "link to the address the English links to",
            )
        )
    return problems


COMPARATORS: tuple[Rule, ...] = (
    includes,
    headings,
    formulas,
    number_convention,
    quotes,
    blocks,
    widgets,
    images,
    links,
)


def compare(pages: Pages, locale: str, page: str) -> list[Problem]:
    """Run every comparator on ``locale``'s page against the English one."""
    project = pages.project
    english = pages.get(project.path(project.source, page))
    here = pages.get(project.path(locale, page))
    ctx = Context(pages, locale, page, project.language(locale), tuple(project.languages))
    return [problem for rule in COMPARATORS for problem in rule(english, here, ctx)]
