"""What the checker says, in every declared language: one template per message key.

The templates are the ``checker`` section of each language's settings file
(``dplesson/locales/<code>.yml``); a key a language lacks falls back to English, so a language
that is still in progress gets English messages rather than an error.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from dplesson import locales

__all__ = ["LOCALES", "MESSAGES", "message"]

#: Every declared language, English first (read from the settings files once, at import).
LOCALES = locales.locales()


class _Messages(Mapping[str, Mapping[str, str]]):
    """``MESSAGES[lang][key]``: the templates of each declared language, read on demand."""

    def __getitem__(self, lang: str) -> Mapping[str, str]:
        if lang not in LOCALES:
            raise KeyError(lang)
        return {key: str(text) for key, text in locales.section(lang, "checker").items()}

    def __iter__(self) -> Iterator[str]:
        return iter(LOCALES)

    def __len__(self) -> int:
        return len(LOCALES)


MESSAGES: Mapping[str, Mapping[str, str]] = _Messages()


def message(lang: str, name: str, /, **fields: object) -> str:
    """Return the message ``name`` in ``lang`` with ``fields`` filled in."""
    lang = locales.check_locale(lang)
    return str(locales.section(lang, "checker")[name]).format(**fields)
