"""Every chapter links its key terms to the glossary and ends with further reading.

The chapters are the navigation's course (``tests/docs_sources.chapters``). The rules are
checked on the English source; that each translation keeps its headings in English's order and
links where the English does (the glossary terms and the same works) is the translation
report's (``docs/hooks/l10n``, its ``headings`` and ``links`` rules).
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import DOCS
from tests.docs_sources import chapters

GLOSSARY_LINK = re.compile(r"\]\(glossary\.md#([^)\s]+)\)")
POINTER = re.compile(r"^- .*\]\((https://[^)\s]+)\)", re.MULTILINE)
SECTION = re.compile(r"^## .+? \{ #([\w-]+) \}$", re.MULTILINE)


def english(chapter: str) -> str:
    return (DOCS / "en" / f"{chapter}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("chapter", chapters())
def test_key_terms_link_to_the_glossary_once(chapter: str) -> None:
    anchors = GLOSSARY_LINK.findall(english(chapter))
    assert 3 <= len(anchors) <= 6, anchors
    assert len(set(anchors)) == len(anchors), anchors
    terms = set(re.findall(r"^### .+? \{ #([\w-]+) \}$", english("glossary"), re.MULTILINE))
    assert set(anchors) <= terms, sorted(set(anchors) - terms)


@pytest.mark.parametrize("chapter", chapters())
def test_further_reading_comes_right_before_the_summary(chapter: str) -> None:
    text = english(chapter)
    ids = SECTION.findall(text)
    assert ids[-2:] == ["further-reading", "what-you-can-do-now"], ids
    section = text.partition("{ #further-reading }\n")[2].partition("\n## ")[0]
    assert 2 <= len(POINTER.findall(section)) <= 3, section
