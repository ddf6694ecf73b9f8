"""Self-check for the lesson's three checkpoints: a reader's function against the package's.

``check(function, 1, "nl")`` calls the reader's function on checkpoint 1's battery of valid
and invalid inputs and compares it with ``dplesson``'s own: results, the ``ValueError`` of
every invalid input, unchanged inputs, no shared memory with them, and untouched global
Python and NumPy random states. It stops at the first failing case and reports the input,
the expected and the actual behaviour in the chosen language. From a shell:
``python -m dplesson.checkpoints solution.py --lang nl``.
"""

from __future__ import annotations

import copy
import math
import os
import random
import runpy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from dplesson.checkpoints.arguments import check_namespace_argument, check_path, check_results
from dplesson.checkpoints.cases import CHECKPOINTS, Case, Checkpoint
from dplesson.checkpoints.messages import LOCALES, message

__all__ = [
    "CHECKPOINTS",
    "LOCALES",
    "Failure",
    "Result",
    "Text",
    "check",
    "check_file",
    "check_namespace",
    "score",
]

RELATIVE, ABSOLUTE = 1e-9, 1e-12


@dataclass(frozen=True)
class Text:
    """A message key with its fields, rendered in any locale by ``render``."""

    key: str
    fields: Mapping[str, object] = field(default_factory=dict)

    def render(self, lang: str) -> str:
        """Render the message in ``lang``."""
        return message(lang, self.key, **self.fields)


@dataclass(frozen=True)
class Failure:
    """The first failing case: its 1-based index, the call, and what was expected and seen."""

    index: int
    call: str
    expected: Text
    actual: Text


@dataclass(frozen=True)
class Result:
    """The outcome of one checkpoint; ``str()`` gives the report in ``lang``."""

    number: int
    name: str
    cases: int
    lang: str = "en"
    failure: Failure | None = None
    defined: bool = True

    @property
    def passed(self) -> bool:
        """Whether the function is defined and every case behaved as specified."""
        return self.defined and self.failure is None

    def report(self, lang: str | None = None) -> str:
        """Return the verdict and, on failure, the input, the expected and the actual."""
        lang = _check_lang(lang or self.lang)
        fields = {"number": self.number, "name": self.name, "count": self.cases}
        if not self.defined:
            return message(lang, "absent", **fields)
        if self.failure is None:
            return message(lang, "pass", **fields)
        failure = self.failure
        return "\n".join(
            [
                message(lang, "fail", index=failure.index, **fields),
                message(lang, "input", call=failure.call),
                message(lang, "expected", text=failure.expected.render(lang)),
                message(lang, "actual", text=failure.actual.render(lang)),
            ]
        )

    def __str__(self) -> str:
        """Return the report in the result's language."""
        return self.report()

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Jupyter shows the report as the cell's output."""
        printer.text(self.report())


def _check_lang(lang: object) -> str:
    if not isinstance(lang, str) or lang not in LOCALES:
        raise ValueError(f"lang must be one of {', '.join(LOCALES)}; got {lang!r}")
    return lang


def _checkpoint(checkpoint: object) -> Checkpoint:
    for candidate in CHECKPOINTS:
        if checkpoint in (candidate.number, candidate.name) and type(checkpoint) in (int, str):
            return candidate
    names = ", ".join(f"{c.number} or {c.name!r}" for c in CHECKPOINTS)
    raise ValueError(f"checkpoint must be one of {names}; got {checkpoint!r}")


# ---------------------------------------------------------------- showing values


def _type_name(value: object) -> str:
    kind = type(value)
    if kind.__module__ == "builtins":
        return kind.__qualname__
    module = "numpy" if kind.__module__.startswith("numpy") else kind.__module__
    return f"{module}.{kind.__qualname__}"


