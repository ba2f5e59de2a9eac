"""The engine's control state: a stack of frozen frames.

Where the engine is in the rules is data, not a generator or a closure: a stack of frames,
last in first out. The bottom frame walks the scenario's script; a :class:`SequenceFrame` is
one open triggering-condition sequence (with its open window, if any); a
:class:`ResolutionFrame` is one ability being initiated and resolved. A new triggering
condition pushes a sequence frame on top: that is nesting. Handlers return :class:`Progress`
(a new state and stack, recorded as one step of the timeline) or :class:`Ask` (a decision).
"""
from __future__ import annotations

from dataclasses import dataclass

from .decisions import Decision
from .abilities import Ability
from .model import Card, GameState, TriggeringCondition
from .steps import SeqStep
from .verdicts import Verdict


@dataclass(frozen=True, slots=True)
class Window:
    """An open window: whose opportunity it is, how many players have passed in a row, and
    how many opportunities it has given so far (the number answers are keyed by)."""

    id: str
    opportunity: str
    passes: int = 0
    number: int = 0


@dataclass(frozen=True, slots=True)
class ScriptFrame:
    """Walks the scenario's script: each entry is an occurrence with its own sequence."""

    index: int = 0


@dataclass(frozen=True, slots=True)
class SequenceFrame:
    """One triggering-condition sequence, shared by every condition of one occurrence.

    ``role`` says what follows step 5: ``"occurrence"`` — steps 6 and 7; ``"nested"`` — a
    sequence opened while an effect resolves hands its conditions to that effect, whose
    reactions open in one window once it has fully resolved; ``"initiation"`` — the initiation
    of an effect, after which the effect resolves. ``planned`` is how many conditions the
    occurrence created (to tell whether it resolved in full).
    """

    id: str
    conditions: tuple[TriggeringCondition, ...]
    step: SeqStep = SeqStep.IMMINENT
    window: Window | None = None
    forced_done: int = 0
    role: str = "occurrence"
    planned: int = 0

    @property
    def deferred(self) -> bool:
        return self.role != "occurrence"


@dataclass(frozen=True, slots=True)
class ResolutionFrame:
    """One use of a triggered ability, from paying its cost to the end of its effect.

    ``stage`` runs cost → targets → initiation → effect; ``index`` is the next instruction of
    that stage;
    ``chosen`` holds the targets chosen so far as (instruction slot, card id); ``occurred``
    collects the conditions that occurred during the current stage, for its reaction window.
    """

    use: str
    source: Card
    ability: Ability
    controller: str
    condition: TriggeringCondition
    stage: str = "cost"
    index: int = 0
    chosen: tuple[tuple[str, str], ...] = ()
    occurred: tuple[TriggeringCondition, ...] = ()
    shortfall: bool = False      # an instruction so far did not resolve in full (for "then")
    cancelled: bool = False      # its effect was cancelled: it will not resolve

    def choice(self, slot: str) -> str | None:
        for s, card_id in self.chosen:
            if s == slot:
                return card_id
        return None


Control = tuple  # the frames, bottom first


@dataclass(frozen=True, slots=True)
class Progress:
    """One step forward: the new state and control, and what to record about it."""

    state: GameState
    control: Control
    rule: str
    what: str
    args: tuple = ()
    verdicts: tuple[Verdict, ...] = ()


@dataclass(frozen=True, slots=True)
class Ask:
    """The engine cannot go on without a decision."""

    decision: Decision
    verdicts: tuple[Verdict, ...] = ()
