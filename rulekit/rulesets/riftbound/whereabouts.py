"""Where each card was when each event happened (rule ``rb.nth``): what a numbered trigger's
"here" reads for an event of the turn's record.

A trigger condition is evaluated after the event that may meet it (383.2.c), and what it reads of
its card — "here", the location the card is at (053.3, 359.3.f.1) — is checked then (359.3.f.3).
So whether an earlier event of the turn met "the first time a unit moves here" or "the first time I
conquer" (the battlefield I am at) is settled where the card was when that event was evaluated,
however it has moved since; and a card that has left the board and come back is a new object
(359.3.e.4): it was nowhere when the events before it came happened, so none of them was "here" for
it.

Each occurrence notes, for every card its events place anew (moved, played, created, recalled,
killed, its controller changed — a base is its controller's own location, 107.1.a; never a
battlefield, which is its own location, 107.2.b), what object it is and where, from the first of the occurrence's events on (the state its triggers are evaluated
in): ``state.counts["where|<card id>"]`` is a tuple of ``(first event, incarnation, zone, at,
controller)``, oldest first, the first entry from event 0 (how it was before, or ``None`` for a card
that did not exist yet).
"""
from __future__ import annotations

from rulekit.core.frozen import replace
from rulekit.core.model import Card, GameState
from rulekit.rulesets.riftbound.cards import BATTLEFIELD, at_of


def _key(card_id: str) -> str:
    return f"where|{card_id}"


def _placing(card: Card | None):
    """The object a card is and where it is: ``(incarnation, zone, at, controller)``, or ``None``
    for no card."""
    if card is None:
        return None
    return card.incarnation, card.zone, at_of(card), card.controller


def note(before: GameState, after: GameState, happened, first: int) -> GameState:
    """``after`` with the placing of each card ``happened`` is about noted where it changed, from
    event number ``first`` (the occurrence's first event in the record) on."""
    return note_cards(before, after, tuple(tc.card.id for tc in happened if tc.card is not None), first)


def note_cards(before: GameState, after: GameState, card_ids, first: int) -> GameState:
    """``after`` with the placing of each of these cards noted where it changed since ``before``,
    from event number ``first`` on."""
    counts = after.counts
    for card_id in card_ids:
        card = after.cards.get(card_id)
        if card is not None and card.type == BATTLEFIELD:     # a battlefield is its own location, always
            continue
        now = _placing(card)
        key = _key(card_id)
        log = counts.get(key)
        was = log[-1][1:] if log else _placing(before.cards.get(card_id))
        if now == was:
            continue
        if not log:
            log = ((0,) + (was if was is not None else (None,) * 4),)
        counts = counts.set(key, log + ((first,) + now,))
    return after if counts is after.counts else replace(after, counts=counts)


def as_it_was(state: GameState, source: Card, event: int) -> Card | None:
    """``source`` (the card as it is now) where it was when event number ``event`` of the record was
    evaluated, or ``None`` if it was not this object then (it did not exist yet, or it has since
    left the board and come back as a new object: 359.3.e.4)."""
    log = state.counts.get(_key(source.id))
    if not log:
        return source           # it has not been placed anew since the game began
    placing = None
    for entry in log:
        if entry[0] > event:
            break
        placing = entry[1:]
    if placing is None or placing[0] != source.incarnation:
        return None
    incarnation, zone, at, controller = placing
    if (zone, at, controller) == (source.zone, at_of(source), source.controller):
        return source
    card = replace(source, zone=zone, controller=controller)
    return card.changed(at=at) if card.extension is not None else card
