"""When an effect's choices are made: targets after "then" as their part begins (rule
agot.then.targets), cards from a hand or a deck as their instruction resolves (rule
agot.choose.resolving), and no cost that searches — from the builder, through Game, explain, the
trace and the command line, and the files and card texts that are refused."""
from __future__ import annotations

import pytest

from rulekit import Code, Game, explain
from rulekit.builder import (ScenarioBuilder, cards, choose, do, draw, gain_power, on, reaction, search, then,
                             would_interrupt)
from rulekit.core.decisions import DecisionKind
from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario
from rulekit.views.trace import format_trace

from cli_output import run_cli
from shipped_agot import AGOT, play

USE = "keep.r@s:win:wins-a-challenge:P1"


def _keep(*, cancel: bool = False) -> ScenarioBuilder:
    b = ScenarioBuilder("then targets", players=["P1", "P2"], first_player="P1", phase="challenges")
    b.card("stand", "Standing Guard", owner="P2")
    b.card("knelt", "Kneeling Guard", owner="P2", kneeling=True)
    b.card("keep", "Warden's Keep", owner="P1", type="location", abilities=[
        reaction("r", on("wins a challenge", player="you", challenge="military"),
                 [do("kneel", "each", cards(type="character", controller="opponent")),
                  then(do("kill", "chosen", cards(type="character", posture="kneeling")))],
                 text="Reaction: After you win a [military] challenge, kneel each character an opponent controls. "
                      "Then, choose a kneeling character and kill it.")])
    if cancel:
        b.card("nay", "Nay", owner="P2", zone="hand", type="event", abilities=[
            would_interrupt("x", on("effect initiates", player="opponent"), [do("cancel", "that effect")])])
    b.occur("win challenge", player="P1", challenge="military", id="win")
    return b


def test_from_the_builder_the_target_after_then_is_asked_after_the_part_before_resolved():
    game = Game.start(_keep().build())
    game = game.answer(game.decision.option(USE))
    asked = game.decision
    assert asked.kind is DecisionKind.CHOOSE_TARGET and asked.key.at == f"{USE}/effect1"
    assert asked.rule == "agot.then.targets"
    assert asked.state.cards["stand"].kneeling              # the kneel before "then" has resolved
    assert set(asked.legal_ids()) == {"stand", "knelt"}     # both kneel now
    assert any(s.what == "initiates" for s in game.timeline)
    game = game.answer(asked.option("stand")).play_defaults()
    assert game.state.cards["stand"].zone == "dead pile" and game.state.cards["knelt"].zone == "play area"


def test_a_cancelled_effect_never_asks_for_the_target_after_then():
    game = Game.start(_keep(cancel=True).build())
    game = game.answer(game.decision.option(USE))
    assert game.decision.kind is DecisionKind.ACT_OR_PASS and game.decision.chooser == "P2"     # the cancel first
    game = game.answer(game.decision.option(f"nay.x@{USE}/initiation:effect-initiates:keep")).play_defaults()
    assert not [s for s in game.timeline if s.decision is not None and s.decision.kind is DecisionKind.CHOOSE_TARGET]
    assert not game.state.cards["stand"].kneeling


def test_explain_offers_the_ability_without_a_valid_target_after_then_and_the_trace_says_the_part_failed():
    game = play("then-part-with-no-valid-target-fails")
    window = next(s for s in game.timeline if s.verdicts and s.context is not None and s.context.id == "s:win"
                  and s.context.step.number == 7)
    why = explain(window, "keep", "r")
    assert why.usable and why.verdicts[0].code is Code.ELIGIBLE       # not checked at initiation (RR "Target")
    failed = [s for s in game.timeline if s.what == "then-no-target"]
    assert [s.rule for s in failed] == ["agot.then.targets"]
    text = format_trace(game.timeline, rules=True)
    assert "too few valid targets as its targets are chosen (only 0 to kill, 1 to choose), so the part after " \
           "\"then\" fails to resolve. [agot.then.targets]" in text
    assert game.state.cards["keep"].power == 0


