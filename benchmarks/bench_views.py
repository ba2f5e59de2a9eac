"""The explorer's real path on a 20-card board, per view: a board edit in the explorer (the
replay, every widget refreshed, the visible drawing updated in place and encoded as PNG), then
the drawing alone (a step along the timeline) and, for comparison, the path the explorer took
before (a new figure for each step, then ``savefig``). Graph building is timed too.

Every figure is printed as min and median milliseconds over repeats, with the median's ratio to
a fixed pure-Python calibration workload timed in the same run. Asserts nothing. Aim (issues 16
and 28): the edit-to-visible-drawing path under 50 ms median for every view.

``--against REV`` compares in one run instead (issue 28, point 5): REV is checked out in a
temporary worktree (``against.py``) and each side runs ``side.py`` in its own process with its own
revision's rulekit and widgets; both read the same 20-card board file written here and time a
board edit through the widget model (``GameModel.edit_card``: the whole line replayed on the
edited board, the drawing widget's picture rendered on an Agg canvas and encoded as the PNG the
page shows; ``side_views.py``), per view, and the edit's replay alone. Rounds alternate A B, B A,
…; each figure gives min and median wall-clock and CPU milliseconds per side and the ratio of
the medians. A view REV does not have is ``n/a``.

Run: ``python benchmarks/bench_views.py [--repeats N]`` or ``… --against REV [--rounds R]``
"""
from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "benchmarks"))

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


def board_file() -> dict:
    """The same board as plain scenario data, for ``--against`` (every revision reads it)."""
    deck = [{"id": f"{p.lower()}d{i}", "title": f"{p} deck {i}", "owner": p, "zone": "draw deck", "type": "attachment"}
            for p in ("P1", "P2") for i in range(4)]
    characters = [{"id": f"c{i}", "title": f"Character {i}", "owner": "P1" if i % 2 else "P2"} for i in range(8)]
    watchers = [{"id": cid, "title": title, "owner": owner, "abilities": [
        {"id": ab, "timing": timing, "when": {"event": "killed", "card": {"type": "character"}}, "effect": [{"do": "draw", "target": "you"}]}]}
        for cid, title, owner, ab, timing in (("w1", "Maester", "P2", "i", "interrupt"), ("w2", "Raven", "P1", "r", "reaction"),
                                              ("w3", "Crow", "P2", "r", "reaction"), ("w4", "Bell", "P1", "r", "reaction"))]
    return {"ruleset": "agot", "title": "20 cards", "players": ["P1", "P2"], "first_player": "P1",
            "cards": deck + characters + watchers, "script": [{"do": "kill", "cards": ["c0", "c2"], "id": "claim"}]}


def against(rev: str, rounds: int, repeats: int) -> None:
    """This checkout and ``rev`` side by side in one run (see the module's docstring)."""
    import yaml
    from against import Side, checkout
    with checkout(rev) as (sha, here, tmp, tree):
        path = tmp / "board.yaml"
        path.write_text(yaml.safe_dump(board_file(), sort_keys=False))
        sides = [Side(here, ROOT, tmp / "A"), Side(sha, tree, tmp / "B")]
        for name, side in zip("AB", sides):
            print(f"{name}: {side.label}, rulekit from {side.where}")
        work = [(f"edit:{v}", f"{v}: edit to drawing") for v in VIEWS] + [("replay", "the edit's replay alone")]
        times: dict = {}
        try:
            for r in range(rounds):
                for mode, _ in work:
                    for i in ((0, 1) if r % 2 == 0 else (1, 0)):
                        wall, cpu = sides[i].time(mode, str(path), mode, repeats, 1)
                        times.setdefault(("wall", mode, i), []).extend(wall)
                        times.setdefault(("cpu", mode, i), []).extend(cpu)
        finally:
            for side in sides:
                side.close()
    print(f"side by side in one run: A = {here}, B = {sha}; {rounds} interleaved rounds (A B, B A, …) of {repeats} "
          f"edits each; the board has {len(board_file()['cards'])} cards; ms per edit, min / median; "
          f"B/A = ratio of the medians")
    for mode, label in work:
        print(f"  {label}")
        for clock in ("wall", "cpu"):
            a, b = times[clock, mode, 0], times[clock, mode, 1]
            aim = "" if mode == "replay" or clock == "cpu" or not a else \
                f"   A {'meets' if statistics.median(a) * 1e3 < 50 else 'misses'} the aim (< 50 ms)"
            ratio = f"B/A = {statistics.median(b) / statistics.median(a):.2f}x" if a and b else ""
            print(f"    {clock:<4}  A {_ms(a)}   B {_ms(b)}   {ratio}{aim}")


def _ms(ts: list) -> str:
    return f"{min(ts) * 1e3:7.1f} / {statistics.median(ts) * 1e3:7.1f}" if ts else "    n/a /     n/a"


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
    parser.add_argument("--against", metavar="REV", help="compare with revision REV in the same run")
    parser.add_argument("--rounds", type=int, default=4, help="interleaved rounds with --against")
    args = parser.parse_args()
    if args.against:
        against(args.against, args.rounds, max(1, args.repeats // args.rounds))
        return
    repeats = args.repeats
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
