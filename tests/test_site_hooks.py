"""The site hooks for search, robots.txt and build speed, on small inputs."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jinja2 import DictLoader, Environment, FileSystemLoader
from jinja2.bccache import bc_magic

from tests.conftest import DOCS


def load(name: str) -> ModuleType:
    """A fresh copy of a hook, importing its siblings as under MkDocs (docs/hooks on sys.path)."""
    if str(DOCS / "hooks") not in sys.path:
        sys.path.insert(0, str(DOCS / "hooks"))
    spec = importlib.util.spec_from_file_location(
        f"{name}_under_test", DOCS / "hooks" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def search() -> ModuleType:
    return load("search_locale")


def test_the_merged_index_splits_by_locale_with_local_locations(search: ModuleType) -> None:
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


def test_a_locale_page_points_its_search_at_the_locale_folder(search: ModuleType) -> None:
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


def test_robots_txt_names_the_sitemap_only_with_an_address() -> None:
    seo = load("seo")
    assert seo.robots_txt("") == "User-agent: *\nAllow: /\n"
    assert seo.robots_txt("https://example.org/d/").splitlines()[2] == (
        "Sitemap: https://example.org/d/sitemap.xml"
    )


class CountingEnvironment(Environment):
    compiled = 0

    def _compile(self, source: str, filename: str) -> Any:
        CountingEnvironment.compiled += 1
        return super()._compile(source, filename)


def test_templates_compile_once_for_all_languages() -> None:
    speed = load("build_speed")
    cache = speed.SharedBytecode()
    templates = {"page.html": "{{ greeting }}, {{ name }}!"}
    CountingEnvironment.compiled = 0
    for greeting, locale in [("Hi", "en"), ("Hoi", "nl"), ("Hallo", "de")]:
        env = CountingEnvironment(loader=DictLoader(templates), bytecode_cache=cache)
        assert env.get_template("page.html").render(greeting=greeting, name=locale) == (
            f"{greeting}, {locale}!"
        )
    assert CountingEnvironment.compiled == 1
    edited = CountingEnvironment(
        loader=DictLoader({"page.html": "{{ name }}"}), bytecode_cache=cache
    )
    assert edited.get_template("page.html").render(name="zh") == "zh"  # not the stale code
    assert CountingEnvironment.compiled == 2


#: A process that leaves a reference cycle whose finalizer leaves a mark when it is collected,
#: then ends as the build does (``shutdown``), as a helper does (``helper``) or plainly.
EXITING = """
import os, sys
sys.path.insert(0, sys.argv[1])
import build_speed, helper_process

class Cycle:
    def __del__(self, _open=os.open, _close=os.close, _path=sys.argv[2], _flags=os.O_CREAT):
        _close(_open(_path, _flags | os.O_WRONLY))

kept = Cycle()
kept.me = kept
if sys.argv[3] == "shutdown":
    build_speed.on_shutdown()
elif sys.argv[3] == "helper":
    helper_process.run(lambda request: request)  # stdin is empty: no request comes
