"""Lighthouse 12.2.3 (npm, tests/browser/js) with Debian's Chromium over the built site.

``python -m tests.lighthouse --site site`` serves the site gzip-compressed on 127.0.0.1,
audits one page of each type in ``en`` and ``zh``, writes the reports and a summary under
``.cache/lighthouse/`` and prints a table with the page weights. It fails when
accessibility, best practices or SEO miss their targets; performance, a timing, is reported
(and recorded by the benchmark) but never fails the run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tests.site_server import serve

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "tests" / "browser" / "js"
LIGHTHOUSE = JS / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = os.environ.get("DPLESSON_CHROMIUM", "/usr/bin/chromium")
CHROME_FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
    "--disable-background-networking --disable-component-update --disable-sync"
)
#: One page of each type: the home page, a chapter with math and widgets, a notebook.
PAGE_TYPES = {"home": "", "chapter": "laplace/", "notebook": "lab/"}
LOCALES = ("en", "zh")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
#: Lowest acceptable score per category; performance is a timing: reported, not enforced.
TARGETS = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 95}
ENFORCED = ("accessibility", "best-practices", "seo")


@dataclass
class Audit:
    """The scores and weight of one page."""

    locale: str
    page_type: str
    path: str
    scores: dict[str, int]
    transferred: int
    uncompressed: int
    requests: int
    failing: list[str]

    def misses(self, categories: tuple[str, ...] = ENFORCED) -> list[str]:
        """The categories of ``categories`` below their target."""
        return [c for c in categories if self.scores[c] < TARGETS[c]]


def summarise(report: dict[str, Any], locale: str, page_type: str, path: str) -> Audit:
    """Scores out of 100, bytes on the wire and unpacked, and the audits that lost points."""
    categories = report["categories"]
    scores = {name: round(100 * (categories[name]["score"] or 0)) for name in CATEGORIES}
    items = report["audits"]["network-requests"]["details"]["items"]
    local = [item for item in items if not item["url"].startswith("data:")]
    failing = []
    for name in CATEGORIES:
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


def run_lighthouse(url: str, output: Path) -> dict[str, Any]:
    """Audit ``url`` with the pinned Lighthouse in headless Chromium; return the JSON report."""
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"no {LIGHTHOUSE}: run `npm ci` in {JS}")
    command = [
        str(LIGHTHOUSE),
        url,
        f"--chrome-flags={CHROME_FLAGS}",
        f"--only-categories={','.join(CATEGORIES)}",
        "--output=json",
        f"--output-path={output}",
        "--quiet",
    ]
    subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": CHROMIUM})
    result: dict[str, Any] = json.loads(output.read_text(encoding="utf-8"))
    return result


def audit_site(site: Path, out_dir: Path, locales: tuple[str, ...] = LOCALES) -> list[Audit]:
    """Audit every page type in every locale of ``locales``; keep the reports in ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    audits = []
    with serve(site, compress=True) as base:
        for locale in locales:
            for page_type, page in PAGE_TYPES.items():
                path = page if locale == "en" else f"{locale}/{page}"
                report = run_lighthouse(f"{base}/{path}", out_dir / f"{locale}-{page_type}.json")
                audits.append(summarise(report, locale, page_type, "/" + path))
    (out_dir / "summary.json").write_text(
        json.dumps([asdict(a) for a in audits], indent=2) + "\n", encoding="utf-8"
    )
    return audits


def kib(size: int) -> str:
    """Bytes as KiB with one decimal."""
    return f"{size / 1024:.1f} KiB"


def table(audits: list[Audit]) -> str:
    """A Markdown table: one row per page with scores, requests and weights."""
    lines = [
        "| page | locale | performance | accessibility | best practices | SEO | requests "
        "| transferred (gzip) | uncompressed |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for a in audits:
        scores = " | ".join(str(a.scores[c]) for c in CATEGORIES)
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
    args = parser.parse_args(argv)
    audits = audit_site(args.site, args.out)
    print(table(audits))
    code = 0
    for a in audits:
        for line in a.failing:
            print(f"{a.locale} {a.page_type}: {line}")
        if a.misses():
            print(f"FAIL {a.locale} {a.page_type}: below target in {a.misses()}")
            code = 1
        if a.misses(("performance",)):
            print(f"note {a.locale} {a.page_type}: performance {a.scores['performance']} < 95")
    return code


if __name__ == "__main__":
    sys.exit(main())
