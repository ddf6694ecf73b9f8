"""Chinese search words: jieba's cuts kept under ``.cache/``, its dictionary loaded only if needed.

Material's search plugin splits every run of Han characters into words with ``jieba.cut``
before it indexes a page. jieba first loads its dictionary, about 0.8 s of CPU, a tenth of a
warm build, although the runs are the same from one build to the next.

``on_config`` puts a :class:`Segmenter` where the search plugin looks for jieba. It answers a
run it has cut before from ``.cache/jieba/words-<jieba version>.json`` and gives any other
run to jieba. So a warm build never loads the dictionary; a cold build (no such file) loads
it in a background thread at the start, once the notebooks' kernels are starting, while the
build mostly waits for the first notebook (jieba's own lock makes a cut wait for it). After
the last language is built, the file is rewritten with the runs of this build, if any run
was new.

The output is the same: jieba cuts the same run the same way with the same dictionary, and
the file name carries jieba's version. With a dictionary of one's own (``search:
jieba_dict`` or ``jieba_dict_user`` in ``mkdocs.yml``) nothing is cached.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import threading
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.chinese_words")


class Segmenter:
    """Stands in for the ``jieba`` module: ``cut`` answers known runs from ``known``."""

    def __init__(self, jieba: Any, known: dict[str, list[str]]) -> None:
        self.jieba = jieba
        self.known = known
        self.used: dict[str, list[str]] = {}
        self.new = False

    def cut(self, sentence: str | bytes, *args: Any, **kwargs: Any) -> list[str]:
        """Return the words of ``sentence`` as ``jieba.cut`` gives them (default options)."""
        if args or kwargs:
            return list(self.jieba.cut(sentence, *args, **kwargs))
        text = sentence.decode("utf-8") if isinstance(sentence, bytes) else sentence
        words = self.known.get(text)
        if words is None:
            words = list(self.jieba.cut(sentence))
            self.known[text] = words
            self.new = True
        self.used[text] = words
        return words

    def __getattr__(self, name: str) -> Any:
        """Everything else (``set_dictionary``, ``initialize``, …) is jieba's own."""
        return getattr(self.jieba, name)


def cache_file(config: Any, jieba: Any) -> Path:
    """Where this project keeps the runs jieba cut, for this jieba release."""
    folder = Path(config.config_file_path).parent / ".cache" / "jieba"
    return folder / f"words-{jieba.__version__}.json"


def read(path: Path) -> dict[str, list[str]]:
    """Return the runs kept in ``path``; nothing if it is missing or unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): [str(w) for w in v] for k, v in data.items() if isinstance(v, list)}


def write(path: Path, words: dict[str, list[str]]) -> None:
    """Keep ``words`` in ``path`` (sorted, so the file is the same for the same runs)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(words, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    path.write_text(text, encoding="utf-8")


_state: dict[str, Any] = {"segmenter": None, "file": None, "builds": 0, "preloading": None}


def _search_module(config: Any) -> Any:
    """Material's search plugin module if it is configured and has jieba, else ``None``."""
    search = config.plugins.get("material/search") or config.plugins.get("search")
    if search is None or importlib.util.find_spec("jieba") is None:
        return None
    module = importlib.import_module(type(search).__module__)
    if getattr(module, "jieba", None) is None:
        return None
    if search.config.get("jieba_dict") or search.config.get("jieba_dict_user"):
        return None
    return module


@event_priority(-100)  # after docs/hooks/notebooks.py has started the kernels
def on_config(config: Any) -> Any:
    """Use the kept runs in Material's search; load jieba's dictionary early if needed."""
    i18n = config.plugins.get("i18n")
    languages = list(getattr(i18n, "build_languages", None) or [config.theme.get("language")])
    if "zh" not in languages:
        return config
    module = _search_module(config)
    if module is None:
        return config
    segmenter = _state["segmenter"]
    if segmenter is None:
        path = cache_file(config, module.jieba)
        segmenter = Segmenter(module.jieba, read(path))
        _state.update(segmenter=segmenter, file=path)
        module.jieba = segmenter
    if i18n is None or not getattr(i18n, "building", False):  # a new build's first language
        _state["builds"] = 0
        segmenter.used, segmenter.new = {}, False
    if not segmenter.known and _state["preloading"] is None:
        thread = threading.Thread(
            target=segmenter.jieba.initialize, name="jieba-preload", daemon=True
        )
        thread.start()
        _state["preloading"] = thread
    return config


def on_post_build(config: Any) -> None:
    """After the last language: keep this build's runs if jieba had to cut a new one."""
    segmenter = _state["segmenter"]
    if segmenter is None:
        return
    i18n = config.plugins.get("i18n")
    _state["builds"] += 1
    if _state["builds"] < len(getattr(i18n, "build_languages", None) or [None]):
        return
    if segmenter.new:
        write(_state["file"], segmenter.used)
        log.debug("Kept %d runs of Chinese words in %s", len(segmenter.used), _state["file"])
        segmenter.new = False
