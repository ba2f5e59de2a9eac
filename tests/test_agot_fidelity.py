"""A Game of Thrones checked against the Rules Reference (issue 11): one test per point, each on a
scenario whose ``expect`` block was written from the rules before the engine was changed, and
each failing on the engine as it was before."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from rulekit import RULES, Code, Game, explain
from rulekit.core.errors import ScenarioError
from rulekit.files.expect import check_expect, offered_of, resolved_of, uses_of
from rulekit.files import dump_scenario, load_scenario, loads_scenario

AGOT = Path(__file__).resolve().parents[1] / "scenarios" / "agot"
FILES = sorted(AGOT.glob("*.yaml"))


def play(name: str, **rulings) -> Game:
    loaded = load_scenario(AGOT / f"{name}.yaml")
    scenario = dataclasses.replace(loaded.scenario, rulings=rulings) if rulings else loaded.scenario
    game = Game.start(scenario, loaded.answers, play_defaults=True)
    if not rulings:
        assert check_expect(game, loaded.expect) == []
    assert game.unapplied == ()
    return game


def steps(game, what):
    return [s for s in game.timeline if s.what == what]


# -- 1. a played event leaves the hand when it initiates -------------------------------------------
def test_a_played_event_is_in_the_discard_pile_before_its_cancel_window_opens():
    game = play("event-played-when-it-initiates")
    for use in uses_of(game):
        card = use.partition(".")[0]
        played = next(i for i, s in enumerate(game.timeline) if s.what == "played" and s.args_dict()["use"] == use)
        opens = next(i for i, s in enumerate(game.timeline) if s.what == "initiation" and s.args_dict()["use"] == use)
        assert played < opens
        assert game.timeline[opens].state.cards[card].zone == "discard pile"
        assert game.timeline[played].rule == "agot.event.played"
    # Nay, cancelled, is never offered again (against Not Today): it had been played already
    assert not [o for o in offered_of(game) if o.startswith("nay.x@nottoday")]


def test_an_event_is_committed_to_its_play_while_its_costs_are_paid():
    game = play("event-not-offered-while-being-played")
    cost_window = next(s for s in game.timeline if s.context and s.context.id == "toll.r@s:kn:kneels:c1/cost"
                       and s.verdicts)
    v = next(v for v in cost_window.verdicts if v.card == "toll")
    assert v.code is Code.NOT_ACTIVE and v.detail == "The Toll of the Bells is being played"
    assert game.state.playing == type(game.state.playing)()      # nothing left half-played


def test_a_cancelled_event_is_played_its_reaction_follows_and_only_the_cancel_resolved():
    game = play("cancelled-event-still-played")
    assert resolved_of(game)[0].startswith("nay.x@")
    assert game.state.cards["ravens"].zone == "discard pile"


def test_the_registry_states_the_moment_an_event_is_played():
    text = RULES["agot.event.played"].text
    assert "initiate" in text and "once its effect has resolved" not in text


# -- 2. "would" ------------------------------------------------------------------------------------
def test_a_would_replacement_ends_every_interrupt_to_the_original_condition():
    game = play("would-replacement-ends-interrupts")
    replaces = steps(game, "replaces")[0]
    assert replaces.rule == "agot.would" and replaces.args_dict()["would"] is True
    assert "c7.i1@s:kill:killed:c3" not in offered_of(game)
    assert not steps(game, "forced")                       # Grim Watcher's forced interrupt never resolved
    occurs = next(s for s in game.timeline if s.what == "occurs" and s.context.id == "s:kill")
    assert occurs.args_dict()["replaced"] == (("s:kill:killed:c3", "refuge.w@s:kill:killed:c3"),)
    assert "agot.would" in RULES


def test_plain_interrupts_that_replace_still_let_later_ones_in_and_the_latest_wins():
    game = play("two-replacements-the-latest-wins")
    assert [s.rule for s in steps(game, "replaces")] == ["agot.replacement", "agot.replacement"]
    assert game.state.cards["c3"].zone == "hand"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_card_texts_agree_with_their_timing(path):
    """"would" in a card's text is a step-2 ability; a step-2 ability says "would" or cancels."""
    for card in load_scenario(path).scenario.cards:
        for a in card.abilities:
            says_would = " would " in a.text
            cancels = any(i.do.value == "cancel" for i in a.effect)
            if says_would:
                assert a.timing.value == "would interrupt", (card.id, a.id, a.text)
            if a.timing.value == "would interrupt":
                assert says_would or cancels, (card.id, a.id, a.text)


