"""Measure the site and write ``docs/benchmarks/README.md`` (``python3 noxfile.py -s bench``).

Every number is a ratio to a yardstick measured in the same run, in turns with it, because
this machine's speed changes by a third within minutes:

* a cold build of a copy of the sources ÷ a five-locale Material site that executes one
  trivial notebook per locale (target ``COLD_RATIO``);
* a warm build (nothing changed) ÷ the minimal five-locale Material site (target
  ``WARM_RATIO``);
* Lighthouse performance (mobile, gzip-served, median of three rounds) on every chapter of
  every locale, beside the minimal site's page (target ``PERFORMANCE``).

It also reports a plain build (``DPLESSON_PLAIN_BUILD=1``) and whether it equals the cold
build, the step times of the last ``.ci/run``, and the test suite's time.
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

from tools import project
from tools.chromium import chinese_font
from tools.lighthouse import Performance, kib, performance_rounds
from tools.reproducible import PLAIN, Build, build, copy_sources, differences, unexplained

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "docs" / "benchmarks" / "README.md"
CI_STEPS = ROOT / ".nox" / "ci-steps.tsv"
#: Targets: a cold build at most 2× the notebook baseline, a warm one at most 2.5× the
#: minimal site, and Lighthouse performance at least 95 on every chapter.
COLD_RATIO = 2.0
WARM_RATIO = 2.5
PERFORMANCE = 95
EPOCH = {"SOURCE_DATE_EPOCH": "1767225600"}  # any fixed date: the runs compare their output


@dataclass
class Runs:
    """Wall-clock (or CPU) seconds of repeated runs."""

    seconds: list[float]

    @property
    def median(self) -> float:
        """The median run."""
        return statistics.median(self.seconds)

    def cell(self) -> str:
        """``4.2 s (3.6–4.7)``: the median and the range."""
        low, high = min(self.seconds), max(self.seconds)
        return f"{self.median:.1f} s ({low:.1f}–{high:.1f})"


def verdict(value: float, target: float) -> str:
    """``met`` or ``missed``: ``value`` at most ``target``."""
    return "met" if value <= target else "missed"


def cpu_model() -> str:
    """Return the CPU model name from /proc/cpuinfo, or the platform's processor string."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def site_pages() -> list[str]:
    """Return the English pages of the lesson, notebooks as Markdown pages for the baselines."""
    english = ROOT / "docs" / "en"
    names = sorted(p.name for p in english.iterdir() if p.suffix in {".md", ".ipynb"})
    return [name.replace(".ipynb", ".md") for name in names]


