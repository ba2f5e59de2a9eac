"""The Riftbound ruleset: a test per scenario and per rule paragraph, named after it."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulekit import RULES, Code, explain
from rulekit.files.expect import check_expect, priority_of, resolved_of
from rulekit.files.scenario_files import load_scenario

RB = Path(__file__).resolve().parents[1] / "scenarios" / "riftbound"
FILES = sorted(RB.glob("*.yaml"))


def play(name: str):
    loaded = load_scenario(RB / f"{name}.yaml")
    game = loaded.start()
    assert check_expect(game, loaded.expect) == [] and game.unapplied == ()
    return game


def trigger_step(game, group):
    return next(s for s in game.timeline if s.what == "rb-triggers" and s.args_dict()["group"] == group)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_riftbound_scenario_meets_its_expect_block(path):
    loaded = load_scenario(path)
    assert loaded.expect is not None
    game = loaded.start()
    assert check_expect(game, loaded.expect) == [] and game.unapplied == ()
    assert {s.rule for s in game.timeline} <= set(RULES)


def test_sona_condition_is_part_of_the_trigger_condition_checked_only_at_the_event():
    at_base = play("sona-at-base")
    v = next(v for v in trigger_step(at_base, "s:end").verdicts if v.card == "sona")
    assert v.code is Code.CONDITION_FALSE and v.detail.startswith("trigger condition false when evaluated")
    assert not any(s.what == "rb-placed" for s in at_base.timeline)           # no item at all
    for name in ("sona-moved-in-response", "sona-killed-in-response"):
        game = play(name)
        assert game.state.cards["rune1"].kneeling is False                    # not rechecked at resolution


def test_loose_cannon_condition_inside_the_effect_is_read_when_it_executes():
    plain = play("loose-cannon-no-intervening-draw")
    drawn = play("loose-cannon-intervening-draw")
    assert not any(s.what == "rb-condition-false" for s in plain.timeline)
    skipped = [s for s in drawn.timeline if s.what == "rb-condition-false"]
    assert len(skipped) == 1 and skipped[0].rule == "rb.effect-condition"


def test_first_death_watcher_triggers_once_and_its_controller_chooses_the_event():
    game = play("first-death-watcher")
    chooses = [s for s in game.timeline if s.decision is not None and s.decision.kind.value == "choose event"]
    assert len(chooses) == 1 and chooses[0].decision.legal_ids() == ("s:clash:killed:u2", "s:clash:killed:u3")
    assert len([s for s in game.timeline if s.what == "rb-placed"]) == 1
    later = next(v for v in trigger_step(game, "s:later").verdicts if v.card == "watcher")
    assert later.code is Code.NTH_PASSED


def test_whenever_twin_creates_one_item_per_death():
    game = play("whenever-twin")
    assert len(resolved_of(game)) == 2


def test_immortal_phoenix_entering_its_zone_in_the_same_event_can_trigger():
    game = play("immortal-phoenix")
    assert "phoenix@1.rise@blast.x@chain:s:beginning#1/effect0:killed:phoenix" in resolved_of(game)   # a new object in the trash


def test_viktor_leaving_the_board_in_the_same_event_sees_nothing():
    game = play("viktor-dies-with-the-other-unit")
    v = next(v for v in trigger_step(game, "s:wipe").verdicts if v.card.startswith("viktor"))
    assert v.code is Code.NOT_ACTIVE and v.detail == "Viktor left the base in the same event"


def test_deathknells_are_captured_before_the_cards_move_and_each_triggers():
    game = play("two-deathknells")
    occurs = next(s for s in game.timeline if s.what == "rb-occurs")
    assert occurs.args_dict()["captured"] == ("a.dk@s:wipe:killed:a", "b.dk@s:wipe:killed:b")
    order = next(s for s in game.timeline if s.decision is not None)
    assert order.decision.kind.value == "order triggers" and order.decision.chooser == "P1"


def test_granted_before_triggers_granted_after_does_not_and_removal_keeps_the_item():
    play("granted-attack-trigger-before")
    after = play("granted-attack-trigger-after")
    step = trigger_step(after, "s:attack")
    assert explain(step, "u", "atk", later=after.last_step).codes() == (Code.GRANTED_LATER,)
    removed = play("granted-attack-trigger-removed-in-response")
    assert removed.state.cards["u"].ability("atk") is None
    assert "u.atk@s:attack:attacks:u" in resolved_of(removed)


def test_the_item_stays_with_its_first_controller_and_reads_might_live():
    game = play("control-change-timeline")
    assert game.state.cards["u"].controller == "P2"
    assert len(game.state.cards_in("hand", "P1")) == 5          # Might 3 + 2, read when it resolved


def test_information_about_a_gone_source_is_null_and_the_calculation_is_skipped():
    game = play("control-change-source-gone")
    null = [s for s in game.timeline if s.what == "rb-null"]
    assert len(null) == 1 and "its Might is null" in null[0].describe()


def test_simultaneous_triggers_turn_players_first_so_the_other_player_gets_priority_first():
    game = play("simultaneous-triggers-of-both-players")
    assert priority_of(game) == ("P2", "P1")


def test_a_replaced_death_does_not_happen_so_nothing_triggers():
    game = play("immortal-phoenix-death-replaced")
    kill = next(s for s in game.timeline if s.what == "rb-occurs" and s.args_dict().get("verb") == "kill")
    occurred = kill.args_dict()["occurred"]
    assert not any(o.endswith(":killed:phoenix") for o in occurred)            # the death did not happen
    assert occurred == ("angel.x@chain:s:beginning#1/instead:moves:phoenix",)       # the event replacing it did
    assert kill.args_dict()["replaced"][0][0].endswith(":killed:phoenix")
    assert game.state.cards["phoenix"].zone == "base"


def test_the_builder_scripts_a_move_like_a_file():
    from rulekit import Game
    from rulekit.files.builder import ScenarioBuilder
    b = ScenarioBuilder("a move", players=["P1", "P2"], ruleset="riftbound")
    b.card("u", "Squire", owner="P1", zone="base", type="unit")
    game = Game.start(b.occur("move", cards=["u"], to="battlefield").build()).play_defaults()
    assert game.last_step.state.cards["u"].zone == "battlefield"
