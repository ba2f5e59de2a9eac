"""Searching a deck (rule ``agot.search``; Rules Reference, "Search", "Target"; FAQ, Definitions and Terms, "Choose").

A search lets its player look at the searched cards without showing them, and put one that fits
where the search says (a file's ``move`` to the hand, or ``put into play``). It is no target: only
"choose" makes one, so it is not chosen before the effect initiates and "no legal target" never
keeps it from being initiated. The card is found as the search resolves, by a decision of its
own (kind ``search``): the cards that fit, and :data:`NOTHING` — a player is never obliged to find
the object of a search, even where a card fits. Where no card fits nothing is asked.

Two points the texts leave open are rulings: whether a search could change the game state where
no card fits (``agot.search-potential``), and whether one that found nothing resolved in full for
a "then" after it (``agot.then-after-search``). A search of a whole deck ends with the deck
shuffled: in a file, the ``shuffle`` after it (:mod:`.chance`).
"""
from __future__ import annotations

from rulekit.core import ids, judge
from rulekit.core.abilities import CardFilter, Instruction, Target
from rulekit.core.decisions import AnswerKey, Decision, DecisionKind
from rulekit.core.errors import ScenarioError
from rulekit.core.frames import Ask, Control, Progress
from rulekit.core.frozen import replace
from rulekit.core.model import Card, GameState, TriggeringCondition
from rulekit.core.ruleset import ruling_arg
from rulekit.rulesets.agot.codes import AgotStep
from rulekit.rulesets.agot.frames import ResolutionFrame, Stage

#: the option of a search decision that finds no card (Rules Reference, "Search")
NOTHING = "nothing"

SEARCH_POTENTIAL = "agot.search-potential"
THEN_AFTER_SEARCH = "agot.then-after-search"


def is_search(instr: Instruction, rules) -> bool:
    """Whether ``instr`` is a search: a card its player finds in a draw deck (the only way an
    effect picks one card out of that hidden area)."""
    return instr.target is Target.CHOSEN and instr.filter is not None and instr.filter.zone == rules.deck


def check_ability(ability, path: str, rules) -> None:
    """A search finds one card ("search your deck for a card"): a search for several cards is not
    modelled, so an ``amount`` other than 1 on one would load and change nothing (rule
    rulekit.fields) — it is refused."""
    for k, instr in enumerate(ability.effect):
        if is_search(instr, rules) and instr.amount != 1:
            raise ScenarioError(f"a search finds one card (Rules Reference, \"Search\"): a search for {instr.amount} "
                                "cards is not modelled", path=f"{path}.effect[{k}].amount",
                                expected="no 'amount' on a search of a deck (it finds 1 card, or none)")


def searched(instr: Instruction, state: GameState, me: str, source: Card,
             tc: TriggeringCondition | None) -> tuple[Card, ...]:
    """The cards the search looks at: the searched decks (their owners as the filter says, as deep
    as its ``top``), whether or not they fit."""
    f = instr.filter
    area = replace(instr, filter=CardFilter(zone=f.zone, owner=f.owner, top=f.top))
    return judge.card_targets(area, state, me, source, tc)


def potential(instr: Instruction, state: GameState, me: str, source: Card,
              tc: TriggeringCondition | None) -> str | None:
    """``None`` if the search could change the game state now (ruling ``agot.search-potential``),
    else why not."""
    if state.ruling(SEARCH_POTENTIAL) == "a-card-that-fits":
        if judge.chooser_targets(instr, state, me, source, tc):
            return None
        return f"search: no card in the searched {state.rules.deck} fits (ruling {SEARCH_POTENTIAL}=a-card-that-fits)"
    if searched(instr, state, me, source, tc):
        return None
    return f"search: the searched {state.rules.deck} holds no card to look at"


def found(frame: ResolutionFrame, state: GameState, instr: Instruction, slot: str) -> Ask | tuple[Card, ...]:
    """The card the search finds (a tuple of it), ``()`` when it finds none, or the :class:`Ask`
    for its player's decision when a card fits and none has been answered yet."""
    fits = judge.chooser_targets(instr, state, frame.controller, frame.source, frame.condition)
    answer = frame.choice(slot)
    if answer is None and fits:
        key = AnswerKey(DecisionKind.SEARCH, ids.nested(frame.use, slot), frame.controller)
        return Ask(Decision(key, tuple(c.id for c in fits) + (NOTHING,), fits[0].id, "agot.search",
                            f"{frame.controller} searches: a card that fits to {instr.do.value}, or nothing", state))
    return tuple(c for c in fits if c.id == answer)


def found_nothing(frame: ResolutionFrame, state: GameState, control: Control, args: tuple, why: str) -> Progress:
    """The search found no card: nothing happens, and it resolved in full (for a "then" after it)
    as the ruling ``agot.then-after-search`` says."""
    in_full = state.ruling(THEN_AFTER_SEARCH) == "in-full"
    moved_on = replace(frame, index=frame.index + 1, chance=(), shortfall=frame.shortfall or not in_full)
    return Progress(state, control[:-1] + (moved_on,), "agot.search", AgotStep.SEARCH,
                    args + (("found", NOTHING), ("why", why), ruling_arg(state, THEN_AFTER_SEARCH)))


def asks(frame: ResolutionFrame, state: GameState) -> bool:
    """Whether the effect instruction at ``frame.index`` is a search waiting for its player's answer."""
    if frame.stage is not Stage.EFFECT or frame.index >= len(frame.ability.effect):
        return False
    return is_search(frame.ability.effect[frame.index], state.rules)


def answer(frame: ResolutionFrame, state: GameState, control: Control, option: str) -> Progress:
    """The player's answer to a search: the card found (it is then put where the search says, as
    the instruction executes), or nothing."""
    slot = f"{Stage.EFFECT}{frame.index}"
    instr = frame.ability.effect[frame.index]
    args = (("use", frame.use), ("instruction", slot), ("verb", instr.words))
    if option == NOTHING:
        return found_nothing(frame, state, control, args,
                             f"{frame.controller} chose to find none (a player is never obliged to find a card)")
    chosen = replace(frame, chosen=frame.chosen + ((slot, option),))
    return Progress(state, control[:-1] + (chosen,), "agot.search", AgotStep.SEARCH, args + (("found", option),))
