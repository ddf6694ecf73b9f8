"""A copy of the project with a language in progress, made the way a volunteer makes one.

``make(destination)`` copies the repository, runs the translation tool's ``new`` with the
reserved tag ``de-QQ`` (no real language or locale has it, so the fixture never collides
with one a volunteer adds), sets ``decimal: ","`` and ``formula_decimal: "{,}"``, translates
the strings of the settings file (all but the figures') and two pages (``index.md`` and
:data:`CHAPTER`), and marks both pages.

The translation is a pseudo-translation: every Latin letter of the prose becomes an accented
one (``sensitivity`` → ``šéñšítívítý``), a colon after a word gets a no-break space before it
(French typography, U+00A0), decimals are written with a comma (``0,5`` in prose, ``0{,}5`` in
a formula) and thousands are grouped with a narrow no-break space (``10 000``, U+202F). What a
translator keeps stays byte for byte: includes, code, formulas (but their decimals),
``{placeholders}``, heading ids, link targets, HTML tags and their attributes. So the copy
follows today's English, and the whole test suite and the browser tests run on it (``python3
noxfile.py -s new_language``): a language in progress with one chapter and a decimal comma
must keep every check green.

Run as ``python -m tests.fixture_language DESTINATION`` to make the copy (not built).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The fixture's language tag: German of the region QQ, which ISO 3166 reserves for private
#: use, so no real locale has it. Every tool reads it as a real tag: mkdocs-static-i18n takes
#: only two-letter languages (not ISO 639-2's local-use codes qaa-qtz), axe-core checks the
#: language against ISO 639 (a made-up ``qq`` fails ``html-lang-valid``), and the browser
#: writes its numbers like German's, with the decimal comma the fixture sets.
CODE = "de-QQ"
NAME = "Pseudo (QQ)"
#: The chapter the fixture translates besides the home page.
CHAPTER = "anonymisation.md"
PAGES = ("index.md", CHAPTER)
SKIP = shutil.ignore_patterns(
    ".git", ".nox", "site", "node_modules", ".*_cache", ".hypothesis", "*.egg-info", "__pycache__"
)

_LETTERS = str.maketrans(
    "aceinosuyzACEINOSUYZ",
    "áçéíñóšúýžÁÇÉÍÑÓŠÚÝŽ",
)
#: A decimal or grouped number of English prose (``0.5``, ``10,000``, ``−1.5``).
_NUMBER = re.compile(r"(?<![\w.,])\d+(?:,\d{3})+(?:\.\d+)?(?![\w,])|(?<![\w.,])\d+\.\d+(?![\w.])")
#: What a translator keeps inside a line: code, math, attribute lists and placeholders, link
#: targets, tags, entities, the home page's ``[[markers]]``, bare addresses, version numbers.
_KEEP = re.compile(
    r"`[^`]*`"
    r"|\$[^$]+\$"
    r"|\{[^{}\n]*\}"
    r"|\]\([^)\s]*\)"
    r"|<[^>\n]+>"
    r"|&\w+;"
    r"|\[\[[\w-]+\]\]"
    r"|https?://\S+"
    r"|\d+\.\d+\.\d+"
)
#: Lines kept whole: includes, admonition and block openers' keywords, tables' rules.
_KEEP_LINE = re.compile(r"^\s*(?:--8<--|\|?\s*:?-{3,}|<!--|-->)")
_ADMONITION = re.compile(r"^(\s*(?:!!!|\?\?\?\+?)\s+[\w-]+(?:\s+[\w-]+)*)(.*)$")


def pseudo(text: str) -> str:
    """Pseudo-translate plain prose: accented letters, a no-break space before a colon."""
    text = text.translate(_LETTERS)
    return re.sub(r"(?<=[^\W\d_]):(?=\s|\*|$)", "\u00a0:", text)


def _prose(segment: str) -> str:
    """A stretch of prose between kept spans: its numbers the comma way, its words pseudo."""
    out, at = [], 0
    for number in _NUMBER.finditer(segment):
        out += [pseudo(segment[at : number.start()])]
        whole, _, fraction = number.group(0).partition(".")
        out += [whole.replace(",", "\u202f") + ("," + fraction if fraction else "")]
        at = number.end()
    return "".join([*out, pseudo(segment[at:])])


def _formula(span: str) -> str:
    """A formula as a comma language writes it: ``0.5`` → ``0{,}5``."""
    return re.sub(r"(?<=\d)\.(?=\d)", "{,}", span)


def _line(line: str) -> str:
    """Translate one line of prose, keeping what a translator keeps."""
    if _KEEP_LINE.match(line):
        return line
    head = ""
    if found := _ADMONITION.match(line):
        head, line = found.group(1), found.group(2)
    out, at = [head], 0
    for kept in _KEEP.finditer(line):
        out.append(_prose(line[at : kept.start()]))
        span = kept.group(0)
        out.append(_formula(span) if span.startswith("$") else span)
        at = kept.end()
    out.append(_prose(line[at:]))
    return "".join(out)


def translate_markdown(text: str) -> str:
    """Pseudo-translate a page of ``docs/en/``; structure, code and formulas stay English's."""
    lines = text.split("\n")
    out: list[str] = []
    front = lines[0] == "---"
    display = False
    for number, line in enumerate(lines):
        if front:
            if number > 0 and line == "---":
                front = False
            elif line.startswith("title:"):
                value = line.removeprefix("title:").strip()
                quoted = value.startswith('"')
                value = _line(value.strip('"'))
                line = f'title: "{value}"' if quoted or ":" in value else f"title: {value}"
            out.append(line)
        elif line.strip().startswith("$$"):
            display = not display if line.strip() == "$$" else display
            out.append(_formula(line))
        elif display:
            out.append(_formula(line))
        else:
            out.append(_line(line))
    return "\n".join(out)


