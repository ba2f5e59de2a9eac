"""Riftbound checked against the Core Rules (last updated 2026-03-30): a test per point of issue 12,
and every Riftbound ruling run both ways on the same board.

Each test reads a scenario whose ``expect`` block was written from the Core Rules (the rule
numbers are in the files' comments) and asserts what the rule says, in the rule's terms.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from rulekit import Code, Game, explain
from rulekit.core.abilities import Target
from rulekit.core.decisions import AnswerKey, DecisionKind
from rulekit.files.expect import check_expect, priority_of, resolved_of
from rulekit.files.scenario_files import load_scenario, loads_scenario
from rulekit.rulesets.riftbound import ChainFrame, RbStep
from rulekit.rulesets.riftbound import priority as rb_priority
from rulekit.rulesets.riftbound.rules import CORE_RULES

RB = Path(__file__).resolve().parents[1] / "scenarios" / "riftbound"


def loaded(name: str):
    return load_scenario(RB / f"{name}.yaml")


def play(name: str, **rulings):
    """The scenario played with its answers (and defaults), meeting its expect block when no
    ruling is changed."""
    file = loaded(name)
    if rulings:
        scenario = dataclasses.replace(file.scenario, rulings={**file.scenario.rulings, **rulings})
        return Game.start(scenario, file.answers, play_defaults=True)
    game = file.start()
    assert check_expect(game, file.expect) == [] and game.unapplied == ()
    return game


def on_chain(game) -> set[str]:
    """Every item id that was ever on the Chain (pending, waiting to be ordered, or finalized)."""
    return {i.id for s in game.timeline for f in s.control if isinstance(f, ChainFrame) for i in f.items + f.waiting}


def steps(game, what):
    return [s for s in game.timeline if s.what == what]


def rulings_of(step) -> str:
    return step.args_dict().get("ruling", "")


# -- 1. optional triggers: decided when the trigger condition is fulfilled (383.3.a, 383.3.f) ------------
def test_a_declined_you_may_never_reaches_the_chain_and_a_once_each_turn_ability_has_not_triggered():
    game = play("optional-trigger-declined")
    first = "crow.w@s:first:killed:v1"
    asked = next(s for s in game.timeline if s.decision is not None and s.decision.kind is DecisionKind.MAY)
    assert asked.decision.key == AnswerKey(DecisionKind.MAY, first, "P1", 0)      # the same key as before
    assert asked.answer == "no" and rulings_of(asked) == "rb.optional=when-fulfilled"
    assert first not in on_chain(game)                                            # no item at all
    checked = next(s for s in steps(game, RbStep.TRIGGERS) if s.args_dict()["group"] == "s:first")
    assert explain(checked, "crow", "w").codes() == (Code.DECLINED,)             # explain says it was declined
    assert priority_of(game) == ("P1",)                                           # only the second Chain
    assert resolved_of(game) == ("crow.w@s:second:killed:v2",)                   # it triggered again
    assert len(game.state.cards_in("hand", "P1")) == 1


def test_a_once_each_turn_ability_declined_for_one_of_two_simultaneous_events_is_offered_for_the_other():
    text = """
ruleset: riftbound
title: two deaths at once, the first declined
players: [P1, P2]
first_player: P1
cards:
  - {id: p1m0, title: P1 card 0, owner: P1, zone: main deck, type: unit}
  - id: crow
    title: Carrion Crow
    owner: P1
    type: unit
    zone: base
    abilities:
      - {id: w, timing: triggered, optional: true, once_per_turn: true, when: {event: killed, card: {type: unit}},
         effect: [{do: draw, target: you}]}
  - {id: v1, title: Victim, owner: P2, type: unit, might: 1, zone: base}
  - {id: v2, title: Second Victim, owner: P2, type: unit, might: 1, zone: base}
script:
  - {do: kill, cards: [v1, v2], id: both}
answers:
  - {decision: you may, at: "crow.w@s:both:killed:v1", chooser: P1, answer: "no"}
