"""Riftbound's own card fields (Might, damage) and what the rules do with them: a card that
becomes a new object has its printed Might and no damage."""
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
