"""tools/site_server.py: the built site as a static host serves it, and the lean search index."""

from __future__ import annotations

import gzip
import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tools.site_server import serve

INDEX = {
    "config": {"lang": ["zh"], "separator": "[\\s\\u200b]+", "pipeline": ["stopWordFilter"]},
    "docs": [{"location": "", "title": "差分隐私", "text": "拉普拉斯机制"}],
}


def fetch(url: str, gzipped: bool = False) -> tuple[bytes, str | None]:
    """The body of ``url`` (decoded) and its ``Content-Encoding``."""
    headers = {"Accept-Encoding": "gzip"} if gzipped else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as answer:
        body, encoding = answer.read(), answer.headers.get("Content-Encoding")
    return (gzip.decompress(body) if encoding == "gzip" else body), encoding


def test_search_indexes_are_served_as_built_or_without_their_documents(tmp_path: Path) -> None:
    (tmp_path / "zh" / "search").mkdir(parents=True)
    built = json.dumps(INDEX, ensure_ascii=False).encode("utf-8")
    (tmp_path / "zh" / "search" / "search_index.json").write_bytes(built)
    (tmp_path / "index.html").write_text("<p>hello</p>", encoding="utf-8")
    with serve(tmp_path) as url:
        assert fetch(f"{url}/zh/search/search_index.json") == (built, None)
    for compress in (False, True):
        with serve(tmp_path, compress=compress, search_documents=False) as url:
            body, encoding = fetch(f"{url}/zh/search/search_index.json", gzipped=True)
            assert json.loads(body) == {"config": INDEX["config"], "docs": []}
            assert encoding == ("gzip" if compress else None)
            assert fetch(f"{url}/", gzipped=True)[0] == b"<p>hello</p>"  # other files as built


def status_and_body(url: str) -> tuple[int, bytes]:
    """The status and body of ``url``, an error's included."""
    try:
        with urllib.request.urlopen(url) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_a_missing_address_gets_the_nearest_404_page_or_the_roots(tmp_path: Path) -> None:
    (tmp_path / "zh").mkdir()
    (tmp_path / "404.html").write_text("root", encoding="utf-8")
    (tmp_path / "zh" / "404.html").write_text("zh", encoding="utf-8")
    with serve(tmp_path, prefix="/sub") as url:
        assert status_and_body(f"{url}/nope") == (404, b"root")
        assert status_and_body(f"{url}/zh/a/b/") == (404, b"zh")
        assert status_and_body(f"{url}/zh/a/b/c") == (404, b"zh")
        assert status_and_body(f"{url}/zh/404.html") == (200, b"zh")
        outside = url.removesuffix("/sub") + "/zh/a"
        code, body = status_and_body(outside)
        assert code == 404 and body not in (b"zh", b"root")  # the host's own, not the site's
    with serve(tmp_path, prefix="/sub", not_found="root") as url:
        assert status_and_body(f"{url}/zh/a/b/c") == (404, b"root")
    (tmp_path / "404.html").unlink()
    with serve(tmp_path) as url:
        assert status_and_body(f"{url}/de/x")[0] == 404  # no 404 page: the server's own


def test_serve_refuses_an_unknown_not_found_rule(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not_found must be"), serve(tmp_path, not_found="x"):
        pass
