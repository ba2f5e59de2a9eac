"""Riftbound's own card fields (Might, damage, where on the battlefield zone a permanent is, a
battlefield's being uncontrolled) and what the rules do with them: a card that becomes a new object
has its printed Might and no damage; a permanent played is put on the board; each battlefield on
the board is a location of its own (rule ``rb.battlefields``)."""
from __future__ import annotations

from rulekit.core.errors import ScenarioError
from rulekit.core.frozen import immutable, replace

BATTLEFIELD = "battlefield"      #: the zone that houses the battlefields (107.2.a), and the card type


@immutable
class RiftboundCard:
    """The fields only Riftbound's cards have: a unit's Might and the damage marked on it; ``at``,
    the battlefield (a card of type battlefield, by id) a permanent in the battlefield zone is at;
    ``uncontrolled``, a battlefield no one controls (187.2)."""

    __pydantic_config__ = {"extra": "forbid"}

    might: int = 0
    damage: int = 0
    at: str | None = None
    uncontrolled: bool = False
    role: str | None = None          # "attacker" / "defender" while a combat is in progress (459.2.b): the rules' own


def moved_card(before, after, printed):
    """A new object has none of the old one's temporary changes: no damage, and its printed
    Might (a token's, as it was created). A card that leaves the battlefield zone is at no
    battlefield."""
    if after.extension is not None and after.at is not None and after.zone != BATTLEFIELD:
        after = after.changed(at=None)
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


# -- battlefields: each a location (107.2.b) ------------------------------------------------------
def is_battlefield(card) -> bool:
    """A battlefield on the board: a card of type battlefield in the battlefield zone."""
    return card.type == BATTLEFIELD and card.zone == BATTLEFIELD


def battlefields(cards) -> tuple[str, ...]:
    """The ids of the battlefields on the board, in listing order."""
    return tuple(c.id for c in cards if is_battlefield(c))


def at_of(card) -> str | None:
    """The battlefield a card is at (``None`` for a card built without Riftbound's fields)."""
    return card.extension.at if card.extension is not None else None


def location(card) -> tuple[str, str]:
    """Where ``card`` is, for "here": a battlefield is its own location; a permanent at one is at
    it (``at``); with no battlefield named (a file of a single, unnamed battlefield) the battlefield
    zone is one location; a base is its controller's own (107.1.a-b)."""
    if card.zone == BATTLEFIELD:
        return (BATTLEFIELD, card.id if card.type == BATTLEFIELD else (at_of(card) or ""))
    return (card.zone, "" if card.zone == "chain" else card.controller)


def where(card) -> str:
    """The place name a card is at: its battlefield's id, or its zone."""
    if card.zone == BATTLEFIELD:
        return card.id if card.type == BATTLEFIELD else (at_of(card) or BATTLEFIELD)
    return card.zone


def place_names(zones, cards) -> tuple[str, ...]:
    """What a ``to`` may name: the zones and, once battlefields are named, each battlefield on the
    board instead of the battlefield zone (which would not say which)."""
    named = battlefields(cards)
    if not named:
        return tuple(zones)
    return tuple(z for z in zones if z != BATTLEFIELD) + named


def place(state, card_id: str, to: str, controller=None):
    """Put the card at ``to``: a battlefield on the board (by id) — in the battlefield zone, at it —
    or a zone."""
    target = state.cards.get(to)
    if target is not None and is_battlefield(target):
        state = state.move(card_id, BATTLEFIELD, controller=controller)
        return state.with_card(state.cards[card_id].changed(at=to))
    return state.move(card_id, to, controller=controller)


def setup_cards(cards):
    """An uncontrolled battlefield is controlled by no one: its controller is ``""`` in the game
    (187.2.b; "you" and "an opponent" are then no one)."""
    if not any(c.extension is not None and c.uncontrolled for c in cards):
        return cards
    return tuple(replace(c, controller="", extension=replace(c.extension, uncontrolled=False))
                 if c.extension is not None and c.uncontrolled else c for c in cards)


def check_cards(cards) -> None:
    """Battlefields on the board and the permanents at them, checked together: ``at`` names a
    battlefield on the board and is set only in the battlefield zone; once a battlefield is named,
    every permanent in the battlefield zone says which one it is at; ``uncontrolled`` is a
    battlefield's."""
    from rulekit.core.checking import suggest
    named = battlefields(cards)
    listed = ", ".join(named)
    for i, card in enumerate(cards):
        ext = card.extension
        if ext is None:
            continue
        at = f"cards[{i}]"
        if ext.role is not None:
            raise ScenarioError(f"card {card.id!r}: the Attacker and Defender designations are given by the rules "
                                "as a combat begins (459.2.b), not by a file", path=f"{at}.role",
                                expected="no 'role': a script entry {do: combat, cards: [BATTLEFIELD], player: ATTACKER}")
        if ext.uncontrolled and card.type != BATTLEFIELD:
            raise ScenarioError(f"card {card.id!r} ({card.title}) is a {card.type}: only a battlefield is "
                                "uncontrolled (187.2); a unit or gear is controlled by its 'controller'",
                                path=f"{at}.uncontrolled", expected="uncontrolled: true on a card of type battlefield")
        if ext.at is not None:
            if card.type == BATTLEFIELD:
                raise ScenarioError(f"battlefield {card.id!r} is a location itself: it is at no battlefield",
                                    path=f"{at}.at", expected="no 'at' on a battlefield")
            if card.zone != BATTLEFIELD:
                raise ScenarioError(f"card {card.id!r} is in the {card.zone}, not the battlefield zone: 'at' says "
                                    "which battlefield a permanent in the battlefield zone is at", path=f"{at}.at",
                                    expected="zone: battlefield with 'at', or no 'at'")
            if ext.at not in named:
                raise ScenarioError(f"{ext.at!r} is not a battlefield on the board{suggest(ext.at, named)}",
                                    path=f"{at}.at", expected=f"one of {listed}" if named else
                                    "the id of a card of type battlefield in the battlefield zone")
        elif named and card.zone == BATTLEFIELD and card.type != BATTLEFIELD:
            raise ScenarioError(f"card {card.id!r} ({card.title}) is in the battlefield zone but says not which "
                                f"battlefield: the board has several ({listed}), each a location of its own (107.2.b)",
                                path=f"{at}.at", expected=f"at: one of {listed}")
