"""Each reason an ability may not be used has its own verdict code, and explain() agrees."""
from __future__ import annotations

import pytest

from boards import ScenarioBuilder, cards, condition, deck, draw, interrupt, kill, killed, kneel, on, reaction, stand
from rulekit import Code, Game, RulekitError, SeqStep, explain, reason


def _reaction_window_step(b):
    game = Game.start(b.build(), play_defaults=True)
    return next(s for s in game.timeline if s.context and s.context.id == "s:k" and s.context.step is SeqStep.REACTION_WINDOW
                and s.verdicts)


def _board(*abilities, owner="P1", zone="play area", kneeling=False, decks=True):
    b = ScenarioBuilder("verdicts", players=["P1", "P2"])
    if decks:
        deck(b, "P1")
        deck(b, "P2")
    b.card("v", "Victim", owner="P2")
    b.card("a", "Watcher", owner=owner, zone=zone, kneeling=kneeling, abilities=list(abilities))
    return b.kill("v", id="k")


def _code(b, ability="r"):
    step = _reaction_window_step(b)
    return next(v for v in step.verdicts if v.card.startswith("a") and v.ability == ability).code


@pytest.mark.parametrize("ability, expected", [
    (reaction("r", killed(), [draw(1)]), Code.ELIGIBLE),
    (reaction("r", killed(type="location"), [draw(1)]), Code.NO_MATCH),
    (reaction("r", killed(controller="you"), [draw(1)]), Code.NO_MATCH),
    (reaction("r", killed(), [draw(1)], condition=[condition(cards(type="location"), at_least=1)]), Code.CONDITION_FALSE),
    (reaction("r", killed(), [draw(1)], cost=[kneel()]), Code.ELIGIBLE),
    (reaction("r", killed(), [stand()]), Code.NO_EFFECT),
    (reaction("r", killed(), [kill("chosen", cards(type="character", controller="opponent"))]), Code.NO_TARGET),
])
def test_each_failure_has_its_own_code(ability, expected):
    assert _code(_board(ability)) is expected


def test_cost_that_cannot_be_paid_in_full():
    assert _code(_board(reaction("r", killed(), [draw(1)], cost=[kneel()]), kneeling=True)) is Code.COST_UNPAYABLE


def test_effect_that_could_not_change_the_game_state_empty_deck():
    assert _code(_board(reaction("r", killed(), [draw(1)]), decks=False)) is Code.NO_EFFECT


def test_card_not_where_its_abilities_work():
    assert _code(_board(reaction("r", killed(), [draw(1)]), zone="hand")) is Code.NOT_ACTIVE


def test_ability_that_works_from_another_zone_says_so():
    assert _code(_board(reaction("r", killed(), [draw(1)], zones=["hand"]), zone="hand")) is Code.ELIGIBLE


def test_interrupt_is_not_the_right_timing_in_the_reaction_window():
    game = Game.start(_board(interrupt("r", killed(), [draw(1)])).build(), play_defaults=True)
    step = next(s for s in game.timeline if s.context and s.context.step is SeqStep.REACTION_WINDOW)
    assert not any(v.card == "a" for v in step.verdicts)      # the engine only looks at reactions here
    e = explain(step, "a", "r")
    assert e.codes() == (Code.WRONG_TIMING,)
    assert "an interrupt ability at step 7, reaction window" in str(e)


def test_already_used_for_this_triggering_condition():
    b = _board(reaction("r", killed(), [draw(1)]))
    game = Game.start(b.build())
    game = game.answer("a.r@s:k:killed:v")
    while game.decision:
        game = game.answer(game.decision.default)
    later = [s for s in game.timeline if s.context and s.context.id == "s:k" and s.what == "pass"][-1]
    assert [v.code for v in later.verdicts if v.card == "a"] == [Code.ALREADY_USED]


def test_explain_a_card_that_does_not_listen_for_this_event():
    b = _board(reaction("r", on("stands"), [draw(1)]))
    step = next(s for s in Game.start(b.build(), play_defaults=True).timeline
                if s.context and s.context.step is SeqStep.REACTION_WINDOW)
    e = explain(step, "a", "r")
    assert e.codes() == (Code.NOT_LISTENING,)
    assert "does not listen" in str(e)
    assert not any(v.card == "a" for v in step.verdicts)    # the engine never had to look at it


def test_explain_agrees_with_the_recorded_verdicts_on_the_claim_2_board():
    from boards import claim2
    game = Game.start(claim2().build())
    while game.decision:
        game = game.answer(game.decision.options[-1])
    checked = 0
    for step in game.timeline:
        for v in step.verdicts:
            assert v in explain(step, v.card, v.ability).verdicts
            checked += 1
    assert checked > 10


def test_explain_outside_a_sequence_and_bad_names():
    game = Game.start(_board(reaction("r", killed(), [draw(1)])).build(), play_defaults=True)
    setup = game.timeline[0]
    assert explain(setup, "a", "r").verdicts == ()
    assert "no triggering condition" in str(explain(setup, "a", "r"))
    with pytest.raises(RulekitError, match="no ability 'zz'.*its abilities: r"):
        explain(setup, "a", "zz")
    with pytest.raises(RulekitError, match="no card 'nope'"):
        explain(setup, "nope", "r")


def test_reasons_read_as_sentences():
    step = _reaction_window_step(_board(reaction("r", killed(type="location"), [draw(1)])))
    v = next(v for v in step.verdicts if v.card == "a")
    assert reason(v) == "the triggering condition does not match (Victim is not a location)"
