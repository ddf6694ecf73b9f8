"""The MathML repairs (docs/hooks/dpsite/mathml.py), the built formulas and the font."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Tag

from dpsite import mathml
from tests import site_soup
from tests.conftest import DOCS

PRIME = "\u2032"
MINUS = "\u2212"
FONT = DOCS / "assets" / "fonts" / "lesson-math.woff2"


def math(tex: str, display: bool = True) -> Tag:
    """The <math> element of the rendered formula."""
    found = BeautifulSoup(mathml.render(tex, display), "html.parser").find("math")
    assert isinstance(found, Tag)
    return found


def one(root: Tag | None, name: str) -> Tag:
    """The first descendant ``name`` of ``root``, which must exist."""
    assert root is not None
    found = root.find(name)
    assert isinstance(found, Tag), name
    return found


def before(tag: Tag) -> str:
    found = tag.find_previous_sibling()
    assert found is not None
    return found.get_text()


def mo(root: Tag, text: str) -> list[Tag]:
    return [tag for tag in root.find_all("mo") if tag.get_text() == text]


def test_a_prime_is_an_operator_beside_its_letter_not_a_superscript() -> None:
    root = math("D'")
    assert root.find("msup") is None
    assert str(root.mrow) == (
        f'<mrow><mrow><mi>D</mi><mo lspace="0" rspace="0">{PRIME}</mo></mrow></mrow>'
    )


def test_a_braced_decimal_comma_makes_one_number_and_a_list_comma_stays() -> None:
    root = math("x = 0{,}5 + 12{,}25, (a, b)")
    assert [n.get_text() for n in root.find_all("mn")] == ["0,5", "12,25"]
    assert len(mo(root, ",")) == 2  # the list commas are still operators


def test_primes_in_subscripts_and_fractions() -> None:
    root = math(r"|\ell_D(z) - \ell_{D'}(z)| \le \frac{|\mu - \mu'|}{s} \le \varepsilon")
    assert root.find("msup") is None
    primes = mo(root, PRIME)
    assert [before(p) for p in primes] == ["D", "\u03bc"]
    assert primes[0].find_parent("msub") is not None


def test_a_power_keeps_its_superscript() -> None:
    root = math("e^{20}")
    assert [tag.get_text() for tag in one(root, "msup").find_all(True, recursive=False)] == [
        "e",
        "20",
    ]


def test_bars_are_fences_without_operator_spacing() -> None:
    root = math(r"\mathbb{E}\,|Z - \mu| = s")
    bars = mo(root, "|")
    assert len(bars) == 2
    group = bars[0].parent
    assert group is not None and group is bars[1].parent and group.name == "mrow"
    assert [tag.get_text() for tag in group.find_all(True, recursive=False)] == [
        "|",
        "Z",
        MINUS,
        "\u03bc",
        "|",
    ]
    for bar, form in zip(bars, ["prefix", "postfix"], strict=True):
        assert bar.attrs == {
            "fence": "true",
            "form": form,
            "stretchy": "false",
            "lspace": "0",
            "rspace": "0",
        }
    # The minus between the bars subtracts: it keeps its binary spacing.
    assert mo(group, MINUS)[0].attrs == {}


def test_two_pairs_of_bars_in_one_row() -> None:
    root = math(r"|a| + |b|")
    groups = [bar.parent for bar in mo(root, "|")]
    assert groups[0] is groups[1] and groups[2] is groups[3] and groups[0] is not groups[2]


def test_a_sign_has_no_space_but_a_subtraction_keeps_it() -> None:
    root = math(r"[-10^6, 10^6]", display=False)
    (sign,) = mo(root, MINUS)
    assert sign.attrs == {"form": "prefix", "lspace": "0", "rspace": "0"}
    root = math(r"\ell(z) = -\ln(2s) - \frac{|z - \mu|}{s}")
    signs = mo(root, MINUS)
    assert [m.get("form") for m in signs] == ["prefix", None, None]
    root = math(r"2^{-60}", display=False)
    assert mo(root, MINUS)[0].get("form") == "prefix"


def test_a_named_operator_touches_its_bracket() -> None:
    root = math(r"\Pr[M(D) \in S] \le e^{\varepsilon} \Pr[M(D') \in S]")
    names = [tag for tag in root.find_all("mo") if tag.get_text() == "Pr"]
    assert len(names) == 2 and all(tag["rspace"] == "0" for tag in names)
    assert all(tag.get("rspace") is None for tag in mo(root, "\u2208"))


def test_a_display_sum_has_its_limits_under_and_over() -> None:
    root = math(r"E = \sum_{j=1}^{m} \varepsilon_j")
    over = one(root, "munderover")
    assert over["displaystyle"] == "true"
    operator = one(over, "mo")
    assert operator.get_text() == "\u2211"
    assert operator.attrs == {"largeop": "true", "movablelimits": "false"}
    under, upper = over.find_all("mrow", recursive=False)
    assert (under.get_text(), upper.get_text()) == ("j=1", "m")
    assert one(root, "msub").get_text() == "\u03b5j"


def test_an_inline_sum_is_left_to_the_browser() -> None:
    root = math(r"\sum_{j} \varepsilon_j", display=False)
    assert "largeop" not in str(root) and "displaystyle" not in str(root)


def test_display_formulas_sit_in_a_scrolling_box_inline_ones_do_not() -> None:
    assert mathml.render("x", display=True).startswith('<div class="dp-math"><math')
    assert mathml.render("x", display=False).startswith("<math")


def built_formulas(site_dir: Path) -> list[str]:
    found = []
    for page in site_dir.rglob("*.html"):
        found += re.findall(r"<math\b.*?</math>", page.read_text("utf-8"), re.DOTALL)
    return found


def test_no_superscript_in_the_built_site_is_a_bare_prime(site_dir: Path) -> None:
    formulas = built_formulas(site_dir)
    assert len(formulas) > 100
    primed = 0
    for formula in formulas:
        root = BeautifulSoup(formula, "html.parser")
        for sup in root.find_all("msup"):
            script = sup.find_all(True, recursive=False)[-1]
            assert script.get_text().strip() not in {PRIME, "'", "\u2033"}, formula
        primed += PRIME in formula
    assert primed >= 5  # D′ in the definition and ℓ_D′, μ′ in laplace, in every locale


def test_every_function_name_in_the_built_site_is_a_spaced_operator(site_dir: Path) -> None:
    names = 0
    for formula in built_formulas(site_dir):
        root = BeautifulSoup(formula, "html.parser")
        assert not root.find_all("mi", string=re.compile(r"^(ln|log|exp)$")), formula
        for name in root.find_all("mo", string=re.compile(r"^(ln|log|exp)$")):
            names += 1
            assert {"lspace", "rspace"} <= set(name.attrs), formula
            after = name.find_next_sibling(True)
            bracket = after is not None and after.get_text()[:1] in "(["
            assert (name["rspace"] == "0") == bracket, formula
    assert names >= 40  # ln in the densities, exp in the odds, in every locale


def font_characters() -> set[int]:
    """The code points of the subset: from the font itself, or from its recipe without brotli."""
    subset = pytest.importorskip("fontTools.subset")
    try:
        font = pytest.importorskip("fontTools.ttLib").TTFont(FONT)
        assert "MATH" in font
        return set(font.getBestCmap())
    except ImportError:  # reading WOFF2 needs brotli, which the test environment may lack
        recipe = (FONT.parent / "subset.py").read_text("utf-8")
        ranges = re.findall(r"U\+[0-9A-F]+(?:-[0-9A-F]+)?", recipe)
        return set(subset.parse_unicodes(",".join(ranges)))


def test_the_math_font_covers_every_formula_of_the_site(site_dir: Path) -> None:
    assert FONT.stat().st_size < 60_000
    covered = font_characters()
    used = set()
    for formula in built_formulas(site_dir):
        soup = BeautifulSoup(formula, "html.parser")
        used |= {ord(char) for char in soup.get_text() if not char.isspace()}
        # A letter alone in <mi> is drawn in its mathematical italic form (MathML's auto italic).
        alone = [mi.get_text() for mi in soup.find_all("mi") if not mi.get("mathvariant")]
        used |= {code for text in alone if len(text) == 1 and (code := italic(text))}
    missing = sorted(chr(code) for code in used - covered)
    assert not missing, missing


def italic(letter: str) -> int | None:
    """The code point of ``letter``'s mathematical italic form (None if it has none)."""
    code, latin = ord(letter), letter.isascii() and letter.isalpha()
    if latin:
        return 0x210E if letter == "h" else 0x1D434 + (code - 0x41 if code < 0x61 else code - 0x47)
    if "Α" <= letter <= "Ω" or "α" <= letter <= "ω":
        return 0x1D6E2 + code - 0x391 if code < 0x3B1 else 0x1D6FC + code - 0x3B1
    return {"ϵ": 0x1D716, "ϑ": 0x1D717, "ϕ": 0x1D719}.get(letter)


