"""Paying an ability's costs (rules ``agot.costs``, ``agot.initiate.cost-paid``): what each
instruction makes occur, and the costs of one ability paid together.

If an ability has several costs, they are paid simultaneously (Rules Reference, "Costs"): once
every choice they need is made (which cards to discard, and so on), all of them occur as one
occurrence — one nested sequence, ``<use>/cost0``, whose triggering conditions share one set of
interrupt windows (rules text, "Triggering Condition": shared windows) — and the reactions to them
open in one window after the cost stage (``<use>/cost:reaction``), before targets are chosen.
A card leaving play as a cost cannot be saved (FAQ 3.2).
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core import judge
from rulekit.core import occur
from rulekit.core.abilities import Ability, Instruction
from rulekit.core.errors import ScenarioError
from rulekit.core.events import Verb
from rulekit.core.frames import Control, Progress
from rulekit.core.frozen import replace
from rulekit.core.model import GameState, TriggeringCondition
from rulekit.rulesets.agot.challenge_checks import stops_at_once
from rulekit.rulesets.agot.choosing import chosen_only, slot_of
from rulekit.rulesets.agot.codes import AgotStep
from rulekit.rulesets.agot.factions import destination
from rulekit.rulesets.agot.frames import ResolutionFrame, Role, SequenceFrame, Stage
from rulekit.rulesets.agot.search import is_search

#: why a card leaving play as a cost is not saved (FAQ 3.2)
AS_A_COST = "is leaving play as a cost"


def conditions_of(frame: ResolutionFrame, state: GameState, instr: Instruction, targets: tuple, sequence: str,
                  unsavable: str = "") -> tuple[tuple[TriggeringCondition, ...], str | None]:
    """The triggering conditions ``instr`` makes imminent for ``targets`` in ``sequence``, and why
    it does nothing at all (a lasting effect "until the end of the challenge" with none under way),
    if so. ``unsavable`` says why its cards cannot be saved (a cost); a "(cannot be saved)" wording
    says so too."""
    unsavable = "cannot be saved" if instr.cannot_be_saved else unsavable
    if instr.target.is_player:
        return occur.conditions_for(instr.do, state, sequence, frame.use, players=targets, amount=instr.amount,
                                    resource=instr.resource), None
    expired = stops_at_once(instr, state)
    if expired:
        return (), expired
    to = instr.to                       # a search's move: to the hand
    if instr.do is Verb.MOVE_POWER:     # the card the power goes to, never the one it leaves (RR "Moving Power")
        onto = destination(instr.to, state, frame.controller, frame.source, frame.condition)
        to = onto.id if onto is not None else None
        targets = tuple(c for c in targets if to is not None and c.id != to)
    return occur.conditions_for(instr.do, state, sequence, frame.use, cards=targets, amount=instr.amount,
                                cannot_be_saved=unsavable, to=to, until=instr.until), None


def pay(frame: ResolutionFrame, state: GameState, control: Control) -> Progress:
    """Pay every cost of the use at once (RR "Costs": simultaneously), its choices made: one
    occurrence in one nested sequence, ``<use>/cost0``. An instruction whose condition is false,
    or that finds nothing to pay with, adds nothing to it."""
    ability = frame.ability
    sequence = ids.instruction_sequence(frame.use, Stage.COST, 0)
    conditions: dict[str, TriggeringCondition] = {}
    short = False
    for i, instr in enumerate(ability.cost):
        if judge.condition_failure(instr.condition, state, frame.controller, frame.source):
            short = True
            continue
        slot = slot_of(Stage.COST, i)
        targets = judge.changeable_targets(instr, state, frame.controller, frame.source, frame.condition)
        made, _ = conditions_of(frame, state, instr, chosen_only(frame, state, instr, slot, targets), sequence,
                                AS_A_COST)
        short = short or not made
        for tc in made:             # one thing happening once, even if two costs name it
            conditions.setdefault(tc.id, tc)
    paid = replace(frame, index=len(ability.cost), shortfall=frame.shortfall or short, chance=())
    args = (("use", frame.use), ("instruction", ", ".join(slot_of(Stage.COST, i) for i in range(len(ability.cost)))),
            ("verb", " and ".join(i.words for i in ability.cost)))
    if not conditions:
        return Progress(state, control[:-1] + (paid,), "agot.effect.nothing", AgotStep.NOTHING, args)
    happening = tuple(conditions.values())
    nested = SequenceFrame(sequence, happening, role=Role.NESTED, planned=len(happening))
    if len(ability.cost) == 1:          # one cost: the nested sequence of its one instruction (agot.nested)
        return Progress(state, control[:-1] + (paid, nested), "agot.nested", AgotStep.INSTRUCTION, args)
    return Progress(state, control[:-1] + (paid, nested), "agot.costs", AgotStep.COSTS, args)


#: what a cost cannot do: act on a triggering condition or set up a delayed effect (effects only)
_NOT_A_COST = (Verb.CANCEL, Verb.SAVE, Verb.REPLACE, Verb.DELAY)


def check_costs(ability: Ability, path: str, rules) -> None:
    """A cost is paid with the controller's own game elements (RR "Costs": an opponent's may not pay
    it), all its instructions together: so no cost is chosen by each player or each opponent, none
    comes "then" after another, and none cancels, saves, replaces or sets up a delayed effect. Nor
    is a cost a search: a search is no target ("Search", "Target") and no printed cost searches a
    deck, so a cost that would pick its card out of a draw deck is refused."""
    for k, instr in enumerate(ability.cost):
        at = f"{path}.cost[{k}]"
        if is_search(instr, rules):
            raise ScenarioError(f"a cost does not search: {instr.do.value!r} a card chosen in a {rules.deck} is a search, "
                                "which is an effect found as it resolves, never a target or a cost (Rules Reference, "
                                "\"Search\", \"Target\", \"Costs\")", path=f"{at}.filter.zone",
                                expected=f"a cost paid with cards in play or in another out-of-play area than the "
                                         f"{rules.deck} (\"discard 1 card from your hand\"); a search goes in the effect")
        if instr.do in _NOT_A_COST:
            raise ScenarioError(f"{instr.do.value!r} is an effect, not a cost: a cost pays with game elements "
                                "(Rules Reference, \"Costs\")", path=f"{at}.do",
                                expected="a verb that pays with a game element, such as kneel, discard or pay")
        if instr.target.by_others:
            raise ScenarioError(f"a cost is paid by the ability's controller, with their own game elements (Rules "
                                f"Reference, \"Costs\"): not {instr.target.value!r}", path=f"{at}.target",
                                expected="target: self, chosen, each or you")
        if instr.then:
            raise ScenarioError("the costs of an ability are paid together (Rules Reference, \"Costs\"): no cost "
                                "comes \"then\" after another", path=f"{at}.then", expected="no 'then' in a cost")
