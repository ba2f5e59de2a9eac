"""Graph building and in-place view updates for a 20-card board, each including
``fig.canvas.draw()`` on the Agg backend. Prints median milliseconds; asserts nothing.
Aim (issue 6): every in-place view update under 50 ms.

Run: ``python benchmarks/bench_views.py``
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import matplotlib  # noqa: E402

matplotlib.use("Agg")

from rulekit import Game  # noqa: E402
from rulekit.builder import ScenarioBuilder, draw, interrupt, killed, reaction  # noqa: E402
from rulekit.draw import ChainView, FlowView, StateGraphView, WindowsView  # noqa: E402
from rulekit.graphs import flow_graph, state_graph  # noqa: E402


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


def median_ms(fn, steps, repeats=3) -> float:
    times = []
    for _ in range(repeats):
        for step in steps:
            t = time.perf_counter()
            fn(step)
            times.append((time.perf_counter() - t) * 1e3)
    return statistics.median(times)


def main() -> None:
    game = Game.start(board())
    while game.decision:
        game = game.answer(game.decision.options[-1])
    steps = game.timeline
    print(f"rulekit views benchmark: {len(steps)} steps of a 20-card board, Agg, 8x5 in at 100 dpi (median ms)")
    print(f"  state_graph build:        {median_ms(lambda s: state_graph(s), steps):7.2f}")
    print(f"  flow_graph build:         {median_ms(lambda s: flow_graph(s, steps), steps):7.2f}")
    for name, view in (("flow", FlowView("agot", steps=steps)), ("windows", WindowsView()), ("chain", ChainView()),
                       ("state graph", StateGraphView())):
        def update(step, view=view):
            view.update(step)
            view.figure.canvas.draw()
        update(steps[0])   # first draw builds caches
        print(f"  {name:12} update+draw:  {median_ms(update, steps):7.2f}  (aim < 50)")


if __name__ == "__main__":
    main()
