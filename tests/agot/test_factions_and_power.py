"""Factions, the faction card, filters' "unique", "or" and numbers, moving and discarding power,
and winning dominance (rules agot.factions, agot.filters, agot.power, agot.dominance): what a file
may write (a word rulekit does not know is refused naming the nearest known one), and properties
over generated boards: a faction card never leaves play, power is never negative, moving power
keeps the power in play, winning dominance gives the winner's faction card 1 power, and "the
lowest STR" finds exactly the characters no other goes below."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rulekit import Game, Scenario, ScenarioError, ScriptEntry
from rulekit.core.abilities import Bounds, CardFilter, Who
from rulekit.core.events import Verb
from rulekit.core.matching import counted
from rulekit.core.model import Card
from rulekit.files import loads_scenario
from rulekit.rulesets.agot.cards import AgotCard
from rulekit.rulesets.agot.factions import FACTIONS
from strategies import play

SETTINGS = settings(max_examples=int(__import__("os").environ.get("RK_EXAMPLES", 50)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

BOARD = """\
ruleset: RULESET
title: t
players: [P1, P2]
first_player: P1
cards:
  - {id: f1, title: House One, owner: P1, type: faction, faction: Stark, zone: ZONE}
  - id: c
    title: Card
    owner: P1
    zone: ZONE
    type: TYPE
    abilities:
      - id: r
        timing: TIMING
        when: WHEN
        effect: [EFFECT]
script:
  - SCRIPT
