"""The views' workloads of one side of ``bench_views.py --against REV`` (read by ``side.py``).

Only calls every revision since 2c99293 has: ``rulekit.load``, ``Game.start``, the widget model
``rulekit_widgets.model.GameModel`` (``edit_card``) and the drawing widget
``rulekit_widgets.views.DrawingView(model, view)``, which redraws the step shown when the game
changes. A mode is ``edit:VIEW`` — a board edit through the widget model: the whole line replayed
on the edited board, then the drawing widget's picture made again (rendered on an Agg canvas and
encoded as the PNG the page shows) — or ``replay``: the same edit's replay alone, through
``Game.start``. A view the revision does not have is not measurable (``None``).
"""
from __future__ import annotations

import itertools
from dataclasses import replace

EDITED = "c5"       # the card the edit kneels and stands in turn (a character the script leaves alone)


def _every_answer(game):
    """Every answer of the game played out (defaults included), keyed, so the edit replays to the end."""
    from rulekit import Line
    line = Line()
    for step in game.timeline:
        decision = getattr(step, "decision", None)
        answer = getattr(step, "answer", None)
        if decision is not None and answer is not None:
            line = line.with_answer(decision.key, answer)
    return line


def _kneeled(scenario, kneeling: bool):
    return replace(scenario, cards=tuple(replace(c, kneeling=kneeling) if c.id == EDITED else c
                                         for c in scenario.cards))


def workload(path: str, mode: str):
    """A function making one edit of ``mode``, or None when this revision cannot."""
    import matplotlib
    matplotlib.use("Agg")
    import rulekit
    scenario = rulekit.load(path).scenario
    line = _every_answer(rulekit.Game.start(scenario, play_defaults=True))
    flips = itertools.count()
    if mode == "replay":
        return lambda: rulekit.Game.start(_kneeled(scenario, next(flips) % 2 == 0), line)
    view = mode.split(":", 1)[1]
    try:
        from rulekit_widgets.model import GameModel
        from rulekit_widgets.views import DrawingView
    except ImportError:
        return None
    model = GameModel(scenario, line)
    try:
        drawing = DrawingView(model, view)
    except Exception:   # noqa: BLE001 - the widget refuses a view this revision does not have
        return None
    drawn = []
    refresh = drawing.refresh

    def counted():
        drawn.append(1)
        refresh()
    drawing.refresh = counted          # the widget calls self.refresh() when the game changes

    def edit():
        before = len(drawn)
        model.edit_card(EDITED, kneeling=next(flips) % 2 == 0)
        if len(drawn) == before:
            raise RuntimeError("the edit did not redraw the drawing: the benchmark measures nothing")
    return edit

