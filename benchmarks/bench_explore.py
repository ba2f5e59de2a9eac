"""Exploring every line: the naive walk against the merged one, and subtrees in parallel.

Run: ``python benchmarks/bench_explore.py`` (``--quick`` for a short run; ``--walks`` for the
naive walk against the merged one; ``--against REV`` for this checkout's process pool against
revision REV's, side by side in one run; ``--together`` for the serial walk's CPU alone and two
at once; ``--boards`` to choose boards). Prints figures; asserts nothing. The parallel figures
(issue 28): the merged walk serially, in a process pool and on a Dask LocalCluster, interleaved
round by round (the pool and the cluster started before any clock, their start printed apart;
the serial walk on every CPU each round, its figure for the round the harmonic mean of those
walks — one worker at the mean speed of the CPUs — and before each board how fast each CPU runs a
fixed loop;
11 rounds, and more until a board has been raced for a minute),
with the load average, wall seconds (the ratio of medians, and the paired ratio: the median over
rounds of each round's serial wall over its parallel wall, steadier when the machine's speed
drifts during the run), CPU seconds (this process plus every worker: what the
parallel walk costs in all, against the serial walk's) and this process's CPU plus the busiest
worker's — the wall time the walk would take with a free core for each worker, and so the
speed-up the work's division allows on a quiet machine; on a machine busy with other work the
wall ratio falls towards 1 while these stay — positions and answers (never more than the serial
walk's) and whether the walks agree. Aim: 2 workers at least 1.6× faster than 1 on a quiet machine.

The boards: ``n`` locations each with "Forced Reaction: After a character is killed, gain 1
power", and one character killed — n! orderings, one outcome. The variant with two that
interact: one kneels itself, the other gains power only if a location is kneeling, so the
order of those two matters.
"""
from __future__ import annotations

import argparse
import contextlib
import sys
import time
from math import factorial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulekit.files.builder import (ScenarioBuilder, cards, condition, do, forced_reaction, gain_power, killed,  # noqa: E402
                             kneel)
from rulekit.explore import explore  # noqa: E402


def forced(n: int, *, interacting: bool = False):
    b = ScenarioBuilder(f"{n} forced reactions" + (", two interacting" if interacting else ""),
                        players=["P1", "P2"], first_player="P1")
    b.card("v", "Victim", owner="P2")
    for i in range(n):
        effect = [gain_power(1)]
        if interacting and i == 0:
            effect = [kneel()]
        elif interacting and i == 1:
            effect = [do("gain power", "self", None, 1,
                         condition=[condition(count=cards(type="location", posture="kneeling"), at_least=1)])]
        b.card(f"f{i}", f"Watcher {i}", owner="P1", type="location", abilities=[
            forced_reaction("r", killed(type="character"), effect)])
    return b.kill("v", id="k", label="kill").build()


def timed(scenario, **kw):
    t = time.perf_counter()
    result = explore(scenario, progress=False, **kw)
    return result, time.perf_counter() - t


def row(name: str, result, seconds: float) -> None:
    done = "complete" if result.complete else f"STOPPED ({result.stopped})"
    print(f"  {name:<28} {result.states:>10,} positions {result.answers:>10,} answers {len(result.outcomes):>4} "
          f"outcome(s) {result.lines:>12,} lines {seconds:>8.2f} s  {done}")


def compare(n: int, *, interacting: bool = False, naive_limit=None) -> None:
    scenario = forced(n, interacting=interacting)
    print(f"{scenario.title}: {factorial(n):,} orderings")
    merged, tm = timed(scenario)
    row("merged", merged, tm)
    naive, tn = timed(scenario, merge=False, limit=naive_limit)
    row("naive" + (f" (capped at {naive_limit})" if naive_limit else ""), naive, tn)
    if naive.complete:
        print(f"  walks agree: {merged.summary() == naive.summary()}; merged visits "
              f"{100 * merged.states / naive.states:.2f}% of the naive walk's positions; {tn / tm:.0f}× faster")
    else:
        print(f"  the naive walk was capped: it would visit {sum(factorial(n) // factorial(n - k) for k in range(n)):,} "
              f"positions; merged visits {merged.states:,}")
    for choice in merged.matters():
        print(f"  matters: {choice.key}")


