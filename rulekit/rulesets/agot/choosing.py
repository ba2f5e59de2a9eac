"""Choosing cards for an ability's cost and effect (rules ``agot.initiate.targets``,
``agot.choose.order``): who chooses (the controller, or each player / each opponent in player order
from the first player), how many cards each chooses (``amount`` for a verb whose amount is no
quantity: "choose 2 characters", "discard 2 cards from your hand"), and which cards were chosen.

Each choice is a decision of its own, keyed by the slot it fills (``<use>/effect0``, or
``<use>/effect0:<player>`` when each player chooses) and numbered from #1 ("choose 2": #1 and #2).
The choices are made in turn, each known to the next chooser (the cards chosen are open
information); the instruction then resolves for every card chosen at once (RR "Priority of
Simultaneous Resolution").
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core import judge
from rulekit.core.abilities import Instruction
from rulekit.core.decisions import AnswerKey, Decision, DecisionKind
from rulekit.core.frames import Ask
from rulekit.core.frozen import members
from rulekit.core.model import GameState
from rulekit.rulesets.agot.frames import ResolutionFrame, Stage
from rulekit.rulesets.agot.search import is_search

_Stage = members(Stage)     # read at every step of a use (rulekit.frozen.members says why)

EACH_CHOOSES_SHORT = "agot.each-chooses-short"


def slot_of(stage: Stage, index: int) -> str:
    """The slot of a stage's instruction: ``cost0``, ``effect1``."""
    return f"{stage}{index}"


def _choice_needed(frame: ResolutionFrame, state: GameState, instr: Instruction, slot: str,
                   chooser: str) -> tuple | None:
    """The legal targets if ``chooser`` must make a choice for ``slot`` now, else ``None`` (no
    choice to make, all made, or nothing to choose from). A chooser makes ``instr.picks`` choices
    for the slot ("choose 2 characters"), each a card not chosen yet (RR "Target"). Short of that
    many eligible cards when the choosing starts, the controller's targets cannot be chosen (FAQ
    3.3: the instruction resolves unsuccessfully), nor a cost paid; a chooser of "each player
    chooses" chooses as many as they can, or none, as the ruling ``agot.each-chooses-short`` says;
    cards picked from a hand or a deck, as many as there are (:func:`short_chooses_none`)."""
    if not instr.target.is_chosen or is_search(instr, state.rules):
        return None             # a search is no target: its card is found as it resolves (agot.search)
    made = frame.choices(slot)
    if len(made) >= instr.picks:
        return None
    targets = tuple(c for c in judge.chooser_targets(instr, state, chooser, frame.source, frame.condition)
                    if c.id not in made)
    if not targets or (not made and len(targets) < instr.picks
                       and short_chooses_none(instr, state, cost=frame.stage is _Stage.COST)):
        return None
    return targets


#: zones whose cards an instruction picks without targeting them ("discard 2 cards from your hand", a
#: search): no "choose" names them (the FAQ's definition of "Choose"), so the effect takes as many as there are (RR "Effects")
UNTARGETED_ZONES = ("hand", "draw deck")


def targeting(instr: Instruction) -> bool:
    """Whether the controller's choice for ``instr`` is a choice of targets ("choose 2 characters"),
    which must all be found (RR "Target"), rather than cards picked from a hand or a deck, of which
    an effect takes as many as there are (RR "Effects": a non-targeting effect engages as many
    entities as possible)."""
    return not (instr.filter is not None and instr.filter.zone in UNTARGETED_ZONES)


def short_chooses_none(instr: Instruction, state: GameState, cost: bool = False) -> bool:
    """Whether a chooser with fewer eligible cards than ``instr.picks`` chooses none (rather than
    all they have): for a cost (paid in full or not at all, RR "Costs") and for the controller's
    targets (RR "Target"; FAQ 3.3) always; each player's as the ruling ``agot.each-chooses-short``
    says; never for cards an effect picks from a hand or a deck (RR "Effects")."""
    if instr.target.by_others:
        return state.ruling(EACH_CHOOSES_SHORT) == "all-or-none"
    return cost or targeting(instr)


def slots(frame: ResolutionFrame, state: GameState, instr: Instruction, slot: str) -> tuple[tuple[str, str], ...]:
    """(slot, chooser) pairs of one instruction: one for its controller, or, when each player (each
    opponent) chooses, one per chooser in player order from the first player (agot.choose.order)."""
    if instr.target.by_others:
        return tuple((f"{slot}:{p}", p) for p in judge.choosers(instr, state, frame.controller))
    return ((slot, frame.controller),)


def pending_slot(frame: ResolutionFrame, state: GameState) -> tuple | None:
    """(slot, instruction, targets, chooser) of the choice to make next: in the targets stage, the
    first effect instruction still needing one; in the cost stage, before the costs are paid, the
    first cost instruction still needing one (all costs are paid together, RR "Costs")."""
    if frame.stage is _Stage.TARGETS:
        candidates = [(slot_of(_Stage.EFFECT, i), instr) for i, instr in enumerate(frame.ability.effect)]
    elif frame.stage is _Stage.COST and frame.index == 0:
        candidates = [(slot_of(_Stage.COST, i), instr) for i, instr in enumerate(frame.ability.cost)]
    else:
        return None
    for base, instr in candidates:
        for slot, chooser in slots(frame, state, instr, base):
            targets = _choice_needed(frame, state, instr, slot, chooser)
            if targets:
                return slot, instr, targets, chooser
    return None


def ask_target(frame: ResolutionFrame, state: GameState, pending) -> Ask:
    slot, instr, targets, chooser = pending
    number = len(frame.choices(slot)) + 1        # the first choice is #1, the second #2 ("choose 2 …")
    key = AnswerKey(DecisionKind.CHOOSE_TARGET, ids.nested(frame.use, slot), chooser, number)
    of = f" ({number} of {instr.picks})" if instr.picks > 1 else ""
    what = "a card to {} to pay the cost" if frame.stage is _Stage.COST else "a target to {}"
    return Ask(Decision(key, tuple(c.id for c in targets), targets[0].id, rule_of(frame, instr),
                        f"{chooser} chooses {what.format(instr.do.value)}{of}", state))


def rule_of(frame: ResolutionFrame, instr: Instruction) -> str:
    """The rule a choice applies: a card to pay a cost with (``agot.costs`` when several costs are
    paid together, else ``agot.initiate.cost-paid``), a choice of each player
    or each opponent (``agot.choose.order``), one of several targets (``agot.choose.several``), a
    target (``agot.initiate.targets``)."""
    if frame.stage is _Stage.COST:
        return "agot.costs" if len(frame.ability.cost) > 1 else "agot.initiate.cost-paid"
    if instr.target.by_others:
        return "agot.choose.order"
    return "agot.choose.several" if instr.picks > 1 else "agot.initiate.targets"


def chosen_only(frame: ResolutionFrame, state: GameState, instr: Instruction, slot: str, targets: tuple) -> tuple:
    """Of ``targets``, the cards chosen for the instruction at ``slot`` — every choice of every chooser:
    it resolves for all of them at once (RR "Priority of Simultaneous Resolution"); ``targets``
    themselves for an instruction that chooses nothing."""
    if not instr.target.is_chosen:
        return targets
    chosen = {card for s, _ in slots(frame, state, instr, slot) for card in frame.choices(s)}
    return tuple(c for c in targets if c.id in chosen)
