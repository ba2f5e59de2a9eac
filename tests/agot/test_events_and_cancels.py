"""Events and cancels: a played event has left the hand before its cancel window opens, is in no
out-of-play area until its effects are over and then in the discard pile, and is committed to its
play while its costs are paid; a cancelled effect has no further steps, a cancelled cancel never
initiates, and the window it was in carries on; only cancels may listen for the initiation of an
effect."""
from __future__ import annotations

import pytest

from rulekit import RULES, Ability, Card, Code, Game, Instruction, Scenario, ScenarioError, Target, Timing, Trigger
from rulekit.core.abilities import Who
from rulekit.core.events import EventKind, Verb
from rulekit.files import loads_scenario
from rulekit.files.builder import ScenarioBuilder
from rulekit.files.expect import offered_of, resolved_of, uses_of

from shipped_agot import play


# -- a played event leaves the hand when it initiates ---------------------------------------------
def test_a_played_event_has_left_the_hand_before_its_cancel_window_opens_and_is_in_no_area():
    """FAQ (1.5) "Playing Events": played at step 6 of "Initiating Abilities", then in no
    out-of-play area until its effects are over; only then in its owner's discard pile."""
    game = play("event-played-when-it-initiates")
    for use in uses_of(game):
        card = use.partition(".")[0]
        played = next(i for i, s in enumerate(game.timeline) if s.what == "played" and s.args_dict()["use"] == use)
        opens = next(i for i, s in enumerate(game.timeline) if s.what == "initiation" and s.args_dict()["use"] == use)
        placed = next(i for i, s in enumerate(game.timeline) if s.what == "placed" and s.args_dict()["use"] == use)
        over = next(i for i, s in enumerate(game.timeline)
                    if s.what in ("resolved", "effect-cancelled") and s.args_dict()["use"] == use)
        assert played < opens < placed == over - 1
        assert game.timeline[opens].state.cards[card].zone == "being played"
        assert game.timeline[placed].state.cards[card].zone == "discard pile"
        assert game.timeline[played].rule == game.timeline[placed].rule == "agot.event.played"
    # Nay, cancelled, is never offered again (against Another Dawn): it had been played already
    assert not [o for o in offered_of(game) if o.startswith("nay.x@anotherdawn")]


def test_an_event_is_committed_to_its_play_while_its_costs_are_paid():
    game = play("event-not-offered-while-being-played")
    cost_window = next(s for s in game.timeline if s.context and s.context.id == "toll.r@s:kn:kneels:c1/cost"
                       and s.verdicts)
    v = next(v for v in cost_window.verdicts if v.card == "toll")
    assert v.code is Code.NOT_ACTIVE and v.detail == "The Marsh Bells Toll is being played"
    assert game.state.playing == type(game.state.playing)()      # nothing left half-played


def test_a_cancelled_event_is_played_its_reaction_follows_and_only_the_cancel_resolved():
    game = play("cancelled-event-still-played")
    assert resolved_of(game)[0].startswith("nay.x@")
    assert game.state.cards["ravens"].zone == "discard pile"


def test_the_registry_states_the_moment_an_event_is_played():
    text = RULES["agot.event.played"].text
    assert "initiate" in text and "no out-of-play area" in text
    assert "Playing Events" in RULES["agot.event.played"].source


def test_an_event_being_played_is_in_no_area_and_the_verdict_says_it_is_being_played():
    """The event's effect kills a second character: in that kill's interrupt window the event
    is neither in hand (its own ability: "being played", not a zone) nor in the discard pile
    (a condition counting events there is false); it is placed there right after its effect,
    before the reaction window that follows."""
    game = play("event-in-no-area-while-played")
    inner = next(s for s in game.timeline if s.context and s.context.id == "ev.i@s:k:killed:scout/effect0"
                 and s.verdicts)
    v = next(v for v in inner.verdicts if v.card.partition("@")[0] == "ev")
    assert v.code is Code.NOT_ACTIVE and "being played" in v.detail and "discard pile" not in v.detail
    assert inner.state.cards["ev"].zone == "being played"
    whats = [s.what for s in game.timeline]
    placed = whats.index("placed")
    assert whats[placed + 1] == "resolved"
    opens = next(i for i, s in enumerate(game.timeline) if s.what == "window-opens"
                 and s.args_dict()["window"] == "ev.i@s:k:killed:scout/effect:reaction")
    assert placed < opens
    assert game.timeline[placed].state.cards["ev"].zone == "discard pile"


