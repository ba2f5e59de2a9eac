"""What the field walk walks (tests/files/test_every_field_matters.py): for each type of the
published JSON Schema, its contexts and the values of its fields; the fields that only describe
(with why); the fields that are the walk's own dimension (a verb, an event, a timing); the types it
does not walk (with why); and the cases, each one field of one type in one group of contexts.

The default run takes one group of contexts per family (a few verbs of each kind, every filter
place, one event of each subject, every timing); ``slow`` takes every group.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable

import fieldwalk_abilities as A
import fieldwalk_conditions as C
import fieldwalk_filters as F
import fieldwalk_triggers as T
from fieldwalk import _outcome, failures, unwitnessed
from fieldwalk_instructions import instruction_contexts, instruction_probes, target_failures, verb_failures
from fieldwalk_runs import Refused
from fieldwalk_verbs import NOT_WALKED as VERBS_NOT_WALKED


@dataclass(frozen=True)
class Walk:
    contexts: Callable                          # () -> the contexts
    probes: Callable                            # (field, context) -> its probes
    every_value: bool = False                   # every value must be witnessed (else one of them)
    group: Callable = lambda ctx: ctx.family    # the cases' grouping of contexts


def _instruction_group(ctx) -> str:
    return f"{ctx.ruleset}|{ctx.verb}|{ctx.part}"


WALKS = {
    "Instruction": Walk(instruction_contexts, instruction_probes, every_value=True, group=_instruction_group),
    "CardFilter": Walk(F.filter_contexts, F.filter_probes),
    "Bounds": Walk(F.bounds_contexts, F.bounds_probes),
    "Trigger": Walk(T.trigger_contexts, T.trigger_probes),
    "Condition": Walk(C.condition_contexts, C.condition_probes),
    "ChallengeCount": Walk(C.challenge_count_contexts, C.challenge_count_probes),
    "Ability": Walk(A.ability_contexts, A.ability_probes),
    "Limit": Walk(A.limit_contexts, A.limit_probes),
    "Token": Walk(A.token_contexts, A.token_probes),
}

#: Fields that only describe: for people, or a name other parts of a file refer to.
DESCRIPTIVE = {
    ("Instruction", "text"): "the effect in words, for people: traces and drawings show it ('not modelled: …'); "
                             "nothing reads it",
    ("Ability", "text"): "the card's printed words, for people; the rules read the ability's fields, never its text",
    ("Ability", "id"): "a name: answers, expect and 'remove ability' refer to the ability by it; what it names "
                       "is the ability",
}
#: Fields that only describe in one ruleset: (type, field, ruleset) -> why.
DESCRIPTIVE_IN = {
    ("Instruction", "changes_state", "riftbound"):
        "Riftbound has no test that an effect could change the game state (rule rb.targets): a 'not modelled' "
        "effect's changes_state records what its card's words claim (the trace shows it; the card-text writer "
        "reads it to print 'and put them back in any order'), and changes nothing",
}
#: Fields that are the walk's own dimension: every value is a context of its own.
DIMENSIONS = {
    ("Instruction", "do"): "every verb of each ruleset is walked, as a cost and as an effect; each must change the "
                           "run compared with the ability without it",
    ("Instruction", "target"): "every target is walked with every verb: each must change the run, and targets "
                               "that mean different things must not run alike",
    ("Trigger", "event"): "every event of each ruleset is a context of the trigger walk",
    ("Ability", "timing"): "every timing of each ruleset is a context of the ability walk",
}
#: Types of the schema the walk does not set fields of, and why.
NOT_WALKED = {
    "Card": "the board: each scenario's own cards, not a field of an ability; the rulesets check its fields",
    "ScriptEntry": "what happens, not what an ability says: each entry is the occurrence a scenario starts from",
    "Expect": "what a file expects of the run, checked against it by rulekit check; it changes no run",
    "CardExpect": "part of expect",
    "VerdictExpect": "part of expect",
    "AnswerSpec": "an answer to a decision: it chooses among the options the run offers",
    "CorpusEntry": "a corpus card's printed text and vocabulary items, for people and the corpus figure",
}
#: Verbs and events the walk leaves out, and why.
LEFT_OUT = {**{f"{r} verb {v!r}": why for (r, v), why in VERBS_NOT_WALKED.items()},
            **{f"event {e!r}": why for e, why in T.NOT_WALKED.items()},
            "verb 'not modelled' (its own run)": "names an effect rulekit does not simulate: it changes nothing by "
                                                  "definition (rule rulekit.not-modelled); its fields (changes_state, "
                                                  "condition, then) are walked"}

#: The groups the default run takes (the rest run with ``slow``).
DEFAULT_GROUPS = {
    "Instruction": {f"{r}|{v}|{p}" for r, verbs in (
        ("agot", ("discard", "kneel", "gain power", "draw", "delay", "cannot be killed", "not modelled")),
        ("riftbound", ("kill", "give might", "draw", "create", "grant", "replace")))
        for v in verbs for p in ("cost", "effect")},
    "Trigger": {"agot|killed", "agot|draws", "agot|wins a challenge", "agot|phase begins", "agot|enters play",
                "riftbound|gets might", "riftbound|draws", "riftbound|conquers", "riftbound|phase begins"},
}


@functools.lru_cache(maxsize=None)
def _all_contexts(kind: str) -> tuple:
    return tuple(WALKS[kind].contexts())


def _contexts(kind: str, group: str):
    walk = WALKS[kind]
    return [ctx for ctx in _all_contexts(kind) if walk.group(ctx) == group]


def groups(kind: str) -> list[str]:
    walk = WALKS[kind]
    seen: list[str] = []
    for ctx in _all_contexts(kind):
        g = walk.group(ctx)
        if g not in seen:
            seen.append(g)
    return seen


def cases(schema: dict, *, everything: bool) -> list[tuple[str, str, str]]:
    """(type, field, group) for every field of every walked type, in every group (``everything``) or
    in the default run's groups."""
    out = []
    for kind in WALKS:
        chosen = groups(kind)
        if not everything and kind in DEFAULT_GROUPS:
            chosen = [g for g in chosen if g in DEFAULT_GROUPS[kind]]
        for name in schema["$defs"][kind]["properties"]:
            if (kind, name) in DESCRIPTIVE:
                continue
            out.extend((kind, name, g) for g in chosen)
    return out


