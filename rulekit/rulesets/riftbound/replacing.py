"""What happens in place of events, and what is judged before cards move: replacements printed on cards
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
from rulekit.core.model import GameState, TriggeringCondition
from rulekit.core.verdicts import Code, Verdict
from rulekit.rulesets.riftbound import cards
from rulekit.rulesets.riftbound.cards import card_costs
from rulekit.rulesets.riftbound.frames import ChainItem
from rulekit.rulesets.riftbound.judging import item_controller, rb_judge, zones_of

# -- replacements printed on cards ("If … would die, … instead") ----------------------------------------
def _standing_candidates(state: GameState, tc: TriggeringCondition, applied: frozenset) -> list:
    """The replacement abilities on cards that apply to ``tc`` and have not yet been applied to it
    or to an event it replaces (370.2): ``(reference, source, ability)`` in listing order."""
    out = []
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
        out.append((ref, source, ability))
    return out


def standing_replacements(state: GameState, conditions, choices: tuple):
    """Apply the replacements printed on cards (368.1, 370.1): each event that would occur is replaced
    by what the first applicable replacement says happens instead; those events can be replaced in
    turn by replacements not yet applied to the event they replace (370.2). When several apply to one
    event, the owner of the card acted on chooses which applies first (372): ``choices`` holds their
    answers; without one the caller asks (the last value returned: the event, the options, the
    owner). Returns the state, the conditions that happen, and (replaced id, use) pairs."""
    if not state.listeners_for(EventKind.KILLED, Timing.REPLACEMENT):
        return state, conditions, [], None
    chosen = dict(choices)
    lineage = {tc.id: frozenset() for tc in conditions}
    work, out, replaced = list(conditions), [], []
    while work:
        tc = work.pop(0)
        candidates = _standing_candidates(state, tc, lineage.get(tc.id, frozenset())) if tc.card is not None else []
        if not candidates:
            out.append(tc)
            continue
        if len(candidates) > 1:
            owner = tc.card.owner
            pick = chosen.get(tc.id)
            if pick is None:
                return state, conditions, [], (tc, tuple(c[0] for c in candidates), owner)
            ref, source, ability = next(c for c in candidates if c[0] == pick)
        else:
            ref, source, ability = candidates[0]
        use = ids.use(source.obj, ability.id, tc.id)
        entry = (use, source.id, item_controller(state, source), ability.effect)
        replaced.append((tc.id, use))
        if state.ruling("rb.replacement-triggers") == "no-trigger":
            state = apply_replacement(state, tc, entry)
            continue
        made = replacing_conditions(state, tc, entry)
        for m in made:
            lineage[m.id] = lineage.get(tc.id, frozenset()) | {ref}
        work = list(made) + work
    return state, tuple(out), replaced, None


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


def death_key(tc: TriggeringCondition) -> str | None:
    """Where a replacement of this card object's next death waits in ``state.replacements``."""
    return f"next death of {tc.card.obj}" if tc.kind is EventKind.KILLED and tc.card is not None else None
