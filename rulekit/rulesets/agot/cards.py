"""A Game of Thrones' own card fields (strength, power, duplicates, faction, unique) and what the
rules do with them: power stays only in play, a duplicate leaves play with the card it
duplicates, and a duplicate names a card of the scenario."""
from __future__ import annotations

from rulekit.core.errors import ScenarioError
from rulekit.core.events import EventKind
from rulekit.core.frozen import immutable, replace


@immutable
class AgotCard:
    """The fields only A Game of Thrones' cards have. ``duplicate_of`` is the id of the card this
    one is a duplicate of (it sits under that card: RR "Duplicates"); ``faction`` one of
    :data:`~rulekit.rulesets.agot.factions.FACTIONS` (a card of none is ``neutral``: RR
    "Neutral"); ``unique``, the unique symbol before its title (RR "Unique Cards")."""

    __pydantic_config__ = {"extra": "forbid"}

    strength: int = 0
    power: int = 0
    duplicate_of: str | None = None
    faction: str = "neutral"
    unique: bool = False


def moved_card(rules, before, after, printed):
    """A card keeps its power only while it stays in play (power on a card that leaves play is
    returned to the power pool)."""
    if after.zone in rules.in_play or after.power == 0:
        return after
    return after.changed(power=0)


def dependents(cards: tuple) -> dict:
    """Each card's duplicates, in listing order, by the id of the card they duplicate."""
    out: dict = {}
    for c in cards:
        if c.extension is not None and c.duplicate_of is not None:
            out[c.duplicate_of] = out.get(c.duplicate_of, ()) + (c.id,)
    return out


def duplicates_of(state, card) -> tuple:
    """The duplicates in play under ``card``, in listing order."""
    in_play = state.rules.in_play
    return tuple(c for c in (state.cards[i] for i in state.dependents.get(card.id, ())) if c.zone in in_play)


def after_move(state, before, to_zone: str):
    """When a card leaves play its duplicates leave with it, to their owner's discard pile, as
    part of the same move (RR "Duplicates")."""
    rules = state.rules
    if before.id not in state.dependents or before.zone not in rules.in_play or to_zone in rules.in_play:
        return state
    cards = state.cards
    for dup in duplicates_of(state, before):
        cards = cards.set(dup.id, replace(dup, zone=rules.leave_play_zone[EventKind.DISCARDED], incarnation=dup.incarnation + 1))
    return state if cards is state.cards else replace(state, cards=cards)


def check_cards(cards: tuple) -> None:
    """Each duplicate names another card of the scenario; factions and faction cards are the
    game's (:func:`~rulekit.rulesets.agot.factions.check_factions`)."""
    from rulekit.rulesets.agot.factions import check_factions
    check_factions(cards)
    ids = [c.id for c in cards]
    for i, card in enumerate(cards):
        target = card.duplicate_of if card.extension is not None else None
        if target is not None and (target not in ids or target == card.id):
            from rulekit.core.scenario import suggest
            raise ScenarioError(f"duplicate_of {target!r} of card {card.id!r} names no other card"
                                f"{suggest(target, ids)}", path=f"cards[{i}].duplicate_of",
                                expected="the id of the card it duplicates")