def _representative(ctxs: list) -> list:
    """The default run's context of a verb: its instruction with a chosen target (where the verb has
    one: what "choose 2", "each player chooses" and "up to" change), else its first."""
    chosen = [c for c in ctxs if c.base.get("target") == "chosen"]
    return (chosen or ctxs)[:1]


def check(kind: str, name: str, group: str, *, everything: bool = True) -> list[str]:
    """The failures of the property for one field in one group of contexts (the default run: one
    instruction of each verb; ``everything``: every instruction of the verb)."""
    ctxs = _contexts(kind, group)
    if kind == "Instruction" and not everything and name != "target":
        ctxs = _representative(ctxs)
    live = []
    for ctx in ctxs:
        base = _outcome(lambda: ctx.build(dict(ctx.base), None))
        if not isinstance(base, Refused):
            live.append(ctx)          # a context whose base is refused is not allowed: nothing to walk there
    if kind == "Instruction" and group.split("|")[1] == "not modelled" and name in ("do", "target"):
        return []                     # it changes nothing by definition (LEFT_OUT); its other fields are walked
    if kind == "Instruction" and name == "target":
        return target_failures(live) if live else []
    out: list[str] = []
    for ctx in live:
        if kind == "Instruction" and ctx.verb != "not modelled":
            dead = verb_failures(ctx)
            if name == "do":
                out.extend(dead)
                continue
            if dead:
                continue              # the verb itself does nothing there: its failure is the field 'do'
        elif (kind, name) in DIMENSIONS:
            continue
        if (kind, name, ctx.ruleset) in DESCRIPTIVE_IN:
            continue
        probes = WALKS[kind].probes(name, ctx)
        out.extend((failures if WALKS[kind].every_value else unwitnessed)(ctx, name, probes))
    return out


def walked_types(schema: dict) -> set[str]:
    """Every object type the walked types reach through their fields."""
    defs = schema["$defs"]
    seen: set[str] = set()
    todo = [k for k in WALKS]
    while todo:
        kind = todo.pop()
        if kind in seen:
            continue
        seen.add(kind)
        for prop in defs[kind].get("properties", {}).values():
            for ref in _refs(prop):
                if defs[ref].get("type") == "object":
                    todo.append(ref)
    return seen


def _refs(node) -> list[str]:
    if isinstance(node, dict):
        out = [node["$ref"].rsplit("/", 1)[1]] if "$ref" in node else []
        for v in node.values():
            out.extend(_refs(v))
        return out
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []
