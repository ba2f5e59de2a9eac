"""A triggering-condition pattern compiled into a predicate: the speed version of
:func:`rulekit.core.matching.trigger_mismatch`, which states the check plainly.

A judge checks every listening ability against every triggering condition, and most patterns
set one or two fields of the dozen a pattern has. Each pattern is compiled, the first time it
is checked, into a predicate that tests only the fields it sets and writes no words; the words
(:func:`~rulekit.core.matching.trigger_words`) are written only when it does not match. It means
exactly ``trigger_words(...) is None`` (``tests/core/test_compiled_patterns.py`` checks that on
generated patterns and cards); patterns it does not specialise (a card's own identity, "here",
leaving play) use that function itself. ``RULEKIT_PLAIN=1`` (:mod:`rulekit.core.speed`) checks
every pattern by the plain function instead.
"""
from __future__ import annotations

from typing import Callable

from rulekit.core.abilities import Trigger, Which, Who
from rulekit.core.events import EventKind
from rulekit.core.frozen import members
from rulekit.core.matching import _who_matches, filter_mismatch, trigger_words
from rulekit.core.model import Card, GameState, TriggeringCondition

_EventKind = members(EventKind)
_Which = members(Which)
_Who = members(Who)


def trigger_mismatch(when: Trigger, tc: TriggeringCondition, state: GameState, me: str, source: Card,
                     occurred: bool) -> str | None:
    """:func:`rulekit.core.matching.trigger_mismatch`, the pattern's compiled predicate answering first."""
    if trigger_matcher(when)(tc, state, me, source, occurred):
        # the pattern's fields of its own game (A Game of Thrones: "by 5 or more STR", "unopposed")
        return state.rules.trigger_own_mismatch(when, tc, state, me)
    return trigger_words(when, tc, state, me, source, occurred)


_MAX_COMPILED = 4096
_MATCHERS: dict[int, tuple[Trigger, Callable[..., bool]]] = {}
_PLAIN_FIELDS = ("type", "title", "zone")     # a card filter's fields that are plain equality tests


def trigger_matcher(when: Trigger) -> Callable[[TriggeringCondition, GameState, str, Card, bool], bool]:
    """The compiled predicate of a pattern: ``(tc, state, me, source, occurred) -> matches``."""
    entry = _MATCHERS.get(id(when))
    if entry is not None and entry[0] is when:
        return entry[1]
    if len(_MATCHERS) >= _MAX_COMPILED:     # patterns of scenarios long gone (an explorer edits many)
        _MATCHERS.clear()
    matcher = _compile_trigger(when)
    _MATCHERS[id(when)] = (when, matcher)    # the pattern is kept with it, so its id cannot be reused
    return matcher


def _compile_trigger(when: Trigger) -> Callable[..., bool]:
    f = when.card
    if _EventKind.LEAVES_PLAY in when.events or (
            f is not None and (f.which is not _Which.ANY or f.id is not None or f.here or f.combat is not None)):
        def general(tc, state, me, source, occurred):
            return trigger_words(when, tc, state, me, source, occurred) is None
        return general
    plain = tuple((name, getattr(f, name)) for name in _PLAIN_FIELDS if f is not None and getattr(f, name) is not None)
    rest = f is not None and (f.trait is not None or f.not_title is not None or f.not_trait is not None
                              or f.controller is not _Who.ANY or f.owner is not _Who.ANY or f.posture is not None
                              or f.buffed is not None or f.keyword is not None or f.faction is not None
                              or f.unique is not None or bool(f.any_of) or f.strength is not None
                              or f.power is not None or f.challenge is not None or f.entered is not None)
    player, challenge, phase, how = when.player, when.challenge, when.phase, when.how

    def matches(tc, state, me, source, occurred):
        card = tc.card
        if card is not None and f is not None:
            for name, value in plain:
                if getattr(card, name) != value:
                    return False
            if rest and filter_mismatch(f, card, me, source, rules=state.rules, state=state) is not None:
                return False
        if player is not _Who.ANY and not _who_matches(player, tc.player, me):
            return False
        if challenge is not None and tc.challenge != challenge:
            return False
        if how is not None and tc.how != how:
            return False
        return phase is None or tc.phase == phase
    return matches
