"""The explorer's real path on a 20-card board, per view: a board edit in the explorer (the
replay, every widget refreshed, the visible drawing updated in place and encoded as PNG), then
the drawing alone (a step along the timeline) and, for comparison, the path the explorer took
before (a new figure for each step, then ``savefig``). Graph building is timed too.

Every figure is printed as min and median milliseconds over repeats, with the median's ratio to
a fixed pure-Python calibration workload timed in the same run, so figures from a busy machine
can be compared. Asserts nothing. Aim (issue 16): the edit-to-visible-drawing path under 50 ms.

Run: ``python benchmarks/bench_views.py [--repeats N]``
"""
from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import matplotlib  # noqa: E402

matplotlib.use("Agg")

from rulekit import Game, Line  # noqa: E402
from rulekit.files.builder import ScenarioBuilder, draw, interrupt, killed, reaction  # noqa: E402
from rulekit.views.draw import VIEWS, draw_view, make_view  # noqa: E402
from rulekit.views.graphs import flow_graph, state_graph  # noqa: E402


def board():
    b = ScenarioBuilder("20 cards", players=["P1", "P2"])
    for p in ("P1", "P2"):
        for i in range(4):
            b.card(f"{p.lower()}d{i}", f"{p} deck {i}", owner=p, zone="draw deck", type="attachment")
    for i in range(8):
        b.card(f"c{i}", f"Character {i}", owner="P1" if i % 2 else "P2")
    b.card("w1", "Maester", owner="P2", abilities=[interrupt("i", killed(type="character"), [draw(1)])])
    b.card("w2", "Raven", owner="P1", abilities=[reaction("r", killed(type="character"), [draw(1)])])
    b.card("w3", "Crow", owner="P2", abilities=[reaction("r", killed(type="character"), [draw(1)])])
    b.card("w4", "Bell", owner="P1", abilities=[reaction("r", killed(type="character"), [draw(1)])])
    return b.kill("c0", "c2", id="claim").build()


def calibration() -> float:
    """A fixed pure-Python workload (dicts, tuples, string formatting): its median ms."""
    def work():
        d = {}
        for i in range(20_000):
            d[(i % 97, f"k{i % 13}")] = d.get((i % 97, f"k{i % 13}"), 0) + i
        return sum(d.values())
    return timed(work, 7)[1]


def timed(fn, repeats: int) -> tuple[float, float]:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1e3)
    return min(times), statistics.median(times)


def line(name: str, figures: tuple[float, float], unit: float, aim: str = "") -> None:
    lo, med = figures
    print(f"  {name:34} min {lo:7.2f}  median {med:7.2f}  ({med / unit:5.2f}× calibration){aim}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=15)
    repeats = parser.parse_args().repeats
    scenario = board()
    unit = calibration()
    game = Game.start(scenario, play_defaults=True)
    steps = game.timeline
    print(f"rulekit views benchmark: a 20-card board ({len(steps)} steps played out), Agg, 100 dpi; ms")
    print(f"  calibration workload: median {unit:.2f} ms (every ratio below is to this)")
    line("state_graph build", timed(lambda: [state_graph(s) for s in steps[::8]], repeats), unit / len(steps[::8]))
    line("flow_graph build", timed(lambda: [flow_graph(s, steps) for s in steps[::8]], repeats), unit / len(steps[::8]))

    try:
        from rulekit_widgets import explorer
    except ImportError:          # pragma: no cover - ipywidgets missing
        explorer = None
    if explorer is not None:
        print("the explorer's real path: a board edit (replay, every widget, the visible drawing, PNG)")
        for view in VIEWS:
            e = explorer(scenario, answers=Line())
            e.drawing.which.value = view
            flips = iter(range(10 ** 9))

            def edit(e=e):
                e.board.card.value = "c5"
                e.board.kneeling.value = next(flips) % 2 == 0
                e.board.apply.click()
            edit()
            line(f"{view}: edit to drawing", timed(edit, repeats), unit, "  (aim < 50)")

    print("the drawing alone, stepping along the timeline: in place, PNG from the buffer")
    for view in VIEWS:
        v = make_view(view, scenario.ruleset, steps)
        at = iter(range(10 ** 9))

        def step(v=v):
            v.update(steps[next(at) % len(steps)], steps)
            v.png()
        step()
        line(f"{view}: update + PNG", timed(step, max(repeats, len(steps))), unit)

    print("before: a new figure for each step, then savefig (what the explorer did)")
    for view in VIEWS:
        at = iter(range(10 ** 9))

        def old(view=view):
            fig = draw_view(view, steps[next(at) % len(steps)], steps)
            fig.savefig(io.BytesIO(), format="png")
        old()
        line(f"{view}: new figure + savefig", timed(old, repeats), unit)


if __name__ == "__main__":
    main()
