"""The checkpoint checker: it passes correct solutions and names the first broken case."""

from __future__ import annotations

import ast
import builtins
import inspect
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from dplesson import basic_composition, laplace_calibration, laplace_log_density
from dplesson.checkpoints import CHECKPOINTS, Result, check, check_file, score
from dplesson.checkpoints.__main__ import main
from dplesson.checkpoints.cases import Checkpoint
from dplesson.checkpoints.messages import LOCALES, message
from tests import site_soup
from tests.conftest import ROOT, UNDECLARED

# A reader's correct solution, written from the specification alone (not from dplesson).
SOLUTION = """
import math
from fractions import Fraction

import numpy as np


def _scalar(name, value, low, high):
    if isinstance(value, (bool, np.bool_)) or not isinstance(
        value, (int, float, np.integer, np.floating)
    ):
        raise ValueError(f"{name} must be a real number in [{low}, {high}]")
    try:
        number = float(value)
    except OverflowError:
        raise ValueError(f"{name} is too large for a float") from None
    if not (math.isfinite(number) and low <= number <= high):
        raise ValueError(f"{name} must be a finite number in [{low}, {high}]")
    return number


def _vector(name, value, max_length, low, high):
    try:
        raw = np.asarray(value)
    except (ValueError, TypeError, OverflowError):
        raise ValueError(f"{name} must be a 1-D sequence of numbers") from None
    if raw.ndim != 1 or raw.dtype.kind not in "iuf" or not 1 <= len(raw) <= max_length:
        raise ValueError(f"{name} must be a 1-D sequence of 1 to {max_length} numbers")
    values = raw.astype(np.float64)
    if not np.all(np.isfinite(values)) or np.any(values < low) or np.any(values > high):
        raise ValueError(f"{name} entries must be finite and in [{low}, {high}]")
    return values


def laplace_calibration(count, lower=0.0, upper=1.0, epsilon=1.0):
    if type(count) is not int or not 1 <= count <= 4096:
        raise ValueError("count must be a Python int in [1, 4096]")
    lower = _scalar("lower", lower, -1e6, 1e6)
    upper = _scalar("upper", upper, -1e6, 1e6)
    epsilon = _scalar("epsilon", epsilon, 0.001, 100)
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
    values = _vector("points", points, 4096, -1e6, 1e6)
    center = _scalar("center", center, -1e6, 1e6)
    scale = _scalar("scale", scale, 1e-12, 2e9)
    return -math.log(2 * scale) - np.abs(values - center) / scale


def basic_composition(epsilons, cap=1.0):
    values = _vector("epsilons", epsilons, 64, 0, 100)
    cap = _scalar("cap", cap, 0, 6400)
    prefix = np.array([math.fsum(values[: i + 1]) for i in range(len(values))])
    exact = sum((Fraction(float(v)) for v in values), Fraction(0))
    return {
        "epsilon_prefix": prefix,
        "epsilon_total": float(prefix[-1]),
        "cap": cap,
        "releases": len(values),
        "within_cap": exact <= Fraction(cap),
    }
"""

