"""The checker's helpers follow the package's input rules: a clear ``ValueError``.

The audit (defect 4) found ``score([1])`` and ``check_namespace(None)`` raising
``AttributeError`` and ``check_file(None)`` running a file named ``None``: nothing may run
that the reader did not name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dplesson import laplace_calibration
from dplesson.checkpoints import Result, check_file, check_namespace, score
from dplesson.checkpoints.__main__ import main
from dplesson.checkpoints.messages import message
from dplesson.locales import locales
from tests.conftest import UNDECLARED


def write(tmp_path: Path, text: str, name: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "bad",
    [None, [1], (1, 2), "PASS", [Result(1, "laplace_calibration", 47), None], 3, {"a": 1}],
    ids=repr,
)
def test_score_refuses_anything_but_results(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^results must be a list or tuple of Result objects"):
        score(bad)  # type: ignore[arg-type]


def test_score_counts_a_list_or_a_tuple_and_checks_lang() -> None:
    passed = Result(1, "laplace_calibration", 47)
    failed = Result(2, "laplace_log_density", 30, defined=False)
    assert score([passed, failed]) == "Score: 1/2"
    assert score((passed,), "nl") == message("nl", "score", passed=1, total=1)
    assert score([]) == "Score: 0/0"
    declared = ", ".join(locales())  # the languages with a settings file
    with pytest.raises(ValueError, match=rf"^lang must be one of {declared}; got 'xx'"):
        score([passed], "xx")


@pytest.mark.parametrize("bad", [None, [("laplace_calibration", None)], "globals", 3], ids=repr)
def test_check_namespace_refuses_what_is_not_a_mapping(bad: object) -> None:
    with pytest.raises(ValueError, match=r"^namespace must be a mapping of names to objects"):
        check_namespace(bad)  # type: ignore[arg-type]


def test_check_namespace_refuses_non_string_names_and_checks_lang_first() -> None:
    with pytest.raises(ValueError, match=r"^namespace must be a mapping of names to objects"):
        check_namespace({1: laplace_calibration})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match=r"^lang must be one of"):
        check_namespace({}, "xx")
    results = check_namespace({"laplace_calibration": laplace_calibration})
    assert [r.passed for r in results] == [True, False, False]


RUNS = "import pathlib\npathlib.Path({marker!r}).write_text('ran')\n"


@pytest.mark.parametrize(
    "bad",
    [None, 1, b"solution.py", ["solution.py"], object()],
    ids=lambda value: type(value).__name__,
)
def test_check_file_runs_nothing_it_was_not_named(
    bad: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A file literally named after str(bad) in the working directory must never run.
    marker = tmp_path / "ran.txt"
    monkeypatch.chdir(tmp_path)
    for name in {str(bad), "None", "solution.py"}:
        if "/" not in name and "\\" not in name:
            write(tmp_path, RUNS.format(marker=str(marker)), name)
    with pytest.raises(ValueError, match=r"^path must be a str or os\.PathLike naming"):
        check_file(bad)  # type: ignore[arg-type]
    assert not marker.exists()


def test_check_file_needs_an_existing_python_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = tmp_path / "ran.txt"
    monkeypatch.chdir(tmp_path)
    script = RUNS.format(marker=str(marker))
    for name in ("solution.txt", "solution"):
        write(tmp_path, script, name)
        with pytest.raises(ValueError, match=r"^path must name a \.py file; got"):
            check_file(name)
    with pytest.raises(ValueError, match=r"^path must name an existing file; got"):
        check_file("missing.py")
    (tmp_path / "folder.py").mkdir()
    with pytest.raises(ValueError, match=r"^path must name an existing file; got"):
        check_file(tmp_path / "folder.py")
    with pytest.raises(ValueError, match=r"^path must be a str or os\.PathLike naming"):
        check_file("")
    # A bad language is refused before the file runs.
    write(tmp_path, script, "solution.py")
    with pytest.raises(ValueError, match=r"^lang must be one of"):
        check_file("solution.py", UNDECLARED)
    assert not marker.exists()
    # The file named explicitly, as str or as a path, runs.
    assert len(check_file("solution.py")) == 3
    assert marker.read_text() == "ran"
    marker.unlink()
    assert len(check_file(tmp_path / "solution.py")) == 3
    assert marker.exists()


def test_the_command_line_runs_no_file_that_is_not_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = tmp_path / "ran.txt"
    monkeypatch.chdir(tmp_path)
    path = write(tmp_path, RUNS.format(marker=str(marker)), "solution.txt")
    assert main([str(path)]) == 2
    assert "path must name a .py file" in capsys.readouterr().err
    assert not marker.exists()
