"""The savings no feature hook owns; ``DPLESSON_PLAIN_BUILD=1`` turns them off (and the rest).

static-i18n (priority -100) remakes every file per language: dropping first the two thirds
that ``exclude_docs`` names spares that work. Material's templates compile once, into
``.cache/jinja/``. The formulas' MathML and the notebook pages are kept (``kept_file``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import FileSystemBytecodeCache
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files, InclusionLevel

from dpsite import languages, mathml, notebook_page, plain

#: Each kept file and where a build keeps it.
KEPT = ((mathml.KEPT, mathml.cache_file), (notebook_page.KEPT, notebook_page.cache_file))


def on_config(config: Any) -> Any:
    """When a build starts (its first language), read what the last build kept."""
    if languages.first(config):
        for kept, path in KEPT:
            kept.open(None if plain() else path(config))
    return config


def on_files(files: Files, **_: Any) -> Files:
    """Drop the files ``exclude_docs`` names: no build, copy or ``serve`` uses them."""
    if not plain():
        for file in [file for file in files if file.inclusion is InclusionLevel.EXCLUDED]:
            files.remove(file)
    return files


def on_env(env: Any, config: Any, **_: Any) -> Any:
    """Keep Material's compiled templates under ``.cache/jinja/``."""
    if not plain():
        folder = Path(config.config_file_path).parent / ".cache" / "jinja"
        folder.mkdir(parents=True, exist_ok=True)
        env.bytecode_cache = FileSystemBytecodeCache(str(folder))
    return env


@event_priority(languages.AFTER_I18N)
def on_post_build(config: Any) -> None:
    """After the last language: keep this build's values if one of them was new."""
    if languages.all_built(config):
        for kept, _ in KEPT:
            kept.save()