def minimal_site(target: Path, pages: list[str]) -> Path:
    """Write a Material site with the same locales and page names, one short paragraph each."""
    locales = project.locales()
    languages = "\n".join(
        f"        - locale: {locale}\n          name: {locale}\n          build: true"
        + ("\n          default: true" if locale == locales[0] else "")
        for locale in locales
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
    for locale in locales:
        folder = target / "docs" / locale
        folder.mkdir(parents=True)
        for page in pages:
            title = page.removesuffix(".md").capitalize()
            text = f"# {title}\n\nSome {title.lower()} in {locale}.\n\n## Section\n\nMore.\n"
            (folder / page).write_text(text, encoding="utf-8")
    return target


#: The notebook baseline's one hook: a trivial notebook executed in a new kernel once per
#: language build, which is what mkdocs-jupyter does for one notebook per locale.
BASELINE_HOOK = """
import nbformat
from nbclient import NotebookClient


def on_post_build(config, **_):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(1)")])
    NotebookClient(notebook, kernel_name="python3").execute()
"""


def notebook_baseline_site(target: Path, pages: list[str]) -> Path:
    """``minimal_site`` that also executes one trivial notebook per locale, each in a new kernel."""
    minimal_site(target, pages)
    (target / "baseline_hook.py").write_text(BASELINE_HOOK, encoding="utf-8")
    with (target / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write("hooks:\n  - baseline_hook.py\n")
    return target


def timed_build(
    sources: Path, site: Path, cold: bool = True, env: dict[str, str | None] | None = None
) -> tuple[Build, float]:
    """One build of ``sources`` (cold: no caches, no site) and its CPU seconds, kernels too."""
    if cold:
        shutil.rmtree(sources / ".cache", ignore_errors=True)
        shutil.rmtree(site, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = build(sources, site, {**EPOCH, **(env or {})})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


@dataclass
class Builds:
    """The builds of one run, each taken in turns with its yardstick."""

    cold: Runs
    cold_cpu: Runs
    baseline: Runs
    baseline_cpu: Runs
    warm: Runs
    minimal: Runs
    plain: Build
    executed: list[str]
    rebuilt: list[str]


def measure_builds(sources: Path, work: Path, colds: int, warms: int) -> Builds:
    """Cold builds in turns with the notebook baseline, warm ones in turns with the minimal site.

    The last cold build stays in ``work/cold`` and the warm one in ``work/site``; a plain build
    goes to ``work/plain``.
    """
    baseline = notebook_baseline_site(work / "baseline", site_pages())
    minimal = minimal_site(work / "minimal", site_pages())
    colds_done: list[tuple[Build, float]] = []
    bases: list[tuple[Build, float]] = []
    for turn in range(colds):
        colds_done.append(timed_build(sources, work / "cold"))
        bases.append(timed_build(baseline, work / "baseline-site"))
        print(f"cold {turn + 1}: site {colds_done[-1][0].seconds:.1f} s, "
              f"baseline {bases[-1][0].seconds:.1f} s", flush=True)  # fmt: skip
    timed_build(sources, work / "site", cold=False)  # the site folder of the warm builds
    warm: list[Build] = []
    minimals: list[float] = []
    for turn in range(warms):
        warm.append(timed_build(sources, work / "site", cold=False)[0])
        minimals.append(timed_build(minimal, work / "minimal-site")[0].seconds)
        print(f"warm {turn + 1}: site {warm[-1].seconds:.1f} s, "
              f"minimal {minimals[-1]:.1f} s", flush=True)  # fmt: skip
    plain = timed_build(sources, work / "plain", cold=False, env=dict(PLAIN))[0]
    print(f"plain: {plain.seconds:.1f} s", flush=True)
    return Builds(
        cold=Runs([b.seconds for b, _ in colds_done]),
        cold_cpu=Runs([cpu for _, cpu in colds_done]),
        baseline=Runs([b.seconds for b, _ in bases]),
        baseline_cpu=Runs([cpu for _, cpu in bases]),
        warm=Runs([b.seconds for b in warm]),
        minimal=Runs(minimals),
        plain=plain,
        executed=colds_done[-1][0].executed,
        rebuilt=sorted({name for w in warm for name in w.executed}),
    )


def build_report(builds: Builds, same_as_plain: list[str], same_as_warm: list[str]) -> list[str]:
    """Write the build section: the two ratios, their yardsticks, and the plain build."""
    cold_ratio = builds.cold.median / builds.baseline.median
    warm_ratio = builds.warm.median / builds.minimal.median
    return [
        "| build | runs | median (range) | yardstick, same run | ratio | target |",
        "| --- | ---: | ---: | --- | ---: | --- |",
        f"| cold (empty `.cache/`) | {len(builds.cold.seconds)} | {builds.cold.cell()} "
        f"| one trivial notebook per locale: {builds.baseline.cell()} "
        f"| {cold_ratio:.2f}× | ≤ {COLD_RATIO}×: {verdict(cold_ratio, COLD_RATIO)} |",
        f"| warm (nothing changed) | {len(builds.warm.seconds)} | {builds.warm.cell()} "
        f"| minimal Material site: {builds.minimal.cell()} "
        f"| {warm_ratio:.2f}× | ≤ {WARM_RATIO}×: {verdict(warm_ratio, WARM_RATIO)} |",
        "",
        f"CPU seconds (the build and its kernels), medians: cold {builds.cold_cpu.median:.1f} s, "
        f"notebook baseline {builds.baseline_cpu.median:.1f} s.",
        f"Executed by each cold build: {', '.join(builds.executed) or 'nothing'}. "
        "Re-executed by a warm build: "
        + (", ".join(builds.rebuilt) if builds.rebuilt else "none (every lab's copy kept)")
        + ".",
        "",
        f"A plain build (`DPLESSON_PLAIN_BUILD=1`: no shared kernels, no kept files or caches) "
        f"took {builds.plain.seconds:.1f} s ({builds.plain.seconds / builds.baseline.median:.2f}× "
        "the notebook baseline). It equals the cold build: "
        + ("yes" if not same_as_plain else f"**no** ({', '.join(same_as_plain[:10])})")
        + ". The warm build equals the cold build: "
        + ("yes" if not same_as_warm else f"**no** ({', '.join(same_as_warm[:10])})")
        + ".",
    ]


def performance_report(yardstick: Performance, pages: list[Performance]) -> list[str]:
    """Write the Lighthouse section: each chapter's median per locale, and the yardstick's."""
    locales = project.locales()
    by_path = {page.path: page for page in pages}
    lowest = min(pages, key=lambda page: page.median)
    lines = [
        f"| chapter | {' | '.join(locales)} |",
        "| --- |" + " ---: |" * len(locales),
    ]
    for chapter in project.chapters():
        cells = []
        for locale in locales:
            page = by_path.get(project.locale_path(locale, chapter))
            cells.append("–" if page is None else f"{page.median:g}")
        lines.append(f"| `{chapter}` | {' | '.join(cells)} |")
    below = [page.path for page in pages if page.median < PERFORMANCE]
    rounds = len(yardstick.scores)
    return [
        *lines,
        "",
        f"Yardstick, the minimal Material site's home page in the same rounds: median "
        f"{yardstick.median:g} ({', '.join(map(str, yardstick.scores))}), "
        f"{kib(yardstick.transferred)} transferred.",
        f"Lowest chapter: `/{lowest.path}`, median {lowest.median:g} "
        f"({', '.join(map(str, lowest.scores))}), {kib(lowest.transferred)} transferred.",
        f"Target ≥ {PERFORMANCE} on every chapter (median of {rounds}): "
        + ("met" if not below else f"missed on {len(below)} of {len(pages)} pages")
        + ".",
    ]


def ci_steps(steps: Path = CI_STEPS) -> list[str]:
    """Return the step table a ``.ci/run`` recorded in ``steps``, or a line saying there is none.

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


def timed(command: list[str], env: dict[str, str] | None = None) -> float:
    """Run ``command`` in the repository; its wall-clock seconds (it must succeed)."""
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env={**os.environ, **(env or {})}, check=True)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    """Run every measurement and write the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", type=int, default=3, help="cold builds, each with a baseline")
    parser.add_argument("--warm", type=int, default=5, help="warm builds, each with a minimal one")
    parser.add_argument("--rounds", type=int, default=3, help="Lighthouse rounds")
    parser.add_argument("--locales", nargs="*", default=project.locales(), help="Lighthouse's")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument(
        "--ci-steps", type=Path, default=CI_STEPS, help="a .ci/run's step file (.nox/ci-steps.tsv)"
    )
    args = parser.parse_args(argv)
    if min(args.cold, args.warm, args.rounds) < 1:
        parser.error("--cold, --warm and --rounds must be at least 1")
    started, load = datetime.now(UTC), os.getloadavg()[1]
    with tempfile.TemporaryDirectory(prefix="dplesson-bench-") as temp:
        work = Path(temp)
        sources = copy_sources(work / "src")
        builds = measure_builds(sources, work, args.cold, args.warm)
        same_as_plain = differences(work / "cold", work / "plain")
        same_as_warm = differences(work / "cold", work / "site")
        site_env = {"DPLESSON_SITE_DIR": str(work / "site")}
        pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        suite = timed([*pytest, "-m", "not browser", "-n", "2", "--dist", "worksteal"], site_env)
        paths = [project.locale_path(loc, ch) for loc in args.locales for ch in project.chapters()]
        yardstick, pages = performance_rounds(
            work / "site", work / "minimal-site", paths, ROOT / ".cache" / "lighthouse", args.rounds
        )
    lines = [
        "# Benchmarks",
        "",
        "Written by `python3 noxfile.py -s bench` (`.ci/tools/bench.py`); not part of the site.",
        "Every measure is a ratio to a yardstick taken in the same run, in turns with it.",
        "",
        f"- date: {started:%Y-%m-%d %H:%M} UTC",
        f"- machine: {os.cpu_count()} CPUs, {cpu_model()}; {platform.platform()}",
        f"- load average (5 min) at the start and the end: {load:.1f}, {os.getloadavg()[1]:.1f}",
        f"- Python {platform.python_version()}, mkdocs {version('mkdocs')}, "
        f"mkdocs-material {version('mkdocs-material')}, "
        f"mkdocs-static-i18n {version('mkdocs-static-i18n')}",
        "",
        "## Build time",
        "",
        "Each build is a new `mkdocs build --strict` process on a copy of the sources. The",
        "yardsticks are generated here with the same five locales and "
        f"{len(site_pages())} page names (a heading and a",
        "paragraph each; search and static-i18n): the minimal Material site, and the same",
        "site executing one trivial notebook per locale in a new kernel (what mkdocs-jupyter",
        "does for one notebook).",
        "",
        *build_report(builds, unexplained(same_as_plain), same_as_warm),
        "",
        "## Lighthouse performance",
        "",
        "Lighthouse 12.2.3 in Debian's headless Chromium (mobile, simulated throttling), each",
        f"site served gzip-compressed on 127.0.0.1; every chapter of {', '.join(args.locales)},",
        f"median of {args.rounds} rounds, each round auditing the yardstick first. Chinese font:",
        f"{chinese_font() or 'none (the zh pages showed boxes)'}.",
        "",
        *performance_report(yardstick, pages),
        "",
        "## CI",
        "",
        *ci_steps(args.ci_steps),
        "",
        "## Tests",
        "",
        f"`pytest -m 'not browser' -n 2` (as the tests session runs it): {suite:.1f} s.",
        "",
    ]
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