def generated(n: int, seed: int):
    """One board of a generated family: ``n`` locations of both players, each with a forced
    reaction to the kill drawn from four effects that interact through kneeling — gain 1 or 2
    power, kneel itself, gain power only while some location kneels, or only while none does —
    so orderings lead to different outcomes and the reactions are not interchangeable."""
    import random
    pick = random.Random(seed)
    b = ScenarioBuilder(f"generated board {n}/{seed}", players=["P1", "P2"], first_player="P1")
    b.card("v", "Victim", owner="P2")
    kneeling = cards(type="location", posture="kneeling")
    for i in range(n):
        effect = pick.choice([
            [gain_power(1)], [gain_power(2)], [kneel()],
            [do("gain power", "self", None, 1, condition=[condition(count=kneeling, at_least=1)])],
            [do("gain power", "self", None, 1, condition=[condition(count=kneeling, at_most=0)])]])
        b.card(f"g{i}", f"Outpost {i}", owner=pick.choice(["P1", "P2"]), type="location", abilities=[
            forced_reaction("r", killed(type="character"), effect)])
    return b.kill("v", id="k", label="kill").build()


BOARDS = {"forced10": lambda: forced(10), "forced12": lambda: forced(12),
          "interacting11": lambda: forced(11, interacting=True), "generated10": lambda: generated(10, 1),
          "forced8": lambda: forced(8), "interacting8": lambda: forced(8, interacting=True),
          "generated8": lambda: generated(8, 1)}
FULL, QUICK = ["forced10", "forced12", "interacting11", "generated10"], ["forced8", "interacting8", "generated8"]


def _cpu(pids) -> list[float]:
    """User and system seconds used so far by each of the processes ``pids`` (the workers)."""
    import psutil
    total = []
    for pid in pids:
        try:
            t = psutil.Process(pid).cpu_times()
            total.append(t.user + t.system)
        except psutil.Error:
            total.append(0.0)
    return total


def _warm():
    import rulekit.explore.shared  # noqa: F401 - the workers' imports, before the clock
    time.sleep(0.3)                # long enough that every worker takes one
    return __import__("os").getpid()


def start_executors(workers: int, dask: bool) -> dict:
    """The executors, started (and their workers' imports done) before any clock; the start printed apart."""
    from rulekit.explore import process_pool
    sides = {}
    t = time.perf_counter()
    pool = process_pool(workers)
    pids = {f.result() for f in [pool.submit(_warm) for _ in range(workers)]}
    print(f"process pool of {workers} started in {time.perf_counter() - t:.2f} s (not in the figures below)")
    sides["pool"] = (pool, lambda: _cpu(pids), pool.shutdown)
    if dask:
        try:
            import distributed
        except ImportError:
            print("no dask.distributed here: the Dask side is left out")
            return sides
        import dask
        dask.config.set({"distributed.worker.profile.enabled": False,    # no sampling profiler in the workers
                         # the cluster's periodic ticks and monitors at a pace a walk of seconds needs: at their
                         # defaults they take about 4% of a CPU in this process (the scheduler) and 2% in each
                         # worker while idle, which a long walk on a loaded machine pays in full
                         "distributed.admin.tick.interval": "1s", "distributed.admin.tick.limit": "60s",
                         "distributed.admin.system-monitor.interval": "5s",
                         "distributed.worker.memory.monitor-interval": "2s"})
        t = time.perf_counter()
        cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                           dashboard_address=None, silence_logs=50)
        client = distributed.Client(cluster)
        client.run(_warm)
        dpids = list(client.run(lambda: __import__("os").getpid()).values())
        print(f"Dask LocalCluster of {workers} started in {time.perf_counter() - t:.2f} s (not in the figures below)")
        sides["dask"] = (client, lambda: _cpu(dpids), lambda: (client.close(), cluster.close()))
    return sides


def _loop(n: int = 200_000) -> int:
    total = 0
    for i in range(n):
        total += i * i % 7
    return total


