"""The merged walk shared by workers (issue 28): positions fingerprinted alike in every process,
claimed once, joined into exactly the serial walk's graph; the CLI says when workers cannot help."""
from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

from rulekit import Game
from rulekit.cli import main
from rulekit.explore import ExplorationError, Limit, board, explore, walk
from rulekit.explore import claims, shared
from rulekit.explore.claims import ClaimLog
from rulekit.explore.fingerprint import Fingerprinter
from rulekit.explore.parallel import walk_parallel
from rulekit.files.builder import (ScenarioBuilder, cards, condition, do, forced_reaction, gain_power, killed,
                                   kneel)

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios").rglob("*.yaml"))


def mixed(n: int):
    """``n`` locations of both players with forced reactions to a kill that interact through
    kneeling: orderings reach different outcomes (not interchangeable abilities). Each conditional
    effect has an unconditional part too, so it is initiated whatever the order (an ability whose
    whole effect could change nothing is not: Rules Reference, "Abilities") and its condition is
    read as it resolves."""
    kneeling = cards(type="location", posture="kneeling")
    effects = [[gain_power(1)], [kneel()], [do("gain power", "self", None, 2, condition=[condition(count=kneeling,
                                                                                                  at_least=1)]),
                                            gain_power(1)],
               [do("gain power", "self", None, 1, condition=[condition(count=kneeling, at_most=0)]), gain_power(1)]]
    b = ScenarioBuilder(f"{n} mixed forced reactions", players=["P1", "P2"], first_player="P1")
    b.card("v", "Victim", owner="P2")
    for i in range(n):
        b.card(f"m{i}", f"Mixed Outpost {i}", owner="P1" if i % 3 else "P2", type="location", abilities=[
            forced_reaction("r", killed(type="character"), effects[i % len(effects)])])
    return b.kill("v", id="k", label="kill").build()


def graph(w):
    return w.at, w.options, w.children, w.outcome, w.finals, w.labels, w.answers


@pytest.mark.parametrize("source", [mixed(5), mixed(6)] + SHIPPED, ids=lambda s: getattr(s, "name", None) or s.title)
def test_the_shared_walk_is_the_serial_walk_position_for_position(source):
    from rulekit.explore.walker import starting_point
    from rulekit.explore.bounds import _Clock
    root, _ = starting_point(source)
    serial = walk(root, clock=_Clock(Limit(states=3000), None))
    if serial.stopped:
        assert "3,000 positions" in serial.stopped, serial.stopped        # stopped by its size, nothing else
        pytest.skip("a walk of more than 3,000 positions: the merged walk of 7 mixed reactions stands for it")
    with ThreadPoolExecutor(2) as threads:      # two tasks racing for claims (threads: no start-up cost)
        shared_walk, _ = walk_parallel(root, threads, key=board, merge=True, limit=Limit(), deadline=None, split=3,
                                       progress=False)
    assert graph(shared_walk) == graph(serial) and not shared_walk.stopped


def test_two_processes_walk_no_more_positions_and_answer_no_more_than_one(tmp_path):
    scenario = mixed(7)
    serial = explore(scenario, progress=False)
    with ProcessPoolExecutor(2) as pool:
        parallel = explore(scenario, progress=False, executor=pool, split=4)
    assert parallel.summary() == serial.summary()
    assert (parallel.states, parallel.answers) == (serial.states, serial.answers) and parallel.subtrees >= 4


def test_the_claims_of_a_walk_are_removed_after_it(monkeypatch, tmp_path):
    made = []

    def claims():
        made.append(str(tmp_path / f"claims{len(made)}"))
        os.mkdir(made[-1])
        return made[-1]

    monkeypatch.setattr("rulekit.explore.parallel.claims_directory", claims)
    with ThreadPoolExecutor(2) as threads:
        explore(mixed(4), progress=False, executor=threads, split=2)
    assert made and not any(os.path.exists(d) for d in made)


FINGERPRINT = """
import sys
from rulekit.explore.fingerprint import Fingerprinter
from rulekit import Game
from rulekit.files.scenario_files import load_scenario
g = Game.start(load_scenario(sys.argv[1]).scenario)
fp = Fingerprinter()
while g.decision is not None:
    print(fp.position(g))
    g = g.answer(g.decision.option_ids[-1])
print(fp.position(g))
"""