# -- 3. "then" -------------------------------------------------------------------------------------
def test_then_is_judged_by_the_cards_actually_drawn():
    game = play("then-draw-from-a-short-deck")
    assert [s.what for s in game.timeline].count("then-skipped") == 1
    assert game.state.cards["cressen"].power == 0


# -- 4. duplicates -----------------------------------------------------------------------------------
def test_each_duplicate_is_a_save_of_its_own():
    game = play("two-duplicates-two-saves")
    c3 = game.state.cards["c3"]
    assert [a.id for a in c3.abilities] == ["dupsave-c3a", "dupsave-c3b"]
    assert uses_of(game) == ("c3.dupsave-c3a@s:first:killed:c3", "c3.dupsave-c3b@s:second:killed:c3")


# -- 5. constant abilities -------------------------------------------------------------------------
def test_cannot_be_killed_while_standing_is_read_at_every_step():
    game = play("constant-cannot-be-killed-while-standing")
    first = next(s for s in game.timeline if s.what == "script-nothing")
    assert first.args_dict()["occurrence"] == "s:first"
    assert game.state.cards["hound"].zone == "dead pile"


def test_explain_says_who_forbids_a_save_and_a_cancel():
    game = play("constant-cannot-be-saved-or-cancelled")
    step = next(s for s in game.timeline if s.context and s.context.id == "s:first" and s.verdicts)
    why = explain(step, "c3", "dupsave-c3dup")
    assert why.verdicts[0].detail == "Ser Rodrik Cassel cannot be saved because of Ser Ilyn Payne"
    assert "cannot be saved because of Ser Ilyn Payne" in str(why)
    step = next(s for s in game.timeline if s.context and s.context.id == "aemon.r@s:first:killed:c3/initiation"
                and s.verdicts)
    assert explain(step, "nay", "x").verdicts[0].detail == \
        "Maester Aemon's ability cannot be cancelled because of Maester Aemon"
    # the constant ability itself is never used: explain says so
    assert explain(step, "ilyn", "k").verdicts[0].code is Code.NOT_LISTENING


CONSTANT = """
ruleset: agot
title: t
players: [P1, P2]
first_player: P1
cards:
  - id: a
    title: A
    owner: P1
    abilities:
      - {id: k, timing: %s, %s effect: [{do: %s, target: self}]}
script: [{do: kill, cards: [a]}]
"""


@pytest.mark.parametrize("timing, when, verb, message", [
    ("reaction", "when: {event: killed},", "cannot be killed", "belongs to a constant ability"),
    ("constant", "when: {event: killed},", "cannot be killed", "a constant ability has no 'when'"),
    ("constant", "", "kneel", "is not something a constant ability says"),
])
def test_constant_ability_words_are_checked(timing, when, verb, message):
    with pytest.raises(ScenarioError, match=message):
        loads_scenario(CONSTANT % (timing, when, verb))


def test_constant_abilities_are_agot_only():
    text = (CONSTANT % ("constant", "", "cannot be killed")).replace("ruleset: agot", "ruleset: riftbound") \
        .replace("title: A\n", "title: A\n    type: unit\n    zone: base\n")
    with pytest.raises(ScenarioError, match="not a timing of riftbound"):
        loads_scenario(text)


# -- 6. files say everything the engine can -------------------------------------------------------
def test_an_answer_naming_a_new_object_loads_and_applies():
    game = play("answer-names-a-new-object")
    assert uses_of(game)[-1] == "crow@2.r@s:k2:killed:v2"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_answer_the_engine_offers_can_be_written_and_read_back(path):
    """Take the last offered option at every decision, write the line to a file, read it back:
    every id the engine offers must load and replay to the same timeline."""
    loaded = load_scenario(path)
    game = Game.start(loaded.scenario)
    for _ in range(40):
        if not game.decision:
            break
        game = game.answer(game.decision.options[-1])
    game = game.play_defaults()
    again = loads_scenario(dump_scenario(loaded.scenario, game.line), "written.yaml").start()
    assert again.unapplied == ()
    assert [s.record()[:-1] for s in again.timeline] == [s.record()[:-1] for s in game.timeline]