def _percentiles(times: int) -> tuple:
    import statistics
    spent = []
    for _ in range(times):
        t = time.perf_counter()
        _loop()
        spent.append(time.perf_counter() - t)
    spent.sort()
    return spent[times // 10], statistics.median(spent), spent[(9 * times) // 10]


def steadiness(times: int = 100) -> str:
    """How steady this machine is just now, apart from any walk: a fixed pure-Python loop (about
    8 ms) timed ``times`` times in this process alone, its 10th, 50th and 90th percentile; and,
    where the system lets a process choose its CPU, the median on each CPU in turn. On the shared
    virtual machines these sessions run on, each virtual CPU runs the loop in about 8 ms or about
    13 ms, switching within a second and each on its own: a serial walk runs at the speed of the CPU
    it is on, a parallel walk at the sum of both, so a round's ratio moves with them — which is
    why the figures are medians over many rounds."""
    import os
    p10, median, p90 = _percentiles(times)
    said = (f"the machine: a fixed pure-Python loop timed {times} times alone: p10 {1000 * p10:.1f} ms, median "
            f"{1000 * median:.1f} ms, p90 {1000 * p90:.1f} ms (p90/p10 {p90 / p10:.2f})")
    if hasattr(os, "sched_setaffinity") and hasattr(os, "sched_getaffinity"):
        mine = os.sched_getaffinity(0)
        each = []
        try:
            for cpu in sorted(mine):
                os.sched_setaffinity(0, {cpu})
                each.append(f"cpu{cpu} {1000 * _percentiles(times // 2)[1]:.1f} ms")
        finally:
            os.sched_setaffinity(0, mine)
        said += f"; median on each CPU: {', '.join(each)}"
    return said


def _cpus() -> list:
    """The CPUs this process may run on, each one to pin a walk to (``[None]`` where the system does not
    let a process choose)."""
    import os
    if not (hasattr(os, "sched_setaffinity") and hasattr(os, "sched_getaffinity")):
        return [None]
    return sorted(os.sched_getaffinity(0))


@contextlib.contextmanager
def _on_cpu(cpu):
    """The block kept on ``cpu`` (anywhere if ``None``)."""
    import os
    if cpu is None:
        yield
        return
    mine = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {cpu})
    try:
        yield
    finally:
        os.sched_setaffinity(0, mine)


def _harmonic(values: list) -> float:
    return len(values) / sum(1 / v for v in values)


def race(scenario, sides: dict, rounds: int, seconds: float = 0.0) -> None:
    """Serial against each executor, interleaved (the order turns each round), ``rounds`` rounds and more
    until the race has lasted ``seconds``: wall and CPU seconds (this process plus the workers),
    positions, and whether the walks agree.

    One worker's figure is measured on every CPU in every round: the serial walk runs once on each
    (pinned), and the round's serial time is their harmonic mean — the time of a walk at the mean
    speed of the machine's CPUs, ``W / mean(speed)``. Two workers run at the sum of those speeds, so
    on any machine whose work divides without loss two are exactly twice as fast by this figure,
    however unevenly its CPUs run. (A serial walk left to the scheduler, or pinned to one CPU a round,
    says which CPU it was on: when the virtual CPUs of this machine run at 8 and 13 ms a loop
    (:func:`steadiness`), the median of walks taken on each in turn is one CPU's time or the other's,
    by which had more rounds, and the ratio 1.6 or 2.6 for the same parallel walk.)"""
    import os
    import statistics
    names = ["serial", *sides]
    cpus = _cpus()
    wall = {k: [] for k in names}
    cpu = {k: [] for k in names}
    path = {k: [] for k in names}     # this process's CPU plus the busiest worker's: the wall time with a core each
    each = {c: [] for c in cpus}      # the serial walk's wall on each CPU
    results = {}
    started, r = time.perf_counter(), 0
    while r < rounds or time.perf_counter() - started < seconds:
        for name in names[r % len(names):] + names[:r % len(names)]:
            executor, worker_cpu, _ = sides.get(name, (None, lambda: [], None))
            if name == "serial":
                walls, spent = [], []
                for c in cpus[r % len(cpus):] + cpus[:r % len(cpus)]:
                    with _on_cpu(c):
                        c0, t0 = time.process_time(), time.perf_counter()
                        results[name] = explore(scenario, progress=False)
                        walls.append(time.perf_counter() - t0)
                    spent.append(time.process_time() - c0)
                    each[c].append(walls[-1])
                wall[name].append(_harmonic(walls))
                cpu[name].append(_harmonic(spent))
                path[name].append(cpu[name][-1])
                continue
            c0, w0, t0 = time.process_time(), worker_cpu(), time.perf_counter()
            results[name] = explore(scenario, progress=False, executor=executor)
            wall[name].append(time.perf_counter() - t0)
            here, workers = time.process_time() - c0, [b - a for a, b in zip(w0, worker_cpu())]
            cpu[name].append(here + sum(workers))
            path[name].append(here + max(workers, default=0.0))
        r += 1
    serial = results["serial"]
    where = ", ".join(f"cpu{c} {statistics.median(v):.2f} s" for c, v in each.items()) if cpus != [None] else ""
    print(f"{scenario.title}: {serial.states:,} positions, {serial.answers:,} answers, "
          f"{len(serial.outcomes)} outcome(s); {r} rounds interleaved in {time.perf_counter() - started:.0f} s; load "
          f"average {' '.join(f'{x:.1f}' for x in os.getloadavg())} (1, 5, 15 min) on {os.cpu_count()} CPUs"
          + (f"; the serial walk on each CPU every round (median {where}), the round's figure their harmonic mean"
             if where else ""))
    base, base_cpu = statistics.median(wall["serial"]), statistics.median(cpu["serial"])
    for name in names:
        res, med = results[name], statistics.median(wall[name])
        agree = "" if name == "serial" else (f"  agrees: {res.summary() == serial.summary()}, positions "
                                            f"{'<=' if res.states <= serial.states else '>'} serial")
        # each round's serial walk over its parallel walk, run side by side in that round: a drift of the
        # machine's speed over the run moves both, so the median of these pairs is steadier than the ratio
        # of medians over walks that ran at different moments
        paired = statistics.median(s / p for s, p in zip(wall["serial"], wall[name]))
        print(f"  {name:<7} wall min {min(wall[name]):6.2f} s median {med:6.2f} s  x{base / med:4.2f} (paired "
              f"x{paired:4.2f})   cpu median "
              f"{statistics.median(cpu[name]):6.2f} s (x{statistics.median(cpu[name]) / base_cpu:4.2f} of serial)  "
              f"busiest worker + parent {statistics.median(path[name]):6.2f} s  "
              f"x{base_cpu / statistics.median(path[name]):4.2f}   {res.states:>7,} positions {res.answers:>8,} "
              f"answers{agree}")


