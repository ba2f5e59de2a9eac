"""Chance (rules ``rulekit.chance``, ``rb.chance``): "discard N at random" and "shuffle your main
deck" are decisions the game answers — chooser "the game", options the possible outcomes in a
stable order, the first the default — recorded and replayed like a player's answer, and walked by
``explore`` as chance outcomes. Card text supersedes the rules (Core Rules 002): "at random" takes
the discarding player's choice (422.1.a) away; a discard discards as many as it can (422.4); a
Main Deck's order is secret (108.4.d), so a shuffle's top card is chance; abilities that trigger
on discarding see each card discarded (422.1.b)."""
from __future__ import annotations

import json
from math import comb, perm

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekit import Game, explain
from rulekit.core.chance import MAX_OUTCOMES, TooManyOutcomes, cards_of, random_outcomes, shuffle_outcomes
from rulekit.core.decisions import GAME, DecisionKind
from rulekit.core.errors import IllegalAnswer, ScenarioError
from rulekit.explore import explore
from rulekit.files import loads_scenario
from rulekit.core.frozen import replace
from rulekit.files.builder import ScenarioBuilder, at_random, cards, do, draw, on, shuffle, triggered
from rulekit.files.tracejson import trace_data
from rulekit.views.trace import format_trace

from shipped_riftbound import play


def _board(hand: int = 3, deck: int = 2, amount: int = 1, *, opponent_hand: int = 0, shuffle_deep: int = 0,
           watcher: bool = True):
    """P1's Cinderpit Brute: "When I'm readied, discard AMOUNT at random" (and, with
    ``opponent_hand``, "each opponent discards 1 at random"; with ``shuffle_deep``, "then shuffle
    your main deck"); a Scrapyard Ledger: "When you discard a card, draw 1"."""
    b = ScenarioBuilder("chance board", ruleset="riftbound")
    effect = [at_random("discard", amount, cards(zone="hand", owner="you"))]
    if opponent_hand:
        effect.append(at_random("discard", 1, cards(zone="hand", owner="opponent")))
    if shuffle_deep:
        effect.append(shuffle("you", shuffle_deep))
    b.card("brute", "Cinderpit Brute", "P1", type="unit", might=3, zone="base", kneeling=True,
           abilities=[triggered("r", on("stands", which="self"), effect)])
    if watcher:
        b.card("ledger", "Scrapyard Ledger", "P1", type="gear", zone="base",
               abilities=[triggered("w", on("discarded", player="you"), [draw()])])
    for i in range(hand):
        b.card(f"h{i}", f"P1 hand card {i}", "P1", type="spell", zone="hand")
    for i in range(opponent_hand):
        b.card(f"o{i}", f"P2 hand card {i}", "P2", type="spell", zone="hand")
    for i in range(deck):
        b.card(f"d{i}", f"P1 deck card {i}", "P1", type="unit", zone="main deck")
    return b.occur("ready", cards=["brute"], id="ready").build()


def _chance_steps(game):
    return [s for s in game.timeline if s.decision is not None and s.decision.by_chance]


# -- the shipped boards ---------------------------------------------------------------------------------
def test_a_random_discard_is_answered_by_the_game_and_a_discard_watcher_sees_it():
    game = play("discard-one-at-random")
    (step,) = _chance_steps(game)
    assert step.decision.kind is DecisionKind.CHANCE and step.decision.chooser == GAME
    assert step.decision.option_ids == ("h1", "h2", "h3") and step.decision.default == "h1"
    assert step.answer == "h2" and step.answered_by == "recorded"
    assert game.state.cards["h2"].zone == "trash" and game.state.cards["d1"].zone == "hand"
    assert "[chance: 'h2']" in format_trace(game.timeline, ids=True)
    named = format_trace(game.timeline)
    assert "[chance: " in named and "'h2'" not in named          # named by default, the id under ids
    assert "chose 'h2'" not in format_trace(game.timeline, ids=True)        # never shown as a player's choice


def test_discard_two_at_random_is_one_outcome_of_pairs_and_two_events():
    game = play("discard-two-at-random")
    (step,) = _chance_steps(game)
    assert step.decision.option_ids == ("h1+h2", "h1+h3", "h2+h3")
    draws = [s for s in game.timeline if s.what == "rb-occurs" and "draw" in str(s.args_dict().get("verb", ""))]
    assert len(draws) == 2                     # "When you discard a card" triggers once per card (422.1.b)


