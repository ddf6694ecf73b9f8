"""The lab and exercise notebooks: one code, every language, and exercises that check.

Each check of a translated notebook runs over the notebooks its language has (a language in
progress shows English's for the others). That a translation keeps English's code cells and
cell types is the translation report's rule (``docs/hooks/l10n/notebooks.py``).
"""

from __future__ import annotations

import json
import re
import string
from typing import Any

import nbformat
import numpy as np
import pytest
from nbclient import NotebookClient

from dplesson import capstone, plots
from dplesson.checkpoints import CHECKPOINTS
from dplesson.checkpoints.messages import message
from dplesson.figures import data as figure_data
from tests.conftest import DECIMAL_COMMA, DOCS, ROOT
from tests.notebooks import (
    NOTEBOOKS,
    OWN,
    REFERENCES,
    code_cells,
    labels,
    outputs_text,
    pasted,
    read,
    settings,
    summary_cell,
)
from tests.prose_numbers import dotted_decimals

#: The locales with a notebook of their own, for the checks of one notebook.
HAS = {name: [code for code, own in OWN if own == name] for name in NOTEBOOKS}


def markdown(locale: str, name: str) -> list[str]:
    return [c.source for c in read(locale, name).cells if c.cell_type == "markdown"]


@pytest.mark.parametrize(("locale", "name"), OWN)
def test_notebooks_are_valid_canonical_and_saved_without_outputs(locale: str, name: str) -> None:
    path = DOCS / locale / name
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    nbformat.validate(notebook)
    # Saved as Jupyter saves it, so opening and saving in Jupyter changes nothing.
    saved = nbformat.writes(notebook)  # type: ignore[no-untyped-call]
    assert path.read_text(encoding="utf-8") == saved + "\n"
    assert notebook.metadata.kernelspec.name == "python3"
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source[:40]


@pytest.mark.parametrize(("locale", "name"), OWN)
def test_the_first_cell_names_the_notebooks_language(locale: str, name: str) -> None:
    assert settings(read(locale, name))["LANG"] == locale


@pytest.mark.parametrize("locale", HAS["lab.ipynb"])
def test_lab_labels_cover_every_figure_with_the_same_fields(locale: str) -> None:
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    found, english = labels(locale), labels("en")
    assert set(found) == set(plots.FIGURES)
    for figure, keys in plots.FIGURES.items():
        assert set(found[figure]) == {*keys, "alt"}, figure
        for key, text in found[figure].items():
            assert text.strip(), (figure, key)
            assert fields(text) == fields(english[figure][key]), (figure, key)
    tagged = [c for c in read(locale, "lab.ipynb").cells if "labels" in c.metadata.get("tags", [])]
    assert [c.source for c in tagged] == [code_cells(read(locale, "lab.ipynb"))[0]]


def test_every_figure_of_the_package_is_drawn_in_the_lab() -> None:
    code = "\n".join(code_cells(read("en", "lab.ipynb")))
    for figure in plots.FIGURES:
        assert f"plots.{figure}(" in code and f'LABELS["{figure}"]' in code
    assert "default_rng(" in code and "np.random.seed" not in code


@pytest.mark.parametrize(("locale", "name"), [(c, n) for c, n in OWN if c in DECIMAL_COMMA])
def test_decimal_comma_in_prose_and_labels(locale: str, name: str) -> None:
    for text in markdown(locale, name):
        assert dotted_decimals(text) == [], text[:60]
    if name == "lab.ipynb":
        for figure, entries in labels(locale).items():
            for key, text in entries.items():
                assert not re.search(r"\d\.\d", text), (figure, key, text)


def test_each_language_is_written_in_its_own_script() -> None:
    assert "ş" in "".join(markdown("tr", "lab.ipynb")) and "ğ" in "".join(
        markdown("tr", "lab.ipynb")
    )
    assert "ı" in labels("tr")["averaging_attack"]["title"] + labels("tr")["support_gap"]["title"]
    assert "拉普拉斯" in labels("zh")["laplace_scales"]["title"]
    assert "ä" in "".join(markdown("de", "exercises.ipynb"))
    for locale in HAS["lab.ipynb"][1:]:
        assert "The first code cell" not in "".join(markdown(locale, "lab.ipynb")), locale


