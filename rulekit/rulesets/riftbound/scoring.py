"""Scoring a battlefield: conquer and hold (rules ``rb.conquer``, ``rb.hold``; Core Rules 462-466).

A player scores a battlefield at most once per turn (465). A conquer is a player gaining control of
a battlefield they have not yet scored this turn (464.1): establishing control at the end of a
showdown or combat is one only then (461.5.d, 348.2.a.1), otherwise control just changes. A hold
is the turn player keeping control of a battlefield in their Beginning Phase's Scoring Step, which
comes after the start-of-phase effects (315.2.a-b, 464.2). Each score is an event — ``conquers``
or ``holds``, about the battlefield, by the player who scored — that triggers Conquer and Hold
Effects (383.4.c-d, 466.2). Points are not counted: the Victory Score is not modelled (466.1).
"""
from __future__ import annotations

from rulekit.core import occur
from rulekit.core.events import EventKind, Verb
from rulekit.core.frozen import replace
from rulekit.core.model import GameState, TriggeringCondition


BEGINNING_PHASE = "beginning"     #: the phase whose Scoring Step holds (315.2.b)


def scored_key(state: GameState, player: str, battlefield: str) -> str:
    return f"scored|{player}|{battlefield}|turn {state.round}"


def has_scored(state: GameState, player: str, battlefield: str) -> bool:
    """Whether ``player`` has scored ``battlefield`` this turn, by conquer or hold (465)."""
    return bool(state.usage.get(scored_key(state, player, battlefield), 0))


def apply_event(state: GameState, tc: TriggeringCondition) -> GameState:
    """A score occurs: a conquer gives the scorer control of the battlefield (464.1); either marks
    the battlefield scored by that player this turn (465)."""
    bf = state.cards[tc.card.id]
    if tc.kind is EventKind.CONQUERS:
        state = state.with_card(replace(bf, controller=tc.player))
    return replace(state, usage=state.usage.set(scored_key(state, tc.player, bf.id), 1))


def establish_control(state: GameState, conditions) -> tuple[tuple[TriggeringCondition, ...], tuple]:
    """The conditions, with each conquer checked against the rules: a player who already controls
    the battlefield gains nothing (no conquer, 464.1); one who has already scored it this turn only
    gains control of it (461.5.d, 465). Returns the conditions and, for the trace, what was not a
    conquer and why."""
    out, notes = [], []
    for tc in conditions:
        if tc.kind is not EventKind.CONQUERS:
            out.append(tc)
            continue
        bf = state.cards[tc.card.id]
        if bf.controller == tc.player:
            notes.append((tc.id, f"{tc.player} already controls {bf.title}: no control is gained, so no conquer"))
        elif has_scored(state, tc.player, bf.id):
            notes.append((tc.id, f"{tc.player} has already scored {bf.title} this turn: control changes, "
                                 "but it is not a conquer (465)"))
            out.extend(occur.conditions_for(Verb.TAKE_CONTROL, state, tc.sequence, tc.cause, cards=(bf,),
                                            new_controller=tc.player))
        else:
            out.append(tc)
    return tuple(out), tuple(notes)
