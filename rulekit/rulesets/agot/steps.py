"""The seven steps around a triggering condition, as the A Game of Thrones rules list them.

This enum is the single list the engine runs (:mod:`rulekit.rulesets.agot.sequence` maps each member to
its handler) and the flowchart is drawn from. Each member knows its number, its rule id in
the registry and which timing of ability may be used at it.
"""
from __future__ import annotations

from enum import Enum

from rulekit.core.abilities import Timing


class SeqStep(Enum):
    IMMINENT = (1, "the triggering condition becomes imminent", None)
    WOULD_WINDOW = (2, "\"would\" interrupt window", Timing.WOULD_INTERRUPT)
    FORCED_INTERRUPTS = (3, "forced interrupts resolve", Timing.FORCED_INTERRUPT)
    INTERRUPT_WINDOW = (4, "interrupt window", Timing.INTERRUPT)
    OCCURS = (5, "the triggering condition occurs", None)
    FORCED_REACTIONS = (6, "forced reactions resolve", Timing.FORCED_REACTION)
    REACTION_WINDOW = (7, "reaction window", Timing.REACTION)

    # members are singletons compared by identity: hash them by identity too, in C (Enum's
    # own __hash__ is a Python function, and the engine looks steps up at every step). Nothing
    # iterates a set of steps; dicts keep their insertion order.
    __hash__ = object.__hash__

    def __init__(self, number: int, title: str, timing: Timing | None):
        self.number = number
        self.title = title
        self.timing = timing
        self.rule = f"agot.tc.{number}"      # its rule id in the registry
        self.after_occurrence = number > 5   # steps 6 and 7 come after the condition occurred

    @property
    def is_window(self) -> bool:
        return self in (SeqStep.WOULD_WINDOW, SeqStep.INTERRUPT_WINDOW, SeqStep.REACTION_WINDOW)

    @property
    def is_forced(self) -> bool:
        return self in (SeqStep.FORCED_INTERRUPTS, SeqStep.FORCED_REACTIONS)

    @property
    def window_kind(self) -> str:
        return _WINDOW_KIND[self]

    def next(self) -> "SeqStep | None":
        return _NEXT[self]


ORDER: tuple[SeqStep, ...] = tuple(SeqStep)
#: each step's next (``None`` after the last), as :meth:`SeqStep.next` gives it, read at every step
NEXT = {step: (ORDER[i + 1] if i + 1 < len(ORDER) else None) for i, step in enumerate(ORDER)}
_NEXT = NEXT
_WINDOW_KIND = {SeqStep.WOULD_WINDOW: "would", SeqStep.INTERRUPT_WINDOW: "interrupt",
                SeqStep.REACTION_WINDOW: "reaction"}