# Each broken solution: (what the reader got wrong, the change, the checkpoint that fails,
# the failing call, and what the report must say was expected and seen).
BROKEN = {
    "accepts_bool": (
        ("type(count) is not int", "not isinstance(count, int)"),
        1,
        "laplace_calibration(True)",
        "a ValueError, since count is not valid here",
        "returned {'count': True,",
    ),
    "wrong_neighbour_model": (
        ('"replace-one-fixed-size"', '"replace-one"'),
        1,
        "laplace_calibration(4)",
        "neighbor_model == 'replace-one-fixed-size'",
        "neighbor_model == 'replace-one'",
    ),
    "mutates_input": (
        (
            '    values = _vector("points", points, 4096, -1e6, 1e6)\n',
            '    values = _vector("points", points, 4096, -1e6, 1e6)\n'
            "    if isinstance(points, np.ndarray):\n"
            "        points -= center\n",
        ),
        2,
        "laplace_log_density(array([0.0, 0.25]), 0.25, 0.25)",
        "the inputs left unchanged",
        "argument 1 changed from array([0.0, 0.25]) to array([-0.25, 0.0])",
    ),
    "touches_python_rng": (
        ("    scale = _scalar(", "    random.random()\n    scale = _scalar("),
        2,
        "laplace_log_density([0.0, 0.25], center=0.0, scale=0.25)",
        "the global Python random state left untouched",
        "the global Python random state changed",
    ),
    "float_cap": (
        ('"within_cap": exact <= Fraction(cap)', '"within_cap": bool(prefix[-1] <= cap)'),
        3,
        "basic_composition([1.0, 2**-60], cap=1.0)",
        "within_cap == False",
        "within_cap == True",
    ),
    "naive_sum_cap": (
        ('"within_cap": exact <= Fraction(cap)', '"within_cap": sum(values.tolist()) <= cap'),
        3,
        "basic_composition([1.0, 2**-60], cap=1.0)",
        "within_cap == False",
        "within_cap == True",
    ),
    "numpy_bool": (
        ('"within_cap": exact <= Fraction(cap)', '"within_cap": np.bool_(exact <= Fraction(cap))'),
        3,
        "basic_composition([0.25, 0.25, 0.5], cap=1.0)",
        "within_cap as True or False (a Python bool)",
        "within_cap has type numpy.bool",
    ),
    "touches_numpy_rng": (
        ("    cap = _scalar(", "    np.random.seed(0)\n    cap = _scalar("),
        3,
        "basic_composition([0.25, 0.25, 0.5], cap=1.0)",
        "the global NumPy random state left untouched",
        "the global NumPy random state changed",
    ),
    "aliases_input": (
        (
            "    prefix = np.array([math.fsum(values[: i + 1]) for i in range(len(values))])\n",
            "    prefix = np.array([math.fsum(values[: i + 1]) for i in range(len(values))])\n"
            "    if isinstance(epsilons, np.ndarray) and len(epsilons) == 1:\n"
            "        prefix = epsilons.reshape(1)\n",
        ),
        3,
        "basic_composition(array([0.75]), 1.0)",
        "epsilon_prefix in memory of its own",
        "epsilon_prefix shares memory with argument 1",
    ),
}


def write(tmp_path: Path, text: str, name: str = "solution.py") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def broken(name: str) -> str:
    (old, new), *_ = BROKEN[name]
    assert SOLUTION.count(old) == 1, old
    return "import random\n" + SOLUTION.replace(old, new)


@pytest.mark.usefixtures("global_rng_untouched")
def test_the_package_scores_three_of_three() -> None:
    functions: list[Callable[..., Any]] = [laplace_calibration, laplace_log_density]
    functions.append(basic_composition)
    results = [check(f, n) for n, f in enumerate(functions, start=1)]
    assert [r.passed for r in results] == [True, True, True]
    assert [r.cases for r in results] == [len(c.cases) for c in CHECKPOINTS]
    assert score(results) == "Score: 3/3"


@pytest.mark.usefixtures("global_rng_untouched")
def test_an_independent_correct_solution_passes(tmp_path: Path) -> None:
    results = check_file(write(tmp_path, SOLUTION))
    assert all(result.passed for result in results), [str(r) for r in results]


def test_every_battery_has_headline_valid_and_invalid_cases() -> None:
    for checkpoint in CHECKPOINTS:
        valid = [case for case in checkpoint.cases if case.valid]
        invalid = [case for case in checkpoint.cases if not case.valid]
        assert len(valid) >= 8 and len(invalid) >= 20, checkpoint.name
        # The reference agrees with the battery: valid cases return, invalid ones raise.
        for case in valid:
            checkpoint.reference(*case.args, **case.kwargs)
        for case in invalid:
            with pytest.raises(ValueError):
                checkpoint.reference(*case.args, **case.kwargs)
    headline = CHECKPOINTS[0].reference(*CHECKPOINTS[0].cases[0].args)
    assert (headline["sensitivity"], headline["scale"]) == (0.25, 0.25)
    trap = CHECKPOINTS[2].cases[1]
    assert trap.args == ([1.0, 2**-60],) and trap.kwargs == {"cap": 1.0}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_each_broken_solution_fails_the_right_checkpoint(tmp_path: Path, name: str) -> None:
    _, number, call, expected, actual = BROKEN[name]
    results = check_file(write(tmp_path, broken(name)))
    assert [r.passed for r in results] == [n != number for n in (1, 2, 3)]
    failed = results[number - 1]
    assert failed.failure is not None
    report = failed.report()
    assert f"FAIL  Checkpoint {number}, {failed.name}: case" in report
    assert f"input:    {call}" in report
    assert f"expected: {expected}" in report
    assert f"actual:   {actual}" in report


