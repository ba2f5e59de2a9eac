"""Names are drawn as written (issue 27, point 1): a card or scenario title holding ``$`` —
matplotlib's math text — draws in every view (and the exploration figures) as the name it is,
never as a formula, and never ends in an error; the user's own matplotlib settings are left as
they were."""
from __future__ import annotations

import io
from pathlib import Path

import matplotlib
import pytest

from rulekit import Game
from rulekit.files import loads_scenario
from rulekit.views.draw import VIEWS, draw_view

ROOT = Path(__file__).resolve().parents[2]
NAME = r"Raven $\sqrt{$ of $x$"
TITLE = r"Bounty $\sqrt{$ Hunter"


def _game():
    text = (ROOT / "scenarios" / "agot" / "claim-2-kill.yaml").read_text(encoding="utf-8")
    text = text.replace("title: Claim 2 military kill", f"title: '{TITLE}'")
    text = text.replace("title: Barrowhill Raven", f"title: '{NAME}'")
    return loads_scenario(text, "math.yaml")


@pytest.mark.parametrize("view", VIEWS)
def test_a_name_with_math_text_is_drawn_as_written_in_every_view(view):
    loaded = _game()
    game = Game.start(loaded.scenario, loaded.answers)
    steps = game.timeline
    drawn = set()
    for step in steps[::3]:
        fig = draw_view(view, step, steps)
        buf = io.BytesIO()
        fig.savefig(buf, format="png")                  # rendering is where math text used to fail
        drawn |= {t.get_text() for t in fig.findobj(lambda a: hasattr(a, "get_text"))}
    assert matplotlib.rcParams["text.parse_math"] is True     # the reader's own setting is untouched
    if view in ("graph", "sequence"):
        assert any("Raven $\\sqrt{$" in t for t in drawn), f"the name is not drawn as written in the {view} view"


def test_exploration_figures_draw_such_names():
    from rulekit.explore import explore
    from rulekit.explore.draw import draw_exploration, draw_outcomes
    result = explore(_game(), limit=2000)
    for fig in (draw_outcomes(result), draw_exploration(result)):
        fig.savefig(io.BytesIO(), format="png")
