"""Riftbound's own card fields (Might, damage, a buff, "this turn" Might, keywords, where on the
battlefield zone a permanent is, a battlefield's being uncontrolled, a combat designation) and what
the rules do with them: a card that becomes a new object has its printed Might, no damage, no buff
and no "this turn" change (110, 705); a permanent played is put on the board; a buff is a counter,
one at most (702.3); the end of the turn heals units and expires "this turn" Might (317.2); each
battlefield on the board is a location of its own (rule ``rb.battlefields``)."""
from __future__ import annotations

from rulekit.core.abilities import Ability, Instruction, Target, Timing, Trigger, Who
from rulekit.core.errors import ScenarioError
from rulekit.core.events import EventKind, Verb
from rulekit.core.frozen import immutable, replace

BATTLEFIELD = "battlefield"      #: the zone that houses the battlefields (107.2.a), and the card type


@immutable
class RiftboundCard:
    """The fields only Riftbound's cards have: a unit's Might (its current Might, every
    modification included), the damage marked on it, whether a buff is on it (the buff's +1 is
    part of ``might``), how much of its Might is a "this turn" modification (also part of
    ``might``), and its keywords; ``at``, the battlefield (a card of type battlefield, by id) a
    permanent in the battlefield zone is at; ``uncontrolled``, a battlefield no one controls
    (187.2); ``role``, a combat designation the rules give (459.2.b)."""

    __pydantic_config__ = {"extra": "forbid"}

    might: int = 0
    damage: int = 0
    buffed: bool = False
    might_this_turn: int = 0
    keywords: tuple[str, ...] = ()
    at: str | None = None
    uncontrolled: bool = False
    role: str | None = None          # "attacker" / "defender" while a combat is in progress (459.2.b): the rules' own
    energy_cost: int = 0                 # the numeral of its Cost (131.2)
    power_cost: tuple[str, ...] = ()     # the Power symbols of its Cost, one domain (or "any") each (131.3)


def base_might(card) -> int:
    """Its Might without its buff and its "this turn" modifications: what a new object has."""
    return card.might - (1 if card.buffed else 0) - card.might_this_turn


def moved_card(before, after, printed):
    """A new object has none of the old one's temporary changes (110, 705): no damage, no buff,
    no "this turn" Might; its printed Might (a token's, as it was created). A card that leaves the
    battlefield zone is at no battlefield."""
    if after.extension is not None and after.at is not None and after.zone != BATTLEFIELD:
        after = after.changed(at=None)
    if printed is None:
        return after
    fresh = dict(damage=0, might=base_might(printed), buffed=False, might_this_turn=0)
    if all(getattr(after, k) == v for k, v in fresh.items()):
        return after
    return after.changed(**fresh)


#: the card types that are permanents: played, they become game objects on the board (351.1)
PERMANENTS = ("unit", "gear")
#: zones whose cards are not public (108.4.d, 108.5.d, 108.7.c): a card chosen there is no target (355.10.a),
#: so an instruction choosing N of them takes as many as there are (422.4: "discard 2" with one card discards it)
HIDDEN_ZONES = ("hand", "main deck", "rune deck")


def played_to(card, to, spent_zone):
    """Where a played card goes and whether it is exhausted there: a unit to the location chosen
    (``to``; its controller's base by default, 355.2.a), exhausted (359.2.c); a gear to its
    player's base, ready (359.2.d), unless an effect that plays it names another location
    (148.1.a.1); any other card where played cards go (``spent_zone``)."""
    if card.type == "unit":
        return (to or "base"), True
    if card.type == "gear":
        return (to or "base"), False
    return spent_zone, False


