"""A notebook page's content: nbconvert's HTML slimmed to its cells, and kept for warm builds.

nbconvert inlines ~550 KB of JupyterLab CSS, a clipboard script, MathJax and Mermaid loaders
into every notebook page. :func:`slim` removes them, turns code cells into Material code
blocks, gives headings the site's ids (for the table of contents, :func:`use_ids`), folds
the cell tagged ``labels``, and adds a small stylesheet, a download link (named per
locale) and the install line (both filled in by docs/hooks/downloads.py).

Slimming parses the whole page with BeautifulSoup: half a second for the ten notebook pages,
in every build. The page is the same for the same inputs, so :func:`content` keeps it in
``.cache/notebook-pages/<digest>.json`` (docs/hooks/kept_file.py), under a key made of all
its inputs (nbconvert's HTML, the notebook's name, the language and its two strings, the
slug function); the file's name covers this file, download_names.py and the libraries that
shape the output (BeautifulSoup, Python's ``html.parser``, Markdown's ``unique``).
"""

from __future__ import annotations

import copy
import functools
import platform
import posixpath
import re
from collections.abc import Callable, Iterator
from importlib.metadata import version
from pathlib import Path
from typing import Any

import download_names
import locale_settings
from bs4 import BeautifulSoup, Comment, Tag
from bs4.element import AttributeValueList
from download_names import download_name
from kept_file import KeptFile, digest
from markdown.extensions.toc import unique

#: Each page's content and heading ids, under a digest of its inputs.
KEPT = KeptFile()


def content(
    html: str, name: str, language: str, slugify: Callable[..., str]
) -> tuple[str, list[str]]:
    """Return :func:`slim`'s answer, from the kept file when these inputs were slimmed before."""
    function = _name(slugify)
    if function is None:  # a slug function that cannot be named: nothing to key it by
        return slim(html, name, language, slugify)
    strings = [
        locale_settings.section(language, "notebooks")["labels_summary"],
        locale_settings.section(language, "downloads")["notebook_button"],
    ]
    key = digest([html, posixpath.basename(name), language, *strings, function])
    found = KEPT.get(key)
    if isinstance(found, dict):
        return str(found["html"]), [str(slug) for slug in found["slugs"]]
    page, slugs = slim(html, name, language, slugify)
    KEPT.put(key, {"html": page, "slugs": slugs})
    return page, slugs


def _name(function: Any) -> str | None:
    """Return a name that tells ``function`` apart from others (a ``partial``'s arguments too)."""
    if isinstance(function, functools.partial):
        inner = _name(function.func)
        keywords = sorted(function.keywords.items())
        return None if inner is None else f"{inner}{function.args!r}{keywords!r}"
    module, qualname = getattr(function, "__module__", None), getattr(function, "__qualname__", "")
    return None if module is None or "<" in qualname else f"{module}.{qualname}"


def cache_file(config: Any) -> Path:
    """Where this project keeps the pages, for this code and these libraries."""
    sources = [Path(__file__).read_bytes(), Path(download_names.__file__).read_bytes()]
    libraries = [version("beautifulsoup4"), version("markdown"), platform.python_version()]
    name = digest([*sources, *libraries])  # Python's own html.parser reads the page
    return Path(config.config_file_path).parent / ".cache" / "notebook-pages" / f"{name}.json"


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
    """Return the page's content: its cells as Material code blocks, outputs, a download link.

    Also return the ids given to its headings, in order (see :func:`use_ids`).
    """
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
        _fold(soup, cell, locale_settings.section(language, "notebooks")["labels_summary"])
    for div in soup.find_all("div"):
        _flatten(div)
    _add_download(soup, posixpath.basename(name), language)
    style = soup.new_tag("style")
    style.string = " ".join(STYLE.split())
    body = "".join(text for text in map(str, soup.contents) if text.strip())
    return f'{style}<div class="nb">{body}</div>', slugs


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
    """Give the page's table of contents the ids of its headings.

    It lists the same headings in the same order (mkdocs-jupyter reads them from the same
    notebook); if the counts differ, it is left as it is.
    """
    items = list(_walk(toc or []))
    if len(items) == len(slugs):
        for item, slug in zip(items, slugs, strict=True):
            item.id = slug


def _walk(items: Any) -> Iterator[Any]:
    for item in items:
        yield item
        yield from _walk(item.children)


def _fold(soup: BeautifulSoup, cell: Tag, summary: str) -> None:
    """Fold the code of ``cell`` into a Material ``details`` block (nbconvert tags two divs)."""
    code = cell.find("div", class_="highlight")
    if code is None or code.find_parent("details") is not None:
        return
    details = soup.new_tag("details", attrs={"class": "note"})
    title = soup.new_tag("summary")
    title.string = summary
    code.wrap(details)
    details.insert(0, title)


def _add_download(soup: BeautifulSoup, name: str, language: str) -> None:
    """Add a button that downloads the notebook, after the first heading (or on top).

    It links to the per-locale copy (``lab.nl.ipynb``) that ``on_post_page`` names, and leaves
    docs/hooks/downloads.py the empty ``data-fill-wheel`` slot (download_names.py) to fill,
    and the paragraph ``[[install-line]]`` after it to replace with the install line.
    """
    local = download_name(name, language)
    attrs = {"href": local, "download": local, "class": "md-button", "data-fill-wheel": ""}
    link = soup.new_tag("a", attrs=attrs)
    link.string = locale_settings.section(language, "downloads")["notebook_button"]
    paragraph = soup.new_tag("p", attrs={"class": "nb-download"})
    paragraph.append(link)
    # The install line and the Python version it needs, as on the home page (downloads.py).
    line = soup.new_tag("p")
    line.string = "[[install-line]]"
    heading = soup.find("h1")
    if isinstance(heading, Tag):
        heading.insert_after(paragraph)
    else:
        soup.insert(0, paragraph)
    paragraph.insert_after(line)


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
    for child in list(pre.contents):
        code.append(child.extract())
    first = code.contents[0] if code.contents else None
    if isinstance(first, Tag) and first.name == "span" and not first.get_text():
        first.decompose()
    pre.append(code)
