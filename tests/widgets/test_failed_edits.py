"""The explorer cannot be poisoned (issue 13, point 7): failed board edits leave the model at
the last good scenario and game, say why next to the controls, and every later edit, undo and
reset still work. Driven headless, like tests/widgets/test_explorer.py."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from rulekit import Line  # noqa: E402
from rulekit.files.builder import ScenarioBuilder, forced_reaction, kneel, on, stand  # noqa: E402
from rulekit_widgets import GameModel, explorer  # noqa: E402

CLAIM = Path(__file__).resolve().parents[2] / "scenarios" / "agot" / "claim-2-kill.yaml"


def fresh():
    return explorer(CLAIM, answers=Line())


def snapshot(model):
    return model.scenario, model.game, model.cursor


def test_a_bad_value_is_refused_next_to_the_control_and_a_good_edit_then_works():
    e = fresh()
    before = snapshot(e.model)
    assert e.model.edit_card("c7", zone="graveyard") is False
    assert snapshot(e.model) == before
    assert "graveyard" in e.model.error and "graveyard" in e.board.status.value
    assert e.model.edit_card("c7", kneeling="very") is False and snapshot(e.model) == before
    assert e.model.edit_card("c7", controller="P9") is False and snapshot(e.model) == before
    e.board.card.value = "c7"
    e.board.zone.value = "hand"
    e.board.apply.click()                                      # a good edit after the failed ones
    assert e.model.error == "" and e.board.status.value == ""
    assert e.model.scenario.card("c7").zone == "hand"
    e.model.reset()
    assert e.model.game.decision is not None and e.model.scenario.card("c7").zone == "hand"


def test_removing_a_card_the_script_needs_is_refused_and_the_model_kept():
    e = fresh()
    before = snapshot(e.model)
    e.board.card.value = "c3"                                   # killed by the script
    e.board.remove.click()
    assert snapshot(e.model) == before and "c3" in e.board.status.value
    e.board.card.value = "c6"                                   # not needed by the script
    assert e.board.take_off() is True
    assert all(c.id != "c6" for c in e.model.scenario.cards) and e.model.error == ""


def _loop_model():
    b = ScenarioBuilder("almost a loop", players=["P1", "P2"])
    b.card("a", "Kneeler", owner="P1", zone="hand",
           abilities=[forced_reaction("k", on("stands", type="character"), [kneel("that card")])])
    b.card("b", "Stander", owner="P2",
           abilities=[forced_reaction("s", on("kneels", type="character"), [stand("that card")])])
    b.card("v", "Victim", owner="P2")
    return GameModel(b.kneel("v").build())


def test_an_edit_that_makes_a_runaway_loop_is_refused_and_later_edits_work():
    model = _loop_model()
    before = snapshot(model)
    assert model.edit_card("a", zone="play area") is False     # the two abilities now trigger each other
    assert "runaway loop" in model.error and snapshot(model) == before
    assert model.edit_card("b", kneeling=True) is True and model.error == ""
    model.reset()
    assert model.game.finished


def test_apply_with_nothing_chosen_is_refused_with_a_message():
    e = fresh()
    before = snapshot(e.model)
    e.board.card.value = None
    assert e.board.submit() is False
    assert "choose a card" in e.board.status.value and snapshot(e.model) == before
    assert e.model.edit_card(None, zone="hand") is False and e.model.edit_card("nope", zone="hand") is False
    assert snapshot(e.model) == before


def test_edits_keep_the_whole_line_including_answers_not_reached_yet():
    e = fresh()
    e.decision.choose("c7.i1@s:claim:killed:c3")
    e.decision.choose("c7.i1@s:claim:killed:c4")
    e.decision.choose("c6.r1@s:claim:killed:c3")
    assert e.model.edit_card("c7", zone="hand")                # Orwyn's answers cannot apply now ...
    assert any(option == "c7.i1@s:claim:killed:c3" for _, option in e.model.game.waiting_answers)
    assert e.model.edit_card("c6", kneeling=True)              # ... a second edit keeps them waiting
    assert e.model.edit_card("c7", zone="play area")           # ... and moving Orwyn back applies them again
    assert {o for _, o in e.model.game.line.items()} >= {"c7.i1@s:claim:killed:c3", "c7.i1@s:claim:killed:c4"}
    assert e.model.game.waiting_answers == ()


def test_undo_undoes_an_edit():
    e = fresh()
    e.decision.choose("c7.i1@s:claim:killed:c3")
    before = snapshot(e.model)
    assert e.model.edit_card("c7", zone="hand")
    assert not e.decision.undo.disabled
    e.decision.undo.click()
    assert snapshot(e.model)[:2] == before[:2] and e.model.scenario.card("c7").zone == "play area"
    e.decision.undo.click()                                     # and then the answer before it
    assert e.model.game.decision.key.number == 2
