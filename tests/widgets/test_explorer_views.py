"""The explorer as a teacher projects it: options, why-not and the board in names, the two numbers
apart, "branch here", one live drawing per kind redrawn only when shown, and a note where the
widgets cannot render."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from rulekit import Line  # noqa: E402
from rulekit_widgets import explorer  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CLAIM = ROOT / "scenarios" / "agot" / "claim-2-kill.yaml"
ID = re.compile(r"\b[A-Za-z0-9_\-]+(?:[.@:][A-Za-z0-9_\-]+)+")


def test_options_prompt_log_and_why_not_name_cards_not_ids():
    e = explorer(CLAIM, answers=Line())
    labels = [b.description for b in e.decision.buttons.children]
    assert "Maester Orwyn's interrupt, for Hollowfield Steward killed" in labels
    assert not any(ID.search(label) for label in labels)
    assert "#" in e.decision.prompt.value and "step 4, interrupt window" in e.decision.prompt.value
    assert not ID.search(e.log.widget.value.split("<blockquote>")[0])
    assert any("Barrowhill Raven — reaction" in label for label, _ in e.why.choice.options)
    e.why.choice.value = "c6.r1"
    assert "Barrowhill Raven" in e.why.answer_html.value and "(c6.r1)" not in e.why.answer_html.value


def test_riftbound_options_are_in_the_rules_words():
    path = ROOT / "scenarios" / "riftbound" / "action-spell-in-the-main-phase.yaml"
    e = explorer(path, answers=Line())
    seen = []
    for _ in range(30):
        decision = e.model.game.decision
        if decision is None:
            break
        seen += [b.description for b in e.decision.buttons.children]
        e.decision.choose(decision.options[-1].id)
    assert seen and not any(ID.search(label) for label in seen), seen
    assert any(" — " in label for label in seen), seen


def test_the_timeline_writes_the_two_numbers_apart_and_branches_at_an_earlier_answer():
    e = explorer(CLAIM, answers=Line())
    first = e.model.game.decision.key
    e.decision.choose("c7.i1@s:claim:killed:c3")
    e.decision.choose("c7.i1@s:claim:killed:c4")
    answered = next(s for s in e.model.steps if s.answer == "c7.i1@s:claim:killed:c3")
    e.timeline.slider.value = answered.number
    assert "#%d · step 4, interrupt window" % answered.number in e.timeline.where.value
    e.timeline.branch.click()
    assert e.model.game.decision.key == first          # that decision is open again …
    e.decision.choose("pass")                          # … and can be answered differently
    assert e.model.steps[answered.number].answer == "pass"
    e.decision.undo.click()                            # undo returns to the game before the branch …
    e.decision.undo.click()
    assert any(s.answer == "c7.i1@s:claim:killed:c4" for s in e.model.steps)


def test_one_live_view_per_kind_redrawn_only_when_shown_and_never_for_a_message():
    e = explorer(CLAIM, answers=Line())
    d = e.drawing
    assert d.which.options[0] == "sequence" and d.image.value[:8] == b"\x89PNG\r\n\x1a\n"
    assert int(d.image.width) == 800                   # shown at the size it is drawn
    first = d.view()
    before = d.image.value
    e.model.message = "a message"
    assert d.image.value is before                     # a message redraws nothing
    e.decision.choose("c7.i1@s:claim:killed:c3")
    assert d.image.value != before and d.view() is first
    e.tabs.selected_index = 1                          # the why-not tab: the drawing is hidden
    hidden = d.image.value
    e.decision.choose("pass")
    assert d.image.value is hidden and d.stale
    e.tabs.selected_index = 0                          # shown again: it catches up
    assert d.image.value != hidden and not d.stale
    for kind in d.which.options:
        d.which.value = kind
        assert d.image.value[:8] == b"\x89PNG\r\n\x1a\n"
    d.which.value = "sequence"
    assert d.view() is first


def test_the_board_editor_starts_with_a_card_chosen_names_cards_and_refuses_an_empty_apply():
    e = explorer(CLAIM, answers=Line())
    assert e.board.card.value is not None
    assert all("(" not in label for label, _ in e.board.card.options)
    game = e.model.game
    e.board.apply.click()                              # nothing changed: refused, said next to the controls
    assert e.model.game is game and "nothing to apply" in e.board.status.value


def test_the_explorer_leaves_a_clear_note_where_widgets_cannot_render():
    e = explorer(CLAIM, answers=Line())
    bundle = e._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "Run this cell in Jupyter" in bundle["text/plain"] and "Claim 2 military kill" in bundle["text/html"]


def test_the_board_tab_shows_the_cards_as_faces_beside_its_controls_and_follows_an_edit():
    """Issue 29, point 6: the board tab shows every card not in a draw deck as a face, beside the
    controls that change them; an edit redraws the faces."""
    e = explorer(CLAIM, answers=Line())
    controls, faces = e.board.widget.children
    assert e.board.card in controls.children and faces is e.board.faces
    scenario = e.model.scenario
    shown = [c for c in scenario.cards if c.zone != "draw deck"]
    assert faces.value.count("class='rk-card'") == len(shown)
    assert all(c.title in faces.value for c in shown) and "3 card(s), face down" in faces.value
    assert "Maester Orwyn</div><div style='color:#555;font-size:0.9em'>character · in the play area" in faces.value
    assert e.model.edit_card("c7", zone="hand")
    assert "Maester Orwyn</div><div style='color:#555;font-size:0.9em'>character · in the hand" in e.board.faces.value
