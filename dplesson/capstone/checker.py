"""The capstone checker: a reader's plan and release against the brief, with named mistakes.

The reader defines ``PLAN`` (a dict of choices made without the data) and
``release(rides, plan)`` (a function that makes the release with OpenDP and returns the
numbers and their error bars). :func:`check` first reads the plan, then runs the release on
three datasets, and reports every mistake it finds by name:

* the plan: the privacy unit, a contribution bound, sequential composition of the two
  releases, the total against the budget, the promised accuracy against the brief and what
  the plan's bounds and noise really achieve on the data, a justification;
* the release, run only once the plan is right: on a probe dataset where every ride is far
  longer than the plan's upper bound and one extra rider has 10,000 rides (an unbounded
  release shows the rider, an unclamped one the long rides), then twice on the real data
  (the same numbers twice mean missing or seeded noise), whose numbers must also carry the
  right error bars and a mean computed from them.

Each probe's threshold lies at least 18 noise scales away from what a correct release does
(a plan that meets the brief keeps the count's scale below 270), and two independent
releases coincide in both numbers with a probability of about 1e-7, so a correct release
fails by chance with a probability below 1e-6.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from dplesson import locales
from dplesson.capstone.brief import BRIEF, rides
from dplesson.capstone.truth import BAR_SEED, accuracy, kept_rides
from dplesson.derived import ratio_error_bar

__all__ = ["PLAN_KEYS", "RELEASE_KEYS", "Finding", "Result", "check", "message"]

PLAN_KEYS = (
    "privacy_unit",
    "rides_per_rider",
    "minutes",
    "epsilon",
    "total_epsilon",
    "targets",
    "justification",
)
RELEASE_KEYS = ("rides", "minutes", "mean", "rides_error", "mean_error")
UNIT = "rider"
HEAVY_RIDES = 10_000
MIN_WORDS = 40
#: Reported error bars must be this close (relative) to the checker's own.
RIDES_BAR_TOLERANCE, MEAN_BAR_TOLERANCE = 0.10, 0.25
TOLERANCE = 1e-9


def message(lang: str, key: str, /, **fields: object) -> str:
    """Return the capstone message ``key`` in ``lang``, numbers written the locale's way."""
    lang = locales.check_locale(lang)
    shown = {name: _show(value, lang) for name, value in fields.items()}
    return str(locales.section(lang, "capstone")[key]).format(**shown)


def _show(value: object, lang: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if not math.isfinite(value):
        return "∞" if value > 0 else "−∞"
    if isinstance(value, int) or float(value).is_integer():
        return locales.format_number(int(value), lang)
    if abs(value) < 1:  # three decimals, never an exponent
        return locales.format_number(round(value, 3) + 0.0, lang)
    digits = max(3, math.floor(math.log10(abs(value))) + 1)
    return locales.format_number(float(f"{value:.{digits}g}"), lang)


@dataclass(frozen=True)
class Finding:
    """One mistake: the message key that names it and the values the message shows."""

    key: str
    fields: Mapping[str, object] = field(default_factory=dict)

    def render(self, lang: str) -> str:
        """Return the finding in ``lang``; statistic names are translated too."""
        fields = dict(self.fields)
        for name, value in self.fields.items():
            if isinstance(value, str) and value.startswith("@"):
                fields[name] = message(lang, value[1:])
        return message(lang, self.key, **fields)


@dataclass(frozen=True)
class Result:
    """The checker's verdict; ``str()`` gives the report in ``lang``."""

    findings: tuple[Finding, ...]
    lang: str = "en"
    released: bool = True
    defined: bool = True

    @property
    def passed(self) -> bool:
        """Whether ``PLAN`` and ``release`` are defined and nothing was found."""
        return self.defined and not self.findings

    @property
    def mistakes(self) -> tuple[str, ...]:
        """The message keys of the findings, in the order they were found."""
        return tuple(finding.key for finding in self.findings)

    def report(self, lang: str | None = None) -> str:
        """Return the verdict and one line per finding."""
        lang = locales.check_locale(lang or self.lang)
        if not self.defined:
            return message(lang, "absent")
        if not self.findings:
            return message(lang, "pass")
        lines = [message(lang, "fail", count=len(self.findings))]
        lines += [message(lang, "item", text=f.render(lang)) for f in self.findings]
        if not self.released:
            lines.append(message(lang, "not_run"))
        return "\n".join(lines)

    def __str__(self) -> str:
        """Return the report in the result's language."""
        return self.report()

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Jupyter shows the report as the cell's output."""
        printer.text(self.report())


# ---------------------------------------------------------------- the plan


def _number(value: object) -> float | None:
    """Return ``value`` as a finite float if it is a real number (not a bool), else None."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(
        value, (int, float, np.integer, np.floating)
    ):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def _positive(value: object) -> bool:
    number = _number(value)
    return number is not None and number > 0


def _pair(value: object, keys: tuple[str, str]) -> bool:
    return (
        isinstance(value, Mapping)
        and set(value) == set(keys)
        and all(_positive(value[key]) for key in keys)
    )


def _bounds(value: object) -> bool:
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        return False
    low, high = (_number(v) for v in value)
    return low is not None and high is not None and 0 <= low < high


def _structure(plan: object) -> list[Finding]:
    """Return the findings that stop the check: the plan's type, keys and value types."""
    keys = ", ".join(PLAN_KEYS)
    if not isinstance(plan, Mapping):
        return [Finding("plan_type", {"keys": keys, "value": _short(plan)})]
    missing = [key for key in PLAN_KEYS if key not in plan]
    if missing:
        return [Finding("plan_keys", {"keys": ", ".join(missing)})]
    rules: list[tuple[str, str, Callable[[object], bool]]] = [
        ("privacy_unit", "what_text", lambda v: isinstance(v, str)),
        (
            "rides_per_rider",
            "what_count",
            lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool) and v >= 1),
        ),
        ("minutes", "what_bounds", _bounds),
        ("epsilon", "what_parts", lambda v: _pair(v, ("rides", "minutes"))),
        ("total_epsilon", "what_number", _positive),
        ("targets", "what_targets", lambda v: _pair(v, ("rides", "mean"))),
        ("justification", "what_text", lambda v: isinstance(v, str)),
    ]
    return [
        Finding("bad_value", {"key": key, "what": f"@{what}", "value": _short(plan[key])})
        for key, what, rule in rules
        if not rule(plan[key])
    ]


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _words(text: str) -> int:
    """Count words; each Han character counts as one, since Chinese has no spaces."""
    han = re.findall(r"[\u3400-\u9fff]", text)
    other = re.findall(r"[^\W\d_]+", re.sub(r"[\u3400-\u9fff]", " ", text))
    return len(han) + len(other)


