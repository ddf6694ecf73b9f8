"""Two builds of the same sources give the same files, except for a short, explained list.

``python -m tests.reproducible --site site`` takes an existing strict build (CI's one cold
build, dated by ``SOURCE_DATE_EPOCH``) and adds only what the check needs: a cold build of a
copy of the sources dated three days later (the lab notebooks execute again), which may differ
only in ``ALLOWED``, and a warm build of the repository itself (nothing executes), which must
equal the given site exactly. Without ``--site`` it makes all three builds in a temporary
folder. The benchmark reuses ``copy_sources`` and ``build``.
"""

from __future__ import annotations

import argparse
import filecmp
import fnmatch
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Files that may differ between two builds of the same sources, and why.
ALLOWED = {
    "sitemap.xml": "<lastmod> is the build date (fixed by SOURCE_DATE_EPOCH)",
    "sitemap.xml.gz": "the sitemap above, and the gzip header's build time",
    "downloads/*.whl": "its zip entries are dated SOURCE_DATE_EPOCH (docs/hooks/downloads.py)",
    "*.ipynb": "a notebook's download carries that wheel when the build has no site_url",
}
#: Not build inputs: version control, caches, environments, outputs.
IGNORED = (
    ".git",
    ".nox",
    ".cache",
    "site",
    "node_modules",
    "__pycache__",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".hypothesis",
    "*.egg-info",
)
EXECUTED = "Converting notebook (execute=True):"  # mkdocs-jupyter, for each executed notebook


@dataclass
class Build:
    """One timed build and the notebooks it executed (those not taken from the cache)."""

    seconds: float
    executed: list[str]


def copy_sources(target: Path) -> Path:
    """Copy the repository's sources (no caches, outputs or .git) to ``target``."""
    shutil.copytree(ROOT, target, ignore=shutil.ignore_patterns(*IGNORED), symlinks=True)
    return target


def build(sources: Path, site: Path, env: dict[str, str] | None = None) -> Build:
    """Build ``sources`` strictly into ``site`` in a new process; time it and read its log."""
    # The environment's editable dplesson points at the repository: import the copy's instead.
    environment = {
        **os.environ,
        "NO_MKDOCS_2_WARNING": "1",
        "PYTHONPATH": str(sources),
        **(env or {}),
    }
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    start = time.perf_counter()
    done = subprocess.run(
        command, cwd=sources, env=environment, capture_output=True, text=True, check=False
    )
    seconds = time.perf_counter() - start
    if done.returncode:
        raise RuntimeError(f"build failed:\n{done.stdout}\n{done.stderr}")
    log = done.stdout + done.stderr
    executed = [
        Path(line.split(EXECUTED, 1)[1].strip()).relative_to(sources / "docs").as_posix()
        for line in log.splitlines()
        if EXECUTED in line
    ]
    return Build(seconds, executed)


def differences(one: Path, two: Path) -> list[str]:
    """Paths (relative, POSIX) that exist in only one site or differ in content."""
    found = []
    files_one = {p.relative_to(one).as_posix() for p in one.rglob("*") if p.is_file()}
    files_two = {p.relative_to(two).as_posix() for p in two.rglob("*") if p.is_file()}
    found += sorted(files_one ^ files_two)
    for name in sorted(files_one & files_two):
        if not filecmp.cmp(one / name, two / name, shallow=False):
            found.append(name)
    return found


def unexplained(found: list[str]) -> list[str]:
    """The differences that ``ALLOWED`` does not explain."""
    return [name for name in found if not any(fnmatch.fnmatch(name, a) for a in ALLOWED)]


@dataclass
class Check:
    """Two cold builds, dated three days apart, then a warm one, and what differed."""

    cold: Build | None
    cold_again: Build
    warm: Build
    between_cold: list[str]
    cold_and_warm: list[str]


def check(work: Path) -> Check:
    """Copy the sources into ``work``; build cold, cold again (a later date), then warm."""
    sources = copy_sources(work / "src")
    now = int(time.time())
    cold = build(sources, work / "a", {"SOURCE_DATE_EPOCH": str(now)})
    shutil.rmtree(sources / ".cache")
    # Three days later, as far as the build can tell: date-stamped files must show up.
    cold_again = build(sources, work / "b", {"SOURCE_DATE_EPOCH": str(now + 3 * 86400)})
    warm = build(sources, work / "c", {"SOURCE_DATE_EPOCH": str(now)})
    return Check(
        cold,
        cold_again,
        warm,
        differences(work / "a", work / "b"),
        differences(work / "a", work / "c"),
    )


def check_site(site: Path, work: Path) -> Check:
    """Compare ``site`` with a cold build three days later and a warm build of the repository.

    ``site`` stands for the first cold build: it must have been built from these sources with
    the ``SOURCE_DATE_EPOCH`` of this process (as ``noxfile.py`` does). Its build is not timed
    here (``cold`` is None).
    """
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH") or time.time())
    sources = copy_sources(work / "src")
    later = build(sources, work / "b", {"SOURCE_DATE_EPOCH": str(epoch + 3 * 86400)})
    warm = build(ROOT, work / "c", {"SOURCE_DATE_EPOCH": str(epoch)})
    return Check(None, later, warm, differences(site, work / "b"), differences(site, work / "c"))


def main(argv: list[str] | None = None) -> int:
    """Run the check in a temporary folder; 1 if the builds differ beyond ``ALLOWED``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--site", type=Path, help="an existing cold build of these sources to compare against"
    )
    site = parser.parse_args(argv).site
    with tempfile.TemporaryDirectory(prefix="dplesson-reproducible-") as temp:
        result = check_site(site.resolve(), Path(temp)) if site else check(Path(temp))
    runs = [("cold again", result.cold_again), ("warm", result.warm)]
    if result.cold:
        runs.insert(0, ("cold", result.cold))
    for name, run in runs:
        print(f"{name} build {run.seconds:.1f} s, executed {run.executed or 'nothing'}")
    for name in result.between_cold:
        print(f"differs: {name}" + (f" (allowed: {ALLOWED[name]})" if name in ALLOWED else ""))
    wrong = unexplained(result.between_cold) + result.cold_and_warm
    cold_runs = [result.cold_again] + ([result.cold] if result.cold else [])
    if not all(run.executed for run in cold_runs) or result.warm.executed:
        print("the cold builds should execute the lab notebooks and the warm one reuse them")
        return 1
    print("reproducible" if not wrong else f"NOT reproducible: {wrong}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
