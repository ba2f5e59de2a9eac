"""Engine throughput: sequences resolved per second with default answers, answer() cost, start-up.

Run: ``python benchmarks/bench_engine.py`` (add ``--quick`` for a short run). Prints figures;
asserts nothing. Every figure is given as min and median over repeats, and as a ratio to a
fixed pure-Python calibration workload timed in the same run. Aims (issues 2 and 16): the
2,000-card board within 1.3× the 20-card one; answer() at step 10,000 as cheap as at step 10.

Speed-ups are claimed only from two revisions measured side by side in one run:
``python benchmarks/bench_engine.py --against REV`` (see ``against.py``) checks REV out in a
temporary worktree and interleaves the two, each in its own process with its own code, on a
busy board where ten cards listen and on one kill with two interrupts and two reactions offered,
timed through ``Game.start`` and through the engine loop (issue 28 asks ≥ 3× against 2c99293).
``--instructions`` (with ``--against``) counts instructions under callgrind instead: a figure a
busy machine does not move (``instructions.py`` says what it is and is not).
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulekit.rulesets import get as get_ruleset
from rulekit import Game  # noqa: E402
from rulekit.files.builder import (ScenarioBuilder, do, draw, gain_power, interrupt, on, reaction,  # noqa: E402
                             triggered)
from rulekit.core.game import run  # noqa: E402  (the engine loop a game runs: rulekit.core.speed.loop unless RULEKIT_PLAIN)
from rulekit.core.frames import ScriptFrame  # noqa: E402
from rulekit.core.model import initial_state  # noqa: E402
from rulekit.core.timeline import Step  # noqa: E402


def calibration() -> float:
    """Seconds for a fixed pure-Python workload (dicts, tuples, small objects, like the engine's)."""
    t = time.perf_counter()
    total = 0
    for i in range(200_000):
        d = {"a": i, "b": (i, i + 1)}
        total += len(d) + d["b"][1] % 7
    return time.perf_counter() - t


def timed(fn, repeats: int) -> tuple[float, float]:
    """(min, median) seconds of ``fn()`` over ``repeats`` runs, after one untimed run (the
    first run in a process also pays for the memory allocator's first growth: about 5% here)."""
    fn()
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times)


