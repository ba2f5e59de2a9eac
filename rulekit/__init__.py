"""rulekit: card-game trigger timing as data.

A sans-IO engine for the triggering conditions, windows and Chains of A Game of Thrones: The
Card Game (second edition) and Riftbound: build a scenario, start a :class:`Game`, answer its
decisions, read its timeline. Importing rulekit imports no plotting, widget or Jupyter library.

The house is layered (``docs/architecture.md``): ``rulekit.core`` knows no game;
``rulekit.rulesets`` holds one package per game; ``rulekit.files`` reads and writes scenario
files; ``rulekit.views``, ``rulekit.explore`` and ``rulekit.lesson`` read games and never re-run
rules; ``rulekit.cli`` and ``rulekit.app`` are the edges. The names below are the public API.
"""
from __future__ import annotations

from rulekit.core.abilities import Ability, CardFilter, Condition, Instruction, Posture, Target, Timing, Trigger, Which, Who
from rulekit.core.decisions import PASS, AnswerKey, Decision, DecisionKind, Line, Option, Unapplied
from rulekit.core.errors import IllegalAnswer, RulekitError, ScenarioError
from rulekit.core.events import EventKind, Verb
from rulekit.core.explain import Explanation, explain
from rulekit.core.game import Game, use_validator as _use_validator
from rulekit.core.model import Card, GameState, TriggeringCondition
from rulekit.core.rules import RULES, Rule, rule
from rulekit.core.scenario import Scenario, ScriptEntry
from rulekit.core.timeline import Step
from rulekit.core.verdicts import Code, Verdict, reason

from rulekit import rulesets
from rulekit.rulesets import Ruleset, Ruling
import sys as _sys
from rulekit import _moved

_moved.install(_sys.modules[__name__])     # rulekit.game, rulekit.builder, … at their old paths


def _validate_on_first_use(scenario):
    """Game.start's validator until the files layer is imported (which installs its own): the
    files layer (YAML, the document types) is imported by the first game started, not by
    ``import rulekit``."""
    from rulekit.files.validation import validate_scenario
    return validate_scenario(scenario)


_use_validator(_validate_on_first_use)


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
    from rulekit.files.scenario_files import load_scenario
    return load_scenario(path).start(play_defaults=play_defaults)

__all__ = [
    "Ability", "AnswerKey", "Card", "CardFilter", "Code", "Condition", "Decision", "DecisionKind",
    "EventKind", "Explanation", "Game", "GameState", "IllegalAnswer", "Instruction", "Line", "Option", "PASS",
    "Posture", "RULES", "Rule", "Ruleset", "Ruling", "RulekitError", "Scenario", "ScenarioBuilder", "ScenarioError", "ScriptEntry",
    "SeqStep", "Step", "Target", "Timing", "Trigger", "TriggeringCondition", "Unapplied", "Verb", "Verdict",
    "Which", "Who", "__version__", "explain", "load", "reason", "rule", "rulesets",
]


def __getattr__(name):   # the layers above the core are imported on first use, never by `import rulekit`
    if name == "__version__":      # read from the installed metadata on first use (importlib.metadata is slow to import)
        return _version()
    if name == "ScenarioBuilder":
        from rulekit.files.builder import ScenarioBuilder
        return ScenarioBuilder
    if name == "files":
        import rulekit.files
        return rulekit.files
    if name == "SeqStep":          # A Game of Thrones' seven steps (importing it loads that ruleset)
        from rulekit.rulesets.agot.steps import SeqStep
        return SeqStep
    if name == "explore":
        import rulekit.explore
        return rulekit.explore
    if name == "lesson":
        import rulekit.lesson
        return rulekit.lesson

    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
