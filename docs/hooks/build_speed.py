"""Two savings that change no output: templates compiled once, the Chinese dictionary early.

static-i18n builds every locale with a fresh Jinja environment, so Material's templates
were compiled five times per build (and again on every ``mkdocs serve`` reload). Jinja's
bytecode cache stores each template's source checksum and recompiles on a mismatch, so
sharing one in memory is safe: an edited template is compiled afresh.

Material's search splits Chinese text into words with jieba, whose dictionary takes about
0.7 s to load, at the first Chinese page, the last language built. ``on_config`` loads it in
a background thread at the start instead (once the notebooks' kernels are starting), while
the build mostly waits for the first notebook to execute. jieba's own lock makes the search
plugin wait if it gets there first.
"""

from __future__ import annotations

import importlib.util
import threading
from typing import Any

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from mkdocs.plugins import event_priority


class SharedBytecode(BytecodeCache):
    """Compiled templates kept in memory for the life of the process."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill ``bucket`` from memory when this exact template was compiled before."""
        code = self.compiled.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep a freshly compiled template."""
        self.compiled[bucket.key] = bucket.bytecode_to_string()


CACHE = SharedBytecode()


def on_env(env: Any, **_: Any) -> Any:
    """Give every build's Jinja environment the shared cache."""
    env.bytecode_cache = CACHE
    return env


_preloading: list[threading.Thread] = []


@event_priority(-100)  # after docs/hooks/notebooks.py has started the kernels
def on_config(config: Any) -> Any:
    """Start loading jieba's dictionary once per process when a Chinese build will need it."""
    i18n = config.plugins.get("i18n")
    languages = list(getattr(i18n, "build_languages", None) or [config.theme.get("language")])
    if _preloading or "zh" not in languages or importlib.util.find_spec("jieba") is None:
        return config
    import jieba

    thread = threading.Thread(target=jieba.initialize, name="jieba-preload", daemon=True)
    thread.start()
    _preloading.append(thread)
    return config
