"""Helper processes of the build: a hook file run as a script, answering one JSON line each.

One thread builds every page of every language, one after another, and a build waits for
it. Work that needs nothing from that thread but its input (converting a notebook, cutting
Chinese words, reading a page for the search) can run in a helper process on the other core
meanwhile. ``Helper`` starts one: the hook file run as a script, which calls ``run`` with the
function that answers one request.

Each request is a JSON object on one line of the helper's stdin, with an ``id``; each answer
a JSON object on one line of its stdout, with the same ``id`` and either the answer's fields
or ``error``. A request the helper cannot answer (the function raised, or the helper has
stopped) fails its future with ``RuntimeError``, so no page waits for ever.

The build waits for a closed helper to end, near its end: ``run`` freezes the heap once
the requests stop, so that Python's exit skips its last full garbage collection (the
converter's exit took 0.16 s, the jieba helper's 0.11 s; both 0.02–0.03 s since).
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import json
import os
import subprocess
import sys
import threading
import traceback
from collections.abc import Callable
from concurrent.futures import Future
from typing import IO, Any

Answer = dict[str, Any]


class Helper:
    """A helper process (``script`` run by this Python) and the thread that reads its answers."""

    def __init__(self, script: str, name: str) -> None:
        self.name = name
        self.process = subprocess.Popen(
            [sys.executable, script],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.waiting: dict[int, Future[Answer]] = {}
        self.numbers = itertools.count(1)
        #: Guards ``waiting``; never held while a pipe may block.
        self.lock = threading.Lock()
        #: One request on stdin at a time. The reader never needs it: while a large request
        #: waits for room in the pipe, the answers that make the helper read on still flow.
        self.sending = threading.Lock()
        self.reader = threading.Thread(target=self._read, name=name, daemon=True)
        self.reader.start()

    def submit(self, request: Answer, future: Future[Answer] | None = None) -> Future[Answer]:
        """Send ``request``; the future (``future``, if given) gets the answer or the failure.

        A future cancelled before it is sent is left as it is.
        """
        future = Future() if future is None else future
        if not future.set_running_or_notify_cancel():
            return future
        stdin = self.process.stdin
        assert stdin is not None
        with self.lock:
            number = next(self.numbers)
            self.waiting[number] = future
        try:
            with self.sending:
                stdin.write(json.dumps({**request, "id": number}, ensure_ascii=False) + "\n")
                stdin.flush()
        except (OSError, ValueError) as error:  # a closed pipe
            with self.lock:
                mine = self.waiting.pop(number, None)  # unless the reader has failed it
            if mine is not None:
                future.set_exception(RuntimeError(f"the {self.name} stopped: {error}"))
        return future

    def _read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        for line in stdout:
            answer = json.loads(line)
            with self.lock:
                future = self.waiting.pop(answer.pop("id"))
            if "error" in answer:
                future.set_exception(RuntimeError(answer["error"]))
            else:
                future.set_result(answer)
        with self.lock:
            stopped, self.waiting = list(self.waiting.values()), {}
        for future in stopped:
            future.set_exception(RuntimeError(f"the {self.name} stopped"))

    def close(self, answer: bool = True) -> None:
        """Let the helper answer what it was sent, then stop it; at once if not ``answer``.

        Stopped first, a helper also frees a request still waiting for room in its pipe.
        """
        if not answer:
            self.process.terminate()
        with self.sending, contextlib.suppress(OSError):  # a request's bytes left unsent
            if self.process.stdin is not None:
                self.process.stdin.close()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.reader.join()


def serve(answer: Callable[[Answer], Answer], requests: IO[str], answers: IO[str]) -> None:
    """Answer each request line of ``requests`` with ``answer``'s fields or its error."""
    for line in requests:
        request = json.loads(line)
        try:
            fields = answer(request)
        except Exception as error:  # the request's future raises it
            fields = {"error": f"{error}\n{traceback.format_exc(limit=-3)}"}
        answers.write(json.dumps({**fields, "id": request["id"]}, ensure_ascii=False) + "\n")
        answers.flush()


def run(answer: Callable[[Answer], Answer]) -> None:
    """Be a helper: answer stdin's requests on stdout; what a library prints goes to stderr.

    When stdin closes, every answer is written; the process then exits without collecting
    its reference cycles (their memory goes back with the process).
    """
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    serve(answer, sys.stdin, channel)
    gc.freeze()
