"""The seven steps around a triggering condition, as the A Game of Thrones rules list them.

This enum is the single list the engine runs (:mod:`rulekit.rulesets.agot.sequence` maps each member to
its handler) and the flowchart is drawn from. Each member knows its number, its rule id in
the registry (written out, so that searching for ``agot.tc.4`` finds this row: ``rulekit rules
agot.tc.4`` points here) and which timing of ability may be used at it.
"""
from __future__ import annotations

from enum import Enum

from rulekit.core.abilities import Timing


class SeqStep(Enum):
    IMMINENT = (1, "the triggering condition becomes imminent", None, "agot.tc.1")
    WOULD_WINDOW = (2, "\"would\" interrupt window", Timing.WOULD_INTERRUPT, "agot.tc.2")
    FORCED_INTERRUPTS = (3, "forced interrupts resolve", Timing.FORCED_INTERRUPT, "agot.tc.3")
    INTERRUPT_WINDOW = (4, "interrupt window", Timing.INTERRUPT, "agot.tc.4")
    OCCURS = (5, "the triggering condition occurs", None, "agot.tc.5")
    FORCED_REACTIONS = (6, "forced reactions resolve", Timing.FORCED_REACTION, "agot.tc.6")
    REACTION_WINDOW = (7, "reaction window", Timing.REACTION, "agot.tc.7")

    # members are singletons compared by identity: hash them by identity too, in C (Enum's
    # own __hash__ is a Python function, and the engine looks steps up at every step). Nothing
    # iterates a set of steps; dicts keep their insertion order.
    __hash__ = object.__hash__

    def __init__(self, number: int, title: str, timing: Timing | None, rule: str):
        self.number = number
        self.title = title
        self.timing = timing
        self.rule = rule                     # its rule id in the registry: every step taken at it cites it
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
