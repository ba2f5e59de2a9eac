"""Where a step stands in the rules, as a lesson says it ("step 4, interrupt window"); ids are named
by :class:`rulekit.core.text.Namer`."""
from __future__ import annotations

import re

from rulekit.core.rules import rule as _registry_rule

_STEP_TITLE = re.compile(r"^Step (\d+): (.*)$")


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
