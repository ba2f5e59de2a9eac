"""``explain(step, card, ability)``: why did (or didn't) this ability trigger at this step?

The answer is recomputed from the state the step started from and the sequence it was taken
in, with the same :func:`rulekit.judge.judge` the engine used, so it always agrees with the
verdicts the engine recorded — and it also answers for abilities the engine never had to look
at ("does not listen for this event").
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import RulekitError
from .judge import judge
from .text import condition_label
from .timeline import Step
from .verdicts import Code, Verdict, reason


@dataclass(frozen=True, slots=True)
class Explanation:
    step: int
    card: str
    ability: str
    verdicts: tuple[Verdict, ...]
    note: str = ""
    title: str = ""
    conditions: tuple[str, ...] = ()     # readable labels of the verdicts' conditions

    @property
    def usable(self) -> bool:
        return any(v.usable for v in self.verdicts)

    def codes(self) -> tuple[Code, ...]:
        return tuple(v.code for v in self.verdicts)

    def __str__(self) -> str:
        head = f"Step {self.step}: {self.title} ({self.card}.{self.ability})"
        if not self.verdicts:
            return f"{head}: {self.note}"
        return "\n".join(f"{head} for {label}: {reason(v)}" for v, label in zip(self.verdicts, self.conditions))


def explain(step: Step, card: str, ability: str, *, later: Step | None = None) -> Explanation:
    """Verdicts of ``ability`` on ``card`` (a card id) for every triggering condition of the
    sequence (or, in Riftbound, every event) ``step`` was taken in. ``later`` — a step after
    it, usually the game's last — lets an ability granted after the event be explained."""
    from .riftbound import TriggerCheck, explain_verdicts
    state = step.before
    if card.partition("@")[0] not in state.cards:
        raise RulekitError(f"no card {card!r} in this game; cards: {', '.join(state.order)}")
    source = state.cards[card.partition("@")[0]]
    found = source.ability(ability)
    checking = step.parent.control[-1] if step.parent is not None and step.parent.control else None
    if found is None and later is not None:
        now = later.state.cards[source.id]
        granted = now.ability(ability)
        if granted is not None and isinstance(checking, TriggerCheck):
            return Explanation(step.number, source.obj, ability, tuple(
                Verdict(source.obj, ability, tc.id, Code.GRANTED_LATER, f"{source.title} did not have it then")
                for tc in checking.events), "", source.title,
                tuple(condition_label(state, tc.id) for tc in checking.events))
    if found is None:
        listed = ", ".join(a.id for a in source.abilities) or "none"
        raise RulekitError(f"card {card!r} ({source.title}) has no ability {ability!r}; its abilities: {listed}")
    if isinstance(checking, TriggerCheck):
        return Explanation(step.number, source.obj, ability, explain_verdicts(step, source, found), "",
                           source.title, tuple(condition_label(state, tc.id) for tc in checking.events))
    frame = step.context
    if frame is None:
        return Explanation(step.number, source.obj, ability, (),
                           "no triggering condition was being resolved at this step", source.title)
    return Explanation(step.number, source.obj, ability,
                       tuple(judge(state, source, found, tc, frame.step) for tc in frame.conditions), "",
                       source.title, tuple(condition_label(state, tc.id) for tc in frame.conditions))
