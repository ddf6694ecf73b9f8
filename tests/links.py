"""Check the links of a built site offline: every internal link, asset and ``#anchor``.

Internal means relative, root-relative or under ``site_url``; the target file must exist
and an anchor must be an element id of the target page. External links are collected, not
fetched: ``python -m tests.links site --report .cache/external-links.txt`` lists them.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import yaml

ROOT = Path(__file__).resolve().parent.parent
LOCAL = "http://site.invalid/"
#: Attributes that point somewhere, per tag.
URL_ATTRIBUTES = {
    "a": ("href",),
    "link": ("href",),
    "script": ("src",),
    "img": ("src",),
    "source": ("src",),
    "iframe": ("src",),
    "form": ("action",),
}
NOT_FETCHED = ("mailto:", "tel:", "javascript:", "data:")


class _Page(HTMLParser):
    """The ids and the outgoing URLs (with their tag) of one page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.urls: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v for k, v in attrs if v is not None}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.ids.add(values["name"])
        for attribute in URL_ATTRIBUTES.get(tag, ()):
            if values.get(attribute):
                self.urls.append((tag, values[attribute].strip()))


def _parse(path: Path, seen: dict[Path, _Page]) -> _Page:
    """Parse ``path`` once per check."""
    if path not in seen:
        seen[path] = _Page()
        seen[path].feed(path.read_text(encoding="utf-8", errors="replace"))
    return seen[path]


@dataclass
class LinkReport:
    """What a check of the site found."""

    pages: list[str] = field(default_factory=list)
    checked: int = 0
    broken: list[str] = field(default_factory=list)
    external: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def external_lines(self) -> list[str]:
        """One line per external URL: the URL and how many pages link to it."""
        return [f"{url}  ({len(pages)} pages)" for url, pages in sorted(self.external.items())]


def _target(site: Path, path: str) -> Path | None:
    """The file a static host serves for ``path`` (a URL path below the site root)."""
    candidate = site / unquote(path).lstrip("/")
    if path.endswith("/") or path == "" or candidate.is_dir():
        candidate = candidate / "index.html"
    return candidate if candidate.is_file() else None


def check_site(site: Path, site_url: str = "") -> LinkReport:
    """Check every page under ``site``; ``site_url`` links count as internal."""
    report = LinkReport()
    seen: dict[Path, _Page] = {}
    site_path = urlparse(site_url).path if site_url else ""
    for page_path in sorted(site.rglob("*.html")):
        relative = page_path.relative_to(site).as_posix()
        report.pages.append(relative)
        here = urljoin(LOCAL, relative)
        for tag, raw in _parse(page_path, seen).urls:
            if raw.startswith(NOT_FETCHED):
                continue
            url = raw
            if site_url and url.startswith(site_url):
                url = "/" + url[len(site_url) :]
            absolute = urljoin(here, url)
            parsed = urlparse(absolute)
            if parsed.scheme not in {"http", "https"} or not absolute.startswith(LOCAL):
                report.external[raw].add(relative)
                continue
            report.checked += 1
            path = parsed.path
            if site_path and raw.startswith("/") and path.startswith(site_path):
                path = "/" + path[len(site_path) :]  # root-relative under the sub-path
            target = _target(site, path)
            if target is None:
                report.broken.append(f"{relative}: <{tag}> {raw} (no such file)")
                continue
            fragment = unquote(parsed.fragment)
            if fragment and target.suffix == ".html" and fragment not in _parse(target, seen).ids:
                report.broken.append(f"{relative}: <{tag}> {raw} (no id {fragment!r})")
    return report


def site_url(config: Path = ROOT / "mkdocs.yml") -> str:
    """The ``site_url`` of mkdocs.yml (its Python tags are left unresolved)."""
    data = yaml.load(config.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    return str(data.get("site_url", ""))


def main(argv: list[str] | None = None) -> int:
    """Check a built site; write the external links to ``--report``; 1 if a link is broken."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, nargs="?", default=ROOT / "site")
    parser.add_argument("--site-url", default=site_url(), help="default: mkdocs.yml's")
    parser.add_argument("--report", type=Path, default=ROOT / ".cache" / "external-links.txt")
    args = parser.parse_args(argv)
    report = check_site(args.site, args.site_url)
    args.report.parent.mkdir(parents=True, exist_ok=True)
    lines = report.external_lines()
    args.report.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(report.pages)} pages, {report.checked} internal links and anchors checked")
    print(f"{len(lines)} external URLs (not fetched), listed in {args.report}")
    for line in report.broken:
        print(f"BROKEN {line}")
    return 1 if report.broken else 0


if __name__ == "__main__":
    sys.exit(main())
