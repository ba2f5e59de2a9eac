"""Riftbound's own card fields (Might, damage) and what the rules do with them: a card that
becomes a new object has its printed Might and no damage; a permanent played is put on the
board."""
from __future__ import annotations

from rulekit.core.frozen import immutable


@immutable
class RiftboundCard:
    """The fields only Riftbound's cards have: a unit's Might and the damage marked on it."""

    __pydantic_config__ = {"extra": "forbid"}

    might: int = 0
    damage: int = 0


def moved_card(before, after, printed):
    """A new object has none of the old one's temporary changes: no damage, and its printed
    Might (a token's, as it was created)."""
    if printed is None:
        return after
    if after.damage == 0 and after.might == printed.might:
        return after
    return after.changed(damage=0, might=printed.might)


#: the card types that are permanents: played, they become game objects on the board (351.1)
PERMANENTS = ("unit", "gear")


def played_to(card, to, spent_zone):
    """Where a played card goes and whether it is exhausted there: a unit to the location chosen
    (``to``; its controller's base by default, 355.2.a), exhausted (359.2.c); a gear to its
    player's base, ready (359.2.d); any other card where played cards go (``spent_zone``)."""
    if card.type == "unit":
        return (to or "base"), True
    if card.type == "gear":
        return "base", False
    return spent_zone, False