# -- cancels ---------------------------------------------------------------------------------------
def test_a_cancelled_cancel_never_initiates_and_the_original_window_carries_on():
    game = play("cancel-an-event-and-cancel-the-cancel")
    cancelled = [s for s in game.timeline if s.what == "cancelled"]
    assert len(cancelled) == 1 and "initiation:effect-initiates:nay" in cancelled[0].args_dict()["conditions"][0]
    assert [s.args_dict()["use"] for s in game.timeline if s.what == "effect-cancelled"][0].startswith("nay.x@")
    # Rookery Tidings's initiation window went on after Nay's cancel failed: P1 then P2 passed in it
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


# -- only cancels reference the initiation of an effect ---------------------------------------------
_NOT_A_CANCEL = [(timing, effect) for timing in (Timing.REACTION, Timing.FORCED_REACTION, Timing.INTERRUPT,
                                                 Timing.FORCED_INTERRUPT, Timing.WOULD_INTERRUPT)
                 for effect in ((Instruction(Verb.GAIN_POWER, Target.SELF),),)] + [
    (Timing.REACTION, (Instruction(Verb.CANCEL, Target.THAT_EFFECT),)),          # too late to cancel
    (Timing.FORCED_REACTION, (Instruction(Verb.CANCEL, Target.THAT_EFFECT),))]


def _listener(timing, effect) -> Ability:
    return Ability("x", timing, effect, when=Trigger(EventKind.INITIATES, player=Who.OPPONENT))


@pytest.mark.parametrize("timing,effect", _NOT_A_CANCEL, ids=[f"{t.value}-{e[0].do.value}" for t, e in _NOT_A_CANCEL])
def test_a_non_cancel_listening_for_an_initiation_is_refused_in_python_and_the_builder(timing, effect):
    cards = (Card(id="v", title="Victim", owner="P2"),
             Card(id="w", title="Watcher", owner="P2", type="location", abilities=(_listener(timing, effect),)))
    scenario = Scenario("initiation", ("P1", "P2"), "P1", cards, ())
    with pytest.raises(ScenarioError, match="only a cancel may reference the initiation of an effect") as err:
        Game.start(scenario)
    assert err.value.path == "cards[1].abilities[0].when.event"
    builder = ScenarioBuilder("initiation", players=["P1", "P2"])
    builder.card("v", "Victim", owner="P2")
    builder.card("w", "Watcher", owner="P2", type="location", abilities=[_listener(timing, effect)])
    with pytest.raises(ScenarioError, match="only a cancel may reference the initiation of an effect"):
        builder.build()


def test_a_would_interrupt_listening_for_an_initiation_is_refused_in_a_file_at_its_line():
    text = """ruleset: agot
title: would
players: [P1, P2]
first_player: P1
cards:
  - {id: v, title: Victim, owner: P2}
  - id: w
    title: Watcher
    owner: P2
    type: location
    abilities:
      - id: x
        timing: would interrupt
        when: {event: effect initiates, player: opponent}
        effect: [{do: draw, target: you}]
script:
  - {do: kill, cards: [v]}
"""
    with pytest.raises(ScenarioError, match="only a cancel may reference the initiation of an effect") as err:
        loads_scenario(text, "would.yaml").start()
    assert (err.value.file, err.value.line) == ("would.yaml", 14)


def test_the_shipped_cancels_still_load_and_cancel():
    game = play("cancelled-ability-uses-its-limit")
    assert any(s.what == "cancels" for s in game.timeline)
