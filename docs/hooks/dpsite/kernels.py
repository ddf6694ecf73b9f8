"""Execute the notebooks of every locale ahead of their pages, in two kernels that stay up.

mkdocs-jupyter executes a notebook when its page renders, each in a new kernel: a cold build
paid five kernel starts and five imports of numpy and matplotlib one after the other (the
lab's five locales), while the second core waited. ``start`` (called by notebook_convert.py
when the first language's build is configured) hands the notebooks that miss mkdocs-jupyter's
cache to ``WORKERS`` threads, each with one kernel, in build order (en and nl first). Before each
further notebook, a kernel is reset: its namespace, history and execution counter start
afresh and its working folder becomes the notebook's, so each notebook runs exactly as it
would alone; only the imported modules stay loaded, which is the saving. The notebooks are
dealt round-robin, so the same sources always share a kernel in the same order.

Each notebook's future holds the path of its executed copy (``executed_future``), which
notebook_convert.py converts without executing: the same HTML, because the same nbconvert
configuration executed it. A notebook that fails keeps its error in the future, its page
raises it, as before, and its kernel is replaced. ``finish`` stops the kernels and removes
the executed copies.

The kernels talk to the build over Unix sockets in the run's private temporary folder
(``IPC``), where zmq has them: no TCP port opens on the machine, and ipykernel has no
reason to warn in every cold build's log that its messages cross TCP unencrypted.
"""

from __future__ import annotations

import itertools
import logging
import os
import tempfile
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
import zmq
from jupyter_client.manager import KernelManager
from jupyter_core.utils import ensure_async, run_sync
from nbconvert.preprocessors import ExecutePreprocessor
from traitlets.config import Config

#: Kernels running at once; with the build itself that keeps a 2-core machine busy.
WORKERS = 2
#: Kernels listen on Unix sockets in the run's folder where zmq supports them (not Windows).
IPC = bool(zmq.has("ipc"))
_KERNELS = itertools.count()
#: Run silently before each notebook a kernel has already run: a new session, as if new.
RESET = "import os as _os; _os.chdir({folder!r}); get_ipython().reset(new_session=True)"

log = logging.getLogger("mkdocs.hooks.notebook_kernels")


@dataclass
class _Job:
    """One notebook to execute; its future holds the path of the executed copy."""

    source: str
    copy: Path
    future: Future[Path] = field(default_factory=Future)


class _Executor(ExecutePreprocessor):
    """nbconvert's executor that first resets a kernel that has run another notebook."""

    #: Set for a kernel that has run another notebook: what to run before the first cell.
    reset_code: str | None = None
    nb_path = ""

    def preprocess_cell(self, cell: Any, resources: Any, index: int) -> Any:
        """Reset the kernel before the first cell, then execute each cell as nbconvert does."""
        if index == 0 and self.reset_code is not None and self.kc is not None:
            reply = self.wait_for_reply(
                self.kc.execute(self.reset_code, silent=True, store_history=False)
            )
            if reply is None or reply["content"]["status"] != "ok":
                raise RuntimeError(f"could not reset the kernel before {self.nb_path}")
        return super().preprocess_cell(cell, resources, index)  # type: ignore[no-untyped-call]


class _Run:
    """The notebooks of one build, their worker threads and the folder of executed copies."""

    def __init__(self, sources: Sequence[str], config: Config, workers: int) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="dplesson-notebooks-")
        self.jobs = {
            source: _Job(source, Path(self.folder.name) / str(index) / Path(source).name)
            for index, source in enumerate(sources)
        }
        self.stopping = threading.Event()
        jobs = list(self.jobs.values())
        self.threads = [
            threading.Thread(
                target=self._work,
                args=(jobs[first::workers], config),
                name=f"notebook-kernel-{first}",
                daemon=True,
            )
            for first in range(min(workers, len(jobs)))
        ]
        for thread in self.threads:
            thread.start()

    def _work(self, jobs: list[_Job], config: Config) -> None:
        """Execute ``jobs`` in order in one kernel; a failed notebook gets a fresh kernel."""
        kernel: KernelManager | None = None
        try:
            for job in jobs:
                if self.stopping.is_set() or not job.future.set_running_or_notify_cancel():
                    job.future.cancel()
                    continue
                try:
                    kernel = _execute(job, config, kernel, Path(self.folder.name))
                    job.future.set_result(job.copy)
                except BaseException as error:  # the page raises it, as mkdocs-jupyter would
                    job.future.set_exception(error)
                    kernel = None  # _execute has stopped it
        finally:
            _shutdown(kernel)

    def close(self) -> None:
        """Cancel what has not started, wait for the kernels to stop, delete the copies."""
        self.stopping.set()
        for job in self.jobs.values():
            job.future.cancel()
        for thread in self.threads:
            thread.join()
        self.folder.cleanup()


def _execute(
    job: _Job, config: Config, kernel: KernelManager | None, sockets: Path
) -> KernelManager:
    """Execute ``job``'s notebook in ``kernel`` (or a new one); write the executed copy.

    A new kernel's connection file and sockets go in ``sockets``, the run's own folder.

    Return the kernel for the next notebook; if this one fails, stop the kernel and raise.
    """
    notebook = nbformat.read(job.source, as_version=4)  # type: ignore[no-untyped-call]
    executor = _Executor(config=config)  # type: ignore[no-untyped-call]
    executor.nb = notebook
    executor.nb_path = job.source
    folder = os.path.dirname(job.source)
    wanted = executor.kernel_name or notebook.metadata.get("kernelspec", {}).get("name", "")
    if kernel is not None and kernel.kernel_name != wanted:
        _shutdown(kernel)
        kernel = None
    if kernel is None:
        kernel = executor.create_kernel_manager()
        if IPC:
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
    job.copy.parent.mkdir(parents=True)
    nbformat.write(notebook, job.copy)  # type: ignore[no-untyped-call]
    return kernel


def _shutdown(kernel: KernelManager | None) -> None:
    """Stop ``kernel`` if it runs."""
    if kernel is not None and kernel.has_kernel:
        run_sync(_stop)(kernel)


async def _stop(kernel: KernelManager) -> None:
    # nbclient's kernel managers are asynchronous; ensure_async also takes a synchronous one.
    await ensure_async(kernel.shutdown_kernel(now=True))
    await ensure_async(kernel.cleanup_resources())


_runs: list[_Run] = []


def start(sources: Sequence[str], config: Config, workers: int = WORKERS) -> None:
    """Begin executing ``sources`` (absolute notebook paths, in build order) in the background.

    ``config`` is the nbconvert configuration mkdocs-jupyter executes with. A run still going
    from an earlier build (``mkdocs serve``) is finished first.
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1; got {workers}")
    finish()
    if sources:
        _runs.append(_Run([os.path.normpath(source) for source in sources], config, workers))
        log.info("Executing %d notebooks in %d kernels", len(sources), min(workers, len(sources)))


def finish() -> None:
    """Stop the kernels of the current run and delete its executed copies."""
    while _runs:
        _runs.pop().close()


def executed_future(source: str) -> Future[Path] | None:
    """Return the future of ``source``'s executed copy; ``None`` if not executed here."""
    job = _runs[-1].jobs.get(os.path.normpath(source)) if _runs else None
    return None if job is None else job.future


def executed_copy(source: str) -> Path | None:
    """Wait for the executed copy of ``source``; ``None`` if this run does not execute it.

    Raises the notebook's own error if it failed.
    """
    future = executed_future(source)
    if future is None or future.cancelled():
        return None
    return future.result()
