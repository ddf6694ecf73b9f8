"""Measure the site and write ``docs/benchmarks/README.md`` (``python3 noxfile.py -s bench``).

Cold and warm builds of a copy of the sources; two baselines generated here (a minimal
five-locale Material site, and the same with one trivial notebook executed per locale, built
in turns with the cold builds); the step times of the last ``.ci/run``; the test suite and
the examples alone; Lighthouse scores (performance included) and page weights; and whether
two cold builds are identical.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path

from tests.conftest import LOCALES
from tests.lighthouse import audit_site, table
from tests.reproducible import ALLOWED, Build, build, copy_sources, differences, unexplained

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "docs" / "benchmarks" / "README.md"
CI_STEPS = ROOT / ".nox" / "ci-steps.tsv"
#: Targets on the project's 2-core machine.
WARM_TARGET = 5.0
COLD_TARGET = 12.0
EPOCH = {"SOURCE_DATE_EPOCH": "1767225600"}  # any fixed date: the runs compare their output


@dataclass
class Runs:
    """Wall-clock seconds of repeated runs."""

    seconds: list[float]

    @property
    def median(self) -> float:
        """The median run."""
        return statistics.median(self.seconds)

    def row(self, name: str, baseline: float | None, target: str) -> str:
        """One Markdown table row."""
        ratio = f"{self.median / baseline:.2f}×" if baseline else "1×"
        spread = f"{min(self.seconds):.1f}–{max(self.seconds):.1f} s"
        return (
            f"| {name} | {len(self.seconds)} | {self.median:.1f} s | {spread} "
            f"| {ratio} | {target} |"
        )


def cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo, or the platform's processor string."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def minimal_site(target: Path, pages: list[str]) -> Path:
    """A Material site with the same locales and page names, one short paragraph each."""
    languages = "\n".join(
        f"        - locale: {locale}\n          name: {locale}\n          build: true"
        + ("\n          default: true" if locale == "en" else "")
        for locale in LOCALES
    )
    nav = "\n".join(f"  - {page}" for page in pages)
    target.mkdir(parents=True)
    (target / "mkdocs.yml").write_text(
        "site_name: baseline\nsite_url: https://example.org/baseline/\n"
        "theme:\n  name: material\n  font: false\n"
        "plugins:\n  - search\n  - i18n:\n      docs_structure: folder\n"
        f"      languages:\n{languages}\nnav:\n{nav}\n",
        encoding="utf-8",
    )
    for locale in LOCALES:
        folder = target / "docs" / locale
        folder.mkdir(parents=True)
        for page in pages:
            title = page.removesuffix(".md").capitalize()
            text = f"# {title}\n\nSome {title.lower()} in {locale}.\n\n## Section\n\nMore.\n"
            (folder / page).write_text(text, encoding="utf-8")
    return target


#: The baseline's one hook: a trivial notebook executed in a new kernel once per language
#: build, which is what mkdocs-jupyter does for one notebook per locale.
BASELINE_HOOK = """
import nbformat
from nbclient import NotebookClient


def on_post_build(config, **_):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(1)")])
    NotebookClient(notebook, kernel_name="python3").execute()
