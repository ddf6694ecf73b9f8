"""Builds of the same sources give the same site: later, warm, and plain without the speed items.

``python -m tools.reproducible --site site`` takes an existing strict build (CI's one cold
build, dated by ``SOURCE_DATE_EPOCH``) and adds only what the check needs:

* a plain build (``DPLESSON_PLAIN_BUILD=1``: no shared kernels, no kept files or caches;
  mkdocs-jupyter executes each lab again, itself), which must equal the site byte for byte:
  the promise of every speed item, and that executing the labs again changes nothing;
* a warm build of the repository (nothing executes) dated three days later, which may
  differ only in ``ALLOWED`` (dates): the caches are right, the date reaches nothing else.

A difference is printed file by file, with its first lines. The benchmark reuses the helpers.
"""

from __future__ import annotations

import argparse
import difflib
import filecmp
import fnmatch
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Files that may differ between two builds of the same sources dated apart, and why.
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
#: The log lines of an executed notebook: mkdocs-jupyter's own (a plain build) and the
#: shared kernels' (docs/hooks/dpsite/kernels.py).
EXECUTED = ("Converting notebook (execute=True):", "Executed notebook:")
#: The build without any speed item, and no nbconvert shortcut from noxfile.py either.
PLAIN = {"DPLESSON_PLAIN_BUILD": "1", "NBCONVERT_DISABLE_CONFIG_EXPORTERS": None}


@dataclass
class Build:
    """One timed build and the notebooks it executed (those not taken from a cache)."""

    seconds: float
    executed: list[str]


def copy_sources(target: Path) -> Path:
    """Copy the repository's sources (no caches, outputs or .git) to ``target``."""
    shutil.copytree(ROOT, target, ignore=shutil.ignore_patterns(*IGNORED), symlinks=True)
    return target


def build(sources: Path, site: Path, env: Mapping[str, str | None] | None = None) -> Build:
    """Build ``sources`` strictly into ``site`` in a new process; time it and read its log.

    ``env`` adds variables to this process's environment; a ``None`` value removes one.
    """
    # The environment's editable dplesson points at the repository: import the copy's instead.
    changes = {"NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(sources), **(env or {})}
    merged: dict[str, str | None] = {**os.environ, **changes}
    environment = {name: value for name, value in merged.items() if value is not None}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    start = time.perf_counter()
    done = subprocess.run(
        command, cwd=sources, env=environment, capture_output=True, text=True, check=False
    )
    seconds = time.perf_counter() - start
    if done.returncode:
        raise RuntimeError(f"build failed:\n{done.stdout}\n{done.stderr}")
    executed = []
    for line in (done.stdout + done.stderr).splitlines():
        for marker in EXECUTED:
            if marker in line:
                path = Path(line.split(marker, 1)[1].strip())
                executed.append(path.relative_to(sources / "docs").as_posix())
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
    """Return the differences that ``ALLOWED`` does not explain."""
    return [name for name in found if not any(fnmatch.fnmatch(name, a) for a in ALLOWED)]


def describe(one: Path, two: Path, name: str, lines: int = 12) -> str:
    """Say how ``name`` differs between the sites ``one`` and ``two``, readably and briefly."""
    first, second = one / name, two / name
    if not second.is_file():
        return f"{name}: only in {one}"
    if not first.is_file():
        return f"{name}: only in {two}"
    try:
        texts = [path.read_text(encoding="utf-8") for path in (first, second)]
    except UnicodeDecodeError:
        sizes = f"{first.stat().st_size} and {second.stat().st_size} bytes"
        return f"{name}: binary files differ ({sizes})"
    # Minified pages hold few lines: compare at tag boundaries so a diff shows where.
    one_lines, two_lines = (text.replace("><", ">\n<").splitlines() for text in texts)
    diff = list(difflib.unified_diff(one_lines, two_lines, str(first), str(second), n=1))
    shown = [line if len(line) <= 160 else line[:157] + "..." for line in diff[:lines]]
    more = f"\n  ... {len(diff) - lines} more diff lines" if len(diff) > lines else ""
    return f"{name}: differs\n  " + "\n  ".join(shown) + more


def main(argv: list[str] | None = None) -> int:
    """Run the check in a temporary folder; 1 if the builds differ beyond ``ALLOWED``.

    ``--site`` stands for the first cold build: it must have been built from these sources
    with this process's ``SOURCE_DATE_EPOCH`` (as ``noxfile.py`` does); it is not timed here.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--site", type=Path, required=True, help="a cold build of these sources to compare against"
    )
    site = parser.parse_args(argv).site.resolve()
    epoch = os.environ.get("SOURCE_DATE_EPOCH") or str(int(time.time()))
    dated = {"SOURCE_DATE_EPOCH": epoch}
    with tempfile.TemporaryDirectory(prefix="dplesson-reproducible-") as temp:
        work = Path(temp)
        later = {"SOURCE_DATE_EPOCH": str(int(epoch) + 3 * 86400)}
        plain, warm = (
            build(ROOT, work / "plain", {**PLAIN, **dated}),
            build(ROOT, work / "later", later),
        )
        for name, run in (("plain", plain), ("later warm", warm)):
            print(f"{name} build {run.seconds:.1f} s, executed {run.executed or 'nothing'}")
        between_dates = differences(site, work / "later")
        for name in between_dates:
            why = f" ({ALLOWED[name]})" if name in ALLOWED else ""
            print(f"later build differs: {name}{why}")
        code = 0
        for label, other, found in (
            ("a later warm build", work / "later", unexplained(between_dates)),
            (
                "the plain build (DPLESSON_PLAIN_BUILD=1)",
                work / "plain",
                differences(site, work / "plain"),
            ),
        ):
            if found:
                code = 1
                print(f"\nNOT reproducible: {label} differs from {site} in {len(found)} files:")
                for name in found[:20]:
                    print(describe(site, other, name))
        if warm.executed or not plain.executed:
            print("the plain build should execute the labs, and the warm one reuse them")
            code = 1
    print("reproducible" if code == 0 else "FAILED")
    return code


if __name__ == "__main__":
    sys.exit(main())
