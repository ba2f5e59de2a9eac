"""The Game facade: ``decision``, ``answer(option)``, ``timeline``, ``state``.

A :class:`Game` is immutable. :meth:`Game.answer` returns a new game and leaves the old one
intact; an illegal or stale answer raises :class:`~rulekit.errors.IllegalAnswer` naming the
decision and its legal options, and changes nothing. The game keeps the line of play as the
answers that differ from the defaults (:attr:`Game.line`), so it can be replayed on an edited
board with :meth:`Game.start` (``answers=old.line``); answers that no longer apply are listed
in :attr:`Game.unapplied`.
"""
from __future__ import annotations

from collections.abc import Mapping

from immutables import Map

from rulekit.core.decisions import AnswerKey, Decision, Line, Option, Unapplied
from rulekit.core import engine
from rulekit.core.engine import Halt, apply_answer, record
from rulekit.core.errors import IllegalAnswer, RulekitError, argument_check
from rulekit.core.limits import MAX_NESTING
from rulekit.core.frames import ScriptFrame
from rulekit.core import remembered
from rulekit.core.frozen import maker, replace
from rulekit.core.model import GameState, initial_state
from rulekit.core.scenario import Scenario, with_rulings
from rulekit.core.speed import PLAIN, loop
from rulekit.core.timeline import Step, steps

_VALIDATOR = None
#: the engine loop a game runs: the plain one, or the same with its calls inlined (rulekit.core.speed)
run = engine.run if PLAIN else loop.run


def use_validator(validator) -> None:
    """Install the function :meth:`Game.start` passes every scenario through before it plays it.

    A scenario built in Python is checked exactly like a file — types, names, ids, counts, the
    ruleset's vocabulary, cross-references — and its ruleset name resolved to the ruleset object.
    That checking is the files layer's (:func:`rulekit.files.validate_scenario`), which installs
    itself here when it is imported (``import rulekit`` installs a stand-in that imports it on
    first use): the core calls it without importing anything above itself."""
    global _VALIDATOR
    _VALIDATOR = validator


def validate(scenario: Scenario) -> Scenario:
    """``scenario`` checked and resolved by the installed validator (see :func:`use_validator`)."""
    if _VALIDATOR is None:
        raise RulekitError("no scenario validator is installed: import rulekit (or rulekit.files) first")
    return _VALIDATOR(scenario)


_SET_UPS = remembered.Remembered(limit=64)


def _set_up(scenario: Scenario) -> GameState:
    """The state ``scenario`` starts from (:func:`~rulekit.core.model.initial_state`), remembered
    for the same cards (the very tuple of frozen cards, kept with it), players, phase, rulings and
    pools: a state is a frozen value, so games started from one scenario may share it. Made afresh
    when remembering is off (:mod:`rulekit.core.remembered`)."""
    if not remembered.ENABLED:
        return initial_state(scenario.rules, scenario.players, scenario.first_player, scenario.cards,
                             scenario.phase, rulings=scenario.rulings, pools=scenario.pools)
    global _LAST_SET_UP
    last = _LAST_SET_UP                 # one snapshot: another thread may replace it meanwhile
    if last[0] is scenario:             # the very scenario started last (a frozen value): its state again
        return last[1]
    rulings, pools = scenario.rulings, scenario.pools
    key = (id(scenario.cards), scenario.rules, scenario.players, scenario.first_player, scenario.phase,
           tuple(sorted(rulings.items())) if rulings else (),
           tuple(sorted((p, tuple(sorted(held.items()))) for p, held in pools.items())) if pools else ())
    got = _SET_UPS.get(key)
    if got is None or got[0] is not scenario.cards:
        got = (scenario.cards, initial_state(scenario.rules, scenario.players, scenario.first_player, scenario.cards,
                                             scenario.phase, rulings=scenario.rulings, pools=scenario.pools))
        _SET_UPS.keep(key, got)
    _LAST_SET_UP = (scenario, got[1])
    return got[1]