@pytest.mark.parametrize("name", ["agot/claim-2-kill.yaml", "riftbound/cinderwing.yaml"])
def test_a_position_has_the_same_fingerprint_in_every_process(name):
    path = str(ROOT / "scenarios" / name)
    runs = [subprocess.run([sys.executable, "-c", FINGERPRINT, path], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "random")]
    assert runs[0] and runs[0] == runs[1] == runs[2]


def test_fingerprints_are_equal_exactly_when_positions_are():
    fp = Fingerprinter()
    seen: dict = {}
    stack = [Game.start(mixed(6))]
    while stack:
        game = stack.pop()
        position, f = (game.state, game.control), fp.position(game)
        if position in seen:
            assert seen[position] == f
            continue
        seen[position] = f
        if game.decision is not None:
            stack.extend(game.answer(o) for o in game.decision.option_ids)
    assert len(seen) > 30 and len(set(seen.values())) == len(seen)


def test_a_worker_that_cannot_see_the_claims_says_so(tmp_path):
    with pytest.raises(shared.ExplorationError, match="cannot see the claims directory"):
        shared.walk_shared(mixed(2), None, 10, board, 4, str(tmp_path / "elsewhere"), 0, 2, Limit(), None)


def test_the_cli_says_when_workers_cannot_help(capsys):
    assert main(["explore", str(ROOT / "scenarios/agot/claim-2-kill.yaml"), "--workers", "2"]) == 0
    err = capsys.readouterr().err
    if (os.cpu_count() or 1) >= 2:
        assert "--workers 2 could not help" in err and "without --workers" in err


def test_the_cli_says_when_other_work_keeps_the_cpus_busy(capsys, monkeypatch):
    import rulekit.cli.commands as commands
    monkeypatch.setattr(os, "getloadavg", lambda: (9.0, 9.0, 9.0))
    monkeypatch.setattr(os, "cpu_count", lambda: 2)

    class Walked:                               # a complete walk shared by workers, longer than their start
        subtrees, complete, seconds, states = 4, True, 5.0, 1000
    commands._say_if_workers_could_not_help(Walked, 2, 0.3)
    err = capsys.readouterr().err
    assert "could not help much" in err and "load average 9.0 on 2 CPUs" in err
    monkeypatch.setattr(os, "getloadavg", lambda: (2.1, 2.0, 2.0))     # the two workers alone
    commands._say_if_workers_could_not_help(Walked, 2, 0.3)
    assert capsys.readouterr().err == ""


def test_equal_values_have_one_fingerprint_whichever_was_met_first():
    from enum import Enum

    class Word(str, Enum):
        KILLED = "killed"
    one, other = Fingerprinter(), Fingerprinter()
    first = [one.of(v) for v in ((1, "killed"), (True, Word.KILLED), (1.0, "killed"))]
    second = [other.of(v) for v in ((1.0, "killed"), (True, Word.KILLED), (1, "killed"))]
    assert len(set(first + second)) == 1
    assert Fingerprinter().of((2, "killed")) != first[0] and Fingerprinter().of(("killed", 1)) != first[0]


def test_a_cleared_fingerprinter_lets_its_values_go_and_fingerprints_as_before():
    games, game = [], Game.start(mixed(4))
    while game.decision is not None:
        games.append(game)
        game = game.answer(game.decision.option_ids[-1])
    fp = Fingerprinter()
    before = [fp.position(g) for g in games]
    assert fp._known.cache_info().currsize > len(games)
    fp.clear()
    assert fp._known.cache_info().currsize == 0
    assert [fp.position(g) for g in reversed(games)] == before[::-1]


def test_unhashable_values_are_digested_by_their_contents():
    one, other = Fingerprinter(), Fingerprinter()
    assert one.of([1, "killed", (2,)]) == other.of([1.0, "killed", (2,)]) != one.of((1, "killed", (2,)))
    assert one.of({"a": [1], "b": 2}) == other.of({"b": 2, "a": [1]}) != one.of({"a": [2], "b": 2})
    assert one.of(({"a": 1},)) == other.of(({"a": 1},))       # a tuple holding one: its parts one by one


