"""Choices made as an item resolves (rule ``rb.each-chooses``): "each player kills a unit they
control", "each opponent …".

Cards that each player (or each opponent) chooses are not targets: each chooser — the item's
controller included, for "each player" — chooses as the item resolves (Core Rules 355.10.e,
355.17), not when it is finalized, so such an item is never removed for want of them (402.3).
Choices set off together are taken in turn order from the turn player (303.2.a); each chooser
chooses among what the filter finds for them ("you" in it is the chooser), ``amount`` cards for a
verb whose amount is no quantity, as many as they can (055, 359.3.e.11). Each choice is a decision
keyed ``<item>/effect<i>:<player>`` and numbered from #1; the instruction then executes on every
card chosen at once.
"""
from __future__ import annotations

from rulekit.core import ids, judge
from rulekit.core.abilities import Instruction
from rulekit.core.decisions import AnswerKey, Decision, DecisionKind
from rulekit.core.frames import Ask, Control, Progress
from rulekit.core.frozen import replace
from rulekit.core.model import Card, GameState
from rulekit.rulesets.riftbound.codes import RbStep
from rulekit.rulesets.riftbound.frames import ItemFrame


def _slot(frame: ItemFrame, chooser: str) -> str:
    return f"effect{frame.index}:{chooser}"


def pending(frame: ItemFrame, state: GameState, instr: Instruction, source: Card) -> tuple | None:
    """(slot, chooser, options) of the next choice the instruction at ``frame.index`` needs as it
    resolves, or ``None`` when every chooser has chosen all they can."""
    if not instr.target.by_others:
        return None
    item = frame.item
    for chooser in judge.choosers(instr, state, item.controller):
        slot = _slot(frame, chooser)
        made = frame.choices(slot)
        if len(made) >= instr.picks:
            continue
        options = tuple(c.obj for c in judge.chooser_targets(instr, state, chooser, source, item.event)
                        if c.obj not in made)
        if options:
            return slot, chooser, options
    return None


def ask(frame: ItemFrame, state: GameState, instr: Instruction, waiting: tuple) -> Ask:
    slot, chooser, options = waiting
    number = len(frame.choices(slot)) + 1
    of = f" ({number} of {instr.picks})" if instr.picks > 1 else ""
    key = AnswerKey(DecisionKind.CHOOSE_TARGET, ids.nested(frame.item.id, slot), chooser, number)
    return Ask(Decision(key, options, options[0], "rb.each-chooses",
                        f"{chooser} chooses a unit or card to {instr.do.value}{of} as {frame.item.id} resolves", state))


def answer(frame: ItemFrame, state: GameState, control: Control, option: str, waiting: tuple) -> Progress:
    slot, chooser, _ = waiting
    chosen = replace(frame, chosen=frame.chosen + ((slot, option),))
    return Progress(state, control[:-1] + (chosen,), "rb.each-chooses", RbStep.CHOSEN,
                    (("item", frame.item.id), ("player", chooser), ("card", option)))


def chosen_cards(frame: ItemFrame, state: GameState, instr: Instruction) -> set[str]:
    """The card objects every chooser chose for the instruction at ``frame.index``."""
    return {card for chooser in judge.choosers(instr, state, frame.item.controller)
            for card in frame.choices(_slot(frame, chooser))}
