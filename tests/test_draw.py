"""Drawings: every view of every step of every shipped scenario renders; a few are compared
with reference images; text is legible at 8×5 inches."""
from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.testing.compare import compare_images

from rulekit.draw import (ChainView, FlowView, StateGraphView, WindowsView, draw_chain, draw_flow, draw_state, draw_view,
                          draw_windows)
from rulekit.files import load_scenario

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "scenarios").rglob("*.yaml"))
REFERENCE = Path(__file__).parent / "reference"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_view_of_every_step_renders(path):
    game = load_scenario(path).start()
    steps = game.timeline
    views = [FlowView(game.scenario.ruleset, steps=steps), WindowsView(), ChainView(), StateGraphView()]
    for step in steps:
        for view in views:
            view.update(step)
            view.figure.canvas.draw()


def test_smallest_text_is_at_least_8_points_at_8_by_5_inches():
    game = load_scenario(ROOT / "scenarios" / "agot" / "claim-2-kill.yaml").start()
    step = next(s for s in game.timeline if s.what == "window-opens")
    for fig in (draw_flow(step, steps=game.timeline), draw_windows(step), draw_chain(step), draw_state(step)):
        assert tuple(fig.get_size_inches()) == (8.0, 5.0)
        fig.canvas.draw()
        sizes = [t.get_fontsize() for t in fig.findobj(lambda a: hasattr(a, "get_fontsize")) if t.get_text()]
        assert sizes and min(sizes) >= 8


CASES = [
    ("claim-2-kill", "window-opens", "flow"),
    ("claim-2-kill", "window-opens", "windows"),
    ("simultaneous-triggers-of-both-players", "rb-priority", "chain"),
    ("claim-2-kill", "window-opens", "graph"),
]


@pytest.mark.parametrize("name, what, view", CASES, ids=[f"{n}-{v}" for n, _, v in CASES])
def test_views_match_their_reference_images(name, what, view, tmp_path):
    path = next(p for p in FILES if p.stem == name)
    game = load_scenario(path).start()
    step = next(s for s in game.timeline if s.what == what)
    fig = draw_view(view, step, game.timeline if view == "flow" else None)
    out = tmp_path / f"{name}-{view}.png"
    fig.savefig(out)
    reference = REFERENCE / f"{name}-{view}.png"
    assert reference.exists(), f"no reference image {reference.name}: run tools/update_reference_images.py"
    assert compare_images(str(reference), str(out), tol=12) is None


def test_a_drawing_shows_itself_as_a_png_in_any_notebook():
    game = load_scenario(ROOT / "scenarios" / "agot" / "claim-2-kill.yaml").start()
    fig = draw_windows(game.timeline[5])
    assert fig._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
