"""The sources keep one copy of every example, shared by all locales.

That each translation includes the same examples in the same order as English is the
translation report's check (``docs/hooks/l10n``, run by tests/test_l10n_real.py); that every
include exists is the strict build's (``pymdownx.snippets: check_paths: true``).
"""

from __future__ import annotations

import hashlib

import pytest

from tests.conftest import DOCS, LOCALES
from tests.docs_sources import FENCE, includes, own_pages, pages

EXAMPLES = DOCS / "examples"
SNIPPETS = DOCS / "snippets"  # package source shown on the site, e.g. sample solutions


@pytest.mark.parametrize("locale", LOCALES)
def test_locale_pages_hold_no_code_blocks(locale: str) -> None:
    for name, path in own_pages(locale).items():
        assert not FENCE.search(path.read_text(encoding="utf-8")), (
            f"{locale}/{name} has a fenced code block: put it in docs/examples/ and "
            "include it with --8<--"
        )


def test_every_example_is_shown_somewhere() -> None:
    shown = {target for path in pages("en").values() for target in includes(path)}
    for folder in (EXAMPLES, SNIPPETS):
        for example in folder.rglob("*.md"):
            assert example.relative_to(folder).as_posix() in shown, f"unused {example}"


def test_no_example_is_written_twice() -> None:
    seen: dict[str, str] = {}
    for example in sorted(EXAMPLES.rglob("*.md")):
        code = "\n".join(
            line.strip()
            for line in example.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.strip().startswith(("#>", "```"))
        )
        digest = hashlib.sha256(code.encode()).hexdigest()
        assert digest not in seen, f"{example.name} repeats {seen.get(digest)}"
        seen[digest] = example.name
