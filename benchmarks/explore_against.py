"""``bench_explore.py --against REV``: the parallel walk of this checkout and of revision REV side by side in one run.

REV is checked out in a temporary git worktree (:func:`against.checkout`). Each side is a process
running ``explore_side.py`` with its own revision's code first on ``PYTHONPATH``, with its own
process pool of the same size, started before any clock. Rounds alternate the sides (A B, B A …)
and, within a side, the serial walk and the pool, so a slow spell of a shared machine falls on all
of them. Printed per board and side: wall and CPU seconds (this process plus every worker) of the
serial walk and of the pool, the pool's CPU against its own side's serial walk (the extra the
workers spend: what a change to the parallel walk should cut), the parent's plus the busiest
worker's CPU, and B/A of the pool's CPU and wall; and whether every walk agreed with A's serial walk,
positions and answers included.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from against import ROOT, checkout

HERE = Path(__file__).resolve().parent


class Side:
    def __init__(self, label: str, code: Path, workers: int):
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(code)] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
        self.label = label
        self.proc = subprocess.Popen([sys.executable, str(HERE / "explore_side.py"), str(workers)], cwd=str(code),
                                     env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        first = self.proc.stdout.readline()
        if not first:
            raise RuntimeError(f"the {label} side did not start (see its error above)")
        self.where = json.loads(first)["rulekit"]

    def walk(self, board: str, mode: str) -> dict:
        self.proc.stdin.write(f"{board} {mode}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.label} side stopped (see its error above)")
        return json.loads(line)

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def compare(rev: str, boards: list[str], rounds: int, workers: int) -> None:
    with checkout(rev) as (sha, here, _tmp, tree):
        sides = [Side(here, ROOT, workers), Side(sha, tree, workers)]
        for name, side in zip("AB", sides):
            print(f"{name}: {side.label}, rulekit from {side.where}")
        try:
            for board in boards:
                _board(sides, board, rounds)
        finally:
            for side in sides:
                side.close()


def _board(sides: list[Side], board: str, rounds: int) -> None:
    runs: dict = {}
    for r in range(rounds):
        for s in (sides if r % 2 == 0 else sides[::-1]):
            for mode in (("serial", "pool") if r % 4 < 2 else ("pool", "serial")):
                runs.setdefault((sides.index(s), mode), []).append(s.walk(board, mode))
    base = runs[0, "serial"][0]
    agree = all(x["agrees"] and (x["outcomes"], x["states"], x["answers"]) == (base["outcomes"], base["states"],
                                                                                base["answers"])
                for got in runs.values() for x in got)
    print(f"{board}: {base['states']:,} positions, {base['answers']:,} answers; {rounds} rounds (A B, B A, …); "
          f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}; every walk agrees (with its side's "
          f"serial walk; outcomes, lines, positions and answers with A's): {agree}")
    med = {}
    for i, s in enumerate(sides):
        serial_cpu = statistics.median(x["parent"] for x in runs[i, "serial"])
        for mode in ("serial", "pool"):
            got = runs[i, mode]
            wall = statistics.median(x["wall"] for x in got)
            cpu = statistics.median(x["parent"] + sum(x["workers"]) for x in got)
            path = statistics.median(x["parent"] + max(x["workers"], default=0.0) for x in got)
            med[i, mode] = (wall, cpu)
            print(f"  {'AB'[i]} {mode:<6} wall median {wall:6.2f} s min {min(x['wall'] for x in got):6.2f} s   "
                  f"cpu median {cpu:6.2f} s (x{cpu / serial_cpu:4.2f} of its serial)   parent + busiest worker {path:6.2f} s")
    (wa, ca), (wb, cb) = med[0, "pool"], med[1, "pool"]
    print(f"  pool, B/A: cpu x{cb / ca:4.2f}, wall x{wb / wa:4.2f}")


def main(rev: str, boards: list[str], rounds: int, workers: int) -> None:
    if rounds < 2:
        raise SystemExit("--rounds must be at least 2 with --against (each side goes first once)")
    compare(rev, boards, rounds, workers)
