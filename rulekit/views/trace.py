"""A timeline as text: what the command line prints and the lessons show.

Each step is one line, ``#n · where in the rules — description [rule]`` (the timeline's
number and the rules' step written apart: ``#5 · step 4, interrupt window — …``), naming the ruling that decided it if one
did; with ``verdicts`` the abilities the step considered follow, one per line, each with its
reason; with ``rules`` the rule's text (and the ruling option's) follows the first step that
applies it. Cards and abilities are named (:class:`~rulekit.core.text.Namer`); with ``ids`` the
engine's ids are shown instead, and each decision's answers-file line follows it.
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core.errors import text_lines
from rulekit.core.rules import RULES
from rulekit.core.text import Namer, condition_label, option_label, position, without_position
from rulekit.core.timeline import Step
from rulekit.core.verdicts import reason


#: How a timeline's numbers read, said in these words wherever one is shown (the trace's header,
#: the app, the docs): the timeline counts from #0, the set-up, while the rules' own steps are
#: written after the number.
NUMBERING = "#n is a step's place in this game's timeline, counted from #0, the set-up; the rules' own step follows it"


def numbering() -> str:
    """The trace's header line saying how its numbers read (the same with or without ``--ids``, so
    the answer lines are all that ``--ids`` adds)."""
    return f"({NUMBERING})"


def verdict_lines(step: Step, indent: str = "    ", namer: Namer | None = None) -> list[str]:
    """The verdicts ``step`` recorded, a line each; named by ``namer``, else with their ids."""
    out = []
    state = step.before
    for v in step.verdicts:
        condition = condition_label(state, v.condition)
        if namer is not None:
            who = namer.ability_name(v.card, v.ability) or v.card
            out.append(f"{indent}{who}, for {namer.words(condition)}: {namer.words(reason(v))}")     # as a step names a use
            continue
        card = state.cards.get(ids.card_id(v.card))
        title = card.title if card else v.card
        out.append(f"{indent}{title} ({v.card}.{v.ability}), for {condition}: {reason(v)}")
    return out


def _answer_words(step: Step, namer: Namer | None) -> str:
    """The answer a step took: its option id quoted, or (named) the option's label."""
    if namer is None:
        return repr(step.answer)
    label = option_label(step.decision.kind, step.answer, step.before, step.decision.chooser)
    if label == step.answer:
        return repr(step.answer)
    return namer.words(label)


def step_line(step: Step, namer: Namer | None = None) -> str:
    """One step as a line; with ``namer`` cards and abilities are named, else shown with their ids."""
    who = ""
    if step.decision is not None and step.decision.by_chance:      # the game answered, not a player
        who = f" [chance: {_answer_words(step, namer)}" + (", the first outcome]"
                                                           if step.answer == step.decision.default else "]")
    elif step.decision is not None:
        who = f" [{step.decision.chooser} chose {_answer_words(step, namer)}" + (
            ", the default]" if step.answer == step.decision.default else "]")
    indent = "  " * max(0, step.level - 1)
    ruling = step.args_dict().get("ruling")
    decided = f" (decided by the ruling {ruling})" if ruling else ""
    where = position(step)
    text = without_position(step.describe()) if where else step.describe()
    if namer is not None:
        text = namer.words(text)
    return f"{indent}#{step.number} · {where or 'the script'} — {text} [{step.rule}]{decided}{who}"


QUIET = {"imminent", "window-empty", "no-forced", "occurs", "window-closes", "initiates"}


def _uneventful(step: Step) -> bool:
    return step.what in QUIET or (step.what == "pass" and step.args_dict().get("auto", False))


def _quieted(steps: tuple[Step, ...], namer: Namer | None = None) -> list[Step | str]:
    """Steps, with each nested sequence in which nobody could respond folded into one line."""
    out: list = []
    i = 0
    while i < len(steps):
        step = steps[i]
        out.append(step)
        j = i + 1
        while j < len(steps) and steps[j].level > step.level:
            j += 1
        block = steps[i + 1:j]
        if block and step.level >= 0 and all(_uneventful(s) for s in block):
            happened = [s for s in block if s.what in ("occurs", "initiates")]
            if happened:
                what = happened[-1].describe().split(" — ", 1)[-1].rstrip(".")
                what = namer.words(what) if namer is not None else what
                text = f"(a nested sequence in which nobody could respond: {what})"
            else:
                text = "(its reaction window: nobody could react)"
            out.append("  " * max(0, step.level) + f"#{block[0].number}–#{block[-1].number} · {text}")
            i = j
        else:
            i += 1
    return out


def trace_lines(steps: tuple[Step, ...], *, verdicts: bool = True, rules: bool = False,
                quiet: bool = False, ids: bool = False, scenario=None) -> list[str]:
    """The trace, a line a step (``quiet``: nested sequences nobody could respond to folded), cards
    and abilities named (``scenario``, when given, labels its script's occurrences). With ``ids``
    the engine's ids are shown instead, and each decision's step is followed by ``answer:
    "<the answers-file line>"`` (its key and the option chosen, to copy into an ``answers:`` list
    or an answers file)."""
    out: list[str] = []
    quoted: set[str] = set()
    shown: tuple = ()
    namer = None if ids or not steps else Namer((steps[0].state, steps[-1].state), scenario)
    for step in (_quieted(steps, namer) if quiet else steps):
        if isinstance(step, str):
            out.append(step)
            continue
        out.append(step_line(step, namer))
        if ids and (line := answer_line(step)) is not None:
            out.append(f"      answer: {line}")
        if rules:
            for rule_id in (step.rule, step.args_dict().get("ruling")):
                if rule_id and rule_id not in quoted and rule_id in RULES:
                    quoted.add(rule_id)
                    r = RULES[rule_id]
                    out.append(f"      \u201c{r.text}\u201d \u2014 {r.cited}")
        if verdicts and step.verdicts and step.verdicts != shown:   # only when they change
            shown = step.verdicts
            out.extend(verdict_lines(step, "      ", namer))
    return out


def answer_line(step: Step) -> str | None:
    """The line an answers file holds for the decision ``step`` answered — its key and the option
    chosen, ``DECISION | AT | CHOOSER | #N -> ANSWER`` (:class:`~rulekit.files.document.AnswerSpec`),
    quoted for YAML (a ``#`` after a space would start a comment) — or ``None`` for a step that
    answered none."""
    if step.decision is None or step.answer is None:
        return None
    import json
    return json.dumps(f"{step.decision.key} -> {step.answer}", ensure_ascii=False)


def format_trace(steps: tuple[Step, ...], **kw) -> str:
    return text_lines(trace_lines(steps, **kw))


def corpus_header(scenario) -> str:
    """The header line of a corpus card's trace: the card it is about, its printed text and the
    vocabulary items it covers (``Card: Brightwater Scout (scout) — "When you play me, draw 1."
    [covers: play]``)."""
    corpus = scenario.corpus
    title = scenario.card(corpus.card).title
    return f"Card: {title} ({corpus.card}) — \u201c{corpus.text}\u201d [covers: {', '.join(corpus.covers)}]"
