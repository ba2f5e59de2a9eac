"""``bench_engine.py --against REV``: this checkout and revision REV timed side by side in one run.

REV is checked out in a temporary git worktree. Each side runs ``side.py`` in its own process,
with its own revision's code first on ``PYTHONPATH``; the workloads are scenario files written
here (plain YAML that every revision since 2c99293 reads), timed through ``Game.start`` with
default answers and through the engine loop ``Game.start`` calls. Rounds alternate A B A B …
(the first side of each round alternates too), so a slow spell of a shared machine falls on
both; each figure is printed as min and median per side and the ratio of the medians, in
wall-clock time and in each process's CPU time (which leaves out the spells a process waited
while other work had the cores).
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _watchers(n: int) -> list[dict]:
    """``n`` cards each holding an interrupt and a reaction that match every kneel and stand
    (one to kneeling, one to standing, alternating which is which), players alternating."""
    cards = []
    for i in range(n):
        first, second = ("interrupt", "reaction") if i % 2 == 0 else ("reaction", "interrupt")
        cards.append({"id": f"w{i}", "title": f"Watcher {i}", "owner": "P1" if i % 2 == 0 else "P2", "abilities": [
            {"id": "k", "timing": first, "when": {"event": "kneels", "card": {"type": "character"}},
             "effect": [{"do": "gain power", "target": "self"}]},
            {"id": "s", "timing": second, "when": {"event": "stands", "card": {"type": "character"}},
             "effect": [{"do": "gain power", "target": "self"}]}]})
    return cards


def busy_board(n_sequences: int) -> dict:
    """The busy board: ten cards listening to every sequence, ten fillers knelt and stood in turn."""
    fillers = [{"id": f"f{i}", "title": f"Filler {i}", "owner": "P2" if i % 2 else "P1"} for i in range(10)]
    script = [{"do": "kneel" if k % 2 == 0 else "stand", "cards": [f"f{(k // 2) % 10}"]} for k in range(n_sequences)]
    return {"ruleset": "agot", "title": "busy board", "players": ["P1", "P2"], "first_player": "P1",
            "cards": _watchers(10) + fillers, "script": script}


def one_kill() -> dict:
    """A kill whose interrupt and reaction windows offer two abilities each; both players pass."""
    deck = [{"id": f"{p}d{i}", "title": f"{p} deck card {i}", "owner": p, "zone": "draw deck", "type": "attachment"}
            for p in ("P1", "P2") for i in range(3)]
    listeners = [{"id": c, "title": f"Listener {c}", "owner": p, "abilities": [
        {"id": "i", "timing": "interrupt", "when": {"event": "killed"}, "effect": [{"do": "draw", "target": "you"}]},
        {"id": "r", "timing": "reaction", "when": {"event": "killed"}, "effect": [{"do": "draw", "target": "you"}]}]}
        for c, p in (("a", "P1"), ("b", "P2"))]
    return {"ruleset": "agot", "title": "one kill", "players": ["P1", "P2"], "first_player": "P1",
            "cards": deck + [{"id": "v", "title": "Victim", "owner": "P2"}] + listeners,
            "script": [{"do": "kill", "cards": ["v"]}]}


def workloads(folder: Path, quick: bool) -> list[tuple[str, str, int, int, str]]:
    """(figure, file, sequences in one game, games in one timed run, mode) for each workload,
    its file written."""
    n = 100 if quick else 400
    files = {"busy": (busy_board(n), n, 1), "kill": (one_kill(), 1, 20 if quick else 100)}
    out = []
    for key, (doc, count, batch) in files.items():
        path = folder / f"{key}.yaml"
        path.write_text(yaml.safe_dump(doc, sort_keys=False))
        out.append((key, str(path), count, batch))
    return [(f"{key}:{mode}", path, count, batch, mode) for key, path, count, batch in out for mode in ("start", "loop")]


LABELS = {"busy": "busy board, 10 cards listening, {n} kneels/stands", "kill": "one kill, 2 interrupts + 2 reactions offered"}
MODES = {"start": "Game.start(play_defaults)", "loop": "engine loop"}


class Side:
    """One revision's benchmark process."""

    def __init__(self, label: str, code: Path, widgets: Path | None = None):
        paths = [str(code)]
        if widgets is not None:              # the tree's own widgets package, as ``rulekit_widgets``
            widgets.mkdir(parents=True, exist_ok=True)
            if not (widgets / "rulekit_widgets").exists():
                (widgets / "rulekit_widgets").symlink_to(code / "widgets", target_is_directory=True)
            paths.insert(0, str(widgets))
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
        self.label = label
        self.proc = subprocess.Popen([sys.executable, str(HERE / "side.py")], cwd=str(code), env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        first = self.proc.stdout.readline()
        if not first:
            raise RuntimeError(f"the {label} side did not start (see its error above)")
        self.where = json.loads(first)["rulekit"]

    def time(self, name: str, path: str, mode: str, repeats: int, batch: int) -> tuple[list[float], list[float]]:
        """(wall-clock, CPU) seconds of each timed run (of ``batch`` calls)."""
        self.proc.stdin.write(f"{name} {path} {mode} {repeats} {batch}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.label} side stopped (see its error above)")
        got = json.loads(line)
        return got["times"], got["cpu"]

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


@contextmanager
def checkout(rev: str):
    """REV checked out in a temporary git worktree: yields (its short id, this checkout's label,
    the temporary folder, the tree); the worktree is removed afterwards."""
    found = subprocess.run(["git", "rev-parse", "--short", "--verify", "--quiet", f"{rev}^{{commit}}"], cwd=ROOT,
                           capture_output=True, text=True)
    if found.returncode != 0:
        raise SystemExit(f"--against {rev}: not a revision of this repository (try a commit id, a branch or HEAD~1)")
    sha = found.stdout.strip()
    here = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                          text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="rulekit-against-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", str(tree), sha], cwd=ROOT, check=True,
                       capture_output=True)
        try:
            yield sha, f"this checkout ({here}{'+changes' if dirty else ''})", Path(tmp), tree
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True)


