"""\"Then\": the part after it resolves only when the part before it resolved in full, judged by
what actually happened (the cards actually drawn, a kill that was saved), and, for a part that was
replaced, by the ruling agot.then-after-replacement."""
from __future__ import annotations

from shipped_agot import play


def test_then_is_judged_by_the_cards_actually_drawn():
    game = play("then-draw-from-a-short-deck")
    assert [s.what for s in game.timeline].count("then-skipped") == 1
    assert game.state.cards["counsellor"].power == 0


def test_then_does_not_resolve_when_the_part_before_failed():
    game = play("then-whose-first-part-fails")
    assert [s.what for s in game.timeline].count("then-skipped") == 1


def test_a_saved_pre_then_kill_stops_the_then_part():
    """Rules Reference, "Save": a saved card is not considered killed, so the kill before "then"
    did not resolve in full ("The word 'Then'")."""
    game = play("then-after-a-saved-kill")
    assert [s.what for s in game.timeline].count("then-skipped") == 1
    assert game.state.cards["militia"].zone == "play area" and game.state.cards["block"].power == 0


RULING = "agot.then-after-replacement"


def test_the_replaced_pre_then_ruling_changes_the_outcome_and_the_deciding_step_names_it():
    default = play("then-after-a-replaced-kill")
    assert default.state.rulings[RULING] == "occurred"
    switched = play("then-after-a-replaced-kill", **{RULING: "not-in-full"})
    hand = lambda g: [c.id for c in g.state.cards_in("hand", "P1")]      # noqa: E731
    assert hand(default) == ["p1d0"] and hand(switched) == []
    for game, option in ((default, "occurred"), (switched, "not-in-full")):
        deciding = [s for s in game.timeline if s.args_dict().get("ruling") == f"{RULING}={option}"]
        assert [s.what for s in deciding] == (["instruction"] if option == "occurred" else ["then-skipped"])
        # the kill still counts as having occurred under both readings: the Shrine reacts to it
        assert game.state.cards["shrine"].power == 1


def test_the_file_of_the_other_option_meets_its_own_expect():
    from shipped_agot import AGOT
    from rulekit.files import load_scenario
    assert load_scenario(AGOT / "then-after-a-replaced-kill-not-in-full.yaml").scenario.rulings == {RULING: "not-in-full"}
    game = play("then-after-a-replaced-kill-not-in-full")
    assert [c.id for c in game.state.cards_in("hand", "P1")] == []


def test_the_ruling_is_not_read_when_nothing_was_replaced():
    game = play("then-whose-first-part-fails")
    assert not any(s.args_dict().get("ruling", "").startswith(RULING) for s in game.timeline)