"""
    game = loads_scenario(text).start()
    asked = [s.decision.key.at for s in game.timeline if s.decision is not None]
    assert asked == ["crow.w@s:both:killed:v1", "crow.w@s:both:killed:v2"]       # declined: not triggered (383.3.f.2)
    assert resolved_of(game) == ("crow.w@s:both:killed:v2",)


def test_the_earlier_reading_decides_at_resolution_and_counts_the_declined_trigger():
    game = play("optional-trigger-declined-at-resolution")
    assert "crow.w@s:first:killed:v1" in on_chain(game)
    assert resolved_of(game) == ("crow.w@s:first:killed:v1",)
    may = next(s for s in steps(game, RbStep.MAY))
    assert may.args_dict()["when"] == "resolution" and rulings_of(may) == "rb.optional=at-resolution"


# -- 2. Deathknell capture (808.1.d.3) ----------------------------------------------------------------
def test_deathknell_reads_the_location_might_and_controller_noted_before_the_move():
    game = play("deathknell-reads-where-it-died")
    assert len(game.state.cards_in("hand", "P2")) == 2          # the Sentinel's controller drew 2
    assert game.state.cards["sentinel"].zone == "trash"         # although it is in the trash now
    # "Deathknell — if I was at a battlefield": the condition is part of the trigger condition (383.3.e),
    # judged against the noted location — the Keeper died in its base, so it never goes on the Chain
    items = {s.args_dict()["item"] for s in steps(game, RbStep.RESOLVES)}
    assert items == {"sentinel.dk@s:wipe:killed:sentinel"}
    why = explain(next(s for s in steps(game, RbStep.TRIGGERS)), "keeper", "dk")
    assert [v.code for v in why.verdicts if v.condition.endswith(":keeper")] == [Code.CONDITION_FALSE]


# -- 3. no legal target at finalization (402.3) -------------------------------------------------------------
def test_a_triggered_ability_without_a_legal_target_is_removed_before_anyone_gets_priority():
    game = play("trigger-without-a-legal-target")
    removed = steps(game, RbStep.REMOVED)
    assert [s.args_dict()["item"] for s in removed] == ["spirit.v@s:loss:killed:squire"]
    assert removed[0].rule == "rb.no-target"
    assert not steps(game, RbStep.PRIORITY) and not steps(game, RbStep.RESOLVES)
    assert not steps(game, RbStep.FINALIZED)                     # it never became a Chain Item


# -- 4. new objects and temporary changes (110, 359.3.e.4) ---------------------------------------------------
def test_a_target_that_went_to_hand_and_came_back_is_a_new_object_and_is_unaffected():
    game = play("target-returns-as-a-new-object")
    wisp = game.state.cards["wisp"]
    assert wisp.obj == "wisp@2" and wisp.damage == 0 and wisp.zone == "base"
    hunter = next(s for s in steps(game, RbStep.RESOLVES) if s.args_dict()["item"].startswith("hunter.atk"))
    after = game.timeline[hunter.number + 1]
    assert after.what == RbStep.NOTHING                          # the old object is no longer a legal target


def test_buffs_and_granted_abilities_end_when_the_card_leaves_the_board():
    game = play("temporary-changes-end-off-the-board")
    squire = game.state.cards["squire"]
    assert squire.might == 2 and squire.ability("mourn") is None
    trigger = next(s for s in steps(game, RbStep.TRIGGERS) if s.args_dict()["group"] == "s:loss")
    assert trigger.args_dict()["items"] == ()


# -- 5. the Reaction permission (309.1.a, 338.1.a) ----------------------------------------------------------
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


# -- 6. replacement events (369-373, 808.1.d) --------------------------------------------------------------
def test_the_replaced_death_does_not_happen_but_the_replacing_death_triggers_the_gears_deathknell():
    game = play("replacement-gear-deathknell")
    resolved = resolved_of(game)
    assert any(i.startswith("idol.dk@") for i in resolved)       # the gear's own Deathknell
    assert not any(i.startswith("knight.dk@") for i in resolved)  # a replaced death is no death
    kill = next(s for s in steps(game, RbStep.OCCURS) if s.args_dict()["replaced"])
    assert rulings_of(kill) == "rb.replacement-triggers=trigger"


# -- 7. numbered triggers (383.1.b; ruling rb.nth-count) -----------------------------------------------------
def test_the_first_time_each_turn_counts_deaths_before_the_watcher_entered():
    game = play("first-death-watcher-enters-late")
    late = next(s for s in steps(game, RbStep.TRIGGERS) if s.args_dict()["group"] == "s:late")
    assert rulings_of(late) == "rb.nth-count=turn"
    assert [v.code for v in late.verdicts if v.card.startswith("watcher")] == [Code.NTH_PASSED]


def test_a_watcher_that_leaves_and_returns_does_not_trigger_again_unless_it_counts_only_what_it_saw():
    assert len(play("first-death-watcher-returns").state.cards_in("hand", "P1")) == 2
    seen = play("first-death-watcher-returns", **{"rb.nth-count": "seen"})
    assert len(seen.state.cards_in("hand", "P1")) == 5          # 2 + 3: the new object counts afresh


# -- 8. vocabulary: tokens, non-X, here, up to N, control of an ability -------------------------------------
def test_viktor_plays_an_exhausted_recruit_token_for_a_non_recruit_death_only():
    game = play("viktor-creates-a-recruit")
    token = game.state.cards["token-recruit-1"]
    assert (token.title, token.might, token.traits, token.kneeling, token.controller) == ("Recruit", 1, ("Recruit",),
                                                                                         True, "P1")
    assert [c.id for c in game.state.cards_in("base", "P1")] == ["viktor", "token-recruit-1"]


def test_a_token_put_into_a_non_board_zone_ceases_to_exist():
    text = """