def test_an_empty_body_is_reported_as_such() -> None:
    def laplace_calibration(count: int, lower: float = 0.0) -> None:
        raise NotImplementedError

    result = check(laplace_calibration, "laplace_calibration")
    assert not result.passed and result.failure is not None
    assert result.failure.index == 1
    assert result.failure.actual.render("en") == (
        "raised NotImplementedError: the function body is still empty"
    )
    assert result.failure.expected.render("en").startswith("return value {'count': 4, ")


def test_a_wrong_exception_type_is_not_a_value_error() -> None:
    def strict(points: Any, center: float = 0.0, scale: float = 1.0) -> Any:
        if not isinstance(points, (list, tuple, np.ndarray)):
            raise TypeError("points must be a sequence")
        return laplace_log_density(points, center, scale)

    result = check(strict, 2)
    assert result.failure is not None
    assert result.failure.call == "laplace_log_density(0.5)"
    assert result.failure.actual.render("en") == "raised TypeError: points must be a sequence"


def as_given(count: Any, lower: Any = 0.0, upper: Any = 1.0, epsilon: Any = 1.0) -> Any:
    """A reader's first attempt: inputs checked, the privacy arithmetic right, nothing converted.

    It returns ``lower``, ``upper`` and ``epsilon`` as they came in (ints stay ints), and
    NumPy numbers where NumPy computed them.
    """
    laplace_calibration(count, lower, upper, epsilon)  # the input rules, from the package
    sensitivity = np.float64(upper - lower) / count
    return {
        "count": count,
        "lower": lower,
        "upper": upper,
        "epsilon": epsilon,
        "sensitivity": sensitivity,
        "scale": sensitivity / epsilon,
        "neighbor_model": "replace-one-fixed-size",
    }


@pytest.mark.usefixtures("global_rng_untouched")
def test_a_correct_answer_passes_whether_its_numbers_are_int_or_float() -> None:
    assert any(
        type(case.args[1]) is int for case in CHECKPOINTS[0].cases[:10] if len(case.args) > 1
    )
    assert check(as_given, 1).passed


def swapped(key: str, value: Any) -> Callable[..., Any]:
    """The package's own calibration, with the result part ``key`` replaced by ``value``."""

    def calibration(count: int, lower: Any = 0.0, upper: Any = 1.0, epsilon: Any = 1.0) -> Any:
        result: dict[str, Any] = dict(laplace_calibration(count, lower, upper, epsilon))
        result[key] = value(result[key]) if callable(value) else value
        return result

    return calibration


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("scale", np.float64),
        ("sensitivity", lambda v: int(v) if float(v).is_integer() else v),
        ("lower", lambda v: int(v) if float(v).is_integer() else np.float64(v)),
        ("count", np.int64),
    ],
)
def test_numbers_are_judged_by_value_not_by_type(key: str, value: Any) -> None:
    result = check(swapped(key, value), 1)
    assert result.passed, str(result)


@pytest.mark.parametrize(
    ("key", "value", "expected", "actual"),
    [
        ("scale", "0.25", "scale as a number (int or float)", "scale has type str"),
        ("lower", False, "lower as a number (int or float)", "lower has type bool"),
        ("count", 4.0, "count as an integer", "count has type float"),
        ("neighbor_model", None, "neighbor_model as a string", "neighbor_model has type NoneType"),
        ("scale", 0.5, "scale == 0.25", "scale == 0.5"),
    ],
)
def test_a_part_of_the_wrong_kind_or_value_says_what_was_wanted(
    key: str, value: Any, expected: str, actual: str
) -> None:
    result = check(swapped(key, value), 1)
    assert result.failure is not None and result.failure.index == 1
    assert result.failure.expected.render("en") == expected
    assert result.failure.actual.render("en") == actual


