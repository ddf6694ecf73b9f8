"""A notebook page: the File that makes it one, its HTML slimmed to its cells and kept.

nbconvert inlines ~550 KB of JupyterLab CSS, a clipboard script, MathJax and Mermaid into
every notebook page: :func:`slim` keeps the cells and adds the per-locale download button
and ``[[install-line]]``, which docs/hooks/downloads.py fills. Parsing takes half a second
for the ten pages, so :func:`content` keeps each in ``.cache/notebook-pages/``.
"""

from __future__ import annotations

import copy
import html as html_text
import pickle
import platform
import posixpath
import re
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup, Comment, Tag
from bs4.element import AttributeValueList
from markdown.extensions.toc import slugify_unicode, unique
from mkdocs.structure.files import File

from dplesson import locales
from dpsite import languages
from dpsite.kept_file import KeptFile, cache_path, digest

#: The empty attribute a download button carries until the wheel's address is known.
WHEEL_SLOT = 'data-fill-wheel=""'

#: Each page's content and heading ids, under a digest of its inputs.
KEPT = KeptFile()


class NotebookPage(File):
    """A notebook that MkDocs renders as a page (mkdocs-jupyter supplies the HTML).

    While ``abs_src_path`` names an executed copy, ``source`` is the notebook's own path.
    """

    alternates: dict[str, File]
    source: str | None = None

    def is_documentation_page(self) -> bool:
        """Notebooks are pages, whatever their suffix."""
        return True


def slim_page(html: str, page: Any, config: Any) -> str:
    """Slim a notebook page's HTML to its cells, after pointing its file back at the notebook."""
    file = page.file
    if not isinstance(file, NotebookPage):
        return html
    if file.source is not None:
        file.abs_src_path, file.source = file.source, None
    slugify = config.mdx_configs.get("toc", {}).get("slugify") or slugify_unicode
    slimmed, slugs = content(html, file.src_uri, languages.page_locale(page, config), slugify)
    use_ids(page.toc, slugs)
    return slimmed


def content(
    html: str, name: str, language: str, slugify: Callable[..., str]
) -> tuple[str, list[str]]:
    """Return :func:`slim`'s answer, from the kept file when these inputs were slimmed before."""
    try:  # a function pickles as its module and name, a partial with its arguments
        function = pickle.dumps(slugify, protocol=4)
    except (pickle.PicklingError, AttributeError, TypeError):  # a lambda: nothing to key it by
        return slim(html, name, language, slugify)
    strings = [
        locales.section(language, "notebooks")["labels_summary"],
        locales.section(language, "downloads")["notebook_button"],
    ]
    key = digest([html, posixpath.basename(name), language, *strings, function])
    found = KEPT.get(key)
    if isinstance(found, dict):
        return str(found["html"]), [str(slug) for slug in found["slugs"]]
    page, slugs = slim(html, name, language, slugify)
    KEPT.put(key, {"html": page, "slugs": slugs})
    return page, slugs


def cache_file(config: Any) -> Path:
    """Where this project keeps the pages, for this code and these libraries."""
    # BeautifulSoup parses with Python's own html.parser, hence Python's version.
    libraries = [version("beautifulsoup4"), version("markdown"), platform.python_version()]
    return cache_path(config, "notebook-pages", [Path(__file__).read_bytes(), *libraries])


#: nbconvert's clipboard buttons, cell collapsers and toolbars: nothing a reader of the site uses.
UNWANTED = ["zeroclipboard-container", "clipboard-copy-txt", "jp-Collapser", "celltoolbar"]
STYLE = """
.nb .highlight{margin-bottom:.4em}
.nb-output{margin:0 0 1.2em}
.nb-output pre{margin:0;padding:.6em 1em;overflow-x:auto;font-size:.8em;
  border-left:.2em solid var(--md-accent-fg-color);
  background:var(--md-code-bg-color);color:var(--md-code-fg-color)}
.nb-error pre{border-left-color:#d32f2f}
.nb-output img{display:block;max-width:100%;height:auto;margin:0 auto;background:#fff}
"""


