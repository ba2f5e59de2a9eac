"""A timeline as text: what the command line prints and the lessons show.

Each step is one line, ``#n [rule] description``; with ``verdicts`` the abilities the step
considered follow, one per line, each with its reason; with ``rules`` the quoted rule text
follows the first step that applies it.
"""
from __future__ import annotations

from .rules import RULES
from .text import condition_label
from .timeline import Step
from .verdicts import reason


def verdict_lines(step: Step, indent: str = "    ") -> list[str]:
    out = []
    state = step.before
    for v in step.verdicts:
        card = state.cards.get(v.card.partition("@")[0])
        title = card.title if card else v.card
        out.append(f"{indent}{title} ({v.card}.{v.ability}) for {condition_label(state, v.condition)}: {reason(v)}")
    return out


def step_line(step: Step) -> str:
    who = ""
    if step.decision is not None:
        who = f" [{step.decision.chooser} chose {step.answer!r}" + (
            ", the default]" if step.answer == step.decision.default else "]")
    indent = "  " * max(0, step.level - 1)
    return f"#{step.number:<3} {indent}[{step.rule}] {step.describe()}{who}"


def trace_lines(steps: tuple[Step, ...], *, verdicts: bool = True, rules: bool = False) -> list[str]:
    out: list[str] = []
    quoted: set[str] = set()
    shown: tuple = ()
    for step in steps:
        out.append(step_line(step))
        if rules and step.rule not in quoted and step.rule in RULES:
            quoted.add(step.rule)
            r = RULES[step.rule]
            out.append(f"      \u201c{r.text}\u201d \u2014 {r.source} ({r.provenance})")
        if verdicts and step.verdicts and step.verdicts != shown:   # only when they change
            shown = step.verdicts
            out.extend(verdict_lines(step, "      "))
    return out


def format_trace(steps: tuple[Step, ...], **kw) -> str:
    return "\n".join(trace_lines(steps, **kw))
