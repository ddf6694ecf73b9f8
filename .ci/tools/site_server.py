"""Serve a built site on 127.0.0.1 as a static host would: under a sub-path, gzip on request.

A missing address is answered with the nearest ``404.html`` above it, status 404, as
Cloudflare Pages and Netlify do (``not_found="root"``: the site root's, as GitHub Pages does).

``serve(..., search_documents=False)`` serves every search index with its configuration but
no documents, for browser tests that never search: Material's search worker builds the
locale's index on every page load, a quarter of Chromium's CPU in a tour, and an index
without documents loads the same scripts (the configuration names the languages) and draws
the same pages. The tests of the search, of accessibility (they search) and of requests use
the site as built.
"""

from __future__ import annotations

import functools
import gzip
import io
import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
#: Media types a static host compresses (GitHub Pages, nginx ``gzip_types``, …).
COMPRESSIBLE = (".html", ".css", ".js", ".json", ".xml", ".svg", ".txt", ".map", ".ipynb")
#: The file name of Material's search index (one per locale here).
SEARCH_INDEX = "search_index.json"
#: The page a static host sends for a missing address.
NOT_FOUND = "404.html"


class SiteHandler(SimpleHTTPRequestHandler):
    """Files of ``directory`` under ``prefix``; gzip-encoded text when the client accepts it."""

    #: Set per server by :func:`serve` (a subclass each).
    prefix = ""
    compress = False
    search_documents = True
    not_found = "nearest"

    def log_message(self, format: str, *args: Any) -> None:
        """Keep test output free of one line per request."""

    def translate_path(self, path: str) -> str:
        """Map ``<prefix>/x`` to ``directory/x``; anything outside the prefix to a missing file."""
        if self.prefix:
            if path != self.prefix and not path.startswith(self.prefix + "/"):
                return str(Path(self.directory) / ".outside-the-prefix")
            path = path[len(self.prefix) :] or "/"
        return super().translate_path(path)

    def not_found_page(self) -> Path | None:
        """Return the ``404.html`` nearest above the requested path (or the root's), if any."""
        root = Path(self.directory).resolve()
        asked = Path(self.translate_path(self.path)).parent.resolve()
        folder = root if self.not_found == "root" else asked
        for candidate in (folder, *folder.parents):
            if not candidate.is_relative_to(root):
                break
            if (candidate / NOT_FOUND).is_file():
                return candidate / NOT_FOUND
        return None

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Answer a missing file inside the prefix with the site's own 404 page."""
        inside = not self.prefix or self.path.split("?")[0].startswith(self.prefix + "/")
        page = self.not_found_page() if code == 404 and inside else None
        if page is None:
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_head(self) -> Any:
        """Send headers and return the body to copy; compressed when asked and worthwhile."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        encoded = self.compress and accepts and path.suffix in COMPRESSIBLE
        unindexed = not self.search_documents and path.name == SEARCH_INDEX
        if not (path.is_file() and (encoded or unindexed)):
            return super().send_head()
        body = without_documents(path.read_bytes()) if unindexed else path.read_bytes()
        if encoded:
            body = gzip.compress(body, compresslevel=9, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        if encoded:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def free_port() -> int:
    """Return a free port of 127.0.0.1, for a site built with its address before it is served."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def without_documents(index: bytes) -> bytes:
    """Return a Material search index with its configuration and no documents."""
    return json.dumps({**json.loads(index), "docs": []}, ensure_ascii=False).encode("utf-8")


@contextmanager
def serve(
    site_dir: Path,
    prefix: str = "",
    compress: bool = False,
    search_documents: bool = True,
    not_found: str = "nearest",
    port: int = 0,
) -> Iterator[str]:
    """Serve ``site_dir`` on ``port`` (0: a free one); yield the base URL (``…/prefix``, no slash).

    Without ``search_documents``, search indexes hold no documents (see the module's text).
    ``not_found`` is ``"nearest"`` or ``"root"`` (see the module's text).
    """
    if not_found not in ("nearest", "root"):
        raise ValueError(f"not_found must be 'nearest' or 'root', not {not_found!r}")
    options = {"compress": compress, "search_documents": search_documents, "not_found": not_found}
    handler = type("Handler", (SiteHandler,), {"prefix": prefix.rstrip("/"), **options})
    server = ThreadingHTTPServer((HOST, port), functools.partial(handler, directory=str(site_dir)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_address[1]}{prefix.rstrip('/')}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
