"""The field walk: every field of the scenario format's instructions, filters, triggers, conditions
and abilities, in every context the format allows it, set to a value other than its default on a
board where that value must change the run (tests/files/test_every_field_matters.py).

A :class:`Context` is one place a kind of object can stand (an instruction of a verb with one kind
of target, as a cost or as an effect, in one ruleset; a filter of a trigger; a condition of an
ability …): its object at the defaults and how to build the scenario around an object. A
:class:`Probe` is one non-default value of one field there, with what it needs besides (other
fields of the same object, instructions before it, a change of the board) in both runs. The probe
is witnessed when the scenario with the value is refused at load, or its run — the decisions
offered, the events and the final state (:mod:`fieldwalk_runs`) — differs from the run without it.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any, Callable

from fieldwalk_runs import Refused, difference, outcomes

#: a key set to this in a probe's ``with_`` is removed from the object
GONE = object()


@dataclass(frozen=True)
class Probe:
    value: Any
    with_: dict = field(default_factory=dict)   # the same object's other fields, in both runs (GONE: removed)
    before: tuple = ()                          # instructions before it in its list, in both runs
    after: tuple = ()                           # instructions after it in its list, in both runs
    tweak: Callable | None = None               # a change to the board, in both runs
    setting: dict = field(default_factory=dict)  # what the context builds around the object (its own keys)
    why: str = ""                               # what the value must change, for the failure message

    def label(self, name: str) -> str:
        extra = f" with {_short(self.with_)}" if self.with_ else ""
        return f"{name}={_short(self.value)}{extra}"


@dataclass(frozen=True)
class Context:
    kind: str                                   # the schema type: Instruction, CardFilter, …
    ruleset: str
    name: str                                   # where, in words ("agot kill target=chosen, effect")
    base: dict                                  # the object at its defaults (and what it needs)
    build: Callable[..., dict]                  # build(object, probe) -> the scenario's data
    without: Callable[..., dict] | None = None  # without(probe) -> the scenario without the object
    family: str = ""                            # contexts alike, of which the default run takes one
    verb: str | None = None
    part: str | None = None


def _short(value) -> str:
    text = repr(value) if not isinstance(value, dict) else "{" + ", ".join(
        f"{k}: {'<gone>' if v is GONE else _short(v)}" for k, v in value.items()) + "}"
    return text if len(text) <= 70 else text[:67] + "..."


def with_fields(obj: dict, changes: dict) -> dict:
    out = copy.deepcopy(obj)
    for k, v in changes.items():
        if v is GONE:
            out.pop(k, None)
        else:
            out[k] = copy.deepcopy(v)
    return out


_SEEN: dict = {}


def _outcome(data_fn):
    """The outcomes of the scenario ``data_fn()`` builds, or the :class:`Refused` error (remembered
    for the same data: many probes share their reference run)."""
    data = data_fn()
    key = json.dumps(data, sort_keys=True)
    if key not in _SEEN:
        if len(_SEEN) > 4096:
            _SEEN.clear()
        try:
            _SEEN[key] = outcomes(data)
        except Refused as e:
            _SEEN[key] = e
    return _SEEN[key]


def _run(data_fn) -> tuple | None:
    """The outcomes of the scenario ``data_fn()`` builds, or ``None`` if it is refused."""
    got = _outcome(data_fn)
    return None if isinstance(got, Refused) else got


def refused_for(error: Refused, name: str) -> bool:
    """Whether a refusal names the field ``name`` (its path or its words): refused for the value,
    not for something else the walk got wrong."""
    e = error.error
    return name in (e.path or "").replace("[", ".").split(".") or repr(name) in str(e) or f" {name} " in str(e)


def witness(ctx: Context, name: str, probe: Probe) -> tuple[str, tuple | None]:
    """Whether the probe is witnessed: ``("refused", None)``, ``("differs", outcome)``, or
    ``("same", outcome)`` / ``("crashed", …)`` — a failure of the property."""
    base = with_fields(ctx.base, {**probe.with_, name: GONE})     # the field at its default
    changed = with_fields(base, {name: probe.value})
    got = _outcome(lambda: ctx.build(changed, probe))
    if isinstance(got, Refused):
        return ("refused", None) if refused_for(got, name) else ("refused for another reason", got)
    for policy_outcome in got:
        if policy_outcome[0] == "crashed":
            return "crashed", got
    reference = _run(lambda: ctx.build(base, probe))
    if reference is None and ctx.without is not None:
        reference = _run(lambda: ctx.without(probe))
    if reference is None:
        return "differs", got          # without the value the file is refused: the value is what makes it valid
    return ("same", got) if difference(reference, got) is None else ("differs", got)


def failure(ctx: Context, name: str, probe: Probe, verdict: str, got) -> str:
    if verdict == "refused for another reason":
        return f"{ctx.kind}.{name} in {ctx.name}: {probe.label(name)} was refused, but not for the field: {got}"
    crash = next((o[1] for o in got if o[0] == "crashed"), "") if got else ""
    what = "ran exactly as without it" if verdict == "same" else f"crashed the engine ({crash})"
    why = f" ({probe.why})" if probe.why else ""
    return f"{ctx.kind}.{name} in {ctx.name}: {probe.label(name)} loaded and {what}{why}"


def failures(ctx: Context, name: str, probes) -> list[str]:
    """The probes of ``name`` in ``ctx`` that loaded and did not change the run (or crashed)."""
    out = []
    for probe in probes:
        verdict, got = witness(ctx, name, probe)
        if verdict not in ("refused", "differs"):
            out.append(failure(ctx, name, probe, verdict, got))
    return out


def unwitnessed(ctx: Context, name: str, probes) -> list[str]:
    """Like :func:`failures`, for probes of which one is enough: the field is witnessed when one of
    its values is refused or changes the run; else the failure of each."""
    out = []
    for probe in probes:
        verdict, got = witness(ctx, name, probe)
        if verdict in ("refused", "differs"):
            return []
        out.append(failure(ctx, name, probe, verdict, got))
    return out
