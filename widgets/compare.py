"""The same board under two readings, side by side, with a ruling switch.

:class:`RulingComparison` holds one scenario; the reader picks a ruling of its ruleset and the
option for each side. Both games are played to the end with the file's answers (defaults
elsewhere) by :func:`rulekit.compare.compare`; the two timelines are shown in two columns, the
first step where they part is highlighted with the rule or ruling that decided it, and the
outcome differences are listed below. Like every view here, it can be driven without a browser
by setting its controls' values.
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from rulekit import Game
from rulekit.views.compare import compare, with_rulings
from rulekit.core.errors import RulekitError
from rulekit.rulesets import get as get_ruleset


def _column(title: str, steps, part_at: int | None, namer) -> str:
    rows = []
    for step in steps:
        style = ""
        if part_at is not None and step.number == part_at:
            style = " style='background:#fde0c5;font-weight:bold'"
        elif part_at is not None and step.number > part_at:
            style = " style='color:#555'"
        ruling = step.args_dict().get("ruling")
        decided = f" <i>(ruling {html.escape(ruling)})</i>" if ruling else ""
        rows.append(f"<li{style}>#{step.number} · {html.escape(namer.words(step.describe()))}{decided}</li>")
    return (f"<div style='flex:1;min-width:0'><b>{html.escape(title)}</b>"
            f"<ol style='list-style:none;padding-left:0;font-size:90%'>{''.join(rows)}</ol></div>")


class RulingComparison:
    """Two readings of one board, side by side (see the module docstring)."""

    def __init__(self, scenario, answers=None, ruling: str | None = None):
        self.scenario, self.answers = scenario, answers
        rules = get_ruleset(scenario.ruleset)
        if not rules.rulings:
            raise RulekitError(f"{rules.name} declares no rulings to compare")
        names = [r.name for r in rules.rulings]
        if ruling is not None and ruling not in names:
            raise RulekitError(f"{rules.name} has no ruling {ruling!r}; its rulings: {', '.join(names)}")
        self.ruling = widgets.Dropdown(options=names, value=ruling or names[0], description="ruling")
        self.option_a = widgets.Dropdown(description="A")
        self.option_b = widgets.Dropdown(description="B")
        self.question = widgets.HTML()
        self.columns = widgets.HTML()
        self.differences = widgets.HTML()
        for w, cls in ((self.ruling, "rk-ruling"), (self.option_a, "rk-option-a"), (self.option_b, "rk-option-b"),
                       (self.columns, "rk-compare-columns"), (self.differences, "rk-compare-outcome")):
            w.add_class(cls)
        self.result = None
        self._options_for(self.ruling.value)
        self.ruling.observe(self._ruling_changed, "value")
        self.option_a.observe(lambda _: self.refresh(), "value")
        self.option_b.observe(lambda _: self.refresh(), "value")
        self.widget = widgets.VBox([widgets.HBox([self.ruling, self.option_a, self.option_b]), self.question,
                                    self.columns, self.differences])
        self.refresh()

    def _options_for(self, name: str) -> None:
        ruling = get_ruleset(self.scenario.ruleset).ruling(name)
        options = list(ruling.option_names())
        self._quiet = True
        self.option_a.options, self.option_b.options = options, options
        self.option_a.value, self.option_b.value = options[0], options[1]
        self._quiet = False

    def _ruling_changed(self, change) -> None:
        self._options_for(change["new"])
        self.refresh()

    def refresh(self) -> None:
        if getattr(self, "_quiet", False):
            return
        rules = get_ruleset(self.scenario.ruleset)
        ruling = rules.ruling(self.ruling.value)
        self.question.value = (f"<p><b>{html.escape(ruling.question)}</b><br>A: {html.escape(self.option_a.value)} — "
                               f"{html.escape(ruling.option(self.option_a.value).summary)}<br>B: "
                               f"{html.escape(self.option_b.value)} — "
                               f"{html.escape(ruling.option(self.option_b.value).summary)}</p>")
        game_a = Game.start(with_rulings(self.scenario, {ruling.name: self.option_a.value}), self.answers,
                            play_defaults=True)
        game_b = Game.start(with_rulings(self.scenario, {ruling.name: self.option_b.value}), self.answers,
                            play_defaults=True)
        self.result = compare(game_a, game_b)
        part = self.result.first_difference.number if self.result.first_difference else None
        self.columns.value = ("<div style='display:flex;gap:1em'>"
                              + _column(f"A: {self.option_a.value}", game_a.timeline, part, self.result.namer)
                              + _column(f"B: {self.option_b.value}", game_b.timeline, part, self.result.namer) + "</div>")
        if self.result.same:
            self.differences.value = "<p>Both readings give the same timeline and the same outcome here.</p>"
            return
        lines = []
        if self.result.first_difference is not None:
            d = self.result.first_difference
            lines.append(f"The timelines part at #{d.number}" + (
                f" (decided by {html.escape(d.ruling_a or d.ruling_b)})" if d.ruling_a or d.ruling_b else
                f" (rule {html.escape(d.rule_a or d.rule_b)})") + ".")
        if self.result.outcome_differences:
            lines.append("The outcomes differ in: " + "; ".join(html.escape(str(x)) for x in self.result.differences))
        else:
            lines.append("The outcome is the same.")
        self.differences.value = "<p>" + "<br>".join(lines) + "</p>"

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget)


def compare_rulings(source, ruling: str | None = None, answers=None) -> RulingComparison:
    """A side-by-side comparison of a scenario (a path, a loaded file or a :class:`Scenario`)
    under two options of one of its ruleset's rulings."""
    from rulekit.files.document import LoadedScenario
    from rulekit.files.scenario_files import load_scenario
    if isinstance(source, LoadedScenario):
        loaded = source
    elif hasattr(source, "ruleset") and hasattr(source, "script"):
        return RulingComparison(source, answers, ruling)
    else:
        loaded = load_scenario(source)
    return RulingComparison(loaded.scenario, answers if answers is not None else loaded.answers, ruling)
