"""Checks of particular instruction words, part of checking a scenario
(:mod:`rulekit.core.checking`): an effect rulekit does not simulate (``not modelled``), what the
game answers by chance (``target: random``, ``shuffle``), a change that lasts "this turn", and a
verb that places or removes one counter."""
from __future__ import annotations

import dataclasses
import difflib

from rulekit.core.abilities import Target
from rulekit.core.errors import ScenarioError
from rulekit.core.events import ONE_COUNTER_VERBS, THIS_TURN_VERBS, Verb
from rulekit.core.ruleset import COMMON_FIELDS

#: The fields a ``not modelled`` instruction may set besides ``do`` (rule ``rulekit.not-modelled``).
NOT_MODELLED_FIELDS = ("text", "changes_state", "condition", "then")


def _check_this_turn(verb: Verb, this_turn: bool, path: str) -> None:
    """Only a change that can last "this turn" takes ``this_turn`` (Riftbound's ``give might`` and
    ``replace``)."""
    if this_turn and verb not in THIS_TURN_VERBS:
        raise ScenarioError(f"only {' or '.join(repr(v.value) for v in THIS_TURN_VERBS)} takes 'this_turn', not "
                            f"{verb.value!r}", path=f"{path}.this_turn",
                            expected="do: " + " or ".join(v.value for v in THIS_TURN_VERBS))


def _check_one_counter(verb: Verb, amount: int, path: str) -> None:
    """A verb that places or removes one counter takes no amount (Riftbound: a unit has at most
    one buff, and a buff is +1 Might; +N Might is ``give might``)."""
    if verb in ONE_COUNTER_VERBS and amount != 1:
        raise ScenarioError(f"{verb.value!r} places or removes one counter and takes no amount (a unit has at most "
                            "one buff, Core Rules 702.3); for +N or -N Might use 'give might' with 'amount'",
                            path=f"{path}.amount", expected="no amount")


def _check_not_modelled(instr, path: str, card_id: str, rules) -> None:
    """A ``not modelled`` instruction names its effect in words and nothing else: a non-empty
    ``text``; ``changes_state``, ``condition`` and ``then`` at most. Only it takes those two."""
    if instr.do is not Verb.NOT_MODELLED:
        for name in ("text", "changes_state"):
            if getattr(instr, name) not in (None, False):
                raise ScenarioError(f"only 'not modelled' takes {name!r}, not {instr.do.value!r}",
                                    path=f"{path}.{name}")
        return
    if not isinstance(instr.text, str) or not instr.text.strip():
        raise ScenarioError(f"'not modelled' in an ability of card {card_id!r} needs 'text': the effect rulekit does "
                            "not simulate, in words", path=f"{path}.text",
                            expected="a non-empty text, e.g. \"look at the top 3 cards of your deck\"")
    own = [name for name in NOT_MODELLED_FIELDS if name in COMMON_FIELDS["instruction"] | rules.instruction_fields]
    for f in dataclasses.fields(instr):
        if f.name in ("do",) + NOT_MODELLED_FIELDS or f.name.startswith("_"):
            continue
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
        if getattr(instr, f.name) != default:
            raise ScenarioError(f"'not modelled' takes no {f.name!r}: its effect is only named, in 'text'",
                                path=f"{path}.{f.name}", expected="fields of 'not modelled': do, " + ", ".join(own))


def _check_chance(instr, path: str, rules) -> None:
    """``target: random`` and ``shuffle`` are answered by the game (rule ``rulekit.chance``): only
    in a ruleset that has chance decisions; a random pick names what it picks among (a filter),
    a shuffle names whose deck (a player) and how deep it is decided (``amount``, 1 or more)."""
    if not rules.chance:
        what = "target 'random'" if instr.target is Target.RANDOM else f"{instr.do.value!r}"
        raise ScenarioError(f"{what} is not in {rules.name}: its rules have no chance decisions in rulekit yet "
                            f"(the nearest: target 'chosen', which its controller chooses)", path=f"{path}.target",
                            expected="'chosen', 'each', 'self' or 'that card'")
    if instr.do is Verb.SHUFFLE:
        if not instr.target.is_player:
            raise ScenarioError(f"'shuffle' shuffles a player's deck: its target is a player, not "
                                f"{instr.target.value!r}", path=f"{path}.target",
                                expected="'you', 'opponent' or 'that player'")
        if instr.filter is not None:
            raise ScenarioError("'shuffle' takes no filter: it shuffles the whole deck", path=f"{path}.filter")
        if instr.amount < 1:
            raise ScenarioError("'shuffle' decides at least the top card: its amount (how many cards from the top "
                                "the shuffle decides) is 1 or more", path=f"{path}.amount", expected="1 or more")
        return
    if instr.filter is None:
        raise ScenarioError("target 'random' needs a filter: what the cards are taken from (e.g. {zone: hand, "
                            "owner: you})", path=f"{path}.filter")


def _check_pools(pools: dict, players: tuple, rules) -> None:
    """A file's top-level ``pools``: what each player holds at the start (player -> resource ->
    amount), each a player of the scenario and a resource of its ruleset, never below zero."""
    names = rules.pool_resources
    for player, held in pools.items():
        if player not in players:
            raise ScenarioError(f"pools: {player!r} is not a player{_nearest(player, players)}", path=f"pools.{player}",
                                expected="one of " + ", ".join(players))
        for resource, amount in held.items():
            at = f"pools.{player}.{resource}"
            if resource not in names:
                raise ScenarioError(f"{resource!r} is not something a pool holds in {rules.name}"
                                    f"{_nearest(resource, names) if names else ': it has no pools'}", path=at,
                                    expected="one of " + ", ".join(names) if names else "no 'pools'")
            if amount < 0:
                raise ScenarioError(f"a pool holds 0 or more {resource}, not {amount}", path=at, expected="0 or more")


def _nearest(word: str, choices) -> str:
    """`` (did you mean 'x'?)`` when a close choice exists (as :func:`rulekit.core.checking.suggest`)."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