def test_each_opponent_gives_one_card_of_their_own_at_random():
    """422.1, 002: "each opponent discards 1 at random" takes one card from every opponent's hand,
    never two from one; the outcome is one card per opponent, in listing order."""
    game = play("each-opponent-discards-at-random")
    (step,) = _chance_steps(game)
    assert step.decision.option_ids == ("a1+c1", "a2+c1") and step.decision.default == "a1+c1"
    assert {c: game.state.cards[c].zone for c in ("a1", "a2", "c1")} == {"a1": "hand", "a2": "trash", "c1": "trash"}


def test_a_shuffle_decides_the_top_card_and_the_draw_takes_it():
    game = play("shuffle-then-draw")
    (step,) = _chance_steps(game)
    assert step.decision.option_ids == ("d1", "d2", "d3") and step.answer == "d3"
    assert game.state.decks["P1"] == ("d1", "d2")          # the rest keep their order
    shuffled = next(s for s in game.timeline if s.what == "rb-shuffled")
    assert "on top: P1 deck card 3 (d3)" in shuffled.describe()


# -- answering, replaying, refusing ----------------------------------------------------------------------
def test_every_outcome_can_be_answered_and_a_recorded_line_replays_the_same_game():
    scenario = _board(hand=3)
    game = Game.start(scenario)
    decision = game.decision
    assert decision.by_chance and decision.prompt.startswith("chance:")
    for option in decision.options:
        played = game.answer(option).play_defaults()
        assert played.state.cards[option.id].zone == "trash"
        again = Game.start(scenario, played.line, play_defaults=True)
        assert again.state == played.state and again.line == played.line and not again.unapplied


def test_an_outcome_that_is_not_possible_is_refused():
    game = Game.start(_board(hand=2))
    with pytest.raises(IllegalAnswer, match="possible outcomes"):
        game.answer("d0")


def test_one_possible_outcome_asks_nothing_and_as_many_as_possible_are_discarded():
    game = Game.start(_board(hand=1, amount=2), play_defaults=True)
    assert not _chance_steps(game)
    assert game.state.cards["h0"].zone == "trash"          # 422.4: as many as it can
    assert Game.start(_board(hand=0), play_defaults=True).finished


def test_explain_at_a_chance_step_says_the_game_answered():
    game = play("discard-one-at-random")
    (step,) = _chance_steps(game)
    said = str(explain(step, "imp", "p"))
    assert "chance: the game, not a player, answered" in said and "'h2'" in said


def test_the_json_trace_marks_the_chance_decision():
    data = trace_data(play("shuffle-then-draw"))
    (decision,) = [s["decision"] for s in data["steps"] if s["decision"] and s["decision"]["kind"] == "chance"]
    assert decision["by_chance"] is True and decision["chooser"] == GAME and decision["answer"] == "d3"
    assert all(not s["decision"]["by_chance"] for s in data["steps"]
               if s["decision"] and s["decision"]["kind"] != "chance")
    json.dumps(data)


_FILE = """
ruleset: {ruleset}
title: chance refused
players: [P1, P2]
first_player: P1
cards:
  - id: c
    title: Gloomfen Rake
    owner: P1
    {extra}
    abilities:
      - id: r
        timing: {timing}
        when: {{event: {event}}}
        effect: [{effect}]
"""


@pytest.mark.parametrize("effect, wanted", [
    ("{do: discard, target: random, filter: {zone: hand}}", "target 'random' is not in stack"),
    ("{do: shuffle, target: you}", "'shuffle' is not a verb of stack"),
])
def test_a_ruleset_without_chance_refuses_it(effect, wanted):
    import stack_ruleset  # noqa: F401  (registers the test ruleset 'stack', which has no chance decisions)
    with pytest.raises(ScenarioError, match=wanted) as caught:
        loads_scenario(_FILE.format(ruleset="stack", extra="type: creature\n    zone: board", timing="reaction",
                                    event="killed", effect=effect))
    assert "chosen" in str(caught.value) or "did you mean" in str(caught.value) or "one of" in str(caught.value)


@pytest.mark.parametrize("effect", [
    "{do: discard, target: random, filter: {zone: hand, owner: opponent}}",
    "{do: shuffle, target: you}",
])
def test_a_game_of_thrones_has_chance(effect):
    """Since issue #25 A Game of Thrones answers chance too (rules rulekit.chance, agot.chance)."""
    assert loads_scenario(_FILE.format(ruleset="agot", extra="", timing="reaction", event="killed", effect=effect))


@pytest.mark.parametrize("effect, wanted", [
    ("{do: discard, target: random}", "target 'random' needs a filter"),
    ("{do: shuffle, target: chosen, filter: {zone: hand}}", "its target is a player"),
    ("{do: shuffle, target: you, amount: 0}", "1 or more"),
])
def test_riftbound_refuses_a_chance_instruction_that_says_too_little(effect, wanted):
    with pytest.raises(ScenarioError, match=wanted):
        loads_scenario(_FILE.format(ruleset="riftbound", extra="type: unit\n    zone: base", timing="triggered", event="killed",
                                    effect=effect))


def test_a_cost_and_the_script_cannot_be_left_to_chance():
    text = _FILE.format(ruleset="riftbound", extra="type: unit\n    zone: base", timing="triggered", event="killed",
                        effect="{do: draw, target: you}")
    with pytest.raises(ScenarioError, match="cannot be left to chance"):
        loads_scenario(text.replace("        effect:", "        cost: [{do: discard, target: random, filter: "
                                                      "{zone: hand}}]\n        effect:"))
    with pytest.raises(ScenarioError, match="cannot be a step of the script"):
        loads_scenario(text + "script:\n  - {do: shuffle, player: P1}\n")


def test_a_chance_answer_names_the_game_and_cards_of_the_scenario():
    base = open("scenarios/riftbound/discard-one-at-random.yaml", encoding="utf-8").read()
    with pytest.raises(ScenarioError, match="answered by the game, not by 'P1'"):
        loads_scenario(base.replace("| the game | #1 -> h2", "| P1 | #1 -> h2"))
    with pytest.raises(ScenarioError, match="no card has id 'h9'"):
        loads_scenario(base.replace("#1 -> h2", "#1 -> h2+h9"))


def test_too_many_outcomes_are_refused_as_they_come_up():
    with pytest.raises(TooManyOutcomes):
        shuffle_outcomes(tuple(f"d{i}" for i in range(40)), 3)
    assert len(shuffle_outcomes(tuple(f"d{i}" for i in range(10)), 3)) == 720 <= MAX_OUTCOMES


# -- explore ----------------------------------------------------------------------------------------------
def test_explore_walks_every_chance_outcome_and_counts_the_lines_that_differ_by_chance():
    result = explore(_board(hand=3, opponent_hand=2, watcher=False), progress=False)
    assert len(result.outcomes) == 3 * 2 == result.lines
    assert result.chance_decisions == 2 and result.chance_lines == 6 - 1
    chance = [c for c in result.choices if c.chance]
    assert len(chance) == 2 and all(c.matters for c in chance)
    text = result.describe(cost=False)
    assert "2 chance decision(s)" in text and "5 of these lines differ by chance" in text
    assert result.to_dict()["chance_lines"] == 5 and result.to_dict()["choices"][0]["chance"] in (True, False)
    for o in result.outcomes:                              # every example line replays to its outcome
        assert result.game(o).state.cards == o.state.cards


# -- properties over generated boards ---------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(hand=st.integers(0, 4), amount=st.integers(1, 3), opponent_hand=st.integers(0, 3),
       deck=st.integers(0, 3), deep=st.integers(0, 2), pick=st.integers(0, 10_000))
