"""The Chain: an item stays with its first controller unless control of the ability itself is
gained, and reads its source's information live (null once the source is gone); simultaneous
triggers go on turn player first; an item without a legal target is removed before anyone gets
priority; only Reaction is offered on the Chain, Action only while there is none."""
from __future__ import annotations

from rulekit import Code, explain
from rulekit.core.abilities import Target
from rulekit.core.decisions import DecisionKind
from rulekit.files.expect import priority_of
from rulekit.rulesets.riftbound import RbStep
from rulekit.rulesets.riftbound import priority as rb_priority

from shipped_riftbound import play, steps


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
    # P2 controls the newest item (337.1.c.3) and passes to P1 (312.2.d), whose pass completes the round
    # (339.1); after it resolves P1 controls the newest item (340.4) and passes to P2
    assert priority_of(game) == ("P2", "P1", "P1", "P2")


# -- no legal target at finalization (402.3) -------------------------------------------------------------
def test_a_triggered_ability_without_a_legal_target_is_removed_before_anyone_gets_priority():
    game = play("trigger-without-a-legal-target")
    removed = steps(game, RbStep.REMOVED)
    assert [s.args_dict()["item"] for s in removed] == ["spirit.v@s:loss:killed:squire"]
    assert removed[0].rule == "rb.no-target"
    assert not steps(game, RbStep.PRIORITY) and not steps(game, RbStep.RESOLVES)
    assert not steps(game, RbStep.FINALIZED)                     # it never became a Chain Item


# -- the Reaction permission (309.1.a, 338.1.a) ----------------------------------------------------------
def test_only_reaction_is_offered_on_the_chain_and_explain_says_why_not_for_action():
    game = play("action-spell-not-offered-on-the-chain")
    offers = [s for s in game.timeline if s.decision is not None and s.decision.kind is DecisionKind.ACT_OR_PASS]
    assert offers and all("slow.x" not in s.decision.legal_ids() for s in offers)
    assert "quick.x" in offers[0].decision.legal_ids()
    found = explain(offers[0], "slow", "x")
    assert found.codes() == (Code.WRONG_TIMING,) and "309.1.a" in found.verdicts[0].detail
    assert explain(offers[0], "quick", "x").codes() == (Code.ELIGIBLE,)


def test_an_action_ability_is_offered_only_while_no_chain_exists():
    state = play("action-spell-not-offered-on-the-chain").timeline[0].state
    slow, ability = state.cards["slow"], state.cards["slow"].ability("x")
    assert rb_priority.priority_verdict(state, slow, ability, "P2", None).code is Code.ELIGIBLE
    assert rb_priority.priority_verdict(state, slow, ability, "P2", "chain:s:x").code is Code.WRONG_TIMING
    game = play("action-spell-in-the-main-phase")
    offers = [s for s in game.timeline if s.decision is not None and s.decision.kind is DecisionKind.ACT_OR_PASS]
    assert [s.decision.key.at for s in offers] == ["open:s:main"]            # offered with no Chain only
    assert offers[0].decision.legal_ids() == ("pass", "slow.x")
    assert [s.what for s in game.timeline][-2] == RbStep.OPEN_PASS           # priority again, then the window closes
    on = next(s for s in game.timeline if s.what == RbStep.PASS and s.args_dict()["player"] == "P2")
    assert explain(on, "counter", "x").codes() == (Code.WRONG_TIMING,)


# -- control of a triggered ability --------------------------------------------------------------------
def test_gaining_control_of_a_triggered_ability_changes_the_item_not_its_source():
    game = play("gain-control-of-a-triggered-ability")
    change = steps(game, RbStep.ABILITY_CONTROL)
    assert [(s.args_dict()["from"], s.args_dict()["to"]) for s in change] == [("P1", "P2")]
    assert game.state.cards["blade"].controller == "P1"
    # P1 controls the item and passes to P2, who adds Seize the Moment and gets priority as its
    # controller; once it resolves, the item's new controller, P2, gets priority (340.4) and passes to P1
    assert priority_of(game) == ("P1", "P2", "P2", "P1", "P2", "P1")
    assert Target.CHOSEN_ABILITY.is_chosen


# -- every grant of priority, passes included (312.2) ----------------------------------------------------
def test_every_grant_of_priority_is_recorded_in_order_with_the_rule_that_grants_it():
    game = play("action-spell-in-the-main-phase")
    # 312.2.a: P1 in the Open State of their Main Phase; 337.1.c.3: P1 controls the newest item;
    # 312.2.d: P2 when P1 passes; P2's pass completes the round (339.1) and grants nothing; 335.3: P1
    # in the Open State again once the Chain is gone
    assert priority_of(game) == ("P1", "P1", "P2", "P1")
    passes = steps(game, RbStep.PASS)
    assert [s.args_dict()["passes"] for s in passes] == [1, 2]        # two passes, one grant between them
    assert rb_priority.grants(game.timeline) == priority_of(game)


def test_a_game_without_priority_has_no_grants_and_an_expected_list_is_a_difference():
    from shipped_agot import play as play_agot
    from rulekit.files.expect import Expect, check_expect
    game = play_agot("claim-2-kill")
    assert priority_of(game) is None
    diffs = check_expect(game, Expect(priority=("P1",)))
    assert len(diffs) == 1 and diffs[0].startswith("priority: A Game of Thrones") and "has no priority" in diffs[0]
