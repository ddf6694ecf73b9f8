"""Names shared by the notebook and download hooks: the per-locale file and the wheel slot.

A hook module cannot import another hook (MkDocs loads each hook as its own module), so the
two hooks meet here. ``docs/hooks/notebooks.py`` writes a notebook page's download button
with its final per-locale name and an empty ``data-fill-wheel`` slot; ``docs/hooks/downloads.py``
fills the slot with the wheel's relative address (or drops it when the site has a
``site_url``, whose copies are filled at build time), without parsing the page again.
"""

from __future__ import annotations

import posixpath

#: The empty attribute a download button carries until the wheel's address is known.
WHEEL_SLOT = 'data-fill-wheel=""'


def download_name(src_uri: str, language: str) -> str:
    """``lab.ipynb`` of the Dutch build downloads as ``lab.nl.ipynb``."""
    stem = posixpath.splitext(posixpath.basename(src_uri))[0].removesuffix(f".{language}")
    return f"{stem}.{language}.ipynb"
