"""Where the workers' extra CPU goes: Python function calls of the serial merged walk against the two
workers of a shared walk together, counted by cProfile (issue 28).

Run: ``python benchmarks/explore_calls.py BOARD`` (a board of ``bench_explore.BOARDS``). Call counts
do not depend on the machine's load, unlike seconds, so two revisions compare without running side
by side: put the other revision first on ``PYTHONPATH`` (``PYTHONPATH=OTHER_TREE python
benchmarks/explore_calls.py BOARD``; rulekit is imported before this checkout's boards). The counts
of the workers vary a little from run to run (which worker claims what is a race). Prints the
totals, each worker's answers and positions, and the functions whose calls grew the most, with
their profiled seconds (inflated by the profiler, and by the machine's load when the workers share
it). Asserts nothing.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import rulekit  # noqa: F401 - the revision on PYTHONPATH, before this checkout's root goes on the path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_explore  # noqa: E402


def _stats(profile) -> dict:
    import pstats
    return {f"{os.path.basename(k[0])}:{k[1]}({k[2]})": (v[1], v[2]) for k, v in pstats.Stats(profile).stats.items()}


def _worker(scenario, line, nesting, claims, task, tasks):
    import cProfile
    import inspect
    from rulekit.explore import shared
    from rulekit.explore.bounds import Limit
    from rulekit.explore.walker import board
    # the default top where the revision has one (split None), else its default of 32
    split = None if "None" in str(inspect.signature(shared.walk_shared).parameters["split"].annotation) else 32
    profile = cProfile.Profile()
    profile.enable()
    part = shared.walk_shared(scenario, line, nesting, board, split, claims, task, tasks, Limit(), None)
    profile.disable()
    return _stats(profile), part.answers + part.top_answers, len(part.fps)


def main(name: str, top: int = 12) -> None:
    import cProfile
    from concurrent.futures import ProcessPoolExecutor
    from rulekit.explore.walker import board, full_line, starting_point, walk
    scenario = bench_explore.BOARDS[name]()
    root, _ = starting_point(scenario)
    profile = cProfile.Profile()
    profile.enable()
    serial = walk(root, key=board)
    profile.disable()
    alone = _stats(profile)
    together: dict = {}
    with ProcessPoolExecutor(2) as pool, tempfile.TemporaryDirectory(prefix="rulekit-claims-") as claims:
        parts = [f.result() for f in [pool.submit(_worker, scenario, full_line(root), root.max_nesting, claims, i, 2)
                                      for i in range(2)]]
    for stats, _, _ in parts:
        for k, (n, t) in stats.items():
            was = together.get(k, (0, 0.0))
            together[k] = (was[0] + n, was[1] + t)
    calls, calls2 = sum(n for n, _ in alone.values()), sum(n for n, _ in together.values())
    print(f"{name} (rulekit from {Path(rulekit.__file__).parent}): serial {len(serial):,} positions, "
          f"{serial.answers:,} answers, {calls:,} calls; 2 workers {calls2:,} calls (x{calls2 / calls:.3f}), "
          f"answers {' + '.join(str(a) for _, a, _ in parts)}, positions kept {' + '.join(str(p) for _, _, p in parts)}")
    grew = sorted(set(alone) | set(together), key=lambda k: alone.get(k, (0, 0))[0] - together.get(k, (0, 0))[0])
    for k in grew[:top]:
        (n1, t1), (n2, t2) = alone.get(k, (0, 0.0)), together.get(k, (0, 0.0))
        print(f"  {k[:72]:<72} calls {n1:>9,} -> {n2:>9,}   profiled s {t1:6.3f} -> {t2:6.3f}")


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in bench_explore.BOARDS:
        raise SystemExit(f"usage: explore_calls.py BOARD, one of {', '.join(bench_explore.BOARDS)}")
    main(sys.argv[1])
