"""The widgets, driven without a browser: set traits, click buttons, read values."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from rulekit import Line  # noqa: E402
from rulekit_widgets import GameModel, explorer  # noqa: E402
from rulekit.files import load_scenario  # noqa: E402

CLAIM = Path(__file__).resolve().parents[2] / "scenarios" / "agot" / "claim-2-kill.yaml"


def fresh():
    return explorer(CLAIM, answers=Line())


def test_import_rulekit_widgets_is_separate_from_rulekit():
    import rulekit
    assert not hasattr(rulekit, "GameModel")


def test_clicking_an_option_answers_the_decision_and_moves_the_cursor_to_the_new_step():
    e = fresh()
    assert [b.tooltip for b in e.decision.buttons.children] == [
        "pass", "c7.i1@s:claim:killed:c3", "c7.i1@s:claim:killed:c4"]
    before = len(e.model.steps)
    e.decision.buttons.children[1].click()
    assert e.model.game.decision.key.number == 4
    assert e.model.cursor == len(e.model.steps) - 1 > before - 1
    assert e.timeline.slider.max == len(e.model.steps) - 1 and e.timeline.slider.value == e.model.cursor


def test_undo_and_play_the_defaults():
    e = fresh()
    e.decision.buttons.children[1].click()
    e.decision.undo.click()
    assert e.model.game.decision.key.number == 2
    e.decision.defaults.click()
    assert e.model.game.finished and e.decision.defaults.disabled
    assert "no decision is pending" in e.decision.prompt.value


def test_an_illegal_answer_is_shown_and_changes_nothing():
    e = fresh()
    game = e.model.game
    assert e.decision.choose("c6.r1@s:claim:killed:c3") is False
    assert e.model.game is game and "legal options" in e.log.widget.value


def test_moving_the_slider_shows_that_step_with_its_rule_and_why_not():
    e = fresh()
    e.decision.defaults.click()
    opened = next(s for s in e.model.steps if s.what == "window-opens")
    e.timeline.slider.value = opened.number
    assert e.model.cursor == opened.number
    assert "#5 · step 4, interrupt window</b> — The window opens; P1 has" in e.log.widget.value   # names, not ids
    assert "first player has the first opportunity" in e.log.widget.value
    e.why.choice.value = "c6.r1"
    assert "not the right timing" in e.why.answer_html.value
    e.timeline.next.click()
    assert e.model.cursor == opened.number + 1


def test_editing_the_board_replays_the_line_and_reports_answers_that_no_longer_apply():
    e = fresh()
    e.decision.choose("c7.i1@s:claim:killed:c3")
    e.decision.choose("c7.i1@s:claim:killed:c4")
    e.decision.choose("c6.r1@s:claim:killed:c3")
    e.board.card.value = "c7"
    e.board.zone.value = "hand"
    e.board.apply.click()
    assert e.model.scenario.card("c7").zone == "hand"
    assert "not applied yet" in e.model.message and "c7.i1@s:claim:killed:c3" in e.model.message
    assert e.model.game.decision is not None and e.model.game.decision.key.at == "s:claim:reaction"


def test_the_drawing_view_renders_each_view_as_a_png():
    e = fresh()
    for view in ("flow", "windows", "chain", "graph"):
        e.drawing.which.value = view
        assert e.drawing.image.value[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_riftbound_game_in_the_explorer():
    path = CLAIM.parents[1] / "riftbound" / "ilse-killed-in-response.yaml"
    model = GameModel(load_scenario(path).scenario)
    decision = model.game.decision                      # P1 had nothing to play and passed
    assert decision.key.at == "chain:s:end" and decision.chooser == "P2"
    assert decision.legal_ids() == ("pass", "strike.x")
    assert model.answer("strike.x") and model.game.decision.key.kind.value == "choose target"
