"""A Game of Thrones' verdict: may (or must) this ability be used for this triggering condition at
this step of its sequence, and why not?

:func:`judge` runs the checks in a fixed order and returns the first that fails: does the
ability listen for this event; is this its timing; is its card where its abilities work; does
the event match its pattern; is its condition true; has it been used for this triggering
condition; has it reached its limit; can its cost be paid in full; does a target to choose exist;
could its effect change the game state (the whole effect read: :mod:`.potential`). The engine
and :func:`rulekit.explain` both call it.
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core import occur
from rulekit.core.abilities import Ability, Timing
from rulekit.core.events import EventKind, Verb, kinds_counted
from rulekit.core.frozen import members
from rulekit.core.judge import changeable_targets, chooser_targets, choosers, condition_failure, trigger_mismatch, use_id
from rulekit.core.model import Card, GameState, TriggeringCondition
from rulekit.core.verdicts import Code, Verdict
from rulekit.rulesets.agot.choosing import EACH_CHOOSES_SHORT, targeting
from rulekit.rulesets.agot.limits import limit_reached
from rulekit.rulesets.agot.potential import effect_verdict, parts
from rulekit.rulesets.agot.search import is_search
from rulekit.core import remembered
from rulekit.rulesets.agot.remembered import judged, memo_for
from rulekit.rulesets.agot.steps import SeqStep

# Enum members read at every step, through plain classes (rulekit.frozen.members says why)
_Code = members(Code)
_Timing = members(Timing)
_SeqStep = members(SeqStep)


def judge(state: GameState, source: Card, ability: Ability, tc: TriggeringCondition,
          step: SeqStep | None) -> Verdict:
    """The verdict for ``ability`` on ``source`` against ``tc`` at ``step`` of its sequence."""
    obj, aid, tid = source.obj, ability.id, tc.id
    if ability.timing is _Timing.CONSTANT:
        return Verdict(obj, aid, tid, _Code.NOT_LISTENING,
                       "a constant ability: never used, it applies while its card is in play")
    if ability.when is None or not ability.when.listens_for(kinds_counted(tc.kind)):
        if ability.when is None:
            return Verdict(obj, aid, tid, _Code.NOT_LISTENING, "it is used with priority, not triggered")
        named = " or ".join(f"\"{e.value}\"" for e in ability.when.events)
        return Verdict(obj, aid, tid, _Code.NOT_LISTENING, f"it listens for {named}, this is \"{tc.kind.value}\"")
    if step is None or (ability.timing is not step.timing and not (
            ability.timing is _Timing.WHEN_REVEALED and step is _SeqStep.FORCED_REACTIONS)):
        where = f"step {step.number}, {step.title}" if step is not None else "outside a sequence"
        article = "an" if ability.timing.value[0] in "aeiou" else "a"
        return Verdict(obj, aid, tid, _Code.WRONG_TIMING, f"{article} {ability.timing.value} ability at {where}")
    if source.zone not in state.rules.works_in(source, ability):
        if source.zone == state.rules.playing_zone:     # FAQ (1.5) "Playing Events" (agot.event.played)
            return Verdict(obj, aid, tid, _Code.NOT_ACTIVE,
                           f"{source.title} is being played: it is in no out-of-play area until its effects resolve")
        return Verdict(obj, aid, tid, _Code.NOT_ACTIVE, f"{source.title} is in the {source.zone}")
    if obj in state.playing:     # declared for another play: committed to it (agot.event.played)
        return Verdict(obj, aid, tid, _Code.NOT_ACTIVE, f"{source.title} is being played")
    me = source.controller
    after = step.after_occurrence
    why = trigger_mismatch(ability.when, tc, state, me, source, occurred=after)
    if why:
        return Verdict(obj, aid, tid, _Code.NO_MATCH, why)
    if not after:
        # Rules Reference, "The word 'Would'": once an interrupt has changed what is about to happen
        # (saved the card, say) or cancelled it, it is no longer imminent and no further interrupt
        # to it may be used (agot.change, agot.cancel; a "would … instead" read as a change, agot.would)
        if tc.id in state.changed:
            by = ids.use_head(ids.owner_of_part(state.changed[tc.id]))
            return Verdict(obj, aid, tid, _Code.NOT_IMMINENT, f"changed by {by}: it will not occur")
        if tc.id in state.cancelled:
            return Verdict(obj, aid, tid, _Code.NOT_IMMINENT, f"cancelled by {ids.use_head(state.cancelled[tc.id])}")
    if ability.condition:
        why = condition_failure(ability.condition, state, me, source)
        if why:
            return Verdict(obj, aid, tid, _Code.CONDITION_FALSE, why)
    if state.used and use_id(source, ability, tc) in state.used:
        return Verdict(obj, aid, tid, _Code.ALREADY_USED)
    if ability.limit is not None or ability.max is not None:
        why = limit_reached(state, source, ability)
        if why:
            return Verdict(obj, aid, tid, _Code.LIMIT_REACHED, why)
    for instr in ability.cost:
        found = changeable_targets(instr, state, me, source, tc)
        if not found:
            # a gold cost says what the pool lacks ("P1 has not 2 gold to pay (pool: 1 gold)"; agot.gold)
            why = occur.can_happen(EventKind.PAYS, state, player=me, amount=instr.amount, resource=instr.resource) \
                if instr.do is Verb.PAY else None
            return Verdict(obj, aid, tid, _Code.COST_UNPAYABLE, why or f"cannot {instr.do.value} {instr.target.value}")
        if len(found) < instr.picks:        # "discard 2 cards from your hand" with one card (agot.costs)
            return Verdict(obj, aid, tid, _Code.COST_UNPAYABLE, _too_few(instr, len(found)))
    for instr in parts(ability.effect)[0]:
        if instr.target.is_chosen and not is_search(instr, state.rules):
            found = changeable_targets(instr, state, me, source, tc)
            short = _short_of_targets(instr, state, me, source, tc, found) if found else None
            if short:               # RR "Target": not enough valid targets (agot.choose.several)
                return Verdict(obj, aid, tid, _Code.NO_TARGET, short)
    # a target to choose, and an effect that could change the game state: the whole effect read (.potential)
    cannot = effect_verdict(state, ability, me, source, tc)
    if cannot is not None:
        return Verdict(obj, aid, tid, cannot[0], cannot[1])
    return Verdict(obj, aid, tid, _Code.MUST_RESOLVE if ability.timing.forced else _Code.ELIGIBLE)


def _too_few(instr, found: int, who: str = "") -> str:
    return f"{who}only {found} to {instr.do.value}, {instr.picks} to choose"


def _short_of_targets(instr, state: GameState, me: str, source: Card, tc: TriggeringCondition, found) -> str | None:
    """Why the instruction's choosers have too few eligible cards for its ability to be initiated
    (RR "Target": not enough valid targets), if they do: the controller's "choose 2" needs two;
    each player's own choices need as many only under the ruling ``agot.each-chooses-short``."""
    if not instr.target.by_others:
        short = len(found) < instr.picks and targeting(instr)    # a hand's cards: as many as there are (RR "Effects")
        return _too_few(instr, len(found)) if short else None
    if state.ruling(EACH_CHOOSES_SHORT) != "all-or-none":
        return None
    for player in choosers(instr, state, me):
        mine = len(chooser_targets(instr, state, player, source, tc))
        if mine < instr.picks:
            return _too_few(instr, mine, f"{player} has ") + f" (ruling {EACH_CHOOSES_SHORT}=all-or-none)"
    return None


