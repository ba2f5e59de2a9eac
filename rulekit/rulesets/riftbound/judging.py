"""Judging Riftbound's triggered abilities (rules ``rb.evaluate-after``, ``rb.trigger-condition``,
``rb.nth``, ``rb.turn``, ``rb.deathknell``): whether an ability triggers for an event, judged after the
event (a Deathknell: from its card as it was), where it works, who controls its item, and what a
Deathknell's "me" names once its card is in the trash (``rb.deathknell-me``)."""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core import judge
from rulekit.core.abilities import Ability, Instruction, Timing, Which, Who
from rulekit.core.events import EVENTS, VERB_EVENT, EventKind, Verb, kinds_counted
from rulekit.core.frozen import replace
from rulekit.core.model import Card, GameState, TriggeringCondition
from rulekit.core.text import condition_label
from rulekit.core.verdicts import Code, Verdict
from rulekit.rulesets.riftbound import cards, whereabouts

#: where a killed card goes (108.2.b)
TRASH = "trash"


# -- judging triggers ----------------------------------------------------------------------------
def zones_of(state: GameState, source: Card, ability: Ability) -> tuple[str, ...]:
    return state.rules.works_in(source, ability)


def turn_key(source: Card, ability: Ability, state: GameState, what: str) -> str:
    return f"{what}|{source.obj}.{ability.id}|turn {state.round}"


def card_played(tc: TriggeringCondition) -> bool:
    """Whether ``tc`` is a card being played: a played event whose object is a card — a token an
    effect plays is played too (182.1.a, 350.2) but is no card (182, 052)."""
    return (EventKind.PLAYED in kinds_counted(tc.kind) and tc.card is not None
            and not ids.is_token(tc.card.id))


def legion_failure(state: GameState, source: Card, me: str) -> str | None:
    """Legion (``rb.keywords``): ``None`` if ``me`` has played a card other than ``source`` this
    turn (812.1.b.1; one card played satisfies every Legion, 812.2), else why not. The events
    processed are the record: cards played this turn — not tokens, which are no cards (182, 052) —
    the one being evaluated included (727.1.c.1.a). Under ruling ``rb.legion-counts=finalized`` a
    spell counts from the moment it is finalized (812.1.c), before its play is complete when it
    resolves (``state.playing``: the spells finalized and not yet played, with who plays them)."""
    for turn, tc in state.events_newest_first():
        if turn != state.round:
            break
        if card_played(tc) and tc.player == me and tc.card.id != source.id:
            return None
    if state.playing and state.ruling("rb.legion-counts") == "finalized":
        if any(player == me and ids.card_id(obj) != source.id for obj, player in state.playing.items()):
            return None
        return f"{me} has played (or finalized) no other card this turn"
    return f"{me} has played no other card this turn"


def token_not_a_card(when, tc: TriggeringCondition) -> str | None:
    """"Card" in card text is a Main Deck card (052) and a token is no card (182): a trigger
    condition about a card being played ("When you play a card", "another card": a ``played``
    pattern whose card filter names no type and is not "me") is not met by a token's being played,
    though "When you play a unit" is (133.3, 182.1.a). ``None`` if it is met, else why not."""
    if EventKind.PLAYED not in when.events or tc.card is None or not ids.is_token(tc.card.id):
        return None
    f = when.card
    if f is not None and (f.type is not None or f.which is Which.SELF):
        return None
    return f"{tc.card.title} is a token, not a card (182, 052)"


def after_move(tc: TriggeringCondition, state: GameState) -> TriggeringCondition:
    """A move's trigger condition as it is evaluated, after the move (383.2.c): the moved card where
    it is now ("When I move to a battlefield", "a unit moves here"), if it is still the same object.
    Other events keep the card as the event found it."""
    if tc.kind is not EventKind.MOVES or tc.card is None:
        return tc
    now = state.cards.get(tc.card.id)
    if now is None or now.incarnation != tc.card.incarnation:
        return moved_there(tc, state)
    return replace(tc, card=now)


