"""docs/hooks/dpsite/notebook_page.py: a notebook page slimmed once, then read back."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest
from markdown.extensions.toc import slugify_unicode

# The lab's first cell as nbconvert writes it: the wrapper and the cell both carry the tag.
NBCONVERT = (
    "<html><head><style>.jp-Cell{}</style><script>x()</script></head><body>"
    '<div class="jp-Cell jp-MarkdownCell"><h1 id="x">Lab <a class="anchor-link" href="#x">¶</a>'
    '</h1></div><div class="jp-Cell celltag_labels"><div class="jp-Cell celltag_labels" id="c">'
    '<div class="highlight-ipynb"><pre><span></span>LABELS = {}</pre></div></div></div>'
    '<div class="jp-Cell"><h2 id="">差分隐私</h2><div class="jp-OutputArea-output">'
    "<pre>0.5</pre></div></div><!-- a comment --></body></html>"
)


@pytest.fixture
def fresh(fresh_hook: Callable[[str], ModuleType]) -> Callable[[], ModuleType]:
    """A new copy of the module each call, as a new build process imports it."""
    return lambda: fresh_hook("dpsite.notebook_page")


def test_a_page_is_slimmed_once_and_read_back_by_the_next_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh: Callable[[], ModuleType]
) -> None:
    config = SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml"))
    first = fresh()
    first.KEPT.open(first.cache_file(config))
    page, slugs = first.content(NBCONVERT, "zh/lab.ipynb", "zh", slugify_unicode)
    assert (page, slugs) == first.slim(NBCONVERT, "zh/lab.ipynb", "zh", slugify_unicode)
    assert slugs == ["lab", "差分隐私"] and page.count("<details") == 1
    assert "jp-" not in page and "<script" not in page and "comment" not in page
    assert 'href="lab.zh.ipynb"' in page and "0.5" in page
    first.KEPT.save()

    def unreachable(*_: object) -> tuple[str, list[str]]:
        raise AssertionError("a kept page was slimmed again")

    again = fresh()  # the next build: the same inputs come from the kept file
    again.KEPT.open(again.cache_file(config))
    monkeypatch.setattr(again, "slim", unreachable)
    assert again.content(NBCONVERT, "zh/lab.ipynb", "zh", slugify_unicode) == (page, slugs)
    # Any other input is slimmed: another language, notebook or slug function.
    for other in (("nl/lab.ipynb", "nl", slugify_unicode), ("zh/x.ipynb", "zh", slugify_unicode),
                  ("zh/lab.ipynb", "zh", functools.partial(slugify_unicode))):  # fmt: skip
        with pytest.raises(AssertionError, match="slimmed again"):
            again.content(NBCONVERT, *other)


def test_only_slug_functions_that_can_be_named_are_keyed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh: Callable[[], ModuleType]
) -> None:
    from pymdownx.slugs import slugify  # the site's: a partial of pymdownx's own function

    module = fresh()
    module.KEPT.open(tmp_path / "kept.json")
    slim, slimmed = module.slim, []

    def counting(*args: object) -> object:
        slimmed.append(args[3])
        return slim(*args)

    monkeypatch.setattr(module, "slim", counting)
    lower, unnamed = slugify(case="lower"), lambda text, sep: text
    for function in (lower, slugify(case="lower"), slugify(case="none"), unnamed, unnamed):
        module.content(NBCONVERT, "zh/lab.ipynb", "zh", function)
    assert slimmed == [lower, slimmed[1], unnamed, unnamed]  # the same arguments: kept
    assert isinstance(slimmed[1], functools.partial) and slimmed[1].keywords["case"] == "none"


def test_the_table_of_contents_takes_the_heading_ids_when_it_lists_as_many(
    fresh: Callable[[], ModuleType],
) -> None:
    module = fresh()
    top, child = SimpleNamespace(id="", children=[]), SimpleNamespace(id="", children=[])
    top.children.append(child)
    module.use_ids([top], ["lab", "差分隐私"])
    assert (top.id, child.id) == ("lab", "差分隐私")
    module.use_ids([top], ["only-one"])  # counts differ: left as it was
    assert top.id == "lab"
