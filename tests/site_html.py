"""Parse built HTML pages: the resources a browser would load and the links it shows."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

# rel values of <link> that make the browser fetch the target.
LOADING_RELS = {
    "stylesheet",
    "preload",
    "modulepreload",
    "prefetch",
    "icon",
    "shortcut",
    "apple-touch-icon",
    "manifest",
    "dns-prefetch",
    "preconnect",
}
SRC_TAGS = {"script", "img", "iframe", "audio", "video", "source", "embed", "track", "input"}


class PageScan(HTMLParser):
    """Collect loaded URLs, anchors, ids and the <html lang> of one page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.loads: list[str] = []
        self.anchors: list[dict[str, str]] = []
        self.ids: set[str] = set()
        self.lang: str | None = None
        self.math = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "html":
            self.lang = values.get("lang")
        if tag == "math":
            self.math += 1
        if tag in SRC_TAGS and values.get("src"):
            self.loads.append(values["src"])
        for attr in ("srcset", "imagesrcset"):
            for part in values.get(attr, "").split(","):
                if part.strip():
                    self.loads.append(part.strip().split()[0])
        if tag == "video" and values.get("poster"):
            self.loads.append(values["poster"])
        if tag == "object" and values.get("data"):
            self.loads.append(values["data"])
        if tag == "link" and set(values.get("rel", "").lower().split()) & LOADING_RELS:
            self.loads.append(values.get("href", ""))
        if tag == "a":
            self.anchors.append(values)


def scan(path: Path) -> PageScan:
    """Parse one built page."""
    parser = PageScan()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser
