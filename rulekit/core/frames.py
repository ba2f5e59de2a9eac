"""The engine's control state: a stack of frozen frames.

Where the engine is in the rules is data, not a generator or a closure: a stack of frames,
last in first out. The bottom frame, :class:`ScriptFrame`, walks the scenario's script; every
other frame belongs to a ruleset (an open triggering-condition sequence, an ability resolving,
the Chain …) and follows the neutral :class:`~rulekit.rulesets.Frame` protocol. A new
triggering condition pushes a frame on top: that is nesting. Handlers return
:class:`Progress` (a new state and stack, recorded as one step of the timeline) or :class:`Ask`
(a decision).
"""
from __future__ import annotations

from rulekit.core.decisions import Decision
from rulekit.core.frozen import immutable
from rulekit.core.model import GameState
from rulekit.core.ruleset import Frame
from rulekit.core.verdicts import Verdict


@immutable(quick_new=True)
class ScriptFrame(Frame):
    """Walks the scenario's script: each entry is an occurrence with its own sequence."""

    index: int = 0


Control = tuple  # the frames, bottom first


@immutable(quick_new=True)
class Progress:
    """One step forward: the new state and control, and what to record about it."""

    state: GameState
    control: Control
    rule: str
    what: str
    args: tuple = ()
    verdicts: tuple[Verdict, ...] = ()


@immutable(quick_new=True)
class Ask:
    """The engine cannot go on without a decision."""

    decision: Decision
    verdicts: tuple[Verdict, ...] = ()
