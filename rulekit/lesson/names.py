"""Words instead of ids: a lesson names cards and abilities (``c6.r1@s:claim:killed:c3`` → "Raven of
the Dead's reaction") and says where a step stands in the rules ("step 4, interrupt window")."""
from __future__ import annotations

import re

from rulekit.core import ids
from rulekit.core.abilities import Timing
from rulekit.core.rules import rule as _registry_rule
from rulekit.core.scenario import Scenario
from rulekit.core.text import condition_label

_STEP_TITLE = re.compile(r"^Step (\d+): (.*)$")


class _Names:
    """Turns engine ids into card and ability names (``c6.r1@s:claim:killed:c3`` → "Raven of the
    Dead's reaction")."""

    def __init__(self, scenario: Scenario, states):
        self.state = states[-1] if states else None
        self.cards = {}
        for state in states:      # the setup, then the end: a card keeps the abilities it was granted
            for card in (state.cards[i] for i in state.order):
                if card.id not in self.cards or len(card.abilities) > len(self.cards[card.id].abilities):
                    self.cards[card.id] = card
        self.occurrences = {}
        for occ, entry in zip(scenario.occurrence_ids, scenario.script):
            titles = [self.cards[c].title for c in entry.cards if c in self.cards]
            subject = ", ".join(titles) or entry.player or entry.phase or ""
            self.occurrences[occ] = entry.label or f"{entry.do.value} {subject}".strip()

    def card(self, obj: str):
        return self.cards.get(ids.card_id(obj))

    def token(self, token: str) -> str | None:
        """The name of an id, or ``None`` if it is not one of this game's ids."""
        use = ids.parse_use(token)
        if use is not None:
            ability_id = use.ability
            card = self.card(use.obj)
            if card is not None:
                ability = next((a for a in card.abilities if a.id == ability_id), None)
                kind = "spell" if card.type == "spell" else (
                    ability.timing.value if ability is not None and ability.timing not in (Timing.TRIGGERED, Timing.PRIORITY)
                    else "ability")
                return f"{card.title}'s {kind}"
        if token in self.occurrences:
            return self.occurrences[token]
        if ids.is_chain(token):
            return "the Chain"
        for occ in sorted(self.occurrences, key=len, reverse=True):
            step = token[len(occ) + 1:] if token.startswith(f"{occ}/") else ""
            if step and ":" not in step and "/" not in step:    # a step of the entry's own (a challenge's defenders)
                return f"the {step.replace('-', ' ')} of {self.occurrences[occ]}"
            kind = ids.derived_part(token, occ)
            if kind is not None:
                kind = kind.replace("-", " ")
                if kind.endswith(("interrupt", "reaction")):
                    return f"the {kind} window"
        if "/" in token and self.state is not None:     # a condition of a delayed or nested effect
            label = condition_label(self.state, ids.outermost(token))
            if not label.startswith("the occurrence"):
                return self.words(label)
        card = self.card(token) if ids.is_card_object(token) else None
        return card.title if card is not None else None

    def words(self, text: str) -> str:
        """``text`` with every id of this game named, and ids in brackets dropped."""
        def known(inner: str) -> bool:
            return self.token(inner) is not None or ids.is_compound(inner) or ids.is_instruction_part(inner)
        text = ids.sub_bracketed(ids.without_part_of(text).replace("the occurrence ", ""), known)
        return ids.sub_ids(text, lambda token: self.token(token) or token, after_hash=False)


def _without_position(text: str) -> str:
    """A step's description without the step number the position already gives."""
    m = re.match(r"^Step \d+(?:, ([^:—]+?))?(?: closes)?: ", text)
    if m is None:
        return text
    rest = text[m.end():]
    if m.group(1) and text[:m.end()].rstrip(": ").endswith("closes"):
        rest = "the window closes: " + rest
    return rest[:1].upper() + rest[1:]


def _position(step) -> str:
    """Where a step stands in the rules: ``"step 4, interrupt window"``. Its ruleset says
    (:func:`rulekit.text.position`, the words of the flowchart the drawings show); failing that,
    the sequence step it was taken in, else the title of the rule it applies."""
    try:
        from rulekit.core.text import position
        where = position(step)
    except (ImportError, AttributeError, NotImplementedError):
        where = ""
    if where:
        return where
    context = step.context
    seq_step = getattr(context, "step", None)
    number, title = getattr(seq_step, "number", None), getattr(seq_step, "title", None)
    if isinstance(number, int) and isinstance(title, str):
        return f"step {number}, {title}"
    try:
        rule_title = _registry_rule(step.rule).title
    except KeyError:
        return step.rule
    m = _STEP_TITLE.match(rule_title)
    if m:
        return f"step {m.group(1)}, {m.group(2)}"
    return rule_title[0].lower() + rule_title[1:]