def _alone(root, split, workers):
    """The part one worker of ``workers`` walks from ``root`` (worker 0), its claims removed after."""
    from rulekit.explore.walker import full_line
    directory = claims.claims_directory()
    try:
        return shared.walk_shared(root.scenario, full_line(root), root.max_nesting, board, split, directory, 0,
                                  workers, Limit(), None)
    finally:
        claims.remove_claims(directory)


def test_the_top_every_worker_repeats_is_small_by_default():
    from rulekit.explore.walker import starting_point
    root, _ = starting_point(mixed(7))
    for split, most in ((None, shared.TOP_ANSWERS), (32, None)):
        part = _alone(root, split, 2)
        assert part.frontier >= 4
        if most is not None:
            assert part.top_answers <= most
        else:
            assert part.top_answers > shared.TOP_ANSWERS       # as asked: until 32 positions wait


def test_a_worker_reuses_the_scenario_it_kept_for_the_same_digest():
    import copy
    sent = shared.sending(mixed(3))
    first = shared.sent_scenario(sent)
    again = (sent[0], copy.deepcopy(sent[1]))       # what the executor brings across for the next walk
    assert shared.sent_scenario(again) is first and first == mixed(3)
    assert shared.sent_scenario(shared.sending(mixed(4))) is not first
    assert shared.sending(mixed(3))[0] == sent[0] != shared.sending(mixed(4))[0]
    scenario = mixed(2)
    assert shared.sent_scenario(scenario) is scenario


class _Finished:
    """What the walk uses of a ``distributed.Future``: its task already run, though seen to end only at
    the ``looks``-th time it is asked (tasks end while the parent looks at others)."""

    def __init__(self, value, looks: int = 1):
        self.value, self.status, self.looks = value, "finished", looks

    def done(self) -> bool:
        self.looks -= 1
        return self.looks <= 0

    def add_done_callback(self, fn) -> None:
        fn(self)


class _Client:
    """What the walk uses of a ``dask.distributed.Client``: each task run here, in turn; every call recorded."""

    def __init__(self, threads: int = 2):
        self.calls, self.threads = [], threads

    def get_executor(self, **settings):
        made = ThreadPoolExecutor(1)
        made._client, made._kwargs = self, settings
        return made

    def map(self, fn, *columns, **settings):
        self.calls.append(("map", len(columns[0]), settings))
        return [_Finished(fn(*call), looks=i + 1) for i, call in enumerate(zip(*columns))]

    def gather(self, futures):
        self.calls.append(("gather", len(futures)))
        return [f.value for f in futures]

    def cancel(self, futures):
        self.calls.append(("cancel", len(futures)))

    def nthreads(self) -> dict:
        return {f"worker {i}": 1 for i in range(self.threads)}


def test_a_dask_client_gets_a_walk_s_tasks_in_one_message_and_gives_their_results_in_one():
    """Every task of a walk goes to the scheduler in one ``map`` (impure: every task differs from the
    others, so Dask need not digest the arguments to name them), as many as the cluster has threads,
    and their results come back in one ``gather``; an executor of the client keeps its own settings,
    and the caller's own choice of ``pure`` stands. The walk is the serial walk."""
    from rulekit.explore.parallel import DaskTasks, Tasks
    serial = explore(mixed(4), progress=False)
    client = _Client()
    assert explore(mixed(4), progress=False, executor=client).summary() == serial.summary()
    assert client.calls == [("map", 2, {"pure": False}), ("gather", 1), ("gather", 1)]     # as they were seen to end
    client = _Client(threads=3)
    executor = client.get_executor(retries=2)
    assert explore(mixed(4), progress=False, executor=executor, merge=False, split=4).summary() == serial.summary()
    (_, subtrees, settings), *gathered = client.calls
    assert subtrees >= 4 and settings == {"pure": False, "retries": 2} and gathered == [("gather", 1)] * subtrees
    chosen = client.get_executor(pure=True)
    assert Tasks.of(chosen).settings == {"pure": True}
    plain = ThreadPoolExecutor(1)
    assert type(Tasks.of(plain)) is Tasks and not isinstance(Tasks.of(plain), DaskTasks)
    for made in (executor, chosen, plain):
        made.shutdown()


def test_an_executor_that_is_none_of_those_is_a_clear_error():
    with pytest.raises(ExplorationError, match="concurrent.futures.Executor .* or a dask.distributed Client, got list"):
        explore(mixed(2), progress=False, executor=[])