def _plan(plan: Mapping[str, Any]) -> list[Finding]:
    """Return the findings about a well-formed plan's choices, in the order of planning."""
    found: list[Finding] = []
    if plan["privacy_unit"] != UNIT:
        found.append(Finding("unit", {"unit": plan["privacy_unit"]}))
    k = plan["rides_per_rider"]
    if k is None:
        found.append(Finding("no_bound"))
    parts = {name: float(plan["epsilon"][name]) for name in ("rides", "minutes")}
    spent = math.fsum(parts.values())
    total = float(plan["total_epsilon"])
    if abs(spent - total) > TOLERANCE * max(1.0, spent):
        found.append(Finding("composition", {**parts, "sum": spent, "total": total}))
    if spent > BRIEF.total_epsilon * (1 + TOLERANCE):
        found.append(Finding("over_budget", {"total": spent, "cap": BRIEF.total_epsilon}))
    targets = {"rides": BRIEF.rides_target, "mean": BRIEF.mean_target}
    promises = {name: float(plan["targets"][name]) for name in targets}
    for name, target in targets.items():
        if promises[name] > target * (1 + TOLERANCE):
            found.append(
                Finding(
                    "promise_weaker",
                    {"name": f"@name_{name}", "target": target, "promise": promises[name]},
                )
            )
    if k is not None:
        low, high = (float(v) for v in plan["minutes"])
        achieved = dict(
            zip(
                ("rides", "mean"),
                accuracy(k, low, high, parts["rides"], parts["minutes"]),
                strict=True,
            )
        )
        for name, result in achieved.items():
            if result.total > promises[name] * (1 + TOLERANCE):
                found.append(
                    Finding(
                        "target_missed",
                        {
                            "name": f"@name_{name}",
                            "promise": promises[name],
                            "noise": result.noise,
                            "bias": result.bias,
                            "total": result.total,
                        },
                    )
                )
    words = _words(plan["justification"])
    if words < MIN_WORDS:
        found.append(Finding("justification", {"words": words, "minimum": MIN_WORDS}))
    return found


# ---------------------------------------------------------------- the release


def _frame(ids: list[int], minutes: list[int]) -> Any:
    import polars as pl  # the release needs OpenDP's Polars front end anyway

    return pl.LazyFrame(
        {"rider_id": ids, "minutes": minutes}, schema={"rider_id": pl.Int64, "minutes": pl.Int64}
    )


