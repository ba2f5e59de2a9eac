"""The card text panel (issue 26, point 5): type a card's printed text, see what it reads as (or
the phrase rulekit cannot read, next to the field), give it to a card of the board and replay.
Driven headless, like tests/widgets/test_explorer.py."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from rulekit import Line  # noqa: E402
from rulekit_widgets import explorer  # noqa: E402

CLAIM = Path(__file__).resolve().parents[2] / "scenarios" / "agot" / "claim-2-kill.yaml"


def test_the_panel_starts_from_the_cards_own_text_and_previews_its_reading():
    e = explorer(CLAIM, answers=Line())
    panel = e.card_text
    panel.card.value = "c6"
    assert panel.text.value == "Reaction: After a character is killed, draw 1 card."
    assert "read as:" in panel.preview.value and "reaction" in panel.preview.value


def test_a_typed_text_is_given_to_the_card_and_the_game_replays():
    e = explorer(CLAIM, answers=Line())
    panel = e.card_text
    panel.card.value = "c6"
    panel.text.value = "Forced Reaction: After a character is killed, draw 1 card."
    assert "forced-reaction" in panel.preview.value
    assert panel.submit() is True and e.model.error == ""
    (ability,) = e.model.scenario.card("c6").abilities
    assert ability.timing.value == "forced reaction" and ability.id == "forced-reaction"
    # forced: it resolves once for each of the two kills, with nobody choosing to
    e.model.play_defaults()
    assert len(e.model.game.state.cards_in("hand", "P1")) == 2


def test_a_text_not_read_is_refused_next_to_the_field_and_changes_nothing():
    e = explorer(CLAIM, answers=Line())
    panel = e.card_text
    panel.card.value = "c6"
    before = e.model.scenario, e.model.game
    panel.text.value = "Reaction: After a character is killed, juggle 3 torches."
    assert "cannot read" in panel.preview.value and "juggle 3 torches" in panel.preview.value
    assert panel.submit() is False
    assert (e.model.scenario, e.model.game) == before
    assert "juggle 3 torches" in panel.status.value
    panel.text.value = ""
    assert panel.submit() is False and "type Barrowhill Raven&#x27;s printed text first" in panel.status.value


LIBRARY_PACK = Path(__file__).resolve().parents[1] / "library" / "data" / "agot-pack.json"


def test_a_card_of_the_library_gives_its_text_by_name(tmp_path, monkeypatch):
    from rulekit.library.importing import import_file
    monkeypatch.setenv("RULEKIT_DATA", str(tmp_path / "data"))
    import_file(str(LIBRARY_PACK))
    e = explorer(CLAIM, answers=Line())
    panel = e.card_text
    panel.card.value = "c6"
    panel.library.value = "saltmarsh chronicler"            # by name, case ignored
    assert panel.take_from_library() is True
    assert panel.text.value == "Reaction: After you win a challenge, draw 1 card."
    assert "read as:" in panel.preview.value
    panel.library.value = "Saltmarsh Chronicle"
    assert panel.take_from_library() is False
    assert "Saltmarsh Chronicler" in panel.status.value     # the nearest name, next to the field
    assert panel.text.value == "Reaction: After you win a challenge, draw 1 card."


def test_a_new_card_with_typed_text_is_added_to_the_board():
    e = explorer(CLAIM, answers=Line())
    panel = e.card_text
    panel.text.value = "Forced Reaction: After a character is killed, draw 1 card."
    panel.new_title.value = "Gravewatch Clerk"
    panel.owner.value, panel.kind.value, panel.zone.value = "P2", "location", "play area"
    assert panel.add_card() is True, e.model.error
    clerk = e.model.scenario.card("gravewatch-clerk")
    assert (clerk.owner, clerk.type, clerk.zone) == ("P2", "location", "play area")
    assert clerk.abilities[0].id == "forced-reaction"
    e.model.play_defaults()
    assert len(e.model.game.state.cards_in("hand", "P2")) >= 2        # its forced draw, once for each kill
    panel.new_title.value = ""
    assert panel.add_card() is False and "a name and a printed text" in panel.status.value


RIFT = Path(__file__).resolve().parents[2] / "scenarios" / "riftbound"


def test_a_library_card_is_added_with_its_own_fields(tmp_path, monkeypatch):
    from rulekit.library.importing import import_file
    monkeypatch.setenv("RULEKIT_DATA", str(tmp_path / "data"))
    import_file(str(Path(__file__).resolve().parents[1] / "library" / "data" / "riftbound-cards.json"))
    board = next(p for p in sorted(RIFT.glob("*.yaml")))
    e = explorer(board, answers=Line())
    panel = e.card_text
    panel.library.value = "Ember Scout"
    assert panel.take_from_library() is True
    assert panel.new_title.value == "Ember Scout" and panel.kind.value == "unit"
    panel.zone.value = "base"
    assert panel.add_card() is True, e.model.error
    scout = e.model.scenario.card("ember-scout")
    assert scout.might == 2 and scout.abilities and scout.abilities[0].when is not None
