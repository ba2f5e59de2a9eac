"""Saves: a save changes one member of a shared kill and the rest go on; a changed condition goes
no further; each duplicate is a save of its own; "cannot be saved" names the reason; and a save
is offered only while there is something left to save."""
from __future__ import annotations

from rulekit import Code
from rulekit.files.expect import uses_of

from shipped_agot import play


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
    assert v.code is Code.NO_EFFECT and v.detail == "Ser Hollis Brant cannot be saved"


# -- duplicates -----------------------------------------------------------------------------------
def test_each_duplicate_is_a_save_of_its_own():
    game = play("two-duplicates-two-saves")
    c3 = game.state.cards["c3"]
    assert [a.id for a in c3.abilities] == ["dupsave-c3a", "dupsave-c3b"]
    assert uses_of(game) == ("c3.dupsave-c3a@s:first:killed:c3", "c3.dupsave-c3b@s:second:killed:c3")


# -- nothing left to save -------------------------------------------------------------------------
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
  - id: brute
    title: Kingsroad Brute
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
  - {do: kill, cards: [brute], id: k1}
"""


def test_a_save_is_not_eligible_once_something_forbids_the_leaving():
    """Kingsroad Brute is about to be killed; standing him makes "cannot be killed while standing"
    apply, so the kill will be pre-empted at step 5 and a save has nothing left to do
    (rulekit.save.pre-empted). From the rules: an ability can be initiated only if its effect
    could change the game state (Rules Reference, "Initiating Abilities"; NOTES.md)."""
    from rulekit import Code, Game
    from rulekit.files import loads_scenario
    game = Game.start(loads_scenario(HOUND).scenario)
    first = game.decision
    assert any(o.startswith("shield.s") for o in first.option_ids)     # before the stand, a save is eligible
    game = game.answer(next(o for o in first.option_ids if o.startswith("stander.st")))
    assert game.decision is None or not any(o.startswith("shield.s") for o in game.decision.option_ids)
    game = game.play_defaults()
    shield = [v for s in game.timeline for v in s.verdicts if v.card == "shield" and s.before.cards["brute"].kneeling is False]
    assert shield and all(v.code is not Code.ELIGIBLE and "nothing to save" in v.detail for v in shield)
    assert game.last_step.state.cards["brute"].zone == "play area"


def test_after_a_save_the_other_duplicate_is_refused_because_the_kill_is_no_longer_imminent():
    """Rules Reference, "The word 'Would'": its own example — a character that would be killed is
    saved, so no further interrupt to the kill may be used. explain gives that reason, not "its
    effect could not change the game state"."""
    from rulekit import explain
    game = play("after-a-save-the-other-duplicate-is-not-offered")
    changed = next(s for s in game.timeline if s.what == "changed")
    said = explain(changed, "hv", "dupsave-hvb")
    (verdict,) = said.verdicts
    assert verdict.code is Code.NOT_IMMINENT and verdict.detail == "changed by hv.dupsave-hva: it will not occur"
    assert "could not change" not in str(said)
