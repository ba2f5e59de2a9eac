"""A search is no target and may find nothing (rule ``agot.search``; Rules Reference, "Search",
"Target"; FAQ, Definitions and Terms, "Choose"), and whether an ability could change the game state reads its whole effect
(rule ``agot.initiate``; "Abilities", "Lasting Effects", "The word 'Then'"): from a file, from the
Python builder and ``Game``, in ``explain`` and in ``rulekit trace --rules``."""
from __future__ import annotations

import subprocess
import sys

import pytest

from rulekit import Code, Game, explain
from rulekit.core.decisions import DecisionKind
from rulekit.core.errors import ScenarioError
from rulekit.core.frozen import replace
from rulekit.files import loads_scenario
from rulekit.files.builder import (ScenarioBuilder, cards, condition, draw, gain_power, killed, on, reaction, search,
                                   shuffle)
from rulekit.views.trace import format_trace

from shipped_agot import play, steps

SEARCH_TEXT = ("Reaction: After Ashford Road Herald enters play, search your deck for a Knight card, put it into "
               "your hand, and shuffle your deck. Then, draw 1 card.")


def _herald(*deck: tuple[str, tuple[str, ...]]):
    """Ashford Road Herald enters play; P1's deck holds ``deck`` (id, traits), top first."""
    b = ScenarioBuilder("search", ruleset="agot")
    b.card("herald", "Ashford Road Herald", "P1", zone="hand", abilities=[reaction(
        "r", on("enters play", which="self"),
        [search(cards(zone="draw deck", owner="you", trait="Knight")), shuffle(),
         replace(draw(), then=True)], text=SEARCH_TEXT)])
    for card_id, traits in deck:
        b.card(card_id, f"Deck card {card_id}", "P1", zone="draw deck", traits=traits)
    return b.put_into_play("herald", id="enter").build()


USE = "herald@1.r@s:enter:enters-play:herald"


def test_the_search_is_asked_as_it_resolves_with_nothing_among_its_options():
    game = Game.start(_herald(("d1", ()), ("k1", ("Knight",)))).answer(USE)
    d = game.decision
    assert d.kind is DecisionKind.SEARCH and d.chooser == "P1" and d.rule == "agot.search"
    assert d.option_ids == ("k1", "nothing") and d.default == "k1"
    assert [o.label for o in d.options][1] == "find nothing"
    # the effect initiated before the search was asked: a search is no target (RR "Target")
    assert any(s.what == "initiates" for s in game.timeline)
    assert not any(s.decision is not None and s.decision.kind is DecisionKind.CHOOSE_TARGET for s in game.timeline)


def test_finding_nothing_leaves_the_card_and_skips_then_by_default():
    game = Game.start(_herald(("d1", ()), ("k1", ("Knight",)))).answer(USE).answer("nothing").play_defaults()
    assert game.state.cards["k1"].zone == "draw deck" and game.state.cards["d1"].zone == "draw deck"
    [found] = [s for s in game.timeline if s.what == "search"]
    assert found.args_dict()["found"] == "nothing" and found.rule == "agot.search"
    assert found.args_dict()["ruling"] == "agot.then-after-search=not-in-full"
    assert len(steps(game, "then-skipped")) == 1


def test_under_the_other_ruling_a_search_that_found_nothing_resolved_in_full():
    game = Game.start(_herald(("d1", ()), ("d2", ())), rulings={"agot.then-after-search": "in-full"})
    game = game.answer(USE).play_defaults()
    assert not steps(game, "then-skipped")
    assert len([c for c in game.state.cards.values() if c.zone == "hand"]) == 1      # the draw resolved


def test_the_search_potential_ruling_decides_whether_a_search_that_fits_no_card_is_offered():
    scenario = _herald(("d1", ()), ("d2", ()))
    offered = Game.start(scenario)
    assert USE in offered.decision.option_ids             # the default: the deck holds cards to look at
    strict = Game.start(scenario, rulings={"agot.search-potential": "a-card-that-fits"})
    # the search alone could change nothing, but the shuffle after it could (a deck of 2)
    assert USE in strict.decision.option_ids
    lone = ScenarioBuilder("lone search", ruleset="agot")
    lone.card("herald", "Ashford Road Herald", "P1", zone="hand", abilities=[reaction(
        "r", on("enters play", which="self"), [search(cards(zone="draw deck", owner="you", trait="Knight"))])])
    lone.card("d1", "Deck card d1", "P1", zone="draw deck", type="event")
    built = lone.put_into_play("herald", id="enter").build()
    assert USE in Game.start(built).decision.option_ids
    refused = Game.start(built, rulings={"agot.search-potential": "a-card-that-fits"}, play_defaults=True)
    [verdict] = {v for s in refused.timeline for v in s.verdicts if v.card == "herald@1"}
    assert verdict.code is Code.NO_EFFECT and "no card in the searched draw deck fits" in verdict.detail


def test_a_search_of_an_empty_deck_could_change_nothing():
    lone = ScenarioBuilder("empty deck", ruleset="agot")
    lone.card("herald", "Ashford Road Herald", "P1", zone="hand", abilities=[reaction(
        "r", on("enters play", which="self"), [search(cards(zone="draw deck", owner="you", trait="Knight"))])])
    game = Game.start(lone.put_into_play("herald", id="enter").build(), play_defaults=True)
    [verdict] = {v for s in game.timeline for v in s.verdicts if v.card == "herald@1"}
    assert verdict.code is Code.NO_EFFECT and verdict.detail == "search: the searched draw deck holds no card to look at"