def moved_there(tc: TriggeringCondition, state: GameState) -> TriggeringCondition:
    """A move's trigger condition with its card where that move put it (383.2.c), for a move of
    this turn's record: the card as the event found it, placed at the move's destination (a
    battlefield by its id, or a zone). Other events are returned as they are."""
    if tc.kind is not EventKind.MOVES or tc.card is None or tc.to is None:
        return tc
    target = state.cards.get(tc.to)
    if target is not None and cards.is_battlefield(target):
        return replace(tc, card=replace(tc.card, zone=cards.BATTLEFIELD).changed(at=tc.to))
    return replace(tc, card=replace(tc.card, zone=tc.to).changed(at=None))


def turn_mismatch(ability: Ability, state: GameState, me: str) -> str | None:
    """A turn qualifier ("on your turn", "on an opponent's turn") is part of the trigger
    condition (``rb.turn``): ``None`` if the turn player is the one it names, judged from ``me``,
    else why not. The turn player is kept as ``first_player``."""
    turn = ability.when.turn
    if turn is None or turn is Who.ANY:
        return None
    mine = state.first_player == me
    if turn is Who.YOU and not mine:
        return f"it is not your turn ({state.first_player} is the turn player)"
    if turn is Who.OPPONENT and mine:
        return f"it is not an opponent's turn ({me}, its controller, is the turn player)"
    return None


def _qualifies(ability: Ability, tc: TriggeringCondition, state: GameState, me: str, source: Card) -> bool:
    """Whether ``tc`` is an event ``ability``'s trigger condition refers to (for counting); a move
    is judged where it put its card, as the trigger itself is (383.2.c). ``source`` is the card
    where it was when ``tc`` was evaluated ("here" reads that: 359.3.f.3)."""
    if ability.when.event not in kinds_counted(tc.kind):
        return False
    moved = moved_there(tc, state)
    # the card the event was about is the object the event left it as: a move on the board keeps
    # it the same object (441.1), so only a move to or from a non-board zone made it a new one
    occurred = tc.kind is not EventKind.MOVES or (
        tc.card is not None and state.rules.new_object(tc.card.zone, moved.card.zone))
    if judge.trigger_mismatch(ability.when, moved, state, me, source, occurred=occurred) is not None:
        return False
    if turn_mismatch(ability, state, me) is not None:
        return False
    if ability.when.by is not None:
        return tc.source is not None and judge.filter_mismatch(ability.when.by, tc.source, me, source,
                                                                          rules=state.rules) is None
    return True


def reads_here(ability: Ability) -> bool:
    """Whether a trigger pattern reads where its card is ("here"; "I conquer": the battlefield I am
    at)."""
    f = ability.when.card
    return f is not None and (f.here or any(alt.here for alt in f.any_of))


def nth_seen(state: GameState, source: Card, ability: Ability, group: tuple[TriggeringCondition, ...]) -> int:
    """How many qualifying events a numbered trigger has already counted this turn, before
    ``group``: every qualifying event of the turn, "friendly" judged for the watcher's controller
    (ruling ``rb.nth-count=turn``), or only those the card itself saw (``seen``). Either way an
    event counted is one that met the trigger condition when it was evaluated: "here" is where this
    object was then (:mod:`.whereabouts`), never where it is now."""
    return nth_counted(state, source, ability, group)[0]


def nth_counted(state: GameState, source: Card, ability: Ability,
                group: tuple[TriggeringCondition, ...]) -> tuple[int, tuple[tuple[TriggeringCondition, str | None], ...]]:
    """:func:`nth_seen`, with the events counted, oldest first, each as ``(event, where)`` — the
    place "here" was then, for a pattern that reads it, else ``None`` (none named under ``seen``,
    which keeps only a count)."""
    if state.ruling("rb.nth-count") == "seen":
        return state.counts.get(turn_key(source, ability, state, "nth"), 0), ()
    me = item_controller(state, source)
    now = {tc.id for tc in group}
    here = reads_here(ability)
    history = state.history
    counted = []
    for n in range(len(history) - 1, -1, -1):
        turn, tc = history[n]
        if turn != state.round:          # turns only move forward: the rest are earlier turns
            break
        if tc.id in now or ability.when.event not in kinds_counted(tc.kind):
            continue
        then = (whereabouts.as_it_was(state, source, n) or replace(source, zone="")) if here else source
        if _qualifies(ability, tc, state, me, then):     # not this object then: it was nowhere (359.3.e.4)
            counted.append((tc, (cards.where(then) or None) if here else None))
    return len(counted), tuple(reversed(counted))


