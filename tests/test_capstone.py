"""The capstone checker: it passes the worked solution and names the mistake of each wrong one.

The worked solution is the example shown on the capstone page (``docs/examples/
capstone_solution.md``); the wrong solutions are that solution with one mistake each, the
mistakes a learner makes: the wrong privacy unit, no contribution bound, a budget over the
total, the wrong composition, accuracy targets the plan cannot meet, bounds too tight,
bounds taken from the data, no identifier in the release, seeded noise, a Gaussian-style
error bar, a mean released on its own and a justification of one word.
"""

from __future__ import annotations

import hashlib
import importlib
import math
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
import pytest

from dplesson import capstone, locales
from dplesson.capstone import BRIEF
from dplesson.capstone.truth import accuracy, kept_rides
from dplesson.derived import ratio_error_bar
from tests.conftest import DOCS

SOLUTION = DOCS / "examples" / "capstone_solution.md"
Release = Callable[[pl.LazyFrame, dict[str, Any]], dict[str, float]]


def _code() -> str:
    text = SOLUTION.read_text("utf-8")
    return text.split("```python\n", 1)[1].rsplit("```", 1)[0]


@pytest.fixture(scope="module")
def worked() -> tuple[dict[str, Any], Release]:
    """The example's PLAN and release, defined without running its own final check."""
    real_check = capstone.check
    capstone.check = lambda *args, **kwargs: None  # type: ignore[assignment]
    try:
        namespace: dict[str, Any] = {}
        exec(compile(_code(), str(SOLUTION), "exec"), namespace)
    finally:
        capstone.check = real_check
    return namespace["PLAN"], namespace["release"]


def _numpy_release(
    rng: np.random.Generator, *, error_factor: float = math.log(20), sum_bar: bool = False
) -> Release:
    """A release by hand: truncated, clamped, noisy, with fresh noise from ``rng`` each call.

    ``error_factor`` replaces ln 20 in the count's error bar; ``sum_bar`` reports the sum's
    error bar as the mean's (forgetting to divide by the count).
    """

    def release(rides: pl.LazyFrame, plan: dict[str, Any]) -> dict[str, float]:
        k, (low, high) = plan["rides_per_rider"], plan["minutes"]
        kept = rides.collect().group_by("rider_id").head(k)
        count_scale = k / plan["epsilon"]["rides"]
        sum_scale = k * high / plan["epsilon"]["minutes"]
        count = kept.height + rng.laplace(0, count_scale)
        total = float(kept["minutes"].clip(low, high).sum()) + rng.laplace(0, sum_scale)
        bar = ratio_error_bar(total, count, sum_scale, count_scale, np.random.default_rng(0))
        if sum_bar:
            bar = sum_scale * math.log(20)
        return {
            "rides": count,
            "minutes": total,
            "mean": total / count,
            "rides_error": count_scale * error_factor,
            "mean_error": bar,
        }

    return release


def _from_data_bounds(release: Release) -> Release:
    def wrong(rides: pl.LazyFrame, plan: dict[str, Any]) -> dict[str, float]:
        longest = int(rides.select(pl.col("minutes").max()).collect().item())
        return release(rides, {**plan, "minutes": (0, longest)})  # looked at the data

    return wrong


def _without_identifier(rides: pl.LazyFrame, plan: dict[str, Any]) -> dict[str, float]:
    dp: Any = importlib.import_module("opendp.prelude")  # untyped: its Polars plugin is dynamic
    dp.enable_features("contrib")
    minutes: Any = pl.col("minutes")
    context = dp.Context.compositor(
        data=rides,
        privacy_unit=dp.unit_of(contributions=1),  # each ride taken for a person
        privacy_loss=dp.loss_of(epsilon=1.0),
        split_evenly_over=1,
        margins=[dp.polars.Margin(max_length=BRIEF.max_rows)],
    )
    high = plan["minutes"][1]
    released = (
        context.query()
        .select(dp.len(signed=True), minutes.fill_null(0).dp.sum((0, high)))
        .release()
        .collect()
    )
    count, total = int(released["len"][0]), int(released["minutes"][0])
    return {
        "rides": count,
        "minutes": total,
        "mean": total / count,
        "rides_error": 1.0,
        "mean_error": 1.0,
    }


def _separate_mean(release: Release) -> Release:
    def wrong(rides: pl.LazyFrame, plan: dict[str, Any]) -> dict[str, float]:
        numbers = release(rides, plan)
        return {**numbers, "mean": numbers["mean"] + 0.3}  # a mean with noise of its own

    return wrong