def test_a_search_answer_names_a_card_or_nothing_in_a_file():
    text = """
ruleset: agot
title: bad search answer
players: [P1, P2]
first_player: P1
cards:
  - {id: k1, title: Greyfen Knight, owner: P1, zone: draw deck, traits: [Knight]}
answers:
  - "search | x.r@s:e:enters-play:x/effect0 | P1 | #1 -> k2"
"""
    with pytest.raises(ScenarioError, match="no card has id 'k2'.*a card id, or 'nothing'"):
        loads_scenario(text)


def test_explain_and_the_trace_give_the_reason_and_the_rule():
    game = play("conditional-effect-that-could-change-nothing")
    step = next(s for s in game.timeline if any(v.card == "herald1" for v in s.verdicts))
    said = explain(step, "herald1", "r")
    assert said.codes() == (Code.NO_EFFECT,)
    assert "its condition is false as the game stands" in str(said)
    game = play("lasting-effect-with-no-challenge-under-way")
    step = next(s for s in game.timeline if any(v.card == "squire" for v in s.verdicts))
    assert "no challenge is under way" in str(explain(step, "squire", "r"))
    game = play("random-discard-then-draw-from-an-empty-hand")
    [verdict] = {v for s in game.timeline for v in s.verdicts if v.card == "informant" and v.condition.endswith("P1")}
    assert verdict.code is Code.NO_EFFECT
    assert verdict.detail == ("discard at random: no card to take; the part after \"then\" resolves only if the part "
                              "before it resolved in full")
    text = format_trace(play("search-may-find-nothing").timeline)
    assert "Search (" in text and "it finds nothing" in text and "[agot.search]" in text


def test_rulekit_trace_rules_cites_the_search_rule_and_its_ruling():
    out = subprocess.run([sys.executable, "-m", "rulekit", "trace", "scenarios/agot/search-that-fits-no-card.yaml",
                          "--rules"], capture_output=True, text=True, check=True).stdout
    assert "it finds nothing — no card fits" in out
    assert "A player who searches looks at the searched cards" in out
    assert "agot.then-after-search=not-in-full" in out


def test_a_condition_inside_the_effect_is_read_as_the_game_stands_from_the_builder():
    b = ScenarioBuilder("herald", ruleset="agot")
    b.card("victim", "Ferryman's Son", "P2")
    knight = condition(cards(type="character", controller="you", trait="Knight"), at_least=1)
    b.card("herald", "Brackenhold Herald", "P1", abilities=[
        reaction("r", killed(type="character"), [replace(gain_power(1, "self"), condition=(knight,))])])
    game = Game.start(b.kill("victim", id="k").build(), play_defaults=True)
    [verdict] = {v for s in game.timeline for v in s.verdicts if v.card == "herald"}
    assert verdict.code is Code.NO_EFFECT and verdict.detail.startswith("gain power: its condition is false")
    b.card("knight", "Greyfen Knight", "P1", traits=("Knight",))
    game = Game.start(b.build(), play_defaults=True)
    assert {v.code for s in game.timeline for v in s.verdicts if v.card == "herald"} == {Code.ELIGIBLE}


def test_a_shuffle_of_a_one_card_deck_did_not_resolve_in_full():
    """A shuffle changes nothing in a deck of 0 or 1 card (rulekit.chance): before "then" it did not
    resolve in full (RR "The word 'Then'"), as the verdict already reads it (a brute-force oracle
    over generated boards found the resolution disagreeing)."""
    b = ScenarioBuilder("short shuffle", ruleset="agot")
    b.card("victim", "Ferryman's Son", "P2")
    b.card("shrine", "Wayside Shrine", "P1", type="location", abilities=[reaction(
        "r", killed(type="character"), [gain_power(1, "self"), shuffle(), replace(draw(), then=True)])])
    b.card("d1", "Deck card d1", "P1", zone="draw deck", type="event")
    game = Game.start(b.kill("victim", id="k").build())
    game = game.answer("shrine.r@s:k:killed:victim").play_defaults()
    assert game.state.cards["shrine"].power == 1 and game.state.cards["d1"].zone == "draw deck"
    assert len(steps(game, "then-skipped")) == 1


def test_a_search_for_several_cards_is_refused_at_load():
    """A search finds one card, or none ("Search"): "search for 2 cards" is not modelled, so its
    ``amount`` would load and change nothing (rule rulekit.fields); the file is refused, naming it."""
    text = """
ruleset: agot
title: a search for two
players: [P1, P2]
first_player: P1
cards:
  - {id: k1, title: Greyfen Knight, owner: P1, zone: draw deck, traits: [Knight]}
  - id: x
    title: Ashford Road Herald
    owner: P1
    abilities:
      - {id: r, timing: reaction, when: {event: gains power, card: {which: self}},
         effect: [{do: move, to: hand, target: chosen, amount: 2, filter: {zone: draw deck, owner: you}}]}
script:
  - {do: gain power, cards: [x]}
"""
    with pytest.raises(ScenarioError, match=r"effect\[0\]\.amount.*a search finds one card") as e:
        loads_scenario(text)
    assert "no 'amount' on a search" in str(e.value)