def show(value: object, limit: int = 160) -> str:
    """Render a value short but exact: full float reprs, long arrays elided."""
    if isinstance(value, np.ndarray):
        items = value.tolist() if value.ndim else value.item()
        if value.ndim == 1 and len(value) > 6:
            head = ", ".join(repr(v) for v in value[:3].tolist())
            tail = ", ".join(repr(v) for v in value[-2:].tolist())
            items = f"[{head}, ..., {tail}] (len {len(value)})"
        dtype = "" if value.dtype == np.float64 else f", dtype={value.dtype}"
        text = f"array({items}{dtype})"
    elif isinstance(value, Mapping):
        text = "{" + ", ".join(f"{k!r}: {show(v, limit)}" for k, v in value.items()) + "}"
    elif isinstance(value, np.generic):
        text = f"{_type_name(value)}({value.item()!r})"
    elif isinstance(value, list) and len(value) > 6:
        text = f"[{', '.join(repr(v) for v in value[:3])}, ...] (len {len(value)})"
    else:
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _call(checkpoint: Checkpoint, case: Case) -> str:
    if case.shown is not None:
        return f"{checkpoint.name}({case.shown})"
    parts = [show(arg, 60) for arg in case.args]
    parts += [f"{name}={show(arg, 60)}" for name, arg in case.kwargs.items()]
    return f"{checkpoint.name}({', '.join(parts)})"


def _error(error: BaseException) -> str:
    text = str(error)
    if len(text) > 120:
        text = text[:117] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


# ---------------------------------------------------------------- comparing results


def _same_input(before: object, after: object) -> bool:
    """Whether an argument is as it was: same type, dtype, shape and values (NaN == NaN)."""
    if type(before) is not type(after):
        return False
    if isinstance(before, np.ndarray) and isinstance(after, np.ndarray):
        if before.dtype != after.dtype or before.shape != after.shape:
            return False
        if before.dtype.kind in "fc":
            return bool(np.array_equal(before, after, equal_nan=True))
        return bool(np.array_equal(before, after))
    if isinstance(before, (list, tuple)) and isinstance(after, (list, tuple)):
        return len(before) == len(after) and all(
            _same_input(x, y) for x, y in zip(before, after, strict=True)
        )
    if isinstance(before, dict) and isinstance(after, dict):
        return before.keys() == after.keys() and all(
            _same_input(before[k], after[k]) for k in before
        )
    if isinstance(before, float) and isinstance(after, float):
        return before == after or (math.isnan(before) and math.isnan(after))
    return bool(before == after)


#: What each kind of result part must be, as a message key: the specification asks for an
#: integer count, a ``True``/``False`` decision, a string, and numbers; a number is judged by
#: its value, so a float part may come back as a Python or NumPy int or float (never a bool).
WANTED = {
    "int": "an_int",
    "str": "a_str",
    "bool": "a_bool",
    "float": "a_number",
    "close": "a_number",
}


def _is_number(value: object) -> bool:
    """Whether ``value`` is a real number: a Python or NumPy int or float, not a bool."""
    real = (int, float, np.integer, np.floating)
    return isinstance(value, real) and not isinstance(value, (bool, np.bool_))


def _has_kind(value: object, kind: str) -> bool:
    if kind == "int":
        return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))
    if kind in ("float", "close"):
        return _is_number(value)
    return type(value) is {"str": str, "bool": bool}[kind]


def _compare_part(key: str, kind: str, actual: object, expected: Any) -> tuple[Text, Text] | None:
    if kind == "array":
        return _compare_array(key, actual, expected)
    if not _has_kind(actual, kind):
        return (
            Text(WANTED[kind], {"key": key}),
            Text("is_type", {"key": key, "type": _type_name(actual)}),
        )
    if kind == "close" and isinstance(actual, (int, float, np.integer, np.floating)):
        equal = math.isclose(float(actual), expected, rel_tol=RELATIVE, abs_tol=ABSOLUTE)
    else:
        equal = bool(actual == expected)
    if equal:
        return None
    return (
        Text("a_value", {"key": key, "value": show(expected)}),
        Text("is_value", {"key": key, "value": show(actual)}),
    )


