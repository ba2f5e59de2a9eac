"""The explorer saves the game it shows as a ruling page: the page ``rulekit report`` writes,
through the same function, refusing to replace a file unless asked."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from rulekit import Line  # noqa: E402
from rulekit.report import ruling_page  # noqa: E402
from rulekit_widgets import explorer  # noqa: E402

OPTIONAL = Path(__file__).resolve().parents[2] / "scenarios" / "riftbound" / "optional-trigger-declined.yaml"


def test_the_explorer_saves_the_page_of_the_game_it_shows(tmp_path):
    e = explorer(OPTIONAL)
    path = tmp_path / "shown.html"
    assert e.save_page(path) == path
    assert path.read_text() == ruling_page(e.model.game)             # the one page, the one function
    assert "wrote" in e.saver.status.value

    e.model.load(Line())                                              # every default: P1 accepts the first time
    again = tmp_path / "defaults.html"
    e.saver.path.value = str(again)
    e.saver.button.click()                                            # the button writes it too
    assert again.read_text() == ruling_page(e.model.game) != path.read_text()


def test_an_existing_page_is_kept_unless_replace_is_ticked(tmp_path):
    e = explorer(OPTIONAL)
    path = tmp_path / "page.html"
    path.write_text("kept")
    assert e.save_page(path) is None
    assert "already exists" in e.saver.status.value and "replace an existing file" in e.saver.status.value
    assert path.read_text() == "kept"
    e.saver.path.value, e.saver.force.value = str(path), True
    e.saver.button.click()
    assert path.read_text().startswith("<!DOCTYPE html>")


def test_a_page_without_a_name_or_in_a_missing_folder_is_refused_with_the_reason(tmp_path):
    e = explorer(OPTIONAL)
    e.saver.path.value = "  "
    e.saver.button.click()
    assert "type a file name" in e.saver.status.value
    assert e.save_page(tmp_path / "nowhere" / "page.html") is None
    assert "does not exist" in e.saver.status.value