def test_expect_may_name_an_ability_granted_by_an_effect():
    loaded = load_scenario(AGOT.parent / "riftbound" / "granted-by-an-effect.yaml") \
        if (AGOT.parent / "riftbound" / "granted-by-an-effect.yaml").exists() else None
    if loaded is None:
        pytest.skip("no Riftbound scenario grants an ability by an effect")
    from rulekit.files.references import _ability_ids
    granted = [i.grant.id for c in loaded.scenario.cards for a in c.abilities for i in a.effect if i.grant]
    assert granted and all(g in _ability_ids(loaded.scenario, c.id) for g in granted for c in loaded.scenario.cards)


# -- 7. no silent fields: "player" on a card event --------------------------------------------------
def test_player_on_a_card_event_is_the_player_it_is_about():
    game = play("trigger-player-on-a-card-event")
    step = next(s for s in game.timeline if s.context and s.context.id == "ravens.r@s:kill:killed:c3/initiation"
                and s.verdicts)
    v = next(v for v in step.verdicts if v.card == "nay")
    assert v.code is Code.NO_MATCH and v.detail == "it is about P2"
    assert "rulekit.trigger.player" in RULES


# -- 8. expectations that catch a wrong engine ------------------------------------------------------
def test_expectations_catch_the_wrong_order_and_an_offer_that_should_not_exist():
    loaded = load_scenario(AGOT / "each-player-chooses.yaml")
    game = loaded.start()
    wrong = dataclasses.replace(loaded.expect, targets=tuple(reversed(loaded.expect.targets)))
    assert check_expect(game, wrong) and check_expect(game, loaded.expect) == []
    loaded = load_scenario(AGOT / "sacrifice-cost-opens-a-nested-sequence.yaml")
    game = loaded.start()
    wrong = dataclasses.replace(loaded.expect, resolved=tuple(reversed(loaded.expect.resolved)))
    assert check_expect(game, wrong)
    loaded = load_scenario(AGOT / "save-one-of-a-shared-kill.yaml")
    game = loaded.start()
    offered = dataclasses.replace(loaded.expect, never_offered=("c6.r1@s:claim:killed:c4",))
    assert check_expect(game, offered) == ["never_offered: c6.r1@s:claim:killed:c4 was offered"]


def test_under_the_any_replacement_ruling_a_plain_replacement_also_ends_the_interrupts():
    loaded = load_scenario(AGOT / "two-replacements-the-latest-wins.yaml")
    ruled = dataclasses.replace(loaded.scenario, rulings={"agot.replacement-ends-interrupts": "any-replacement"})
    game = Game.start(ruled, loaded.answers, play_defaults=True)
    first = steps(game, "replaces")[0]
    assert first.rule == "agot.would" and ("ruling", "agot.replacement-ends-interrupts=any-replacement") in first.args
    assert "refuge.i@s:kill:killed:c3" not in offered_of(game)
    assert [u.key.at for u in game.unapplied] == ["s:kill:interrupt"]       # P2's Refuge never came up
    assert game.state.cards["c3"].zone == "discard pile"                    # Wildfire's replacement is the one
    default = play("two-replacements-the-latest-wins")
    assert ("ruling", "agot.replacement-ends-interrupts=would-only") in steps(default, "replaces")[0].args


# -- the ruling agot.replacement-triggers, both ways ------------------------------------------------
def test_replacement_events_trigger_nothing_by_default():
    game = play("replacement-events-trigger")
    occurs = next(s for s in game.timeline if s.what == "occurs" and s.context.id == "s:kill")
    assert ("ruling", "agot.replacement-triggers=no-trigger") in occurs.args
    assert game.state.cards["harbor"].power == 0 and game.state.cards["shadow"].power == 1