def rb_judge(state: GameState, source: Card, ability: Ability, tc: TriggeringCondition,
             group: tuple[TriggeringCondition, ...]) -> Verdict:
    """Does ``ability`` on ``source`` trigger for ``tc``, judged after the event (Deathknell:
    from the dying card as it was)?"""
    obj, aid, tid = source.obj, ability.id, tc.id
    if ability.when is None:
        return Verdict(obj, aid, tid, Code.NOT_LISTENING, "it is used with priority, not triggered")
    if ability.when.event not in kinds_counted(tc.kind):
        return Verdict(obj, aid, tid, Code.NOT_LISTENING,
                       f"it listens for \"{ability.when.event.value}\", this is \"{tc.kind.value}\"")
    if ability.timing is not Timing.TRIGGERED:
        return Verdict(obj, aid, tid, Code.WRONG_TIMING, f"a {ability.timing.value} ability is not triggered by events")
    if ability.deathknell:
        if tc.kind is not EventKind.KILLED or tc.card is None or tc.card.id != source.id:
            return Verdict(obj, aid, tid, Code.NO_MATCH, "Deathknell triggers only on its own card's death")
        if ability not in tc.card.abilities:     # judged from the card as it died: it has the text only now
            return Verdict(obj, aid, tid, Code.GRANTED_LATER, f"{tc.card.title} did not have it when it died")
        if tc.card.zone not in state.rules.in_play:
            return Verdict(obj, aid, tid, Code.NOT_ACTIVE, f"{tc.card.title} was not on the board")
        why = turn_mismatch(ability, state, tc.card.controller)
        if why:
            return Verdict(obj, aid, tid, Code.NO_MATCH, why)
        why = legion_failure(state, tc.card, tc.card.controller) if ability.legion else None
        if why:
            return Verdict(obj, aid, tid, Code.INACTIVE, f"Legion: {why}")
        if ability.condition:   # read from the card as noted before it moved (808.1.d.3)
            why = judge.condition_failure(ability.condition, state, tc.card.controller, tc.card, captured=tc.card)
            if why:
                return Verdict(obj, aid, tid, Code.CONDITION_FALSE, f"trigger condition false when evaluated: {why}")
        return Verdict(obj, aid, tid, Code.TRIGGERS, "Deathknell: captured before it moved")
    if source.zone not in zones_of(state, source, ability):
        left = next((e for e in group if e.card is not None and e.card.id == source.id
                     and e.card.zone in zones_of(state, e.card, ability)), None)
        detail = (f"{source.title} left the {left.card.zone} in the same event" if left is not None
                  else f"{source.title} is in the {source.zone}")
        return Verdict(obj, aid, tid, Code.NOT_ACTIVE, detail)
    me = source.controller if source.zone in state.rules.in_play else source.owner
    if ability.active_if:
        why = judge.condition_failure(ability.active_if, state, me, source)
        if why:
            return Verdict(obj, aid, tid, Code.INACTIVE, f"its dependent keyword's condition is false: {why}")
    if ability.legion:
        why = legion_failure(state, source, me)
        if why:
            return Verdict(obj, aid, tid, Code.INACTIVE, f"Legion: {why}")
    why = judge.trigger_mismatch(ability.when, after_move(tc, state), state, me, source, occurred=True)
    if why is None and ability.when.by is not None:
        why = ("nothing's effect caused it" if tc.source is None else
               judge.filter_mismatch(ability.when.by, tc.source, me, source, rules=state.rules))
    if why is None:
        why = turn_mismatch(ability, state, me)
    if why:
        return Verdict(obj, aid, tid, Code.NO_MATCH, why)
    if ability.condition:
        why = judge.condition_failure(ability.condition, state, me, source)
        if why:
            return Verdict(obj, aid, tid, Code.CONDITION_FALSE, f"trigger condition false when evaluated: {why}")
    if ability.once_per_turn and state.usage.get(turn_key(source, ability, state, "once"), 0):
        return Verdict(obj, aid, tid, Code.ONCE_PER_TURN)
    if ability.when.nth is not None:
        seen, counted = nth_counted(state, source, ability, group)
        ordinal = {1: "first", 2: "second", 3: "third"}.get(ability.when.nth, f"number {ability.when.nth}")
        if seen >= ability.when.nth:
            which = "".join((": " if k == 0 else ", ") + condition_label(state, e.id)
                            + (f" (here was {_place_words(state, where)})" if where else "")
                            for k, (e, where) in enumerate(counted))
            return Verdict(obj, aid, tid, Code.NTH_PASSED,
                           f"the {ordinal} qualifying event this turn already happened ({seen} so far{which})")
        now = seen + sum(1 for e in group if _qualifies(ability, e, state, me, source))
        if now < ability.when.nth:       # the trigger condition is the Nth event, not any before it (383.1)
            return Verdict(obj, aid, tid, Code.NTH_NOT_YET,
                           f"the {ordinal} qualifying event this turn has not happened yet ({now} so far)")
    return Verdict(obj, aid, tid, Code.TRIGGERS)


