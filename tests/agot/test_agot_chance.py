"""Chance in A Game of Thrones (rules ``rulekit.chance``, ``agot.chance``; Rules Reference,
"Intrigue Claim" and "Search"): cards discarded at random and a searched deck's shuffle are
decisions the game answers — recorded, replayed and walked by ``explore`` as chance outcomes —
and a search is the player's choice among the cards of their draw deck that fit."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekit import Game
from rulekit.core.decisions import GAME
from rulekit.core.errors import ScenarioError
from rulekit.explore import explore
from rulekit.files import load_scenario, loads_scenario
from rulekit.files.builder import ScenarioBuilder, at_random, cards, draw, on, reaction, search, shuffle
from rulekit.views.trace import format_trace


def _chance_steps(game):
    return [s for s in game.timeline if s.decision is not None and s.decision.by_chance]


def _board(hand: int = 3, deck: int = 3, amount: int = 1, *, knights: int = 1, deep: int = 0):
    """P1's Saltreach Envoy: "Reaction: After you win an [intrigue] challenge, each opponent
    discards AMOUNT card(s) at random" (P2 holds ``hand`` cards); with ``deep``, it also searches
    P1's deck for a Knight, puts it into P1's hand and shuffles the deck ``deep`` cards deep."""
    b = ScenarioBuilder("agot chance board", ruleset="agot")
    effect = [at_random("discard", amount, cards(zone="hand", owner="opponent"))]
    if deep:
        effect += [search(cards(zone="draw deck", owner="you", trait="Knight")), shuffle("you", deep)]
    b.card("envoy", "Saltreach Envoy", "P1",
           abilities=[reaction("r", on("wins a challenge", player="you", challenge="intrigue"), effect)])
    for i in range(hand):
        b.card(f"h{i}", f"P2 hand card {i}", "P2", zone="hand", type="event")
    for i in range(deck):
        b.card(f"d{i}", f"P1 deck card {i}", "P1", zone="draw deck", type="location")
    for i in range(knights):
        b.card(f"k{i}", f"Greyfen Knight {i}", "P1", zone="draw deck", traits=("Knight",))
    return b.win_challenge("P1", "intrigue", id="win").build()


def _act(game):
    """P1 uses the envoy's reaction; every other decision is left to come up."""
    return game.answer(next(o for o in game.decision.options if o.id.startswith("envoy.r")))


def test_the_shipped_random_discard_is_the_games_answer_and_the_discarding_player_reacts():
    game = load_scenario("scenarios/agot/discard-one-card-at-random.yaml").start()
    (step,) = _chance_steps(game)
    assert step.decision.chooser == GAME and step.decision.option_ids == ("h1", "h2", "h3")
    assert step.answer == "h2" and step.rule == "agot.chance"
    text = format_trace(game.timeline)
    assert "Chance: the game takes P2 hand card 2 at random to discard" in text
    assert "[chance: P2 hand card 2]" in text and "chose P2 hand card 2" not in text
    assert game.state.cards["d1"].zone == "hand"          # the reaction to the discard drew


def test_the_shipped_search_is_a_choice_and_the_shuffle_is_chance():
    game = load_scenario("scenarios/agot/search-your-deck-then-shuffle.yaml").start()
    (step,) = _chance_steps(game)
    assert step.decision.option_ids == ("d2", "d3", "d4")            # the Knight already left the deck
    assert game.state.decks["P1"] == ("d2", "d3")                      # the rest keep their order
    assert "is put into its owner's hand" in format_trace(game.timeline)


def test_every_outcome_can_be_answered_and_replays():
    scenario = _board(hand=3)
    game = _act(Game.start(scenario))
    assert game.decision.by_chance and game.decision.prompt.startswith("chance:")
    for option in game.decision.options:
        played = game.answer(option).play_defaults()
        assert played.state.cards[option.id].zone == "discard pile"
        again = Game.start(scenario, played.line, play_defaults=True)
        assert again.state == played.state and not again.unapplied


def test_explore_counts_the_lines_that_differ_by_chance():
    result = explore(_board(hand=3, deck=2, deep=1), progress=False)
    # P1 may pass (1 line) or react: 3 random picks x 3 possible new top cards (d0, d1, k… gone: 2 + 1)
    assert result.chance_decisions >= 2 and result.chance_lines > 0


@pytest.mark.parametrize("effect, wanted", [
    ("cost: [{do: discard, target: random, filter: {zone: hand, owner: you}}]\n        effect: [{do: draw, target: you}]",
     "a cost cannot be left to chance"),
    ("effect: [{do: move, to: dead pile, target: chosen, filter: {zone: draw deck}}]", "a search's"),
    ("effect: [{do: move, to: hand, target: chosen, filter: {zone: discard pile}}]", "a search's"),
    ("effect: [{do: put into play, to: hand, target: chosen, filter: {zone: hand}}]", "take 'to' in agot"),
])
def test_what_a_game_of_thrones_file_cannot_say_about_chance_and_searches(effect, wanted):
    text = f"""
ruleset: agot
title: refused
players: [P1, P2]
first_player: P1
cards:
  - id: c
    title: Gloomfen Rake
    owner: P1
    abilities:
      - id: r
        timing: reaction
        when: {{event: killed}}
        {effect}
"""
    with pytest.raises(ScenarioError, match=wanted):
        loads_scenario(text)


def test_moves_is_not_a_triggering_condition_in_a_game_of_thrones():
    b = ScenarioBuilder("moves", ruleset="agot")
    b.card("c", "Gloomfen Rake", "P1", abilities=[reaction("r", on("moves"), [draw()])])
    with pytest.raises(ScenarioError, match="'moves' is not a triggering condition in agot"):
        b.build()


@settings(max_examples=20, deadline=None)
@given(hand=st.integers(0, 4), amount=st.integers(1, 2), deck=st.integers(0, 3), knights=st.integers(0, 2),
       deep=st.integers(0, 2), pick=st.integers(0, 1000))
def test_chance_properties(hand, amount, deck, knights, deep, pick):
    """Every chance decision has unique options, the game as chooser and its first outcome as
    default; any line of answers replays to the same game; the random pick takes
    min(amount, hand) cards of P2's hand."""
    scenario = _board(hand=hand, deck=deck, amount=amount, knights=knights, deep=deep)
    game = Game.start(scenario)
    while game.decision is not None:
        d = game.decision
        assert len(set(d.option_ids)) == len(d.option_ids) and d.is_legal(d.default)
        if d.by_chance:
            assert d.chooser == GAME and d.default == d.option_ids[0] and len(d.option_ids) > 1
            choice = d.option_ids[pick % len(d.option_ids)]
        else:
            choice = next((o for o in d.option_ids if o.startswith("envoy.r")), d.option_ids[pick % len(d.option_ids)])
        game = game.answer(choice)
    again = Game.start(scenario, game.line, play_defaults=True)
    assert again.state == game.state and not again.unapplied
    discarded = [c for c in game.state.cards.values() if c.owner == "P2" and c.zone == "discard pile"]
    if any(s.what == "use" and "envoy.r" in str(s.args_dict().get("use", "")) for s in game.timeline):
        assert len(discarded) == min(amount, hand)
