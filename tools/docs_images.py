"""Write the documentation's pictures: every view of a nested A Game of Thrones sequence (claim 2
military kill, inside the second nested draw, at its step 3) and of a Riftbound Chain of four items, as
docs/images/*.png at 100 dpi, the size they are shown. Run after a deliberate change to a view,
and look at them."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "views"))

from rulekit.views.draw import VIEWS, draw_view  # noqa: E402
from rulekit.files.scenario_files import load_scenario, loads_scenario  # noqa: E402
from test_draw import CHAIN_OF_FOUR  # noqa: E402

OUT = ROOT / "docs" / "images"
OUT.mkdir(exist_ok=True)
claim = load_scenario(ROOT / "scenarios" / "agot" / "claim-2-kill.yaml").start()
nested = next(s for s in claim.timeline if s.level == 2 and s.what == "no-forced" and s.number > 30)
chain = loads_scenario(CHAIN_OF_FOUR).start()
four = max(chain.timeline, key=lambda s: len(s.state.rules.stack_entries(s)))
for name, game, step in (("agot-nested", claim, nested), ("riftbound-chain", chain, four)):
    for view in VIEWS:
        path = OUT / f"{name}-{view}.png"
        draw_view(view, step, game.timeline).savefig(path, dpi=100)
        print("wrote", path.relative_to(ROOT), f"(step #{step.number})")
