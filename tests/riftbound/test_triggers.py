"""Triggered abilities in Riftbound: a trigger condition and its "if" are judged at the event, an
effect's condition when it executes; optional triggers are decided when the condition is
fulfilled; Deathknells read what was noted before the move; numbered triggers count per turn;
granted triggers count from when they are granted; a replaced death is no death."""
from __future__ import annotations

import dataclasses

from rulekit import Code, Game, explain
from rulekit.core.decisions import AnswerKey, DecisionKind
from rulekit.files.expect import priority_of, resolved_of
from rulekit.files import loads_scenario
from rulekit.rulesets.riftbound import RbStep

from shipped_riftbound import on_chain, play, rulings_of, steps, trigger_step


def test_ilse_condition_is_part_of_the_trigger_condition_checked_only_at_the_event():
    at_base = play("ilse-at-base")
    v = next(v for v in trigger_step(at_base, "s:end").verdicts if v.card == "ilse")
    assert v.code is Code.CONDITION_FALSE and v.detail.startswith("trigger condition false when evaluated")
    assert not any(s.what == "rb-placed" for s in at_base.timeline)           # no item at all
    for name in ("ilse-moved-in-response", "ilse-killed-in-response"):
        game = play(name)
        assert game.state.cards["rune1"].kneeling is False                    # not rechecked at resolution


def test_fuse_tinkerer_condition_inside_the_effect_is_read_when_it_executes():
    plain = play("fuse-tinkerer-no-intervening-draw")
    drawn = play("fuse-tinkerer-intervening-draw")
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


def test_cinderwing_entering_its_zone_in_the_same_event_can_trigger():
    game = play("cinderwing")
    assert "cinderwing@1.rise@blast.x@chain:s:beginning#1/effect0:killed:cinderwing" in resolved_of(game)   # a new object in the trash


def test_oren_leaving_the_board_in_the_same_event_sees_nothing():
    game = play("oren-dies-with-the-other-unit")
    v = next(v for v in trigger_step(game, "s:wipe").verdicts if v.card.startswith("oren"))
    assert v.code is Code.NOT_ACTIVE and v.detail == "Oren left the base in the same event"


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


# -- optional triggers: decided when the trigger condition is fulfilled (383.3.a, 383.3.f) ------------
def test_a_declined_you_may_never_reaches_the_chain_and_a_once_each_turn_ability_has_not_triggered():
    game = play("optional-trigger-declined")
    first = "crow.w@s:first:killed:v1"
    asked = next(s for s in game.timeline if s.decision is not None and s.decision.kind is DecisionKind.MAY)
    assert asked.decision.key == AnswerKey(DecisionKind.MAY, first, "P1", 1)      # the same key as before
    assert asked.answer == "no" and rulings_of(asked) == "rb.optional=when-fulfilled"
    assert first not in on_chain(game)                                            # no item at all
    checked = next(s for s in steps(game, RbStep.TRIGGERS) if s.args_dict()["group"] == "s:first")
    assert explain(checked, "crow", "w").codes() == (Code.DECLINED,)             # explain says it was declined
    assert priority_of(game) == ("P1", "P2")                                      # only on the second Chain
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


# -- Deathknell capture (808.1.d.3) ----------------------------------------------------------------
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


def test_each_deathknell_is_recorded_where_its_item_is_added_judged_from_its_card_as_it_died():
    """No other listener: the step that adds the two Deathknells' items records their verdicts,
    named after the cards as they died (``a``, not ``a@1`` in the trash), and explain agrees."""
    game = play("two-deathknells")
    step = trigger_step(game, "s:wipe")
    assert step.args_dict()["items"] == ("a.dk@s:wipe:killed:a", "b.dk@s:wipe:killed:b")
    assert step.before.cards["a"].obj == "a@1"                       # a new object in the trash
    assert [(v.card, v.condition, v.code) for v in step.verdicts] == [
        ("a", "s:wipe:killed:a", Code.TRIGGERS), ("a", "s:wipe:killed:b", Code.NO_MATCH),    # its own death only
        ("b", "s:wipe:killed:a", Code.NO_MATCH), ("b", "s:wipe:killed:b", Code.TRIGGERS)]
    for card in ("a", "b"):
        assert explain(step, card, "dk").verdicts == tuple(v for v in step.verdicts if v.card == card)