def _run(
    release: Callable[..., Any], frame: Any, plan: Mapping[str, Any]
) -> dict[str, float] | Finding:
    """Call the reader's release on a copy of the plan; its numbers, or what went wrong."""
    try:
        output = release(frame, dict(plan))
    except Exception as error:  # the reader's code may fail in any way
        return Finding("release_error", {"error": f"{type(error).__name__}: {error}"[:200]})
    numbers = {}
    if isinstance(output, Mapping) and set(RELEASE_KEYS) <= set(output):
        numbers = {key: _number(output[key]) for key in RELEASE_KEYS}
    if not numbers or any(value is None for value in numbers.values()):
        return Finding("release_type", {"keys": ", ".join(RELEASE_KEYS), "value": _short(output)})
    return {key: float(value) for key, value in numbers.items() if value is not None}


def _probe(release: Callable[..., Any], plan: Mapping[str, Any]) -> list[Finding]:
    """Run the release where a missing bound or clamp cannot hide; return what it shows."""
    k: int = plan["rides_per_rider"]
    upper = float(plan["minutes"][1])
    long_ride = math.ceil(10 * max(upper, 1.0))
    data = rides()
    heavy = max(data["rider_id"]) + 1
    ids = data["rider_id"] + [heavy] * HEAVY_RIDES
    minutes = [long_ride] * len(ids)
    numbers = _run(release, _frame(ids, minutes), plan)
    if isinstance(numbers, Finding):
        return [numbers]
    found = []
    expected = kept_rides(k) + min(k, HEAVY_RIDES)
    if numbers["rides"] - expected > HEAVY_RIDES / 2:
        found.append(
            Finding(
                "unbounded",
                {"extra": HEAVY_RIDES, "jump": numbers["rides"] - kept_rides(k), "bound": k},
            )
        )
    mean = numbers["minutes"] / numbers["rides"] if numbers["rides"] > 0 else math.inf
    if mean > (upper + long_ride) / 2:
        found.append(Finding("unclamped", {"probe": long_ride, "mean": mean, "upper": upper}))
    return found


def _releases(release: Callable[..., Any], plan: Mapping[str, Any]) -> list[Finding]:
    """Run the release twice on the real data; check noise, the mean and the error bars."""
    data = rides()
    first = _run(release, _frame(data["rider_id"], data["minutes"]), plan)
    if isinstance(first, Finding):
        return [first]
    second = _run(release, _frame(data["rider_id"], data["minutes"]), plan)
    if isinstance(second, Finding):
        return [second]
    found = []
    if first == second:
        found.append(Finding("same_twice"))
    ratio = first["minutes"] / first["rides"] if first["rides"] > 0 else math.inf
    if not math.isclose(first["mean"], ratio, rel_tol=TOLERANCE):
        found.append(
            Finding(
                "derived_mean",
                {
                    "mean": first["mean"],
                    "minutes": first["minutes"],
                    "rides": first["rides"],
                    "ratio": ratio,
                },
            )
        )
    k: int = plan["rides_per_rider"]
    low, high = (float(v) for v in plan["minutes"])
    count_scale = k / float(plan["epsilon"]["rides"])
    sum_scale = k * max(abs(low), abs(high)) / float(plan["epsilon"]["minutes"])
    level = BRIEF.confidence
    rides_bar = count_scale * math.log(1 / (1 - level))
    if not math.isclose(first["rides_error"], rides_bar, rel_tol=RIDES_BAR_TOLERANCE):
        found.append(Finding("rides_bar", {"given": first["rides_error"], "expected": rides_bar}))
    if first["rides"] > 0:
        mean_bar = ratio_error_bar(
            first["minutes"],
            first["rides"],
            sum_scale,
            count_scale,
            np.random.default_rng(BAR_SEED),
            level,
            100_000,
        )
        if not math.isclose(first["mean_error"], mean_bar, rel_tol=MEAN_BAR_TOLERANCE):
            found.append(Finding("mean_bar", {"given": first["mean_error"], "expected": mean_bar}))
    return found


def check(plan: object, release: object, lang: str = "en") -> Result:
    """Check ``plan`` and ``release`` against the brief; the result prints in ``lang``.

    The plan is read first; the release runs only for a plan without mistakes, since its
    probes assume the plan's bound and bounds. The release is called three times, each time
    with a new copy of the plan and a new Polars ``LazyFrame``.
    """
    lang = locales.check_locale(lang)
    if not callable(release) or plan is None:
        return Result((), lang, released=False, defined=False)
    findings = _structure(plan)
    if findings:
        return Result(tuple(findings), lang, released=False)
    assert isinstance(plan, Mapping)
    findings = _plan(plan)
    if findings:
        return Result(tuple(findings), lang, released=False)
    findings = _probe(release, plan)
    if not findings:
        findings = _releases(release, plan)
    return Result(tuple(findings), lang)