"""


@pytest.mark.parametrize("ending", ["plain", "shutdown", "helper"])
def test_the_build_and_its_helpers_exit_without_a_last_garbage_collection(
    tmp_path: Path, ending: str
) -> None:
    mark = tmp_path / "collected"
    command = [sys.executable, "-c", EXITING, str(DOCS / "hooks"), str(mark), ending]
    subprocess.run(command, check=True, timeout=60, stdin=subprocess.DEVNULL)
    # Python's exit collects the cycle, unless the heap was frozen before.
    assert mark.exists() is (ending == "plain")


def test_compiled_templates_are_kept_for_the_next_build(tmp_path: Path) -> None:
    speed = load("build_speed")
    folder = tmp_path / ".cache" / "jinja"

    def render(templates: dict[str, str], **context: str) -> str:
        cache = speed.SharedBytecode()  # a new build's process
        cache.folder = folder
        env = CountingEnvironment(loader=DictLoader(templates), bytecode_cache=cache)
        return str(env.get_template("page.html").render(**context))

    CountingEnvironment.compiled = 0
    templates = {"page.html": "{{ greeting }}, {{ name }}!"}
    assert render(templates, greeting="Hi", name="en") == "Hi, en!"
    assert CountingEnvironment.compiled == 1 and len(list(folder.glob("*.bin"))) == 1
    assert render(templates, greeting="Hoi", name="nl") == "Hoi, nl!"
    assert CountingEnvironment.compiled == 1  # the next build read it
    assert render({"page.html": "{{ name }}"}, name="zh") == "zh"  # edited: not the kept code
    assert CountingEnvironment.compiled == 2
    assert render({"page.html": "{{ name }}"}, name="tr") == "tr"
    assert CountingEnvironment.compiled == 2  # the edited template's code replaced the old
    (kept,) = folder.glob("*.bin")
    for damaged in (b"not a compiled template", bc_magic + b"\x80\x04 damaged"):
        kept.write_bytes(damaged)
        compiled = CountingEnvironment.compiled
        assert render(templates, greeting="Hallo", name="de") == "Hallo, de!"
        assert CountingEnvironment.compiled == compiled + 1  # compiled again, kept again
    assert not list(folder.glob("*.part"))


def test_nbconvert_compiles_its_templates_once_and_converts_as_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import nbformat
    from nbconvert.exporters.html import HTMLExporter
    from nbconvert.exporters.markdown import MarkdownExporter
    from nbconvert.exporters.templateexporter import TemplateExporter

    new = nbformat.v4
    cells = [new.new_markdown_cell("# Lab\n\n*Noise*"), new.new_code_cell("1+1")]  # type: ignore[no-untyped-call]
    notebook = new.new_notebook(cells=cells)  # type: ignore[no-untyped-call]
    exporters = (HTMLExporter, MarkdownExporter)
    before = [exporter().from_notebook_node(notebook)[0] for exporter in exporters]
    # Undo the patch after the test; the build installs it once per process.
    monkeypatch.setattr(
        TemplateExporter, "_create_environment", TemplateExporter._create_environment
    )
    compile_template = Environment._compile
    compiled: list[str] = []

    def counting(self: Environment, source: str, filename: str) -> Any:
        compiled.append(filename)
        return compile_template(self, source, filename)

    monkeypatch.setattr(Environment, "_compile", counting)
    speed = load("build_speed")
    speed.share_nbconvert_templates()
    speed.share_nbconvert_templates()  # a second language's build: still one wrapper
    first = [exporter().from_notebook_node(notebook)[0] for exporter in exporters]
    compiled_first = len(compiled)
    again = [exporter().from_notebook_node(notebook)[0] for exporter in exporters]
    assert first == again == before
    assert compiled_first > 0
    assert len(compiled) == compiled_first  # new exporters, nothing compiled again


#: Two blocks of the same code with different options.
BLOCKS = '```python\nx = 1  # noise\n```\n\n```python hl_lines="1"\nx = 1  # noise\n```\n'


def counting_pygments() -> tuple[list[str], Callable[..., Any]]:
    """pymdownx's Pygments call as it is now, noting each block it highlights."""
    from pymdownx import highlight as module

    pygments_highlight = module.highlight
    calls: list[str] = []

    def counting(code: str, lexer: Any, formatter: Any, outfile: Any = None) -> Any:
        calls.append(code)
        return pygments_highlight(code, lexer, formatter, outfile)

    return calls, counting


def test_a_code_block_is_highlighted_once_for_all_languages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import markdown
    from pymdownx import highlight as module

    calls, counting = counting_pygments()
    monkeypatch.setattr(module, "highlight", counting)  # restored after the test
    page = BLOCKS

    def render() -> str:  # a new Markdown per page, as MkDocs makes
        return markdown.markdown(page, extensions=["pymdownx.superfences"])

    before = render()
    assert len(calls) == 2  # two blocks: same code, different options
    speed = load("build_speed")
    speed.share_highlighting()
    speed.share_highlighting()  # a second language's build: still one wrapper
    assert [render() for _ in range(3)] == [before] * 3
    assert len(calls) == 4  # each block highlighted once more, then only remembered
    other = markdown.markdown(page.replace("noise", "signal"), extensions=["pymdownx.superfences"])
    assert "signal" in other and len(calls) == 6