def test_the_font_ships_with_its_licence_and_the_stylesheet_loads_it(site_dir: Path) -> None:
    assert (site_dir / "assets" / "fonts" / "lesson-math.woff2").read_bytes()[:4] == b"wOF2"
    assert "SIL OPEN FONT LICENSE" in (site_dir / "assets/fonts/OFL.txt").read_text("utf-8")
    css = (site_dir / "assets" / "site.css").read_text("utf-8")
    assert 'url("fonts/lesson-math.woff2")' in css and "font-display: optional" in css
    assert not (site_dir / "assets" / "fonts" / "subset.py").exists()


def test_a_page_preloads_the_math_font_exactly_when_it_shows_a_formula(site_dir: Path) -> None:
    """An optional font is used only if it arrives at once: each page with <math> asks for it
    in its head (overrides/main.html), and no other page fetches it for nothing."""
    font = site_dir / "assets" / "fonts" / "lesson-math.woff2"
    seen = {True: 0, False: 0}
    for page in site_dir.rglob("*.html"):
        soup = site_soup.page(page)  # parsed once per session, shared with the other site tests
        preloads = [
            (page.parent / str(link["href"])).resolve()
            for link in soup.select('head link[rel="preload"][as="font"]')
        ]
        has_math = soup.find("math") is not None
        assert preloads == ([font.resolve()] if has_math else []), page
        links = soup.select('head link[rel="preload"][as="font"]')
        assert all(link.get("crossorigin") is not None for link in links), page
        seen[has_math] += 1
    assert seen[True] > 50 and seen[False] > 5, seen


