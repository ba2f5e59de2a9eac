"""What happens in place of events, and what is judged before cards move: replacements from any source —
printed on cards, or made by a spell or ability for an object's next death — ordered together
(``rb.standing-replacement``), the events a replacement puts in place of a death (``rb.replacement``),
abilities about their own card leaving the board (ruling ``rb.own-leaving``), and the Cost of a
permanent the script plays (``rb.resources``)."""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core import judge
from rulekit.core import occur
from rulekit.core.abilities import Timing, Which
from rulekit.core.effects import apply_replacement
from rulekit.core.events import EventKind, Verb, kinds_counted
from rulekit.core.frozen import replace
from rulekit.core.model import GameState, TriggeringCondition
from rulekit.core.verdicts import Code, Verdict
from rulekit.rulesets.riftbound import cards
from rulekit.rulesets.riftbound.cards import card_costs
from rulekit.rulesets.riftbound.frames import ChainItem
from rulekit.rulesets.riftbound.judging import item_controller, rb_judge, zones_of

# -- replacements from any source ("If … would die, … instead"; "The next time it would die, … instead") --
#: the end of a key of ``state.replacements`` whose delayed replacement lasts only this turn
THIS_TURN = " this turn"


def delayed_key(obj: str, this_turn: bool = False) -> str:
    """Where a delayed replacement of ``obj``'s next death (390.3) waits in ``state.replacements``;
    one made for "the next time it would die this turn" expires when the turn ends (317.2.c)."""
    return f"next death of {obj}" + (THIS_TURN if this_turn else "")


def death_keys(tc: TriggeringCondition) -> tuple[str, ...]:
    """The keys of the delayed replacements that wait for this card object's next death."""
    if tc.kind is not EventKind.KILLED or tc.card is None:
        return ()
    return delayed_key(tc.card.obj), delayed_key(tc.card.obj, True)


def lasting_this_turn(state: GameState) -> tuple[str, ...]:
    """The delayed replacements made for "the next time … this turn" still waiting (their uses)."""
    return tuple(entry[0] for key, entries in state.replacements.items() if key.endswith(THIS_TURN)
                 for entry in entries)


def this_turn_expires(state: GameState) -> GameState:
    """The Expiration Step (317.2.c): a delayed replacement made for "the next time … this turn" that
    was not applied expires with every other "this turn" effect."""
    gone = [key for key in state.replacements if key.endswith(THIS_TURN)]
    replacements = state.replacements
    for key in gone:
        replacements = replacements.delete(key)
    return replace(state, replacements=replacements) if gone else state


def _candidates(state: GameState, tc: TriggeringCondition, applied: frozenset) -> list:
    """The replacements that apply to ``tc`` and have not yet been applied to it or to an event it
    replaces (370.2), from any source: first the delayed ones spells and abilities made for this
    object's next death (390.3; the newest first), then those printed on cards (368.1), in listing
    order. Each is ``(reference, entry, key)``: the reference a player answers with (the item that
    made a delayed one; ``card.ability`` for a printed one), the entry ``(use, card id, controller,
    instructions)``, and where a delayed one waits (``None`` for a printed one)."""
    out = []
    for key in death_keys(tc):
        for entry in reversed(state.replacements.get(key, ())):
            if entry[0] not in applied:
                out.append((entry[0], entry, key))
    for card_id, index in state.listeners_for(tc.kind, Timing.REPLACEMENT):
        source = state.cards[card_id]
        ability = source.abilities[index]
        ref = ids.ability_ref(source.obj, ability.id)
        if ref in applied or source.zone not in zones_of(state, source, ability):
            continue
        me = item_controller(state, source)          # its controller is its source's (374)
        if ability.active_if and judge.condition_failure(ability.active_if, state, me, source):
            continue
        if judge.trigger_mismatch(ability.when, tc, state, me, source, occurred=False) is not None:
            continue
        if ability.condition and judge.condition_failure(ability.condition, state, me, source):
            continue
        out.append((ref, (ids.use(source.obj, ability.id, tc.id), source.id, me, ability.effect), None))
    return out


