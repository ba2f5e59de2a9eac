"""No field loads and does nothing (issue "Rules fidelity, fourth pass", point 13; rule
``rulekit.fields``).

The walk reads the published JSON Schema (:func:`rulekit.files.json_schema`, the same as
``docs/scenario.schema.json``) and, for every field of every instruction, card filter, trigger,
condition and ability — and of the types they hold: bounds, a challenges count, a limit, a token —
in every context the format allows it (each verb of each ruleset with each kind of target, as a
cost and as an effect; each place a filter stands; each event a trigger listens for; each place a
condition stands; each timing of an ability), sets it to a value other than its default on a generic
rich board where that value must change the run, plays the scenario with and without it (answering
every decision with its first option, and again with its last) and compares what a player, a judge
and the board see: the decisions offered (kind, chooser, options), the events that occurred and the
final state — never labels or texts. A value that loads and runs the same is a failure naming the
type, the field, the context and the value; a value refused at load must be refused for that field
(exit 2, file, line, field, why). The boards and values are in ``tests/support/fieldwalk_*.py``.

Only the fields that describe (texts, ids) are left out, each with its reason
(:data:`fieldwalk_catalogue.DESCRIPTIVE`); a field the schema gains is walked at once, and fails
naming itself until the walk has values for it. The default run takes one context of each family
(the verbs of :data:`fieldwalk_catalogue.DEFAULT_GROUPS`, every filter place, a few events, every
timing); ``-m slow`` takes every context.

Every verb an ability of each ruleset may use, every event a trigger loads with and every timing has
a base in the walk or a reason it has none: a word a ruleset gains fails naming itself, as a field
does. Values of one field that mean different things (ignoring its cost / its Energy cost / its Power
cost; the top / the bottom of a deck), like targets, must not run alike.

Combinations a rule or a printed template needs and another point of the issue is making work may be
marked ``xfail(strict=True)`` with that point's owner (:data:`XFAIL`, empty now): the mark comes off
when the fix is merged.
"""
from __future__ import annotations

import pytest

from rulekit.files import json_schema

import fieldwalk_catalogue as catalogue

SCHEMA = json_schema()


def _point(owner: str, what: str) -> str:
    return f"issue 40 point 13 ({what}): {owner}"


#: (type, field, group) -> why it fails today and who is making it work. Each case fails until its
#: owner's change is merged (strict): then the mark comes off. Empty: every point of the issue is in.
XFAIL: dict[tuple[str, str, str], str] = {}
#: cases that fail only in the walk of every context (the default run's context of the verb works)
XFAIL_EVERYWHERE: dict[tuple[str, str, str], str] = {}


def _params(everything: bool):
    known = {**XFAIL, **(XFAIL_EVERYWHERE if everything else {})}
    out = []
    for kind, name, group in catalogue.cases(SCHEMA, everything=everything):
        marks = [pytest.mark.xfail(strict=True, reason=known[(kind, name, group)])] \
            if (kind, name, group) in known else []
        out.append(pytest.param(kind, name, group, id=f"{kind}.{name}[{group}]", marks=marks))
    return out


def _check(kind: str, name: str, group: str, everything: bool) -> None:
    failures = catalogue.check(kind, name, group, everything=everything)
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("kind, name, group", _params(everything=False))
def test_no_field_loads_and_does_nothing(kind, name, group):
    _check(kind, name, group, everything=False)


@pytest.mark.slow
@pytest.mark.parametrize("kind, name, group", _params(everything=True))
def test_no_field_loads_and_does_nothing_anywhere(kind, name, group):
    _check(kind, name, group, everything=True)