_LAST_SET_UP: tuple = (None, None)
_NO_ANSWERS = Line()        # the line of a game played on the defaults (a frozen value: shared)


_step = maker(Step)                  # (rulekit.core.frozen.maker)
_SCRIPT_START = (ScriptFrame(0),)    # the control of every game at its set-up (a frozen value, shared)


class Game:
    __slots__ = ("scenario", "_halt", "line", "max_nesting")

    def __init__(self, scenario: Scenario, halt: Halt, line: Line, max_nesting: int = MAX_NESTING):
        set_ = object.__setattr__
        set_(self, "scenario", scenario)
        set_(self, "_halt", halt)
        set_(self, "line", line)
        set_(self, "max_nesting", max_nesting)

    def __setattr__(self, name, value):
        raise AttributeError(f"a Game is immutable: cannot set {name!r}; answer() and Game.start() return new games")

    def __delattr__(self, name):
        raise AttributeError(f"a Game is immutable: cannot delete {name!r}")

    def __copy__(self) -> "Game":
        return self                                   # immutable: a copy is the game itself

    def __deepcopy__(self, memo) -> "Game":
        return self

    def __reduce__(self):
        return (Game, (self.scenario, self._halt, self.line, self.max_nesting))

    # -- starting --------------------------------------------------------------------------
    @classmethod
    def start(cls, scenario: Scenario, answers: "Line | dict | None" = None, *,
              play_defaults: bool = False, max_nesting: int = MAX_NESTING,
              rulings: "dict[str, str] | None" = None) -> "Game":
        """Set up ``scenario`` and advance to the first decision (or, with ``play_defaults``,
        to the end). ``answers`` (a :class:`Line` or a mapping of :class:`AnswerKey` to option
        id) are applied wherever their keys come up. More than ``max_nesting`` open sequences
        raise :class:`~rulekit.limits.RunawayLoop` naming the abilities that loop. A scenario
        built in Python is validated like a file (:class:`~rulekit.errors.ScenarioError` naming
        the field) and its collections frozen into tuples. ``rulings`` (ruling name -> option)
        are put in force on top of the scenario's own (see ``rulekit rulings``)."""
        if max_nesting is not MAX_NESTING:
            argument_check("max_nesting", max_nesting, type(max_nesting) is int and max_nesting >= 1,
                           "a whole number of 1 or more (how many sequences may be open at once)")
        if rulings is not None:
            argument_check("rulings", rulings, isinstance(rulings, Mapping) and all(
                isinstance(k, str) and isinstance(v, str) for k, v in rulings.items()),
                "a mapping of ruling name to option, such as {'rb.optional': 'at-resolution'} (see rulekit rulings)")
        if answers is not None:
            argument_check("answers", answers, isinstance(answers, (Line, Mapping)) or (
                isinstance(answers, (list, tuple)) and all(isinstance(p, tuple) and len(p) == 2 for p in answers)),
                "a Line, a mapping of AnswerKey to option id, or a list of (AnswerKey, option id) pairs")
        scenario = validate(scenario)
        if rulings:
            scenario = with_rulings(scenario, rulings)
        state = _set_up(scenario)
        first = _step(None, 0, "rulekit.setup", "setup", (), state, _SCRIPT_START)
        replaying = _as_map(answers)
        halt = run(scenario, first, replaying=replaying, auto=play_defaults, max_nesting=max_nesting)
        return cls(scenario, halt, _extend(_NO_ANSWERS, halt) if halt.chosen else _NO_ANSWERS, max_nesting)

    # -- reading ---------------------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """The decision the game is waiting for, or ``None`` when the script is over."""
        return self._halt.ask.decision if self._halt.ask else None

    @property
    def last_step(self) -> Step:
        return self._halt.step

    @property
    def state(self) -> GameState:
        return self._halt.step.state

    @property
    def control(self) -> tuple:
        return self._halt.step.control

    @property
    def timeline(self) -> tuple[Step, ...]:
        return steps(self._halt.step)

    @property
    def finished(self) -> bool:
        return self._halt.ask is None

    @property
    def unapplied(self) -> tuple[Unapplied, ...]:
        """Recorded answers that did not apply, each with the reason."""
        return self._halt.unapplied

    @property
    def waiting_answers(self) -> tuple[tuple[AnswerKey, str], ...]:
        """Recorded answers whose decision has not come up yet (they apply if it does)."""
        return tuple(sorted(self._halt.replaying.items(), key=lambda kv: (kv[0].at, kv[0].chooser, kv[0].number)))

    # -- answering ---------------------------------------------------------------------------
    def answer(self, option: "Option | str") -> "Game":
        """Answer the pending decision with one of its options (an :class:`Option` or its id)."""
        ask = self._halt.ask
        if ask is None:
            raise IllegalAnswer(f"no decision is pending: the script of {self.scenario.title!r} is over, "
                                f"so {_option_id(option)!r} answers nothing")
        decision = ask.decision
        if isinstance(option, Option) and (decision.option(option.id) != option or (
                option.decision is not None and option.decision != decision.key)):
            raise IllegalAnswer(f"{option.id!r} is not an option of this decision (stale or from another "
                                f"decision). {decision.describe()}", decision=decision, legal=decision.legal_ids())
        chosen = decision.option(option)
        if chosen is None:
            raise IllegalAnswer(f"{_option_id(option)!r} is not a legal option. {decision.describe()}",
                                decision=decision, legal=decision.legal_ids())
        step = self._halt.step
        progress = apply_answer(step.state, step.control, chosen.id, ask.verdicts)
        step = record(step, progress, decision, chosen.id, "chosen")
        line = self.line if chosen.id == decision.default else self.line.with_answer(decision.key, chosen.id)
        halt = run(self.scenario, step, replaying=self._halt.replaying, max_nesting=self.max_nesting)
        halt = replace(halt, unapplied=self._halt.unapplied + halt.unapplied)
        return Game(self.scenario, halt, _extend(line, halt), self.max_nesting)

    def play_defaults(self) -> "Game":
        """Answer every remaining decision with its documented default."""
        if self._halt.ask is None:
            return self
        step = self._halt.step
        decision = self._halt.ask.decision
        progress = apply_answer(step.state, step.control, decision.default, self._halt.ask.verdicts)
        halt = run(self.scenario, record(step, progress, decision, decision.default, "default"),
                   replaying=self._halt.replaying, auto=True, max_nesting=self.max_nesting)
        halt = replace(halt, unapplied=self._halt.unapplied + halt.unapplied)
        return Game(self.scenario, halt, _extend(self.line, halt), self.max_nesting)

    # -- comparing ---------------------------------------------------------------------------
    def __eq__(self, other) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self.scenario == other.scenario and self.state == other.state and self.control == other.control
                and self.decision == other.decision and self.line == other.line)

    def __hash__(self) -> int:
        return hash((self.scenario.title, self._halt.step.number))

    def __repr__(self) -> str:
        where = f"waiting: {self.decision.describe()}" if self.decision else "finished"
        return f"<Game {self.scenario.title!r}, {self._halt.step.number} steps, {where}>"


def _option_id(option) -> str:
    return option.id if isinstance(option, Option) else str(option)


def _as_map(answers) -> Map:
    if answers is None:
        return Map()
    if isinstance(answers, Line):
        return answers.answers
    pairs = dict(answers)
    for key in pairs:
        argument_check("answers", key, isinstance(key, AnswerKey), "an AnswerKey (answers are keyed by AnswerKey)")
    return Map(pairs)


def _extend(line: Line, halt: Halt) -> Line:
    for key, option in halt.chosen:
        line = line.with_answer(key, option)
    return line