# -- buffs and Might ------------------------------------------------------------------------------
def event_refusal(kind, card, amount: int) -> str | None:
    """Why a recall, a Might or a buff event would change nothing: only a permanent away from its
    base is recalled (450); only a unit has Might and buffs (143.2, 702); a unit that has a buff
    gets no other (426.1.b.1, 702.3.a); a buff cannot be spent from a unit that has none
    (702.2.b.1); +0 Might is no change."""
    if kind is EventKind.RECALLED:          # a permanent on the board, back to its base (450, 452)
        if card.type not in ("unit", "gear"):
            return f"{card.title} is not a permanent"
        return f"{card.title} is already at its base" if card.zone == "base" else None
    if kind not in (EventKind.BUFFED, EventKind.BUFF_SPENT, EventKind.MIGHT_CHANGES):
        return None
    if card.type != "unit":
        return f"{card.title} is not a unit"
    if kind is EventKind.BUFFED and card.buffed:
        return f"{card.title} already has a buff"
    if kind is EventKind.BUFF_SPENT and not card.buffed:
        return f"{card.title} has no buff"
    if kind is EventKind.MIGHT_CHANGES and amount == 0:
        return "no Might to give"
    return None


def card_event(card, tc):
    """The unit as a buff or Might event leaves it: a buff adds +1 Might (703), spending it takes
    that +1 away (702.2.b); a Might change adds its amount, and one that lasts "this turn" is
    remembered to expire at the end of the turn (317.2.c)."""
    if tc.kind is EventKind.BUFFED:
        return card.changed(buffed=True, might=card.might + 1)
    if tc.kind is EventKind.BUFF_SPENT:
        return card.changed(buffed=False, might=card.might - 1)
    if tc.kind is EventKind.MIGHT_CHANGES:
        return card.changed(might=card.might + tc.amount,
                            might_this_turn=card.might_this_turn + (tc.amount if tc.this_turn else 0))
    return None


#: the events that change a unit's Might (a buff is +1 Might, 703)
MIGHT_EVENTS = (EventKind.MIGHT_CHANGES, EventKind.BUFFED, EventKind.BUFF_SPENT)


def change_words(tc) -> str:
    """What a Might event does, in words: ``+2 Might this turn``, ``a buff (+1 Might)``."""
    if tc.kind is EventKind.BUFFED:
        return "a buff (+1 Might)"
    if tc.kind is EventKind.BUFF_SPENT:
        return "its buff spent (-1 Might)"
    return f"{tc.amount:+d} Might" + (" this turn" if tc.this_turn else "")


def turn_ends(state):
    """The Expiration Step (317.2): every unit on the board is healed (317.2.b, 143.3.b.1), then
    every "this turn" effect expires at once (317.2.c): its Might loses the "this turn" part."""
    for card_id in state.order:
        card = state.cards[card_id]
        if card.extension is None or (card.damage == 0 and card.might_this_turn == 0):
            continue
        state = state.with_card(card.changed(damage=0, might=card.might - card.might_this_turn, might_this_turn=0))
    return state


def expiring(state) -> tuple[tuple[str, int, int, int], ...]:
    """What the Expiration Step will change: (object, damage healed, Might before, Might after)."""
    return tuple((c.obj, c.damage, c.might, c.might - c.might_this_turn)
                 for c in (state.cards[i] for i in state.order)
                 if c.extension is not None and c.zone in state.rules.in_play and (c.damage or c.might_this_turn))


def card_facts(card) -> list[str]:
    """A drawing's words for a card's buff, "this turn" Might and keywords."""
    ext = card.extension
    if ext is None:
        return []
    out = ["buffed"] if ext.buffed else []
    if ext.might_this_turn:
        out.append(f"{ext.might_this_turn:+d} Might this turn")
    return out + list(ext.keywords)


def card_mismatch(f, card) -> str | None:
    """Riftbound's filter fields: ``buffed`` (true: "buffed units", false: without a buff) and
    ``keyword`` ("a unit with Tank"; a keyword is a characteristic effects may check, 801.3)."""
    if f.buffed is not None and bool(getattr(card, "buffed", False)) != f.buffed:
        return f"{card.title} {'has no buff' if f.buffed else 'is buffed'}"
    if f.keyword is not None and f.keyword not in getattr(card, "keywords", ()):
        return f"{card.title} does not have {f.keyword}"
    return None


