"""A two-card trigger loop, timed: seconds and peak memory until it stops with RunawayLoop.

Run: ``python benchmarks/bench_loop.py`` (``--nesting N`` raises the nesting bound, to make the
loop run longer). Card A's reaction kneels B; B's reaction stands A; kneeling A once starts it.
Each round derives its ids from the round before (``a.k@…b.s@…``): ids are folded at 256
characters (:func:`rulekit.ids.fold`), so memory grows with the number of steps, not with its
square. Prints figures; asserts nothing (the bounds themselves are asserted in
``tests/core/test_ids.py``).
"""
from __future__ import annotations

import argparse
import resource
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulekit.rulesets import get as get_ruleset
from rulekit import Game  # noqa: E402
from rulekit.files.builder import ScenarioBuilder, forced_reaction, kneel, on, stand  # noqa: E402
from rulekit.core.limits import RunawayLoop  # noqa: E402


def loop_scenario(reactions=forced_reaction):
    """A's (forced) reaction: after a character stands, kneel it; B's: after a character
    kneels, stand it. The script kneels A."""
    b = ScenarioBuilder("a two-card loop", players=["P1", "P2"])
    b.card("a", "Kneeler", owner="P1",
           abilities=[reactions("k", on("stands", type="character"), [kneel("that card")])])
    b.card("b", "Stander", owner="P2",
           abilities=[reactions("s", on("kneels", type="character"), [stand("that card")])])
    return b.kneel("a").build()


def measure(nesting: int) -> None:
    scenario = loop_scenario()
    tracemalloc.start()
    t0 = time.perf_counter()
    error = None
    try:
        Game.start(scenario, play_defaults=True, max_nesting=nesting)
    except RunawayLoop as e:
        error = e
    seconds = time.perf_counter() - t0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    longest = 0
    steps = 0
    if error is not None and error.step is not None:
        from rulekit.core.timeline import steps as all_steps
        timeline = all_steps(error.step)
        steps = len(timeline)
        longest = max((len(v) for s in timeline for _, v in s.args if isinstance(v, str)), default=0)
    print(f"max_nesting={nesting:>6}: {seconds:7.3f} s, peak traced memory {peak / 1e6:8.1f} MB, "
          f"{steps} steps, longest id in a step {longest} chars")
    print(f"    {'RunawayLoop: ' + str(error)[:150] if error else 'no RunawayLoop (the loop ended?)'}")


def riftbound_loop():
    """Two Riftbound triggered abilities that deal damage to each other's unit without end: the
    Chain never nests, so only the step bound stops it."""
    from rulekit.files.builder import do, triggered
    b = ScenarioBuilder("a Riftbound loop", players=["P1", "P2"], ruleset="riftbound")
    for card, owner in (("a", "P1"), ("b", "P2")):
        b.card(card, f"Unit {card}", owner=owner, type="unit", zone="base", abilities=[
            triggered("x", on("is dealt damage", type="unit"), [do("deal damage", "that card")])])
    return b.occur("deal damage", cards=["a"]).build()


def measure_steps(step_limit: int) -> None:
    """The Riftbound loop run to a step bound of ``step_limit`` (the engine's own bound is
    ``rulekit.limits.MAX_STEPS`` per run)."""
    from rulekit.core.engine import run
    from rulekit.core.frames import ScriptFrame
    from rulekit.core.model import initial_state
    from rulekit.core.timeline import Step
    s = riftbound_loop()
    state = initial_state(get_ruleset(s.ruleset), s.players, s.first_player, s.cards, s.phase,
                          **({"rulings": s.rulings} if hasattr(s, "rulings") else {}))
    first = Step(None, 0, "rulekit.setup", "setup", (), state, (ScriptFrame(0),))
    tracemalloc.start()
    t0 = time.perf_counter()
    try:
        run(s, first, auto=True, step_limit=step_limit)
        outcome = "no RunawayLoop"
    except RunawayLoop as e:
        outcome = "RunawayLoop: " + str(e)[:100]
    seconds = time.perf_counter() - t0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"riftbound step_limit={step_limit:>7}: {seconds:7.3f} s, peak traced memory {peak / 1e6:8.1f} MB; {outcome}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nesting", type=int, nargs="*", default=[64, 1000, 5000])
    parser.add_argument("--riftbound-steps", type=int, nargs="*", default=[2000, 5000, 10000],
                        help="step bounds for the Riftbound loop (the default per-run bound is 200,000)")
    args = parser.parse_args(argv)
    for n in args.nesting:
        measure(n)
    for n in args.riftbound_steps:
        try:
            measure_steps(n)
        except (ImportError, TypeError, AttributeError) as e:   # the engine's internals moved
            print(f"riftbound loop not measured: {type(e).__name__}: {e}")
            break
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"process peak RSS {rss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