def test_highlighted_blocks_are_kept_for_the_next_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import markdown
    from pymdownx import highlight as module

    calls, counting = counting_pygments()
    config = SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml"), plugins={})
    page = BLOCKS

    def build(source: str) -> str:
        """One build in a new process: Pygments unwrapped, the kept blocks read, then saved."""
        monkeypatch.setattr(module, "highlight", counting)  # restored after the test
        speed = load("build_speed")
        speed.share_highlighting()
        speed.HIGHLIGHTED.open(speed.highlight_file(config))
        html = markdown.markdown(source, extensions=["pymdownx.superfences"])
        speed.on_post_build(config)
        return str(html)

    expected = markdown.markdown(page, extensions=["pymdownx.superfences"])
    assert build(page) == expected and len(calls) == 2  # highlighted, then kept
    (kept,) = (tmp_path / ".cache" / "highlight").glob("*.json")
    assert build(page) == expected and len(calls) == 2  # the next build: nothing highlighted
    edited = page.replace("noise", "signal")
    assert "signal" in build(edited) and len(calls) == 4  # new code is highlighted
    assert "noise" not in kept.read_text("utf-8")  # only what the last build used is kept


class Theme(dict[str, Any]):
    """A theme's settings, folders and Jinja environment, as MkDocs' Theme offers them."""

    def __init__(self, settings: dict[str, Any], dirs: list[str] | None = None) -> None:
        super().__init__(settings)
        self.dirs = dirs or []

    def get_env(self) -> Environment:
        return Environment(loader=FileSystemLoader(self.dirs))


@pytest.mark.filterwarnings("ignore:pkg_resources is deprecated:UserWarning")  # jieba's import
def test_the_theme_lists_the_files_mkdocs_keeps_without_walking_hidden_folders(
    tmp_path: Path,
) -> None:
    from mkdocs.config import load_config
    from mkdocs.structure.files import Files

    folder = tmp_path / "theme"
    for name in ["main.html", "assets/app.js", "assets/.cache/x.js", ".icons/a/b.svg",
                 "partials/.hidden.html", ".top.css", "fonts/f.woff2"]:  # fmt: skip
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("x", encoding="utf-8")
    config = load_config(str(DOCS.parent / "mkdocs.yml"))  # Material, 14,500 hidden icons

    def theme_files(theme: Any) -> list[str]:
        files = Files([])
        files.add_files_from_theme(theme.get_env(), config)
        return [file.src_uri for file in files]

    speed = load("build_speed")
    for theme in (config.theme, Theme({}, [str(folder)])):
        kept, walked = theme_files(theme), theme.get_env().list_templates()
        speed.list_visible_theme_files(theme)
        speed.list_visible_theme_files(theme)  # every language's build: still one wrapper
        assert theme_files(theme) == kept
        listed = theme.get_env().list_templates()
        visible = [n for n in walked if not any(part.startswith(".") for part in n.split("/"))]
        assert listed == visible
    assert listed == ["assets/app.js", "fonts/f.woff2", "main.html"]


def test_the_files_exclude_docs_names_are_dropped_before_any_language_sees_them(
    tmp_path: Path,
) -> None:
    from mkdocs.config import load_config
    from mkdocs.structure.files import InclusionLevel, get_files

    config = load_config(str(DOCS.parent / "mkdocs.yml"))
    files = get_files(config)
    kept = [f.src_uri for f in files if f.inclusion is not InclusionLevel.EXCLUDED]
    assert "hooks/build_speed.py" in {f.src_uri for f in files} - set(kept)  # excluded
    assert load("build_speed").on_files(files) is files
    assert [file.src_uri for file in files] == kept and "en/index.md" in kept


