"""A Game of Thrones' own card fields (strength, power, duplicates, faction, unique, attachments)
and what the rules do with them: power stays only in play, a duplicate leaves play with the card it
duplicates, an attachment with the card it is attached to (to its owner's hand, or discarded if
terminal), and each names a card of the scenario."""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core.errors import ScenarioError
from rulekit.core.model import TriggeringCondition
from rulekit.core.events import EventKind
from rulekit.core.frozen import immutable, replace


@immutable
class AgotCard:
    """The fields only A Game of Thrones' cards have. ``duplicate_of`` is the id of the card this
    one is a duplicate of (it sits under that card: RR "Duplicates"); ``faction`` one of
    :data:`~rulekit.rulesets.agot.factions.FACTIONS` (a card of none is ``neutral``: RR
    "Neutral"); ``unique``, the unique symbol before its title (RR "Unique Cards"); ``attached_to``
    the id of the card an attachment in play is attached to, and ``terminal`` the keyword that
    discards it when that card leaves play (RR "Attachment Cards", "Terminal"; rule ``agot.attachment``);
    ``pillage`` the keyword Pillage (RR "Pillage"; rule ``agot.pillage``)."""

    __pydantic_config__ = {"extra": "forbid"}

    strength: int = 0
    power: int = 0
    duplicate_of: str | None = None
    faction: str = "neutral"
    unique: bool = False
    participating: str | None = None    # "attacking" / "defending" while a challenge is under way: the rules' own
    until_challenge: int = 0            # the STR it gets "until the end of the challenge" (expires then)
    until_phase: int = 0                # the STR it gets "until the end of the phase"
    attached_to: str | None = None
    terminal: bool = False
    pillage: bool = False               # the keyword Pillage (a character's: rule agot.pillage)


def moved_card(rules, before, after, printed):
    """A card keeps its power only while it stays in play (power on a card that leaves play is
    returned to the power pool); one that leaves play no longer participates in a challenge
    ("Participating"), loses its lasting STR changes (it is a new object) and, an attachment, is
    attached to nothing."""
    own = after.extension               # read once: each card.field is a lookup through Card.__getattr__
    lasting = own.until_challenge or own.until_phase
    if after.zone in rules.in_play or (own.power == 0 and own.participating is None and not lasting
                                       and own.attached_to is None):
        return after
    strength = printed.strength if printed is not None else own.strength - own.until_challenge - own.until_phase
    return after.changed(power=0, participating=None, until_challenge=0, until_phase=0, strength=strength,
                         attached_to=None)


def card_facts(card) -> list[str]:
    """A drawing's words for a card: its faction (none for a neutral card), unique, attached (to a
    card of the board: the drawing names no ids) and Terminal."""
    ext = card.extension
    if ext is None:
        return []
    out = ([ext.faction] if ext.faction != "neutral" else []) + (["unique"] if ext.unique else [])
    out += ["attached"] if ext.attached_to is not None else []
    return out + (["terminal"] if ext.terminal else [])


def dependents(cards: tuple) -> dict:
    """The cards that may leave play with each card, in listing order, by its id: its duplicates
    and the attachments the scenario attaches to it."""
    out: dict = {}
    for c in cards:
        own = c.extension
        host = None if own is None else (own.duplicate_of or own.attached_to)
        if host is not None:
            out[host] = out.get(host, ()) + (c.id,)
    return out


def duplicates_of(state, card) -> tuple:
    """The duplicates in play under ``card``, in listing order."""
    in_play = state.rules.in_play
    return tuple(c for c in (state.cards[i] for i in state.dependents.get(card.id, ()))
                 if c.zone in in_play and c.duplicate_of == card.id)


def attachments_of(state, card) -> tuple:
    """The attachments in play attached to ``card``, in listing order."""
    in_play = state.rules.in_play
    return tuple(c for c in (state.cards[i] for i in state.dependents.get(card.id, ()))
                 if c.zone in in_play and c.attached_to == card.id)


def attachment_goes_to(rules, attachment) -> tuple:
    """(the event, the zone) of an attachment whose card leaves play: back to its owner's hand,
    or discarded from play if it is terminal (RR "Attachment Cards", "Terminal")."""
    kind = EventKind.DISCARDED if attachment.terminal else EventKind.RETURNED_TO_HAND
    return kind, rules.leave_play_zone[kind]


def after_move(state, before, to_zone: str):
    """When a card leaves play its duplicates leave with it, to their owner's discard pile (RR
    "Duplicates"), and its attachments go to their owner's hand, or the discard pile if terminal
    (RR "Attachment Cards", "Terminal"), all as part of the same move (RR "Leaves Play")."""
    rules = state.rules
    if before.id not in state.dependents or before.zone not in rules.in_play or to_zone in rules.in_play:
        return state
    cards = state.cards
    for dup in duplicates_of(state, before):
        cards = cards.set(dup.id, replace(dup, zone=rules.leave_play_zone[EventKind.DISCARDED], incarnation=dup.incarnation + 1))
    for att in attachments_of(state, before):
        zone = attachment_goes_to(rules, att)[1]
        gone = replace(att, zone=zone, controller=att.owner, kneeling=False, incarnation=att.incarnation + 1)
        cards = cards.set(att.id, moved_card(rules, att, gone, None))
    return state if cards is state.cards else replace(state, cards=cards)


