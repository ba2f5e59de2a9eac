"""The widget model's public ``scenario`` trait (issue 27, point 11): an invalid scenario set from
outside is refused and leaves the explorer as it was — reset, edits and answers still work; a valid
one starts afresh."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

import traitlets  # noqa: E402

from rulekit import Line  # noqa: E402
from rulekit.files import load_scenario  # noqa: E402
from rulekit_widgets import explorer  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CLAIM = ROOT / "scenarios" / "agot" / "claim-2-kill.yaml"


@pytest.mark.parametrize("bad", [
    lambda s: dataclasses.replace(s, first_player="P9"),
    lambda s: dataclasses.replace(s, cards=s.cards + s.cards[:1]),          # a card id twice
    lambda s: dataclasses.replace(s, ruleset="chess"),
])
def test_an_invalid_scenario_is_refused_and_the_explorer_keeps_working(bad):
    e = explorer(CLAIM, answers=Line())
    before = e.model.scenario, e.model.game
    with pytest.raises(traitlets.TraitError):
        e.model.scenario = bad(e.model.scenario)
    assert (e.model.scenario, e.model.game) == before
    assert "the scenario was not set" in e.model.error
    e.model.reset()                                                        # today's failure: reset raised
    assert e.model.edit_card("c7", zone="hand") and e.model.scenario.card("c7").zone == "hand"
    assert e.model.error == ""


def test_a_valid_scenario_set_from_outside_starts_afresh():
    e = explorer(CLAIM, answers=Line())
    other = load_scenario(ROOT / "scenarios" / "agot" / "when-and-after-the-dying-card.yaml").scenario
    e.model.scenario = other
    assert e.model.game.scenario.title == other.title and e.model.scenario == e.model.game.scenario
    assert e.model.history == [] and e.model.error == ""
    e.model.reset()
    assert e.model.game.scenario.title == other.title
