"""Choices made as an item resolves: "each player kills a unit they control", "each opponent …"
(rule ``rb.each-chooses``), and cards chosen in a hidden zone — "look at the top 3 cards of your
Main Deck; you may put a unit from among them into your hand", "discard 2" (rule
``rb.hidden-choice``).

Cards that each player (or each opponent) chooses are not targets: each chooser — the item's
controller included, for "each player" — chooses as the item resolves (Core Rules 355.10.e,
355.17), not when it is finalized, so such an item is never removed for want of them (402.3).
Choices set off together are taken in turn order from the turn player (303.2.a); each chooser
chooses among what the filter finds for them ("you" in it is the chooser), ``amount`` cards for a
verb whose amount is no quantity, as many as they can (055, 359.3.e.11). Each choice is a decision
keyed ``<item>/effect<i>:<player>`` and numbered from #1; the instruction then executes on every
card chosen at once.

Cards in a zone whose information is not public — a hand, a deck — are no targets either
(355.10.a): they are not among the choices made as the item is finalized (355.1-355.16), so the
item's controller chooses them as the instruction executes, among the cards there then (355.17; the
cards a "look at" shows are those on top as it resolves: 359.3.e.12's and 424.4.a's examples), as
many as there are up to its number (422.4, 359.3.e.11), "up to N" with ``done`` to stop. That
choice is keyed ``<item>/effect<i>``, numbered from #1.
"""
from __future__ import annotations

from rulekit.core import ids, judge
from rulekit.core.abilities import Instruction
from rulekit.core.decisions import AnswerKey, Decision, DecisionKind
from rulekit.core.frames import Ask, Control, Progress
from rulekit.core.frozen import replace
from rulekit.core.model import Card, GameState
from rulekit.rulesets.riftbound.chain import DONE
from rulekit.rulesets.riftbound.codes import RbStep
from rulekit.rulesets.riftbound.frames import ItemFrame
from rulekit.rulesets.riftbound.priority import hidden


def _slot(frame: ItemFrame, chooser: str) -> str:
    return f"effect{frame.index}:{chooser}"


def hidden_choice(instr: Instruction) -> bool:
    """Whether the item's controller chooses the instruction's cards in a hidden zone as it executes
    (rule ``rb.hidden-choice``; 355.10.a, 355.17)."""
    return instr.target.is_chosen and not instr.target.by_others and hidden(instr)


def pending(frame: ItemFrame, state: GameState, instr: Instruction, source: Card) -> tuple | None:
    """(slot, chooser, options) of the next choice the instruction at ``frame.index`` needs as it
    resolves, or ``None`` when every chooser has chosen all they can."""
    if hidden_choice(instr):
        return _hidden_pending(frame, state, instr, source)
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


def _hidden_pending(frame: ItemFrame, state: GameState, instr: Instruction, source: Card) -> tuple | None:
    """The next card the item's controller chooses in a hidden zone, among those there now: up to
    ``up_to`` (``done`` stops), or ``picks`` — as many as there are."""
    item, slot = frame.item, f"effect{frame.index}"
    made = frame.choices(slot)
    if "" in made or len(made) >= (instr.up_to if instr.up_to is not None else instr.picks):
        return None
    options = tuple(c.obj for c in judge.chooser_targets(instr, state, item.controller, source, item.event)
                    if c.obj not in made)
    if not options:
        return None
    return slot, item.controller, options + ((DONE,) if instr.up_to is not None else ())


def ask(frame: ItemFrame, state: GameState, instr: Instruction, waiting: tuple) -> Ask:
    slot, chooser, options = waiting
    number = len(frame.choices(slot)) + 1
    key = AnswerKey(DecisionKind.CHOOSE_TARGET, ids.nested(frame.item.id, slot), chooser, number)
    if hidden_choice(instr):
        wanted = instr.up_to if instr.up_to is not None else instr.picks
        how = (f"up to {wanted - number + 1} more card(s) to {instr.do.value}, or {DONE}" if instr.up_to is not None
               else f"a card to {instr.do.value}" + (f" ({number} of {wanted})" if wanted > 1 else ""))
        return Ask(Decision(key, options, options[0], "rb.hidden-choice",
                            f"{chooser} chooses {how} as {frame.item.id} resolves, among cards in a hidden zone (no "
                            "target)", state))
    of = f" ({number} of {instr.picks})" if instr.picks > 1 else ""
    return Ask(Decision(key, options, options[0], "rb.each-chooses",
                        f"{chooser} chooses a unit or card to {instr.do.value}{of} as {frame.item.id} resolves", state))


def answer(frame: ItemFrame, state: GameState, control: Control, option: str, waiting: tuple) -> Progress:
    slot, chooser, _ = waiting
    instr = frame.item.ability.effect[frame.index]
    if hidden_choice(instr):
        chosen = replace(frame, chosen=frame.chosen + ((slot, "" if option == DONE else option),))
        return Progress(state, control[:-1] + (chosen,), "rb.hidden-choice", RbStep.CHOSEN,
                        (("item", frame.item.id), ("player", chooser), ("card", option), ("hidden", True)))
    chosen = replace(frame, chosen=frame.chosen + ((slot, option),))
    return Progress(state, control[:-1] + (chosen,), "rb.each-chooses", RbStep.CHOSEN,
                    (("item", frame.item.id), ("player", chooser), ("card", option)))


def chosen_cards(frame: ItemFrame, state: GameState, instr: Instruction) -> set[str]:
    """The card objects every chooser chose for the instruction at ``frame.index``."""
    if hidden_choice(instr):
        return {card for card in frame.choices(f"effect{frame.index}") if card}
    return {card for chooser in judge.choosers(instr, state, frame.item.controller)
            for card in frame.choices(_slot(frame, chooser))}
