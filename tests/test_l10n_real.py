"""The one check of the translation tool on the real lesson: its report has no failure.

Every other behaviour of ``docs/hooks/l10n`` is tested on the synthetic project in
``tests/fixtures/l10n`` (tests/test_l10n_*.py), so rewording a page never breaks a test.
"""

from __future__ import annotations

from tests.conftest import ROOT
from tests.l10n_project import failing, project, report


def test_the_real_report_has_no_drift_and_no_missing_file_in_a_complete_language() -> None:
    real = project(ROOT)
    statuses = report(real)
    assert {s.page for s in statuses} >= {"index.md", "lab.ipynb", "exercises.ipynb"}
    failures = [
        (s.locale, s.page, s.status, [str(p) for p in s.problems]) for s in failing(real, statuses)
    ]
    assert failures == []