"""


def notebook_baseline_site(target: Path, pages: list[str]) -> Path:
    """``minimal_site`` that also executes one trivial notebook per locale, each in a new kernel.

    The floor for a five-locale Material site with an executed notebook in every language:
    what the cold build is measured against (``cold_build_ratio``).
    """
    minimal_site(target, pages)
    (target / "baseline_hook.py").write_text(BASELINE_HOOK, encoding="utf-8")
    with (target / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write("hooks:\n  - baseline_hook.py\n")
    return target


@dataclass
class ColdRatio:
    """Cold builds of the site and of the notebook baseline, taken in turns."""

    site: Runs
    baseline: Runs
    site_cpu: Runs
    baseline_cpu: Runs
    minimal: Runs

    @property
    def ratio(self) -> float:
        """Median wall time of the site's cold build over the baseline's."""
        return self.site.median / self.baseline.median

    def report(self) -> str:
        """A short Markdown table of wall and CPU seconds and their ratios."""
        return "\n".join(
            [
                "| cold build | runs | median wall | range | median CPU | wall ratio |",
                "| --- | ---: | ---: | ---: | ---: | ---: |",
                *(
                    f"| {name} | {len(wall.seconds)} | {wall.median:.1f} s "
                    f"| {min(wall.seconds):.1f}–{max(wall.seconds):.1f} s "
                    f"| {cpu.median:.1f} s | {wall.median / self.baseline.median:.2f}× |"
                    for name, wall, cpu in (
                        ("whole site", self.site, self.site_cpu),
                        (
                            "baseline (one trivial notebook per locale)",
                            self.baseline,
                            self.baseline_cpu,
                        ),
                    )
                ),
            ]
        )


def _cold(sources: Path, site: Path) -> tuple[Build, float]:
    """One cold build of ``sources`` and its CPU seconds (the build and its kernels)."""
    shutil.rmtree(sources / ".cache", ignore_errors=True)
    shutil.rmtree(site, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = build(sources, site, {**EPOCH, "PYTHONPATH": str(sources)})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def cold_build_ratio(runs: int, sources: Path, work: Path) -> tuple[ColdRatio, list[Build]]:
    """Build ``sources``, the notebook baseline and the minimal site in turns, ``runs`` times each.

    Taking them in turns exposes all three to the same load from other processes, so the
    ratios stay meaningful on a busy machine when the seconds do not. Each build imports the
    ``dplesson`` of the sources it builds. The site's builds stay in ``work/cold-<run>``
    (the reproducibility section compares two of them).
    """
    if runs < 1:
        raise ValueError(f"runs must be at least 1; got {runs}")
    baseline = notebook_baseline_site(work / "baseline", site_pages())
    minimal = minimal_site(work / "minimal", site_pages())
    sites: list[tuple[Build, float]] = []
    bases: list[tuple[Build, float]] = []
    minimals: list[float] = []
    for run in range(runs):
        sites.append(_cold(sources, work / f"cold-{run}"))
        bases.append(_cold(baseline, work / "baseline-site"))
        minimals.append(_cold(minimal, work / "minimal-site")[0].seconds)
        print(f"cold run {run + 1}: site {sites[-1][0].seconds:.1f} s, "
              f"baseline {bases[-1][0].seconds:.1f} s, minimal {minimals[-1]:.1f} s",
              flush=True)  # fmt: skip
    ratio = ColdRatio(
        Runs([b.seconds for b, _ in sites]),
        Runs([b.seconds for b, _ in bases]),
        Runs([cpu for _, cpu in sites]),
        Runs([cpu for _, cpu in bases]),
        Runs(minimals),
    )
    return ratio, [b for b, _ in sites]


def ci_steps(steps: Path = CI_STEPS) -> list[str]:
    """The step table a ``.ci/run`` recorded in ``steps``, or a line saying there is none.

    By default the last run in this checkout; ``--ci-steps`` can name a fresh clone's.
    """
    if not steps.is_file() or not steps.read_text(encoding="utf-8").strip():
        return [f"No `.ci/run` has recorded its steps in `{steps.name}`."]
    recorded = datetime.fromtimestamp(steps.stat().st_mtime, UTC)
    rows = [line.split("\t") for line in steps.read_text(encoding="utf-8").splitlines() if line]
    lines = [
        f"The steps of the last recorded `.ci/run` (finished {recorded:%Y-%m-%d %H:%M} UTC),",
        "as its closing table printed them. There the cold build runs beside lint, on",
        "the same two cores, so its time is not the cold-build measure above.",
        "",
        "| step | seconds |",
        "| --- | ---: |",
        *(f"| {name} | {seconds} |" for name, seconds in rows),
    ]
    outer = steps.with_name(steps.name + ".outer")
    if outer.is_file():
        commands = [line.split("\t") for line in outer.read_text(encoding="utf-8").splitlines()]
        lines += ["", "| command (see CONTRIBUTING.md for what runs beside what) | seconds |"]
        lines += ["| --- | ---: |", *(f"| `{name}` | {seconds} |" for name, seconds in commands)]
    return lines


def cjk_fonts() -> str:
    """Say whether the system has a font for Chinese, which the zh pages' scores depend on."""
    try:
        found = subprocess.run(
            ["fc-list", ":lang=zh", "family"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "Whether a Chinese font was installed is unknown (no `fc-list`)."
    if found:
        return f"Chinese text was set in {found.splitlines()[0].split(',')[0]}."
    return (
        "No Chinese font was installed (`fc-list :lang=zh` is empty), so the zh pages were laid "
        "out without a font for their Chinese text, unlike on a Chinese reader's system "
        "(Debian's `fonts-noto-cjk` provides one)."
    )


def site_pages() -> list[str]:
    """The English pages of the lesson, notebooks as Markdown pages for the baseline."""
    english = ROOT / "docs" / "en"
    names = sorted(p.name for p in english.iterdir() if p.suffix in {".md", ".ipynb"})
    return [name.replace(".ipynb", ".md") for name in names]


def timed(command: list[str], env: dict[str, str] | None = None) -> float:
    """Run ``command`` in the repository; its wall-clock seconds (it must succeed)."""
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env={**os.environ, **(env or {})}, check=True)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    """Run every measurement and write the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", type=int, default=3, help="cold builds (at least 2)")
    parser.add_argument("--warm", type=int, default=5, help="warm rebuilds")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument(
        "--ci-steps", type=Path, default=CI_STEPS, help="a .ci/run's step file (.nox/ci-steps.tsv)"
    )
    args = parser.parse_args(argv)
    started = datetime.now(UTC)
    with tempfile.TemporaryDirectory(prefix="dplesson-bench-") as temp:
        work = Path(temp)
        sources = copy_sources(work / "src")
        ratio, cold = cold_build_ratio(max(2, args.cold), sources, work)
        warm = [build(sources, work / "site", EPOCH) for _ in range(args.warm)]
        print(f"warm builds: {[round(w.seconds, 1) for w in warm]}", flush=True)
        between_cold = differences(work / "cold-0", work / "cold-1")
        cold_and_warm = differences(work / "cold-0", work / "site")

        site_env = {"DPLESSON_SITE_DIR": str(work / "site")}
        pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        suite = timed([*pytest, "-m", "not browser", "-n", "2", "--dist", "worksteal"], site_env)
        examples = timed([*pytest, "tests/test_examples.py"], site_env)
        audits = audit_site(work / "site", ROOT / ".cache" / "lighthouse")

    cold_runs, warm_runs, base_runs = (
        Runs([b.seconds for b in cold]),
        Runs([w.seconds for w in warm]),
        ratio.minimal,
    )
    executed = sorted({name for w in warm for name in w.executed})
    lines = [
        "# Benchmarks",
        "",
        "Written by `python3 noxfile.py -s bench` (`tests/bench.py`); not part of the site.",
        "",
        f"- date: {started:%Y-%m-%d %H:%M} UTC",
        f"- machine: {os.cpu_count()} CPUs, {cpu_model()}; {platform.platform()}",
        f"- Python {platform.python_version()}, mkdocs {version('mkdocs')}, "
        f"mkdocs-material {version('mkdocs-material')}, "
        f"mkdocs-static-i18n {version('mkdocs-static-i18n')}",
        "",
        "## Build time",
        "",
        "Each build is a new `mkdocs build --strict` process on a copy of the sources. Cold:",
        "empty notebook cache and site folder, so the lab notebook executes in all five",
        "locales. Warm: the same build again with nothing changed. Baseline: a minimal",
        "Material site generated by the benchmark with the same five locales and",
        f"{len(site_pages())} page names (a heading and a paragraph each; search and",
        "static-i18n, no hooks), built in turns with the cold builds so that both meet the",
        "same load from other processes.",
        "",
        "| build | runs | median | range | ratio to minimal | target |",
        "| --- | ---: | ---: | ---: | ---: | --- |",
        cold_runs.row(
            "whole site, cold",
            base_runs.median,
            f"≤ {COLD_TARGET:.0f} s: " + ("met" if cold_runs.median <= COLD_TARGET else "missed"),
        ),
        warm_runs.row(
            "whole site, warm (no change)",
            base_runs.median,
            f"≤ {WARM_TARGET:.0f} s: " + ("met" if warm_runs.median <= WARM_TARGET else "missed"),
        ),
        base_runs.row("minimal five-locale Material site", None, "baseline"),
        "",
        "Turn by turn, each cold build took "
        + ", ".join(
            f"{c / m:.2f}×" for c, m in zip(cold_runs.seconds, base_runs.seconds, strict=True)
        )
        + " the minimal build of the same turn.",
        "",
        "The cold builds against a baseline that also executes one trivial notebook per",
        "locale, each in a new kernel (what mkdocs-jupyter alone does), built in turns with",
        "the site's cold builds; CPU seconds include the kernels:",
        "",
        ratio.report(),
        "",
        f"Notebooks executed by each cold build: {', '.join(cold[0].executed)}; they take"
        f" {cold_runs.median - warm_runs.median:.1f} s of it (cold − warm).",
        "Re-executed by a warm rebuild: "
        + (", ".join(executed) if executed else "none (every notebook a cache hit)")
        + ".",
        "",
        "## CI",
        "",
        *ci_steps(args.ci_steps),
        "",
        "## Tests",
        "",
        "| suite | time |",
        "| --- | ---: |",
        f"| `pytest -m 'not browser' -n 2` (as the tests session runs it) | {suite:.1f} s |",
        f"| `pytest tests/test_examples.py` (the examples alone) | {examples:.1f} s |",
        "",
        "## Page weight and Lighthouse",
        "",
        "Lighthouse 12.2.3 in Debian's headless Chromium (mobile, simulated throttling),",
        "the site served gzip-compressed on 127.0.0.1. Weights count every request of the",
        "page load, the search index included. " + cjk_fonts(),
        "Scores of one page vary by up to 15 points between runs on this machine.",
        "",
        table(audits),
        "",
        "## Reproducible builds",
        "",
        "Two cold builds of the same sources differ in: "
        + (", ".join(f"`{n}` ({ALLOWED.get(n, 'NOT ALLOWED')})" for n in between_cold) or "none")
        + ".",
        "Unexplained differences: " + (", ".join(unexplained(between_cold)) or "none") + ".",
        "A warm rebuild equals the cold build of the same date: "
        + ("yes" if not cold_and_warm else f"no ({', '.join(cold_and_warm)})")
        + ".",
        "",
    ]
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
