"""One side of ``bench_explore.py --against REV``: walks the benchmark's boards with whatever rulekit is on the path.

Run once per revision, each in its own process with that revision's code first on ``PYTHONPATH``
(rulekit is imported before this checkout's ``bench_explore``, so the boards are built — and walked —
by that revision). It starts a process pool of ``WORKERS`` before reading commands, one a line:
``BOARD MODE`` (a board of :data:`bench_explore.BOARDS`; MODE ``serial`` or ``pool``), and answers
each with one JSON line: wall seconds, CPU seconds of this process and of each pool worker,
positions, answers, whether the walk's summary equals this side's serial walk's, and a digest of
its outcomes and their lines that is equal in every process (to check that both sides agree).
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import sys
import time
from pathlib import Path

import rulekit  # noqa: F401 - the revision on PYTHONPATH, before the benchmark's own root goes on the path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_explore  # noqa: E402


def _digest(result) -> str:
    """The outcomes (canonical texts of their keys) with their lines, digested: equal in every process
    when the walks found the same outcomes and counts."""
    from rulekit.explore.walker import key_text
    found = sorted((key_text(o.key), o.lines) for o in result.outcomes)
    return hashlib.sha256(repr((found, result.lines, result.complete)).encode()).hexdigest()[:16]


def main() -> None:
    workers = int(sys.argv[1])
    with contextlib.redirect_stdout(sys.stderr):       # its start is said on stderr: stdout is the answers
        sides = bench_explore.start_executors(workers, dask=False)
    pool, worker_cpu, close = sides["pool"]
    print(json.dumps({"rulekit": str(Path(rulekit.__file__).resolve().parent)}), flush=True)
    boards: dict = {}
    serial: dict = {}            # board -> the serial walk's summary, which every walk here must equal
    try:
        for line in sys.stdin:
            board, mode = line.split()
            scenario = boards.get(board) or boards.setdefault(board, bench_explore.BOARDS[board]())
            executor = pool if mode == "pool" else None
            c0, w0, t0 = time.process_time(), worker_cpu(), time.perf_counter()
            result = bench_explore.explore(scenario, progress=False, executor=executor)
            wall = time.perf_counter() - t0
            summary = serial.setdefault(board, result.summary()) if executor is None else result.summary()
            here, each = time.process_time() - c0, [b - a for a, b in zip(w0, worker_cpu())]
            print(json.dumps({"wall": wall, "parent": here, "workers": each if executor else [],
                              "states": result.states, "answers": result.answers, "outcomes": _digest(result),
                              "agrees": board not in serial or summary == serial[board]}),
                  flush=True)
    finally:
        close()


if __name__ == "__main__":
    main()
