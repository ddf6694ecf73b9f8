"""Execute the labs ahead of their pages, in two kernels that stay up, into kept copies.

mkdocs-jupyter starts a kernel per notebook in the thread that builds the pages. ``start``
deals the notebooks whose copy is missing, round-robin in build order, to ``WORKERS``
threads with one kernel each, reset before each further notebook (namespace, history,
execution count, working folder): each runs as it would alone, the imports stay loaded.
A copy, ``<cache>/<notebook's path>/<digest>.ipynb`` (:func:`copy_path`), is what
nbconvert's executor, configured as mkdocs-jupyter configures it, makes of the notebook, so
mkdocs-jupyter renders the same page from it (the plain build checks it). A failed
notebook's page raises its error. Kernels use Unix sockets where zmq can: no TCP port opens.
"""

from __future__ import annotations

import itertools
import logging
import os
import tempfile
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from importlib.metadata import version
from pathlib import Path
from typing import Any

import nbformat
import zmq
from jupyter_client.manager import KernelManager
from jupyter_core.utils import ensure_async, run_sync
from nbconvert.preprocessors import ExecutePreprocessor
from traitlets.config import Config

from dpsite.kept_file import digest, tree

#: Kernels running at once; with the build itself that keeps a 2-core machine busy.
WORKERS = 2
_KERNELS = itertools.count()
#: Run silently before each notebook a kernel has already run: a new session, as if new.
RESET = "import os as _os; _os.chdir({folder!r}); get_ipython().reset(new_session=True)"
#: Libraries whose releases shape an executed notebook's outputs.
DEPENDENCIES = ("matplotlib", "mplfonts", "numpy", "pillow", "ipykernel", "nbclient", "nbconvert")
#: Logged for each notebook executed here (tools/reproducible.py counts these lines).
EXECUTED = "Executed notebook: %s"

log = logging.getLogger("mkdocs.hooks.kernels")
#: One notebook to execute: its path, its copy's path, and the future of the copy.
Job = tuple[str, Path, Future[Path]]


def environment(root: Path, options: Sequence[object]) -> str:
    """Return a digest of ``root/dplesson``, ``DEPENDENCIES``, this file and ``options``."""
    parts = [Path(__file__).read_bytes(), repr(list(options)), *tree(root, "dplesson")]
    return digest(parts + [f"{name}=={version(name)}" for name in DEPENDENCIES])


def copy_path(source: Path, docs: Path, cache: Path, environment: str) -> Path:
    """Where the executed copy of ``source`` (a notebook under ``docs``) is kept."""
    return cache / source.relative_to(docs) / f"{digest([source.read_bytes(), environment])}.ipynb"


class _Executor(ExecutePreprocessor):
    """nbconvert's executor that first resets a kernel that has run another notebook."""

    #: Set for a kernel that has run another notebook: what to run before the first cell.
    reset_code: str | None = None
    source = ""

    def preprocess_cell(self, cell: Any, resources: Any, index: int) -> Any:
        """Reset the kernel before the first cell, then execute each cell as nbconvert does."""
        if index == 0 and self.reset_code is not None and self.kc is not None:
            reply = self.wait_for_reply(
                self.kc.execute(self.reset_code, silent=True, store_history=False)
            )
            if reply is None or reply["content"]["status"] != "ok":
                raise RuntimeError(f"could not reset the kernel before {self.source}")
        return super().preprocess_cell(cell, resources, index)  # type: ignore[no-untyped-call]


class _Run:
    """The notebooks of one build, their worker threads and the kernels' socket folder."""

    def __init__(self, notebooks: Sequence[tuple[str, Path]], config: Config, workers: int):
        self.sockets = tempfile.TemporaryDirectory(prefix="dplesson-notebooks-")
        self.futures: dict[str, Future[Path]] = {}
        todo: list[Job] = []
        for source, copy in notebooks:
            future = self.futures[os.path.normpath(source)] = Future()
            if copy.is_file():
                future.set_result(copy)
            else:
                todo.append((os.path.normpath(source), copy, future))
        self.threads = [
            threading.Thread(target=self._work, args=(todo[first::workers], config), daemon=True)
            for first in range(min(workers, len(todo)))
        ]
        for thread in self.threads:
            thread.start()
        if todo:
            log.info("Executing %d notebooks in %d kernels", len(todo), len(self.threads))

    def _work(self, jobs: list[Job], config: Config) -> None:
        """Execute ``jobs`` in order in one kernel; a failed notebook gets a fresh kernel."""
        kernel: KernelManager | None = None
        try:
            for source, copy, future in jobs:
                if not future.set_running_or_notify_cancel():  # cancelled by close()
                    continue
                try:
                    kernel = _execute(source, copy, config, kernel, Path(self.sockets.name))
                    future.set_result(copy)
                except BaseException as error:  # the page raises it, as mkdocs-jupyter would
                    future.set_exception(error)
                    kernel = None  # _execute has stopped it
        finally:
            _shutdown(kernel)

    def close(self) -> None:
        """Cancel what has not started, wait for the kernels to stop, delete their sockets."""
        for future in self.futures.values():
            future.cancel()
        for thread in self.threads:
            thread.join()
        self.sockets.cleanup()


def _execute(
    source: str, copy: Path, config: Config, kernel: KernelManager | None, sockets: Path
) -> KernelManager:
    """Execute ``source`` into ``copy`` in ``kernel`` or a new one, returned for the next one.

    A failed notebook stops its kernel and raises.
    """
    notebook = nbformat.read(source, as_version=4)  # type: ignore[no-untyped-call]
    executor = _Executor(config=config)  # type: ignore[no-untyped-call]
    executor.nb, executor.source = notebook, source
    folder = os.path.dirname(source)
    wanted = executor.kernel_name or notebook.metadata.get("kernelspec", {}).get("name", "")
    if kernel is not None and kernel.kernel_name != wanted:
        _shutdown(kernel)
        kernel = None
    if kernel is None:
        kernel = executor.create_kernel_manager()
        if zmq.has("ipc"):  # not on Windows
            kernel.transport = "ipc"
            kernel.connection_file = str(sockets / f"kernel-{next(_KERNELS)}.json")
    else:
        executor.reset_code = RESET.format(folder=folder)
    try:
        executor.preprocess(notebook, {"metadata": {"path": folder}}, km=kernel)
    except BaseException:
        _shutdown(kernel)
        raise
    finally:
        if executor.kc is not None:
            executor.kc.stop_channels()
    copy.parent.mkdir(parents=True, exist_ok=True)
    for old in copy.parent.glob("*.ipynb"):  # this notebook's copies of older sources
        old.unlink()
    nbformat.write(notebook, copy.with_suffix(".part"))  # type: ignore[no-untyped-call]
    copy.with_suffix(".part").replace(copy)
    log.info(EXECUTED, source)
    return kernel


def _shutdown(kernel: KernelManager | None) -> None:
    """Stop ``kernel`` if it runs; its shutdown also deletes its connection file and sockets."""
    if kernel is not None and kernel.has_kernel:
        # nbclient's kernel managers are asynchronous; ensure_async also takes a synchronous one.
        run_sync(ensure_async)(kernel.shutdown_kernel(now=True))


_runs: list[_Run] = []


def start(notebooks: Sequence[tuple[str, Path]], config: Config, workers: int = WORKERS) -> None:
    """Begin executing the ``(source, copy)`` pairs whose copy is missing, in the background.

    ``config`` is mkdocs-jupyter's nbconvert configuration; an earlier run (``serve``) stops.
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1; got {workers}")
    finish()
    _runs.append(_Run(notebooks, config, workers))


def finish() -> None:
    """Stop the kernels of the current run."""
    while _runs:
        _runs.pop().close()


def executed_copy(source: str) -> Path | None:
    """Wait for the executed copy of ``source`` (or its error); ``None`` if not executed here."""
    future = _runs[-1].futures.get(os.path.normpath(source)) if _runs else None
    return None if future is None or future.cancelled() else future.result()
