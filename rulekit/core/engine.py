"""The engine loop: advance until someone must choose, sans IO.

:func:`advance` looks at the top frame of the control stack and calls its handler, which
returns :class:`~rulekit.frames.Progress` (recorded as one :class:`~rulekit.timeline.Step`) or
:class:`~rulekit.frames.Ask`. :func:`run` repeats that, applying answers from a recorded line
(or the documented defaults, when asked to) until a decision is left for a person or the
script is over. Nothing here prints, reads input, or keeps a place in the rules outside the
frozen control stack.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager

from immutables import Map

from rulekit.core.frozen import immutable, maker

from rulekit.core import ids, occur
from rulekit.core.events import VERB_EVENT
from rulekit.core.limits import MAX_NESTING, MAX_STEPS, RunawayLoop, check_nesting
from rulekit.core.decisions import AnswerKey, Decision, Unapplied
from rulekit.core.frames import Ask, Control, Progress, ScriptFrame
from rulekit.core.model import GameState
from rulekit.core.scenario import Scenario
from rulekit.core.timeline import Step

# the records made at every step, built by plain calls (rulekit.core.frozen.maker says why)
_step = maker(Step)
_progress = maker(Progress)
_script_frame = maker(ScriptFrame)


def _script(frame: ScriptFrame, state: GameState, control: Control, scenario: Scenario) -> Progress:
    if frame.index >= len(scenario.script):
        return _progress(state, control[:-1], "rulekit.script", "script-done")
    entry = scenario.script[frame.index]
    occurrence = scenario.occurrence_ids[frame.index]
    if entry.do not in VERB_EVENT:      # a ruleset's own step of the game (Riftbound: a combat)
        moved_on = control[:-1] + (_script_frame(frame.index + 1),)
        return state.rules.run_entry(state, moved_on, entry, occurrence,
                                     (("occurrence", occurrence), ("label", entry.label)))
    conditions = occur.conditions_for(
        entry.do, state, occurrence, occurrence,
        cards=tuple([state.cards[c] for c in entry.cards]),
        players=(entry.player,) if entry.player else (), amount=entry.amount,
        challenge=entry.challenge, phase=entry.phase, cannot_be_saved="cannot be saved" if entry.cannot_be_saved else "",
        to=entry.to, grant=entry.grant, ability=entry.ability, new_controller=entry.player, this_turn=entry.this_turn,
        how=entry.how)
    moved_on = control[:-1] + (_script_frame(frame.index + 1),)
    args = (("occurrence", occurrence), ("label", entry.label))
    if not conditions:
        return _progress(state, moved_on, "rulekit.script", "script-nothing", args)
    return state.rules.open_occurrence(state, moved_on, conditions, occurrence, "rulekit.script", args)


def advance(state: GameState, control: Control, scenario: Scenario) -> Progress | Ask:
    """One step: the handler of the top frame, looked up in the ruleset's handler table."""
    top = control[-1]
    if type(top) is ScriptFrame:
        return _script(top, state, control, scenario)
    return state.rules.handlers[type(top)].advance(top, state, control)


def apply_answer(state: GameState, control: Control, option: str, verdicts) -> Progress:
    """The answer ``option`` applied by the handler of the top frame (``verdicts``: the Ask's)."""
    top = control[-1]
    return state.rules.handlers[type(top)].answer(top, state, control, option, verdicts)


def record(parent: Step, p: Progress, decision: Decision | None = None, answer: str | None = None,
           answered_by: str | None = None) -> Step:
    return _step(parent, parent.number + 1, p.rule, p.what, p.args, p.state, p.control, p.verdicts,
                decision, answer, answered_by)


def _entry_of(control: Control) -> int:
    """Which script entry is running (the bottom frame walks the script)."""
    bottom = control[0] if control else None
    return bottom.index if type(bottom) is ScriptFrame else -1


def _uses_since(step: Step, start: Step) -> tuple[tuple[str, int], ...]:
    """The abilities used (or items resolved) from ``start`` to ``step``, most used first."""
    from collections import Counter
    uses: Counter = Counter()
    node = step
    while node is not None and node is not start:
        for name in ("use", "item"):
            value = dict(node.args).get(name) if node.args else None
            if isinstance(value, str):
                uses[ids.use_head(value)] += 1
        node = node.parent
    return tuple(sorted(uses.items(), key=lambda kv: (-kv[1], kv[0])))


@immutable(quick_new=True)
class Halt:
    """Where :func:`run` stopped: the last step, the control after it, and the decision
    waiting (``None`` when the script is over)."""

    step: Step
    ask: Ask | None
    replaying: Map          # recorded answers not yet reached: AnswerKey -> option id
    unapplied: tuple[Unapplied, ...]
    chosen: tuple[tuple[AnswerKey, str], ...]   # non-default answers applied from the line


_halt = maker(Halt)