# the timings of abilities usable at each step; a plot's When Revealed abilities resolve at step 6,
# before its forced reactions (agot.when-revealed)
_TIMINGS = {step: () if step.timing is None else
            (_Timing.WHEN_REVEALED, step.timing) if step is SeqStep.FORCED_REACTIONS else (step.timing,)
            for step in SeqStep}
_COUNTED = {kind: kinds_counted(kind) for kind in EventKind}
#: the listeners' index keys (event kind, timing) asked about a condition of each kind at each step
_LISTENING = {(kind, step): tuple((counted, t) for counted in _COUNTED[kind] for t in _TIMINGS[step])
              for kind in EventKind for step in SeqStep}


_NOTHING_HERE = ((), ())        # no ability listens at this step


def considered(state: GameState, conditions: tuple[TriggeringCondition, ...],
               step: SeqStep) -> tuple[tuple[Verdict, ...], tuple[tuple[Verdict, str, str], ...]]:
    """What the engine records at a step, and what it may do there: the verdicts for every
    ability that listens for any of the conditions and has this step's timing, by condition,
    then listing order; and the uses they allow, as (verdict, use id, controller) in that
    order — a "one or more" ability is one use for the whole occurrence. (Abilities of another
    timing are "not the right timing" here; :func:`rulekit.explain` says so.)"""
    timings = _TIMINGS[step]
    if not timings:
        return _NOTHING_HERE
    verdicts: list[Verdict] = []
    usable: list[tuple[Verdict, str, str]] = []
    seen: set[str] | None = None
    remembering = remembered.ENABLED
    cards = state.cards
    listening = state.listeners         # GameState.listeners_for, read directly: this is read at every step
    for tc in conditions:
        memo = None
        for key in _LISTENING[tc.kind, step]:
            for pair in listening.get(key, ()):
                card = cards[pair[0]]
                ability = card.abilities[pair[1]]
                if remembering:     # the verdict remembered where all it reads is alike (.remembered)
                    if memo is None:
                        memo = memo_for(state, tc, step)
                    verdict = judged(memo, pair, judge, state, card, ability, tc, step)
                else:
                    verdict = judge(state, card, ability, tc, step)
                verdicts.append(verdict)
                if verdict.code is _Code.ELIGIBLE or verdict.code is _Code.MUST_RESOLVE:
                    # use_id(card, ability, tc), the card's object read from its verdict
                    use = ids.use(verdict.card, verdict.ability,
                                  tc.sequence if ability.when.one_or_more else tc.id)
                    if seen is None:
                        seen = {use}
                    elif use in seen:
                        continue
                    else:
                        seen.add(use)
                    usable.append((verdict, use, card.controller))
    return (tuple(verdicts), tuple(usable)) if verdicts else _NOTHING_HERE
