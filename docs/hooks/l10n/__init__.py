"""Translation tracking for the lesson: which pages and notebooks of each locale need work.

The command line (``PYTHONPATH=docs/hooks python -m l10n``, :mod:`l10n.commands`) reports every
translated page and notebook as translated, outdated, missing or drift; ``sync`` carries an
English change's structure into the translations; ``mark`` records the English revision a
reviewed file was checked against; ``brief`` and ``prompt`` write what a translator, person or
tool, needs; ``new`` scaffolds a language. An English edit makes a translation outdated, never
drift (:mod:`l10n.report`). The hooks (``dpsite/banners.py``) use the API below:

- :func:`outdated_reason` (a page's front matter or a notebook's metadata, English path ->
  reason or None): ``outdated_reason(page.meta, english_md)`` for a page;
- :func:`notebook_outdated_reason` (translated ``.ipynb`` path, English ``.ipynb`` path ->
  reason or None), for the outdated banner of a notebook page (the record lives in the
  notebook metadata, ``metadata.source``, which ``page.meta`` does not hold).

Below the pages, the report lists findings that belong to no page (:mod:`l10n.findings`): the
interface strings of each settings file against English's (:mod:`l10n.interface`) and the
glossary's terms and glossary pages (:func:`l10n.glossary.glossary_findings`).

The hash in a record covers the English *words* (whitespace collapsed outside fenced code;
for a notebook, each cell's type and text, not outputs or metadata), so a reflow or a re-save
in Jupyter never marks a translation outdated.
"""

from .project import is_notebook
from .records import notebook_outdated_reason, outdated_reason

__all__ = ["is_notebook", "notebook_outdated_reason", "outdated_reason"]
