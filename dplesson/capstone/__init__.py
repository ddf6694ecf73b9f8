"""The capstone: one release of a month of bicycle rides, planned, made with OpenDP and checked.

A reader writes ``PLAN``, a dict of choices made without looking at the data (the privacy
unit, a bound on each rider's rides, bounds on a ride's minutes, the budget split, the
promised accuracy and a justification), and ``release(rides, plan)``, which makes the release
with OpenDP and returns the number of rides, the total minutes, the mean ride length and
their error bars. :func:`check` names every mistake it finds, in the reader's language::

    from dplesson import capstone
    print(capstone.check(PLAN, release, "nl"))

:data:`BRIEF` is the public brief and :func:`rides` the dataset; the worked solution is the
example ``docs/examples/capstone_solution.md``, shown on the capstone page (it needs
``opendp[polars]``). From a shell: ``python -m dplesson.capstone solution.py --lang nl``.
"""

from __future__ import annotations

import os
import runpy
from collections.abc import Mapping

from dplesson.capstone.brief import BRIEF, Brief, rides
from dplesson.capstone.checker import PLAN_KEYS, RELEASE_KEYS, Finding, Result, check, message
from dplesson.checkpoints.arguments import check_namespace_argument, check_path

__all__ = [
    "BRIEF",
    "PLAN_KEYS",
    "RELEASE_KEYS",
    "Brief",
    "Finding",
    "Result",
    "check",
    "check_file",
    "check_namespace",
    "message",
    "rides",
]


def check_namespace(namespace: Mapping[str, object], lang: str = "en") -> Result:
    """Check the ``PLAN`` and ``release`` defined in ``namespace``, e.g. ``globals()``."""
    namespace = check_namespace_argument(namespace)
    return check(namespace.get("PLAN"), namespace.get("release"), lang)


def check_file(path: str | os.PathLike[str], lang: str = "en") -> Result:
    """Run the Python file ``path`` and check the ``PLAN`` and ``release`` it defines."""
    target = check_path(path)
    from dplesson import locales

    lang = locales.check_locale(lang)
    namespace = runpy.run_path(str(target), run_name="dplesson_capstone")
    return check_namespace(namespace, lang)