def test_lines_stopped_as_runaway_loops_join_as_the_serial_walk_has_them(monkeypatch):
    """A child the engine stops as a runaway loop is kept apart from the fingerprints in a part (a
    place in ``looped``) and joined as the serial walk's one runaway outcome."""
    from rulekit.core.errors import RulekitError
    from rulekit.explore.walker import RUNAWAY, starting_point
    from rulekit.explore.bounds import _Clock
    answer = Game.answer

    def looping(game, option):                  # every last option of a choice of two loops without end
        if len(game.decision.option_ids) == 2 and option == game.decision.option_ids[-1]:
            raise RulekitError("a runaway loop")
        return answer(game, option)
    monkeypatch.setattr(Game, "answer", looping)
    root, _ = starting_point(mixed(5))
    serial = walk(root, clock=_Clock(Limit(), None))
    assert RUNAWAY in serial.outcome
    with ThreadPoolExecutor(2) as threads:
        shared_walk, _ = walk_parallel(root, threads, key=board, merge=True, limit=Limit(), deadline=None, split=3,
                                       progress=False)
    assert graph(shared_walk) == graph(serial) and not shared_walk.stopped


def test_a_part_crosses_as_a_few_flat_arrays():
    """What a worker returns is a handful of arrays and short lists, whatever the number of positions:
    pickling it does not make an object per position or per child."""
    from array import array
    from rulekit.explore.walker import starting_point
    root, _ = starting_point(mixed(6))
    part = _alone(root, None, 1)
    assert len(part.fps) == len(walk(root)) > 50
    assert all(isinstance(a, array) for a in (part.fps, part.at, part.opts, part.outcome, part.start, part.kids))
    assert len(part.start) == len(part.fps) + 1 and len(part.kids) == part.start[-1]
    assert len(part.keys) + len(part.outcomes) < len(part.fps) // 8        # each key and outcome once
    assert len(part.option_lists) == len(set(part.option_lists)) < len(part.fps)
    ids = [o for options in part.option_lists for o in options]
    assert len({id(o) for o in ids}) == len(set(ids))   # each option id one string: it pickles once
    assert shared.UNTRIED not in part.kids          # one worker walked everything


def test_each_position_has_one_claimant_however_the_claims_interleave(tmp_path):
    """Two workers (threads here, each with its own ends of the log) claim overlapping fingerprints
    at once: each fingerprint is won by exactly one, and both read the same claimant for it."""
    import threading
    logs = [ClaimLog(str(tmp_path), task) for task in range(2)]
    won: list = [[], []]
    wanted = [list(range(0, 3000)), list(range(3000, 0, -1))]      # met in opposite orders: many races

    def claim_all(task):
        log = logs[task]
        for f in wanted[task]:
            if f not in log.owner and log.claim(f):
                won[task].append(f)
    with logs[0], logs[1]:
        threads = [threading.Thread(target=claim_all, args=(t,)) for t in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for log in logs:
            log.read()
    assert not set(won[0]) & set(won[1]) and set(won[0]) | set(won[1]) == set(range(3001))
    assert logs[0].owner == logs[1].owner == {f: t for t in range(2) for f in won[t]}


def test_a_claim_read_before_it_is_whole_is_taken_in_at_the_next_read(tmp_path):
    with ClaimLog(str(tmp_path), 1) as log, open(tmp_path / claims.LOG, "ab", buffering=0) as other:
        record = claims._CLAIM(-42, 0)
        other.write(record[:5])
        log.read()
        assert log.owner == {}
        other.write(record[5:] + claims._CLAIM(7, 1))
        log.read()
        assert log.owner == {-42: 0, 7: 1} and not log.claim(-42) and log.claim(9)


def test_a_log_longer_than_one_read_is_read_whole(tmp_path):
    many = range(3 * claims._READ // claims._RECORD + 5)      # three reads' worth and a few
    with ClaimLog(str(tmp_path), 0) as log, open(tmp_path / claims.LOG, "ab", buffering=0) as other:
        other.write(b"".join(claims._CLAIM(f, 1) for f in many))
        assert log.claim(-1) and log.owner == {**{f: 1 for f in many}, -1: 0}