def _serial_cpu(board: str) -> float:
    """In a worker: the CPU seconds of one serial walk of ``board`` (after one walk to warm up)."""
    scenario = BOARDS[board]()
    explore(scenario, progress=False)
    c = time.process_time()
    explore(scenario, progress=False)
    return time.process_time() - c


def alone_and_together(boards: list[str], rounds: int) -> None:
    """What running side by side costs on this machine, apart from the parallel walk: the same serial
    walk in one worker alone and in two workers at once (each walking the whole board), CPU seconds."""
    import os
    import statistics
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(2) as pool:
        for board in boards:
            alone, together = [], []
            for _ in range(rounds):
                alone.append(pool.submit(_serial_cpu, board).result())
                together.extend(f.result() for f in [pool.submit(_serial_cpu, board) for _ in range(2)])
            a, t = statistics.median(alone), statistics.median(together)
            print(f"{board}: the serial walk's CPU alone {a:.2f} s, two at once {t:.2f} s each (x{t / a:.2f}); "
                  f"{rounds} rounds, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="small boards only")
    parser.add_argument("--walks", action="store_true", help="the naive walk against the merged one (no workers)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=11, help="rounds interleaved (default 11: on a shared virtual "
                        "machine one short walk in ten can take half as long again, and a median of seven rounds "
                        "still moves by 10%%)")
    parser.add_argument("--seconds", type=float, default=60.0, help="go on past --rounds until each board has been "
                        "raced this long (default 60: the shortest walks then span more than one of the machine's "
                        "spells of speed, which last tens of seconds)")
    parser.add_argument("--no-dask", action="store_true", help="leave the Dask cluster out")
    parser.add_argument("--against", metavar="REV", help="this checkout's process pool against revision REV's, side "
                        "by side in one run (explore_against.py)")
    parser.add_argument("--boards", help=f"comma-separated, of {', '.join(BOARDS)}")
    parser.add_argument("--together", action="store_true", help="the serial walk's CPU in one process alone and in "
                        "two at once: what running side by side costs on this machine, apart from the parallel walk")
    args = parser.parse_args()
    boards = args.boards.split(",") if args.boards else (QUICK if args.quick else FULL)
    unknown = [b for b in boards if b not in BOARDS]
    if unknown:
        parser.error(f"unknown board(s) {', '.join(unknown)}: the boards are {', '.join(BOARDS)}")
    if args.together:
        alone_and_together(boards, args.rounds)
        return
    if args.against:
        import explore_against
        explore_against.main(args.against, boards, args.rounds, args.workers)
        return
    if args.walks:
        for n in ((6,) if args.quick else (8, 10)):
            compare(n, naive_limit=None if n < 10 else "20s")
            compare(n, interacting=True, naive_limit=None if n < 10 else "20s")
        return
    sides = start_executors(args.workers, not args.no_dask)
    try:
        for board in boards:
            print(steadiness())
            race(BOARDS[board](), sides, args.rounds, args.seconds)
    finally:
        for _, _, close in sides.values():
            close()


if __name__ == "__main__":
    main()
