"""rulekit: card-game trigger timing as data.

A sans-IO engine for the triggering-condition sequence of A Game of Thrones: The Card Game
(second edition): build a scenario, start a :class:`Game`, answer its decisions, read its
timeline. Importing rulekit imports no plotting, widget or Jupyter library.
"""
from __future__ import annotations

from .abilities import Ability, CardFilter, Condition, Instruction, Posture, Target, Timing, Trigger, Which, Who
from .builder import ScenarioBuilder
from .decisions import PASS, AnswerKey, Decision, DecisionKind, Line, Option, Unapplied
from .errors import IllegalAnswer, RulekitError, ScenarioError
from .events import EventKind, Verb
from .explain import Explanation, explain
from .game import Game
from .model import Card, GameState, TriggeringCondition
from .rules import RULES, Rule, rule
from .scenario import Scenario, ScriptEntry
from .timeline import Step
from .verdicts import Code, Verdict, reason

from . import rulesets
from .rulesets import Ruleset, Ruling


def _version() -> str:
    """The installed distribution's version (pyproject.toml is its only source)."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("rulekit")
    except PackageNotFoundError:      # run from a checkout that was never installed
        return "0+unknown"


def load(path, *, play_defaults: bool = False) -> Game:
    """Load a scenario file and start its game with the file's answers applied (stopping at
    the first decision they do not answer, unless ``play_defaults``)."""
    from .files import load_scenario
    return load_scenario(path).start(play_defaults=play_defaults)

__all__ = [
    "Ability", "AnswerKey", "Card", "CardFilter", "Code", "Condition", "Decision", "DecisionKind",
    "EventKind", "Explanation", "Game", "GameState", "IllegalAnswer", "Instruction", "Line", "Option", "PASS",
    "Posture", "RULES", "Rule", "Ruleset", "Ruling", "RulekitError", "Scenario", "ScenarioBuilder", "ScenarioError", "ScriptEntry",
    "SeqStep", "Step", "Target", "Timing", "Trigger", "TriggeringCondition", "Unapplied", "Verb", "Verdict",
    "Which", "Who", "__version__", "explain", "load", "reason", "rule", "rulesets",
]


def __getattr__(name):   # rulekit.explore (a callable module) and rulekit.lesson are imported on first use, never by `import rulekit`
    if name == "__version__":      # read from the installed metadata on first use (importlib.metadata is slow to import)
        return _version()
    if name == "SeqStep":          # A Game of Thrones' seven steps (importing it loads that ruleset)
        from .rulesets.agot.steps import SeqStep
        return SeqStep
    if name == "explore":
        import rulekit.explore as module
        return module
    if name == "lesson":
        import rulekit.lesson as module
        return module
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
