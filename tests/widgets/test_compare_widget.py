"""The ruling comparison widget, driven without a browser."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from rulekit.core.errors import RulekitError  # noqa: E402
from rulekit_widgets import RulingComparison, compare_rulings  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def test_it_shows_both_readings_side_by_side_and_switches_rulings():
    view = compare_rulings(ROOT / "scenarios" / "riftbound" / "ilse-at-base.yaml")
    assert isinstance(view, RulingComparison)
    assert view.ruling.value == "rb.optional"
    assert (view.option_a.value, view.option_b.value) == ("when-fulfilled", "at-resolution")
    assert "A: when-fulfilled" in view.columns.value and "B: at-resolution" in view.columns.value
    assert view.result is not None and view.differences.value
    view.ruling.value = "rb.source-info"
    assert (view.option_a.value, view.option_b.value) == ("null", "last-known")
    assert "B: last-known" in view.columns.value
    view.option_b.value = "null"
    assert view.result.same
    assert "same timeline" in view.differences.value


def test_an_unknown_ruling_is_refused_with_the_list():
    with pytest.raises(RulekitError, match="rb.optional"):
        compare_rulings(ROOT / "scenarios" / "riftbound" / "ilse-at-base.yaml", ruling="rb.nope")


def test_card_titles_are_escaped_in_the_columns():
    from dataclasses import replace
    from rulekit.files import load_scenario
    loaded = load_scenario(ROOT / "scenarios" / "riftbound" / "ilse-at-base.yaml")
    cards = tuple(replace(c, title="<b>x</b>") if i == 0 else c for i, c in enumerate(loaded.scenario.cards))
    view = RulingComparison(replace(loaded.scenario, cards=cards), loaded.answers)
    assert "<b>x</b>" not in view.columns.value
