"""Matching, the neutral checks the rest of the judge is built from, each answering "why not"
in words: whether a card passes a filter, whether a triggering condition matches an ability's
pattern, whether a condition holds, and whether a constant
ability forbids something. Each returns ``None`` when it holds, or the reason it does not.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.core.abilities import CardFilter, Condition, Posture, Target, Trigger, Which, Who
from rulekit.core.events import EVENTS, EventKind, Verb, kinds_counted
from rulekit.core.frozen import members
from rulekit.core.model import Card, GameState, TriggeringCondition

if TYPE_CHECKING:
    from rulekit.core.ruleset import Ruleset

# Enum members read at every step, through plain classes (rulekit.frozen.members says why)
_EventKind = members(EventKind)
_Posture = members(Posture)
_Target = members(Target)
_Verb = members(Verb)
_Which = members(Which)
_Who = members(Who)


# -- patterns and filters ----------------------------------------------------------------
def _who_matches(who: Who, player: str | None, me: str) -> bool:
    if who is _Who.ANY:
        return True
    # a player of "" is no one (an uncontrolled Riftbound battlefield): neither you nor an opponent
    return (player == me) if who is _Who.YOU else (bool(player) and player != me)


def filter_mismatch(f: CardFilter, card: Card, me: str, source: Card | None, *, rules: "Ruleset",
                    moved_by_event: bool = False, that: Card | None = None,
                    state: GameState | None = None) -> str | None:
    """``None`` if ``card`` passes the filter from the point of view of ``me`` and ``source``
    (the ability's card), else what does not match. ``rules``: the game's ruleset (which zones
    all players share, for "here"); ``that``: the card the triggering condition is about, where
    an instruction's filter compares with it ("lower STR than that character")."""
    if f.id is not None and card.id != f.id:
        return f"{card.title} is not the card {f.id}"
    if f.which is not _Which.ANY and source is not None:
        same = card.id == source.id and (card.incarnation == source.incarnation or
                                         (moved_by_event and card.incarnation + 1 == source.incarnation))
        if f.which is _Which.SELF and not same:
            return f"{card.title} is not this card"
        if f.which is _Which.OTHER and same:
            return "it is this card itself"
        if f.which is _Which.ATTACHED and card.id != rules.host_of(source):
            return f"{card.title} is not the card {source.title} is attached to"
    if f.type is not None and card.type != f.type:
        return f"{card.title} is not a {f.type}"
    if f.title is not None and card.title != f.title:
        return f"{card.title} is not {f.title}"
    if f.trait is not None and f.trait not in card.traits:
        return f"{card.title} lacks the {f.trait} trait"
    if f.not_title is not None and card.title == f.not_title:
        return f"{card.title} is a {f.not_title}"
    if f.not_trait is not None and f.not_trait in card.traits:
        return f"{card.title} is a {f.not_trait}"
    if f.here:
        if source is None or not source.zone:
            return "\"here\" is nowhere: the ability's card has no location"
        # a zone all players share (a battlefield) is one location; any other (a base) is its
        # controller's own; Riftbound's named battlefields are each a location (Ruleset.location)
        if rules.location(card) != rules.location(source):
            return f"{card.title} is not here ({source.title}'s location)"
    if f.combat is not None:        # "while I'm attacking", "a defending unit", "in combat" (Riftbound)
        role = rules.combat_role(card)
        if role is None or (f.combat != "in combat" and role != f.combat):
            return f"{card.title} is not {'in combat' if f.combat == 'in combat' else 'an ' + f.combat}"
    if f.controller is not _Who.ANY and not _who_matches(f.controller, card.controller, me):
        return f"{card.title} is controlled by {card.controller}"
    if f.owner is not _Who.ANY and not _who_matches(f.owner, card.owner, me):
        return f"{card.title} is owned by {card.owner}"
    if f.zone is not None and card.zone != f.zone:
        return f"{card.title} is in the {card.zone}, not the {f.zone}"
    if f.posture is _Posture.STANDING and card.kneeling:
        return f"{card.title} is kneeling"
    if f.posture is _Posture.KNEELING and not card.kneeling:
        return f"{card.title} is standing"
    if f.entered is not None:       # "entered play this phase" (A Game of Thrones): its game keeps the record
        why = rules.entered_mismatch(f.entered, card, state) if state is not None else "no game to read it in"
        if why:
            return why
    if f.any_of:                    # "a Knight or Lord character": one of them at least
        whys = [filter_mismatch(alt, card, me, source, rules=rules, moved_by_event=moved_by_event, that=that,
                                 state=state)
                for alt in f.any_of]
        if all(whys):
            return "none of the alternatives holds: " + "; ".join(whys)
    # the filter's fields of the card's own game (Riftbound: buffed; A Game of Thrones: faction, STR)
    return rules.card_mismatch(f, card, source=source, that=that)


def narrowed(f: CardFilter, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """"The lowest STR character": of the cards a filter found, those whose number (``lowest`` or
    ``highest``) no other found card goes beyond — every tied card, for a chooser to pick among."""
    for name, pick in ((f.lowest, min), (f.highest, max)):
        if name and cards:
            best = pick(getattr(c, name) for c in cards)
            cards = tuple(c for c in cards if getattr(c, name) == best)
    return cards


def trigger_mismatch(when: Trigger, tc: TriggeringCondition, state: GameState, me: str, source: Card,
                     occurred: bool) -> str | None:
    """``None`` if the triggering condition is one this pattern refers to, else why not: the
    pattern's fields the core knows (:func:`trigger_words`), then those of its own game (A Game of
    Thrones: "by 5 or more STR", "unopposed"). (:mod:`rulekit.core.speed.patterns` checks the
    first part with the pattern compiled into a predicate.)"""
    why = trigger_words(when, tc, state, me, source, occurred)
    if why is None:
        return state.rules.trigger_own_mismatch(when, tc, state, me)
    return why


def trigger_words(when: Trigger, tc: TriggeringCondition, state: GameState, me: str, source: Card,
                  occurred: bool) -> str | None:
    """``None`` if the triggering condition is one this pattern refers to, else why not, in words."""
    if (_EventKind.LEAVES_PLAY in when.events and tc.kind is not _EventKind.LEAVES_PLAY
            and _EventKind.LEAVES_PLAY in kinds_counted(tc.kind)):
        if tc.card is None or tc.card.zone not in state.rules.in_play:
            return "the card was not in play"
    if tc.card is not None and when.card is not None:
        why = filter_mismatch(when.card, tc.card, me, source, rules=state.rules, state=state,
                              moved_by_event=occurred and EVENTS[tc.kind].moves_card)
        if why:
            return why
    # the player a card event is about: the card's (or the initiator's) controller
    if when.player is not _Who.ANY and not _who_matches(when.player, tc.player, me):
        return f"it is about {tc.player}"
    if when.challenge is not None and tc.challenge != when.challenge:
        return f"the challenge is {tc.challenge or 'of no type'}, not {when.challenge}"
    if when.phase is not None and tc.phase != when.phase:
        return f"the phase is {tc.phase or 'none'}, not {when.phase}"
    if when.how is not None and tc.how != when.how:
        return f"it entered play by {tc.how or 'no named means'!r}, not by {when.how!r}"
    return None


def condition_failure(conditions: tuple[Condition, ...], state: GameState, me: str,
                      source: Card | None, *, captured: Card | None = None) -> str | None:
    """``None`` if every condition holds now, else the first that does not, in words.
    ``captured``: the ability's card as noted before it left (a Deathknell's "if I was …" reads it)."""
    for cond in conditions:
        if captured is not None and cond.count is not None and cond.count.which is _Which.SELF:
            if cond.phase is not None and state.phase != cond.phase:
                return f"the phase is {state.phase or 'none'}, not {cond.phase}"
            n = 1 if filter_mismatch(cond.count, captured, me, captured, rules=state.rules, state=state) is None else 0
            if cond.at_least is not None and n < cond.at_least:
                return filter_mismatch(cond.count, captured, me, captured, rules=state.rules, state=state) or "no matching card"
            if cond.at_most is not None and n > cond.at_most:
                return f"{captured.title} matched, needs at most {cond.at_most}"
            continue
        if cond.phase is not None and state.phase != cond.phase:
            return f"the phase is {state.phase or 'none'}, not {cond.phase}"
        if cond.challenges is not None:     # A Game of Thrones: "if you have not lost a challenge this round"
            n, words = state.rules.challenges_counted(cond.challenges, state, me)
            if cond.at_least is not None and n < cond.at_least:
                return f"{words}: {n}, needs at least {cond.at_least}"
            if cond.at_most is not None and n > cond.at_most:
                return f"{words}: {n}, needs at most {cond.at_most}"
        if cond.count is not None:
            found = counted(cond.count, state, me, source)
            if cond.total is not None:      # "if you have 10 or more power": the sum of a number over them
                n = sum(getattr(c, cond.total) for c in found)
                if cond.at_least is not None and n < cond.at_least:
                    return f"{n} {cond.total} in all, needs at least {cond.at_least}"
                if cond.at_most is not None and n > cond.at_most:
                    return f"{n} {cond.total} in all, needs at most {cond.at_most}"
                continue
            n = len(found)
            if cond.at_least is not None and n < cond.at_least:
                if cond.count.which is _Which.SELF and source is not None:
                    # "if I'm at a battlefield": say what is true of the card instead of counting
                    now = state.cards.get(source.id, source)
                    why = filter_mismatch(cond.count, now, me, now, rules=state.rules, state=state)
                    if why:
                        return why
                return f"{n} matching card(s), needs at least {cond.at_least}"
            if cond.at_most is not None and n > cond.at_most:
                return f"{n} matching card(s), needs at most {cond.at_most}"
    return None


def counted(f: CardFilter, state: GameState, me: str, source: Card | None) -> tuple[Card, ...]:
    """The cards a condition's count sees: those passing the filter in the zone it names, or, when
    it names none, in play — "a unit", "characters you control" are cards on the board (Riftbound
    Core Rules 355.9.a.1; A Game of Thrones: a card you control is in play). Rule
    ``rulekit.default-zones``."""
    zones = (f.zone,) if f.zone else state.rules.in_play
    return narrowed(f, tuple(card for card in (state.cards[cid] for cid in state.order)
                             if card.zone in zones and filter_mismatch(f, card, me, source, rules=state.rules,
                                                                               state=state) is None))


# -- constant abilities ------------------------------------------------------------------
def restricted_by(state: GameState, card: Card | None, verb: Verb) -> Card | None:
    """The card whose active constant ability says ``card`` cannot undergo ``verb`` ("cannot be
    saved", "cannot be cancelled", "cannot be killed"), or ``None``. A constant ability is
    active while its card is where its abilities work (in play) and its condition holds; it is
    read afresh every time the rules ask (``agot.constant``)."""
    if card is None:
        return None
    for card_id, index in state.constant_abilities():
        source = state.cards[card_id]
        ability = source.abilities[index]
        if source.zone not in state.rules.works_in(source, ability):
            continue
        for instr in ability.effect:
            if instr.do is not verb:
                continue
            if instr.target is _Target.SELF:
                hit = card.id == source.id
            else:
                hit = filter_mismatch(instr.filter or CardFilter(), card, source.controller, source,
                                      rules=state.rules, state=state) is None
            if hit and condition_failure(ability.condition, state, source.controller, source) is None:
                return source
    return None