def compare(rev: str, rounds: int, repeats: int, quick: bool) -> None:
    with checkout(rev) as (sha, here, tmp, tree):
        work = workloads(tmp, quick)
        sides = [Side(here, ROOT), Side(sha, tree)]
        for name, side in zip("AB", sides):
            print(f"{name}: {side.label}, rulekit from {side.where}")
        try:
            _rounds(sides, work, rounds, repeats, sha, quick)
        finally:
            for side in sides:
                side.close()


def _rounds(sides: list[Side], work, rounds: int, repeats: int, sha: str, quick: bool) -> None:
    times: dict[tuple[str, str, int], list[float]] = {}
    for r in range(rounds):
        order = sides if r % 2 == 0 else sides[::-1]
        for name, path, count, batch, mode in work:
            for side in order:
                wall, cpu = side.time(name, path, mode, repeats, batch)
                per = count * batch
                times.setdefault(("wall", name, sides.index(side)), []).extend(t / per for t in wall)
                times.setdefault(("cpu", name, sides.index(side)), []).extend(t / per for t in cpu)
    print(f"side by side in one run: A = {sides[0].label}, B = {sha}; {rounds} interleaved rounds "
          f"(A B, B A, …) of {repeats} runs each; microseconds per sequence, min / median; "
          f"spread = (upper quartile - lower quartile) / median; B/A = ratio of the medians")
    for name, _path, count, _batch, mode in work:
        key = name.split(":")[0]
        print(f"  {LABELS[key].format(n=count)}, {MODES[mode]}")
        for clock in ("wall", "cpu"):
            a, b = times[clock, name, 0], times[clock, name, 1]
            if not a or not b:
                print(f"    {clock:<4}  not measurable on {'A' if not a else 'B'}")
                continue
            ma, mb = statistics.median(a), statistics.median(b)
            print(f"    {clock:<4}  A {_fmt(a)}   B {_fmt(b)}   B/A = {mb / ma:.2f}x")


def _fmt(ts: list[float]) -> str:
    med = statistics.median(ts)
    q = statistics.quantiles(ts, n=4) if len(ts) >= 2 else [med, med, med]
    return f"{min(ts) * 1e6:7.1f} / {med * 1e6:7.1f} (spread {(q[2] - q[0]) / med:3.0%})"