def run(scenario: Scenario, step: Step, *, replaying: Map = Map(), auto: bool = False,
        max_nesting: int = MAX_NESTING, step_limit: int = MAX_STEPS) -> Halt:
    """Advance from ``step`` until a decision needs a person (or, with ``auto``, to the end,
    answering every decision with its default). Answers in ``replaying`` are applied where
    their keys come up; one whose option is not legal there is reported as unapplied.

    Everything a run allocates is a tree of frozen values (steps point to their parents,
    never back), so reference counting frees it all and Python's cyclic collector has nothing
    to find; it is paused while the loop runs (it would otherwise walk the growing timeline
    again and again, about half the run's time) and restored as it was afterwards. What the run
    keeps (the timeline) would still be walked by the collector's first pass after it, once per
    run; unless the caller has frozen objects of its own (``gc.freeze``), it is moved straight
    to the oldest generation instead, where only the collector's rare full passes look at it.

    This is the plain loop; :func:`rulekit.core.speed.loop.run` is the same loop with
    :func:`advance` and :func:`record` inlined (:mod:`rulekit.core.speed`)."""
    with collector_paused():
        return _run(scenario, step, replaying, auto, max_nesting, step_limit)


def _resume_collector() -> None:
    """The cyclic collector on again after a pause, what was allocated meanwhile moved to its oldest
    generation (unless the caller has frozen objects of its own)."""
    if not gc.get_freeze_count():
        gc.freeze()                 # every tracked object to the permanent generation, unscanned,
        gc.unfreeze()               # and back into the oldest one
    gc.enable()


@contextmanager
def collector_paused():
    """The cyclic collector paused while the block runs, as :func:`run` pauses it: for work that
    allocates a tree of values (no cycles) among many objects the collector would scan again and
    again — such as counting the lines of a walk of many positions."""
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        yield
    finally:
        if paused:
            _resume_collector()


def _run(scenario: Scenario, step: Step, replaying: Map, auto: bool, max_nesting: int, step_limit: int) -> Halt:
    unapplied: list[Unapplied] = []
    chosen: list[tuple[AnswerKey, str]] = []
    taken = 0                           # steps taken since the current script entry began
    entry, entry_start = _entry_of(step.control), step
    while step.control:
        out = advance(step.state, step.control, scenario)
        if type(out) is Ask:
            decision = out.decision
            option, how, replaying = answer_for(decision, replaying, auto, unapplied, chosen)
            if option is None:
                return _halt(step, out, replaying, tuple(unapplied), tuple(chosen))
            step = record(step, apply_answer(step.state, step.control, option, out.verdicts), decision, option, how)
        else:
            step = record(step, out)
        control = step.control
        if len(control) > max_nesting:
            check_nesting(control, max_nesting, step)
        if not control:                 # the script is over
            break
        now = _entry_of(control)
        if now != entry:
            entry, entry_start, taken = now, step, 0
        taken += 1
        if taken >= step_limit:
            runaway(step, entry_start, step_limit)
    return finished(step, replaying, unapplied, chosen)


def answer_for(decision: Decision, replaying: Map, auto: bool, unapplied: list[Unapplied],
               chosen: list[tuple[AnswerKey, str]]) -> tuple[str | None, str | None, Map]:
    """The answer a run gives ``decision``, how it came (``recorded`` or ``default``), and the
    recorded answers left: the line's answer where it is legal (one that is not is noted in
    ``unapplied``; a recorded answer other than the default, in ``chosen``), else the default
    with ``auto``, else none (a person must choose)."""
    recorded = replaying.get(decision.key) if replaying else None
    if recorded is not None:
        replaying = replaying.delete(decision.key)
        if decision.is_legal(recorded):
            if recorded != decision.default:
                chosen.append((decision.key, recorded))
            return recorded, "recorded", replaying
        unapplied.append(Unapplied(decision.key, recorded,
                                   "not a legal option here; legal: " + ", ".join(decision.legal_ids())))
    if auto:
        return decision.default, "default", replaying
    return None, None, replaying


def runaway(step: Step, entry_start: Step, step_limit: int) -> None:
    """Stop a script entry that took ``step_limit`` steps without ending, naming what it used most."""
    ranked = _uses_since(step, entry_start)
    names = ", ".join(f"{a} ×{n}" for a, n in ranked[:6]) or "none"
    raise RunawayLoop(f"runaway loop: one script entry took more than {step_limit:,} steps without ending; "
                      f"the abilities used most: {names}", abilities=ranked, depth=len(step.control), step=step)


def finished(step: Step, replaying: Map, unapplied: list[Unapplied], chosen: list[tuple[AnswerKey, str]]) -> Halt:
    """Where a run stopped with no decision waiting: at the end of the script, every recorded
    answer not reached noted as never coming up."""
    if not step.control:
        unapplied.extend(Unapplied(k, v, "this decision never came up") for k, v in sorted(
            replaying.items(), key=lambda kv: (kv[0].at, kv[0].chooser, kv[0].number)))
        replaying = Map()
    return _halt(step, None, replaying, tuple(unapplied), tuple(chosen))