def test_every_field_of_the_schema_is_walked_or_said_to_describe():
    """A field the schema gains is walked (and fails, naming itself, until the walk has values for
    it); every object type the walked types reach is walked or said not to be, with why."""
    defs = SCHEMA["$defs"]
    unknown = []
    for kind in catalogue.WALKS:
        ctx = catalogue._all_contexts(kind)[0]
        for name in defs[kind]["properties"]:
            if (kind, name) in catalogue.DESCRIPTIVE or (kind, name) in catalogue.DIMENSIONS:
                continue
            try:
                catalogue.WALKS[kind].probes(name, ctx)
            except KeyError:
                unknown.append(f"{kind}.{name}")
    assert not unknown, f"fields the walk has no values for: {', '.join(unknown)}"
    reached = catalogue.walked_types(SCHEMA)
    missing = sorted(reached - set(catalogue.WALKS))
    assert not missing, f"types the walked types reach but the walk does not: {', '.join(missing)}"
    objects = {k for k, v in defs.items() if v.get("type") == "object"}
    assert objects - {"Ability"} <= set(catalogue.WALKS) | set(catalogue.NOT_WALKED), \
        sorted(objects - set(catalogue.WALKS) - set(catalogue.NOT_WALKED))
    for (kind, name), why in {**catalogue.DESCRIPTIVE, **catalogue.DIMENSIONS}.items():
        assert name in defs[kind]["properties"] and why
    for (kind, name, ruleset), why in catalogue.DESCRIPTIVE_IN.items():
        assert name in defs[kind]["properties"] and ruleset in ("agot", "riftbound") and why


def test_the_walk_stands_on_boards_that_load():
    """Every verb of each ruleset has an instruction the walk's board loads (so the walk is not
    vacuous: a refused board would witness every field), and so does every event and every timing."""
    from fieldwalk_runs import Refused, load
    for kind in catalogue.WALKS:
        loaded = {}
        for ctx in catalogue._all_contexts(kind):
            key = (ctx.ruleset, ctx.verb or ctx.family)
            if loaded.get(key):
                continue
            try:
                load(ctx.build(dict(ctx.base), None))
                loaded[key] = True
            except Refused:
                loaded[key] = False
        refused = [k for k, ok in loaded.items() if not ok]
        assert not refused, f"{kind}: the walk's boards are refused for {refused}"


def test_values_that_mean_different_things_do_not_run_alike():
    """Two values of one field that mean different things (ignoring its cost / its Energy cost / its
    Power cost; on top of / at the bottom of a deck) change the run differently, in every context of
    their verb (:data:`fieldwalk_instructions.DISTINCT_VALUES`)."""
    from fieldwalk_instructions import distinct_value_failures
    failures = distinct_value_failures(catalogue._all_contexts("Instruction"))
    assert not failures, "\n".join(failures)


def test_every_word_of_each_ruleset_is_walked_or_said_not_to_be():
    """Every verb an ability of each ruleset may use (its verbs, less those only the rules or a script
    do, plus those an effect may do: Riftbound's 'play'), every event a trigger of it loads with, and
    every timing it has, is a context of the walk or is listed with why not
    (:data:`fieldwalk_catalogue.LEFT_OUT`): a word a ruleset gains fails here, naming itself, until the
    walk has a base for it."""
    from fieldwalk_boards import ability, board
    from fieldwalk_runs import Refused, load

    from rulekit.core.events import RULES_ONLY_VERBS, EventKind
    from rulekit.rulesets import get
    import fieldwalk_abilities
    import fieldwalk_triggers
    import fieldwalk_verbs
    missing = []
    for r in ("agot", "riftbound"):
        rules = get(r)
        verbs = {v.value for v in rules.verbs if v not in RULES_ONLY_VERBS or v in rules.effect_verbs}
        walked = set(fieldwalk_verbs.BASES[r]) | {v for (ruleset, v) in fieldwalk_verbs.NOT_WALKED if ruleset == r}
        missing += [f"{r} verb {v!r}" for v in sorted(verbs - walked)]
        missing += [f"{r} timing {t.value!r}" for t in rules.timings if t.value not in fieldwalk_abilities.TIMINGS[r]]
        for kind in EventKind:
            if kind.value in fieldwalk_triggers.EVENTS[r] or kind.value in fieldwalk_triggers.NOT_WALKED:
                continue
            a = ability(r)
            a["when"] = {"event": kind.value}
            try:
                load(board(r, [a]))
            except Refused:
                continue                   # not a triggering condition of this ruleset
            missing.append(f"{r} event {kind.value!r}")
    assert not missing, f"words of the rulesets the walk has no base for: {', '.join(missing)}"
