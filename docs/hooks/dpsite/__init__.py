"""The libraries of the site's hooks; the hooks themselves are the files beside this package.

``docs/hooks/*.py`` are MkDocs entry points (each listed under ``hooks:`` in ``mkdocs.yml``);
this package holds what they share and what one build step needs: the language being built
(``languages``), the page pipeline's steps (``mathml``, ``figures``, ``affordable``,
``notebook_page``, ``banners``, ``chapters``), the exercises (``exercise_blocks``,
``exercise_pages``), the notebooks' kernels (``kernels``) and the files a build keeps for
the next one (``kept_file``). MkDocs loads each hook as a module of its own, so hooks never
import each other; they import this package, which Python loads once.

``DPLESSON_PLAIN_BUILD=1`` turns every speed item off (CONTRIBUTING, "Build time"): no shared
kernels, no executed copies or kept files, mkdocs-jupyter executes each lab itself as
``mkdocs.yml`` says. The site it builds must equal the fast build's, byte for byte
(``python3 noxfile.py -s reproducible`` checks it).
"""

from __future__ import annotations

import os

PLAIN = "DPLESSON_PLAIN_BUILD"


def plain() -> bool:
    """Say whether this build runs without any speed item (``DPLESSON_PLAIN_BUILD=1``)."""
    return os.environ.get(PLAIN, "") not in ("", "0")