WRONG: dict[
    str, tuple[str, str, Callable[[dict[str, Any], Release], tuple[dict[str, Any], Release]]]
] = {
    "wrong privacy unit": ("unit", "privacy unit", lambda p, r: ({**p, "privacy_unit": "ride"}, r)),
    "no contribution bound": (
        "no_bound",
        "No contribution bound",
        lambda p, r: ({**p, "rides_per_rider": None}, r),
    ),
    "budget over the total": (
        "over_budget",
        "Over budget",
        lambda p, r: ({**p, "epsilon": {"rides": 0.5, "minutes": 0.75}, "total_epsilon": 1.25}, r),
    ),
    "wrong composition": (
        "composition",
        "Wrong composition",
        lambda p, r: ({**p, "epsilon": {"rides": 0.6, "minutes": 0.9}, "total_epsilon": 0.9}, r),
    ),
    "accuracy target missed": (
        "target_missed",
        "noise alone gives",
        lambda p, r: ({**p, "minutes": (0, BRIEF.ride_limit)}, r),
    ),
    "bounds too tight": (
        "target_missed",
        "bounds move",
        lambda p, r: ({**p, "minutes": (0, 30)}, r),
    ),
    "promise weaker than the brief": (
        "promise_weaker",
        "promises only",
        lambda p, r: ({**p, "targets": {"rides": 900.0, "mean": 0.55}}, r),
    ),
    "bounds taken from the data": (
        "unclamped",
        "not clamped",
        lambda p, r: (p, _from_data_bounds(r)),
    ),
    "no identifier in the release": (
        "unbounded",
        "not bounded",
        lambda p, r: (p, _without_identifier),
    ),
    "seeded noise": (
        "same_twice",
        "same numbers",
        lambda p, r: (
            p,
            lambda rides, plan: _numpy_release(np.random.default_rng(42))(rides, plan),
        ),
    ),
    "Gaussian error bar": (
        "rides_bar",
        "rides_error",
        lambda p, r: (p, _numpy_release(np.random.default_rng(7), error_factor=1.96)),
    ),
    "error bar of the sum given for the mean": (
        "mean_bar",
        "mean_error",
        lambda p, r: (p, _numpy_release(np.random.default_rng(9), sum_bar=True)),
    ),
    "mean released on its own": (
        "derived_mean",
        "derived from the releases",
        lambda p, r: (p, _separate_mean(_numpy_release(np.random.default_rng(8)))),
    ),
    "one-word justification": (
        "justification",
        "too short",
        lambda p, r: ({**p, "justification": "Obvious."}, r),
    ),
}


def test_the_worked_solution_passes(worked: tuple[dict[str, Any], Release]) -> None:
    plan, release = worked
    result = capstone.check(plan, release)
    assert result.passed, result.report()
    assert result.report() == capstone.message("en", "pass")


@pytest.mark.parametrize("name", list(WRONG))
def test_a_wrong_solution_fails_with_a_message_naming_its_mistake(
    name: str, worked: tuple[dict[str, Any], Release]
) -> None:
    key, phrase, mistake = WRONG[name]
    plan, release = mistake(*worked)
    result = capstone.check(plan, release)
    assert not result.passed
    assert result.mistakes[0] == key, result.report()
    assert phrase in result.report("en")
    for lang in locales.locales():
        report = result.report(lang)
        verdict = capstone.message(lang, "fail", count=len(result.findings))
        assert report.startswith(verdict) and "{" not in report
        assert (lang == "en") == (report == result.report("en"))  # translated, not English


def test_every_mistake_the_checker_knows_is_exercised() -> None:
    """Each finding about a plan or a release has a wrong solution above (or a case below)."""
    named = {key for key, _, _ in WRONG.values()}
    structural = {"plan_type", "plan_keys", "bad_value", "release_error", "release_type"}
    english = locales.section("en", "capstone")
    findings = {
        key
        for key in english
        if key not in {"pass", "fail", "absent", "item", "not_run", "missing_file", "broken_file"}
        and not key.startswith(("what_", "name_"))
    }
    assert findings == named | structural


@pytest.mark.parametrize(
    ("plan", "key"),
    [
        ([1, 2], "plan_type"),
        ({"privacy_unit": "rider"}, "plan_keys"),
        (None, None),
    ],
)
def test_malformed_plans_are_named(plan: object, key: str | None) -> None:
    result = capstone.check(plan, lambda rides, plan: {})
    if key is None:
        assert not result.defined and result.report() == capstone.message("en", "absent")
    else:
        assert result.mistakes == (key,)


