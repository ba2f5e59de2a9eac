"""Initiating and resolving a triggered ability (rules ``agot.initiate`` and ``agot.nested``).

A use runs in three stages: pay the cost, choose targets, resolve the effect. Each instruction
of the cost or the effect is an occurrence with its own nested sequence, pushed on top of this
frame: its interrupts are taken at once, and it occurs before the next instruction. The
reactions to everything a stage made occur wait until the whole stage has resolved, and then
open in one shared window (a sequence that starts at step 6). A condition inside an
instruction is checked when that instruction executes.
"""
from __future__ import annotations

from dataclasses import replace

from . import ids, judge, occur
from .abilities import Ability, Instruction, Target
from .decisions import AnswerKey, Decision, DecisionKind
from .frames import Ask, Control, Progress, ResolutionFrame, SequenceFrame
from .model import GameState
from .steps import SeqStep


def _ability(frame: ResolutionFrame) -> Ability:
    return frame.source.ability(frame.ability)


def _slot(stage: str, index: int) -> str:
    return f"{stage}{index}"


def _choice_needed(frame: ResolutionFrame, state: GameState, instr: Instruction, slot: str) -> tuple | None:
    """The legal targets if the controller must choose one for ``slot`` now, else ``None``
    (no choice to make, already made, or nothing to choose from)."""
    if instr.target is not Target.CHOSEN or frame.choice(slot) is not None:
        return None
    targets = judge.changeable_targets(instr, state, frame.controller, frame.source, frame.condition)
    return targets or None


def _pending_slot(frame: ResolutionFrame, state: GameState) -> tuple[str, Instruction, tuple] | None:
    """The slot whose target must be chosen next: in the targets stage, the first effect
    instruction still needing one; in the cost stage, the cost instruction about to be paid."""
    if frame.stage == "targets":
        for i, instr in enumerate(_ability(frame).effect):
            targets = _choice_needed(frame, state, instr, _slot("effect", i))
            if targets:
                return _slot("effect", i), instr, targets
        return None
    if frame.stage == "cost" and frame.index < len(_ability(frame).cost):
        instr = _ability(frame).cost[frame.index]
        targets = _choice_needed(frame, state, instr, _slot("cost", frame.index))
        if targets:
            return _slot("cost", frame.index), instr, targets
    return None


def _ask_target(frame: ResolutionFrame, state: GameState, pending) -> Ask:
    slot, instr, targets = pending
    key = AnswerKey(DecisionKind.CHOOSE_TARGET, f"{frame.use}/{slot}", frame.controller, 0)
    return Ask(Decision(key, tuple(c.id for c in targets), targets[0].id, "agot.initiate.targets",
                        f"{frame.controller} chooses a target to {instr.do.value}", state))


def advance(frame: ResolutionFrame, state: GameState, control: Control) -> Progress | Ask:
    ability = _ability(frame)
    if frame.stage == "cost":
        if frame.index < len(ability.cost):
            return _execute(frame, state, control, ability.cost[frame.index], "cost")
        return _end_stage(frame, state, control, "targets", "agot.initiate.cost-paid", "cost-paid")
    if frame.stage == "targets":
        pending = _pending_slot(frame, state)
        if pending is not None:
            return _ask_target(frame, state, pending)
        return Progress(state, control[:-1] + (replace(frame, stage="effect", index=0),),
                        "agot.initiate.effect", "initiates", (("use", frame.use),))
    if frame.index < len(ability.effect):
        return _execute(frame, state, control, ability.effect[frame.index], "effect")
    return _end_stage(frame, state, control, None, "agot.nested", "resolved")


def answer(frame: ResolutionFrame, state: GameState, control: Control, option: str, verdicts) -> Progress:
    slot, _, _ = _pending_slot(frame, state)
    chosen = replace(frame, chosen=frame.chosen + ((slot, option),))
    return Progress(state, control[:-1] + (chosen,), "agot.initiate.targets", "target",
                    (("use", frame.use), ("card", option)))


def _execute(frame: ResolutionFrame, state: GameState, control: Control, instr: Instruction,
             stage: str) -> Progress | Ask:
    slot = _slot(stage, frame.index)
    if stage == "cost":
        pending = _pending_slot(frame, state)
        if pending is not None:
            return _ask_target(frame, state, pending)
    moved_on = replace(frame, index=frame.index + 1)
    args = (("use", frame.use), ("instruction", slot), ("verb", instr.do.value))
    why = judge.condition_failure(instr.condition, state, frame.controller, frame.source)
    if why:
        return Progress(state, control[:-1] + (moved_on,), "agot.effect.condition", "condition-false",
                        args + (("why", why),))
    targets = judge.changeable_targets(instr, state, frame.controller, frame.source, frame.condition)
    if instr.target is Target.CHOSEN:
        chosen = frame.choice(slot)
        targets = tuple(c for c in targets if c.id == chosen)
    sequence = ids.instruction_sequence(frame.use, stage, frame.index)
    if instr.target.is_player:
        conditions = occur.conditions_for(instr.do, state, sequence, frame.use, players=targets, amount=instr.amount)
    else:
        conditions = occur.conditions_for(instr.do, state, sequence, frame.use, cards=targets, amount=instr.amount)
    if not conditions:
        return Progress(state, control[:-1] + (moved_on,), "agot.effect.nothing", "nothing", args)
    nested = SequenceFrame(sequence, conditions, deferred=True)
    return Progress(state, control[:-1] + (moved_on, nested), "agot.nested", "instruction", args)


def _end_stage(frame: ResolutionFrame, state: GameState, control: Control, next_stage: str | None,
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