def _compare_array(key: str, actual: object, expected: np.ndarray) -> tuple[Text, Text] | None:
    shape = Text("an_array", {"length": len(expected)})
    if not isinstance(actual, np.ndarray):
        return shape, Text("is_type", {"key": key, "type": _type_name(actual)})
    if actual.dtype.kind not in "iuf" or actual.shape != expected.shape:
        return shape, Text("is_value", {"key": key, "value": show(actual)})
    if np.all(np.isfinite(actual)) and np.allclose(actual, expected, rtol=RELATIVE, atol=ABSOLUTE):
        return None
    return (
        Text("a_value", {"key": key, "value": show(expected)}),
        Text("is_value", {"key": key, "value": show(actual)}),
    )


def _compare(checkpoint: Checkpoint, actual: object, expected: Any) -> tuple[Text, Text] | None:
    """Compare a result with the reference's, part by part, in the order of ``kinds``."""
    if set(checkpoint.kinds) == {"result"}:
        return _compare_part("result", checkpoint.kinds["result"], actual, expected)
    keys = list(checkpoint.kinds)
    if not isinstance(actual, dict) or set(actual) != set(keys):
        shown = show(actual) if not isinstance(actual, dict) else show(sorted(actual, key=str))
        return (
            Text("a_dict", {"keys": ", ".join(keys)}),
            Text("returned", {"value": shown}),
        )
    for key in keys:
        mismatch = _compare_part(key, checkpoint.kinds[key], actual[key], expected[key])
        if mismatch:
            return mismatch
    return None


def _arrays(result: object) -> list[tuple[str, np.ndarray]]:
    if isinstance(result, np.ndarray):
        return [("result", result)]
    if isinstance(result, dict):
        return [(str(k), v) for k, v in result.items() if isinstance(v, np.ndarray)]
    return []


# ---------------------------------------------------------------- running


@dataclass(frozen=True)
class _Globals:
    """The global Python and NumPy random states, to compare and to put back."""

    python: Any
    numpy: dict[str, Any]

    @classmethod
    def save(cls) -> _Globals:
        state = np.random.get_state(legacy=False)
        assert isinstance(state, dict)
        return cls(random.getstate(), state)

    def restore(self) -> None:
        random.setstate(self.python)
        np.random.set_state(self.numpy)

    def changed(self, other: _Globals) -> list[str]:
        """Which of the two states differ: ``Python``, ``NumPy`` or both."""
        names = [] if self.python == other.python else ["Python"]
        mine, theirs = self.numpy, other.numpy
        same = (
            mine["bit_generator"] == theirs["bit_generator"]
            and np.array_equal(mine["state"].get("key"), theirs["state"].get("key"))
            and mine["state"].get("pos") == theirs["state"].get("pos")
            and (mine["has_gauss"], mine["gauss"]) == (theirs["has_gauss"], theirs["gauss"])
        )
        return names if same else [*names, "NumPy"]


def _refused(error: ValueError | None) -> Text:
    """Return what an invalid input should give: a ``ValueError``, about the parameter named.

    The reference's messages start with the parameter they refuse (``"lower must be ..."``).
    """
    name = str(error).split(" must ", 1)[0] if error is not None else ""
    if name and " must " in str(error) and len(name) <= 40:
        return Text("a_value_error_for", {"parameter": name})
    return Text("a_value_error")


