"""Serve a built site on 127.0.0.1 as a static host would: under a sub-path, gzip on request."""

from __future__ import annotations

import functools
import gzip
import io
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
#: Media types a static host compresses (GitHub Pages, nginx ``gzip_types``, …).
COMPRESSIBLE = (".html", ".css", ".js", ".json", ".xml", ".svg", ".txt", ".map", ".ipynb")


class SiteHandler(SimpleHTTPRequestHandler):
    """Files of ``directory`` under ``prefix``; gzip-encoded text when the client accepts it."""

    prefix = ""
    compress = False

    def __init__(self, *args: Any, prefix: str, compress: bool, **kwargs: Any) -> None:
        self.prefix = prefix.rstrip("/")
        self.compress = compress
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args: Any) -> None:
        """Keep test output free of one line per request."""

    def translate_path(self, path: str) -> str:
        """Map ``<prefix>/x`` to ``directory/x``; anything outside the prefix to a missing file."""
        if self.prefix:
            if path != self.prefix and not path.startswith(self.prefix + "/"):
                return str(Path(self.directory) / ".outside-the-prefix")
            path = path[len(self.prefix) :] or "/"
        return super().translate_path(path)

    def send_head(self) -> Any:
        """Send headers and return the body to copy; compressed when asked and worthwhile."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.compress and accepts and path.is_file() and path.suffix in COMPRESSIBLE):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)


@contextmanager
def serve(site_dir: Path, prefix: str = "", compress: bool = False) -> Iterator[str]:
    """Serve ``site_dir`` on a free port; yield the site's base URL (``…/prefix``, no slash)."""
    handler = functools.partial(
        SiteHandler, directory=str(site_dir), prefix=prefix, compress=compress
    )
    server = ThreadingHTTPServer((HOST, 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_address[1]}{prefix.rstrip('/')}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
