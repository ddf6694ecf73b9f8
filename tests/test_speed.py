"""docs/hooks/speed.py: excluded files dropped, templates and values kept; nothing when plain."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest
from jinja2 import DictLoader, Environment, FileSystemBytecodeCache

from tests.conftest import ROOT

Fresh = Callable[[str], ModuleType]


def fresh_build(fresh_hook: Fresh) -> tuple[ModuleType, ModuleType]:
    """The speed hook and the MathML module as a new build's process imports them."""
    mathml = fresh_hook("dpsite.mathml")
    fresh_hook("dpsite.notebook_page")
    return fresh_hook("speed"), mathml


@pytest.mark.filterwarnings("ignore:pkg_resources is deprecated:UserWarning")  # jieba's import
def test_the_files_exclude_docs_names_are_dropped_before_any_language_sees_them(
    fresh_hook: Fresh, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mkdocs.config import load_config
    from mkdocs.structure.files import InclusionLevel, get_files

    config = load_config(str(ROOT / "mkdocs.yml"))
    speed = fresh_hook("speed")
    files = get_files(config)
    kept = [f.src_uri for f in files if f.inclusion is not InclusionLevel.EXCLUDED]
    assert "hooks/speed.py" in {f.src_uri for f in files} - set(kept)  # excluded
    assert speed.on_files(files) is files
    assert [file.src_uri for file in files] == kept and "en/index.md" in kept
    monkeypatch.setenv("DPLESSON_PLAIN_BUILD", "1")
    everything = get_files(config)
    assert len(speed.on_files(everything)) > len(kept)  # a plain build leaves them to MkDocs


def test_material_templates_are_kept_compiled_unless_the_build_is_plain(
    tmp_path: Path, fresh_hook: Fresh, monkeypatch: pytest.MonkeyPatch
) -> None:
    speed = fresh_hook("speed")
    config = SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml"))
    env = speed.on_env(Environment(loader=DictLoader({"t.html": "{{ x }}!"})), config=config)
    assert isinstance(env.bytecode_cache, FileSystemBytecodeCache)
    assert env.get_template("t.html").render(x="hi") == "hi!"
    assert len(list((tmp_path / ".cache" / "jinja").iterdir())) == 1
    monkeypatch.setenv("DPLESSON_PLAIN_BUILD", "1")
    assert speed.on_env(Environment(), config=config).bytecode_cache is None


def test_formulas_are_converted_once_and_kept_for_the_next_build(
    tmp_path: Path, fresh_hook: Fresh, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml"), plugins={})
    speed, first = fresh_build(fresh_hook)
    speed.on_config(config)
    made = {"$x^2": first.render("x^2", False), "$$x^2": first.render("x^2", True)}
    assert made["$$x^2"].startswith('<div class="dp-math"><math display="block"')
    speed.on_post_build(config)
    kept = first.cache_file(config)
    assert json.loads(kept.read_text(encoding="utf-8")) == made

    def unreachable(*_: object, **__: object) -> str:
        raise AssertionError("a kept formula was converted again")

    speed, again = fresh_build(fresh_hook)  # the next build
    monkeypatch.setattr(again, "convert", unreachable)
    speed.on_config(config)
    assert again.render("x^2", False) == made["$x^2"]
    kept.write_text("{}", encoding="utf-8")
    speed.on_post_build(config)
    assert kept.read_text(encoding="utf-8") == "{}"  # nothing new: not rewritten
    # Another latex2mathml release, or an edited repair, starts another file.
    monkeypatch.setattr(again, "version", lambda name: "0.0-other")
    assert again.cache_file(config) != kept

    # A plain build reads nothing kept, keeps nothing, converts every formula it meets.
    monkeypatch.setenv("DPLESSON_PLAIN_BUILD", "1")
    speed, plain = fresh_build(fresh_hook)
    converted: list[str] = []
    convert = plain.convert

    def counting(tex: str, **options: object) -> str:
        converted.append(tex)
        return str(convert(tex, **options))

    monkeypatch.setattr(plain, "convert", counting)
    speed.on_config(config)
    assert plain.render("x^2", False) == plain.render("x^2", False) == made["$x^2"]
    assert converted == ["x^2", "x^2"]
    speed.on_post_build(config)
    assert kept.read_text(encoding="utf-8") == "{}"
