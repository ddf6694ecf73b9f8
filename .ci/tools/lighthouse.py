"""Lighthouse 12.2.3 (npm, tests/browser/js) with Debian's Chromium over the built site.

``python -m tools.lighthouse --site site`` serves the site gzip-compressed on 127.0.0.1,
audits one page of each type in ``en`` and ``zh`` with ONE Chromium
(``tests/browser/js/audit.mjs``), writes the reports and a summary under
``.cache/lighthouse/`` and prints a table with the page weights. It fails when
accessibility, best practices or SEO miss their targets, or a page transfers over 200 KB.

CI audits only those three categories. Performance is a timing on a shared machine, so the
benchmark (``tools/bench.py``) measures it, with :func:`performance_rounds`: every chapter of
every locale and a yardstick page, in turns, three times (``--performance`` here adds it to
this audit, reported and never enforced).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.project import locale_path
from tools.site_server import serve

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "tests" / "browser" / "js"
LIGHTHOUSE = JS / "node_modules" / "lighthouse"
RUNNER = JS / "audit.mjs"
LOCALES = ("en", "zh")
#: One page of each type: the home page, a chapter with math and widgets, a notebook.
PAGE_TYPES = {"home": "", "chapter": "laplace/", "notebook": "lab/"}
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
#: Lowest acceptable score per category; performance is a timing: reported, not enforced.
TARGETS = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 95}
ENFORCED = ("accessibility", "best-practices", "seo")
#: Bytes a page may transfer at load (issue 28: 200 KB gzip-transferred; tests/test_page_weight.py).
MAX_TRANSFERRED = 200_000


@dataclass
class Audit:
    """The scores and weight of one page (only the audited categories are scored)."""

    locale: str
    page_type: str
    path: str
    scores: dict[str, int]
    transferred: int
    uncompressed: int
    requests: int
    failing: list[str]

    def misses(self, categories: tuple[str, ...] = ENFORCED) -> list[str]:
        """Return the audited categories of ``categories`` below their target."""
        return [c for c in categories if c in self.scores and self.scores[c] < TARGETS[c]]


def summarise(report: dict[str, Any], locale: str, page_type: str, path: str) -> Audit:
    """Scores out of 100, bytes on the wire and unpacked, and the audits that lost points."""
    categories = report["categories"]
    audited = [name for name in CATEGORIES if name in categories]
    scores = {name: round(100 * (categories[name]["score"] or 0)) for name in audited}
    items = report["audits"]["network-requests"]["details"]["items"]
    local = [item for item in items if not item["url"].startswith("data:")]
    failing = []
    for name in audited:
        for ref in categories[name]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref["weight"] > 0 and audit["score"] is not None and audit["score"] < 1:
                failing.append(f"{name}/{ref['id']}: {audit.get('displayValue', '')}".rstrip(": "))
    return Audit(
        locale=locale,
        page_type=page_type,
        path=path,
        scores=scores,
        transferred=sum(int(item.get("transferSize", 0)) for item in local),
        uncompressed=sum(int(item.get("resourceSize", 0)) for item in local),
        requests=len(local),
        failing=failing,
    )


def run_lighthouse(
    pages: list[tuple[str, Path]], categories: tuple[str, ...] = CATEGORIES
) -> list[dict[str, Any]]:
    """Audit each ``(url, report path)`` with the pinned Lighthouse; the JSON reports.

    One Chromium serves every page (starting it is a good part of an audit's time); each
    page still gets Lighthouse's default run with its storage reset first.
    """
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"no {LIGHTHOUSE}: run `npm ci` in {JS}")
    job = {
        "chromium": str(CHROMIUM),
        "flags": ["--headless", *CHROMIUM_ARGS],
        "categories": list(categories),
        "pages": [[str(output), url] for url, output in pages],
    }
    subprocess.run(["node", str(RUNNER), json.dumps(job)], check=True, cwd=JS)
    return [json.loads(output.read_text(encoding="utf-8")) for _, output in pages]


def audit_site(site: Path, out_dir: Path, categories: tuple[str, ...]) -> list[Audit]:
    """Audit every page type in every locale of ``LOCALES``; keep the reports in ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    visits = [(locale, kind, path) for locale in LOCALES for kind, path in PAGE_TYPES.items()]
    with serve(site, compress=True) as base:
        reports = run_lighthouse(
            [
                (f"{base}/{locale_path(locale, path)}", out_dir / f"{locale}-{kind}.json")
                for locale, kind, path in visits
            ],
            categories,
        )
    audits = [
        summarise(report, locale, kind, "/" + locale_path(locale, path))
        for report, (locale, kind, path) in zip(reports, visits, strict=True)
    ]
    (out_dir / "summary.json").write_text(
        json.dumps([asdict(a) for a in audits], indent=2) + "\n", encoding="utf-8"
    )
    return audits


@dataclass
class Performance:
    """One page's Lighthouse performance over several rounds, and its weight."""

    path: str
    scores: list[int]
    transferred: int

    @property
    def median(self) -> float:
        """The median score of the rounds."""
        return float(statistics.median(self.scores))


def performance_rounds(
    site: Path, yardstick: Path, paths: list[str], out_dir: Path, rounds: int = 3
) -> tuple[Performance, list[Performance]]:
    """Score the performance of ``site``'s ``paths`` and ``yardstick``'s home page, in turns.

    Each round audits the yardstick page, then every path, with one Chromium; both sites
    are served gzip-compressed, so every round meets the machine's load of its moment.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    scores: dict[str, list[int]] = {path: [] for path in ["", *paths]}
    weights: dict[str, list[int]] = {path: [] for path in scores}
    with serve(site, compress=True) as base, serve(yardstick, compress=True) as plain:
        for turn in range(rounds):
            pages = [(f"{plain}/", out_dir / f"yardstick-{turn}.json")] + [
                (f"{base}/{path}", out_dir / f"{path.strip('/').replace('/', '-')}-{turn}.json")
                for path in paths
            ]
            reports = run_lighthouse(pages, ("performance",))
            for path, report in zip(scores, reports, strict=True):
                audit = summarise(report, "", "", path)
                scores[path].append(audit.scores["performance"])
                weights[path].append(audit.transferred)
    found = [Performance(p, scores[p], int(statistics.median(weights[p]))) for p in scores]
    return found[0], found[1:]


def kib(size: int) -> str:
    """Bytes as KiB with one decimal."""
    return f"{size / 1024:.1f} KiB"


def table(audits: list[Audit]) -> str:
    """Write a Markdown table: one row per page with scores (– if not audited) and weights."""
    lines = [
        "| page | locale | performance | accessibility | best practices | SEO | requests "
        "| transferred (gzip) | uncompressed |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for a in audits:
        scores = " | ".join(str(a.scores.get(c, "–")) for c in CATEGORIES)
        lines.append(
            f"| {a.page_type} `{a.path}` | {a.locale} | {scores} | {a.requests} "
            f"| {kib(a.transferred)} | {kib(a.uncompressed)} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Audit the site, print the table and the lost points; 1 if an enforced target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site")
    parser.add_argument("--out", type=Path, default=ROOT / ".cache" / "lighthouse")
    parser.add_argument(
        "--performance", action="store_true", help="also score performance (reported only)"
    )
    args = parser.parse_args(argv)
    categories = CATEGORIES if args.performance else ENFORCED
    audits = audit_site(args.site, args.out, categories)
    print(table(audits))
    code = 0
    for a in audits:
        for line in a.failing:
            print(f"{a.locale} {a.page_type}: {line}")
        if a.misses() or a.transferred > MAX_TRANSFERRED:
            print(f"FAIL {a.locale} {a.page_type}: {a.misses()} below target, {kib(a.transferred)}")
            code = 1
        if a.misses(("performance",)):
            print(f"note {a.locale} {a.page_type}: performance {a.scores['performance']} < 95")
    return code


if __name__ == "__main__":
    sys.exit(main())
