"""tools/site_server.py: the built site as a static host serves it, and the lean search index."""

from __future__ import annotations

import gzip
import json
import urllib.request
from pathlib import Path

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