def refusing_all_but(checkpoint: Checkpoint, index: int) -> Callable[..., Any]:
    """The package's function, except that its ``index``-th call returns instead of refusing."""
    calls = iter(range(1, len(checkpoint.cases) + 1))

    def function(*args: Any, **kwargs: Any) -> Any:
        try:
            return checkpoint.reference(*args, **kwargs)
        except ValueError:
            if next(calls) == index:
                return None
            raise

    return function


@pytest.mark.parametrize("checkpoint", CHECKPOINTS, ids=lambda c: c.name)
def test_an_accepted_invalid_input_is_reported_with_the_parameter_it_breaks(
    checkpoint: Checkpoint,
) -> None:
    names = {*inspect.signature(checkpoint.reference).parameters, "upper - lower"}
    invalid = [i for i, case in enumerate(checkpoint.cases, start=1) if not case.valid]
    for number, index in enumerate(invalid, start=1):
        result = check(refusing_all_but(checkpoint, number), checkpoint.number)
        assert result.failure is not None and result.failure.index == index
        assert result.failure.actual.render("en") == "returned None"
        wanted = result.failure.expected
        assert wanted.key == "a_value_error_for", (checkpoint.name, index)
        assert wanted.fields["parameter"] in names, (checkpoint.name, index, wanted.fields)


def test_missing_function_scores_zero(tmp_path: Path) -> None:
    results = check_file(write(tmp_path, "def laplace_calibration(count):\n    return None\n"))
    assert [r.defined for r in results] == [True, False, False]
    assert not any(r.passed for r in results)
    assert results[1].report() == (
        "FAIL  Checkpoint 2, laplace_log_density: no function of that name is defined."
    )


@pytest.mark.parametrize("lang", LOCALES)
def test_reports_in_every_language(tmp_path: Path, lang: str) -> None:
    results = check_file(write(tmp_path, broken("float_cap")), lang)
    passed, failed = results[0], results[2]
    assert passed.report() == message(lang, "pass", number=1, name=passed.name, count=47)
    lines = failed.report().splitlines()
    assert lines[0] == message(
        lang, "fail", number=3, name="basic_composition", index=2, count=failed.cases
    )
    assert lines[1] == message(lang, "input", call="basic_composition([1.0, 2**-60], cap=1.0)")
    assert lines[2] == message(lang, "expected", text="within_cap == False")
    assert lines[3] == message(lang, "actual", text="within_cap == True")
    assert score(results, lang) == message(lang, "score", passed=2, total=3)
    # What is wrong, in the reader's language: the parameter refused, the kind of part wanted.
    refused = check_file(write(tmp_path, broken("accepts_bool"), "bool.py"), lang)[0]
    wanted = message(lang, "a_value_error_for", parameter="count")
    assert refused.report().splitlines()[2] == message(lang, "expected", text=wanted)
    kind = check(swapped("count", 4.0), 1, lang).report().splitlines()
    assert kind[2] == message(lang, "expected", text=message(lang, "an_int", key="count"))
    assert kind[3] == message(
        lang, "actual", text=message(lang, "is_type", key="count", type="float")
    )


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="checkpoint must be one of 1 or 'laplace_calibration'"):
        check(laplace_calibration, 4)
    with pytest.raises(ValueError, match="checkpoint must be one of"):
        check(laplace_calibration, True)
    with pytest.raises(ValueError, match=rf"lang must be one of en, .*; got '{UNDECLARED}'"):
        check(laplace_calibration, 1, UNDECLARED)
    not_callable: Any = "laplace_calibration"
    assert not check(not_callable, 1).defined


def test_a_result_shows_its_report_in_jupyter() -> None:
    class Printer:
        def __init__(self) -> None:
            self.parts: list[str] = []

        def text(self, part: str) -> None:
            self.parts.append(part)

    result = Result(1, "laplace_calibration", 47, "de")
    printer = Printer()
    result._repr_pretty_(printer, False)
    assert printer.parts == [str(result)] == [result.report()]
    assert result.report() == message("de", "pass", number=1, name="laplace_calibration", count=47)


# ---------------------------------------------------------------- command line


def run_main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_all_pass_exits_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main([str(write(tmp_path, SOLUTION))], capsys)
    assert status == 0
    assert out.splitlines()[-1] == "Score: 3/3"
    assert out.count("PASS  Checkpoint") == 3


