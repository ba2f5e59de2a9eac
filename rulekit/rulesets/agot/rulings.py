"""A Game of Thrones' rulings: points where the texts leave room for two readings.

Each option says what it decides, where it comes from and why; the first is rulekit's default.
"""
from __future__ import annotations

from rulekit.core.ruleset import Ruling, RulingOption

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

REPLACEMENT_ENDS_INTERRUPTS = Ruling(
    "agot.replacement-ends-interrupts", "agot",
    "Which interrupts that replace what is about to happen end the interrupts to the original condition?",
    (
        RulingOption(
            "would-only",
            "Only a \"would\" interrupt (step 2) that replaces the condition ends the interrupts to it; plain "
            "interrupts that replace (step 4) leave the window open, and the most recently initiated replacement "
            "is the one used at step 5.",
            f"{_RR}, \"The word 'Would'\" (a \"would\" interrupt that changes what is about to happen) and "
            "\"Replacement Effects\" (several replacements against one condition: the most recent is used)",
            "The \"Replacement Effects\" entry expects several replacements to be initiated against one condition, "
            "which can only happen if a replacement does not end the interrupts to it; the entry "
            "\"The word 'Would'\" is about interrupts with the higher, step-2 priority. Reading each entry for its own kind of interrupt lets "
            "both hold."),
        RulingOption(
            "any-replacement",
            "Any interrupt that replaces the condition, \"would\" or not, changes what is about to happen: no "
            "further interrupts to the original condition may be used, so at most one replacement is ever "
            "initiated against it.",
            f"{_RR}, \"The word 'Would'\" (an interrupt to a triggering condition that would occur which changes "
            "the nature of what is about to occur ends the interrupts to the original trigger; the entry's "
            "example is saving a character that would be killed)",
            "The entry speaks of an interrupt to a condition that would occur, and a plain interrupt to a "
            "condition is also used before it occurs; rulekit's reading under this option is that a replacement "
            "changes the nature of what is about to occur as a save does, whatever the wording."),
    ))

RULINGS = (REPLACEMENT_TRIGGERS, REPLACEMENT_ENDS_INTERRUPTS)
