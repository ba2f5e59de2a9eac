"""Card text: how much of the project's corpus its readers read, and how fast (issue 26, point 6).

Run: ``python benchmarks/bench_card_text.py`` (``--repeat`` for more timing runs). For each
ruleset's corpus of real-style cards (``tests/cards/<ruleset>/``) it reads every card's printed
text and counts the cards read to exactly their hand-written abilities and keyword fields
("exact"), the cards refused (with the phrase), and the cards read as something else ("differ",
which must be 0: the corpus test fails on any). Then it times, in a fresh process, the import of
rulekit, the first card read (the grammar library imported and the parser built) and one more
card read. Prints the figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rulekit.files.corpus_coverage import corpus_coverage  # noqa: E402


_TIMING = """
import time
t0 = time.perf_counter()
import rulekit
from rulekit import rulesets
from rulekit.core.cardtext import read_card
t1 = time.perf_counter()
rules = rulesets.get({ruleset!r})
read_card(rules, {first!r}, "")
t2 = time.perf_counter()
read_card(rules, {second!r}, "")
t3 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2)
"""

SAMPLES = {
    "agot": ("Reaction: After you win a challenge, draw 1 card.",
             "Forced Reaction: After a character is killed, kneel each location."),
    "riftbound": ("When you play me, draw 1.", "When I attack, give me +2 Might this turn."),
}


def timing(repeat: int) -> None:
    for ruleset, (first, second) in SAMPLES.items():
        runs = []
        for _ in range(repeat):
            code = _TIMING.format(ruleset=ruleset, first=first, second=second)
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
            runs.append(tuple(map(float, done.stdout.split())))
        cols = list(zip(*runs))
        print(f"{ruleset:10} import rulekit {1000 * statistics.median(cols[0]):7.1f} ms | first card (parser built) "
              f"{1000 * statistics.median(cols[1]):7.1f} ms | next card {1000 * statistics.median(cols[2]):6.1f} ms "
              f"(median of {repeat})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    started = time.perf_counter()
    figures = corpus_coverage([ROOT / "tests" / "cards"])     # the figure rulekit cards report --corpus prints
    print(f"corpus read in {time.perf_counter() - started:.2f} s")
    print("\n".join(figures.lines()))
    timing(args.repeat)


if __name__ == "__main__":
    main()
