"""A game is a function of its scenario and answers: ids and timelines are the same in other
processes, whatever their hash seed, and a generated game written to a file replays the same
there; games played in several threads at once give the timelines they give alone."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from rulekit import Game
from rulekit.core.limits import RunawayLoop
from rulekit.files import dump_scenario, load_scenario, loads_scenario

ROOT = Path(__file__).resolve().parents[2]

_SCRIPT = """
import json, sys
sys.path.insert(0, {tests!r})
from boards import claim2
from helpers import answer_all, use_first
from rulekit import Game
from rulekit.core.digest import digest
game = answer_all(Game.start(claim2().build()), use_first)
print(json.dumps([[s.what, repr(s.args), digest(s.state), digest(s.control), digest(s.verdicts)] for s in game.timeline]))
"""


def test_ids_and_timelines_match_across_processes_with_different_hash_seeds():
    tests = os.path.join(os.path.dirname(os.path.dirname(__file__)), "support")
    outs = []
    for seed in ("1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        res = subprocess.run([sys.executable, "-c", _SCRIPT.format(tests=tests)], env=env, capture_output=True,
                             text=True, check=True)
        outs.append(json.loads(res.stdout))
    assert outs[0] == outs[1] and len(outs[0]) > 50


_RUN = """
import json, sys
from rulekit.files import loads_scenario
from rulekit.core.digest import digest
loaded = loads_scenario(sys.stdin.read(), "generated.yaml")
game = loaded.start()
print(json.dumps([[s.what, repr(s.args), digest(s.state), digest(s.control), digest(s.verdicts)] for s in game.timeline]))
"""


@settings(max_examples=int(os.environ.get("RK_EXAMPLES", 50)) // 5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_generated_games_export_import_and_replay_identically_in_other_processes(data):
    from strategies import play, riftbound_scenarios, scenarios
    scenario = data.draw(st.one_of(scenarios(), riftbound_scenarios()))
    try:
        game = play(Game.start(scenario), data)
    except RunawayLoop:
        return
    text = dump_scenario(game.scenario, game.line)
    again = loads_scenario(text, "generated.yaml").start()
    assert [s.record()[:-1] for s in again.timeline] == [s.record()[:-1] for s in game.timeline]
    outs = []
    for seed in ("3", "77"):
        res = subprocess.run([sys.executable, "-c", _RUN], input=text, capture_output=True, text=True, check=True,
                             env=dict(os.environ, PYTHONHASHSEED=seed))
        outs.append(json.loads(res.stdout))
    assert outs[0] == outs[1]


# -- a pure engine: games in threads ------------------------------------------------------------------
def _records(path):
    game = load_scenario(path).start()
    return [(s.rule, s.what, s.args, s.answer) for s in game.timeline]


def test_two_games_in_two_threads_give_the_same_timelines_as_alone():
    paths = [ROOT / "scenarios" / "agot" / "claim-2-kill.yaml",
             ROOT / "scenarios" / "riftbound" / "simultaneous-triggers-of-both-players.yaml"]
    alone = [_records(p) for p in paths]
    results: dict[int, list] = {}

    def work(i):
        for _ in range(20):
            results.setdefault(i, []).append(_records(paths[i % 2]))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, runs in results.items():
        assert all(run == alone[i % 2] for run in runs)
