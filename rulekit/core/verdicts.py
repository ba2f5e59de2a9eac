"""Verdicts: why an ability may, must, or may not be used for a triggering condition.

A verdict is stored as a code and a few ids; :func:`reason` turns it into a sentence only
when someone reads it.
"""
from __future__ import annotations

from rulekit.core.frozen import Word, immutable


class Code(Word):
    ELIGIBLE = "eligible"
    MUST_RESOLVE = "must resolve"
    NOT_LISTENING = "does not listen for this event"
    WRONG_TIMING = "not the right timing"
    NOT_ACTIVE = "not where its abilities work"
    NO_MATCH = "the triggering condition does not match"
    CONDITION_FALSE = "condition false"
    ALREADY_USED = "already used for this triggering condition"
    LIMIT_REACHED = "its limit is reached"
    COST_UNPAYABLE = "cost cannot be paid in full"
    NO_EFFECT = "its effect could not change the game state"
    NO_TARGET = "no legal target"
    TRIGGERS = "triggers"
    INACTIVE = "inactive"
    NTH_PASSED = "that numbered occurrence already happened this turn"
    NTH_NOT_YET = "that numbered occurrence has not happened yet this turn"
    ONCE_PER_TURN = "already triggered this turn"
    GRANTED_LATER = "granted after the event"
    NOT_IMMINENT = "no longer imminent"
    DECLINED = "declined"               # Riftbound: a "you may" its controller chose not to put on the Chain

    @property
    def usable(self) -> bool:
        return self in (Code.ELIGIBLE, Code.MUST_RESOLVE, Code.TRIGGERS)


@immutable(quick_new=True)
class Verdict:
    """The engine's judgement of one ability (``card`` object + ``ability`` id) against one
    triggering condition, with the detail the sentence needs."""

    card: str
    ability: str
    condition: str
    code: Code
    detail: str = ""

    @property
    def usable(self) -> bool:
        return self.code.usable


_SENTENCES = {
    Code.ELIGIBLE: "may be used",
    Code.MUST_RESOLVE: "must resolve (forced)",
    Code.NOT_LISTENING: "does not listen for this event ({detail})",
    Code.WRONG_TIMING: "not the right timing ({detail})",
    Code.NOT_ACTIVE: "its card is not where its abilities work ({detail})",
    Code.NO_MATCH: "the triggering condition does not match ({detail})",
    Code.CONDITION_FALSE: "condition false ({detail})",
    Code.ALREADY_USED: "already used for this triggering condition",
    Code.LIMIT_REACHED: "its limit is reached ({detail})",
    Code.COST_UNPAYABLE: "its cost cannot be paid in full ({detail})",
    Code.NO_EFFECT: "its effect could not change the game state ({detail})",
    Code.NO_TARGET: "no legal target ({detail})",
    Code.TRIGGERS: "triggers: its item is added to the Chain",
    Code.INACTIVE: "inactive ({detail})",
    Code.NTH_PASSED: "did not trigger: {detail}",
    Code.NTH_NOT_YET: "did not trigger: {detail}",
    Code.ONCE_PER_TURN: "did not trigger: it already triggered this turn",
    Code.GRANTED_LATER: "did not trigger: the ability was granted after the event ({detail})",
    Code.NOT_IMMINENT: "the triggering condition is no longer imminent ({detail})",
    Code.DECLINED: "its condition was met, but its controller chose not to put it on the Chain (\"you may\"): it has "
                   "not triggered",
}


def reason(verdict: Verdict) -> str:
    """The verdict as a sentence fragment, e.g. ``"condition false (needs at least 1 …)"``."""
    text = _SENTENCES[verdict.code]
    if "{detail}" in text:
        text = text.format(detail=verdict.detail) if verdict.detail else text.split(" (")[0]
    return text
