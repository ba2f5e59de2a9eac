"""An effect's ``play`` (rule ``rb.play-effect``; Core Rules 419.3, 354.1-354.3, 337.1.c, 356.1.b,
357.1, 358.4, 359.2.c, 350.1, 419.4.a, 188.1; ruling ``rb.pay-to-play``): from the builder and
``Game``, with ``explain`` and the trace's words; a Deathknell's "play me" under both readings of
``rb.deathknell-me``; a Cost that cannot be paid; a gear played "here"; a spell without a legal
target; the file's refusals; the card text read and written back."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulekit import Code, Game, explain
from rulekit.builder import (ScenarioBuilder, cards, deathknell, draw, on, play_card, played, triggered)
from rulekit.core.cardtext import ReadCard, bare
from rulekit.core.errors import ScenarioError
from rulekit.core.scenario import with_rulings
from rulekit.files import load_scenario
from rulekit.rulesets.riftbound.cardtext import read, write
from rulekit.views.trace import step_line

SHIPPED = Path(__file__).parents[2] / "scenarios" / "riftbound"


def _board(effect, *, pool=None, battlefield=False):
    """P1's Grave Herald, at a battlefield or in its base, with "Deathknell — <effect>"; Ember Wyrm (a
    unit, [3]) in P1's hand; a War Drum "When you play a unit, draw 1."; P1's Main Deck of one card."""
    b = ScenarioBuilder("an effect plays a card", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
    if pool:
        b.pool("P1", **pool)
    b.card("m0", "Deck card", owner="P1", zone="main deck", type="unit")
    if battlefield:
        b.battlefield("bridge", "Sunken Bridge", owner="P1")
    b.card("herald", "Grave Herald", owner="P1", type="unit", might=2, zone="battlefield" if battlefield else "base",
           at="bridge" if battlefield else None, abilities=[deathknell("dk", [effect])])
    b.card("wyrm", "Ember Wyrm", owner="P1", type="unit", might=4, energy_cost=3, zone="hand")
    b.card("drum", "War Drum", owner="P1", type="gear", zone="base", abilities=[
        triggered("w", played(type="unit", player="you"), [draw()], text="When you play a unit, draw 1.")])
    b.kill("herald", id="fall")
    return b.build()


HAND_UNIT = cards(type="unit", zone="hand", owner="you")


def test_the_builder_plays_a_unit_from_hand_here_and_game_explain_and_the_trace_say_why():
    game = Game.start(_board(play_card("chosen", HAND_UNIT, to="here", ignoring="cost"), battlefield=True)
                      ).play_defaults()
    wyrm = game.state.cards["wyrm"]
    assert (wyrm.zone, wyrm.at, wyrm.controller, wyrm.kneeling, wyrm.obj) == ("battlefield", "bridge", "P1", True,
                                                                            "wyrm@2")
    assert game.state.cards["m0"].zone == "hand"       # the War Drum saw the Wyrm played
    pending = next(s for s in game.timeline if s.what == "rb-play-pending")
    assert pending.rule == "rb.play-effect"
    assert pending.args_dict()["to"] == "bridge"       # "here": where the Herald died (808.1.d.3, 359.3.f.2)
    entered = next(s for s in game.timeline if s.what == "rb-occurs" and s.rule == "rb.play-effect")
    check = game.timeline[entered.number + 1]
    (verdict,) = explain(check, "drum", "w").verdicts
    assert verdict.code is Code.TRIGGERS
    words = "\n".join(step_line(s) for s in game.timeline)
    assert "P1 plays Ember Wyrm (wyrm) from the hand" in words and "[rb.play-effect]" in words
    assert "is finalized: a permanent, it resolves at once" in words


def test_a_cost_that_cannot_be_paid_undoes_the_play_and_the_card_goes_back():
    """Without "ignoring", the Wyrm's [3] is paid as it is finalized (357.1); P1 has [1]: the play is
    undone (358.4) and the Wyrm goes back to the hand, never played."""
    game = Game.start(_board(play_card("chosen", HAND_UNIT), pool={"energy": 1})).play_defaults()
    assert game.state.cards["wyrm"].zone == "hand" and game.state.cards["m0"].zone == "main deck"
    removed = next(s for s in game.timeline if s.what == "rb-removed")
    assert removed.rule == "rb.play-effect" and "goes back to the hand it was played from" in removed.describe()
    paid = Game.start(_board(play_card("chosen", HAND_UNIT), pool={"energy": 3})).play_defaults()
    assert paid.state.cards["wyrm"].zone == "base" and paid.state.pool("P1") == {}


def test_ignoring_its_energy_cost_still_pays_its_power_cost():
    b = ScenarioBuilder("power", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
    b.pool("P1", fury=1)
    b.card("herald", "Grave Herald", owner="P1", type="unit", might=2, zone="base", abilities=[
        deathknell("dk", [play_card("chosen", HAND_UNIT, to="base", ignoring="energy cost")])])
    b.card("wyrm", "Ember Wyrm", owner="P1", type="unit", might=4, energy_cost=5, power_cost=["fury"], zone="hand")
    b.kill("herald")
    game = Game.start(b.build()).play_defaults()
    assert game.state.cards["wyrm"].zone == "base" and game.state.pool("P1") == {}


@pytest.mark.parametrize("reading,zone", [("trash", "base"), ("gone", "trash")])
def test_a_deathknell_plays_me_from_the_trash_under_rb_deathknell_me(reading, zone):
    """"Deathknell — Play me, ignoring its cost.": "me" is its card in the trash (rb.deathknell-me=trash),
    played back to the base; under ``gone`` the card in the trash is a new object and nothing is played."""
    b = ScenarioBuilder("play me", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
    b.card("herald", "Grave Herald", owner="P1", type="unit", might=2, energy_cost=2, zone="base", abilities=[
        deathknell("dk", [play_card(ignoring="cost")])])
    b.kill("herald", id="fall")
    game = Game.start(with_rulings(b.build(), {"rb.deathknell-me": reading})).play_defaults()
    herald = game.state.cards["herald"]
    assert herald.zone == zone and (herald.kneeling if zone == "base" else True)
    assert herald.obj == ("herald@3" if zone == "base" else "herald@1")


def test_a_gear_played_here_goes_to_the_battlefield_the_effect_names():
    """A gear is played to its player's base unless an effect says otherwise (148.1.a.1); enters ready."""
    b = ScenarioBuilder("gear here", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
    b.battlefield("bridge", "Sunken Bridge", owner="P1")
    b.card("herald", "Grave Herald", owner="P1", type="unit", might=2, zone="battlefield", at="bridge", abilities=[
        deathknell("dk", [play_card("chosen", cards(type="gear", zone="trash", owner="you"), to="here",
                                    ignoring="cost")])])
    b.card("lamp", "Bridge Lamp", owner="P1", type="gear", zone="trash")
    b.kill("herald")
    lamp = Game.start(b.build()).play_defaults().state.cards["lamp"]
    assert (lamp.zone, lamp.at, lamp.kneeling) == ("battlefield", "bridge", False)


def test_a_spell_with_no_legal_target_is_undone_back_to_its_zone():
    """A spell an effect plays makes its choices as it is finalized (355.5); with no legal target it
    cannot be played (355.8, 358.4): back to the trash it came from, never played."""
    b = ScenarioBuilder("no target", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
    b.card("herald", "Grave Herald", owner="P1", type="unit", might=2, zone="base", abilities=[
        deathknell("dk", [play_card("chosen", cards(type="spell", zone="trash", owner="you"), ignoring="cost")])])
    from rulekit.builder import ability, kill
    b.card("bolt", "Grave Bolt", owner="P1", type="spell", zone="trash", abilities=[
        ability("x", "action", None, [kill("chosen", cards(type="unit", controller="opponent"))],
                text="Action — Kill an enemy unit.")])
    b.kill("herald")
    game = Game.start(b.build()).play_defaults()
    assert game.state.cards["bolt"].zone == "trash" and game.state.cards["bolt"].obj == "bolt@2"
    assert not any(s.what == "rb-occurs" and s.rule == "rb.play-spell" for s in game.timeline)


@pytest.mark.parametrize("instruction,field,words", [
    ({"do": "play", "target": "self", "ignoring": "everything"}, "ignoring", "'ignoring' names the costs"),
    ({"do": "draw", "target": "you", "ignoring": "cost"}, "ignoring", "'ignoring' names the costs"),
    ({"do": "play", "target": "self", "to": "trash"}, "to", "goes to a location"),
])
def test_the_file_refuses_what_an_effects_play_cannot_do(tmp_path, instruction, field, words):
    import yaml
    doc = {"ruleset": "riftbound", "title": "bad", "players": ["P1", "P2"], "first_player": "P1",
           "cards": [{"id": "u", "title": "U", "owner": "P1", "type": "unit", "zone": "base", "might": 1,
                      "abilities": [{"id": "dk", "timing": "triggered", "deathknell": True,
                                     "when": {"event": "killed"}, "effect": [instruction]}]}],
           "script": [{"do": "kill", "cards": ["u"]}]}
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    with pytest.raises(ScenarioError) as e:
        load_scenario(path)
    assert words in str(e.value) and field in str(e.value)


def test_play_is_no_cost_and_no_effect_of_a_game_of_thrones():
    b = ScenarioBuilder("cost", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
    b.card("u", "U", owner="P1", type="unit", might=1, zone="base", abilities=[
        triggered("t", on("killed", type="unit"), [draw()], cost=[play_card()])])
    with pytest.raises(ScenarioError, match="'play' is an effect"):
        b.build()
    a = ScenarioBuilder("agot", players=["P1", "P2"], first_player="P1")
    from rulekit.builder import reaction, killed
    a.card("c", "C", owner="P1", abilities=[reaction("r", killed(), [play_card()])])
    with pytest.raises(ScenarioError, match="done by the rules or the script"):
        a.build()


@pytest.mark.parametrize("title,text", [
    ("Barrow Herald", "Deathknell — Play a unit from your hand to your base, ignoring its Energy cost."),
    ("Ashen Roc", "When a friendly unit dies, you may play me from your trash, ignoring its cost."),
    ("Ashen Roc", "When a friendly unit dies, you may pay [1] to play me from your trash."),
    ("Mirror Pool", "When a friendly unit here dies, you may play it here, ignoring its cost."),
    ("Tidecaller", "Deathknell — Play a unit from your hand here, ignoring its cost."),
    ("Echo Scribe", "When you play me, you may play a spell from your trash, ignoring its Power cost."),
    ("Grave Herald", "Deathknell — Play me, ignoring its cost."),
])
def test_the_printed_plays_read_and_write_back(title, text):
    card = read(text, title)
    assert write(card, title) == text
    again = read(write(card, title), title)
    assert [bare(a) for a in again.abilities] == [bare(a) for a in card.abilities]
    (instr,) = card.abilities[0].effect
    assert instr.do.value == "play"


def test_play_me_from_your_trash_says_where_the_ability_works():
    """385.2: a triggered ability off the board says where it works — "play me from your trash" does."""
    (ability,) = read("When a friendly unit dies, play me from your trash.", "Ashen Roc").abilities
    assert ability.zones == ("trash",)
    (dk,) = read("Deathknell — Play me from your trash.", "Ashen Roc").abilities
    assert dk.zones == () and dk.deathknell
    prefixed = read("While I'm in your trash, when a friendly unit dies, play me from your trash.", "Ashen Roc")
    assert write(prefixed, "Ashen Roc") == "When a friendly unit dies, play me from your trash."
    assert write(ReadCard(abilities=prefixed.abilities), "Ashen Roc").startswith("When")


def test_the_shipped_cases_read_their_text():
    """The shipped cases' printed texts read as the abilities their files write (the Mirror Pool's
    trigger aside, which the reader words "a friendly unit here dies")."""
    for name in ("deathknell-plays-a-unit-from-hand", "play-me-from-your-trash", "spell-played-by-an-effect",
                 "deathknell-plays-a-unit-here"):
        loaded = load_scenario(SHIPPED / f"{name}.yaml")
        for card in loaded.scenario.cards:
            for a in card.abilities:
                if any(i.do.value == "play" for i in a.effect):
                    (read_back,) = read(a.text, card.title).abilities
                    assert bare(read_back) == bare(a), name
