"""``explain(step, card, ability)``: why did (or didn't) this ability trigger at this step?

The answer is recomputed from the state the step started from and the sequence it was taken
in, by the same function the engine judged it with (its ruleset's
:meth:`~rulekit.rulesets.base.Ruleset.explain_step`), so it always agrees with the
verdicts the engine recorded — and it also answers for abilities the engine never had to look
at ("does not listen for this event").
"""
from __future__ import annotations

from rulekit.core.frozen import immutable

from rulekit.core import ids
from rulekit.core.errors import RulekitError, argument_check, escaped, text_lines
from rulekit.core.text import condition_label, option_label, position
from rulekit.core.timeline import Step
from rulekit.core.verdicts import Code, Verdict, reason


class NoSuchAbility(RulekitError):
    """``explain`` was asked about a card the game does not have, or about an ability the card
    does not have at that step (nor gains later). ``card`` is the id asked about, ``title`` the
    card's title (empty when there is no such card), ``ability`` the ability asked about and
    ``having`` the abilities the card had at that step."""

    def __init__(self, message: str, *, card: str, ability: str, title: str = "",
                 having: tuple[str, ...] = ()):
        super().__init__(message)
        self.card = card
        self.title = title
        self.ability = ability
        self.having = having


@immutable
class Explanation:
    step: int
    card: str
    ability: str
    verdicts: tuple[Verdict, ...]
    note: str = ""
    title: str = ""
    conditions: tuple[str, ...] = ()     # readable labels of the verdicts' conditions
    ruling: str = ""                     # "name=option" when a ruling decided the step
    position: str = ""                   # where the step stands in the rules ("step 4, interrupt window")

    @property
    def usable(self) -> bool:
        return any(v.usable for v in self.verdicts)

    def codes(self) -> tuple[Code, ...]:
        return tuple(v.code for v in self.verdicts)

    def __str__(self) -> str:
        where = f" · {self.position}" if self.position else ""
        head = f"#{self.step}{where} — {self.title} ({self.card}.{self.ability})"
        if not self.verdicts:
            return escaped(f"{head}: {self.note}")
        tail = [f"(decided by the ruling {self.ruling})"] if self.ruling else []
        return text_lines([f"{head} for {label}: {reason(v)}" for v, label in zip(self.verdicts, self.conditions)] + tail)


def explain(step: Step, card: str, ability: str, *, later: Step | None = None) -> Explanation:
    """Verdicts of ``ability`` on ``card`` (a card id) for every triggering condition of the
    sequence (or, in Riftbound, every event) ``step`` was taken in, judged by the step's ruleset.
    ``later`` — a step after it, usually the game's last — lets an ability granted after the
    event be explained."""
    argument_check("step", step, isinstance(step, Step), "a Step of a game's timeline (game.timeline[n])")
    argument_check("card", card, isinstance(card, str), "a card id")
    argument_check("ability", ability, isinstance(ability, str), "an ability id")
    state = step.before
    rules = state.rules
    if ids.card_id(card) not in state.cards:
        raise NoSuchAbility(f"no card {card!r} in this game; cards: {', '.join(state.order)}", card=card,
                            ability=ability)
    source = state.cards[ids.card_id(card)]
    found = source.ability(ability)
    if found is None and later is not None:
        now = later.state.cards[source.id]
        if now.ability(ability) is not None:
            granted = getattr(rules, "explain_granted_later", lambda *a: None)(step, source, ability)
            if granted is not None:
                verdicts, conditions = granted
                return Explanation(step.number, source.obj, ability, verdicts, "", source.title,
                                   tuple(condition_label(state, c) for c in conditions))
    if found is None:
        having = tuple(a.id for a in source.abilities)
        raise NoSuchAbility(f"card {card!r} ({source.title}) has no ability {ability!r}; its abilities: "
                            f"{', '.join(having) or 'none'}", card=card, ability=ability, title=source.title,
                            having=having)
    judged = rules.explain_step(step, source, found, later)
    if judged is None and step.decision is not None and step.decision.by_chance:
        outcome = option_label(step.decision.kind, step.answer, state, step.decision.chooser)
        return Explanation(step.number, source.obj, ability, (),
                           f"chance: the game, not a player, answered [{step.decision.key}] with {step.answer!r} "
                           f"({outcome}), one of {len(step.decision.option_ids)} possible outcomes (rule "
                           f"rulekit.chance); no triggering condition was being resolved at this step",
                           source.title, position=position(step))
    if judged is None:
        return Explanation(step.number, source.obj, ability, (),
                           "no triggering condition was being resolved at this step", source.title)
    verdicts, conditions = judged
    return Explanation(step.number, source.obj, ability, verdicts, "", source.title,
                       tuple(condition_label(state, c) for c in conditions), step.args_dict().get("ruling", ""),
                       position(step))
