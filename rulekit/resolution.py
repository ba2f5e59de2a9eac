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


def _choose(frame: ResolutionFrame, state: GameState, instr: Instruction, slot: str) -> Ask | None:
    """Ask the controller to choose a target for ``slot``, or ``None`` if no choice is needed."""
    if instr.target is not Target.CHOSEN or frame.choice(slot) is not None:
        return None
    targets = judge.changeable_targets(instr, state, frame.controller, frame.source, frame.condition)
    key = AnswerKey(DecisionKind.CHOOSE_TARGET, f"{frame.use}/{slot}", frame.controller, 0)
    if not targets:
        return None
    return Ask(Decision(key, tuple(c.id for c in targets), targets[0].id, "agot.initiate.targets",
                        f"{frame.controller} chooses a target to {instr.do.value}", state))


def advance(frame: ResolutionFrame, state: GameState, control: Control) -> Progress | Ask:
    ability = _ability(frame)
    if frame.stage == "cost":
        if frame.index < len(ability.cost):
            return _execute(frame, state, control, ability.cost[frame.index], "cost")
        return _end_stage(frame, state, control, "targets", "agot.initiate.cost-paid", "cost-paid")
    if frame.stage == "targets":
        for i, instr in enumerate(ability.effect):
            ask = _choose(frame, state, instr, _slot("effect", i))
            if ask is not None:
                return ask
        return Progress(state, control[:-1] + (replace(frame, stage="effect", index=0),),
                        "agot.initiate.effect", "initiates", (("use", frame.use),))
    if frame.index < len(ability.effect):
        return _execute(frame, state, control, ability.effect[frame.index], "effect")
    return _end_stage(frame, state, control, None, "agot.nested", "resolved")


def answer(frame: ResolutionFrame, state: GameState, control: Control, option: str, verdicts) -> Progress:
    ability = _ability(frame)
    for i, instr in enumerate(ability.effect if frame.stage == "targets" else ability.cost):
        slot = _slot("effect" if frame.stage == "targets" else "cost", i)
        if instr.target is Target.CHOSEN and frame.choice(slot) is None:
            chosen = replace(frame, chosen=frame.chosen + ((slot, option),))
            return Progress(state, control[:-1] + (chosen,), "agot.initiate.targets", "target",
                            (("use", frame.use), ("card", option)))
    raise AssertionError(option)


def _execute(frame: ResolutionFrame, state: GameState, control: Control, instr: Instruction,
             stage: str) -> Progress | Ask:
    slot = _slot(stage, frame.index)
    if stage == "cost":
        ask = _choose(frame, state, instr, slot)
        if ask is not None:
            return ask
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
