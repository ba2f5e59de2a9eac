"""The engine loop with :func:`~rulekit.core.engine.advance` and :func:`~rulekit.core.engine.record`
inlined: the same loop as :func:`rulekit.core.engine.run`, which states it plainly.

This loop runs once per step of every game, and a call costs here: the handler table is read
once per run, the top frame's handler is found and called in the loop itself, and each step is
made by the ``Step`` maker directly. Everything else (what a decision is answered with, a
runaway entry, the end of the script) is the engine's own code. ``RULEKIT_PLAIN=1``
(:mod:`rulekit.core.speed`) runs the plain loop instead; ``tests/core/test_speed_agrees.py`` runs
both on generated games and compares every step.
"""
from __future__ import annotations

import gc

from immutables import Map

from rulekit.core.decisions import AnswerKey, Unapplied
from rulekit.core.engine import (Halt, _entry_of, _halt, _resume_collector, _script, _step, answer_for, finished,
                                 runaway)
from rulekit.core.frames import Ask, ScriptFrame
from rulekit.core.limits import MAX_NESTING, MAX_STEPS, check_nesting
from rulekit.core.scenario import Scenario
from rulekit.core.timeline import Step


def run(scenario: Scenario, step: Step, *, replaying: Map = Map(), auto: bool = False,
        max_nesting: int = MAX_NESTING, step_limit: int = MAX_STEPS) -> Halt:
    """:func:`rulekit.core.engine.run`, the loop inlined (and the collector paused as
    :func:`~rulekit.core.engine.collector_paused` pauses it, without a context manager's calls)."""
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        return _run(scenario, step, replaying, auto, max_nesting, step_limit)
    finally:
        if paused:
            _resume_collector()


def _run(scenario: Scenario, step: Step, replaying: Map, auto: bool, max_nesting: int, step_limit: int) -> Halt:
    unapplied: list[Unapplied] = []
    chosen: list[tuple[AnswerKey, str]] = []
    state, control, number = step.state, step.control, step.number
    taken = 0                           # steps taken since the current script entry began
    entry, entry_start = _entry_of(control), step
    bottom = control[0] if control else None
    handlers = state.rules.handlers         # one ruleset for the whole game
    while control:
        top = control[-1]                   # advance(), inlined
        kind = type(top)
        if kind is ScriptFrame:
            out = _script(top, state, control, scenario)
        else:
            handler = handlers[kind]
            table = handler.steps
            out = handler.advance(top, state, control) if table is None else table[top.step](top, state, control)
        if type(out) is Ask:
            decision = out.decision
            option, how, replaying = answer_for(decision, replaying, auto, unapplied, chosen)
            if option is None:
                return _halt(step, out, replaying, tuple(unapplied), tuple(chosen))
            handler = handlers[kind]        # apply_answer(), inlined
            table = handler.answers
            out = (handler.answer(top, state, control, option, out.verdicts) if table is None
                   else table[top.step](top, state, control, option, out.verdicts))
            state, control, number = out.state, out.control, number + 1
            step = _step(step, number, out.rule, out.what, out.args, state, control, out.verdicts,
                         decision, option, how)      # record(), inlined
        else:
            state, control, number = out.state, out.control, number + 1
            step = _step(step, number, out.rule, out.what, out.args, state, control, out.verdicts)
        if len(control) > max_nesting:
            check_nesting(control, max_nesting, step)
        if not control:                 # the script is over
            break
        if control[0] is not bottom:    # an unchanged bottom frame walks the same entry
            bottom = control[0]
            now = _entry_of(control)
            if now != entry:
                entry, entry_start, taken = now, step, 0
        taken += 1
        if taken >= step_limit:
            runaway(step, entry_start, step_limit)
    return finished(step, replaying, unapplied, chosen)