# -- keywords -------------------------------------------------------------------------------------
#: keywords whose rules rulekit runs (rule ``rb.keywords``): Temporary gives its card a triggered
#: ability (816.1.b); Legion is written on an ability (``legion: true``), not on the card
MODELLED = ("Temporary",)

#: keywords a card may carry as a characteristic that effects check ("a unit with Tank",
#: ``filter: {keyword: Tank}``; 801.3, 805.5, 809.3, 811.5, 815.3 …) but whose own rules rulekit
#: does not run: combat damage assignment, costs and Power, hiding, moves and reveals are not
#: modelled (see docs/scenario-format.md, "Keywords")
CARRIED = ("Accelerate", "Ambush", "Assault", "Backline", "Deflect", "Equip", "Ganking", "Hidden", "Hunt",
           "Quick-Draw", "Repeat", "Shield", "Tank", "Unique", "Vision", "Weaponmaster")

#: keywords of abilities, not of cards: how a file writes them instead
WRITTEN_ELSEWHERE = {"Deathknell": "an ability's 'deathknell: true'", "Legion": "an ability's 'legion: true'",
                     "Action": "an ability's 'timing: action'", "Reaction": "an ability's 'timing: priority'"}

#: keywords rulekit refuses, and why
REFUSED = {"Level": "Level is not modelled: it depends on its controller's XP, which rulekit does not track (824.1)"}

KEYWORDS = MODELLED + CARRIED

#: the ability the rules give a permanent with Temporary (816.1.b, 816.1.c)
TEMPORARY_ID = "temporary"
TEMPORARY = Ability(
    id=TEMPORARY_ID, timing=Timing.TRIGGERED,
    when=Trigger(EventKind.PHASE_BEGINS, phase="beginning", turn=Who.YOU),
    effect=(Instruction(Verb.KILL, target=Target.SELF),),
    text="Temporary (At the start of my controller's Beginning Phase, before scoring, kill me.)")


def with_keyword_abilities(card):
    """The card with the abilities its keywords stand for (Temporary's, once however many
    instances, 816.2.a)."""
    ext = card.extension
    if ext is None or "Temporary" not in ext.keywords or card.ability(TEMPORARY_ID) is not None:
        return card
    return replace(card, abilities=card.abilities + (TEMPORARY,))


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


#: the word a ``to`` of an ability's effect uses for the location of the ability's card (053.3, 359.3.f.1)
HERE = "here"


def here_of(card) -> str | None:
    """The place "here" names for ``card`` (the ability's card, as the instruction reads it): a
    battlefield itself, or the battlefield or base a permanent is at — by the name a ``to`` uses —
    or ``None`` if it is at no location on the board (107.1.b, 107.2.b; the legend zone is none,
    107.4.b)."""
    return where(card) if card.zone in ("base", BATTLEFIELD) else None


def placed(state, card, to: str):
    """``card`` (a token being created) placed at ``to``: at a battlefield on the board by its id —
    in the battlefield zone, at it — or in the zone ``to`` names (439.2: created directly there)."""
    target = state.cards.get(to)
    if target is not None and is_battlefield(target):
        return replace(card, zone=BATTLEFIELD).changed(at=to)
    return replace(card, zone=to)


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
        printed = base_might(card)
        if printed < 0:
            raise ScenarioError(f"card {card.id!r} ({card.title}): its Might without its buff and its \"this turn\" "
                                f"Might is {printed}: no card prints a negative Might; a Might below 0 comes only from "
                                "modifications, and is then treated as 0 where it is read (143.2.b)", path=f"{at}.might",
                                expected="a printed Might of 0 or more; write a lowering as might_this_turn")
        if ext.damage < 0:
            raise ScenarioError(f"card {card.id!r} ({card.title}): damage {ext.damage} is negative: damage is marked "
                                "on a unit, 0 or more (142, 143.3)", path=f"{at}.damage", expected="0 or more")
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