def test_a_function_name_has_a_thin_space_around_it_but_none_before_its_bracket() -> None:
    """ "2k ln 2" and "2s exp" were run together: latex2mathml writes the name as an identifier."""
    root = math(r"\sqrt{2k \ln(1/\delta)} + \rho \ln 2 - 2s \exp x = -\ln(2s)")
    names = root.find_all("mo", string=re.compile(r"^(ln|exp)$"))
    assert [(n.get_text(), n["lspace"], n["rspace"]) for n in names] == [
        ("ln", "0.1667em", "0"),  # after k, before its bracket
        ("ln", "0.1667em", "0.1667em"),
        ("exp", "0.1667em", "0.1667em"),
        ("ln", "0", "0"),  # after the sign, before the bracket
    ]
    assert not root.find_all("mi", string=re.compile(r"^(ln|exp|log)$"))


ACCENT_OF = {r"\hat": "\u02c6", r"\widehat": "\u02c6", r"\bar": "\u00af", r"\tilde": "\u02dc"}


@pytest.mark.parametrize("command", sorted(ACCENT_OF))
def test_an_accent_is_the_font_s_accent_on_its_letter(command: str) -> None:
    """latex2mathml writes ``\\hat`` as ASCII ``^``, a text glyph at cap height, far too tall."""
    for base, stretchy in (("x", "false"), (r"\sigma", "false"), ("xy", "true")):
        over = one(math(f"{command}{{{base}}}^2", display=False), "mover")
        accent = over.find_all(True, recursive=False)[-1]
        assert over["accent"] == "true" and accent.name == "mo"
        assert accent.get_text() == ACCENT_OF[command]
        assert accent.attrs == {"stretchy": stretchy}  # only a wide base stretches its accent


def test_every_accent_in_the_built_site_is_one_the_font_places(site_dir: Path) -> None:
    accents = 0
    for formula in built_formulas(site_dir):
        for over in BeautifulSoup(formula, "html.parser").find_all("mover"):
            mark = over.find_all(True, recursive=False)[-1]
            if mark.name == "mo" and len(mark.get_text()) == 1:  # a mark, not a word
                accents += 1
                assert over.get("accent") == "true", formula
                assert mark.get_text() in set(ACCENT_OF.values()), formula
    assert accents >= 5 * 9  # hats in local and training, bars in anonymisation, per locale