ruleset: riftbound
title: token dies
players: [P1, P2]
first_player: P1
cards:
  - id: maker
    title: Maker
    owner: P1
    type: unit
    zone: base
    abilities:
      - {id: m, timing: triggered, when: {event: phase begins, phase: action},
         effect: [{do: create, token: {title: Recruit, might: 1, traits: [Recruit]}, to: base},
                  {do: kill, target: each, filter: {trait: Recruit}}]}
script:
  - {do: begin phase, phase: action}
"""
    game = loads_scenario(text).start()
    assert game.state.cards["token-recruit-1"].zone == ""     # it died, and then ceased to exist (183.1)
    assert game.state.cards_in("trash") == ()


def test_here_is_read_when_the_instruction_executes():
    game = play("yasuo-here-moved-in-response")
    assert game.state.cards["scout"].damage == 0 and game.state.cards["guard"].damage == 0
    still = play("yasuo-here-moved-in-response").scenario
    without = Game.start(dataclasses.replace(still, cards=tuple(c for c in still.cards if c.id != "flee")),
                         play_defaults=True)
    assert without.state.cards["scout"].damage == 3 and without.state.cards["guard"].damage == 0


def test_up_to_two_targets_and_zero_targets_is_never_removed():
    game = play("up-to-two-targets")
    keys = [s.decision.key.number for s in game.timeline if s.decision is not None]
    assert keys == [0, 1]                                        # the third choice never came: two is the most
    file = loaded("up-to-two-targets")
    alone = dataclasses.replace(file.scenario, cards=tuple(c for c in file.scenario.cards if c.owner == "P1"))
    game = Game.start(alone, play_defaults=True)
    assert not steps(game, RbStep.REMOVED) and resolved_of(game) == ("warden.atk@s:attack:attacks:warden",)
    stop = Game.start(file.scenario, {AnswerKey(DecisionKind.CHOOSE_TARGET,
                                                "warden.atk@s:attack:attacks:warden/effect0", "P1", 0): "done"},
                      play_defaults=True)
    assert not any(c.kneeling for c in stop.state.cards_in("base", "P2"))   # zero targets chosen


def test_gaining_control_of_a_triggered_ability_changes_the_item_not_its_source():
    game = play("gain-control-of-a-triggered-ability")
    change = steps(game, RbStep.ABILITY_CONTROL)
    assert [(s.args_dict()["from"], s.args_dict()["to"]) for s in change] == [("P1", "P2")]
    assert game.state.cards["yasuo"].controller == "P1"
    assert priority_of(game)[-1] == "P2"                          # the item's new controller gets priority
    assert Target.CHOSEN_ABILITY.is_chosen


# -- 9. files name new objects and granted abilities ---------------------------------------------------------
def test_answers_and_expect_name_new_objects_and_abilities_granted_by_effects():
    file = loaded("target-returns-as-a-new-object")
    key = AnswerKey(DecisionKind.CHOOSE_TARGET, "summon.x@chain:s:attack#5/effect0", "P2", 0)
    assert file.answers.get(key) == "wisp@1"
    assert "wisp@2" in file.expect.cards
    granted = loaded("granted-by-an-effect")
    assert granted.expect.verdicts[0].ability == "atk"
    play("granted-by-an-effect")
    play("first-death-watcher-returns")                          # a verdict of watcher@2


# -- every Riftbound ruling, both ways on the same board ---------------------------------------------------
RULINGS = [
    # ruling, scenario (its default expect), the other option, what differs
    ("rb.optional", "optional-trigger-declined", "at-resolution", lambda g: len(g.state.cards_in("hand", "P1"))),
    ("rb.nth-count", "first-death-watcher-enters-late", "seen", lambda g: len(g.state.cards_in("hand", "P1"))),
    ("rb.source-info", "control-change-source-gone", "last-known", lambda g: len(g.state.cards_in("hand", "P1"))),
    ("rb.recheck-condition", "sona-moved-in-response", "intervening-if", lambda g: g.state.cards["rune1"].kneeling),
    ("rb.replacement-triggers", "replacement-gear-deathknell", "no-trigger",
     lambda g: len(g.state.cards_in("hand", "P1"))),
]


@pytest.mark.parametrize("ruling,name,other,outcome", RULINGS, ids=[r[0] for r in RULINGS])
def test_every_ruling_changes_the_outcome_and_the_step_it_decides_says_so(ruling, name, other, outcome):
    default = play(name)
    assert default.state.rulings[ruling] == default.state.rules.ruling(ruling).default
    switched = play(name, **{ruling: other})
    assert outcome(default) != outcome(switched)
    for game, option in ((default, default.state.rulings[ruling]), (switched, other)):
        said = {rulings_of(s) for s in game.timeline}
        assert f"{ruling}={option}" in said, f"no step of {name} names {ruling}={option}"


@pytest.mark.parametrize("ruling,name,other,outcome", RULINGS, ids=[r[0] for r in RULINGS])
def test_the_file_of_the_other_option_meets_its_own_expect(ruling, name, other, outcome):
    variants = {"rb.optional": "optional-trigger-declined-at-resolution",
                "rb.nth-count": "first-death-watcher-enters-late-seen",
                "rb.source-info": "control-change-source-gone-last-known",
                "rb.recheck-condition": "sona-moved-in-response-intervening-if",
                "rb.replacement-triggers": "replacement-gear-deathknell-no-trigger"}
    file = loaded(variants[ruling])
    assert file.scenario.rulings == {ruling: other}
    game = play(variants[ruling])
    assert outcome(game) == outcome(play(name, **{ruling: other}))


def test_the_registry_names_the_core_rules_version_it_follows():
    from rulekit import RULES
    assert CORE_RULES == "Riftbound Core Rules, last updated 2026-03-30"
    for rule in ("rb.optional", "rb.no-target", "rb.new-object", "rb.reaction", "rb.replacement", "rb.deathknell"):
        assert CORE_RULES in RULES[rule].source
    assert "2026-03-30" in play("optional-trigger-declined").state.rules.version


def test_the_new_vocabulary_is_checked_when_a_file_is_read():
    from rulekit.core.errors import ScenarioError
    head = """
