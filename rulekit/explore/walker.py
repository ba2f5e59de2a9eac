"""Explore every line of play: the distinct outcomes, how many lines reach each, and which
choices matter.

From a position (the start of a scenario, or a game in progress) :func:`explore` tries every
legal answer to every decision until the script is over. Two different answers often lead to
the same position — resolving forced reaction A then B leaves the same board and the same open
sequence as B then A — so a transposition table merges identical positions (the game state and
the control stack, compared as values), and every position is walked once. The number of lines
reaching an outcome stays exact: it is the number of paths through the merged graph, counted
after the walk. ``merge=False`` walks every line one by one (the naive walk the tests compare
against).

Each outcome comes with one example line: the first line, in the order the options are
listed, that reaches it, as keyed answers (every answer, defaults included), so
``Game.start(scenario, answers=outcome.example)`` replays it to the end.

Nothing here imports networkx, matplotlib, tqdm or ipywidgets at import time. The walk uses
only the public :class:`~rulekit.Game` API; subtrees can be walked in other processes through
any :class:`concurrent.futures.Executor` (:mod:`rulekit.explore.parallel`); :func:`rulekit.explore.explore`
(:mod:`rulekit.explore.explorer`) puts the walk and its analysis together.
"""
from __future__ import annotations

import json
from enum import Enum
from pathlib import Path

from immutables import Map

from rulekit.core.decisions import Line
from rulekit.core.errors import RulekitError
from rulekit.explore.bounds import (  # noqa: F401  (their home was here)
    DEFAULT_LIMIT, ExplorationError, Limit, _Clock, as_limit,  # noqa: F401
)

RUNAWAY = ("runaway loop",)   # the outcome of a line the engine stops because its abilities loop without end


# -- the outcome key ---------------------------------------------------------------------------------
def board(state) -> tuple:
    """The default outcome key: every card's zone, controller, kneeling and own game's fields (power,
    Might, damage …),
    each player's hand, the abilities used and the triggering conditions cancelled. Plain
    tuples of strings, integers and booleans, sorted by id: equal in every process."""
    cards = tuple((cid, c.zone, c.controller, c.kneeling, tuple(c.own_fields().items()))
                  for cid, c in sorted(state.cards.items()))
    hands = tuple((p, tuple(sorted(c.id for c in state.cards_in(state.rules.hand, p)))) for p in state.players)
    return (("cards", cards), ("hands", hands), ("resolved", tuple(sorted(state.used.keys()))),
            ("cancelled", tuple(sorted(state.cancelled.keys()))))


def _jsonable(value):
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [_jsonable(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True)) if isinstance(value, (set, frozenset)) else items
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return repr(value)


