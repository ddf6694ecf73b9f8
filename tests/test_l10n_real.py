"""The one check of the translation tool on the real lesson: its report has no failure.

Drift fails; a missing or outdated translation does not (an English edit must not block
anyone): ``python3 noxfile.py -s release`` fails on those before publishing.

That covers the pages and notebooks, the interface strings of every settings file, and the
glossary: every term in every locale, stems that match their own term, and one heading per
term on each glossary page (``l10n.findings``).

Every other behaviour of ``docs/hooks/l10n`` is tested on the synthetic project in
``tests/fixtures/l10n`` (tests/test_l10n_*.py), so rewording a page never breaks a test.
"""

from __future__ import annotations

from tests.conftest import ROOT
from tests.l10n_project import failing, failing_findings, findings, project, report


def test_the_real_report_has_no_drift() -> None:
    real = project(ROOT)
    statuses = report(real)
    assert {s.page for s in statuses} >= {"index.md", "lab.ipynb", "exercises.ipynb"}
    failures = [
        (s.locale, s.page, s.status, [str(p) for p in s.problems]) for s in failing(real, statuses)
    ]
    assert failures == []


def test_the_real_interface_strings_and_glossary_have_no_failing_finding() -> None:
    real = project(ROOT)
    failures = [str(f.problem) for f in failing_findings(findings(real))]
    assert failures == []
