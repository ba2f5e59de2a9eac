"""Choosing cards for an ability's cost and effect (rules ``agot.initiate.targets``,
``agot.choose.order``): who chooses (the controller, or each player / each opponent in player order
from the first player), how many cards each chooses (``amount`` for a verb whose amount is no
quantity: "choose 2 characters", "discard 2 cards from your hand"), and which cards were chosen.

Each choice is a decision of its own, keyed by the slot it fills (``<use>/effect0``, or
``<use>/effect0:<player>`` when each player chooses) and numbered from #1 ("choose 2": #1 and #2).
The choices are made in turn, each known to the next chooser (the cards chosen are open
information); the instruction then resolves for every card chosen at once (RR "Priority of
Simultaneous Resolution").

When each choice is made: a cost's as the costs are paid; the targets of the part of the effect
before its first "then" before the effect initiates (RR "Initiating Abilities / Marshaling
Cards", step 5); the targets of a part after "then" as that part begins to resolve
(``agot.then.targets``); cards picked from a hand or a deck, which are no targets, as their
instruction resolves (``agot.choose.resolving``).
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


def is_target(instr: Instruction, rules) -> bool:
    """Whether an effect instruction's cards are targets, chosen with the other targets of its part
    of the effect: a choice ("choose"; each player's too), not a search (:mod:`.search`) nor cards
    picked from a hand or a deck (:func:`targeting`)."""
    return instr.target.is_chosen and targeting(instr) and not is_search(instr, rules)


def picked_as_it_resolves(instr: Instruction, rules) -> bool:
    """Whether an effect instruction's cards are picked from a hand or a deck as it resolves (rule
    ``agot.choose.resolving``): chosen by a player, no target (FAQ, "Choose"), and no search (a
    search has its own decision, :mod:`.search`)."""
    return instr.target.is_chosen and not targeting(instr) and not is_search(instr, rules)


def part_from(effect: tuple[Instruction, ...], start: int) -> range:
    """The indices of the part of ``effect`` that begins at ``start``: up to the next "then"."""
    end = next((k for k in range(start + 1, len(effect)) if effect[k].then), len(effect))
    return range(start, end)


def begins_then_part(frame: ResolutionFrame) -> bool:
    """Whether the effect instruction at ``frame.index`` begins a part after "then"."""
    return frame.index > 0 and frame.ability.effect[frame.index].then


def _targets_of_part(frame: ResolutionFrame, state: GameState, start: int) -> list[tuple[str, Instruction]]:
    effect = frame.ability.effect
    return [(slot_of(_Stage.EFFECT, i), effect[i]) for i in part_from(effect, start) if is_target(effect[i], state.rules)]


def then_part_short(frame: ResolutionFrame, state: GameState) -> str | None:
    """Why the part after "then" beginning at ``frame.index`` has too few valid targets as its targets
    are chosen, if it has (RR "Target": that aspect of the effect then fails to resolve): the
    controller's "choose N" with fewer than N; each player's choices with none for any chooser, or,
    under the ruling ``agot.each-chooses-short=all-or-none``, one chooser short."""
    for slot, instr in _targets_of_part(frame, state, frame.index):
        found = {chooser: len(judge.chooser_targets(instr, state, chooser, frame.source, frame.condition))
                 for _, chooser in slots(frame, state, instr, slot)}
        short = [p for p, n in found.items() if n < instr.picks]
        if not instr.target.by_others:
            if short:
                return f"only {found[frame.controller]} to {instr.do.value}, {instr.picks} to choose"
        elif not any(found.values()) or (short and short_chooses_none(instr, state)):
            return f"{', '.join(short)}: too few to {instr.do.value}"
    return None


def then_pending(frame: ResolutionFrame, state: GameState) -> tuple | None:
    """The next choice of the targets of the part after "then" that begins at ``frame.index``."""
    return _first_needed(frame, state, _targets_of_part(frame, state, frame.index))


def pick_pending(frame: ResolutionFrame, state: GameState) -> tuple | None:
    """The next choice of the cards the effect instruction at ``frame.index`` picks from a hand or a
    deck as it resolves (``agot.choose.resolving``)."""
    instr = frame.ability.effect[frame.index]
    if not picked_as_it_resolves(instr, state.rules):
        return None
    return _first_needed(frame, state, [(slot_of(_Stage.EFFECT, frame.index), instr)])


def pending_slot(frame: ResolutionFrame, state: GameState) -> tuple | None:
    """(slot, instruction, targets, chooser) of the choice to make next: in the targets stage, the
    first target of the part of the effect before "then" still needing one; in the cost stage,
    before the costs are paid, the first cost instruction still needing one (all costs are paid
    together, RR "Costs"); as an effect instruction resolves, the targets of the part after "then"
    it begins, then the cards it picks from a hand or a deck."""
    if frame.stage is _Stage.TARGETS:
        candidates = _targets_of_part(frame, state, 0)
    elif frame.stage is _Stage.COST and frame.index == 0:
        candidates = [(slot_of(_Stage.COST, i), instr) for i, instr in enumerate(frame.ability.cost)]
    elif frame.stage is _Stage.EFFECT and frame.index < len(frame.ability.effect):
        return (then_pending(frame, state) if begins_then_part(frame) else None) or pick_pending(frame, state)
    else:
        return None
    return _first_needed(frame, state, candidates)


def _first_needed(frame: ResolutionFrame, state: GameState, candidates) -> tuple | None:
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
    what = ("a card to {} to pay the cost" if frame.stage is _Stage.COST else "a target to {}" if targeting(instr)
            else "a card to {} (no target: picked as the effect resolves)")
    return Ask(Decision(key, tuple(c.id for c in targets), targets[0].id, rule_of(frame, instr),
                        f"{chooser} chooses {what.format(instr.do.value)}{of}", state))


def rule_of(frame: ResolutionFrame, instr: Instruction) -> str:
    """The rule a choice applies: a card to pay a cost with (``agot.costs`` when several costs are
    paid together, else ``agot.initiate.cost-paid``), a target after "then" (``agot.then.targets``),
    a card picked from a hand or a deck (``agot.choose.resolving``), a choice of each player
    or each opponent (``agot.choose.order``), one of several targets (``agot.choose.several``), a
    target (``agot.initiate.targets``)."""
    if frame.stage is _Stage.COST:
        return "agot.costs" if len(frame.ability.cost) > 1 else "agot.initiate.cost-paid"
    if frame.stage is _Stage.EFFECT:    # as the effect resolves: after "then", or from a hand or a deck
        return "agot.then.targets" if targeting(instr) else "agot.choose.resolving"
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