def went_with(before, after, tc) -> list:
    """The triggering conditions of the attachments that left play with ``tc``'s card as it
    occurred (``before`` → ``after``): each returned to its owner's hand, or discarded if terminal,
    simultaneously with it (RR "Attachment Cards", "Leaves Play"), so they occurred in the same
    occurrence and share its reaction window. They were never imminent on their own: nothing
    interrupts them (rule ``agot.attachment``)."""
    card = tc.card
    if card is None or card.zone not in before.rules.in_play or card.id not in before.dependents:
        return []
    if after.cards[card.id].zone in before.rules.in_play:
        return []
    out = []
    for att in attachments_of(before, before.cards[card.id]):
        if after.cards[att.id].zone in before.rules.in_play:
            continue
        kind = attachment_goes_to(before.rules, att)[0]
        out.append(TriggeringCondition(ids.triggering_condition(tc.sequence, kind.value, att.obj), kind, tc.sequence,
                                       tc.cause, card=att, player=att.controller))
    return out


def check_cards(cards: tuple) -> None:
    """Each duplicate names another card of the scenario; factions and faction cards are the
    game's (:func:`~rulekit.rulesets.agot.factions.check_factions`); participation and lasting
    changes are the rules' own (a challenge sets them), not a file's; an attachment is attached to
    another card (one that is neither an attachment nor an event) only while both are in play
    (agot.attachment)."""
    from rulekit.core.scenario import suggest
    from rulekit.rulesets.agot.factions import check_factions
    check_factions(cards)
    ids = [c.id for c in cards]
    by_id = {c.id: c for c in cards}
    for i, card in enumerate(cards):
        if card.extension is not None and card.strength < 0:
            raise ScenarioError(f"card {card.id!r} ({card.title}): STR {card.strength} is negative: a card cannot have "
                                "negative STR (Rules Reference, \"Modifiers\")", path=f"cards[{i}].strength",
                                expected="a STR of 0 or more")
        if card.extension is not None and card.power < 0:
            raise ScenarioError(f"card {card.id!r} ({card.title}): power {card.power} is negative: power is counted by "
                                "power counters on a card (Rules Reference, \"Power\")", path=f"cards[{i}].power",
                                expected="0 or more power")
        for name, how in (("participating", "declared in a challenge"), ("until_challenge", "given by an effect"),
                          ("until_phase", "given by an effect")):
            if card.extension is not None and getattr(card, name):
                raise ScenarioError(f"card {card.id!r}: {name!r} is {how}, not set by a file", path=f"cards[{i}].{name}",
                                    expected=f"no {name!r}: a script entry {{do: challenge, player: ATTACKER, "
                                             "challenge: military, cards: [ATTACKERS], defenders: [DEFENDERS]}")
        target = card.duplicate_of if card.extension is not None else None
        if target is not None and (target not in ids or target == card.id):
            raise ScenarioError(f"duplicate_of {target!r} of card {card.id!r} names no other card"
                                f"{suggest(target, ids)}", path=f"cards[{i}].duplicate_of",
                                expected="the id of the card it duplicates")
        if card.extension is None:
            continue
        if card.terminal and card.type != "attachment":
            raise ScenarioError(f"card {card.id!r} is {_a(card.type or 'character')}: only an attachment has the keyword terminal",
                                path=f"cards[{i}].terminal", expected="terminal: true on a card of type attachment")
        host = card.attached_to
        if host is None:
            continue
        at = f"cards[{i}].attached_to"
        if card.type != "attachment":
            raise ScenarioError(f"card {card.id!r} is {_a(card.type or 'character')}, not an attachment: only an attachment is attached "
                                "to a card", path=at, expected="type: attachment")
        if host not in ids or host == card.id:
            raise ScenarioError(f"attached_to {host!r} of card {card.id!r} names no other card{suggest(host, ids)}",
                                path=at, expected="the id of the card it is attached to")
        other = by_id[host]
        kind = "duplicate" if other.extension is not None and other.duplicate_of is not None else other.type
        if kind in ("attachment", "event", "duplicate"):
            raise ScenarioError(f"attached_to {host!r} of card {card.id!r} names {_a(kind)}, which nothing can be "
                                "attached to", path=at, expected="a character (or a location, if the attachment's text allows it)")
        out = next((z for z in (card.zone, other.zone) if z not in (None, "play area")), None)
        if out is not None:
            raise ScenarioError(f"card {card.id!r} is attached to {host!r}, so both are in the play area (not the "
                                f"{out}): an attachment out of play is attached to nothing", path=at,
                                expected="zone: play area for both")


def _a(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun
