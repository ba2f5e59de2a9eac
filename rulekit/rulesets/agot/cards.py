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
    participating: str | None = None    # "attacking" / "defending" while a challenge is under way: the rules' own
    until_challenge: int = 0            # the STR it gets "until the end of the challenge" (expires then)
    until_phase: int = 0                # the STR it gets "until the end of the phase"


def moved_card(rules, before, after, printed):
    """A card keeps its power only while it stays in play (power on a card that leaves play is
    returned to the power pool); one that leaves play no longer participates in a challenge
    ("Participating") and loses its lasting STR changes: it is a new object."""
    lasting = after.until_challenge or after.until_phase
    if after.zone in rules.in_play or (after.power == 0 and after.participating is None and not lasting):
        return after
    strength = printed.strength if printed is not None else after.strength - after.until_challenge - after.until_phase
    return after.changed(power=0, participating=None, until_challenge=0, until_phase=0, strength=strength)


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
    game's (:func:`~rulekit.rulesets.agot.factions.check_factions`); participation and lasting
    changes are the rules' own (a challenge sets them), not a file's."""
    from rulekit.rulesets.agot.factions import check_factions
    check_factions(cards)
    ids = [c.id for c in cards]
    for i, card in enumerate(cards):
        for name, how in (("participating", "declared in a challenge"), ("until_challenge", "given by an effect"),
                          ("until_phase", "given by an effect")):
            if card.extension is not None and getattr(card, name):
                raise ScenarioError(f"card {card.id!r}: {name!r} is {how}, not set by a file", path=f"cards[{i}].{name}",
                                    expected=f"no {name!r}: a script entry {{do: challenge, player: ATTACKER, "
                                             "challenge: military, cards: [ATTACKERS], defenders: [DEFENDERS]}")
        target = card.duplicate_of if card.extension is not None else None
        if target is not None and (target not in ids or target == card.id):
            from rulekit.core.scenario import suggest
            raise ScenarioError(f"duplicate_of {target!r} of card {card.id!r} names no other card"
                                f"{suggest(target, ids)}", path=f"cards[{i}].duplicate_of",
                                expected="the id of the card it duplicates")