# A chapter's HTML as the search reads it: sections, highlighted code, a permalink, a part
# left out of the search, and markup the search keeps.
SEARCHED = (
    '<p>Before the first heading.</p><h1 id="title">Title<a class="headerlink" href="#t">¶</a>'
    '</h1><p>Intro <code>ε</code> and <em>more</em>.</p><h2 id="code">Code</h2><div class="'
    'highlight"><pre><span></span><code><span class="kn">import</span> <span class="nn">'
    'numpy</span>\n<span class="n">x</span> <span class="o">=</span> 1\n</code></pre></div>'
    '<div data-search-exclude><p>left out</p></div><h2 id="out" data-search-exclude>Out</h2>'
    '<h3 id="last">差分隐私</h3><ul><li>one</li><li> </li></ul><p>x<sup>2</sup></p>'
)


def test_the_search_helper_gives_the_index_materials_own_entries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from material.plugins.search import plugin as material  # type: ignore[import-untyped]

    monkeypatch.setattr(material, "jieba", None)  # Chinese words are not this test's concern
    index_type = material.SearchIndex
    monkeypatch.setattr(index_type, "add_entry_from_context", index_type.add_entry_from_context)
    config = {"lang": ["en"], "separator": " ", "pipeline": [], "fields": {}}

    def page(content: str, name: str) -> SimpleNamespace:
        file = SimpleNamespace(abs_dest_path=f"/site/{name}/index.html", src_uri=f"{name}.md")
        found = {"content": content, "toc": [], "url": f"{name}/", "title": "T"}
        return SimpleNamespace(meta={}, file=file, **found)

    def entries(*pages: SimpleNamespace) -> list[dict[str, Any]]:
        index = index_type(**config)
        for each in pages:
            index.add_entry_from_context(each)
        return list(index.entries)

    changed = SEARCHED.replace("Intro", "Changed")
    expected = entries(page(SEARCHED, "a"), page(changed, "b"), page(SEARCHED, "c"))
    assert [e["location"] for e in expected[:4]] == ["a/", "a/#title", "a/#code", "a/#last"]
    assert "left out" not in str(expected) and "Changed" in str(expected)
    sections = load("search_sections")
    sections._install(material)
    helper = sections.Helper(sections.__file__, "search parser")  # the real helper process
    sections._state.update(helper=helper, sent={})
    try:
        pages = [page(SEARCHED, "a"), page(SEARCHED, "b"), page(SEARCHED, "c")]
        for each in pages:
            assert sections.on_page_content(each.content, each, None, None) == each.content
        pages[1].content = changed  # changed after it was sent: parsed in this process
        assert [each.file.abs_dest_path in sections._state["sent"] for each in pages] == [True] * 3
        parsed: list[str] = []

        class Parser(material.Parser):  # type: ignore[misc]
            def feed(self, data: str) -> None:
                parsed.append(data)
                super().feed(data)

        monkeypatch.setattr(material, "Parser", Parser)
        assert entries(*pages) == expected
        assert parsed == [changed]  # the other two came from the helper
        assert sections._state["sent"] == {}  # every answer was taken (or dropped)
    finally:
        sections._stop()
    assert helper.process.returncode is not None  # stopped with the build
    # A page sent to a helper that has stopped is parsed here too.
    stopped = page(SEARCHED, "a")
    sections._state["sent"][stopped.file.abs_dest_path] = (SEARCHED, helper.submit({"html": ""}))
    assert entries(stopped) == expected[:4]


def test_the_search_helper_starts_with_a_warm_builds_first_language_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from material.plugins.search import plugin as material

    index_type = material.SearchIndex
    monkeypatch.setattr(index_type, "add_entry_from_context", index_type.add_entry_from_context)
    search = type("SearchPlugin", (), {"__module__": material.__name__})()
    search.config = {"enabled": True}
    i18n = SimpleNamespace(building=False, current_language="en")
    config = SimpleNamespace(plugins={"material/search": search, "i18n": i18n})
    sections = load("search_sections")
    events: list[str] = []

    def helper(script: str, name: str) -> SimpleNamespace:
        events.append(f"{name} with {i18n.current_language}")
        return SimpleNamespace(close=lambda answer=True: events.append("closed"))

    monkeypatch.setattr(sections, "Helper", helper)
    i18n.build_languages = ["en", "nl", "de"]
    busy = {"now": True}
    notebook_convert = importlib.import_module("notebook_convert")  # as the hook imports it
    monkeypatch.setattr(notebook_convert, "busy", lambda: busy["now"])
    for cold in (True, False):  # a cold build: kernels and the converter busy at first
        busy["now"] = cold
        for index, language in enumerate(i18n.build_languages):
            i18n.building, i18n.current_language = index > 0, language
            sections.on_config(config)
            sections.on_post_build(config)
            busy["now"] = False  # done by the second language: still no helper then
    assert events == ["search parser with en", "closed"]