ruleset: riftbound
title: bad
players: [P1, P2]
first_player: P1
cards:
  - id: u
    title: U
    owner: P1
    type: unit
    zone: base
    abilities:
      - {id: a, timing: triggered, when: {event: attacks}, effect: [%s]}
script:
  - {do: attack, cards: [u]}
"""
    for effect, path in (("{do: create, to: base}", "token"),
                         ("{do: exhaust, target: each, up_to: 2, filter: {type: unit}}", "up_to"),
                         ("{do: kill, target: chosen ability}", "target")):
        with pytest.raises(ScenarioError) as e:
            loads_scenario(head % effect)
        assert e.value.path.endswith(path), (effect, e.value.path)
    agot = (head.replace("ruleset: riftbound", "ruleset: agot").replace("zone: base", "zone: play area")
            .replace("type: unit", "type: character").replace("{do: attack, cards: [u]}", "{do: kneel, cards: [u]}")
            .replace("timing: triggered, when: {event: attacks}", "timing: action"))
    with pytest.raises(ScenarioError) as e:           # 'action' is a timing of Riftbound only
        loads_scenario(agot % "{do: kneel, target: self}")
    assert e.value.path.endswith("timing")


def test_another_non_x_here_and_at_this_battlefield_are_judged_from_the_abilitys_card():
    from rulekit.core.abilities import CardFilter, Which
    from rulekit.core.judge import filter_mismatch
    from rulekit.core.model import Card
    from rulekit.rulesets import get
    rb = get("riftbound")
    me = Card(id="me", title="Watcher", owner="P1", zone="battlefield", type="unit")
    ally = Card(id="ally", title="Squire", owner="P1", zone="battlefield", type="unit")
    recruit = Card(id="r", title="Recruit", owner="P1", zone="battlefield", type="unit", traits=("Recruit",))
    at_home = Card(id="home", title="Page", owner="P1", zone="base", type="unit")
    theirs = Card(id="theirs", title="Raider", owner="P2", zone="base", type="unit")
    at_this_battlefield = CardFilter(here=True, zone="battlefield")
    assert filter_mismatch(CardFilter(which=Which.OTHER), me, "P1", me, rules=rb) is not None                 # "another"
    assert filter_mismatch(CardFilter(not_trait="Recruit"), recruit, "P1", me, rules=rb) is not None          # "non-Recruit"
    assert filter_mismatch(CardFilter(not_trait="Recruit"), ally, "P1", me, rules=rb) is None
    assert filter_mismatch(at_this_battlefield, ally, "P1", me, rules=rb) is None
    assert filter_mismatch(at_this_battlefield, at_home, "P1", me, rules=rb) is not None
    home = Card(id="me", title="Watcher", owner="P1", zone="base", type="unit")
    assert filter_mismatch(CardFilter(here=True), at_home, "P1", home, rules=rb) is None                     # my base
    assert filter_mismatch(CardFilter(here=True), theirs, "P1", home, rules=rb) is not None                  # not their base
    assert filter_mismatch(at_this_battlefield, at_home, "P1", home, rules=rb) is not None                   # not at a battlefield
    gone = Card(id="me", title="Watcher", owner="P1", zone="", type="unit")
    assert filter_mismatch(CardFilter(here=True), ally, "P1", gone, rules=rb) is not None                    # nowhere (null)
    agot = get("agot")                   # every A Game of Thrones zone is a player's own
    assert filter_mismatch(CardFilter(here=True), theirs, "P1", home, rules=agot) is not None
    battle_theirs = Card(id="bt", title="Raider", owner="P2", zone="battlefield", type="unit")
    assert filter_mismatch(CardFilter(here=True), battle_theirs, "P1", me, rules=rb) is None     # a battlefield is shared


def test_the_turns_qualifying_events_are_judged_for_the_watchers_controller_now():
    """P1's Squire dies (a friendly death for P1); then P2 takes control of Grim Vigil and P2's
    Raider dies: for P2, the watcher's controller now, that is the first friendly death of the
    turn (ruling rb.nth-count=turn), so it triggers and P2 draws 2. Counting what the card saw
    (seen), the Squire's death already used up "the first time"."""
    text = """
ruleset: riftbound
title: friendly for the watcher's controller
players: [P1, P2]
first_player: P1
cards:
  - {id: p2m0, title: P2 card 0, owner: P2, zone: main deck, type: unit}
  - {id: p2m1, title: P2 card 1, owner: P2, zone: main deck, type: unit}
  - id: watcher
    title: Grim Vigil
    owner: P1
    type: unit
    might: 1
    zone: battlefield
    abilities:
      - {id: w, timing: triggered, when: {event: killed, card: {which: other, type: unit, controller: you}, nth: 1},
         effect: [{do: draw, target: you, amount_of: "that card's might"}]}
  - {id: squire, title: Squire, owner: P1, type: unit, might: 2, zone: battlefield}
  - {id: raider, title: Raider, owner: P2, type: unit, might: 2, zone: battlefield}
script:
  - {do: kill, cards: [squire], id: first}
  - {do: take control, cards: [watcher], player: P2, id: steal}
  - {do: kill, cards: [raider], id: second}
"""
    file = loads_scenario(text)
    turn = file.start()
    assert len(turn.state.cards_in("hand", "P2")) == 2
    seen = Game.start(dataclasses.replace(file.scenario, rulings={"rb.nth-count": "seen"}), play_defaults=True)
    assert len(seen.state.cards_in("hand", "P2")) == 0
