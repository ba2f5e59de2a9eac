"""Five general Riftbound rules from the builder, ``Game``, ``explain`` and the trace (issue "Rules
fidelity, fourth pass"): a cleanup that changes nothing is not repeated (rule ``rb.cleanup``; Core
Rules 322), Deathknells before the watchers of the deaths (``rb.deathknell``; 808.1.d.2), the
attacker's designation triggers first (``rb.combat``; 459.2.d.1), cards in a hand or a deck chosen
as the item resolves (``rb.hidden-choice``; 355.10.a, 355.17), combat's recall an ``is recalled``
event (``rb.recall``; 461.1.a.2)."""
from __future__ import annotations

from rulekit import Code, Game, explain
from rulekit.builder import ScenarioBuilder, ability, cards, choose, deathknell, do, draw, on, triggered
from rulekit.core.rules import RULES
from rulekit.rulesets.riftbound import ItemFrame
from rulekit.rulesets.riftbound.priority import priority_verdict
from rulekit.views.trace import format_trace


def _deck(b, *players, n=3):
    for p in players:
        for k in range(n):
            b.card(f"{p.lower()}m{k}", f"{p} card {k}", owner=p, type="unit", zone="main deck")


def test_a_unit_whose_replaced_death_changes_nothing_keeps_its_lethal_damage_and_the_cleanup_ends():
    b = ScenarioBuilder("sentinel", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
    b.card("s", "Stubborn Sentinel", owner="P1", type="unit", zone="base", might=2, abilities=[
        ability("stay", "replacement", on("killed", which="self"), [do("exhaust")],
                text="If I would die, exhaust me instead.")])
    b.occur("deal damage", cards=["s"], amount=3, id="blast")
    game = Game.start(b.build()).play_defaults()          # no runaway loop
    sentinel = game.state.cards["s"]
    assert (sentinel.zone, sentinel.kneeling, sentinel.damage) == ("base", True, 3)
    cleanups = [s for s in game.timeline if s.what == "rb-occurs" and s.rule == "rb.cleanup"]
    assert [bool(s.args_dict()["occurred"]) for s in cleanups] == [True, False]    # exhausted, then nothing
    last = next(s for s in game.timeline[cleanups[-1].number:] if s.what == "rb-triggers")
    assert last.args_dict()["no cleanup"] == ("s",)
    assert "nothing happened, so no cleanup follows (Core Rules 322) — still with lethal damage: Stubborn " \
           "Sentinel" in format_trace(game.timeline, rules=True)
    assert "322" in RULES["rb.cleanup"].source and "370.2" in RULES["rb.cleanup"].source


def test_a_deathknell_is_placed_before_the_turn_players_watcher_of_the_death():
    b = ScenarioBuilder("knell first", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
    b.card("crow", "Carrion Crow", owner="P1", type="unit", zone="base", might=2, abilities=[
        triggered("w", on("killed", type="unit", controller="opponent"), [draw(1)])])
    b.card("martyr", "Ashen Martyr", owner="P2", type="unit", zone="base", might=2,
           abilities=[deathknell("dk", [draw(1)])])
    _deck(b, "P1", "P2")
    b.occur("deal damage", cards=["martyr"], amount=3, id="blast")
    game = Game.start(b.build()).play_defaults()
    placed = [(s.args_dict()["item"], s.rule) for s in game.timeline if s.what == "rb-placed"]
    assert placed == [("martyr.dk@s:blast/cleanup:killed:martyr", "rb.deathknell"),
                      ("crow.w@s:blast/cleanup:killed:martyr", "rb.simultaneous")]
    text = format_trace(game.timeline, rules=True)
    assert "On the Chain, pending: Ashen Martyr's Deathknell" in text and "[rb.deathknell]" in text
    assert "808.1.d.2" in RULES["rb.deathknell"].source


def test_on_the_defenders_turn_the_attackers_trigger_is_placed_first():
    b = ScenarioBuilder("attacker first", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
    b.battlefield("ford", "Reed Ford", owner="P1", controller="P1")
    b.card("raider", "Pike Raider", owner="P2", type="unit", zone="battlefield", at="ford", might=3, abilities=[
        triggered("atk", on("attacks", which="self"), [draw(1)])])
    b.card("guard", "Moat Guard", owner="P1", type="unit", zone="battlefield", at="ford", might=2, abilities=[
        triggered("def", on("defends", which="self"), [draw(1)])])
    _deck(b, "P1", "P2")
    b.combat("ford", "P2", id="fight")
    game = Game.start(b.build()).play_defaults()
    placed = [(s.args_dict()["item"], s.rule) for s in game.timeline if s.what == "rb-placed"]
    assert placed == [("raider.atk@s:fight:attacks:raider", "rb.combat"),
                      ("guard.def@s:fight:defends:guard", "rb.combat")]
    assert "459.2.d.1" in RULES["rb.combat"].source


def test_a_card_in_a_hand_is_chosen_as_the_item_resolves_and_a_spell_is_playable_without_one():
    b = ScenarioBuilder("discard", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
    b.card("herald", "Herald", owner="P1", type="unit", zone="hand", might=1, abilities=[
        triggered("p", on("played", which="self"), [choose("discard", 1, cards(zone="hand", owner="you"))])])
    b.card("h1", "Spare card", owner="P1", type="spell", zone="hand")
    b.card("purge", "Purge", owner="P2", type="spell", zone="hand", abilities=[
        ability("x", "action", None, [choose("discard", 1, cards(zone="hand", owner="you"))])])
    b.play("herald", id="play")
    game = Game.start(b.build())
    assert game.decision.rule == "rb.hidden-choice" and "no target" in game.decision.prompt
    assert isinstance(game.timeline[-1].control[-1], ItemFrame)       # asked as the item resolves
    game = game.answer(game.decision.options[0]).play_defaults()
    assert game.state.cards["h1"].zone == "trash"
    assert "(a card in a hand or a deck, not a target)" in format_trace(game.timeline, rules=True)
    # P2's "discard a card" is no target: it may be played with P2's hand otherwise empty (355.8 asks targets)
    state = game.state
    verdict = priority_verdict(state, state.cards["purge"], state.cards["purge"].ability("x"), "P2", None)
    assert verdict.code is Code.ELIGIBLE
    assert "355.17" in RULES["rb.hidden-choice"].source


def test_combats_recall_of_its_attacker_is_an_event_a_recall_watcher_triggers_on():
    b = ScenarioBuilder("recall", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
    b.battlefield("ford", "Reed Ford", owner="P2", controller="P2")
    b.card("raider", "Pike Raider", owner="P1", type="unit", zone="battlefield", at="ford", might=3)
    b.card("guard", "Stubborn Guard", owner="P2", type="unit", zone="battlefield", at="ford", might=2, abilities=[
        ability("stay", "replacement", on("killed", which="self"), [do("exhaust")])])
    b.card("beacon", "Homing Beacon", owner="P1", type="gear", zone="base", abilities=[
        triggered("r", on("is recalled", type="unit", controller="you"), [draw(1)])])
    _deck(b, "P1")
    b.combat("ford", "P1", id="fight")
    game = Game.start(b.build()).play_defaults()
    recall = next(s for s in game.timeline if s.args_dict().get("combat") == "recall")
    assert recall.args_dict()["occurred"] == ("s:fight/recall:is-recalled:raider",)
    assert game.state.cards["raider"].zone == "base"
    checked = game.timeline[recall.number + 1]
    verdicts = explain(checked, "beacon", "r")
    assert [v.code for v in verdicts.verdicts] == [Code.TRIGGERS]
    assert "beacon.r@s:fight/recall:is-recalled:raider" in [s.args_dict()["item"] for s in game.timeline
                                                             if s.what == "rb-resolves"]
    assert "461.1.a.2" in RULES["rb.recall"].source
