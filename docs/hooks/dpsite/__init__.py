"""The libraries of the site's hooks (the MkDocs entry points are the files beside it).

MkDocs loads each hook file as a module of its own, so hooks never import each other; they
share this package: the language being built (``languages``), the page pipeline's steps
(``notebook_page``, ``mathml``, ``figures``, ``affordable``, ``chapters``, ``banners``), the
exercises, the search index, the kernels and the files a build keeps (``kept_file``).
``DPLESSON_PLAIN_BUILD=1`` turns every speed item off; the site must come out the same
(``python3 noxfile.py -s reproducible`` compares it byte for byte).
"""

from __future__ import annotations

import os

PLAIN = "DPLESSON_PLAIN_BUILD"


def plain() -> bool:
    """Say whether this build runs without any speed item (``DPLESSON_PLAIN_BUILD=1``)."""
    return os.environ.get(PLAIN, "") not in ("", "0")
