"""Drawings: every view of shipped scenarios' steps renders and passes the test of what the eye
sees (no text outside the figure, no two texts overlapping, no engine id in drawn text, no text cut
short where it could wrap, every player's lane labelled in the sequence diagram, no label of the
state graph crossed by an edge); a few are compared with reference images; text is at least 8
points at the size shown."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from matplotlib.testing.compare import compare_images

from rulekit.views.draw import VIEWS, DrawingFigure, draw_view, make_view
from rulekit.views.draw_graph import StateGraphView
from rulekit.views.draw_sequence import SequenceView
from rulekit.files import load_scenario
from rulekit.core.text import is_internal_id

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "scenarios").rglob("*.yaml"))
REFERENCE = Path(__file__).parent / "reference"
ID = re.compile(r"[A-Za-z0-9_\-]+(?:[.@:/][A-Za-z0-9_\-]+)+")
PAREN = re.compile(r"\(([^()\s]+)\)")
#: the only lines a drawing may end with "…": they say that more rows are above or below
MORE = re.compile(r"… (earlier steps above|later steps below|and \d+ older below)")


def cut(text: str) -> list[str]:
    """The lines of a drawn text cut short: ending in "…" (every drawing wraps its words instead)."""
    return [line for line in text.split("\n") if line.rstrip().endswith("…") and not MORE.fullmatch(line.strip())]


def unlabelled_lanes(view, step) -> list[str]:
    """The players whose lane is not labelled in every column of the sequence diagram."""
    if not isinstance(view, SequenceView):
        return []
    drawn = [t.get_text() for t in view.ax.texts if t.get_visible()]
    return [p for p in step.state.players if drawn.count(p) < len(view.columns)]


def crossed_labels(view, renderer) -> list[str]:
    """The state graph's labels an edge runs through (pixels sampled along every edge)."""
    if not isinstance(view, StateGraphView):
        return []
    import numpy as np
    boxes = [(t.get_window_extent(renderer), t.get_text()) for t in view.labels if t.get_visible() and t.get_text()]
    out = []
    for line in view.edges.get_segments():
        pts = view.ax.transData.transform(np.asarray(line))
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            n = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
            for f in np.linspace(0, 1, n + 1):
                x, y = x0 + f * (x1 - x0), y0 + f * (y1 - y0)
                for box, text in boxes:
                    if box.x0 + 1 < x < box.x1 - 1 and box.y0 + 1 < y < box.y1 - 1:
                        out.append(f"an edge crosses the label {text!r}")
    return sorted(set(out))


def problems(view, step) -> list[str]:
    """What the eye would trip on in a drawn view: text outside the figure, texts overlapping,
    engine ids, words cut short, a lane without its player's name, a label crossed by an edge."""
    fig = view.figure
    renderer = fig.canvas.get_renderer()
    box = fig.bbox
    texts = [t for t in fig.findobj(lambda a: hasattr(a, "get_text") and hasattr(a, "get_window_extent"))
             if t.get_visible() and t.get_text().strip() and t.axes is not None]
    out, extents = [], []
    for t in texts:
        e = t.get_window_extent(renderer)
        if e.x0 < box.x0 - 1 or e.y0 < box.y0 - 1 or e.x1 > box.x1 + 1 or e.y1 > box.y1 + 1:
            out.append(f"outside the figure: {t.get_text()!r}")
        extents.append((e, t.get_text()))
        out += [f"cut short: {line!r}" for line in cut(t.get_text())]
        for token in ID.findall(t.get_text()) + PAREN.findall(t.get_text()):
            if not re.fullmatch(r"[\d.:]+", token) and is_internal_id(token, step.state) | is_internal_id(
                    token, step.before):
                out.append(f"an engine id {token!r} in {t.get_text()!r}")
    for i, (a, ta) in enumerate(extents):
        for b, tb in extents[i + 1:]:
            if min(a.x1, b.x1) - max(a.x0, b.x0) > 1 and min(a.y1, b.y1) - max(a.y0, b.y0) > 1:
                out.append(f"overlapping: {ta!r} and {tb!r}")
    out += [f"the lanes of {p} are not all labelled" for p in unlabelled_lanes(view, step)]
    return out + crossed_labels(view, renderer)


def sample(steps, n: int):
    """``n`` steps spread over the timeline, with the first window and the last step."""
    picks = {0, len(steps) - 1}
    picks |= {round(i * (len(steps) - 1) / max(1, n - 1)) for i in range(n)}
    opens = [s.number for s in steps if s.what in ("window-opens", "rb-priority", "use", "rb-adds")]
    picks |= set(opens[:2])
    return [steps[i] for i in sorted(picks)]


def check(path, n: int | None) -> list[str]:
    game = load_scenario(path).start()
    steps = game.timeline
    views = [make_view(v, game.scenario.ruleset, steps) for v in VIEWS]
    found = []
    for step in (steps if n is None else sample(steps, n)):
        for view in views:
            view.update(step, steps)
            view.png()
            found += [f"#{step.number} {type(view).__name__}: {p}" for p in problems(view, step)]
    return found


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_what_the_eye_sees_in_sampled_steps_of_every_scenario(path):
    assert check(path, 4) == []


@pytest.mark.slow                 # every step of every scenario: about 20 s a scenario (python -m pytest -m slow)
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_what_the_eye_sees_in_every_step_of_every_scenario(path):
    assert check(path, None) == []


@pytest.mark.parametrize("ruleset", ["agot", "riftbound"])
def test_every_flowchart_relation_has_its_own_line(ruleset):
    """Two relations drawn alike cannot be told apart in the flowchart or its key."""
    view = make_view("flow", ruleset)
    styles = list(view.style.values())
    assert len(styles) > 1 and len(set(styles)) == len(styles), view.style


