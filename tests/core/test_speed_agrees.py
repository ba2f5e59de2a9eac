"""The speed machinery gives the answers of the plain code it stands for (rulekit.core.speed).

The engine loop with its calls inlined (rulekit.core.speed.loop.run) takes the very steps of the
plain loop (rulekit.core.engine.run) on generated games of both rulesets, replaying random lines
and stopping at decisions; and a process started with ``RULEKIT_PLAIN=1`` runs every plain
version (the plain loop, the plain pattern check, plain frozen dataclasses, nothing remembered)
and traces shipped scenarios byte for byte as the default one does. (The compiled patterns have
their own test, tests/core/test_compiled_patterns.py; libyaml's reading, tests/files/test_yaml_loaders.py;
remembered judgements, tests/core/test_remembered_judgements.py.)"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

from hypothesis import given, settings, strategies as st

import strategies
from rulekit.core import engine
from rulekit.core.game import _as_map
from rulekit.core.limits import RunawayLoop
from rulekit.core.speed import loop
from rulekit.core.timeline import steps

ROOT = Path(__file__).resolve().parents[2]


def _outcome(run, scenario, first, replaying, auto):
    """What a loop gives: every step's fields and where it halted, or the runaway it raised."""
    try:
        halt = run(scenario, first, replaying=replaying, auto=auto)
    except RunawayLoop as stop:
        return ("runaway", str(stop), stop.abilities)
    taken = [(s.number, s.rule, s.what, s.args, s.state, s.control, s.verdicts, s.decision, s.answer, s.answered_by)
             for s in steps(halt.step)]
    return (taken, halt.ask, dict(halt.replaying), halt.unapplied, halt.chosen)


@settings(max_examples=30, deadline=None)
@given(st.one_of(strategies.scenarios(), strategies.riftbound_scenarios(), strategies.battlefield_scenarios()),
       st.data(), st.booleans())
def test_the_inlined_loop_takes_the_steps_of_the_plain_loop(scenario, data, auto):
    game = strategies.played(scenario, data)
    if game is None:            # its abilities loop without end (both loops stop it: see below)
        return
    first = game.timeline[0]    # the set-up
    replaying = _as_map(game.line)
    plain = _outcome(engine.run, game.scenario, first, replaying, auto)
    assert plain[0] == "runaway" or len(plain[0]) > 1
    assert _outcome(loop.run, game.scenario, first, replaying, auto) == plain


_PLAIN_PROBE = """
import io, json, sys
from contextlib import redirect_stdout
from rulekit.cli import main
from rulekit.core import engine, game, judge, matching, remembered
from rulekit.core.building import stores_fields
from rulekit.core.timeline import Step
out = {}
for f in sys.argv[1:]:
    buf = io.StringIO()
    with redirect_stdout(buf):
        main(["trace", "--json", f])
    out[f] = buf.getvalue()
print(json.dumps({"traces": out, "loop": game.run is engine.run, "patterns": judge.trigger_mismatch is matching.trigger_mismatch,
                  "remembered": remembered.ENABLED, "frozen": not stores_fields(Step)}))
"""

FILES = ["scenarios/agot/ability-becomes-eligible-mid-window.yaml",
         "scenarios/riftbound/combat-attack-defend-showdown-conquer.yaml"]


def test_plain_mode_runs_every_plain_version_and_traces_the_same():
    files = [f for f in FILES if (ROOT / f).exists()]
    assert files, "the shipped scenarios this test traces are gone: name others"
    done = subprocess.run([sys.executable, "-c", _PLAIN_PROBE, *files], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, RULEKIT_PLAIN="1"), check=True)
    plain = json.loads(done.stdout)
    assert (plain["loop"], plain["patterns"], plain["remembered"], plain["frozen"]) == (True, True, False, True)
    from rulekit.cli import main
    for f in files:
        buf = io.StringIO()
        with redirect_stdout(buf):
            main(["trace", "--json", f])
        assert plain["traces"][f] == buf.getvalue(), f
