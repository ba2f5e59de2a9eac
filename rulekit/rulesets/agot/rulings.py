"""A Game of Thrones' rulings: points where the texts leave room for two readings.

Each option says what it decides, where it comes from and why; the first is rulekit's default.
"""
from __future__ import annotations

from ..base import Ruling, RulingOption

_RR = "A Game of Thrones: The Card Game (2nd ed.), Rules Reference"

REPLACEMENT_TRIGGERS = Ruling(
    "agot.replacement-triggers", "agot",
    "Do the events that happen in place of a replaced triggering condition create triggering conditions "
    "of their own?",
    (
        RulingOption(
            "no-trigger",
            "The replacement's events take effect in place of the condition without opening sequences of their "
            "own: nothing can interrupt or react to them; the replaced condition still counts as having occurred.",
            f"{_RR}, \"Replacement Effects\" (the replaced condition still counts as having occurred)",
            "The Rules Reference says what a replacement does to the original condition but not that its own "
            "events open new windows; rulekit keeps one sequence per occurrence, so the original's reactions "
            "are the only ones."),
        RulingOption(
            "trigger",
            "The replacement's events are occurrences like any other: each opens a nested sequence (interrupts, "
            "then reactions) at the moment the replaced condition would have occurred, before the original's "
            "reactions.",
            f"{_RR}, \"Nested Ability Sequences\" (any new triggering condition gets its own sequence)",
            "Every triggering condition in the game gets its own sequence; a replacement's events are new "
            "triggering conditions, so they can be interrupted and reacted to."),
    ))

RULINGS = (REPLACEMENT_TRIGGERS,)