def slim(html: str, name: str, language: str, slugify: Callable[..., str]) -> tuple[str, list[str]]:
    """Return the page's content (cells, outputs, a download button) and its headings' ids."""
    soup = BeautifulSoup(html, "html.parser")
    for tag in soup.find_all(["style", "script", "link"]):
        tag.decompose()
    for comment in soup.find_all(string=lambda text: isinstance(text, Comment)):
        comment.extract()
    # find_all(class_=…) matches as a CSS class selector does, several times faster than select().
    for tag in soup.find_all("div", class_=UNWANTED):
        tag.decompose()
    for block in soup.find_all("div", class_="highlight-ipynb"):
        _as_code_block(soup, block)
    for anchor in soup.find_all("a", class_="anchor-link"):
        anchor["class"] = "headerlink"
    slugs = _reslug(soup, slugify)
    for cell in soup.find_all("div", class_="celltag_labels"):
        _fold(soup, cell, locales.section(language, "notebooks")["labels_summary"])
    for div in soup.find_all("div"):
        _flatten(div)
    _add_download(soup, posixpath.basename(name), language)
    body = "".join(text for text in map(str, soup.contents) if text.strip())
    return f'<style>{" ".join(STYLE.split())}</style><div class="nb">{body}</div>', slugs


def _reslug(soup: BeautifulSoup, slugify: Callable[..., str]) -> list[str]:
    """Give headings the site's ids (nbconvert drops non-ASCII: Chinese ones come out empty)."""
    ids: set[str] = set()
    slugs = []
    for heading in soup.find_all(re.compile(r"^h[1-6]$")):
        title = copy.copy(heading)
        for anchor in title.find_all("a", class_="headerlink"):
            anchor.decompose()
        slug = unique(slugify(title.get_text().strip(), "-"), ids)
        heading["id"] = slug
        for anchor in heading.find_all("a", class_="headerlink"):
            anchor["href"] = f"#{slug}"
        slugs.append(slug)
    return slugs


def use_ids(toc: Any, slugs: list[str]) -> None:
    """Give the table of contents its headings' ids (the same headings; else leave it)."""

    def walk(items: Any) -> list[Any]:
        return [found for item in items for found in (item, *walk(item.children))]

    if len(items := walk(toc or [])) == len(slugs):
        for item, slug in zip(items, slugs, strict=True):
            item.id = slug


def _fold(soup: BeautifulSoup, cell: Tag, summary: str) -> None:
    """Fold the code of ``cell`` into a Material ``details`` block (nbconvert tags two divs)."""
    code = cell.find("div", class_="highlight")
    if code is not None and code.find_parent("details") is None:
        details = code.wrap(soup.new_tag("details", attrs={"class": "note"}))
        details.insert(0, soup.new_tag("summary", string=summary))


def download_name(src_uri: str, language: str) -> str:
    """``lab.ipynb`` of the Dutch build downloads as ``lab.nl.ipynb``."""
    stem = posixpath.splitext(posixpath.basename(src_uri))[0].removesuffix(f".{language}")
    return f"{stem}.{language}.ipynb"


def _add_download(soup: BeautifulSoup, name: str, language: str) -> None:
    """Add the per-locale copy's download button and the install line after the first heading."""
    local = download_name(name, language)
    button = html_text.escape(locales.section(language, "downloads")["notebook_button"])
    added = BeautifulSoup(
        f'<p class="nb-download"><a class="md-button" data-fill-wheel="" download="{local}" '
        f'href="{local}">{button}</a></p><p>[[install-line]]</p>',
        "html.parser",
    )
    heading = soup.find("h1")
    if isinstance(heading, Tag):
        heading.insert_after(*list(added.contents))
    else:
        soup.insert(0, added)


def _flatten(div: Tag) -> None:
    """Drop nbconvert's layout wrappers; keep code blocks and mark outputs as ``nb-output``."""
    classes = div.get_attribute_list("class")
    if "highlight" in classes or not any(c.startswith(("jp-", "jupyter-")) for c in classes):
        return
    if "jp-OutputArea-output" in classes:
        kind = str(div.get("data-mime-type", ""))
        error = "stderr" in kind or "jp-mod-error" in classes
        div.attrs = {"class": "nb-output nb-error" if error else "nb-output"}
        return
    div.unwrap()


def _as_code_block(soup: BeautifulSoup, block: Tag) -> None:
    """``div.highlight-ipynb > pre`` becomes Material's ``div.highlight > pre > code``."""
    block["class"] = AttributeValueList(["language-python", "highlight"])
    pre = block.find("pre")
    if not isinstance(pre, Tag):
        return
    code = soup.new_tag("code")
    code.extend(list(pre.contents))
    first = code.contents[0] if code.contents else None
    if isinstance(first, Tag) and first.name == "span" and not first.get_text():
        first.decompose()
    pre.append(code)