def chooser(state: GameState, tc: TriggeringCondition) -> str:
    """Who orders the replacements that apply to one event (372): the owner of the object acted on —
    not the replacements' controllers — or, under the ruling ``rb.replacement-chooser=controller``
    (a later text of 372), its controller. (A player acted on would order their own, 372.1, and the
    turn player those of an uncontrolled battlefield, 372.2; rulekit replaces deaths only, and only a
    unit or a gear dies.)"""
    return tc.card.controller if state.ruling("rb.replacement-chooser") == "controller" else tc.card.owner


def _spend(state: GameState, key: str, entry: tuple) -> GameState:
    """A delayed replacement applied is used up ("the next time"): it waits no more."""
    left = tuple(e for e in state.replacements.get(key, ()) if e[0] != entry[0])
    return replace(state, replacements=state.replacements.set(key, left) if left else state.replacements.delete(key))


def standing_replacements(state: GameState, conditions, choices: tuple):
    """Apply the replacements, from any source, to the events about to occur (369-372): each event
    is replaced by what the first applicable replacement says happens instead (370.1.a); those
    events can be replaced in turn by replacements not yet applied to the event they replace
    (370.2); a replacement that no longer applies to what is left is not applied. When several
    apply to one event, the owner of the object acted on chooses which applies first (372), a
    spell's delayed replacement and a printed one alike: ``choices`` holds their answers; without
    one the caller asks (the event, the options, and who chooses). A delayed
    replacement that was not applied still waits for the object's next death (ruling
    ``rb.next-time-unapplied``). Returns the state, the conditions that happen, (replaced id, use)
    pairs, the question to ask (or ``None``), and whether a delayed replacement was passed by."""
    if not state.replacements and not state.listeners_for(EventKind.KILLED, Timing.REPLACEMENT):
        return state, conditions, [], None, False
    chosen = dict(choices)
    lineage = {tc.id: frozenset() for tc in conditions}
    work, out, replaced, passed_by = list(conditions), [], [], []
    while work:
        tc = work.pop(0)
        candidates = _candidates(state, tc, lineage.get(tc.id, frozenset())) if tc.card is not None else []
        if not candidates:
            out.append(tc)
            continue
        if len(candidates) > 1:
            pick = chosen.get(tc.id)
            if pick is None:
                return state, conditions, [], (tc, tuple(c[0] for c in candidates), chooser(state, tc)), False
            ref, entry, key = next(c for c in candidates if c[0] == pick)
        else:
            ref, entry, key = candidates[0]
        passed_by.extend((k, e) for r, e, k in candidates if k is not None and r != ref)
        if key is not None:
            state = _spend(state, key, entry)
        replaced.append((tc.id, entry[0]))
        if state.ruling("rb.replacement-triggers") == "no-trigger":
            state = apply_replacement(state, tc, entry)
            continue
        made = replacing_conditions(state, tc, entry)
        for m in made:
            lineage[m.id] = lineage.get(tc.id, frozenset()) | {ref}
        work = list(made) + work
    if passed_by and state.ruling("rb.next-time-unapplied") == "spent":
        for key, entry in passed_by:      # "the next time" has come and gone, applied or not
            state = _spend(state, key, entry)
    return state, tuple(out), replaced, None, bool(passed_by)


# -- abilities about their own card leaving the board ("When I leave the board") ------------------------
#: the events that take a card off the board (a move counts when it goes to a zone off the board)
_LEAVING = (EventKind.KILLED, EventKind.DISCARDED, EventKind.SACRIFICED, EventKind.RETURNED_TO_HAND,
            EventKind.LEAVES_PLAY, EventKind.RECYCLED, EventKind.MOVES)


def _leaves_board(state: GameState, tc: TriggeringCondition) -> bool:
    if tc.kind not in _LEAVING or tc.card is None or tc.card.zone not in state.rules.in_play:
        return False
    if tc.kind is not EventKind.MOVES or tc.to is None:
        return tc.kind is not EventKind.MOVES
    target = state.cards.get(tc.to)       # a move to a named battlefield stays on the board (rb.battlefields)
    return not (target is not None and cards.is_battlefield(target)) and tc.to not in state.rules.in_play


