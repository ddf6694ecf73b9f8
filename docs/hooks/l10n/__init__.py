"""Translation tracking for the lesson: which pages and notebooks of each locale need work.

The command line (``PYTHONPATH=docs/hooks python -m l10n``) reports every translated page and
notebook as translated, outdated, missing or drift (``check`` only what fails, ``--release``
before publishing); ``sync`` carries an English change's structure into the translations;
``mark`` records the English revision a reviewed file was checked against; ``brief`` and
``prompt`` write what a translator, person or tool, needs; ``new`` scaffolds a language. An
English edit makes a translation outdated, never drift (:mod:`l10n.report`). The hooks use the
stable API below:

- :func:`load_project` (``mkdocs.yml`` path -> :class:`Project`),
- :func:`outdated_reason` (a page's front matter or a notebook's metadata, English path ->
  reason or None): ``outdated_reason(page.meta, english_md)`` for a page;
- :func:`notebook_outdated_reason` (translated ``.ipynb`` path, English ``.ipynb`` path ->
  reason or None), for the outdated banner of a notebook page (the record lives in the
  notebook metadata, ``metadata.source``, which ``page.meta`` does not hold);
- :func:`record_of` (a translated page or notebook -> its :class:`SourceRecord` or None).

Below the pages, the report lists findings that belong to no page (:mod:`l10n.findings`): the
interface strings of each settings file against English's (:mod:`l10n.interface`) and the
glossary's terms and glossary pages (:func:`l10n.glossary.glossary_findings`).

The hash in a record covers the English *words* (whitespace collapsed outside fenced code;
for a notebook, each cell's type and text, not outputs or metadata), so a reflow or a re-save
in Jupyter never marks a translation outdated.
"""

from .project import Language, Project, is_notebook, load_project
from .records import (
    SourceRecord,
    notebook_outdated_reason,
    outdated_reason,
    record_of,
    source_hash,
)

__all__ = [
    "Language",
    "Project",
    "SourceRecord",
    "is_notebook",
    "load_project",
    "notebook_outdated_reason",
    "outdated_reason",
    "record_of",
    "source_hash",
]
