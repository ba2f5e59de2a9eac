"""\"Then\": the part after it resolves only when the part before it resolved in full, judged by
what actually happened (the cards actually drawn)."""
from __future__ import annotations

from shipped_agot import play


def test_then_is_judged_by_the_cards_actually_drawn():
    game = play("then-draw-from-a-short-deck")
    assert [s.what for s in game.timeline].count("then-skipped") == 1
    assert game.state.cards["counsellor"].power == 0


def test_then_does_not_resolve_when_the_part_before_failed():
    game = play("then-whose-first-part-fails")
    assert [s.what for s in game.timeline].count("then-skipped") == 1