def test_smallest_text_is_at_least_8_points_at_the_size_shown():
    game = load_scenario(ROOT / "scenarios" / "agot" / "claim-2-kill.yaml").start()
    step = next(s for s in game.timeline if s.what == "window-opens")
    for view in VIEWS:
        fig = draw_view(view, step, game.timeline)
        assert fig.get_size_inches()[0] == 8.0 and fig.dpi == 100
        fig.canvas.draw()
        sizes = [t.get_fontsize() for t in fig.findobj(lambda a: hasattr(a, "get_fontsize")) if t.get_text()]
        assert sizes and min(sizes) >= 8


def test_the_fast_png_shows_what_savefig_shows():
    """The widgets' path (cached background, cached text bitmaps, PNG from the buffer) draws the
    same picture as a full render."""
    import io
    from PIL import Image
    import numpy as np
    game = load_scenario(ROOT / "scenarios" / "agot" / "claim-2-kill.yaml").start()
    for view in VIEWS:
        v = make_view(view, "agot", game.timeline)
        for step in game.timeline[20:26]:
            v.update(step, game.timeline)
            fast = np.asarray(Image.open(io.BytesIO(v.png())).convert("L"), dtype=float)
        full = io.BytesIO()
        v.figure.savefig(full, format="png")
        slow = np.asarray(Image.open(full).convert("L"), dtype=float)[:fast.shape[0]]
        assert fast.shape == slow.shape
        for axis in (0, 1):          # the ink profiles agree, to within the pixel text may move
            a, b = (255 - fast).sum(axis=axis), (255 - slow).sum(axis=axis)
            best = max(np.corrcoef(a, np.roll(b, k))[0, 1] for k in (-2, -1, 0, 1, 2))
            assert best > 0.75, (view, axis, best)


CHAIN_OF_FOUR = """
ruleset: riftbound
title: A Chain of four items
players: [P1, P2]
first_player: P1
cards:
  - {id: v, title: Victim, owner: P2, type: unit, might: 1, zone: base}
""" + "".join(f"""  - id: {cid}
    title: {title}
    owner: {owner}
    type: unit
    zone: base
    abilities:
      - {{id: w, timing: triggered, when: {{event: killed, card: {{type: unit}}}}, effect: [{{do: draw, target: you}}],
         text: "When a unit dies, draw 1."}}
""" for cid, title, owner in (("a", "Carrion Crow", "P1"), ("b", "Mourning Bell", "P2"), ("c", "Grave Keeper", "P1"),
                              ("d", "Funeral Drum", "P2"))) + "".join(
    f"  - {{id: {p.lower()}m{i}, title: {p} card {i}, owner: {p}, zone: main deck, type: unit}}\n"
    for p in ("P1", "P2") for i in range(3)) + """script:
  - {do: kill, cards: [v], id: death}
"""


def test_a_chain_of_four_items_is_readable():
    from rulekit.files import loads_scenario
    game = loads_scenario(CHAIN_OF_FOUR).start()
    step = max(game.timeline, key=lambda s: len(s.state.rules.stack_entries(s)))
    assert len(step.state.rules.stack_entries(step)) == 4
    for kind in ("chain", "sequence"):
        view = make_view(kind, "riftbound", game.timeline)
        view.update(step, game.timeline)
        view.png()
        assert problems(view, step) == []
    texts = " ".join(t.get_text() for t in make_view("chain", "riftbound").figure.texts)
    assert "@" not in texts


CASES = [
    ("claim-2-kill", "window-opens", "sequence"),
    ("claim-2-kill", "window-opens", "flow"),
    ("claim-2-kill", "window-opens", "windows"),
    ("claim-2-kill", "window-opens", "graph"),
    ("simultaneous-triggers-of-both-players", "rb-priority", "chain"),
    ("simultaneous-triggers-of-both-players", "rb-priority", "sequence"),
]


@pytest.mark.parametrize("name, what, view", CASES, ids=[f"{n}-{v}" for n, _, v in CASES])
def test_views_match_their_reference_images(name, what, view, tmp_path):
    path = next(p for p in FILES if p.stem == name)
    game = load_scenario(path).start()
    step = next(s for s in game.timeline if s.what == what)
    fig = draw_view(view, step, game.timeline)
    out = tmp_path / f"{name}-{view}.png"
    fig.savefig(out)
    reference = REFERENCE / f"{name}-{view}.png"
    assert reference.exists(), f"no reference image {reference.name}: run tools/update_reference_images.py"
    assert compare_images(str(reference), str(out), tol=12) is None


def test_a_drawing_shows_itself_as_a_png_in_any_notebook():
    game = load_scenario(ROOT / "scenarios" / "agot" / "claim-2-kill.yaml").start()
    fig = draw_view("windows", game.timeline[5])
    assert isinstance(fig, DrawingFigure)
    assert fig._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_unknown_view_is_refused_with_the_choices():
    game = load_scenario(ROOT / "scenarios" / "agot" / "claim-2-kill.yaml").start()
    with pytest.raises(ValueError, match="sequence, flow, windows, chain, graph"):
        draw_view("pie", game.timeline[5])


def test_the_command_line_draws_the_sequence_view(tmp_path, capsys):
    from rulekit.cli import main
    out = tmp_path / "sequence.png"
    assert main(["draw", str(ROOT / "scenarios" / "agot" / "claim-2-kill.yaml"), "--step", "36", "--view", "sequence",
                 "-o", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["app", str(tmp_path / "missing.yaml")]) == 2        # bad input, said before any server starts
    assert "missing.yaml" in capsys.readouterr().err
