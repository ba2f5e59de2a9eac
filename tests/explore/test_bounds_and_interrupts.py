"""Exploration is bounded by default (positions, time, resident memory) and says how to go further;
``--limit`` refuses nan and negative values; ``--workers`` is capped at the CPUs; Ctrl-C stops a
walk — in one process or many — with one line and the partial result marked incomplete, no
traceback and no process left running."""
from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rulekit.cli import main
from rulekit.explore import DEFAULT_LIMIT, ExplorationError, Limit, as_limit, explore, resident_bytes
from rulekit.explore.bounds import DEFAULT_SECONDS, default_memory
from rulekit.files import dump_scenario

from boards import optional_reactions

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios").rglob("*.yaml"))
# walks without end: the gear's priority ability can be used again and again while the Chain is open
# (docs/exploring.md, "Limits"); they stop at the bound like the 20-reaction board
ENDLESS = {"replacement-gear-deathknell", "replacement-gear-deathknell-no-trigger"}


@pytest.fixture
def board20(tmp_path):
    path = tmp_path / "twenty.yaml"
    path.write_text(dump_scenario(optional_reactions(20)))
    return path


# -- limits ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["nan", "nans", "NaN s", "-1", "-5s", "0", "0s", "infs", "1e999s", "-2GB", "nanGB",
                                 "", "  ", "5000,6000", "ten", -1, 0, 2.5, True])
def test_a_bad_limit_is_refused_naming_it(bad):
    with pytest.raises(ExplorationError, match="limit"):
        as_limit(bad)


def test_limit_parts_replace_the_defaults_of_their_kind_and_none_removes_every_bound():
    assert as_limit(None) is DEFAULT_LIMIT
    assert DEFAULT_LIMIT.states and DEFAULT_LIMIT.seconds and DEFAULT_LIMIT.memory
    five = as_limit("5000")
    assert (five.states, five.seconds, five.memory) == (5000, DEFAULT_LIMIT.seconds, DEFAULT_LIMIT.memory)
    assert five.defaults == {"seconds", "memory"}
    both = as_limit("100000, 5m 2GB")
    assert (both.states, both.seconds, both.memory, both.defaults) == (100000, 300, 2 ** 31, frozenset())
    assert as_limit("512MB").memory == 512 * 2 ** 20
    assert as_limit("none") == Limit()


def test_the_default_bound_is_documented_and_large_enough_for_the_benchmark_walks():
    # the largest benchmark walk (the naive walk of 8 forced reactions) is about 70,000 positions,
    # 35 s and 400 MB on a loaded machine (benchmarks/bench_explore.py)
    assert DEFAULT_LIMIT.states >= 150_000 and DEFAULT_LIMIT.seconds >= 100
    assert DEFAULT_LIMIT.memory == default_memory() >= min(2 ** 30, os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2)
    text = (ROOT / "docs" / "exploring.md").read_text()
    assert f"{DEFAULT_LIMIT.states:,} positions" in text and "2 minutes" in text and "2 GB" in text