def _run_case(
    function: Callable[..., Any], checkpoint: Checkpoint, case: Case
) -> tuple[Text, Text] | None:
    """Return (expected, actual) for the first way ``function`` breaks ``case``, else None."""
    args, kwargs = copy.deepcopy(case.args), copy.deepcopy(dict(case.kwargs))
    pristine = copy.deepcopy((args, kwargs))
    refusal: ValueError | None = None
    try:
        expected = checkpoint.reference(*copy.deepcopy(args), **copy.deepcopy(kwargs))
    except ValueError as error:
        expected, refusal = None, error
    if (expected is None) == case.valid:
        raise RuntimeError(f"the battery disagrees with the reference on {case}")
    wanted = Text("a_result", {"value": show(expected)}) if case.valid else _refused(refusal)
    before = _Globals.save()
    try:
        actual = function(*args, **kwargs)
    except NotImplementedError:
        return wanted, Text("empty_body")
    except Exception as error:  # the reader's function may raise anything
        if case.valid or not isinstance(error, ValueError):
            return wanted, Text("raised", {"error": _error(error)})
        actual = None
    else:
        if not case.valid:
            return wanted, Text("returned", {"value": show(actual)})
        mismatch = _compare(checkpoint, actual, expected)
        if mismatch:
            return mismatch
    finally:
        changed = before.changed(_Globals.save())
        before.restore()
    named: list[tuple[object, object, object]] = [
        (position, before_value, args[position - 1])
        for position, before_value in enumerate(pristine[0], start=1)
    ]
    named += [(name, value, kwargs[name]) for name, value in pristine[1].items()]
    for position, before_value, after_value in named:
        if not _same_input(before_value, after_value):
            return Text("inputs_kept"), Text(
                "input_changed",
                {"position": position, "before": show(before_value), "after": show(after_value)},
            )
    if changed:
        which = changed[0]
        return Text("rng_kept", {"which": which}), Text("rng_changed", {"which": which})
    for key, array in _arrays(actual):
        for position, _, argument in named:
            if isinstance(argument, np.ndarray) and np.shares_memory(array, argument):
                return Text("own_memory", {"key": key}), Text(
                    "shares_memory", {"key": key, "position": position}
                )
    return None


def check(function: Callable[..., Any], checkpoint: int | str, lang: str = "en") -> Result:
    """Run one checkpoint's battery against ``function``; stop at the first failing case.

    ``checkpoint`` is 1, 2 or 3 or the function's name. The result prints as a report in
    ``lang``.
    """
    spec = _checkpoint(checkpoint)
    lang = _check_lang(lang)
    if not callable(function):
        return Result(spec.number, spec.name, len(spec.cases), lang, defined=False)
    for index, case in enumerate(spec.cases, start=1):
        broken = _run_case(function, spec, case)
        if broken:
            failure = Failure(index, _call(spec, case), *broken)
            return Result(spec.number, spec.name, len(spec.cases), lang, failure)
    return Result(spec.number, spec.name, len(spec.cases), lang)


def check_namespace(namespace: Mapping[str, object], lang: str = "en") -> list[Result]:
    """Check every checkpoint function found by name in ``namespace``, e.g. ``globals()``.

    ``namespace`` must be a mapping with ``str`` keys; anything else raises ``ValueError``.
    """
    namespace = check_namespace_argument(namespace)
    lang = _check_lang(lang)
    results = []
    for spec in CHECKPOINTS:
        function = namespace.get(spec.name)
        if callable(function):
            results.append(check(function, spec.number, lang))
        else:
            results.append(Result(spec.number, spec.name, len(spec.cases), lang, defined=False))
    return results


def check_file(path: str | os.PathLike[str], lang: str = "en") -> list[Result]:
    """Run the Python file ``path`` and check the checkpoint functions it defines.

    ``path`` must be a ``str`` or ``os.PathLike`` naming an existing ``.py`` file, and
    ``lang`` one of ``LOCALES``; both are checked before anything runs, and a bad one
    raises ``ValueError``. ``None`` or another object is never turned into a file name.
    """
    target = check_path(path)
    lang = _check_lang(lang)
    namespace = runpy.run_path(str(target), run_name="dplesson_solution")
    return check_namespace(namespace, lang)


def score(results: Sequence[Result], lang: str = "en") -> str:
    """Return ``Score: passed/total`` in ``lang`` for a list or tuple of ``Result`` objects."""
    results = check_results(results, Result)
    lang = _check_lang(lang)
    passed = sum(result.passed for result in results)
    return message(lang, "score", passed=passed, total=len(results))
