"""Regenerate the reference images of tests/test_draw.py (run after a deliberate change to a view)."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from rulekit.draw import draw_chain, draw_flow, draw_state, draw_windows  # noqa: E402
from rulekit.files import load_scenario  # noqa: E402
from test_draw import CASES, FILES, REFERENCE  # noqa: E402

for name, what, view in CASES:
    game = load_scenario(next(p for p in FILES if p.stem == name)).start()
    step = next(s for s in game.timeline if s.what == what)
    fig = {"flow": lambda: draw_flow(step, steps=game.timeline), "windows": lambda: draw_windows(step),
           "chain": lambda: draw_chain(step), "graph": lambda: draw_state(step)}[view]()
    fig.savefig(REFERENCE / f"{name}-{view}.png")
    print("wrote", f"{name}-{view}.png")
