"""Step codes in words: a table keyed by a step-code enum, and the one lookup that reads it.

Every step of a timeline records a code (``what``) and its arguments. Whoever records codes — the
core for setting up and playing the script, each ruleset for its own machine — declares them as a
:class:`~rulekit.core.frozen.Word` enum and writes a table from each member to a small function of
the step's arguments and the state after it, which returns the step's sentence. :func:`words_table`
builds the table and refuses one keyed by a raw string or missing a member; :func:`say` is the
dispatch, one lookup. A ruleset's :meth:`~rulekit.core.ruleset.Ruleset.describe` is ``say`` over its
own table (``docs/adding-a-ruleset.md``).
"""
from __future__ import annotations

from enum import Enum
from types import MappingProxyType
from typing import Any, Callable, Mapping

from rulekit.core.frozen import Word

#: one step code's sentence, written from the step's arguments (a dict) and the state after it
Sentence = Callable[[dict, Any], str]
#: a step-code enum's words: every member to its :data:`Sentence`
StepWords = Mapping[Enum, Sentence]


def words_table(codes: type[Enum], sentences: Mapping[Enum, Sentence]) -> StepWords:
    """``sentences``, read-only, once it is known to be keyed by the members of ``codes`` (a member
    equals its value, so a raw string key would look the same and hide a code the enum lacks) and to
    give every member a sentence."""
    raw = [key for key in sentences if not isinstance(key, codes)]
    if raw:
        raise TypeError(f"the words of {codes.__name__} are keyed by its members, not by {raw!r}")
    missing = [code.value for code in codes if code not in sentences]
    if missing:
        raise TypeError(f"the words of {codes.__name__} have no sentence for: {', '.join(missing)}")
    return MappingProxyType(dict(sentences))


def say(words: StepWords, what: str, a: dict, state) -> str | None:
    """The sentence of a step whose code is ``what`` and arguments ``a``; ``None`` if ``words`` has
    no entry for the code (it is another table's)."""
    sentence = words.get(what)
    return None if sentence is None else sentence(a, state)


# -- the core's own step codes ------------------------------------------------------------------------
class CoreStep(Word):
    """The steps the core records itself (:mod:`rulekit.core.game`, :mod:`rulekit.core.engine`)."""

    SETUP = "setup"                       # the board is laid out (rulekit.setup)
    SCRIPT_NOTHING = "script-nothing"     # the script's next occurrence could change nothing (rulekit.script)
    SCRIPT_DONE = "script-done"           # the script is over (rulekit.script)


def _setup(a: dict, state) -> str:
    return (f"The game is set up: {len(state.cards)} cards, {', '.join(state.players)}; "
            f"first player {state.first_player}.")


def _script_nothing(a: dict, state) -> str:
    return f"Script: {a.get('label') or a['occurrence']} — it could change nothing, so nothing happens."


CORE_WORDS = words_table(CoreStep, {
    CoreStep.SETUP: _setup,
    CoreStep.SCRIPT_NOTHING: _script_nothing,
    CoreStep.SCRIPT_DONE: lambda a, state: "The script is over.",
})