def test_replacement_events_open_their_own_sequence_before_the_originals_reactions_when_ruled_so():
    game = play("replacement-events-trigger", **{"agot.replacement-triggers": "trigger"})
    occurs = next(s for s in game.timeline if s.what == "occurs" and s.context.id == "s:kill")
    assert ("ruling", "agot.replacement-triggers=trigger") in occurs.args
    assert game.state.cards["harbor"].power == 1 and game.state.cards["shadow"].power == 1
    assert game.state.cards["c3"].zone == "hand"
    order = uses_of(game)
    assert order.index("harbor.f@refuge.i@s:kill:killed:c3/instead/effect0:returned-to-hand:c3") < \
        order.index("shadow.f@s:kill:killed:c3")
    loaded = load_scenario(AGOT / "replacement-events-trigger.yaml")
    assert check_expect(game, loaded.expect) != []        # the file's outcome is the default ruling's


def test_a_save_finds_nothing_to_save_when_its_card_left_play_meanwhile():
    """Found by the property tests: a duplicate's save was paid for, a forced reaction to that
    discard killed the card, and the save then tried to save a card already in the dead pile
    (rulekit.save.pre-empted). From the rules: only a card about to leave play can be saved
    (Rules Reference, "Save"), and a condition no longer imminent is pre-empted at step 5
    (agot-triggering-condition.txt, step 1)."""
    from rulekit import Game
    from rulekit.files.builder import ScenarioBuilder, cards, forced_reaction, kill, on
    b = ScenarioBuilder("pre-empted save", players=["P1", "P2"])
    b.card("v", "Victim", owner="P1")
    b.card("vdup", "Victim", owner="P1", duplicate_of="v")
    b.card("k", "Killer", owner="P2", abilities=[
        forced_reaction("r", on("discarded", card=cards(type="duplicate")),
                        [kill("chosen", cards(title="Victim", type="character"))])])
    game = Game.start(b.kill("v").build())
    while game.decision:
        save = [o for o in game.decision.options if o.id.startswith("v.dupsave")]
        game = game.answer(save[0] if save else game.decision.default)
    state = game.last_step.state
    assert state.cards["v"].zone == "dead pile" and state.cards["vdup"].zone == "discard pile"
    nothing = [s for s in game.timeline if s.what == "nothing"]
    assert nothing and "nothing to save" in dict(nothing[-1].args)["why"]
    assert not any(s.what == "saves" for s in game.timeline)


HOUND = """
ruleset: agot
title: a save after the kill became impossible
players: [P1, P2]
first_player: P1
cards:
  - id: hound
    title: The Hound
    owner: P2
    kneeling: true
    abilities:
      - {id: k, timing: constant, condition: [{count: {which: self, posture: standing}, at_least: 1}],
         effect: [{do: cannot be killed, target: self}], text: "While standing, he cannot be killed."}
  - id: stander
    title: Stander
    owner: P2
    type: location
    abilities:
      - {id: st, timing: would interrupt, when: {event: killed, card: {type: character, controller: you}},
         effect: [{do: stand, target: that card}]}
  - id: shield
    title: Sworn Shield
    owner: P2
    type: location
    abilities:
      - {id: s, timing: would interrupt, when: {event: killed, card: {type: character, controller: you}},
         effect: [{do: save, target: that card}]}
script:
  - {do: kill, cards: [hound], id: k1}
"""


def test_a_save_is_not_eligible_once_something_forbids_the_leaving():
    """The Hound is about to be killed; standing him makes "cannot be killed while standing"
    apply, so the kill will be pre-empted at step 5 and a save has nothing left to do
    (rulekit.save.pre-empted). From the rules: an ability can be initiated only if its effect
    could change the game state (Rules Reference, "Initiating Abilities"; NOTES.md)."""
    from rulekit import Code, Game
    from rulekit.files.scenario_files import loads_scenario
    game = Game.start(loads_scenario(HOUND).scenario)
    first = game.decision
    assert any(o.startswith("shield.s") for o in first.option_ids)     # before the stand, a save is eligible
    game = game.answer(next(o for o in first.option_ids if o.startswith("stander.st")))
    assert game.decision is None or not any(o.startswith("shield.s") for o in game.decision.option_ids)
    game = game.play_defaults()
    shield = [v for s in game.timeline for v in s.verdicts if v.card == "shield" and s.before.cards["hound"].kneeling is False]
    assert shield and all(v.code is not Code.ELIGIBLE and "nothing to save" in v.detail for v in shield)
    assert game.last_step.state.cards["hound"].zone == "play area"