def key_text(value) -> str:
    """A canonical text of an outcome key (the order outcomes are listed in when their line
    counts tie); never ``hash()`` of a string, so it is the same in every process. JSON's own
    encoder writes tuples, strings, numbers and dicts; what it cannot write (sets, enums, other
    values) is made plain by ``_jsonable``, and a dict whose keys do not sort together has
    them written as strings first."""
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=_jsonable)
    except TypeError:
        return json.dumps(_jsonable(value), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def outcome_data(value, *, default_key: bool) -> dict:
    """An outcome key as JSON data: cards, hands, resolved and cancelled for the default key."""
    if default_key and value != RUNAWAY:
        parts = dict(value)
        return {"cards": {cid: {"zone": zone, "controller": controller, "kneeling": kneeling, **dict(own)}
                          for cid, zone, controller, kneeling, own in parts["cards"]},
                "hands": {p: list(h) for p, h in parts["hands"]},
                "resolved": list(parts["resolved"]), "cancelled": list(parts["cancelled"])}
    return {"key": _jsonable(value)}


# -- the walk ----------------------------------------------------------------------------------------
class Walk:
    """The merged graph of positions, as plain lists indexed by position number.

    ``at[n]`` is the :class:`AnswerKey` of the decision waiting at position ``n`` (``None`` at
    the end of the script), ``options[n]`` its option ids, ``children[n]`` the position each
    option led to (shorter than ``options[n]`` if the walk stopped first), ``outcome[n]`` the
    outcome key at the end. Position 0 is where the walk started.
    """

    __slots__ = ("at", "options", "children", "outcome", "finals", "labels", "answers", "stopped")

    def __init__(self):
        self.at: list = []
        self.options: list = []
        self.children: list = []
        self.outcome: list = []
        self.finals: dict = {}       # outcome key -> the final state of the first line found reaching it
        self.labels: dict = {}       # AnswerKey -> (prompt, {option id: label})
        self.answers = 0             # answers the engine was asked for
        self.stopped = ""            # why the walk stopped early ("" if it did not)

    def __len__(self) -> int:
        return len(self.at)

    def add(self, at, options, outcome) -> int:
        self.at.append(at)
        self.options.append(options)
        self.children.append([])
        self.outcome.append(outcome)
        return len(self.at) - 1

    def expanded(self, n: int) -> bool:
        return len(self.children[n]) == len(self.options[n])

    def attach(self, other: "Walk", at: int) -> None:
        """Graft ``other`` (walked from the position numbered ``at`` here) into this graph."""
        offset = len(self.at) - 1
        renumber = lambda m: at if m == 0 else m + offset      # noqa: E731
        self.children[at] = [renumber(m) for m in other.children[0]]
        for n in range(1, len(other)):
            self.add(other.at[n], other.options[n], other.outcome[n])
            self.children[-1] = [renumber(m) for m in other.children[n]]
        for k, v in other.finals.items():
            self.finals.setdefault(k, v)
        for k, v in other.labels.items():
            self.labels.setdefault(k, v)
        self.answers += other.answers


class Walker:
    """Places positions in a :class:`Walk` (merging identical ones when ``merge``) and asks the
    engine for the position each answer leads to."""

    def __init__(self, *, key=board, merge: bool = True, labels: bool = True):
        self.w = Walk()
        self.key = key
        self.merge = merge
        self.labels = labels
        self.table: dict = {}
        self.runaway = None

    def place(self, game) -> tuple[int, bool]:
        """The number of ``game``'s position, and whether it is new."""
        w = self.w
        position = (game.state, game.control)
        if self.merge:
            found = self.table.get(position)
            if found is not None:
                return found, False
        decision = game.decision
        if decision is None:
            outcome = _outcome(self.key, game.state)
            w.finals.setdefault(outcome, game.state)
            n = w.add(None, (), outcome)
        else:
            n = w.add(decision.key, decision.option_ids, None)
            if self.labels and decision.key not in w.labels:
                w.labels[decision.key] = (decision.prompt, {o.id: o.label for o in decision.options})
        if self.merge:
            self.table[position] = n
        return n, True

    def answer(self, game, n: int):
        """Take the next untried option at position ``n``; the new game if its position is new
        and waits for a decision (``None`` otherwise)."""
        w = self.w
        w.answers += 1
        try:
            child = game.answer(w.options[n][len(w.children[n])])
        except RulekitError:                       # the nesting or step bound stopped a runaway loop
            if self.runaway is None:
                self.runaway = w.add(None, (), RUNAWAY)
            w.children[n].append(self.runaway)
            return None
        m, new = self.place(child)
        w.children[n].append(m)
        return child if new and child.decision is not None else None


def walk(root, *, key=board, merge: bool = True, clock: _Clock | None = None, labels: bool = True) -> Walk:
    """Walk every legal answer from ``root`` (a :class:`~rulekit.Game`), depth first, in the
    order the options are listed, merging identical positions when ``merge``."""
    clock = clock or _Clock(Limit(), None)
    walker = Walker(key=key, merge=merge, labels=labels)
    w = walker.w
    walker.place(root)
    stack = [(root, 0)] if root.decision is not None else []
    while stack:
        game, n = stack[-1]
        if len(w.children[n]) == len(w.options[n]):
            stack.pop()
            continue
        why = clock.over(w)
        if why:
            w.stopped = why
            break
        child = walker.answer(game, n)
        if child is not None:
            stack.append((child, len(w) - 1))
    return w


def _outcome(key, state):
    try:
        value = key(state)
    except Exception as e:   # noqa: BLE001 - the user's key: say which and why
        raise ExplorationError(f"the outcome key {getattr(key, '__name__', key)!r} failed on a final state: {e!r}") from e
    try:
        hash(value)
    except TypeError:
        raise ExplorationError(f"the outcome key must return a hashable value (a tuple, a string, a number…), "
                               f"got {type(value).__name__}: {value!r}") from None
    return value


# -- where a walk starts -----------------------------------------------------------------------------
def full_line(game) -> Line:
    """Every answer the game has taken so far (defaults included), keyed: replaying it with
    ``Game.start`` reaches the same position."""
    answers = {s.decision.key: s.answer for s in game.timeline if s.decision is not None and s.answer is not None}
    return Line(Map(answers))


def starting_point(source, max_nesting=None):
    """The game a walk starts from: a :class:`~rulekit.Game` (its position; recorded answers not
    reached yet are set aside, so every option is tried), a :class:`~rulekit.Scenario`, a loaded
    scenario file or a path (its start: the file's own answers are not used)."""
    from rulekit.core.game import Game
    from rulekit.core.scenario import Scenario
    if isinstance(source, Game):
        prefix = full_line(source)
        if not source.waiting_answers:
            return source, prefix
        game = Game.start(source.scenario, prefix, max_nesting=source.max_nesting)
        if (game.state, game.control) != (source.state, source.control):
            raise ExplorationError("cannot explore from this game: replaying its answers does not reach its position")
        return game, prefix
    if isinstance(source, (str, Path)):
        from rulekit.files.scenario_files import load_scenario
        source = load_scenario(source)
    scenario = getattr(source, "scenario", source)
    if not isinstance(scenario, Scenario):
        raise ExplorationError(f"explore needs a Game, a Scenario, a loaded scenario file or a path to one, "
                               f"got {type(source).__name__}")
    kw = {} if max_nesting is None else {"max_nesting": max_nesting}
    return Game.start(scenario, **kw), Line()


def _progress_bar(progress, *, unit: str, total: int | None = None):
    if progress is False or progress is None:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        if progress == "auto":
            return None
        raise ExplorationError("progress=True needs tqdm: pip install 'rulekit[explore]'") from None
    return tqdm(total=total, unit=f" {unit}", desc="exploring", leave=False)
