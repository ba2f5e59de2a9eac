"""Start-up: ``import rulekit``, ``rulekit --help`` and ``rulekit trace`` of small files, this
checkout against another revision in the same run (issue 28, point 4).

Run: ``python benchmarks/bench_startup.py --against REV`` (``--rounds`` for more rounds). REV is
checked out into a temporary git worktree; each figure is a fresh interpreter run with
``PYTHONPATH`` set to one side's tree, the sides taking turns (A B, then B A, …) round after
round, so both meet the same load on the machine. A bare interpreter (``python -c pass``) is
timed the same way and the figures are given over it. The trace files are written to a temporary
folder by this script and both sides read the same ones: a scenario with its abilities written
out (``scenarios/agot/claim-2-kill.yaml``, its answers and expectations dropped) and, for each
ruleset, one corpus card given only by its printed ``text:`` (read by the ruleset's grammar). A figure a side cannot produce (a revision
without card text) is shown as ``n/a``. The user cache folder (``XDG_CACHE_HOME``) is a fresh
temporary one, filled by one warm-up run of each figure, as a user's is after the first run.
Each side's ``rulekit`` is byte-compiled first (``compileall``), as an installed package is: with
``PYTHONDONTWRITEBYTECODE`` set (as on the machines these sessions run on) a tree never compiled
would be compiled again by every run, and that compiling is not start-up.

Prints, per figure and side, the median and minimum wall time, the median CPU time (user +
system, less disturbed by other work on the machine), the median over the bare interpreter, and
the ratio of the medians over bare (REV / this). Asserts nothing. Without ``--against`` only
this checkout is measured.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]

#: corpus cards whose printed text makes the card-text trace files (one per ruleset)
TEXT_CARDS = {"agot": "a-cancelled-event-cannot-be-cancelled-again.yaml",
              "riftbound": "a-friendly-unit-dies-kill-this-to-draw-2.yaml"}


def text_scenario(corpus_file: Path) -> str:
    """The corpus file as a plain scenario whose corpus card gives only its printed text (its
    answers and expectations dropped: they name the hand-written abilities' ids)."""
    data = yaml.safe_load(corpus_file.read_text(encoding="utf-8"))
    corpus = data.pop("corpus")
    data.pop("answers", None)
    data.pop("expect", None)
    for card in data["cards"]:
        if card.get("id") == corpus["card"]:
            card.pop("abilities", None)
            card["text"] = corpus["text"]
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def abilities_scenario(path: Path) -> str:
    """A scenario written with abilities, its answers and expectations dropped: the keys' numbers
    changed between revisions (decisions are counted from 1 since 0.2), so each side plays the
    defaults of the same board."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data.pop("answers", None)
    data.pop("expect", None)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def workloads(folder: Path) -> list[tuple[str, list[str]]]:
    abilities = folder / "abilities.yaml"
    abilities.write_text(abilities_scenario(ROOT / "scenarios" / "agot" / "claim-2-kill.yaml"), encoding="utf-8")
    files = {"abilities": abilities}
    for ruleset, name in TEXT_CARDS.items():
        path = folder / f"{ruleset}-text.yaml"
        path.write_text(text_scenario(ROOT / "tests" / "cards" / ruleset / name), encoding="utf-8")
        files[f"{ruleset} text:"] = path
    py = sys.executable
    return [("bare interpreter", [py, "-c", "pass"]),
            ("import rulekit", [py, "-c", "import rulekit"]),
            ("rulekit --help", [py, "-m", "rulekit", "--help"]),
            *((f"trace ({what})", [py, "-m", "rulekit", "trace", str(path)]) for what, path in files.items())]


def run(argv: list[str], tree: Path, env: dict, cwd: Path) -> tuple[float, float] | None:
    """Wall and CPU seconds of one run of ``argv`` with ``tree`` first on the path, or None if it failed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, env={**env, "PYTHONPATH": str(tree)}, cwd=cwd,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return (wall, cpu) if done.returncode == 0 else None


def measure(sides: dict[str, Path], jobs, rounds: int, env: dict, cwd: Path) -> dict:
    times: dict = {(name, side): [] for name, _ in jobs for side in sides}
    failed: set = set()
    for name, argv in jobs:                       # warm-up: caches filled, files read once
        for side, tree in sides.items():
            if run(argv, tree, env, cwd) is None:
                failed.add((name, side))
    order = list(sides.items())
    for r in range(rounds):
        for name, argv in jobs:
            for side, tree in (order if r % 2 == 0 else order[::-1]):
                if (name, side) not in failed:
                    got = run(argv, tree, env, cwd)
                    if got is None:
                        failed.add((name, side))
                    else:
                        times[name, side].append(got)
    return {key: (None if key in failed or not got else got) for key, got in times.items()}


def report(sides: dict[str, Path], jobs, times: dict) -> None:
    labels = list(sides)
    bare = {side: statistics.median(w for w, _ in times["bare interpreter", side]) for side in labels}
    bare_cpu = {side: statistics.median(c for _, c in times["bare interpreter", side]) for side in labels}
    print(f"{'figure':<26}{'side':<14}{'median':>9}{'min':>9}{'cpu med':>9}{'over bare':>11}{'cpu over':>10}")
    for name, _ in jobs:
        over = {}
        for side in labels:
            got = times[name, side]
            if got is None:
                print(f"{name:<26}{side:<14}{'n/a':>9}")
                continue
            walls, cpus = [w for w, _ in got], [c for _, c in got]
            med, cpu = statistics.median(walls), statistics.median(cpus)
            over[side] = (med - bare[side], cpu - bare_cpu[side])
            extra = "" if name == "bare interpreter" else f"{over[side][0] * 1000:>9.0f}ms{over[side][1] * 1000:>8.0f}ms"
            print(f"{name:<26}{side:<14}{med * 1000:>7.0f}ms{min(walls) * 1000:>7.0f}ms{cpu * 1000:>7.0f}ms{extra}")
        if len(labels) == 2 and len(over) == 2 and name != "bare interpreter":
            (a, (wa, ca)), (b, (wb, cb)) = list(over.items())
            ratio = lambda x, y: f"{x / y:.2f}x" if y > 0 else "-"
            print(f"{'':<26}{b} / {a}: wall over bare {ratio(wb, wa)}, cpu over bare {ratio(cb, ca)}")
    spread = {side: (min(w for w, _ in times["bare interpreter", side]),
                     max(w for w, _ in times["bare interpreter", side])) for side in labels}
    print("noise: bare interpreter ranged " + ", ".join(f"{s} {lo * 1000:.0f}-{hi * 1000:.0f}ms"
                                                         for s, (lo, hi) in spread.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="a git revision to compare with (checked out in a temporary worktree)")
    parser.add_argument("--rounds", type=int, default=11)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rulekit-startup-") as tmp:
        folder = Path(tmp)
        (folder / "cache").mkdir()
        (folder / "runs").mkdir()
        env = {**os.environ, "XDG_CACHE_HOME": str(folder / "cache")}
        sides = {"this": ROOT}
        if args.against:
            other = folder / "other"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(other), args.against],
                           check=True)
            sides[args.against[:12]] = other
        try:
            for tree in sides.values():     # as installed: the .pyc files written (not compiled by every run)
                subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "rulekit")], check=True,
                               stdout=subprocess.DEVNULL)
            jobs = workloads(folder)
            print(f"{args.rounds} rounds, sides interleaved; python {sys.version.split()[0]}; "
                  f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}")
            times = measure(sides, jobs, args.rounds, env, folder / "runs")
            report(sides, jobs, times)
        finally:
            if args.against:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder / "other")],
                               check=False)
                shutil.rmtree(folder / "other", ignore_errors=True)


if __name__ == "__main__":
    main()
