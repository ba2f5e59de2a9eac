"""Every view of a step, drawn with matplotlib: the sequence diagram, the flowchart, the
windows, the Chain and the state graph (:data:`VIEWS`). :func:`draw_view` draws one;
:func:`make_view` gives a view object to update in place. What the views share is
:mod:`rulekit.views.figure`. Importing rulekit does not import matplotlib; importing this module does.
"""
from __future__ import annotations

from matplotlib.figure import Figure

from rulekit.core.timeline import Step
from rulekit.views.draw_graph import StateGraphView
from rulekit.views.draw_sequence import SequenceView
from rulekit.views.draw_views import MARK_RELATIONS, ChainView, FlowView, WindowsView
from rulekit.views.figure import (  # noqa: F401  (the names drawings and widgets use, in one place)
    CURRENT, DPI, EVENT, IDLE, MIN_FONT, PLAYER_COLORS, RELATION_STYLES, VISITED, DrawingFigure, View, _arrowhead,
    chars, fit, key, player_color, step_text, title_text, width_px, wrap,
)

# -- every view --------------------------------------------------------------------------------------------
VIEWS = ("sequence", "flow", "windows", "chain", "graph")


def make_view(view: str, ruleset: str, steps: tuple[Step, ...] | None = None, ax=None) -> View:
    """A new view object of kind ``view`` (one of :data:`VIEWS`), to :meth:`~View.update` in place."""
    if view == "sequence":
        return SequenceView(ax)
    if view in ("flow", "windows", "chain"):
        return FlowView(ruleset, ax, steps) if view == "flow" else WindowsView(ax) if view == "windows" else ChainView(ax)
    if view == "graph":
        return StateGraphView(ax)
    raise ValueError(f"no view {view!r}; the views are {', '.join(VIEWS)}")


def draw_view(view: str, step: Step, steps: tuple[Step, ...] | None = None, ax=None) -> Figure:
    """One of :data:`VIEWS` for ``step``; ``steps`` (the timeline) gives the sequence diagram
    and the flowchart the path around the step."""
    v = make_view(view, step.state.ruleset, steps, ax)
    v.update(step, steps)
    if ax is None:
        v.crop()
    return v.figure


def draw_state(step: Step, ax=None) -> Figure:
    return draw_view("graph", step, None, ax)


def draw_sequence(step: Step, steps: tuple[Step, ...] | None = None, ax=None) -> Figure:
    return draw_view("sequence", step, steps, ax)


def draw_flow(step: Step, ax=None, steps: tuple[Step, ...] | None = None) -> Figure:
    return draw_view("flow", step, steps, ax)


def draw_windows(step: Step, ax=None) -> Figure:
    return draw_view("windows", step, None, ax)


def draw_chain(step: Step, ax=None, previous: Step | None = None) -> Figure:
    return draw_view("chain", step, None, ax)
