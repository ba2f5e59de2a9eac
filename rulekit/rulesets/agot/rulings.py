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
            f"{_RR}, \"Would\" (a \"would\" interrupt that changes what is about to happen) and \"Replacement "
            "Effects\" (several replacements against one condition: the most recent is used)",
            "The \"Replacement Effects\" entry expects several replacements to be initiated against one condition, "
            "which can only happen if a replacement does not end the interrupts to it; the \"Would\" entry is about "
            "interrupts with the higher, step-2 priority. Reading each entry for its own kind of interrupt lets "
            "both hold."),
        RulingOption(
            "any-replacement",
            "Any interrupt that replaces the condition, \"would\" or not, changes what is about to happen: no "
            "further interrupts to the original condition may be used, so at most one replacement is ever "
            "initiated against it.",
            f"{_RR}, \"Would\" (the bullet: an interrupt that changes the nature of what is about to occur, "
            "such as through a replacement effect, ends the interrupts to the original trigger)",
            "The bullet speaks of an interrupt to a condition that would occur, and a plain interrupt to a "
            "condition is also used before it occurs; a replacement changes its nature whatever the wording."),
    ))

THEN_AFTER_REPLACEMENT = Ruling(
    "agot.then-after-replacement", "agot",
    "Did a pre-then part whose triggering condition was replaced (\"instead\") resolve in full, so that the part "
    "after \"then\" resolves?",
    (
        RulingOption(
            "occurred",
            "Yes: the replaced condition is still considered to have occurred, so the pre-then part resolved and the "
            "post-then part resolves (a kill replaced by a return to hand counts as the kill).",
            f"{_RR}, \"Replacement Effects\" (a replacement resolves the same triggering condition by other means, "
            "and the condition is still considered to occur)",
            "The Replacement Effects entry calls the replacement a different way of resolving the same condition, "
            "not a failure to resolve it, and rulekit already counts the replaced condition as having occurred for "
            "its reactions; reading \"then\" the same way gives one answer to whether it occurred."),
        RulingOption(
            "not-in-full",
            "No: the post-then part resolves only if the game state reflects the pre-then part's intent in its "
            "entirety, and a replaced condition left it otherwise (a character killed \"instead\" returned to hand "
            "is not in the dead pile), so the post-then part does not resolve.",
            f"{_RR}, \"The word 'Then'\" (the pre-then aspect must resolve in full: the game state changes to reflect "
            "its intent in its entirety) and \"Kill, Killed\" (a killed character is placed in the dead pile)",
            "The \"Then\" entry judges by the game state, not by what is considered to have occurred; a replacement "
            "changes what the game state becomes, so the intent of the pre-then part was not carried out."),
    ))

RULINGS = (REPLACEMENT_TRIGGERS, REPLACEMENT_ENDS_INTERRUPTS, THEN_AFTER_REPLACEMENT)