def board(n_cards: int, n_sequences: int):
    """``n_cards`` cards, 10 of which hold abilities matching every sequence of the script
    (an interrupt to kneeling and a reaction to standing, or the other way round); the script
    kneels and stands filler characters in turn."""
    b = ScenarioBuilder(f"{n_cards} cards", players=["P1", "P2"])
    for i in range(10):
        owner = "P1" if i % 2 == 0 else "P2"
        first, second = (interrupt, reaction) if i % 2 == 0 else (reaction, interrupt)
        b.card(f"w{i}", f"Watcher {i}", owner=owner, abilities=[
            first("k", on("kneels", type="character"), [gain_power(1)]),
            second("s", on("stands", type="character"), [gain_power(1)])])
    fillers = [f"f{i}" for i in range(n_cards - 10)]
    for i, f in enumerate(fillers):
        b.card(f, f"Filler {i}", owner="P2" if i % 2 else "P1")
    for k in range(n_sequences):
        f = fillers[(k // 2) % len(fillers)]
        (b.kneel if k % 2 == 0 else b.stand)(f)
    return b.build()


def sequences_per_second(n_cards: int, n_sequences: int, repeats: int) -> tuple[float, float]:
    """(best, median) sequences a second for a script of ``n_sequences`` kneels and stands."""
    scenario = board(n_cards, n_sequences)
    state = initial_state(get_ruleset(scenario.ruleset), scenario.players, scenario.first_player, scenario.cards)
    first = Step(None, 0, "rulekit.setup", "setup", (), state, (ScriptFrame(0),))
    best, median = timed(lambda: run(scenario, first, auto=True), repeats)
    return n_sequences / best, n_sequences / median


def throneteki_case(repeats: int) -> tuple[float, float]:
    """A kill whose interrupt and reaction windows offer two abilities each; both players pass.
    (min, median) seconds per kill."""
    b = ScenarioBuilder("two and two", players=["P1", "P2"])
    for p in ("P1", "P2"):
        for i in range(3):
            b.card(f"{p}d{i}", "deck", owner=p, zone="draw deck", type="attachment")
    b.card("v", "Victim", owner="P2")
    b.card("a", "A", owner="P1", abilities=[interrupt("i", on("killed"), [draw(1)]), reaction("r", on("killed"), [draw(1)])])
    b.card("b", "B", owner="P2", abilities=[interrupt("i", on("killed"), [draw(1)]), reaction("r", on("killed"), [draw(1)])])
    scenario = b.kill("v").build()
    state = initial_state(get_ruleset(scenario.ruleset), scenario.players, scenario.first_player, scenario.cards)
    first = Step(None, 0, "rulekit.setup", "setup", (), state, (ScriptFrame(0),))

    def kills():
        for _ in range(200):
            run(scenario, first, auto=True)
    best, median = timed(kills, repeats)
    return best / 200, median / 200


def riftbound_case(n_events: int, repeats: int) -> tuple[float, float]:
    """Riftbound, for comparison (no aim): a unit moves, two triggered abilities (one per
    player) go on the Chain and resolve, every player passing. (best, median) events a second."""
    b = ScenarioBuilder("riftbound moves", players=["P1", "P2"], ruleset="riftbound")
    for i, owner in enumerate(("P1", "P2")):
        b.card(f"w{i}", f"Watcher {i}", owner=owner, zone="base", type="unit",
               abilities=[triggered("x", on("moves", type="unit"), [do("buff", "self")])])
    for i in range(18):
        b.card(f"f{i}", f"Filler {i}", owner="P2" if i % 2 else "P1", zone="base", type="unit")
    for k in range(n_events):
        b.occur("move", cards=[f"f{(k // 2) % 18}"], to="battlefield" if k % 2 == 0 else "base")
    scenario = b.build()
    state = initial_state(get_ruleset(scenario.ruleset), scenario.players, scenario.first_player, scenario.cards)
    first = Step(None, 0, "rulekit.setup", "setup", (), state, (ScriptFrame(0),))
    best, median = timed(lambda: run(scenario, first, auto=True), repeats)
    return n_events / best, n_events / median


def answer_cost(at_steps: list[int], repeats: int) -> dict[int, tuple[float, float]]:
    """(min, median) seconds of one answer() when the timeline is about N steps long."""
    scenario = board(20, max(at_steps) // 3 + 200)
    game = Game.start(scenario)
    out: dict[int, tuple[float, float]] = {}
    targets = sorted(at_steps)
    while game.decision and targets:
        if game.last_step.number >= targets[0]:
            here = game
            out[targets.pop(0)] = timed(lambda: here.answer(here.decision.default), repeats)
        game = game.answer(game.decision.default)
    return out


def startup(repeats: int) -> dict[str, tuple[float, float]]:
    """(min, median) seconds of ``import rulekit``, ``rulekit --help`` and ``rulekit trace`` of a
    small file, each in a fresh interpreter (the interpreter's own start is subtracted)."""
    root = Path(__file__).resolve().parents[1]
    small = str(root / "scenarios" / "agot" / "claim-2-kill.yaml")
    commands = {"python": [sys.executable, "-c", "pass"],
                "import rulekit": [sys.executable, "-c", "import rulekit"],
                "rulekit --help": [sys.executable, "-m", "rulekit.cli", "--help"],
                "rulekit trace (small file)": [sys.executable, "-m", "rulekit.cli", "trace", small]}
    out = {}
    for name, cmd in commands.items():
        out[name] = timed(lambda: subprocess.run(cmd, cwd=root, check=True, capture_output=True), repeats)
    base = out.pop("python")
    return {name: (lo - base[0], mid - base[1]) for name, (lo, mid) in out.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--against", metavar="REV", help="time this checkout and git revision REV side by side")
    parser.add_argument("--rounds", type=int, default=None, help="interleaved rounds with --against (default 30: "
                        "on a shared virtual machine the spread of 10 rounds can reach 40-50%% of the median)")
    parser.add_argument("--instructions", action="store_true",
                        help="with --against: instructions per sequence under valgrind's callgrind, not time")
    args = parser.parse_args()
    if args.against and args.instructions:
        from instructions import compare as compare_instructions
        compare_instructions(args.against, args.quick)
        return
    if args.against:
        from against import compare
        compare(args.against, args.rounds or (4 if args.quick else 30), 3 if args.quick else 5, args.quick)
        return
    n_seq, repeats = (200, 3) if args.quick else (2000, 7)
    cal = statistics.median(calibration() for _ in range(5))
    print(f"rulekit engine benchmark (default answers: every player passes); calibration workload {cal * 1e3:.1f} ms")
    print("  figures are min / median; [×cal] is the median divided by the calibration time")
    rates = {}
    for n_cards in (20, 200, 2000):
        best, median = sequences_per_second(n_cards, n_seq, repeats)
        rates[n_cards] = median
        per = 1 / median
        print(f"  board of {n_cards:>5} cards, 10 with a matching ability: {best:>8,.0f} / {median:>8,.0f} sequences/s"
              f"  [{per / cal:.4f} ×cal per sequence]")
    print(f"  2,000-card board takes {rates[20] / rates[2000]:.2f}x the time of the 20-card board (aim <= 1.3x)")
    best, median = throneteki_case(repeats)
    print(f"  kill with 2 interrupts + 2 reactions offered, both pass: {best * 1e3:.3f} / {median * 1e3:.3f} ms "
          f"({1 / median:,.0f} sequences/s)  [{median / cal:.4f} ×cal]")
    best, median = riftbound_case(n_seq, repeats)
    print(f"  Riftbound, a move with two triggered abilities on the Chain, all pass: {best:,.0f} / {median:,.0f} "
          f"events/s (for comparison; no aim)")
    costs = answer_cost([10, 1000] if args.quick else [10, 10_000], repeats * 5)
    for n, (best, median) in costs.items():
        print(f"  one answer() at step {n:>6}: {best * 1e6:,.1f} / {median * 1e6:,.1f} us  [{median / cal:.4f} ×cal]")
    for name, (best, median) in startup(3 if args.quick else 7).items():
        print(f"  {name:<28}: {best * 1e3:,.0f} / {median * 1e3:,.0f} ms (after the interpreter's own start)")


if __name__ == "__main__":
    main()