def test_a_deathknell_hears_another_units_death_and_a_condition_false_at_its_own_is_recorded():
    game = play("deathknell-reads-where-it-died")
    step = next(s for s in steps(game, RbStep.TRIGGERS))
    keeper = [v for v in step.verdicts if v.card == "keeper" and v.condition.endswith(":keeper")]
    assert [v.code for v in keeper] == [Code.CONDITION_FALSE]        # judged where it died, and recorded
    for v in step.verdicts:
        assert v in explain(step, v.card, v.ability).verdicts


DEATHKNELL_TAKEN_AWAY = """
ruleset: riftbound
title: a Deathknell taken away before its unit dies
players: [P1, P2]
first_player: P1
cards:
  - id: u0
    title: Hollow Sentry
    owner: P1
    zone: base
    type: unit
    abilities:
      - {id: dk, timing: triggered, deathknell: true, when: {event: killed}, effect: [{do: draw, target: you}],
         text: "Deathknell — Draw 1."}
script:
  - {do: remove ability, cards: [u0], ability: dk, id: quiet}
  - {do: kill, cards: [u0], id: end}
"""


def test_a_deathknell_its_unit_lost_before_dying_does_not_trigger_though_the_new_object_has_it_again():
    """In the trash the card is a new object with its printed text (rule 110), Deathknell included;
    but it died without it, so nothing triggers, and the step says so."""
    game = loads_scenario(DEATHKNELL_TAKEN_AWAY).start()
    step = trigger_step(game, "s:end")
    assert step.before.cards["u0"].ability("dk") is not None         # the new object has it again
    assert step.args_dict()["items"] == ()
    assert [v.code for v in step.verdicts] == [Code.GRANTED_LATER]
    assert step.verdicts[0].detail == "Hollow Sentry did not have it when it died"
    assert explain(step, "u0", "dk").verdicts == step.verdicts


# -- numbered triggers (383.1.b; ruling rb.nth-count) -----------------------------------------------------
def test_the_first_time_each_turn_counts_deaths_before_the_watcher_entered():
    game = play("first-death-watcher-enters-late")
    late = next(s for s in steps(game, RbStep.TRIGGERS) if s.args_dict()["group"] == "s:late")
    assert rulings_of(late) == "rb.nth-count=turn"
    assert [v.code for v in late.verdicts if v.card.startswith("watcher")] == [Code.NTH_PASSED]


def test_a_watcher_that_leaves_and_returns_does_not_trigger_again_unless_it_counts_only_what_it_saw():
    assert len(play("first-death-watcher-returns").state.cards_in("hand", "P1")) == 2
    seen = play("first-death-watcher-returns", **{"rb.nth-count": "seen"})
    assert len(seen.state.cards_in("hand", "P1")) == 5          # 2 + 3: the new object counts afresh


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


# -- replacement events (369-373, 808.1.d) --------------------------------------------------------------
def test_a_replaced_death_does_not_happen_so_nothing_triggers():
    game = play("cinderwing-death-replaced")
    kill = next(s for s in game.timeline if s.what == "rb-occurs" and s.args_dict().get("verb") == "kill")
    occurred = kill.args_dict()["occurred"]
    assert not any(o.endswith(":killed:cinderwing") for o in occurred)            # the death did not happen
    assert occurred == ("talisman.x@chain:s:beginning#1/instead:moves:cinderwing",)       # the event replacing it did
    assert kill.args_dict()["replaced"][0][0].endswith(":killed:cinderwing")
    assert game.state.cards["cinderwing"].zone == "base"


def test_the_replaced_death_does_not_happen_but_the_replacing_death_triggers_the_gears_deathknell():
    game = play("replacement-gear-deathknell")
    resolved = resolved_of(game)
    assert any(i.startswith("idol.dk@") for i in resolved)       # the gear's own Deathknell
    assert not any(i.startswith("knight.dk@") for i in resolved)  # a replaced death is no death
    kill = next(s for s in steps(game, RbStep.OCCURS) if s.args_dict()["replaced"])
    assert rulings_of(kill) == "rb.replacement-triggers=trigger"
