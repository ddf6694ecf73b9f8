"""Build, test and lint dplesson. Needs only Python 3.11+: ``python3 noxfile.py`` bootstraps nox.

Every session runs in ONE environment, ``.nox/env``, installed from the lock file
``.ci/requirements.lock`` (``-s lock`` regenerates it) and re-synced only when the lock or
``pyproject.toml`` changes. The site is built once into ``site/``, cold on a fresh clone and
dated by the last commit (``SOURCE_DATE_EPOCH``); every later session reuses that build while
its sources are unchanged (``.nox/site.stamp``).

Sessions: ``lint`` and ``tests`` (the default: ruff, mypy, strict build, unit, property,
example and site tests), ``docs`` (strict build into ``site/``), ``serve`` (live preview on
127.0.0.1:8000), ``translations`` (status of every translated page; see
docs/en/translate.md), ``release`` (before publishing: every complete language translated and
up to date), ``browser`` (the site in Debian's headless Chromium), ``new_language`` (the tests
and the new language's browser tests on a copy with a language in progress), ``lighthouse``
(accessibility, best practices and SEO), ``reproducible`` (a plain build without the speed items
must equal ``site/``, a later-dated warm one bar its dates), ``links``, ``bench``
(writes docs/benchmarks/README.md) and ``lock``. The tools these run are in ``.ci/tools/``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent
NOX_PIN = ["nox==2026.10.20", "uv==0.13.8"]


def _bootstrap() -> None:
    """Run the pinned nox from a private virtualenv, creating it on first use."""
    import venv

    env_dir = ROOT / ".nox" / "_bootstrap"
    python = env_dir / "bin" / "python"
    stamp = env_dir / "pins.txt"
    if not stamp.exists() or stamp.read_text() != "\n".join(NOX_PIN):
        venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *NOX_PIN], check=True)
        stamp.write_text("\n".join(NOX_PIN))
    bin_dir = str(env_dir / "bin")
    os.environ["PATH"] = bin_dir + os.pathsep + os.environ.get("PATH", "")
    args = [str(python), "-m", "nox", "-f", str(ROOT / "noxfile.py"), *sys.argv[1:]]
    os.execv(str(python), args)


if __name__ == "__main__":
    _bootstrap()

import nox  # noqa: E402

nox.options.default_venv_backend = "none"  # one shared environment, managed by _env()
nox.options.error_on_missing_interpreters = True
# The README's test command, `python3 noxfile.py`, runs these.
nox.options.sessions = ["lint", "tests"]

# This environment sets PYTHONDONTWRITEBYTECODE=1; compiled bytecode keeps imports fast.
os.environ.setdefault("UV_COMPILE_BYTECODE", "1")
# Material 9.8 prints an end-of-life banner on every build.
os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
# Importing nbconvert's app (mkdocs-jupyter does, in every build) otherwise instantiates every
# exporter twice to list the enabled ones in its --help text: 30 scans of the installed
# packages' entry points, 0.2-0.6 s per process. The list is not used here.
os.environ.setdefault("NBCONVERT_DISABLE_CONFIG_EXPORTERS", "1")

ENV = ROOT / ".nox" / "env"
LOCK = ROOT / ".ci" / "requirements.lock"
SITE = ROOT / "site"
SITE_STAMP = ROOT / ".nox" / "site.stamp"
NPM = ROOT / "tests" / "browser" / "js"
#: ``python -m tools.<name>`` finds the tools (.ci/tools/) with this.
TOOLS = {"PYTHONPATH": str(ROOT / ".ci")}
#: The build's inputs: a change to any of these makes ``site/`` stale.
SITE_INPUTS = (
    "docs", "dplesson", "overrides", "mkdocs.yml", "pyproject.toml", ".ci/requirements.lock",
)  # fmt: skip
#: Python 3.11.5 is the oldest the pinned pymdown-extensions accepts.
LOCK_PYTHON = "3.11.5"


def _commit_date() -> str:
    """Return the last commit's date as a Unix time, or a fixed date outside a git checkout."""
    done = subprocess.run(
        ["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True
    )
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else "1767225600"


# One date for every build of this commit: sitemap <lastmod>, the wheel's zip entries.
os.environ.setdefault("SOURCE_DATE_EPOCH", _commit_date())


@contextmanager
def _step(name: str) -> Iterator[None]:
    """Time a step; with ``DPLESSON_STEPS`` set (by .ci/run), append it to that file."""
    start = time.perf_counter()
    try:
        yield
    finally:
        if steps := os.environ.get("DPLESSON_STEPS"):
            with open(steps, "a", encoding="utf-8") as out:
                out.write(f"{name}\t{time.perf_counter() - start:.1f}\n")


@contextmanager
def _locked(name: str) -> Iterator[None]:
    """Hold ``.nox/<name>.lock``: sessions run side by side set things up one at a time.

    Without ``fcntl`` (Windows) there is no lock; run sessions one after the other there.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX
        yield
        return
    lock = ROOT / ".nox" / f"{name}.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    with lock.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _digest(*paths: Path) -> str:
    """SHA-256 over the names and bytes of every file under ``paths`` (caches skipped)."""
    digest = hashlib.sha256()
    for path in paths:
        files = [path] if path.is_file() else sorted(path.rglob("*"))
        for file in files:
            if file.is_file() and "__pycache__" not in file.parts:
                digest.update(file.relative_to(ROOT).as_posix().encode() + b"\0")
                digest.update(file.read_bytes())
    return digest.hexdigest()


def _env(session: nox.Session) -> None:
    """Sync ``.nox/env`` with the lock file (only when it changed) and put it on PATH."""
    stamp = ENV / "lock.sha256"
    wanted = _digest(LOCK, ROOT / "pyproject.toml")
    with _locked("env"):
        _sync(session, stamp, wanted)
    os.environ["PATH"] = str(ENV / "bin") + os.pathsep + os.environ["PATH"]
    os.environ["VIRTUAL_ENV"] = str(ENV)


def _sync(session: nox.Session, stamp: Path, wanted: str) -> None:
    """Install ``.nox/env`` from the lock file unless ``stamp`` says it already was."""
    if not stamp.exists() or stamp.read_text() != wanted:
        with _step("environment from the lock file"):
            python = str(ENV / "bin" / "python")
            if not (ENV / "bin" / "python").exists():
                session.run("uv", "venv", "--quiet", "--python", sys.executable, str(ENV))
            session.run("uv", "pip", "sync", "--quiet", "--python", python, str(LOCK))
            session.run(
                "uv", "pip", "install", "--quiet", "--python", python,
                "--no-deps", "--no-build-isolation", "-e", str(ROOT),
            )  # fmt: skip
            stamp.write_text(wanted)


def _run(session: nox.Session, *args: str, env: dict[str, str] | None = None) -> None:
    """Run a command from the shared environment."""
    session.run(*args, external=True, env=env or {})


def _site(session: nox.Session) -> None:
    """Build ``site/`` strictly, unless it was already built from exactly these sources."""
    # The date too: the sitemap and the wheel carry it, so a new commit's site is built anew;
    # and the address (README, Publishing), which canonical links and the sitemap carry.
    wanted = _digest(*(ROOT / name for name in SITE_INPUTS)) + os.environ["SOURCE_DATE_EPOCH"]
    wanted += os.environ.get("DPLESSON_SITE_URL", "")
    with _locked("site"):
        if SITE.is_dir() and SITE_STAMP.exists() and SITE_STAMP.read_text() == wanted:
            session.log("site/ was built from these sources: reusing it")
            return
        cold = not (ROOT / ".cache").exists()
        with _step("cold build" if cold else "build"):
            _run(session, "mkdocs", "build", "--strict", "--site-dir", str(SITE))
        SITE_STAMP.write_text(wanted)


def _npm_ci(session: nox.Session) -> None:
    """Install the pinned axe-core and Lighthouse once per lock (tests/browser/js)."""
    stamp = NPM / "node_modules" / ".lock.sha256"
    wanted = _digest(NPM / "package-lock.json")
    with _locked("npm"):
        if stamp.exists() and stamp.read_text() == wanted:
            return
        with _step("npm ci"):
            session.run("npm", "ci", "--no-audit", "--no-fund", "--prefix", str(NPM), external=True)
        stamp.write_text(wanted)


@nox.session
def lock(session: nox.Session) -> None:
    """Resolve every extra of pyproject.toml into the hashed lock; ``-- --upgrade`` upgrades."""
    session.run(
        "uv", "pip", "compile", "pyproject.toml", "--all-extras", "--generate-hashes",
        "--universal", "--python-version", LOCK_PYTHON,
        "-o", str(LOCK.relative_to(ROOT)), *session.posargs,
    )  # fmt: skip


@nox.session
def lint(session: nox.Session) -> None:
    """Ruff (lint and format check) and mypy --strict."""
    _env(session)
    with _step("lint: ruff and mypy"):
        _run(session, "ruff", "check", ".")
        _run(session, "ruff", "format", "--check", ".")
        _run(session, "mypy")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the whole site, all locales, strictly into ``site/``."""
    _env(session)
    _site(session)
    session.log(f"Built {SITE}. Preview: python3 noxfile.py -s serve")


@nox.session
def tests(session: nox.Session) -> None:
    """Build the site strictly, then run unit, property, example and site tests."""
    _env(session)
    _site(session)
    # The browser tests need Playwright and Chromium: the session `browser` runs them.
    with _step("tests: unit, property, example, site"):
        # Two workers (pytest-xdist): the new-language test's build runs beside the rest.
        _run(session, "pytest", "-m", "not browser", "-n", "2", "--dist", "worksteal",
             "--durations=15", *session.posargs, env={"DPLESSON_SITE_DIR": str(SITE)})  # fmt: skip


@nox.session
def browser(session: nox.Session) -> None:
    """Drive the built site in Debian's headless Chromium (never downloads a browser).

    Needs ``/usr/bin/chromium`` (``apt-get install chromium``) and npm for axe-core. Missing
    Playwright or Chromium fails here instead of skipping.
    """
    _env(session)
    _npm_ci(session)
    _site(session)
    env = {"DPLESSON_SITE_DIR": str(SITE), "DPLESSON_REQUIRE_BROWSER": "1"}
    with _step("browser tests"):
        _run(session, "pytest", "tests/browser", *session.posargs, env=env)


@nox.session(name="new_language")
def new_language(session: nox.Session) -> None:
    """Run the whole test suite, and the browser tests of the new language, with one in progress.

    A copy of this checkout (``.nox/new-language/project``, with ``.cache``, so no notebook runs
    again) gets the language ``de-QQ`` as a volunteer makes it: ``translations -- new``, a decimal
    comma, its settings file and two pages translated and marked (``tests/fixture_language.py``).
    The copy is built strictly; then every default test runs on it (all languages, ``de-QQ``
    included), and the browser tests parametrised by locale run for ``de-QQ``. ``-- --no-browser``
    skips the browser part (it needs what ``-s browser`` needs).
    """
    _env(session)
    _site(session)  # the build's caches, which the copy reuses
    browser = "--no-browser" not in session.posargs
    if browser:
        _npm_ci(session)
    work = ROOT / ".nox" / "new-language"
    project, site = work / "project", work / "site"
    shutil.rmtree(work, ignore_errors=True)
    env = {"PYTHONPATH": str(project), "DPLESSON_SITE_DIR": str(site)}
    with _step("new language: the copy and its strict build"):
        _run(session, "python", "-m", "tests.fixture_language", str(project))
        with session.chdir(project):
            _run(session, "mkdocs", "build", "--strict", "--site-dir", str(site), env=env)
    with _step("new language: unit, property, example, site tests"), session.chdir(project):
        _run(session, "pytest", "-m", "not browser", "-n", "2", "--dist", "worksteal", "-p",
             "no:cacheprovider", env=env)  # fmt: skip
    if browser:
        from tests.fixture_language import CODE  # standard library only, like this file

        modules = project / "tests" / "browser" / "js" / "node_modules"
        modules.symlink_to(NPM / "node_modules", target_is_directory=True)
        with _step(f"new language: browser tests of {CODE}"), session.chdir(project):
            _run(session, "pytest", "tests/browser", "-k", CODE, "-p", "no:cacheprovider",
                 env={**env, "DPLESSON_REQUIRE_BROWSER": "1"})  # fmt: skip


@nox.session
def lighthouse(session: nox.Session) -> None:
    """Lighthouse on each page type in en and zh (reports in .cache/lighthouse)."""
    _env(session)
    _npm_ci(session)
    _site(session)
    with _step("lighthouse"):
        _run(session, "python", "-m", "tools.lighthouse", "--site", str(SITE), *session.posargs,
             env=TOOLS)  # fmt: skip


@nox.session
def reproducible(session: nox.Session) -> None:
    """Check that a plain build, and a later-dated warm one bar dates, equal ``site/``."""
    _env(session)
    _site(session)
    with _step("reproducible: a plain build and a later warm one"):
        _run(session, "python", "-m", "tools.reproducible", "--site", str(SITE), *session.posargs,
             env=TOOLS)  # fmt: skip


@nox.session
def links(session: nox.Session) -> None:
    """Check every internal link of ``site/`` offline, list external ones."""
    _env(session)
    _site(session)
    _run(session, "python", "-m", "tools.links", str(SITE), *session.posargs, env=TOOLS)


@nox.session
def serve(session: nox.Session) -> None:
    """Serve a live preview at http://127.0.0.1:8000/; ``-- --locale nl`` builds en and nl only."""
    _env(session)
    args, env = list(session.posargs), {}
    for at, arg in enumerate(args):
        if arg == "--locale" or arg.startswith("--locale="):
            value = arg.partition("=")[2] or (args[at + 1] if at + 1 < len(args) else "")
            if not value:
                session.error("--locale needs a locale, e.g. --locale nl")
            env["DPLESSON_LOCALE"] = value  # read by docs/hooks/chrome.py
            del args[at : at + (1 if "=" in arg else 2)]
            break
    _run(session, "mkdocs", "serve", "--dev-addr", "127.0.0.1:8000", *args, env=env)


@nox.session
def translations(session: nox.Session) -> None:
    """Report translation status per locale and page; ``-- mark nl page.md`` after a review."""
    _env(session)
    _run(session, "python", "-m", "l10n", *session.posargs, env={"PYTHONPATH": "docs/hooks"})


@nox.session
def release(session: nox.Session) -> None:
    """Before publishing: fail on any outdated, missing or drifting file of a complete language."""
    _env(session)
    args = ("python", "-m", "l10n", "check", "--release", *session.posargs)
    _run(session, *args, env={"PYTHONPATH": "docs/hooks"})


@nox.session
def bench(session: nox.Session) -> None:
    """Measure builds and Lighthouse performance as ratios; write docs/benchmarks/README.md."""
    _env(session)
    _npm_ci(session)
    _run(session, "python", "-m", "tools.bench", *session.posargs, env=TOOLS)
