"""The libraries the site's hooks share (the MkDocs entry points are the files beside it).

MkDocs loads each hook file as a module of its own, so hooks never import each other, only
this package. ``DPLESSON_PLAIN_BUILD=1`` (:func:`plain`) turns every speed item off; the site
must come out the same (``python3 noxfile.py -s reproducible`` compares it byte for byte).
"""

from __future__ import annotations

import os


def plain() -> bool:
    """Say whether this build runs without any speed item (``DPLESSON_PLAIN_BUILD=1``)."""
    return os.environ.get("DPLESSON_PLAIN_BUILD", "") not in ("", "0")