@pytest.mark.parametrize("locale", HAS["exercises.ipynb"])
def test_exercises_have_empty_functions_and_a_check_per_checkpoint(locale: str) -> None:
    code = code_cells(read(locale, "exercises.ipynb"))
    for checkpoint in CHECKPOINTS:
        stubs = [c for c in code if c.startswith(f"def {checkpoint.name}(")]
        assert len(stubs) == 1 and stubs[0].rstrip().endswith("raise NotImplementedError")
        check = f"checkpoints.check({checkpoint.name}, {checkpoint.number}, LANG)"
        assert check in code
    prose = "".join(markdown(locale, "exercises.ipynb"))
    assert f"python -m dplesson.checkpoints solution.py --lang {locale}" in prose


#: A reader's solutions that use the setup cell's names and import nothing themselves.
WITH_THE_SETUP_CELL = """
def laplace_calibration(count, lower=0.0, upper=1.0, epsilon=1.0):
    count = check_count("count", count, 1, 4096)
    lower = check_scalar("lower", lower, -1e6, 1e6)
    upper = check_scalar("upper", upper, -1e6, 1e6)
    epsilon = check_scalar("epsilon", epsilon, 0.001, 100)
    if upper - lower < 0.001:
        raise ValueError("upper - lower must be at least 0.001")
    sensitivity = (upper - lower) / count
    return {
        "count": count,
        "lower": lower,
        "upper": upper,
        "epsilon": epsilon,
        "sensitivity": sensitivity,
        "scale": sensitivity / epsilon,
        "neighbor_model": "replace-one-fixed-size",
    }


def laplace_log_density(points, center=0.0, scale=1.0):
    values = check_vector("points", points, max_length=4096, low=-1e6, high=1e6)
    center = check_scalar("center", center, -1e6, 1e6)
    scale = check_scalar("scale", scale, 1e-12, 2e9)
    return -math.log(2 * scale) - np.abs(values - center) / scale


def basic_composition(epsilons, cap=1.0):
    values = check_vector("epsilons", epsilons, max_length=64, low=0, high=100)
    cap = check_scalar("cap", cap, 0, 6400)
    prefix = np.array([math.fsum(values[: i + 1]) for i in range(len(values))])
    exact = sum((Fraction.from_float(float(v)) for v in values), Fraction(0))
    return {
        "epsilon_prefix": prefix,
        "epsilon_total": float(prefix[-1]),
        "cap": cap,
        "releases": len(values),
        "within_cap": exact <= Fraction.from_float(cap),
    }
"""


@pytest.mark.usefixtures("global_rng_untouched")
def test_the_setup_cell_gives_a_solution_the_helpers_of_the_input_rules() -> None:
    setup = code_cells(read("en", "exercises.ipynb"))[1]  # the same in every locale (above)
    assert "from dplesson.validation import check_count, check_scalar, check_vector" in setup
    namespace: dict[str, Any] = {}
    exec(compile(setup, "setup", "exec"), namespace)
    exec(compile(WITH_THE_SETUP_CELL, "solution", "exec"), namespace)
    results = namespace["checkpoints"].check_namespace(namespace)
    assert [result.passed for result in results] == [True, True, True], [str(r) for r in results]


def execute(notebook: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Run ``notebook`` in a fresh kernel that imports this checkout's ``dplesson``."""
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    client = NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    )
    client.execute()
    return notebook


