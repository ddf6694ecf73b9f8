"""One search index per locale, and folded words (docs/hooks/search_locale.py)."""

from __future__ import annotations

import html
import json
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import search_locale as search
from tests import site_soup
from tests.conftest import LOCALES
from tests.docs_sources import nav_files
from tests.site_html import built_page, locale_root
from tests.site_soup import words


def test_the_merged_index_splits_by_locale_with_local_locations() -> None:
    config = {"lang": ["en", "nl", "zh"], "separator": "x", "pipeline": [], "fields": {}}
    docs = [
        {"location": "", "title": "Home", "text": ""},
        {"location": "#chapters", "title": "Chapters", "text": ""},
        {"location": "laplace/#scale", "title": "Scale", "text": ""},
        {"location": "nl/", "title": "Start", "text": ""},
        {"location": "nl/laplace/#schaal", "title": "Schaal", "text": ""},
        {"location": "zh/laplace/", "title": "拉普拉斯", "text": ""},
    ]
    split = search.split_index({"config": config, "docs": docs}, "en", ["en", "nl", "zh"])
    assert {k: [d["location"] for d in v["docs"]] for k, v in split.items()} == {
        "en": ["", "#chapters", "laplace/#scale"],
        "nl": ["", "laplace/#schaal"],
        "zh": ["laplace/"],
    }
    assert {k: v["config"]["lang"] for k, v in split.items()} == {
        "en": ["en"],
        "nl": ["nl"],
        "zh": ["zh"],
    }
    assert all(v["config"]["separator"] == "x" for v in split.values())


def config_of(html: str) -> dict[str, Any]:
    """The JSON inside the page's ``__config`` script."""
    data: dict[str, Any] = json.loads(html.split(">", 1)[1].rsplit("<", 1)[0])
    return data


def test_a_locale_page_points_its_search_at_the_locale_folder() -> None:
    page = (
        '<script id="__config" type="application/json">'
        '{"base": "../..", "search": "../../w.js", "translations": {"a": "<\\u00e9>"}}'
        "</script>"
    )
    out = search.localise_base(page, "zh")
    assert config_of(out)["base"] == "../../zh/"
    assert config_of(out)["search"] == "../../w.js"
    assert config_of(out)["translations"]["a"] == "<é>"
    assert "<é>" not in out  # still escaped for a script element
    home = page.replace('"base": "../.."', '"base": "."')
    assert config_of(search.localise_base(home, "nl"))["base"] == "./nl/"


@given(st.text(st.characters(max_codepoint=127)))
def test_an_ascii_word_folds_to_its_lower_case(word: str) -> None:
    """folded_words skips ASCII words on the strength of this."""
    assert search.fold(word) == word.lower()


def test_words_with_diacritics_get_a_hidden_folded_field() -> None:
    """Folded forms go to extra fields; title and text, which previews show, stay as they are.

    Every word of a title is folded, of the text only the capitalised ones (names).
    """
    assert [search.fold(w) for w in ["DUYARLILIK", "İstatistik", "Straße", "differentiële"]] == [
        "duyarlilik",
        "istatistik",
        "strasse",
        "differentiele",
    ]
    assert search.fold("隐私预算") == "隐私预算"
    assert search.fold("한국어") == "한국어"  # Hangul recomposes after NFD
    separator = r"[\s\-]+"
    doc = {
        "location": "x/",
        "title": "Sensitivität groß",
        "text": "<p>Die <b>Sensitivität</b> ist Δ-groß, sagt Clément.</p>",
    }
    index = {
        "config": {"separator": separator, "fields": {"title": {"boost": 1000.0}}},
        "docs": [doc],
    }
    out = search.add_folded_fields(index)
    assert out["config"]["fields"]["folded_title"] == {"boost": 1000.0}
    assert out["config"]["fields"]["folded_text"] == {"boost": 1.0}
    [folded] = out["docs"]
    assert folded["title"] == doc["title"] and folded["text"] == doc["text"]
    assert folded["folded_title"] == "sensitivitat gross"
    assert folded["folded_text"] == "sensitivitat clement."
    plain = search.add_folded_fields(
        {**index, "docs": [{"location": "", "title": "A", "text": "b"}]}
    )
    assert set(plain["docs"][0]) == {"location", "title", "text"}


def test_the_segmenter_mend_ends_the_cut_at_the_query_end(tmp_path: Path) -> None:
    """The loop is rewritten once; a worker without it is left alone and reported."""
    _, loop, old, new = search.SEGMENTER
    workers = tmp_path / "assets" / "javascripts" / "workers"
    workers.mkdir(parents=True)
    worker = workers / "search.0.min.js"
    worker.write_text(f"a;{loop}&&x;b", encoding="utf-8")
    assert search.mend_segmenter(tmp_path)
    assert worker.read_text("utf-8") == f"a;{loop.replace(old, new)}&&x;b"
    worker.write_text("a;b", encoding="utf-8")
    assert not search.mend_segmenter(tmp_path) and worker.read_text("utf-8") == "a;b"


def test_the_built_search_worker_is_mended(site_dir: Path) -> None:
    """The guard: fails once Material's version or its worker changes.

    Then see whether Material still drops a Chinese query's last word (the browser test
    types 隐私预算, docs/hooks/glossary.yml) and update or drop ``search.SEGMENTER``.
    """
    version, loop, old, new = search.SEGMENTER
    assert metadata.version("mkdocs-material") == version
    (worker,) = (site_dir / "assets" / "javascripts" / "workers").glob("search.*.min.js")
    text = worker.read_text("utf-8")
    assert loop.replace(old, new) in text and loop not in text


#: What a search must not find on a built page: an exercise (question, hints, worked
#: solution), Python code, and the checkpoints' and capstone's collapsed sample solutions (the
#: install line is found: docs/hooks/downloads.py writes it into the index).
UNSEARCHED = "[data-exercise] p, [data-exercise] li, .language-python pre, details p, details li"


@pytest.mark.parametrize("locale", LOCALES)
def test_no_answer_or_code_is_in_the_locale_search_index(site_dir: Path, locale: str) -> None:
    """Each sentence of those elements, on every page of the nav, is absent from the index."""
    index = json.loads((locale_root(site_dir, locale) / search.INDEX).read_text("utf-8"))
    indexed = words(" ".join(doc["text"] for doc in index["docs"]).replace("\u200b", ""))
    found, checked = [], 0
    for name in nav_files():
        soup = site_soup.page(built_page(site_dir, locale, name))
        for element in site_soup.article(soup).select(UNSEARCHED):
            text = html.escape(words(element.get_text()).replace("\u200b", ""), quote=False)
            checked += len(text) > 30
            if len(text) > 30 and text in indexed:
                found.append((name, text[:60]))
    assert checked > 200 and not found, found