class FakeJieba:
    """jieba's interface as Material's search uses it; every call to ``cut`` is counted."""

    __version__ = "0.0-test"

    def __init__(self) -> None:
        self.cuts: list[str] = []

    def cut(self, sentence: str | bytes, *args: object, **kwargs: object) -> Iterator[str]:
        text = sentence.decode("utf-8") if isinstance(sentence, bytes) else sentence
        self.cuts.append(text)
        return iter([text[:2], text[2:]] if len(text) > 2 else [text])

    def initialize(self) -> None:
        """Load the dictionary (a stand-in: nothing to load)."""


def fake_build(tmp_path: Path, jieba: FakeJieba, languages: list[str]) -> SimpleNamespace:
    """A config as MkDocs gives hooks: Material's search (in a module holding ``jieba``)."""
    module = ModuleType("fake_material_search")
    module.jieba = jieba  # type: ignore[attr-defined]
    plugin_type = type("SearchPlugin", (), {"__module__": module.__name__})
    sys.modules[module.__name__] = module
    search = plugin_type()
    search.config = {"jieba_dict": None, "jieba_dict_user": None}
    i18n = SimpleNamespace(build_languages=languages, building=False)
    return SimpleNamespace(
        plugins={"material/search": search, "i18n": i18n},
        theme=Theme({"language": languages[0]}),
        config_file_path=str(tmp_path / "mkdocs.yml"),
        module=module,
    )


def build_all(words: ModuleType, config: SimpleNamespace, runs: list[str]) -> None:
    """Every language of one build: each configures, cuts ``runs`` through the search's jieba."""
    for index, _ in enumerate(config.plugins["i18n"].build_languages):
        config.plugins["i18n"].building = index > 0
        words.on_config(config)
        for run in runs:
            assert list(config.module.jieba.cut(run.encode("utf-8"))) == [run[:2], run[2:]]
        words.on_post_build(config)


class FakeHelper:
    """The jieba helper process as the segmenter uses it; its starts, requests and stops."""

    started: ClassVar[list[str]] = []

    def __init__(self, script: str, name: str) -> None:
        assert Path(script).name == "chinese_words.py" and name == "jieba helper"
        self.started.append("helper")
        self.requests: list[list[str]] = []

    def submit(self, request: dict[str, list[str]]) -> Future[dict[str, object]]:
        self.requests.append(request["runs"])
        answer: Future[dict[str, object]] = Future()
        answer.set_result({"words": [[run[:2], run[2:]] for run in request["runs"]]})
        return answer

    def close(self) -> None:
        self.started.append("closed")


