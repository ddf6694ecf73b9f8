"""Notes on translated pages (docs/hooks/dpsite/banners.py), and each language's description.

``on_page_markdown`` adds a page's fallback or outdated note; docs/hooks/pages.py marks it
as the reader's language and writes a notebook's; ``on_post_page`` marks the article of a
page that falls back to English ``lang="en"``. ``on_config`` sets the language's
``site_description`` from its settings file and fails a build whose ``mkdocs.yml`` languages
disagree with the settings files.
"""

from __future__ import annotations

from typing import Any

from mkdocs.plugins import event_priority

from dpsite import banners, languages, locale_settings


@event_priority(languages.AFTER_I18N)  # after static-i18n has applied the language's config
def on_config(config: Any) -> Any:
    """Check mkdocs.yml's languages against the settings files; set the site description."""
    i18n = languages.plugin(config)
    if i18n is not None:
        locale_settings.check_mkdocs(list(i18n.config.languages))
    config.site_description = locale_settings.setting(languages.locale(config), "site_description")
    return config


def on_page_markdown(markdown: str, *, page: Any, config: Any, **_: Any) -> str:
    """Add the fallback or the outdated note to pages of non-English builds."""
    return banners.markdown_note(markdown, page, config)


def on_post_page(output: str, *, page: Any, config: Any) -> str:
    """Mark the article of a fallback page English; the page around it stays the reader's."""
    return banners.english_article(output, page, config)
