"""Engine throughput: sequences resolved per second with default answers, and answer() cost.

Run: ``python benchmarks/bench_engine.py`` (add ``--quick`` for a short run). Prints figures;
asserts nothing. Targets (issue 2): ≥ 10,000 sequences a second; the 2,000-card board within
1.3× the 20-card one; answer() at step 1,000 as cheap as at step 10.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulekit import Game  # noqa: E402
from rulekit.builder import ScenarioBuilder, draw, gain_power, interrupt, on, reaction  # noqa: E402
from rulekit.engine import run  # noqa: E402
from rulekit.frames import ScriptFrame  # noqa: E402
from rulekit.model import initial_state  # noqa: E402
from rulekit.timeline import Step  # noqa: E402


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


def sequences_per_second(n_cards: int, n_sequences: int, repeats: int) -> float:
    scenario = board(n_cards, n_sequences)
    state = initial_state(scenario.ruleset, scenario.players, scenario.first_player, scenario.cards)
    first = Step(None, 0, "rulekit.setup", "setup", (), state, (ScriptFrame(0),))
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        halt = run(scenario, first, auto=True)
        times.append(time.perf_counter() - t)
        assert halt.ask is None
    return n_sequences / statistics.median(times)


def throneteki_case(repeats: int) -> float:
    """A kill whose interrupt and reaction windows offer two abilities each; both players pass."""
    b = ScenarioBuilder("two and two", players=["P1", "P2"])
    for p in ("P1", "P2"):
        for i in range(3):
            b.card(f"{p}d{i}", "deck", owner=p, zone="draw deck", type="attachment")
    b.card("v", "Victim", owner="P2")
    b.card("a", "A", owner="P1", abilities=[interrupt("i", on("killed"), [draw(1)]), reaction("r", on("killed"), [draw(1)])])
    b.card("b", "B", owner="P2", abilities=[interrupt("i", on("killed"), [draw(1)]), reaction("r", on("killed"), [draw(1)])])
    scenario = b.kill("v").build()
    state = initial_state(scenario.ruleset, scenario.players, scenario.first_player, scenario.cards)
    first = Step(None, 0, "rulekit.setup", "setup", (), state, (ScriptFrame(0),))
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(200):
            run(scenario, first, auto=True)
        times.append((time.perf_counter() - t) / 200)
    return statistics.median(times)


def answer_cost(at_steps: list[int], repeats: int) -> dict[int, float]:
    """Median seconds of one answer() when the timeline is about N steps long."""
    scenario = board(20, 600)
    game = Game.start(scenario)
    out: dict[int, float] = {}
    targets = sorted(at_steps)
    while game.decision and targets:
        if game.last_step.number >= targets[0]:
            times = []
            for _ in range(repeats):
                t = time.perf_counter()
                game.answer(game.decision.default)
                times.append(time.perf_counter() - t)
            out[targets.pop(0)] = statistics.median(times)
        game = game.answer(game.decision.default)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    n_seq, repeats = (200, 3) if args.quick else (2000, 7)
    print("rulekit engine benchmark (default answers: every player passes)")
    rates = {}
    for n_cards in (20, 200, 2000):
        rates[n_cards] = sequences_per_second(n_cards, n_seq, repeats)
        print(f"  board of {n_cards:>5} cards, 10 with a matching ability: {rates[n_cards]:>9,.0f} sequences/s")
    print(f"  2,000-card board takes {rates[20] / rates[2000]:.2f}x the time of the 20-card board (aim <= 1.3x)")
    per = throneteki_case(repeats)
    print(f"  kill with 2 interrupts + 2 reactions offered, both pass: {per * 1e3:.3f} ms "
          f"({1 / per:,.0f} sequences/s; throneteki ~0.45 ms, ~2,200/s)")
    costs = answer_cost([10, 1000], repeats * 5)
    for n, sec in costs.items():
        print(f"  one answer() at step {n:>5}: {sec * 1e6:,.1f} us")


if __name__ == "__main__":
    main()