def _own_leaving(state: GameState, happened) -> tuple[list[Verdict], list[ChainItem]]:
    """Triggered abilities about their own card leaving the board, judged before the card moves
    (ruling ``rb.own-leaving``): under ``sees`` from the card as it was, like Deathknell (808.1.d),
    and their items are created now; under ``not-seen`` they do not see it (383.2.c.2, 384.2). An
    ability that says it works where the card goes (``zones``) is judged there as usual instead."""
    verdicts, items = [], []
    sees = state.ruling("rb.own-leaving") == "sees"
    for tc in happened:
        if not _leaves_board(state, tc):
            continue
        card = tc.card
        for ability in card.abilities:
            if (ability.timing is not Timing.TRIGGERED or ability.deathknell or ability.when is None
                    or ability.when.card is None or ability.when.card.which is not Which.SELF):
                continue
            if ability.zones and not set(ability.zones) & set(state.rules.in_play):
                continue       # it works off the board only: judged where the card goes
            for other in happened:        # it hears every event of the group; only its own departure is this one
                if other.card is None or other.card.id != card.id or ability.when.event not in kinds_counted(other.kind):
                    continue
                v = rb_judge(state, card, ability, other, happened)
                if v.code is Code.TRIGGERS and not sees:
                    v = Verdict(v.card, v.ability, v.condition, Code.NOT_ACTIVE,
                                f"{card.title} left the {card.zone} in the same event, so it cannot see it "
                                "(ruling rb.own-leaving=not-seen)")
                elif v.code is Code.TRIGGERS:
                    v = Verdict(v.card, v.ability, v.condition, Code.TRIGGERS,
                                f"judged from {card.title} as it was on the {card.zone}, before it moved "
                                "(ruling rb.own-leaving=sees)")
                    items.append(ChainItem(ids.use(card.obj, ability.id, other.id), ability, card, card.controller,
                                           event=other))
                verdicts.append(v)
    return verdicts, items


def replacing_conditions(state: GameState, tc: TriggeringCondition, entry: tuple) -> list[TriggeringCondition]:
    """The events a replacement puts in place of ``tc`` (370.1.a), as conditions to process."""
    use, card_id, controller, instructions = entry
    source = state.cards[card_id]
    out = []
    for instr in instructions:
        targets = judge.changeable_targets(instr, state, controller, source, tc)
        kw = {"players": targets} if instr.target.is_player else {"cards": targets}
        out.extend(occur.conditions_for(instr.do, state, ids.nested(use, "instead"), use, amount=instr.amount,
                                        this_turn=instr.this_turn, resource=instr.resource, to=instr.to,
                                        grant=instr.grant, ability=instr.ability, new_controller=controller,
                                        source=source, **kw))
    return out


def _played_costs(state: GameState, conditions, group: str):
    """A permanent played by the script is paid for as it is played (357.1): its player pays its
    Cost from their Rune Pool — events of their own, processed with it — or, if it cannot be paid, it
    is not played (358.4, 419.2.a). Returns the conditions with the payments, and the cards not
    played with why."""
    out, unpaid = [], []
    for tc in conditions:
        # from hand; a spell whose play completes on the Chain paid as it was finalized (357, rb.play-spell)
        costs = (card_costs(tc.card) if tc.kind is EventKind.PLAYED and tc.card is not None
                 and tc.card.zone == state.rules.hand else ())
        if not costs:
            out.append(tc)
            continue
        pool, player = state.pool(tc.card.controller), tc.card.controller
        for instr in costs:
            pool = None if pool is None else state.rules.spend(pool, instr.resource, instr.amount)
        if pool is None:
            unpaid.append((tc.card.obj, f"its cost cannot be paid from {player}'s Rune Pool"))
            continue
        for k, instr in enumerate(costs):
            out.extend(occur.conditions_for(Verb.PAY, state, f"{group}/cost{k}", group, players=(player,),
                                            amount=instr.amount, resource=instr.resource, source=tc.card))
        out.append(tc)
    return tuple(out), tuple(unpaid)