@pytest.mark.parametrize("path", [p for p in SHIPPED if p.stem not in ENDLESS], ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_shipped_scenario_is_walked_in_full_under_the_default_bound(path):
    kw = {"max_nesting": 6} if "cancel-the-cancel" in path.name else {}   # see docs/exploring.md
    assert explore(path, progress=False, **kw).complete


def test_the_memory_bound_reads_the_resident_size_from_the_system_and_stops_the_walk():
    used = resident_bytes()
    assert used is not None and used > 10 * 2 ** 20
    result = explore(optional_reactions(20), progress=False, limit=f"{used // 2 ** 10 + 1}KB")
    assert not result.complete and "memory limit" in result.stopped and result.states < 20_000


def test_a_walk_stopped_at_a_default_bound_says_how_to_go_further():
    limit = Limit(states=300, seconds=60, defaults=frozenset({"states", "seconds"}))
    result = explore(optional_reactions(20), progress=False, limit=limit)
    assert not result.complete and "default bound of 300 positions" in result.stopped
    assert "--limit" in result.stopped and "'none'" in result.stopped
    assert "INCOMPLETE" in result.describe()


@pytest.mark.parametrize("value", ["nan", "-3", "-1s", "nans", "-0.5m"])
def test_the_command_line_refuses_a_nan_or_negative_limit(value, capsys):
    assert main(["explore", "agot/claim-2-kill", f"--limit={value}"]) == 2
    err = capsys.readouterr().err
    assert "--limit" in err and "Traceback" not in err


def test_workers_are_capped_at_the_cpus_with_a_message(capsys):
    assert main(["explore", "agot/claim-2-kill", "--workers", "999"]) == 0
    out, err = capsys.readouterr()
    assert "--workers 999 is more than the" in err and "16 outcome(s)" in out
    assert main(["explore", "agot/claim-2-kill", "--workers", "0"]) == 2


@pytest.mark.slow            # about 2 minutes: the default time bound itself
def test_the_twenty_reaction_board_stops_at_the_default_bound(board20):
    started = time.monotonic()
    out = subprocess.run([sys.executable, "-m", "rulekit", "explore", str(board20)], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=DEFAULT_SECONDS + 120)
    took = time.monotonic() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    assert out.returncode == 0 and "Traceback" not in out.stderr
    assert "INCOMPLETE: stopped at the default" in out.stdout and "--limit" in out.stdout
    # thousands of outcomes read as a summary (the 40 with the most lines, the rest counted), not megabytes
    assert "more outcome(s)" in out.stdout and "--all" in out.stdout and len(out.stdout) < 500_000
    assert took < DEFAULT_SECONDS + 60
    assert peak < DEFAULT_LIMIT.memory + 256 * 2 ** 20


# -- Ctrl-C --------------------------------------------------------------------------------------------
def _group_alive(pgid: int) -> list[int]:
    alive = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                alive.append(int(entry.name))
    return alive


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to list the processes left")
@pytest.mark.parametrize("workers", [[], ["--workers", "2"]], ids=["one process", "two workers"])
def test_ctrl_c_stops_the_walk_with_one_line_and_the_partial_result(board20, workers):
    proc = subprocess.Popen([sys.executable, "-m", "rulekit", "explore", str(board20), *workers],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    time.sleep(8)                                  # well into the walk (it runs for minutes)
    os.killpg(proc.pid, signal.SIGINT)             # as a terminal's Ctrl-C: the whole process group
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert err.strip().splitlines() == ["rulekit: interrupted (Ctrl-C): what was walked so far follows, "
                                        "marked incomplete"]
    assert "INCOMPLETE: interrupted (Ctrl-C)" in out and "counts are lower bounds" in out
    deadline = time.monotonic() + 10
    while _group_alive(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _group_alive(proc.pid) == []            # no worker left running


def test_ctrl_c_in_python_returns_the_walk_so_far():
    import threading
    walking = threading.Event()
    done = threading.Event()

    def ctrl_c_once_walking():
        # the walk's handler in place first: a Ctrl-C before it is Python's own KeyboardInterrupt,
        # raised wherever the main thread is (on a loaded machine, setting the board up can take seconds)
        while signal.getsignal(signal.SIGINT) is signal.default_int_handler and not done.wait(0.02):
            pass
        if not done.wait(0.5):
            walking.set()
            os.kill(os.getpid(), signal.SIGINT)

    thread = threading.Thread(target=ctrl_c_once_walking, daemon=True)
    thread.start()
    try:
        result = explore(optional_reactions(20), progress=False, limit="10m")
    finally:
        done.set()
        thread.join()
    assert walking.is_set()
    assert not result.complete and result.stopped == "interrupted (Ctrl-C)" and result.states > 0
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler      # the handler is given back
    # the word to stop went with that walk: the next one, even called directly, walks to the end
    from rulekit import Game
    from rulekit.explore import walk
    from rulekit.explore.bounds import interrupted
    assert not interrupted()
    again = walk(Game.start(optional_reactions(3)))
    assert not again.stopped and len(again) > 3


def test_a_pool_whose_walk_was_interrupted_walks_the_next_one_to_the_end():
    """Ctrl-C tells a pool's workers to stop through the pool's event; the next walk on the same pool
    starts afresh (the event is the word for one walk, not for the pool's life)."""
    from rulekit.explore import process_pool
    pool = process_pool(2)
    try:
        pool.rulekit_stop.set()                 # as an interrupted walk leaves it
        serial = explore(optional_reactions(7), progress=False)       # long enough that a worker heeds the word
        for merge in (True, False):
            parallel = explore(optional_reactions(7), progress=False, executor=pool, merge=merge, split=4)
            assert parallel.complete and parallel.summary() == serial.summary()
            pool.rulekit_stop.set()
    finally:
        pool.shutdown()
