"""Replacements from any source ordered together (rule ``rb.standing-replacement``; Core Rules 370.2,
372, 390.3; ruling ``rb.next-time-unapplied``) and a Deathknell's "me" in the trash (rule
``rb.deathknell-me``; 808.1.c-808.1.d; ruling ``rb.deathknell-me``): the shipped cases under each
ruling's other option, the other order, the builder and ``Game``, the trace and the card text."""
from __future__ import annotations

from pathlib import Path

from rulekit import Game
from rulekit.builder import (ScenarioBuilder, ability, cards, deathknell, kill, on, recall, recycle,
                             replace_next_death)
from rulekit.core.cardtext import ReadCard, bare
from rulekit.core.rules import RULES
from rulekit.files import load_scenario
from rulekit.rulesets.riftbound.cardtext import read, write
from rulekit.core.scenario import with_rulings
from rulekit.views.trace import step_line

SHIPPED = Path(__file__).parents[2] / "scenarios" / "riftbound"
ORDERS = SHIPPED / "spell-and-printed-replacement-owner-orders.yaml"
TRASH = SHIPPED / "deathknell-acts-on-its-card-in-the-trash.yaml"


def _zones(game, *ids):
    return {i: game.state.cards[i].zone for i in ids}


def _until(game, kind: str):
    """The game played on with its defaults until a decision of ``kind`` comes (or it ends)."""
    while game.decision is not None and game.decision.key.kind.value != kind:
        game = game.answer(game.decision.default)
    return game


def test_the_owner_may_apply_the_spells_replacement_first():
    """Homeward Rite's first: the Knight is recalled; the Idol's replacement no longer applies to a
    recall and is not applied; the Knight's second death is the Idol's to replace (370.2)."""
    game = _until(Game.start(load_scenario(ORDERS).scenario), "act or pass").answer("rite.x")
    game = _until(game, "order replacements")
    assert game.decision.key.chooser == "P2"        # the Knight's owner, not P1 who controls it (372)
    assert game.decision.option_ids == ("rite.x@open:s:main#0", "idol.ward")
    game = game.answer("rite.x@open:s:main#0").play_defaults()
    assert _zones(game, "knight", "idol") == {"knight": "base", "idol": "trash"}


def test_under_the_controller_reading_the_units_controller_orders_them():
    """Ruling rb.replacement-chooser=controller (a later text of 372): P1, who controls the Knight P2
    owns, is asked."""
    game = Game.start(with_rulings(load_scenario(ORDERS).scenario, {"rb.replacement-chooser": "controller"}))
    game = _until(game.answer("rite.x") if game.decision.key.kind.value == "act or pass" else game,
                  "order replacements")
    assert game.decision.key.chooser == "P1"
    order = game.timeline[-1]
    assert order.args_dict()["by"] == "controller" and "controller of the card acted on" in order.describe()


def test_under_spent_a_next_time_replacement_passed_by_is_used_up():
    loaded = load_scenario(ORDERS)
    game = Game.start(with_rulings(loaded.scenario, {"rb.next-time-unapplied": "spent"}), loaded.answers).play_defaults()
    assert _zones(game, "knight", "idol") == {"knight": "trash", "idol": "trash"}


def test_under_gone_a_deathknell_finds_no_card_to_act_on():
    loaded = load_scenario(TRASH)
    game = Game.start(with_rulings(loaded.scenario, {"rb.deathknell-me": "gone"}), loaded.answers).play_defaults()
    assert _zones(game, "pilgrim", "bard", "monk") == {"pilgrim": "trash", "bard": "trash", "monk": "trash"}


def test_a_card_that_left_the_trash_is_not_me_any_more():
    """Two Deathknells of one card, each "Recycle me": the first recycles it, so the second finds no
    card in the trash (it is a new object in the Main Deck, 110) and does nothing."""
    b = ScenarioBuilder("twice", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
    b.card("m0", "Deck card", owner="P1", zone="main deck", type="unit")
    b.card("u", "Ember Pilgrim", owner="P1", type="unit", might=2, zone="base", abilities=[
        deathknell("a", [recycle()]), deathknell("b", [recycle()])])
    b.kill("u", id="k")
    game = Game.start(b.build()).play_defaults()
    assert game.state.cards["u"].zone == "main deck"
    words = "\n".join(step_line(s) for s in game.timeline)
    assert '"me" is Ember Pilgrim' in words and "[rb.deathknell-me]" in words
    assert "no longer in the trash where it died" in words


def test_the_builder_writes_a_delayed_replacement_and_game_orders_it():
    b = ScenarioBuilder("built", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
    b.card("knight", "Knight", owner="P2", controller="P1", type="unit", might=3, zone="battlefield")
    b.card("idol", "Warding Idol", owner="P1", type="gear", zone="base", abilities=[
        ability("ward", "replacement", on("killed", type="unit", controller="you"), [kill("self")])])
    b.card("bell", "Warning Bell", owner="P1", type="gear", zone="base", abilities=[
        ability("w", "triggered", on("phase begins", phase="beginning"),
                [replace_next_death([recall("that card")], "chosen", cards(type="unit"), this_turn=True)])])
    b.begin_phase("beginning", id="b")
    b.kill("knight", id="k")
    game = _until(Game.start(b.build()), "order replacements")
    assert game.decision is not None and game.decision.key.chooser == "P2"
    assert set(game.decision.option_ids) == {"bell.w@s:b:phase-begins:beginning", "idol.ward"}
    done = game.answer("idol.ward").play_defaults()
    assert _zones(done, "knight", "idol") == {"knight": "battlefield", "idol": "trash"}


def test_the_printed_deathknells_read_from_their_text_act_on_the_card():
    """ "Deathknell — Recycle me." and "Deathknell — Return me to your hand." as printed text: read,
    written back, and played — the card leaves the trash (return to hand from the trash is a move
    to its owner's hand, not a leaving of the board)."""
    for text, zone in (("Deathknell — Recycle me.", "main deck"), ("Deathknell — Return me to your hand.", "hand")):
        card = read(text, "Ember Pilgrim")
        again = read(write(card, "Ember Pilgrim"), "Ember Pilgrim")
        assert [bare(a) for a in again.abilities] == [bare(a) for a in card.abilities]
        b = ScenarioBuilder("printed", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
        b.card("u", "Ember Pilgrim", owner="P2", controller="P1", type="unit", might=2, zone="base",
               abilities=card.abilities)
        b.kill("u", id="k")
        game = Game.start(b.build()).play_defaults()
        assert game.state.cards["u"].zone == zone and game.state.cards["u"].owner == "P2"


def test_the_card_text_says_this_turn_both_ways():
    text = "Action — Choose a friendly unit. The next time it would die this turn, recall it instead."
    card = read(text, "Homeward Rite")
    (instr,) = card.abilities[0].effect
    assert instr.this_turn and instr.instead
    assert write(ReadCard(abilities=card.abilities), "Homeward Rite") == text


def test_the_rules_and_rulings_are_registered():
    assert "rb.deathknell-me" in RULES and "rb.standing-replacement" in RULES
    from rulekit.rulesets import get
    names = {r.name for r in get("riftbound").rulings}
    assert {"rb.next-time-unapplied", "rb.deathknell-me", "rb.replacement-chooser"} <= names