def translate_settings(text: str) -> str:
    """Pseudo-translate the strings of a scaffolded settings file; set the decimal comma.

    Keys listed under ``keep_english`` and the settings (name, state, fonts) stay as they are,
    and so does the ``figures`` section: a volunteer who has not reached it yet, whose
    English ``{a}, {b}`` the build must still write with the decimal comma's separator.
    """
    keep = set(re.findall(r"^\s+- ([\w.]+)$", text, re.MULTILINE))
    out: list[str] = []
    path: list[tuple[int, str]] = []
    for line in text.split("\n"):
        found = re.match(r'^( *)([\w-]+): (?:"(.*)"|(.*))$', line)
        if line.startswith("decimal:"):
            line = 'decimal: ","'
        elif line.startswith("formula_decimal:"):
            line = 'formula_decimal: "{,}"'
        elif found:
            indent = len(found.group(1))
            path = [(depth, key) for depth, key in path if depth < indent]
            path.append((indent, found.group(2)))
            dotted = ".".join(key for _, key in path)
            value = found.group(3)
            if value is not None and indent and dotted not in keep and path[0][1] != "figures":
                # Numbers listed in a translated string are separated the way a decimal-comma
                # language needs: "{a}; {b}" (the build refuses "{a}, {b}", one number).
                value = re.sub(r"\}, \{", "}; {", value)
                line = f'{found.group(1)}{found.group(2)}: "{_line(value)}"'
            elif value is not None and found.group(2) == "site_description":
                line = f'site_description: "{_line(value)}"'
        out.append(line)
    return "\n".join(out)


def _run(root: Path, *args: str) -> None:
    """Run the translation tool of ``root`` as ``python3 noxfile.py -s translations`` does."""
    done = subprocess.run(
        [sys.executable, "-m", "l10n", *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": f"{root / 'docs' / 'hooks'}:{root}", "PATH": "/usr/bin:/bin"},
    )
    if done.returncode != 0:
        raise RuntimeError(f"l10n {' '.join(args)} failed:\n{done.stdout}{done.stderr}")


def make(
    destination: Path,
    source: Path = ROOT,
    edit: Callable[[Path], None] | None = None,
    code: str = CODE,
) -> Path:
    """Copy ``source`` to ``destination`` with the language in progress ``code``; return it.

    The build's caches (``.cache``) are copied too, so the copy's build executes no notebook
    that ``source``'s build already executed. ``edit`` may change the copy before the tool runs.
    ``code`` is :data:`CODE` unless ``source`` declares it already (a copy made by this module).
    """
    shutil.copytree(source, destination, ignore=SKIP, symlinks=True)
    if edit is not None:
        edit(destination)
    _run(destination, "new", code, NAME)
    settings = destination / "dplesson" / "locales" / f"{code}.yml"
    settings.write_text(translate_settings(settings.read_text(encoding="utf-8")), "utf-8")
    for page in PAGES:
        english = (destination / "docs" / "en" / page).read_text(encoding="utf-8")
        (destination / "docs" / code / page).write_text(translate_markdown(english), "utf-8")
    _run(destination, "mark", code, *PAGES)
    return destination


if __name__ == "__main__":
    print(make(Path(sys.argv[1]).resolve()))
