"""One side of a side-by-side engine benchmark: times workloads with whatever rulekit is on the path.

Run by ``bench_engine.py --against REV``, once per revision, each in its own process with that
revision's code first on ``PYTHONPATH``. It imports nothing from the benchmark's own revision and
only public calls that every revision since 2c99293 has (``rulekit.load``, ``Game.start``,
``game.scenario``), so it keeps working when modules move. It reads commands on stdin, one a line:
``NAME PATH MODE REPEATS BATCH`` (MODE is ``start`` — ``Game.start(scenario, play_defaults=True)``, as
users call it — or ``loop`` — the engine loop that ``Game.start`` calls, with the same arguments; or a view's workload of
``side_views.py``, ``edit:VIEW`` or ``replay``; each timed run calls it BATCH times), and answers each with one JSON line of seconds per run: wall-clock and this process's CPU time
(on a machine shared with other work, CPU time leaves out the spells the process waited).
"""
from __future__ import annotations

import json
import sys
import time


def _engine_loop(scenario):
    """A function running the engine loop exactly as ``Game.start`` calls it, found by watching
    the call (the loop's module and signature differ between revisions), or None."""
    import rulekit
    game_module = sys.modules[rulekit.Game.__module__]
    loop = getattr(game_module, "run", None)
    if loop is None:
        return None
    seen = []

    def watch(*args, **kwargs):
        seen.append((args, kwargs))
        return loop(*args, **kwargs)
    game_module.run = watch
    try:
        rulekit.Game.start(scenario, play_defaults=True)
    finally:
        game_module.run = loop
    if len(seen) != 1:
        return None
    args, kwargs = seen[0]
    return lambda: loop(*args, **kwargs)


def _workload(path: str, mode: str):
    if mode == "replay" or mode.startswith("edit:"):     # the views' workloads (bench_views.py)
        import side_views
        return side_views.workload(path, mode)
    import rulekit
    scenario = rulekit.load(path).scenario
    if mode == "start":
        return lambda: rulekit.Game.start(scenario, play_defaults=True)
    return _engine_loop(scenario)


def _batched(fn, n: int):
    if n == 1:
        return fn

    def runs():
        for _ in range(n):
            fn()
    return runs


def main() -> None:
    import rulekit
    print(json.dumps({"rulekit": rulekit.__file__}), flush=True)
    made = {}
    for line in sys.stdin:
        name, path, mode, repeats, batch = line.split()
        if (path, mode) not in made:
            one = _workload(path, mode)
            if one is not None:
                one()                      # one untimed run: imports, first growth of the heap
            made[path, mode] = one if one is None else _batched(one, int(batch))
        fn = made[path, mode]
        times, cpu = [], []
        if fn is not None:
            for _ in range(int(repeats)):
                t, c = time.perf_counter(), time.process_time()
                fn()
                cpu.append(time.process_time() - c)
                times.append(time.perf_counter() - t)
        print(json.dumps({"name": name, "times": times, "cpu": cpu}), flush=True)


if __name__ == "__main__":
    main()