def test_rulekit_trace_rules_cites_both_rules():
    code, out, _ = run_cli("trace", str(AGOT / "then-target-chosen-as-its-part-resolves.yaml"), "--rules")
    assert code == 0
    assert "as the part after \"then\" begins: Standing Guard. [agot.then.targets]" in out
    assert "Targets after \"then\"" in run_cli("rules", "agot.then.targets")[1]
    code, out, _ = run_cli("trace", str(AGOT / "discard-from-hand-picked-as-the-effect-resolves.yaml"), "--rules")
    assert code == 0
    assert "as its instruction resolves: Ledger (a card from a hand or a deck is no target). [agot.choose.resolving]" in out


def test_a_hand_pick_from_the_builder_is_asked_after_the_draw_before_it():
    """"Draw 1 card, and discard 1 card from your hand": the card just drawn may be discarded."""
    b = ScenarioBuilder("draw then discard", players=["P1", "P2"], first_player="P1")
    b.card("c3", "Steward", owner="P2")
    b.card("h1", "Old card", owner="P1", zone="hand", type="attachment")
    b.card("d1", "New card", owner="P1", zone="draw deck", type="attachment")
    b.card("hall", "Hall", owner="P1", type="location", abilities=[
        reaction("r", on("killed", type="character"), [draw(1), choose("discard", 1, cards(zone="hand", owner="you"))])])
    b.kill("c3", id="kill")
    game = Game.start(b.build())
    game = game.answer(game.decision.option("hall.r@s:kill:killed:c3"))
    assert game.decision.rule == "agot.choose.resolving" and "(no target: picked as the effect resolves)" in game.decision.prompt
    assert set(game.decision.legal_ids()) == {"h1", "d1"}
    game = game.answer(game.decision.option("d1")).play_defaults()
    assert game.state.cards["d1"].zone == "discard pile" and game.state.cards["h1"].zone == "hand"


SEARCH_COST = """\
ruleset: agot
title: a cost that searches
players: [P1, P2]
first_player: P1
cards:
  - {id: k1, title: Deck Knight, owner: P1, zone: draw deck, traits: [Knight]}
  - id: hall
    title: Hall
    owner: P1
    type: location
    abilities:
      - id: r
        timing: reaction
        when: {event: killed}
        cost:
          - {do: kneel, target: self}
          - {do: put into play, target: chosen, filter: {zone: draw deck, owner: you, trait: Knight}}
        effect: [{do: gain power, target: self}]
script: [{do: kill, cards: [k1]}]
"""


def test_a_file_whose_cost_searches_is_refused_with_its_line_and_field():
    with pytest.raises(ScenarioError) as raised:
        loads_scenario(SEARCH_COST, "search-cost.yaml")
    message = str(raised.value)
    assert "search-cost.yaml:17:64:" in message and "cards[1].abilities[0].cost[1].filter.zone" in message
    assert "a cost does not search" in message and "a search goes in the effect" in message


def test_a_search_in_the_effect_is_still_fine_and_the_card_text_refuses_one_before_to():
    b = ScenarioBuilder("search effect", players=["P1", "P2"], first_player="P1")
    b.card("c3", "Steward", owner="P2")
    b.card("k1", "Deck Knight", owner="P1", zone="draw deck", traits=["Knight"])
    b.card("hall", "Hall", owner="P1", type="location", abilities=[
        reaction("r", on("killed", type="character"), [search(cards(zone="draw deck", owner="you", trait="Knight")),
                                                        then(gain_power(1))])])
    b.kill("c3", id="kill")
    assert Game.start(b.build()).decision is not None
    from rulekit.core.cardtext import CardTextError
    from rulekit.rulesets.agot.cardtext import read
    with pytest.raises(CardTextError, match="a search is an effect, never a cost"):
        read("Reaction: After a character is killed, search your deck for a Knight character, put it into play "
             "to draw 1 card.", "Hall")
