"""Build, test and lint dplesson. Needs only Python 3.11+: ``python3 noxfile.py`` bootstraps nox.

Sessions: ``tests`` (strict build + unit, property, example and site tests), ``docs``
(strict build into ``site/``), ``serve`` (live preview on 127.0.0.1:8000), ``lint``,
``translations`` (status of every translated page; see docs/en/translate.md), ``browser``
(strict build + the widgets, search, axe-core and sub-path serving in Debian's headless
Chromium; not in the default run), ``links`` (internal links checked, external ones listed),
``lighthouse`` (scores and page weights), ``reproducible`` (two builds compared) and
``bench`` (writes docs/benchmarks/README.md).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
NOX_PIN = ["nox==2026.10.20", "uv==0.13.8"]


def _bootstrap() -> None:
    """Run the pinned nox from a private virtualenv, creating it on first use."""
    import subprocess
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

nox.options.default_venv_backend = "uv"
nox.options.reuse_venv = "yes"
nox.options.error_on_missing_interpreters = True
# The README's test command, `python3 noxfile.py`, runs these.
nox.options.sessions = ["lint", "tests"]

# This environment sets PYTHONDONTWRITEBYTECODE=1; compiled bytecode keeps imports fast.
os.environ.setdefault("UV_COMPILE_BYTECODE", "1")
# Material 9.8 prints an end-of-life banner on every build.
os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

SITE = ROOT / "site"


def _install(session: nox.Session, *extras: str) -> None:
    session.install("-e", f".[{','.join(extras)}]")


def _build(session: nox.Session, site_dir: Path = SITE) -> None:
    session.run("mkdocs", "build", "--strict", "--site-dir", str(site_dir))


def _npm_ci(session: nox.Session) -> None:
    """Install the pinned axe-core and Lighthouse (tests/browser/js/package-lock.json)."""
    session.run(
        "npm", "ci", "--no-audit", "--no-fund", "--prefix", "tests/browser/js", external=True
    )


@nox.session
def docs(session: nox.Session) -> None:
    """Build the whole site, all locales, strictly into ``site/``."""
    _install(session, "docs")
    _build(session)
    session.log(f"Built {SITE}. Preview: python3 noxfile.py -s serve")


@nox.session
def serve(session: nox.Session) -> None:
    """Serve a live preview at http://127.0.0.1:8000/; ``-- --locale nl`` builds en and nl only."""
    _install(session, "docs")
    args, env = list(session.posargs), {}
    for at, arg in enumerate(args):
        if arg == "--locale" or arg.startswith("--locale="):
            value = arg.partition("=")[2] or (args[at + 1] if at + 1 < len(args) else "")
            if not value:
                session.error("--locale needs a locale, e.g. --locale nl")
            env["DPLESSON_LOCALE"] = value  # read by docs/hooks/preview_locale.py
            del args[at : at + (1 if "=" in arg else 2)]
            break
    session.run("mkdocs", "serve", "--dev-addr", "127.0.0.1:8000", *args, env=env)


@nox.session
def translations(session: nox.Session) -> None:
    """Report translation status per locale and page; ``-- mark nl page.md`` after a review."""
    _install(session, "docs")
    session.run("python", "docs/hooks/translations.py", *session.posargs)


@nox.session
def tests(session: nox.Session) -> None:
    """Build the site strictly, then run unit, property, example and site tests."""
    _install(session, "docs", "test")
    _build(session)
    # The browser tests need Playwright and Chromium: the session `browser` runs them.
    session.run(
        "pytest", "-m", "not browser", *session.posargs, env={"DPLESSON_SITE_DIR": str(SITE)}
    )


@nox.session
def browser(session: nox.Session) -> None:
    """Build the site strictly into ``site/``, then drive it in Debian's headless Chromium.

    Needs ``/usr/bin/chromium`` (``apt-get install chromium chromium-driver``); never downloads
    a browser. Missing Playwright or Chromium fails here instead of skipping.
    """
    _install(session, "docs", "test", "browser")
    _npm_ci(session)  # axe-core for tests/browser/test_axe.py
    _build(session)
    env = {"DPLESSON_SITE_DIR": str(SITE), "DPLESSON_REQUIRE_BROWSER": "1"}
    session.run("pytest", "tests/browser", *session.posargs, env=env)


@nox.session
def links(session: nox.Session) -> None:
    """Build into ``site/``, check every internal link offline, list external ones."""
    _install(session, "docs", "test")
    _build(session)
    session.run("python", "-m", "tests.links", str(SITE), *session.posargs)


@nox.session
def lighthouse(session: nox.Session) -> None:
    """Build into ``site/``; Lighthouse on each page type in en and zh (reports in .cache/)."""
    _install(session, "docs", "test")
    _npm_ci(session)
    _build(session)
    session.run("python", "-m", "tests.lighthouse", "--site", str(SITE), *session.posargs)


@nox.session
def reproducible(session: nox.Session) -> None:
    """Build a copy of the sources twice cold and once warm; the sites must match."""
    _install(session, "docs", "test")
    session.run("python", "-m", "tests.reproducible", *session.posargs)


@nox.session
def bench(session: nox.Session) -> None:
    """Measure builds, tests, page weight and Lighthouse; write docs/benchmarks/README.md."""
    _install(session, "docs", "test")
    _npm_ci(session)
    session.run("python", "-m", "tests.bench", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """Ruff (lint and format check) and mypy --strict."""
    _install(session, "docs", "test", "lint", "browser")  # browser: Playwright's types
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("mypy")
