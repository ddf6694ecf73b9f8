"""The helper protocol of the build (docs/hooks/helper_process.py) with a real helper process."""

from __future__ import annotations

import sys
import threading
from concurrent.futures import Future
from pathlib import Path

import pytest

from tests.conftest import DOCS

sys.path.insert(0, str(DOCS / "hooks"))
from helper_process import Answer, Helper

#: A helper that answers each request with its text, twice: an answer larger than its request.
ECHO = f"""
import sys
sys.path.insert(0, {str(DOCS / "hooks")!r})
from helper_process import run

run(lambda request: {{"echo": request["text"] * 2}})
"""


@pytest.fixture
def echo(tmp_path: Path) -> Helper:
    script = tmp_path / "echo.py"
    script.write_text(ECHO, encoding="utf-8")
    return Helper(str(script), "echo helper")


def test_large_requests_and_answers_in_both_pipes_at_once_do_not_block(echo: Helper) -> None:
    # Each request and answer is several times a pipe's buffer (64 KiB on Linux). The build
    # sends while the helper answers; sending must not keep the answers from being read.
    texts = [f"{index:03d}" + "x" * 300_000 for index in range(12)]
    futures: list[Future[Answer]] = []

    def send() -> None:
        futures.extend(echo.submit({"text": text}) for text in texts)

    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    sender.join(timeout=60)
    try:
        assert not sender.is_alive(), "sending blocked: the helper's answers were not read"
        assert [future.result(timeout=60)["echo"] for future in futures] == [t * 2 for t in texts]
    finally:
        if not sender.is_alive():
            echo.close()
        else:  # unblock the stuck pipes so that the test process can go on
            echo.process.kill()


def test_a_request_sent_after_the_helper_stopped_fails_at_once(echo: Helper) -> None:
    echo.close()
    future = echo.submit({"text": "late"})
    with pytest.raises(RuntimeError, match="the echo helper stopped"):
        future.result(timeout=10)
