"""Instructions per sequence, counted by valgrind's callgrind: a figure the machine's load does not move.

Run by ``bench_engine.py --against REV --instructions``. On a machine shared with other work, wall
and even CPU time wander by tens of percent from round to round; the number of instructions the
interpreter executes for a workload does not (up to the dict-probing that ``PYTHONHASHSEED`` fixes,
set to 0 here). Each revision's workload runs in its own process with its own code, under
``valgrind --tool=callgrind``, twice: with no game played after the first (imports, set-up, the first
run) and with N more games; the difference over N games is what one game costs. Instructions are
not seconds — a revision that allocates less may gain more time than instructions, and one that
trades a call for a cache miss less — so a speed-up is still claimed from time, measured side by
side (``--against`` without this flag); this figure says where time went while the machine is busy.
Needs ``valgrind`` on the ``PATH`` (``apt-get install valgrind``).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

_DRIVER = """
import sys, rulekit
path, mode, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
scenario = rulekit.load(path).scenario
rulekit.Game.start(scenario, play_defaults=True)
for _ in range(n):
    rulekit.Game.start(scenario, play_defaults=True)
"""


def _instructions(code: Path, path: str, games: int) -> int:
    env = dict(os.environ, PYTHONPATH=str(code), PYTHONHASHSEED="0")
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                          _DRIVER, path, "start", str(games)], cwd=str(code), env=env, capture_output=True, text=True)
    found = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    if out.returncode != 0 or found is None:
        raise RuntimeError(f"callgrind did not run the workload in {code}:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def per_sequence(code: Path, path: str, sequences: int, games: int) -> float:
    """Instructions per sequence of ``Game.start(…, play_defaults=True)`` on the file at ``path``."""
    return (_instructions(code, path, games) - _instructions(code, path, 0)) / (games * sequences)


def compare(rev: str, quick: bool) -> None:
    from against import LABELS, ROOT, checkout, workloads
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind on the PATH (apt-get install valgrind)")
    with checkout(rev) as (sha, here, tmp, tree):
        print(f"instructions per sequence under callgrind, Game.start(play_defaults), PYTHONHASHSEED=0; "
              f"A = {here}, B = {sha}")
        for name, path, count, batch, mode in workloads(tmp, quick):
            if mode != "start":
                continue
            key = name.split(":")[0]
            games = 1 if key == "busy" else (50 if quick else 300)
            a, b = per_sequence(ROOT, path, count, games), per_sequence(tree, path, count, games)
            print(f"  {LABELS[key].format(n=count)}: A {a:,.0f}   B {b:,.0f}   B/A = {b / a:.2f}x")
