"""Initiating and resolving a triggered ability (rules ``agot.initiate`` and ``agot.nested``).

A use runs in three stages: pay the cost, choose targets, resolve the effect (the targets after a
"then" are chosen as their part begins, cards from a hand or a deck as their instruction resolves:
:mod:`.choosing`). The costs are paid together, as one occurrence (:mod:`.paying`,
``agot.costs``); each instruction of the effect is an occurrence with its own nested sequence,
pushed on top of this frame: its interrupts are taken at once, and it occurs before the next
instruction. The reactions to everything a stage made occur wait until the whole stage has
resolved, and then open in one shared window (a sequence that starts at step 6). Who chooses which
cards, and how many, is :mod:`.choosing`. A condition inside an instruction is checked when that
instruction executes.
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core import judge
from rulekit.core import occur
from rulekit.core.abilities import Ability, Instruction, Target, Timing
from rulekit.core.events import EventKind, Verb
from rulekit.core.frames import Ask, Control, Progress
from rulekit.core.frozen import members, replace
from rulekit.core.model import DelayedEffect, GameState, TriggeringCondition
from rulekit.core.ruleset import ruling_arg
from rulekit.rulesets.agot import chance as agot_chance
from rulekit.rulesets.agot import choosing, paying
from rulekit.rulesets.agot import search as agot_search
from rulekit.rulesets.agot.codes import AgotStep
from rulekit.rulesets.agot.frames import ResolutionFrame, Role, SequenceFrame, Stage
from rulekit.rulesets.agot.steps import SeqStep

_Stage = members(Stage)     # read at every step of a use (rulekit.frozen.members says why)


WOULD_INSTEAD = "agot.would-instead"
THEN_AFTER_REPLACEMENT = "agot.then-after-replacement"


def _ability(frame: ResolutionFrame) -> Ability:
    return frame.ability


_slot = choosing.slot_of


def advance(frame: ResolutionFrame, state: GameState, control: Control) -> Progress | Ask:
    ability = _ability(frame)
    if frame.stage is _Stage.COST:
        if frame.index < len(ability.cost):
            pending = choosing.pending_slot(frame, state)
            if pending is not None:
                return choosing.ask_target(frame, state, pending)
            return paying.pay(frame, state, control)
        return _end_stage(frame, state, control, _Stage.TARGETS, "agot.initiate.cost-paid", AgotStep.COST_PAID)
    if frame.stage is _Stage.TARGETS:
        pending = choosing.pending_slot(frame, state)
        if pending is not None:
            return choosing.ask_target(frame, state, pending)
        if frame.delayed:
            # a delayed effect is not a new triggered ability: it does not initiate (so nothing
            # can cancel it); it resolves at once (agot.delayed)
            frame = replace(frame, stage=Stage.EFFECT, index=0)
            if not ability.effect:
                return _finish(frame, state, control)
            return _execute(frame, state, control, ability.effect[0], Stage.EFFECT)
        return _initiate(frame, state, control, ability)
    if frame.stage is _Stage.INITIATION:
        # the initiation's sequence ended without occurring: the effect was cancelled
        return _cancelled(frame, state, control)
    if frame.index < len(ability.effect):
        return _execute(frame, state, control, ability.effect[frame.index], _Stage.EFFECT)
    return _finish(frame, state, control)


def _initiate(frame: ResolutionFrame, state: GameState, control: Control, ability: Ability) -> Progress:
    """The initiation of the effect is a triggering condition of its own, before the effect
    resolves: cancels respond to it (``agot.cancel``). An event card is played at this moment
    (Rules Reference, "Initiating Abilities / Marshaling Cards", step 6): it leaves its owner's hand in a nested
    sequence of its own, before the cancel window; from then until its effects
    have resolved it is being played, in no out-of-play area (``agot.event.played``)."""
    now = state.cards[frame.source.id]
    if (not frame.played and frame.source.type in state.rules.played_types and now.zone == state.rules.hand
            and now.incarnation == frame.source.incarnation):
        sequence = ids.after_part_sequence(frame.use, "play")
        played = occur.conditions_for(Verb.PLAY, state, sequence, frame.use, cards=(now,))
        if played:
            return Progress(state, control[:-1] + (replace(frame, played=True),
                                                   SequenceFrame(sequence, played, role=Role.NESTED, planned=1)),
                            "agot.event.played", AgotStep.PLAYED, (("use", frame.use),))
    if frame.source.obj in state.playing:
        state = replace(state, playing=state.playing.delete(frame.source.obj))
    sequence = ids.after_part_sequence(frame.use, "initiation")
    tc = TriggeringCondition(ids.triggering_condition(sequence, EventKind.INITIATES.value, frame.source.obj),
                             EventKind.INITIATES, sequence, frame.use, card=frame.source, player=frame.controller,
                             cannot_be_cancelled=ability.cannot_be_cancelled)
    return Progress(state, control[:-1] + (replace(frame, stage=Stage.INITIATION),
                                           SequenceFrame(sequence, (tc,), role=Role.INITIATION, planned=1)),
                    "agot.initiate.effect", AgotStep.INITIATION, (("use", frame.use),))


def _cancelled(frame: ResolutionFrame, state: GameState, control: Control) -> Progress:
    """A cancelled effect does not resolve; the ability still counts as used and its costs
    stay paid; a cancelled event card still counts as played."""
    return _finish(replace(frame, shortfall=True, cancelled=True, stage=Stage.EFFECT), state, control)


def _finish(frame: ResolutionFrame, state: GameState, control: Control) -> Progress:
    """End the use: an event card that is being played is first placed in its owner's discard
    pile (``agot.event.played``); then the reactions to everything the use made occur (the
    playing of its event card included) open in one shared window."""
    card = state.cards[frame.source.id]
    if frame.played and card.zone == state.rules.playing_zone:
        # FAQ (1.5) "Playing Events": placed in the discard pile once its effects have resolved;
        # Rules Reference, "Event Cards": before the reaction window that follows them
        state = state.move(card.id, state.rules.played_zone)
        return Progress(state, control, "agot.event.played", AgotStep.PLACED,
                        (("use", frame.use), ("card", state.cards[card.id].obj)))
    if frame.cancelled:
        return _end_stage(frame, state, control, None, "agot.cancel", AgotStep.EFFECT_CANCELLED)
    return _end_stage(frame, state, control, None, "agot.nested", AgotStep.RESOLVED)


def answer(frame: ResolutionFrame, state: GameState, control: Control, option: str, verdicts) -> Progress:
    pending = choosing.pending_slot(frame, state)
    if pending is None and agot_chance.asks(frame):
        return agot_chance.answer(frame, state, control, option)      # the game's answer (agot.chance)
    if pending is None and agot_search.asks(frame, state):
        return agot_search.answer(frame, state, control, option)      # what the search finds (agot.search)
    slot, instr = pending[0], pending[1]
    chosen = replace(frame, chosen=frame.chosen + ((slot, option),))
    args = (("use", frame.use), ("card", option)) + ((("cost", True),) if frame.stage is _Stage.COST else ())
    if frame.stage is _Stage.EFFECT:    # after "then" (agot.then.targets), or from a hand or a deck (agot.choose.resolving)
        args += (("instruction", _slot(_Stage.EFFECT, frame.index)),
                 ("after_then", True) if choosing.targeting(instr) else ("picked", True))
    return Progress(state, control[:-1] + (chosen,), choosing.rule_of(frame, instr), AgotStep.TARGET, args)


def _execute(frame: ResolutionFrame, state: GameState, control: Control, instr: Instruction,
             stage: Stage) -> Progress | Ask:
    slot = _slot(stage, frame.index)
    moved_on = replace(frame, index=frame.index + 1, chance=())
    args = (("use", frame.use), ("instruction", slot), ("verb", instr.words))
    if instr.then:
        # the part before "then" must have resolved in full (agot.then); a part that was replaced
        # ("instead") did so or not according to the ruling agot.then-after-replacement
        not_in_full = frame.shortfall
        if frame.replaced:
            args += (ruling_arg(state, THEN_AFTER_REPLACEMENT),)
            not_in_full = not_in_full or state.ruling(THEN_AFTER_REPLACEMENT) == "not-in-full"
        if not_in_full:
            skipped = replace(frame, index=len(_ability(frame).effect if stage is _Stage.EFFECT else _ability(frame).cost))
            return Progress(state, control[:-1] + (skipped,), "agot.then", AgotStep.THEN_SKIPPED, args)
    if stage is _Stage.EFFECT and choosing.begins_then_part(frame):
        # the part after "then" chooses its targets now, as it begins to resolve; with too few valid
        # targets it fails to resolve, whole (agot.then.targets)
        short = choosing.then_part_short(frame, state)
        if short:
            failed = replace(frame, index=len(_ability(frame).effect), shortfall=True, chance=())
            return Progress(state, control[:-1] + (failed,), "agot.then.targets", AgotStep.THEN_NO_TARGET,
                            args + (("why", short),))
        pending = choosing.then_pending(frame, state)
        if pending is not None:
            return choosing.ask_target(frame, state, pending)
    why = judge.condition_failure(instr.condition, state, frame.controller, frame.source)
    if why:
        return Progress(state, control[:-1] + (replace(moved_on, shortfall=True),), "agot.effect.condition",
                        AgotStep.CONDITION_FALSE, args + (("why", why),))
    if instr.do is Verb.NOT_MODELLED:
        # rulekit.not-modelled: nothing changes and nothing occurs, so no nested sequence opens; it
        # resolved in full (for a "then" after it) only where the file says it changes the game state
        moved = moved_on if instr.changes_state else replace(moved_on, shortfall=True)
        return Progress(state, control[:-1] + (moved,), "rulekit.not-modelled", AgotStep.NOT_MODELLED,
                        args + (("changes_state", instr.changes_state),))
    if instr.acts_on_condition:
        return _act_on_condition(frame, state, control, instr, moved_on, args,
                                 ids.instruction_sequence(frame.use, stage, frame.index))
    if instr.do is Verb.SHUFFLE:
        return agot_chance.shuffle(frame, state, control, instr, args)
    if instr.do is Verb.DELAY:
        delayed = DelayedEffect(ids.nested(frame.use, slot), frame.use, frame.source, frame.controller, instr.at,
                                instr.later)
        return Progress(replace(state, delayed=state.delayed + (delayed,)), control[:-1] + (moved_on,),
                        "agot.delayed", AgotStep.DELAYS, args)
    if stage is _Stage.EFFECT:
        # cards picked from a hand or a deck, no targets: picked now, as it resolves (agot.choose.resolving)
        pending = choosing.pick_pending(frame, state)
        if pending is not None:
            return choosing.ask_target(frame, state, pending)
    searching = stage is _Stage.EFFECT and agot_search.is_search(instr, state.rules)
    if searching:
        # the card the search finds, which its player may decline to find (agot.search)
        targets = agot_search.found(frame, state, instr, slot)
        if isinstance(targets, Ask):
            return targets
        if not targets:
            return agot_search.found_nothing(frame, state, control, args, "no card fits")
    elif instr.target is Target.RANDOM:
        # the game answers which cards it takes (agot.chance)
        targets = agot_chance.random_targets(frame, state, instr, slot)
        if isinstance(targets, Ask):
            return targets
    else:
        targets = judge.changeable_targets(instr, state, frame.controller, frame.source, frame.condition)
    if not searching:
        targets = choosing.chosen_only(frame, state, instr, slot, targets)
    sequence = ids.instruction_sequence(frame.use, stage, frame.index)
    conditions, expired = paying.conditions_of(frame, state, instr, targets, sequence)
    if expired:         # "until the end of the challenge" with none under way
        return Progress(state, control[:-1] + (replace(moved_on, shortfall=True),), "agot.lasting",
                        AgotStep.NOTHING, args + (("why", expired),))
    if not conditions:
        return Progress(state, control[:-1] + (replace(moved_on, shortfall=True),), "agot.effect.nothing",
                        AgotStep.NOTHING, args)
    nested = SequenceFrame(sequence, conditions, role=Role.NESTED, planned=len(conditions))
    return Progress(state, control[:-1] + (moved_on, nested), "agot.nested", AgotStep.INSTRUCTION, args)


def _act_on_condition(frame: ResolutionFrame, state: GameState, control: Control, instr: Instruction,
                      moved_on: ResolutionFrame, args: tuple, sequence: str) -> Progress:
    """Cancel, save and replace act on the triggering condition the ability responds to."""
    tc = frame.condition
    blocked = judge.condition_change_blocked(instr, state, tc)
    if blocked:
        return Progress(state, control[:-1] + (replace(moved_on, shortfall=True),), "agot.effect.nothing", AgotStep.NOTHING,
                        args + (("why", blocked),))
    if instr.do is Verb.CANCEL:
        state = replace(state, cancelled=state.cancelled.set(tc.id, frame.use))
        return Progress(state, control[:-1] + (moved_on,), "agot.cancel", AgotStep.CANCELS, args + (("condition", tc.id),))
    if instr.do is Verb.REPLACE:
        entry = (frame.use, frame.source.id, frame.controller, instr.instead)
        would = frame.ability.timing is Timing.WOULD_INTERRUPT
        ruling = (ruling_arg(state, WOULD_INSTEAD),) if would else ()
        if would and state.ruling(WOULD_INSTEAD) == "change":
            # a change (agot.would): the original is no longer imminent and never occurs; what
            # happens instead is the condition now imminent, in a sequence of its own
            instead = instead_frame(state, tc, entry)
            state = replace(state, changed=state.changed.set(tc.id, instead.use))
            return Progress(state, control[:-1] + (moved_on, instead), "agot.would", AgotStep.CHANGES,
                            args + (("condition", tc.id),) + ruling)
        # a replacement (agot.replacement): the condition stays imminent and resolves this way at step 5
        state = replace(state, replacements=state.replacements.set(tc.id, state.replacements.get(tc.id, ()) + (entry,)))
        return Progress(state, control[:-1] + (moved_on,), "agot.replacement", AgotStep.REPLACES,
                        args + (("condition", tc.id),) + ruling)
    # save: the condition is changed into "this card is saved", imminent in a sequence of its own
    card = state.cards[tc.card.id]
    saved = occur.conditions_for(Verb.SAVE, state, sequence, frame.use, cards=(card,))
    state = replace(state, changed=state.changed.set(tc.id, saved[0].id))
    return Progress(state, control[:-1] + (moved_on, SequenceFrame(sequence, saved, role=Role.NESTED, planned=1)),
                    "agot.change", AgotStep.SAVES, args + (("condition", tc.id),))


def instead_frame(state: GameState, tc: TriggeringCondition, entry: tuple) -> ResolutionFrame:
    """What an "instead" says happens, resolved like an effect: each instruction in a nested
    sequence of its own, the reactions to them in one window after. Used for a "would … instead"
    read as a change (``agot.would-instead``) and for a replacement whose events trigger
    (``agot.replacement-triggers``). Its use id is the replacing use's, ``…/instead``."""
    use, card_id, controller, instructions = entry
    ability = Ability(id="instead", timing=Timing.INTERRUPT, effect=instructions, text="what happens instead")
    return ResolutionFrame(use=ids.after_part_sequence(use, "instead"), source=state.cards[card_id], ability=ability,
                           controller=controller, condition=tc, stage=Stage.EFFECT)


def _end_stage(frame: ResolutionFrame, state: GameState, control: Control, next_stage: Stage | None,
               rule: str, what: str) -> Progress:
    """Finish a stage: open one shared reaction sequence for what it made occur."""
    after = ()
    if frame.occurred:
        after = (SequenceFrame(ids.after_part_sequence(frame.use, frame.stage), frame.occurred,
                               step=SeqStep.FORCED_REACTIONS),)
    if next_stage is None:
        rest = control[:-1]
    else:
        rest = control[:-1] + (replace(frame, stage=next_stage, index=0, occurred=()),)
    return Progress(state, rest + after, rule, what, (("use", frame.use),))