@pytest.mark.parametrize("locale", HAS["exercises.ipynb"])
def test_exercises_pass_with_the_reference_solutions_pasted_in(
    locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    notebook = read(locale, "exercises.ipynb")
    for cell in notebook.cells:
        for name, function in REFERENCES.items():
            if cell.cell_type == "code" and cell.source.startswith(f"def {name}("):
                cell.source = pasted(function)
                assert f"from dplesson.{function.__module__.split('.')[-1]} import" in cell.source
    execute(notebook, monkeypatch)
    checks = [c for c in notebook.cells if c.source.startswith("checkpoints.check(")]
    for cell, checkpoint in zip(checks, CHECKPOINTS, strict=True):
        expected = message(
            locale,
            "pass",
            number=checkpoint.number,
            name=checkpoint.name,
            count=len(checkpoint.cases),
        )
        assert outputs_text(cell) == expected
    summary = outputs_text(summary_cell(notebook)).splitlines()
    assert summary[-1] == message(locale, "score", passed=3, total=3)


def test_shipped_exercises_report_the_empty_functions(monkeypatch: pytest.MonkeyPatch) -> None:
    locale = HAS["exercises.ipynb"][-1]  # a translated notebook: its messages in its language
    notebook = execute(read(locale, "exercises.ipynb"), monkeypatch)
    checks = [c for c in notebook.cells if c.source.startswith("checkpoints.check(")]
    for cell, checkpoint in zip(checks, CHECKPOINTS, strict=True):
        lines = outputs_text(cell).splitlines()
        fields = {"number": checkpoint.number, "name": checkpoint.name}
        assert lines[0] == message(locale, "fail", index=1, count=len(checkpoint.cases), **fields)
        assert message(locale, "empty_body") in outputs_text(cell)
    score = outputs_text(summary_cell(notebook)).splitlines()[-1]
    assert score == message(locale, "score", passed=0, total=3)
    capstone_cell = notebook.cells[-1]
    assert capstone_cell.source == "print(capstone.check(PLAN, release, LANG))"
    assert outputs_text(capstone_cell).strip() == capstone.message(locale, "absent")


#: What must never be shipped in a notebook a reader downloads: credentials and the paths
#: (so the user name) of the machine it was last saved on.
LEAKS = {
    "credential": re.compile(
        r"(?i)\b(api[_-]?key|secret[_-]?key|access[_-]?token|auth[_-]?token|password)"
        r"\s*[=:]\s*[\"'][^\"']{4,}"
    ),
    "private key": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    "token": re.compile(r"\b(AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{36}|sk-[A-Za-z0-9]{20,})\b"),
    "home path": re.compile(r"(/home/|/Users/|[A-Za-z]:\\\\Users\\\\)[\w.-]+"),
}
#: Notebook-level metadata: what Jupyter needs, and ``source``, the translation record that
#: ``docs/hooks/l10n`` writes into a translated notebook. Anything else (widget state, a
#: user's extension settings, collaboration ids) is saved machine state.
METADATA = {"kernelspec", "language_info", "source"}


def leaks(text: str) -> list[str]:
    """The kinds of leak ``text`` contains, as named in ``LEAKS``."""
    return [kind for kind, pattern in LEAKS.items() if pattern.search(text)]


def test_the_leak_patterns_find_what_they_name() -> None:
    assert leaks('API_KEY = "abcd1234"') == ["credential"]
    assert leaks("-----BEGIN OPENSSH PRIVATE KEY-----") == ["private key"]
    assert leaks("token ghp_" + "a" * 36) == ["token"]
    assert leaks('"/home/alice/dplesson/lab.ipynb"') == ["home path"]
    assert leaks('"C:\\\\Users\\\\bob\\\\lab.ipynb"') == ["home path"]
    assert leaks("the secret is that noise bounds what one person changes") == []


def test_the_notebooks_hold_no_secrets_paths_or_machine_state() -> None:
    """Outputs are covered by test_notebooks_are_valid_canonical_and_saved_without_outputs."""
    found = sorted(DOCS.glob("*/*.ipynb"))
    assert [(p.parent.name, p.name) for p in found] == sorted(OWN)
    for path in found:
        text = path.read_text(encoding="utf-8")
        assert not leaks(text), (path, leaks(text))
        data = json.loads(text)
        assert {"kernelspec", "language_info"} <= set(data["metadata"]) <= METADATA, path
        for cell in data["cells"]:
            assert set(cell.get("metadata", {})) <= {"tags"}, (path, cell["source"][:40])


@pytest.mark.parametrize("locale", HAS["lab.ipynb"])
def test_the_support_gap_alt_text_names_the_shares_the_lab_draws(locale: str) -> None:
    """The alt text's "from about 0.4 to about 0.02" is the largest and smallest bar the lab's
    seed draws, to one significant digit (it said 0.01 for a bar of 0.0225)."""
    seed = re.search(
        r"plots\.support_gap\(.*default_rng\((\d+)\)",
        "\n".join(code_cells(read(locale, "lab.ipynb"))),
    )
    assert seed is not None
    shares = figure_data.support_gap(np.random.default_rng(int(seed.group(1))))["float"]
    comma = locale in DECIMAL_COMMA
    for share in (max(shares), min(shares)):
        shown = f"{share:.1g}".replace(".", "," if comma else ".")
        assert shown in labels(locale)["support_gap"]["alt"], (shown, locale)
