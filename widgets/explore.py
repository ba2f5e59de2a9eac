"""A widget listing the outcomes of every line of play, loading an outcome's example line into
the explorer.

:class:`OutcomesView` observes the same :class:`~rulekit_widgets.model.GameModel` as the
explorer's views: choosing an outcome and pressing "load" replays that outcome's first line
(every answer, keyed), so the timeline, the log and the drawings show how it comes about.
"Explore from here" walks every line from the game shown instead of from the start.
"""
from __future__ import annotations

import html

import ipywidgets as w

from rulekit.explore import explore
from rulekit.explore.result import SHOWN_RUNS, left_out

from rulekit_widgets.model import GameModel


#: The outcomes the list offers (the most lines first); a walk with more says how many are left out.
LISTED = 500


class OutcomesView:
    """The outcomes (lines reaching each, what changes), which choices matter, and buttons to
    load an outcome's example line or to explore again from the game shown."""

    def __init__(self, model: GameModel, result=None, *, limit=20_000):
        self.model = model
        self.limit = limit
        self.outcomes = w.Select(options=[], rows=8, layout=w.Layout(width="100%"))
        self.outcomes.add_class("rk-outcomes")
        self.load = w.Button(description="load the example line", tooltip="replay this outcome's first line")
        self.load.add_class("rk-outcome-load")
        self.again = w.Button(description="explore from here", tooltip="walk every line from the game shown")
        self.again.add_class("rk-outcome-explore")
        self.info = w.HTML()
        self.load.on_click(lambda _: self.load_selected())
        self.again.on_click(lambda _: self.explore_here())
        self.widget = w.VBox([self.info, self.outcomes, w.HBox([self.load, self.again])])
        self.widget.add_class("rk-outcomes-view")
        self.show(result if result is not None else explore(model.scenario, limit=limit, progress=False))

    def show(self, result) -> None:
        self.result = result
        listed = result.outcomes[:LISTED]
        self.outcomes.options = [(f"#{o.number} — {o.lines:,} line(s) — {o.summary}", o.number) for o in listed]
        if result.outcomes:
            self.outcomes.value = result.outcomes[0].number
        matters = "".join(f"<li>{html.escape(said)}</li>" for c, said in
                          zip(result.choices, result.choice_lines(runs=SHOWN_RUNS)) if c.matters) \
            or "<li>none: every answer reaches the same outcomes</li>"
        incomplete = "" if result.complete else f"<p><b>Incomplete:</b> {html.escape(result.stopped)}</p>"
        common = f"<p>In every outcome: {html.escape(result.common)}</p>" if result.common else ""
        more = (f"; the {LISTED} with the most lines are listed ({html.escape(left_out(result.outcomes, LISTED))})"
                if len(result.outcomes) > LISTED else "")
        self.info.value = (f"<p>{len(result.outcomes)} outcome(s) over {result.lines:,} line(s) "
                           f"({result.states:,} positions walked){more}</p>{incomplete}{common}"
                           f"<p>Choices that matter:</p><ul>{matters}</ul>")

    def load_selected(self) -> None:
        if self.outcomes.value is None:
            return
        outcome = self.result.outcomes[self.outcomes.value - 1]
        self.model.load(outcome.example)

    def explore_here(self) -> None:
        self.show(explore(self.model.game, limit=self.limit, progress=False))

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget)


def explore_outcomes(source, result=None, **kwargs):
    """An explorer for a scenario (or a file's path) with its outcomes listed above it."""
    from rulekit_widgets.views import explorer
    e = explorer(source, **kwargs)
    view = OutcomesView(e.model, result)
    box = w.VBox([view.widget, e.widget])
    box.explorer, box.outcomes = e, view
    return box