def _place_words(state: GameState, place: str) -> str:
    """A place by its name in words: a battlefield's title, or the zone."""
    card = state.cards.get(place)
    return card.title if card is not None else f"the {place}"


_NUMBERED = (Code.NTH_PASSED, Code.NTH_NOT_YET)      #: verdicts only a numbered trigger gets


def item_controller(state: GameState, source: Card) -> str:
    """The source's controller if it is on the board, its owner otherwise (``rb.control``)."""
    return source.controller if source.zone in state.rules.in_play else source.owner


# -- "me" in a Deathknell: its card in the trash (rule rb.deathknell-me) ------------------------------
def deathknell_me(state: GameState, source: Card, ability: Ability,
                  instr: Instruction) -> tuple[Card | None, Instruction, str]:
    """What "me" ("this") of a Deathknell names as an instruction of it executes or its cost is paid,
    once its card has died (ruling ``rb.deathknell-me``): under ``trash``, the card in its owner's
    trash — the object its death put there (808.1.c-808.1.d), for as long as it stays there — if the
    instruction can act on a card in a non-board zone: one whose event takes the card from a zone
    that need not be the board (recycle it, banish it: 416.1, 108.2.b), a move only to a zone off the
    board (a move between locations is on the board: 420.1), and "return me to hand", which from
    the trash is a move to its owner's hand (355.10.a's "return a unit from your trash to your
    hand"; it is no leaving of the board). What needs a permanent on the board (Might, damage,
    readying, a kill) finds nothing: a card in the trash is no unit or gear (355.9.a.1). Returns the
    card (or ``None``), the instruction as it acts there, and why not."""
    if not ability.deathknell or state.ruling("rb.deathknell-me") != "trash":
        return None, instr, ""
    now = state.cards.get(source.id)
    if now is None or now.incarnation != source.incarnation + 1 or now.zone != TRASH:
        return None, instr, f"{source.title} is no longer in the trash where it died (a new object)"
    if instr.do is Verb.RETURN_TO_HAND:
        instr = replace(instr, do=Verb.MOVE, to=state.rules.hand)
    kind = VERB_EVENT.get(instr.do)
    spec = EVENTS.get(kind) if kind is not None else None
    if spec is None or not spec.moves_card or spec.from_play:
        return None, instr, (f"{now.title} is in the trash: it is no unit or gear on the board to "
                             f"{instr.do.value} (355.9.a.1)")
    place = state.cards.get(instr.to) if instr.to is not None else None
    if instr.do is Verb.MOVE and (instr.to is None or instr.to in state.rules.in_play
                                  or (place is not None and cards.is_battlefield(place))):
        return None, instr, (f"{now.title} is in the trash: a move goes from one location on the board to another "
                             "(420.1)")
    return now, instr, ""


def acting_on_self(state: GameState, source: Card, ability: Ability, instr: Instruction) -> tuple[Card, Instruction]:
    """The card an instruction's ``self`` acts on, and the instruction as it acts: a Deathknell's card
    in the trash when "me" names it there (:func:`deathknell_me`), else the ability's source."""
    card, acted, _ = deathknell_me(state, source, ability, instr)
    return (card, acted) if card is not None else (source, instr)
