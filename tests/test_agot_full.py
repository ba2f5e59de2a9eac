"""A Game of Thrones in full: every shipped scenario meets its expect block, and each rule has a
test named after it."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulekit import RULES, Code, Game
from rulekit.files.expect import check_expect, uses_of
from rulekit.files.scenario_files import load_scenario

AGOT = Path(__file__).resolve().parents[1] / "scenarios" / "agot"
FILES = sorted(AGOT.glob("*.yaml"))


def play(name: str) -> Game:
    loaded = load_scenario(AGOT / f"{name}.yaml")
    game = loaded.start()
    assert check_expect(game, loaded.expect) == [] and game.unapplied == ()
    return game


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_agot_scenario_meets_its_expect_block_and_cites_registered_rules(path):
    loaded = load_scenario(path)
    assert loaded.expect is not None, "every shipped scenario says what the rules expect"
    game = loaded.start()
    assert check_expect(game, loaded.expect) == []
    assert game.unapplied == ()
    assert {s.rule for s in game.timeline} <= set(RULES)


def test_save_changes_one_member_of_a_shared_kill_and_the_rest_go_on():
    game = play("save-one-of-a-shared-kill")
    changed = [s for s in game.timeline if s.what == "changed"][0]
    assert changed.rule == "rulekit.change.shared"
    assert changed.args_dict()["rest"] == ("s:claim:killed:c4",)
    occurs = [s for s in game.timeline if s.what == "occurs" and s.context.id == "s:claim"][0]
    assert occurs.args_dict()["occurred"] == ("s:claim:killed:c4",)


def test_a_changed_condition_never_reaches_forced_interrupts_or_occurrence():
    game = play("duplicate-save")
    steps = [s.context.step.number for s in game.timeline if s.context and s.context.id == "s:kill"]
    assert max(steps) == 2
    assert [s.what for s in game.timeline if s.context and s.context.id == "s:kill"][-1] == "changed"


def test_cannot_be_saved_names_the_reason():
    game = play("cannot-be-saved")
    step = next(s for s in game.timeline if s.context and s.context.id == "s:kill" and s.verdicts)
    v = next(v for v in step.verdicts if v.ability == "dupsave-c3dup")
    assert v.code is Code.NO_EFFECT and v.detail == "Ser Rodrik Cassel cannot be saved"


def test_a_cancelled_cancel_never_initiates_and_the_original_window_carries_on():
    game = play("cancel-an-event-and-cancel-the-cancel")
    cancelled = [s for s in game.timeline if s.what == "cancelled"]
    assert len(cancelled) == 1 and "initiation:effect-initiates:nay" in cancelled[0].args_dict()["conditions"][0]
    assert [s.args_dict()["use"] for s in game.timeline if s.what == "effect-cancelled"][0].startswith("nay.x@")
    # Ravens' Word's initiation window went on after Nay's cancel failed: P1 then P2 passed in it
    window = "ravens.r@s:kill:killed:c3/initiation:would"
    passes = [s.args_dict()["player"] for s in game.timeline if s.what == "pass" and s.parent.control[-1].window
              and s.parent.control[-1].window.id == window]
    assert passes[-2:] == ["P1", "P2"]
    assert any(s.what == "initiates" and s.args_dict()["use"] == "ravens.r@s:kill:killed:c3" for s in game.timeline)


def test_a_cancelled_effect_has_no_further_steps():
    game = play("cancelled-event-still-played")
    initiation = "ravens.r@s:kill:killed:c3/initiation"
    after = [s for s in game.timeline if s.context and s.context.id == initiation]
    assert after[-1].what == "cancelled"
    assert max(s.context.step.number for s in after) <= 4


def test_a_cancelled_use_still_counts_against_its_limit():
    game = play("cancelled-ability-uses-its-limit")
    assert sum(game.state.usage.values()) == 1


def test_replacement_resolves_in_place_of_the_condition_which_still_counts_as_occurred():
    game = play("replacement-still-counts-as-occurred")
    occurs = next(s for s in game.timeline if s.what == "occurs" and s.context.id == "s:kill")
    assert occurs.args_dict()["occurred"] == ("s:kill:killed:c3",)
    assert occurs.args_dict()["replaced"] == (("s:kill:killed:c3", "refuge.i@s:kill:killed:c3"),)


def test_the_most_recently_initiated_replacement_wins():
    game = play("two-replacements-the-latest-wins")
    assert game.state.cards["c3"].zone == "hand"


def test_a_sacrifice_cost_opens_a_nested_sequence_before_the_effect():
    game = play("sacrifice-cost-opens-a-nested-sequence")
    whats = [s.what for s in game.timeline]
    sacrificed = next(i for i, s in enumerate(game.timeline) if s.what == "occurs"
                      and s.args_dict()["occurred"] == ("priest.r@s:kill:killed:c3/cost0:sacrificed:priest",))
    initiates = whats.index("initiates")
    assert sacrificed < initiates


def test_then_does_not_resolve_when_the_part_before_failed():
    game = play("then-whose-first-part-fails")
    assert [s.what for s in game.timeline].count("then-skipped") == 1


def test_forced_interrupts_are_ordered_by_the_first_player_whoever_controls_them():
    game = play("forced-interrupts-ordered-by-the-first-player")
    first = next(s for s in game.timeline if s.decision is not None)
    assert first.decision.chooser == "P2" and first.answer == "a.f@s:kill:killed:c3"
    assert uses_of(game) == ("a.f@s:kill:killed:c3", "b.f@s:kill:killed:c3")


def test_delayed_effects_resolve_before_the_reactions_to_their_timing_point():
    game = play("delayed-effect-before-reactions")
    whats = [(s.what, s.context.id if s.context else None) for s in game.timeline]
    delayed = whats.index(("delayed", "s:end"))
    opens = whats.index(("window-opens", "s:end"))
    assert delayed < opens
    assert game.state.delayed == ()          # it resolved once


def test_each_player_chooses_first_player_first_and_the_effect_resolves_for_all_at_once():
    game = play("each-player-chooses")
    choices = [(s.decision.chooser, s.answer) for s in game.timeline if s.what == "target"]
    assert choices == [("P2", "b1"), ("P1", "a2")]
    occurs = [s for s in game.timeline if s.what == "occurs" and s.context.id == "horn.r@s:kill:killed:c3/effect0"]
    assert occurs[0].args_dict()["occurred"] == ("horn.r@s:kill:killed:c3/effect0:kneels:b1",
                                                 "horn.r@s:kill:killed:c3/effect0:kneels:a2")


def test_max_counts_across_every_copy_of_a_title_and_limit_per_copy():
    from rulekit import Ability, Game, Instruction, Target, Timing, Trigger
    from rulekit.core.abilities import Limit, Period
    from rulekit.files.builder import ScenarioBuilder
    from rulekit.core.events import EventKind, Verb

    def watcher(limit=None, max_=None):
        return Ability(id="r", timing=Timing.REACTION, when=Trigger(EventKind.KILLED),
                       effect=(Instruction(Verb.GAIN_POWER, Target.SELF),), limit=limit, max=max_)
    b = ScenarioBuilder("max", players=["P1", "P2"])
    for cid in ("a", "b"):            # two copies of one title, each "Max 1 per round"
        b.card(cid, "Crow", owner="P1", abilities=[watcher(max_=Limit(1, Period.ROUND))])
    b.card("v1", "Victim", owner="P2")
    b.card("v2", "Victim", owner="P2")
    game = Game.start(b.kill("v1", id="k1").kill("v2", id="k2").build())
    game = game.answer("a.r@s:k1:killed:v1")
    while game.decision:
        game = game.answer(game.decision.default)
    step = next(s for s in game.timeline if s.context and s.context.id == "s:k2" and s.verdicts)
    assert {v.card: v.code for v in step.verdicts} == {"a": Code.LIMIT_REACHED, "b": Code.LIMIT_REACHED}


def test_a_card_that_leaves_and_re_enters_play_is_a_new_copy_for_its_limit():
    from rulekit import Game
    from rulekit.core.abilities import Limit, Period
    from rulekit.files.builder import ScenarioBuilder, gain_power, killed, reaction
    ability = reaction("r", killed(which="other"), [gain_power(1)])
    ability = type(ability)(**{**{f: getattr(ability, f) for f in ability.__slots__}, "limit": Limit(1, Period.ROUND)})
    b = ScenarioBuilder("copies", players=["P1", "P2"])
    b.card("a", "Crow", owner="P1", abilities=[ability])
    b.card("v1", "Victim", owner="P2")
    b.card("v2", "Victim", owner="P2")
    b.kill("v1", id="k1").occur("return to hand", cards=("a",), id="bounce").occur("put into play", cards=("a",), id="back")
    game = Game.start(b.kill("v2", id="k2").build())
    game = game.answer("a.r@s:k1:killed:v1")
    while game.decision:
        assert game.decision.key.at == "s:k2:reaction"           # offered again: a new copy
        game = game.answer(game.decision.options[-1])
    assert game.state.cards["a"].obj == "a@2" and game.state.cards["a"].power == 1
