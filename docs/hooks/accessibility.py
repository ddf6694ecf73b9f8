"""Name Material's search dialog for assistive technology, in the page's language.

Material 9.8 renders the search as ``<div role="dialog">`` without a name (axe and
Lighthouse: ``aria-dialog-name``). ``on_post_page`` gives it the label of its own search
field, which Material has already translated.
"""

from __future__ import annotations

import re
from typing import Any

_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'
_FIELD_LABEL = re.compile(r'<input type="text" class="md-search__input"[^>]*? aria-label="([^"]+)"')


def name_search_dialog(html: str) -> str:
    """Label the search dialog like the search field inside it."""
    label = _FIELD_LABEL.search(html)
    if label is None or _DIALOG not in html:
        return html
    return html.replace(_DIALOG, _DIALOG[:-1] + f' aria-label="{label[1]}">', 1)


def on_post_page(output: str, **_: Any) -> str:
    """Apply the markup fixes to every rendered page."""
    return name_search_dialog(output)
