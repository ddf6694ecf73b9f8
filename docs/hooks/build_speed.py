"""Compile each theme template once per process, not once per language.

static-i18n builds every locale with a fresh Jinja environment, so Material's templates
were compiled five times per build (and again on every ``mkdocs serve`` reload). Jinja's
bytecode cache stores each template's source checksum and recompiles on a mismatch, so
sharing one in memory is safe: an edited template is compiled afresh.
"""

from __future__ import annotations

from typing import Any

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


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