def test_cli_partial_score_exits_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, broken("accepts_bool"))
    status, out, _ = run_main([str(path)], capsys)
    assert status == 1
    assert out.splitlines()[-1] == message("en", "score", passed=2, total=3)
    for lang in ("nl", "zh"):  # what the command prints is the checker's report in the language
        status, out, _ = run_main([str(path), "--lang", lang], capsys)
        results = check_file(path, lang)
        assert status == 1
        assert out.splitlines() == [
            *(line for result in results for line in result.report().splitlines()),
            score(results, lang),
        ]
        assert out.splitlines()[-1] == message(lang, "score", passed=2, total=3)
        failure = results[0].failure
        assert failure is not None and "laplace_calibration(True)" in failure.call


def test_cli_unreadable_or_broken_files_exit_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.py"
    status, out, err = run_main([str(missing), "--lang", "de"], capsys)
    assert (status, out) == (2, "")
    before, _, _ = message("de", "missing_file", path=missing, error="").partition(": ")
    assert before in err and "no such file" in err
    status, out, err = run_main([str(write(tmp_path, "def broken(:\n"))], capsys)
    assert (status, out) == (2, "")
    assert "failed: SyntaxError(" in err
    with pytest.raises(SystemExit) as usage:
        main([str(write(tmp_path, SOLUTION)), "--lang", UNDECLARED])
    assert usage.value.code == 2


def test_cli_as_a_module(tmp_path: Path) -> None:
    path = write(tmp_path, broken("wrong_neighbour_model"))
    completed = subprocess.run(
        [sys.executable, "-m", "dplesson.checkpoints", str(path), "--lang", "tr"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 1
    results = check_file(path, "tr")
    report = [line for result in results for line in result.report().splitlines()]
    assert completed.stdout.splitlines() == [*report, score(results, "tr")]
    assert not results[0].passed and results[1].passed and results[2].passed


def test_checking_restores_the_global_rng(global_rng_untouched: None, tmp_path: Path) -> None:
    results = check_file(write(tmp_path, broken("touches_numpy_rng")))
    # The reader's function reseeds NumPy: the checker reports it, then puts the state back.
    assert not results[2].passed
    assert results[2].failure is not None
    assert results[2].failure.actual.render("en") == "the global NumPy random state changed"


# ---------------------------------------------------------------- the site's sample solutions


def sample_solutions(site_dir: Path, locale: str) -> list[str]:
    """The code of the checkpoints page's sample solutions, as the page shows it."""
    folder = site_dir if locale == LOCALES[0] else site_dir / locale
    soup = site_soup.page(folder / "checkpoints" / "index.html")
    codes = [box.find("code") for box in soup.find_all("details", class_="success")]
    return [code.get_text() for code in codes if code is not None]


def names_used(definition: ast.FunctionDef) -> set[str]:
    """The global names a function reads, its annotations included (no builtins)."""
    names = [node for node in ast.walk(definition) if isinstance(node, ast.Name)]
    loaded = {node.id for node in names if isinstance(node.ctx, ast.Load)}
    local = {node.id for node in names if isinstance(node.ctx, ast.Store)}
    local |= {argument.arg for argument in definition.args.args}
    return loaded - local - set(dir(builtins))


@pytest.mark.usefixtures("global_rng_untouched")
def test_each_sample_solution_runs_as_the_site_shows_it(site_dir: Path) -> None:
    shown = {locale: sample_solutions(site_dir, locale) for locale in LOCALES}
    assert all(samples == shown["en"] for samples in shown.values())  # one code, every locale
    for checkpoint, sample in zip(CHECKPOINTS, shown["en"], strict=True):
        namespace: dict[str, Any] = {}
        exec(compile(sample, checkpoint.name, "exec"), namespace)  # nothing imported before
        function = namespace[checkpoint.name]
        assert check(function, checkpoint.number).passed
        # Its imports are what it uses: every name it looks up or annotates, nothing more.
        tree = ast.parse(sample)
        imported = {
            alias.asname or alias.name.split(".")[0]
            for node in tree.body
            if isinstance(node, (ast.Import, ast.ImportFrom))
            for alias in node.names
        }
        (definition,) = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
        used = names_used(definition)
        assert imported == used, (checkpoint.name, imported ^ used)
