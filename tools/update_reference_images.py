"""Regenerate the reference images of tests/views/test_draw.py (run after a deliberate change to a
view, then look at every image before committing it)."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "views"))

from rulekit.views.draw import draw_view  # noqa: E402
from rulekit.files.scenario_files import load_scenario  # noqa: E402
from test_draw import CASES, FILES, REFERENCE  # noqa: E402

for old in REFERENCE.glob("*.png"):
    old.unlink()
for name, what, view in CASES:
    game = load_scenario(next(p for p in FILES if p.stem == name)).start()
    step = next(s for s in game.timeline if s.what == what)
    draw_view(view, step, game.timeline).savefig(REFERENCE / f"{name}-{view}.png")
    print("wrote", f"{name}-{view}.png")