# -- resources: Energy and Power in the Rune Pool (161-167) --------------------------------------------
#: the six Domains (134.2); Power of a domain pays that domain's Power costs (162.2)
DOMAINS = ("fury", "calm", "mind", "body", "chaos", "order")
#: what a player can add or pay: Energy (162.1), a domain's Power, or "any" — as a cost, Power of any
#: domain ([A], 135.2.e.5.a); added, universal Power that pays a cost of any domain (135.2.e.5.b, 162.2.b)
RESOURCES = ("energy",) + DOMAINS + ("any",)
RUNE_DECK = "rune deck"


def spend(pool: dict, resource: str | None, amount: int) -> dict | None:
    """``pool`` after paying ``amount`` of ``resource``, or ``None`` if it cannot be paid (357.1):
    Energy with Energy; a domain's Power with that domain's Power, then universal Power; "any" Power
    with the domains' Power in the order of :data:`DOMAINS`, then universal Power. (Which Power a
    player spends when several would do is their choice; rulekit spends in that fixed order.)"""
    left = dict(pool)
    if resource == "energy":
        sources = ("energy",)
    elif resource in DOMAINS:
        sources = (resource, "any")
    elif resource == "any":
        sources = DOMAINS + ("any",)
    else:
        return None
    due = amount
    for name in sources:
        take = min(due, left.get(name, 0))
        left[name] = left.get(name, 0) - take
        due -= take
    return None if due > 0 else {k: v for k, v in left.items() if v > 0}


def card_costs(card):
    """A card's Cost as cost instructions its player pays (131, 357.1): its Energy, then each
    domain's Power (grouped), as ``pay`` instructions."""
    from rulekit.core.abilities import Instruction, Target
    from rulekit.core.events import Verb
    ext = card.extension
    if not isinstance(ext, RiftboundCard) or (ext.energy_cost <= 0 and not ext.power_cost):
        return ()
    out = []
    if ext.energy_cost > 0:
        out.append(Instruction(do=Verb.PAY, target=Target.YOU, amount=ext.energy_cost, resource="energy"))
    for domain in dict.fromkeys(ext.power_cost):
        out.append(Instruction(do=Verb.PAY, target=Target.YOU, amount=ext.power_cost.count(domain), resource=domain))
    return tuple(out)


def rune_deck(state, player: str) -> tuple[str, ...]:
    """``player``'s Rune Deck, top first: as kept since a rune first left or joined it, else in the
    scenario's listing order (108.5)."""
    kept = state.decks.get(f"{player}|{RUNE_DECK}")
    if kept is not None:
        return kept
    return tuple(c for c in state.order if state.cards[c].zone == RUNE_DECK and state.cards[c].owner == player)


def after_move(state, before, to_zone: str):
    """A rune that leaves its Rune Deck is taken from it; one recycled goes to the bottom (416.1)."""
    from rulekit.core.frozen import replace
    if before.zone != RUNE_DECK and to_zone != RUNE_DECK:
        return state
    key = f"{before.owner}|{RUNE_DECK}"
    order = tuple(c for c in rune_deck(replace(state, decks=state.decks), before.owner) if c != before.id) \
        if state.decks.get(key) is not None else _listed_without(state, before)
    if to_zone == RUNE_DECK:
        order = order + (before.id,)
    return replace(state, decks=state.decks.set(key, order))


def _listed_without(state, before) -> tuple[str, ...]:
    """The Rune Deck as listed before ``before`` moved, without it (the first time one is kept)."""
    return tuple(c for c in state.order if c != before.id and state.cards[c].zone == RUNE_DECK
                 and state.cards[c].owner == before.owner)
