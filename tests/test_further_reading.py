"""Every content chapter links its key terms to the glossary and ends with further reading."""

from __future__ import annotations

import re

import pytest

from tests.conftest import DOCS, LOCALES
from tests.test_course_order import chapters

#: Every numbered chapter of the course, from the nav (tests/test_course_order.py reads it).
CHAPTERS = [page.removesuffix(".md") for page in chapters()]
FURTHER_READING = {
    "en": "Further reading",
    "nl": "Verder lezen",
    "de": "Zum Weiterlesen",
    "tr": "İleri okuma",
    "zh": "延伸阅读",
}
GLOSSARY_LINK = re.compile(r"\]\(glossary\.md#([^)\s]+)\)")
POINTER = re.compile(r"^- .*\]\((https://[^)\s]+)\)", re.MULTILINE)


def headings(text: str) -> list[str]:
    """The second-level headings of a page, in order."""
    return re.findall(r"^## (.+?)(?: \{ #[^}]+ \})?$", text, re.MULTILINE)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_key_terms_link_to_the_glossary_once(locale: str, chapter: str) -> None:
    text = (DOCS / locale / f"{chapter}.md").read_text(encoding="utf-8")
    anchors = GLOSSARY_LINK.findall(text)
    assert 3 <= len(anchors) <= 6, anchors
    assert len(set(anchors)) == len(anchors), anchors


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_further_reading_comes_right_before_the_summary(locale: str, chapter: str) -> None:
    text = (DOCS / locale / f"{chapter}.md").read_text(encoding="utf-8")
    english = (DOCS / "en" / f"{chapter}.md").read_text(encoding="utf-8")
    names = headings(text)
    assert names[-2] == FURTHER_READING[locale], names
    section = text.partition(f"\n## {FURTHER_READING[locale]} {{ #further-reading }}\n")[2]
    section = section.partition("\n## ")[0]
    urls = POINTER.findall(section)
    assert 2 <= len(urls) <= 3, section
    english_section = english.partition("\n## Further reading { #further-reading }\n")[2]
    english_section = english_section.partition("\n## ")[0]
    assert urls == POINTER.findall(english_section)  # the same works, in the same order