def test_chinese_words_are_cut_once_and_kept_for_the_next_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    jieba = FakeJieba()
    config = fake_build(tmp_path, jieba, ["en", "zh"])
    words = load("chinese_words")  # a fresh module, as in a new process
    monkeypatch.setattr(words, "Helper", FakeHelper)
    FakeHelper.started = []
    build_all(words, config, ["差分隐私", "拉普拉斯机制"])
    # Nothing kept yet: one helper cut each run once, for both languages, then stopped.
    assert FakeHelper.started == ["helper", "closed"] and jieba.cuts == []
    kept = tmp_path / ".cache" / "jieba" / "words-0.0-test.json"
    assert json.loads(kept.read_text("utf-8")) == {
        "差分隐私": ["差分", "隐私"],
        "拉普拉斯机制": ["拉普", "拉斯机制"],
    }

    jieba, FakeHelper.started = FakeJieba(), []
    config = fake_build(tmp_path, jieba, ["en", "zh"])
    words = load("chinese_words")  # the next build
    monkeypatch.setattr(words, "Helper", FakeHelper)
    build_all(words, config, ["差分隐私"])
    assert FakeHelper.started == [] and jieba.cuts == []  # no helper, no dictionary, no cut
    assert kept.stat().st_size > 0 and "拉普拉斯机制" in kept.read_text("utf-8")  # unchanged
    build_all(words, config, ["差分隐私", "隐私预算"])  # a page changed: one new run
    assert FakeHelper.started == [] and jieba.cuts == ["隐私预算"]  # cut in the process
    assert set(json.loads(kept.read_text("utf-8"))) == {"差分隐私", "隐私预算"}


def test_the_helper_starts_one_language_before_the_chinese_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = fake_build(tmp_path, FakeJieba(), ["en", "nl", "de", "zh", "tr"])
    words = load("chinese_words")
    monkeypatch.setattr(words, "Helper", FakeHelper)
    FakeHelper.started = []
    starts = []
    for index, _ in enumerate(config.plugins["i18n"].build_languages):
        config.plugins["i18n"].building = index > 0
        words.on_config(config)
        starts.append(list(FakeHelper.started))
        words.on_post_build(config)
    assert starts == [[], [], ["helper"], ["helper"], ["helper"]]
    assert FakeHelper.started == ["helper", "closed"]


def test_a_cold_build_sends_the_helper_a_pages_runs_before_the_search_cuts_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = fake_build(tmp_path, FakeJieba(), ["en", "zh"])
    words = load("chinese_words")
    monkeypatch.setattr(words, "Helper", FakeHelper)
    words.on_config(config)
    segmenter = config.module.jieba
    html = "<h2>差分<em>隐私</em></h2>\n<p>拉普拉斯&amp;机制, 预算</p>"
    english = SimpleNamespace(file=SimpleNamespace(locale="en"))
    assert words.on_page_content(html, english, config, None) == html
    assert segmenter.helper.requests == []  # only Chinese pages
    chinese = SimpleNamespace(file=SimpleNamespace(locale="zh"))
    assert words.on_page_content(html, chinese, config, None) == html
    # Runs joined across tags (as the search reads a section) and split at each tag.
    asked = ["差分", "差分隐私", "拉普拉斯", "机制", "隐私", "预算"]
    assert segmenter.helper.requests == [asked]
    assert words.on_page_content(html, chinese, config, None) == html
    assert segmenter.helper.requests == [asked]  # each run is sent once
    for run in ("差分隐私", "预算"):
        assert segmenter.cut(run.encode("utf-8")) == [run[:2], run[2:]]
    assert segmenter.helper.requests == [asked]  # answered from the request sent ahead
    assert segmenter.cut("新的词".encode()) == ["新的", "词"]
    assert segmenter.helper.requests == [asked, ["新的词"]]  # not sent ahead: asked alone
    assert set(segmenter.used) == {"差分隐私", "预算", "新的词"}


def test_without_chinese_or_with_a_dictionary_of_ones_own_nothing_is_cached(
    tmp_path: Path,
) -> None:
    jieba = FakeJieba()
    config = fake_build(tmp_path, jieba, ["en", "nl"])
    load("chinese_words").on_config(config)
    assert config.module.jieba is jieba
    config = fake_build(tmp_path, jieba, ["zh"])
    config.plugins["material/search"].config["jieba_dict_user"] = "words.txt"
    load("chinese_words").on_config(config)
    assert config.module.jieba is jieba


