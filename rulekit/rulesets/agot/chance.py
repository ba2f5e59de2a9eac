"""Chance in A Game of Thrones (rules ``rulekit.chance`` and ``agot.chance``): cards taken "at
random" and a shuffled draw deck, answered by the game as a resolving effect reaches them.

Rules Reference, "Intrigue Claim": cards discarded at random from a hand are picked by no player;
"Search": a search of a whole deck ends with that deck shuffled. Which cards a random pick takes,
and which cards a shuffle leaves on top, are chance decisions (:mod:`rulekit.core.chance`): the
game answers them, recorded and replayed like a player's answer. Each card taken is then affected
by the instruction in a nested sequence of its own, like any other target; a shuffle makes no
triggering condition.
"""
from __future__ import annotations

from rulekit.core import chance, ids, judge
from rulekit.core.abilities import Instruction, Target
from rulekit.core.events import Verb
from rulekit.core.frames import Ask, Control, Progress
from rulekit.core.frozen import replace
from rulekit.core.model import GameState
from rulekit.rulesets.agot.codes import AgotStep
from rulekit.rulesets.agot.frames import ResolutionFrame, Stage


def random_targets(frame: ResolutionFrame, state: GameState, instr: Instruction, slot: str):
    """The cards an instruction with ``target: random`` takes (a tuple), or the :class:`Ask` for
    the game's answer when more than one outcome is possible and none has been answered yet."""
    candidates = judge.changeable_targets(instr, state, frame.controller, frame.source, frame.condition)
    outcomes = chance.pick_outcomes(instr, state, candidates, instr.amount)
    if len(outcomes) > 1 and not frame.chance:
        return Ask(chance.decision(ids.nested(frame.use, slot), outcomes,
                                   f"chance: which of the {len(candidates)} card(s) found are taken at random to "
                                   f"{instr.do.value} ({slot} of {frame.use})", state, rule="agot.chance"))
    picked = chance.cards_of(frame.chance[0] if frame.chance else (outcomes[0] if outcomes else ""))
    return tuple(c for c in candidates if c.obj in picked)


def answer(frame: ResolutionFrame, state: GameState, control: Control, outcome: str) -> Progress:
    """The game's answer to the chance decision of the effect instruction at ``frame.index``: the
    cards a random pick takes (affected as the instruction then executes), or a deck's new top."""
    instr = frame.ability.effect[frame.index]
    args = (("use", frame.use), ("instruction", f"effect{frame.index}"), ("verb", instr.words))
    if instr.do is Verb.SHUFFLE:
        return shuffle(frame, state, control, instr, args, outcome)
    return Progress(state, control[:-1] + (replace(frame, chance=(outcome,)),), "agot.chance", AgotStep.CHANCE,
                    args + (("outcome", outcome), ("cards", chance.cards_of(outcome))))


def shuffle(frame: ResolutionFrame, state: GameState, control: Control, instr: Instruction, args: tuple,
            answer: str | None = None) -> Progress | Ask:
    """Shuffle each target player's draw deck in turn: the game answers which cards end on top,
    ``amount`` deep; the cards beneath keep their order. A deck of 0 or 1 card asks nothing (and
    changes nothing: it did not resolve in full, for a "then" after it)."""
    players = judge.player_targets(instr, state, frame.controller, frame.condition)
    i = len(frame.chance)
    moved_on = replace(frame, index=frame.index + 1, chance=())
    if i >= len(players):
        return Progress(state, control[:-1] + (replace(moved_on, shortfall=True),), "agot.effect.nothing",
                        AgotStep.NOTHING, args)
    player = players[i]
    outcomes = chance.shuffle_outcomes(state.decks.get(player, ()), instr.amount)
    if answer is None and len(outcomes) > 1:
        return Ask(chance.decision(ids.nested(frame.use, f"effect{frame.index}"), outcomes,
                                   f"chance: which card(s) end on top of {player}'s {state.rules.deck} after the "
                                   f"shuffle ({frame.use})", state, number=i + 1, rule="agot.chance"))
    outcome = answer if answer is not None else (outcomes[0] if outcomes else "")
    state = chance.shuffled(state, player, outcome)
    after = moved_on if i + 1 >= len(players) else replace(frame, chance=frame.chance + (outcome,))
    if len(outcomes) <= 1:      # a deck of 0 or 1 card: this shuffle changed nothing (agot.then)
        after = replace(after, shortfall=True)
    return Progress(state, control[:-1] + (after,), "agot.chance", AgotStep.SHUFFLED,
                    args + (("player", player), ("outcome", outcome), ("cards", chance.cards_of(outcome)),
                            ("outcomes", len(outcomes))))


def asks(frame: ResolutionFrame) -> bool:
    """Whether the effect instruction at ``frame.index`` is one the game answers by chance."""
    if frame.stage is not Stage.EFFECT or frame.index >= len(frame.ability.effect):
        return False
    instr = frame.ability.effect[frame.index]
    return instr.do is Verb.SHUFFLE or instr.target is Target.RANDOM


#: where a search puts the card it finds, and what it searches (Rules Reference, "Search")
SEARCH_TO = "hand"
SEARCHED = "draw deck"


def check_ability(ability, path: str) -> None:
    """What A Game of Thrones' files may say about chance and searches: a cost is never left to
    chance (``target: random`` and ``shuffle`` are effects); ``move`` is a search's "put it into
    your hand" — a card its player chooses from their draw deck, put into their hand; nothing
    listens for it (no card refers to it as a triggering condition)."""
    from rulekit.core.errors import ScenarioError
    from rulekit.core.events import EventKind
    if ability.when is not None and ability.when.event is EventKind.MOVES:
        raise ScenarioError("'moves' is not a triggering condition in agot: a card put into a hand by a search "
                            "is no occurrence its cards refer to", path=f"{path}.when.event",
                            expected="an event of agot, e.g. 'enters play', 'discarded', 'draws'")
    for part in ("cost", "effect"):
        for k, instr in enumerate(getattr(ability, part)):
            at = f"{path}.{part}[{k}]"
            if part == "cost" and (instr.target is Target.RANDOM or instr.do is Verb.SHUFFLE):
                raise ScenarioError("a cost cannot be left to chance: 'target: random' and 'shuffle' are effects "
                                    "(rule rulekit.chance)", path=f"{at}.target", expected="target: self or each")
            if instr.do is Verb.MOVE and (instr.to != SEARCH_TO or instr.filter is None
                                          or instr.filter.zone != SEARCHED or part == "cost"):
                raise ScenarioError("'move' in agot is a search's \"put it into your hand\": an effect that moves a "
                                    f"card from the {SEARCHED} to the {SEARCH_TO} (Rules Reference, \"Search\")",
                                    path=f"{at}.to", expected=f"to: {SEARCH_TO}, filter: {{zone: {SEARCHED}, …}}")
            if instr.to is not None and instr.do not in (Verb.MOVE, Verb.MOVE_POWER, Verb.PLACE):
                raise ScenarioError(f"only a search's 'move', 'move power' and 'place' take 'to' in agot, not "
                                    f"{instr.do.value!r}", path=f"{at}.to")
