"""Chinese search words: jieba's cuts kept under ``.cache/``, its dictionary loaded only if needed.

Material's search plugin splits every run of Han characters into words with ``jieba.cut``
before it indexes a page. jieba first loads its dictionary (0.3 s of CPU from jieba's own
cache file, read whole by ``WholeFileMarshal``; 1.1 s as jieba reads it; more without that
file), although the runs are the same from one build to the next.

``on_config`` puts a :class:`Segmenter` where the search plugin looks for jieba. It answers a
run it has cut before from ``.cache/jieba/words-<jieba version>.json`` and gives any other
run to jieba. So a warm build never loads the dictionary. A cold build (no such file) starts
this file as a helper process one language before the Chinese pages: it loads the
dictionary beside the build and cuts the runs sent to it (docs/hooks/helper_process.py; each
Chinese page sends its runs in ``on_page_content``, before the search asks for them), so
the build's own process neither loads the dictionary nor holds the GIL for it. A run that
comes up without a helper goes to jieba in the build's process. After the last language is
built, the helper stops and the file is rewritten with the runs of this build, if any run
was new.

The output is the same: jieba cuts the same run the same way with the same dictionary, and
the file name carries jieba's version. With a dictionary of one's own (``search:
jieba_dict`` or ``jieba_dict_user`` in ``mkdocs.yml``) nothing is cached.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import marshal
import re
from concurrent.futures import Future
from html import unescape
from pathlib import Path
from typing import Any

from backrefs import bre
from helper_process import Answer, Helper, run
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.chinese_words")

#: A run of Han characters, as Material's search finds them (``_segment_chinese``).
HAN = bre.compile(r"\p{script: Han}+", bre.UNICODE)
TAG = re.compile(r"<[^>]*>")


class Segmenter:
    """Stands in for the ``jieba`` module: ``cut`` answers known runs from ``known``."""

    def __init__(self, jieba: Any, known: dict[str, list[str]]) -> None:
        self.jieba = jieba
        self.known = known
        self.used: dict[str, list[str]] = {}
        self.new = False
        #: Cuts new runs in a helper process (this file as a script) while one runs (a cold build).
        self.helper: Helper | None = None
        #: Runs sent to the helper ahead of the search (``on_page_content``), and its answers.
        self.asked: list[tuple[list[str], Future[Answer]]] = []
        self.sent: set[str] = set()
        self.ahead: dict[str, list[str]] = {}

    def cut(self, sentence: str | bytes, *args: Any, **kwargs: Any) -> list[str]:
        """Return the words of ``sentence`` as ``jieba.cut`` gives them (default options)."""
        if args or kwargs:
            return list(self.jieba.cut(sentence, *args, **kwargs))
        text = sentence.decode("utf-8") if isinstance(sentence, bytes) else sentence
        words = self.known.get(text)
        if words is None:
            words = self._from_helper(text)
            if words is None:
                words = list(self.jieba.cut(sentence))
            self.known[text] = words
            self.new = True
        self.used[text] = words
        return words

    def ask_ahead(self, runs: set[str]) -> None:
        """Send the helper the runs not known yet, without waiting for its answer."""
        new = sorted(run for run in runs if run not in self.known and run not in self.sent)
        if self.helper is not None and new:
            self.sent.update(new)
            self.asked.append((new, self.helper.submit({"runs": new})))

    def _from_helper(self, text: str) -> list[str] | None:
        if self.helper is None:
            return None
        while self.asked:
            self.ahead.update(_words(*self.asked.pop(0)))
        if text not in self.ahead:
            self.ahead.update(_words([text], self.helper.submit({"runs": [text]})))
        return self.ahead.get(text)

    def __getattr__(self, name: str) -> Any:
        """Everything else (``set_dictionary``, ``initialize``, …) is jieba's own."""
        return getattr(self.jieba, name)


def _words(runs: list[str], answer: Future[Answer]) -> dict[str, list[str]]:
    """Each run's words from the helper's answer; none if it stopped (jieba cuts them here)."""
    try:
        words = answer.result()["words"]
    except RuntimeError:
        return {}
    return {run: [str(word) for word in cut] for run, cut in zip(runs, words, strict=True)}


def answer(request: Answer) -> Answer:
    """Return the helper's answer: the words jieba cuts each of the request's runs into."""
    import jieba

    return {"words": [list(jieba.cut(run)) for run in request["runs"]]}


def runs_in(html: str) -> set[str]:
    """Guess the Han runs Material's search will cut from a page's HTML.

    The search plugin joins the text of a section across tags; without the tags, joined or
    split at each one, the same runs come up (a guess: a run it misses is cut when asked).
    """
    texts = (unescape(TAG.sub(gap, html)) for gap in ("", "\n"))
    return {str(run) for text in texts for run in HAN.findall(text)}


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


_state: dict[str, Any] = {"segmenter": None, "file": None, "builds": 0}


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
    """Use the kept runs in Material's search; start the helper if none are kept."""
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
    # Only the Chinese pages need the dictionary: the helper starts one language before them,
    # when the notebooks' kernels have done most of their work, and not beside them.
    ahead = _state["builds"] >= languages.index("zh") - 1
    if not segmenter.known and segmenter.helper is None and ahead:
        segmenter.helper = Helper(__file__, "jieba helper")
    return config


@event_priority(-175)  # the final HTML, as the search reads it (downloads.py named the wheel)
def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """In a cold build, send the helper this Chinese page's runs before the search needs them."""
    segmenter = _state["segmenter"]
    language = getattr(page.file, "locale", None) or config.theme.get("language")
    if segmenter is not None and segmenter.helper is not None and language == "zh":
        segmenter.ask_ahead(runs_in(html))
    return html


def on_post_build(config: Any) -> None:
    """After the last language: keep this build's runs if jieba had to cut a new one."""
    segmenter = _state["segmenter"]
    if segmenter is None:
        return
    i18n = config.plugins.get("i18n")
    _state["builds"] += 1
    if _state["builds"] < len(getattr(i18n, "build_languages", None) or [None]):
        return
    if segmenter.helper is not None:
        segmenter.helper.close()
        segmenter.helper = None
    if segmenter.new:
        write(_state["file"], segmenter.used)
        log.debug("Kept %d runs of Chinese words in %s", len(segmenter.used), _state["file"])
        segmenter.new = False


class WholeFileMarshal:
    """``marshal`` for jieba's dictionary cache, read in one piece.

    jieba keeps its dictionary as a marshal file (``jieba.cache`` in the temporary folder)
    and reads it with ``marshal.load(file)``, which reads the file object a few bytes at a
    time: 1.1 s of CPU for its 9 MB here. ``marshal.loads`` of the file's bytes makes the
    same objects in 0.3 s. Writing the cache is jieba's own ``marshal.dump``.
    """

    dump = staticmethod(marshal.dump)

    @staticmethod
    def load(file: Any) -> Any:
        """Return the object marshalled in ``file``, read whole."""
        return marshal.loads(file.read())


def initialize(jieba: Any) -> None:
    """Load jieba's dictionary (quietly), its cache file read whole (``WholeFileMarshal``)."""
    jieba.marshal = WholeFileMarshal
    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()


if __name__ == "__main__":
    import jieba

    initialize(jieba)
    run(answer)