@pytest.mark.filterwarnings("ignore:pkg_resources is deprecated:UserWarning")  # jieba's import
def test_the_helper_loads_jiebas_dictionary_cache_whole_to_the_same_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import jieba

    words = load("chinese_words")
    dictionary = tmp_path / "dict.txt"
    dictionary.write_text("差分 5 n\n隐私 7 n\n差分隐私 3 n\n预算 4 n\n", encoding="utf-8")
    os.utime(dictionary, (1, 1))  # older than the cache, so jieba reads the cache
    made = jieba.Tokenizer(str(dictionary))
    made.tmp_dir = str(tmp_path)
    made.initialize()  # builds the dictionary and writes jieba's cache with marshal.dump
    (cache,) = tmp_path.glob("jieba.u*.cache")
    written = cache.stat().st_mtime_ns
    read = jieba.Tokenizer(str(dictionary))
    read.tmp_dir = str(tmp_path)
    monkeypatch.setattr(jieba, "marshal", jieba.marshal)  # put back after the test
    monkeypatch.setattr(jieba, "initialize", read.initialize)
    words.initialize(jieba)
    assert jieba.marshal is words.WholeFileMarshal and read.initialized
    assert cache.stat().st_mtime_ns == written  # read from the cache, not built again
    assert (read.FREQ, read.total) == (made.FREQ, made.total)
    assert list(read.cut("差分隐私预算")) == list(made.cut("差分隐私预算"))


@pytest.mark.filterwarnings("ignore:pkg_resources is deprecated:UserWarning")  # jieba's import
def test_kept_words_are_jiebas_own_cut(tmp_path: Path) -> None:
    import jieba

    words = load("chinese_words")
    runs = ["差分隐私保证的是一个人的数据对输出分布的影响有界", "拉普拉斯机制", "隐私预算"]
    first = words.Segmenter(jieba, {})
    cut = [first.cut(run.encode("utf-8")) for run in runs]
    assert cut == [list(jieba.cut(run.encode("utf-8"))) for run in runs]
    assert first.cut(runs[0], cut_all=True) == list(jieba.cut(runs[0], cut_all=True))
    words.write(tmp_path / "words.json", first.used)
    again = words.Segmenter(FakeJieba(), words.read(tmp_path / "words.json"))
    assert [again.cut(run.encode("utf-8")) for run in runs] == cut
    assert again.jieba.cuts == []
    assert words.read(tmp_path / "missing.json") == {}
    helper = words.Helper(words.__file__, "jieba helper")  # the real helper cuts as jieba does
    try:
        expected = dict(zip(runs, cut, strict=True))
        assert words._words(runs, helper.submit({"runs": runs})) == expected
    finally:
        helper.close()
    assert words._words(runs, helper.submit({"runs": runs})) == {}  # stopped: jieba cuts here


def test_only_the_listed_files_may_differ_between_builds(tmp_path: Path) -> None:
    from tests.reproducible import differences, unexplained

    one, two = tmp_path / "one", tmp_path / "two"
    for site in (one, two):
        (site / "a").mkdir(parents=True)
        (site / "a" / "index.html").write_text("same")
    (one / "sitemap.xml").write_text("2026-01-01")
    (two / "sitemap.xml").write_text("2026-01-04")
    assert differences(one, two) == ["sitemap.xml"]
    assert unexplained(differences(one, two)) == []
    (two / "a" / "index.html").write_text("other")
    (two / "extra.js").write_text("")
    assert unexplained(differences(one, two)) == ["extra.js", "a/index.html"]


@given(st.text(st.characters(max_codepoint=127)))
def test_an_ascii_word_folds_to_its_lower_case(search: ModuleType, word: str) -> None:
    """folded_words skips ASCII words on the strength of this."""
    assert search.fold(word) == word.lower()


def test_words_with_diacritics_get_a_hidden_folded_field(search: ModuleType) -> None:
    """Folded forms go to extra fields; title and text, which previews show, stay as they are."""
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
        "title": "Sensitivität",
        "text": "<p>Die <b>Sensitivität</b> ist Δ-groß.</p>",
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
    assert folded["folded_title"] == "sensitivitat"
    assert folded["folded_text"] == "sensitivitat gross."
    plain = search.add_folded_fields(
        {**index, "docs": [{"location": "", "title": "A", "text": "b"}]}
    )
    assert set(plain["docs"][0]) == {"location", "title", "text"}
