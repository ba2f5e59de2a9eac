"""An effect rulekit does not simulate (rule ``rulekit.not-modelled``) is worded
"not modelled: …" wherever the views show its instruction: the text trace, the verdicts, the
stack drawing's "will:" label and the sequence drawing's lines."""
from __future__ import annotations

from pathlib import Path

from rulekit.core.explain import explain
from rulekit.files import load_scenario
from rulekit.views.draw import make_view
from rulekit.views.trace import format_trace

ROOT = Path(__file__).resolve().parents[2]
AGOT = ROOT / "scenarios" / "agot" / "not-modelled-effect-reaction.yaml"
RIFTBOUND = ROOT / "scenarios" / "riftbound" / "not-modelled-effect-trigger.yaml"
ARCHIVIST = "not modelled: look at the top 2 cards of your deck and put them back in any order"
LOOKOUT = "not modelled: look at an opponent's hand"


def _texts(view) -> str:
    fig = view.figure
    return " ".join(t.get_text() for t in fig.findobj(lambda a: hasattr(a, "get_text") and hasattr(a, "get_visible"))
                    if t.get_visible())


def _drawn(kind: str, ruleset: str, step, timeline) -> str:
    view = make_view(kind, ruleset, timeline)
    view.update(step, timeline)
    view.png()
    return " ".join(_texts(view).split())      # the labels wrap: compare the words


def test_the_trace_says_not_modelled_and_that_nothing_changes():
    game = load_scenario(AGOT).start()
    trace = format_trace(game.timeline)
    line = next(line for line in trace.splitlines() if "[rulekit.not-modelled]" in line)
    assert "Not modelled: look at the top 2 cards of your deck and put them back in any order" in line
    assert "nothing in the game state changes and nothing occurs" in line
    assert "the file says it changes the game state" in line


def test_the_refused_ability_says_why_in_its_verdict_and_in_explain():
    game = load_scenario(AGOT).start()
    step = next(s for s in game.timeline if s.what == "window-opens")
    [why] = [v for v in step.verdicts if v.card == "watcher"]
    assert why.detail == "not modelled: look at your opponent's hand — the file says it would not change the game state"
    said = str(explain(step, "watcher", "r"))
    assert "its effect could not change the game state (not modelled: look at your opponent's hand" in said


def test_the_stack_drawing_labels_a_resolving_ability_with_its_not_modelled_effect():
    game = load_scenario(AGOT).start()
    step = next(s for s in game.timeline if s.what == "not-modelled")
    assert f"will: {ARCHIVIST}" in _drawn("chain", "agot", step, game.timeline)
    assert "Not modelled: look at the top 2 cards" in _drawn("sequence", "agot", step, game.timeline)


def test_the_chain_drawing_labels_each_item_with_its_not_modelled_effect():
    game = load_scenario(RIFTBOUND).start()
    step = next(s for s in game.timeline if s.what == "rb-priority")
    drawn = _drawn("chain", "riftbound", step, game.timeline)
    assert f"will: {LOOKOUT}" in drawn
    assert "will: not modelled: look at the top 3 cards of your main deck" in drawn
    resolving = next(s for s in game.timeline if s.what == "rb-not-modelled")
    assert "Not modelled: look at an opponent's hand" in _drawn("sequence", "riftbound", resolving, game.timeline)
