"""Reading a large scenario file with libyaml and with the pure-Python reader (issue 21, point 5).

Run: ``python benchmarks/bench_loading.py`` (``--size`` for another file size in bytes,
``--repeat`` for more runs). Writes a scenario-like YAML file of about 500 KB (the claim 2
scenario with many more cards, in flow and block style, with non-ASCII titles) to a temporary
folder, then times ``yamlnodes.load_text`` (reading into data and marks) and ``loads_scenario``
(reading and validating) with libyaml and with it hidden, alternately. Prints min and median
seconds and the ratio of the mins; asserts nothing.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rulekit.files import yamlnodes  # noqa: E402
from rulekit.files import loads_scenario  # noqa: E402


def big_scenario(size: int) -> str:
    base = (ROOT / "scenarios" / "agot" / "claim-2-kill.yaml").read_text(encoding="utf-8")
    head, tail = base.split("script:\n", 1)
    cards, total, i = [], len(base.encode()), 0
    while total < size:
        if i % 2:
            card = (f"  - {{id: x{i}, title: Extra character {i} — “Ser” {i}, owner: P{1 + i % 2}, "
                    f"strength: {i % 7}}}\n")
        else:
            card = (f"  - id: x{i}\n    title: Extra location {i}\n    owner: P{1 + i % 2}\n    type: location\n"
                    f"    abilities:\n      - id: r1\n        timing: reaction\n"
                    f"        when: {{event: killed, card: {{type: character}}}}\n"
                    f"        effect: [{{do: draw, target: you}}]\n"
                    f"        text: \"Reaction: After a character is killed, draw 1 card (copy {i}).\"\n")
        cards.append(card)
        total += len(card.encode())
        i += 1
    return head + "".join(cards) + "script:\n" + tail


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=500_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    text = big_scenario(args.size)
    print(f"{len(text.encode()):,} bytes; libyaml: {'yes' if yamlnodes.C_LOADER else 'no'}")
    if yamlnodes.C_LOADER is None:
        print("PyYAML was built without libyaml: nothing to compare")
        return
    libyaml = yamlnodes.C_LOADER
    for name, work in (("load_text", lambda: yamlnodes.load_text(text, "big.yaml")),
                       ("loads_scenario", lambda: loads_scenario(text, "big.yaml"))):
        times: dict = {"libyaml": [], "pure": []}
        for _ in range(args.repeat):
            for reader in times:
                yamlnodes.C_LOADER = libyaml if reader == "libyaml" else None
                start = time.perf_counter()
                work()
                times[reader].append(time.perf_counter() - start)
        yamlnodes.C_LOADER = libyaml
        for reader, runs in times.items():
            print(f"{name:15} {reader:8} min {min(runs):.3f} s  median {statistics.median(runs):.3f} s")
        print(f"{name:15} pure / libyaml: {min(times['pure']) / min(times['libyaml']):.1f}×")


if __name__ == "__main__":
    main()