"""
_AGOT = dict(RULESET="agot", ZONE="play area", TYPE="character", TIMING="reaction",
             WHEN="{event: killed}", EFFECT="{do: draw, target: you}", SCRIPT="{do: kill, cards: [c]}")


def _load(**changes):
    text = BOARD
    for key, value in {**_AGOT, **changes}.items():
        text = text.replace(key, value)
    return loads_scenario(text, "f.yaml")


def _refused(**changes) -> str:
    with pytest.raises(ScenarioError) as err:
        _load(**changes)
    return str(err.value)


def test_the_board_loads():
    assert _load().scenario.card("f1").faction == "Stark"


@pytest.mark.parametrize("changes, words", [
    # a faction the game does not have: the nearest one
    (dict(WHEN="{event: killed, card: {faction: Strak}}"), "'Strak' is not a faction of A Game of Thrones (did you mean 'Stark'?)"),
    # move power needs a destination it knows
    (dict(EFFECT="{do: move power, target: each, filter: {type: faction}, to: your faction}"),
     "(did you mean 'your faction card'?)"),
    (dict(EFFECT="{do: kneel, target: self, to: self}"), "take 'to', not 'kneel'"),
    # "the lowest" has no set to compare in a trigger's filter; "that card" is an instruction's
    (dict(WHEN="{event: killed, card: {lowest: strength}}"), "'lowest' is read only in an instruction's filter"),
    (dict(WHEN="{event: killed, card: {strength: {lower_than: that card}}}"), "'that card' is known only"),
    (dict(EFFECT="{do: kill, target: each, filter: {lowest: strenght}}"), "(did you mean 'strength'?)"),
    (dict(EFFECT="{do: kill, target: each, filter: {strength: {lower_than: this card}}}"), "not a card to compare with"),
    # a total of a number the game's cards do not have
    (dict(WHEN="{event: killed}\n        condition: [{count: {controller: you}, total: powr, at_least: 1}]"),
     "(did you mean 'power'?)"),
    # the faction card is in play and alone
    (dict(ZONE="hand"), "a faction card is in play"),
    # a faction on a Riftbound card is A Game of Thrones' card field
    (dict(RULESET="riftbound", ZONE="base", TYPE="unit", TIMING="triggered"),
     "'faction' is a card field of A Game of Thrones"),
])
def test_a_word_rulekit_does_not_know_is_refused(changes, words):
    assert words in _refused(**changes)


def test_riftbound_refuses_factions_power_and_dominance():
    rb = dict(RULESET="riftbound", ZONE="base", TYPE="unit", TIMING="triggered")
    base = BOARD.replace("  - {id: f1, title: House One, owner: P1, type: faction, faction: Stark, zone: ZONE}\n", "")

    def refused(**changes):
        text = base
        for key, value in {**_AGOT, **rb, **changes}.items():
            text = text.replace(key, value)
        with pytest.raises(ScenarioError) as err:
            loads_scenario(text, "f.yaml")
        return str(err.value)
    assert "'faction' of a card filter belongs to another ruleset" in refused(WHEN="{event: killed, card: {faction: Stark}}")
    assert "never happens in riftbound" in refused(WHEN="{event: wins dominance}")
    assert "move power" in refused(EFFECT="{do: move power, target: self, to: self}")
    assert "win dominance" in refused(SCRIPT="{do: win dominance, player: P1}")


def test_a_script_moves_power_to_a_card_it_names():
    assert "is no card" in _refused(SCRIPT="{do: move power, cards: [c], to: nowhere}")
    assert "to itself" in _refused(SCRIPT="{do: move power, cards: [c], to: c}")


# -- properties over generated boards -----------------------------------------------------------
PLAYERS = ("P1", "P2")


@st.composite
def power_boards(draw):
    """Two players with a faction card each and a few characters, all with some power; a script
    of kills, discards and sacrifices (the faction cards among their targets), moves and discards
    of power, and wins of dominance."""
    cards = [Card(id=f"f{i}", title=f"House {i}", owner=p, type="faction",
                  extension=AgotCard(faction=draw(st.sampled_from(FACTIONS[:-1])), power=draw(st.integers(0, 3))))
             for i, p in enumerate(PLAYERS)]
    for k in range(draw(st.integers(1, 4))):
        cards.append(Card(id=f"c{k}", title=f"Character {k}", owner=draw(st.sampled_from(PLAYERS)),
                          extension=AgotCard(strength=draw(st.integers(0, 4)), power=draw(st.integers(0, 2)))))
    ids = [c.id for c in cards]
    entry = st.one_of(
        st.builds(ScriptEntry, do=st.sampled_from([Verb.KILL, Verb.DISCARD, Verb.SACRIFICE, Verb.RETURN_TO_HAND]),
                  cards=st.sampled_from(ids).map(lambda i: (i,))),
        st.builds(ScriptEntry, do=st.just(Verb.DISCARD_POWER), cards=st.sampled_from(ids).map(lambda i: (i,)),
                  amount=st.integers(1, 3)),
        st.tuples(st.sampled_from(ids), st.sampled_from(ids)).filter(lambda t: t[0] != t[1]).map(
            lambda t: ScriptEntry(Verb.MOVE_POWER, cards=(t[0],), to=t[1], amount=2)),
        st.builds(ScriptEntry, do=st.just(Verb.WIN_DOMINANCE), player=st.sampled_from(PLAYERS)),
    )
    script = tuple(draw(st.lists(entry, min_size=1, max_size=4)))
    return Scenario("power", PLAYERS, "P1", tuple(cards), script, ruleset="agot", phase="dominance")


def _power_in_play(state) -> int:
    return sum(c.power for c in state.cards.values() if c.zone in state.rules.in_play)


@SETTINGS
@given(power_boards(), st.data())
def test_faction_cards_stay_and_power_is_conserved_by_moves(scenario, data):
    game = play(Game.start(scenario), data)
    state = game.state
    assert all(state.cards[f"f{i}"].zone == "play area" for i in range(2))     # agot.factions
    assert all(c.power >= 0 for c in state.cards.values())                       # agot.power
    # replay entry by entry: a move keeps the power in play; a dominance win adds 1 on the faction card
    for k in range(1, len(scenario.script) + 1):
        before = play(Game.start(Scenario("p", PLAYERS, "P1", scenario.cards, scenario.script[:k - 1],
                                          ruleset="agot")), data).state
        after = play(Game.start(Scenario("p", PLAYERS, "P1", scenario.cards, scenario.script[:k],
                                         ruleset="agot")), data).state
        entry = scenario.script[k - 1]
        if entry.do is Verb.MOVE_POWER:
            assert _power_in_play(after) == _power_in_play(before)
        if entry.do is Verb.WIN_DOMINANCE:
            faction = f"f{PLAYERS.index(entry.player)}"
            assert after.cards[faction].power == before.cards[faction].power + 1


@SETTINGS
@given(st.lists(st.integers(0, 5), min_size=1, max_size=6), st.sampled_from(["lowest", "highest"]))
def test_the_lowest_str_character_is_one_no_other_goes_below(strengths, which):
    cards = tuple(Card(id=f"c{k}", title=f"C{k}", owner="P1", extension=AgotCard(strength=s))
                  for k, s in enumerate(strengths)) + (Card(id="loc", title="Loc", owner="P1", type="location"),)
    state = Game.start(Scenario("t", PLAYERS, "P1", cards, (), ruleset="agot")).state
    found = counted(CardFilter(controller=Who.ANY, **{which: "strength"}), state, "P1", None)
    best = (min if which == "lowest" else max)(strengths)
    assert sorted(c.id for c in found) == sorted(f"c{k}" for k, s in enumerate(strengths) if s == best)
    # STR 2 or lower, and lower than each card: the same as the numbers say
    low = counted(CardFilter(strength=Bounds(at_most=2)), state, "P1", None)
    assert sorted(c.id for c in low) == sorted(f"c{k}" for k, s in enumerate(strengths) if s <= 2)


def test_the_builder_writes_what_a_file_writes():
    """The dominance case and the Knight-or-Lord filter, built in Python: the same run as the files."""
    from rulekit.files.builder import (ScenarioBuilder, cards, condition, discard_power, move_power, on, reaction,
                                       stand)
    b = ScenarioBuilder("built", players=["P1", "P2"], first_player="P1", ruleset="agot")
    b.card("f1", "House One", "P1", type="faction", faction="Stark")
    b.card("f2", "House Two", "P2", type="faction", faction="Lannister", power=2)
    b.card("k", "Knight One", "P1", unique=True, traits=["Knight"], strength=2, kneeling=True)
    b.card("keep", "Keep One", "P1", type="location", abilities=[
        reaction("r", on("wins dominance", player="you"),
                 [stand("chosen", cards(type="character", any_of=[cards(trait="Knight"), cards(trait="Lord")],
                                        unique=True, strength={"at_most": 2})),
                  move_power("your faction card", filter=cards(type="faction", controller="opponent"))],
                 condition=[condition(cards(controller="opponent"), at_least=2, total="power")]),
        reaction("d", on("power moved", type="faction"), [discard_power(1, filter=cards(lowest="power"))])])
    game = Game.start(b.win_dominance("P1", id="dom").build())
    game = game.answer("keep.r@s:dom:wins-dominance:P1").play_defaults()
    state = game.state
    assert state.cards["k"].kneeling is False
    assert (state.cards["f1"].power, state.cards["f2"].power) == (2, 1)
