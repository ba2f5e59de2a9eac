"""Which event kinds A Game of Thrones' own refusals may refuse (each module lists its own next to
its refusal): the ruleset asks its refusals only about these kinds, and a judgement that reads
none of them may be remembered (:mod:`rulekit.rulesets.agot.remembered`)."""
from __future__ import annotations

from rulekit.core.events import EventKind
from rulekit.rulesets.agot import challenge_checks, factions, plots, zones

#: the event kinds the attachment refusal may refuse (an attachment is not put into play)
ATTACHMENT_REFUSES = frozenset({EventKind.ENTERS_PLAY})
#: every event kind one of A Game of Thrones' refusals may refuse
REFUSED = plots.REFUSES | ATTACHMENT_REFUSES | factions.REFUSES | challenge_checks.REFUSES | zones.REFUSES


def by_kind(attachment_refusal) -> dict:
    """For each kind in :data:`REFUSED`, the refusals that may refuse it, in the order they are
    asked (the plots', the attachments', the factions', the challenges', the out-of-play areas'), each as
    ``check(kind, state, card, amount)``: a refusal is asked only about the kinds it lists."""
    checks = ((plots.REFUSES, lambda kind, state, card, amount: plots.refusal(kind, card)),
              (ATTACHMENT_REFUSES, lambda kind, state, card, amount: attachment_refusal(kind, card)),
              (factions.REFUSES, factions.event_refusal),
              (challenge_checks.REFUSES, challenge_checks.event_refusal),
              (zones.REFUSES, lambda kind, state, card, amount: zones.refusal(kind, card)))
    return {kind: tuple(check for kinds, check in checks if kind in kinds) for kind in REFUSED}