def test_each_bad_value_names_its_key(worked: tuple[dict[str, Any], Release]) -> None:
    plan, release = worked
    for key, bad in [
        ("rides_per_rider", 4.5),
        ("minutes", (90, 0)),
        ("epsilon", {"rides": 0.5}),
        ("total_epsilon", True),
        ("targets", {"rides": -1, "mean": 1}),
        ("justification", None),
        ("privacy_unit", 3),
    ]:
        result = capstone.check({**plan, key: bad}, release)
        assert result.mistakes == ("bad_value",), key
        assert f'PLAN["{key}"]' in result.report("en")


def test_a_release_that_raises_or_returns_nonsense_is_named(
    worked: tuple[dict[str, Any], Release],
) -> None:
    plan, _ = worked

    def broken(rides: pl.LazyFrame, plan: dict[str, Any]) -> dict[str, float]:
        raise RuntimeError("no noise today")

    assert capstone.check(plan, broken).mistakes == ("release_error",)
    assert "no noise today" in capstone.check(plan, broken).report()
    assert capstone.check(plan, lambda rides, plan: {"rides": 1}).mistakes == ("release_type",)


def test_the_worked_plans_accuracy_meets_its_promises(
    worked: tuple[dict[str, Any], Release],
) -> None:
    plan, _ = worked
    k, (low, high) = plan["rides_per_rider"], plan["minutes"]
    rides, mean = accuracy(k, low, high, plan["epsilon"]["rides"], plan["epsilon"]["minutes"])
    assert rides.total <= plan["targets"]["rides"] <= BRIEF.rides_target
    assert mean.total <= plan["targets"]["mean"] <= BRIEF.mean_target
    # The count's noise by hand: scale k/eps, 95 % half-width scale * ln 20.
    assert rides.noise == pytest.approx(k / plan["epsilon"]["rides"] * math.log(20))
    assert rides.bias == kept_rides(k) - len(capstone.rides()["rider_id"])


def test_the_brief_agrees_with_the_data_it_describes() -> None:
    data = capstone.rides()
    minutes = np.asarray(data["minutes"])
    per_rider = np.bincount(data["rider_id"])
    for limit, share in zip(BRIEF.report_minutes, BRIEF.report_shares, strict=True):
        assert np.mean(minutes < limit) == pytest.approx(share, abs=0.02)  # last year's report
    assert len(minutes) == pytest.approx(BRIEF.report_rides, rel=0.1)
    assert minutes.mean() == pytest.approx(BRIEF.report_mean, abs=1.0)
    assert minutes.max() <= BRIEF.ride_limit
    busiest = BRIEF.rides_per_working_day * BRIEF.working_days
    assert np.mean(per_rider > busiest) < 0.005  # the busiest riders, as published
    assert len(minutes) + 10_000 <= BRIEF.max_rows  # the probe data fits the public row bound


def test_the_dataset_is_the_same_everywhere_and_a_new_copy_each_time() -> None:
    first = capstone.rides()
    first["minutes"][0] = -1
    second = capstone.rides()
    assert second["minutes"][0] != -1
    digest = hashlib.sha256(repr(sorted(second.items())).encode()).hexdigest()[:16]
    # Recorded once: Python keeps random.Random's stream stable, so this guards against a
    # change of the generator, not of Python or NumPy.
    assert digest == DATA_DIGEST


DATA_DIGEST = "ccf9efca9166c35e"  # 41,338 rides of 10,000 riders


@pytest.fixture
def wrong_file(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "solution.py"
    path.write_text(
        "PLAN = {'privacy_unit': 'ride'}\ndef release(rides, plan):\n    return {}\n",
        encoding="utf-8",
    )
    yield path


def test_the_command_line_reports_in_the_chosen_language(wrong_file: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "dplesson.capstone", str(wrong_file), "--lang", "nl"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1
    assert run.stdout.strip() == capstone.check_file(wrong_file, "nl").report("nl")
    missing = subprocess.run(
        [sys.executable, "-m", "dplesson.capstone", str(wrong_file.with_name("none.py"))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert missing.returncode == 2 and "none.py" in missing.stderr


def test_check_namespace_reads_plan_and_release(worked: tuple[dict[str, Any], Release]) -> None:
    plan, _ = worked
    result = capstone.check_namespace({"PLAN": {**plan, "privacy_unit": "row"}, "release": print})
    assert result.mistakes == ("unit",)
    with pytest.raises(ValueError, match="namespace"):
        capstone.check_namespace([("PLAN", plan)])  # type: ignore[arg-type]