def test_chance_properties(hand, amount, opponent_hand, deck, deep, pick):
    scenario = _board(hand=hand, amount=amount, opponent_hand=opponent_hand, deck=deck, shuffle_deep=deep,
                      watcher=False)
    # every chance decision's options are unique, with a legal default (the first); answering one at
    # random (by the test, not the engine) and replaying the recorded line gives the same game
    game = Game.start(scenario)
    while game.decision is not None:
        d = game.decision
        assert len(set(d.option_ids)) == len(d.option_ids) and d.is_legal(d.default)
        if d.by_chance:
            assert d.chooser == GAME and d.default == d.option_ids[0] and len(d.option_ids) > 1
            assert all(cards_of(o) for o in d.option_ids)
        game = game.answer(d.option_ids[pick % len(d.option_ids)])
    again = Game.start(scenario, game.line, play_defaults=True)
    assert again.state == game.state and not again.unapplied
    # explore's line count is the product of the chance decisions' outcome counts (no player decides
    # anything on this board), and every line but the first-outcome one differs by chance
    expected = max(comb(hand, min(amount, hand)), 1) * max(opponent_hand, 1)
    if deep:
        expected *= max(perm(deck, min(deep, deck)), 1)
    result = explore(scenario, progress=False)
    assert result.lines == expected and result.chance_lines == expected - 1
    if not deep:        # a deck's order is not part of an outcome (only where its cards end up)
        assert len(result.outcomes) == expected


def test_random_outcomes_are_sets_in_listing_order():
    assert random_outcomes(("a", "b", "c"), 2) == ("a+b", "a+c", "b+c")
    assert random_outcomes(("a",), 3) == ("a",) and random_outcomes((), 1) == ()
    assert shuffle_outcomes(("a", "b"), 2) == ("a+b", "b+a")


# -- hidden information a player looks at: a choice, not chance --------------------------------------------
def test_look_at_the_top_three_offers_only_units_among_them():
    game = Game.start(play("look-at-the-top-three-take-a-unit").scenario)
    assert game.decision.kind is DecisionKind.CHOOSE_TARGET and game.decision.chooser == "P1"
    assert game.decision.option_ids == ("d2", "d3", "done")      # d1 is a spell, d4 is fourth from the top


def test_a_shuffle_then_a_look_combines_chance_and_a_players_choice():
    b = ScenarioBuilder("shuffle then look", ruleset="riftbound")
    look = do("move", "chosen", cards(zone="main deck", owner="you", type="unit"))
    look = replace(look, to="hand", filter=replace(look.filter, top=1))
    b.card("seer", "Tidewrack Seer", "P1", type="unit", might=1, zone="base", kneeling=True,
           abilities=[triggered("r", on("stands", which="self"), [shuffle("you")])])
    b.card("finder", "Lanternfen Scout", "P1", type="unit", might=1, zone="base", kneeling=True,
           abilities=[triggered("r", on("stands", which="self"), [look])])
    for i in range(3):
        b.card(f"d{i}", f"P1 deck card {i}", "P1", type="unit" if i else "spell", zone="main deck")
    scenario = b.occur("ready", cards=["seer"], id="a").occur("ready", cards=["finder"], id="b").build()
    result = explore(scenario, progress=False)
    assert result.chance_decisions == 1 and result.lines == 3     # d0 on top: a spell, nothing to take
    kinds = {c.key.kind: c for c in result.choices}
    assert set(kinds) == {DecisionKind.CHANCE, DecisionKind.CHOOSE_TARGET}
    assert kinds[DecisionKind.CHANCE].chance and not kinds[DecisionKind.CHOOSE_TARGET].chance
    assert kinds[DecisionKind.CHOOSE_TARGET].key.chooser == "P1"       # what is found is the player's to take
    assert {o.option for o in kinds[DecisionKind.CHOOSE_TARGET].options} == {"d1", "d2"}


@pytest.mark.parametrize("where, wanted", [
    ("when: {event: killed, card: {zone: main deck, top: 2}}", "read only in an instruction's filter"),
    ("effect: [{do: move, target: chosen, to: hand, filter: {zone: hand, top: 2}}]", "needs zone 'main deck'"),
])
def test_top_is_refused_where_it_would_do_nothing(where, wanted):
    text = _FILE.format(ruleset="riftbound", extra="type: unit\n    zone: base", timing="triggered",
                        event="killed", effect="{do: draw, target: you}")
    if where.startswith("when"):
        text = text.replace("when: {event: killed}", where)
    else:
        text = text.replace("effect: [{do: draw, target: you}]", where)
    with pytest.raises(ScenarioError, match=wanted):
        loads_scenario(text)
