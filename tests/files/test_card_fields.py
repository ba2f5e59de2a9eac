"""A card's own game's fields (issue "A house that shows its design", point 3): written as the
card's own keys, read into its ruleset's extension, refused naming the game when they are
another game's — in files, the builder and the Python API alike — and written back flat."""
from __future__ import annotations

import pytest

from rulekit import Game, Scenario, ScenarioError
from rulekit.core.model import Card
from rulekit.files import dump_scenario, loads_scenario
from rulekit.files.builder import ScenarioBuilder
from rulekit.rulesets.agot.cards import AgotCard
from rulekit.rulesets.riftbound.cards import RiftboundCard

AGOT = """\
ruleset: agot
title: fields
players: [P1, P2]
first_player: P1
cards:
  - {id: knight, title: Hedge Knight, owner: P1, strength: 3, power: 1}
  - {id: squire, title: Hedge Squire, owner: P1, KEY}
script:
  - {do: kill, cards: [knight]}
"""


def test_a_games_own_keys_are_read_into_its_card_extension():
    s = loads_scenario(AGOT.replace(", KEY", "")).scenario
    knight = s.card("knight")
    assert knight.extension == AgotCard(strength=3, power=1)
    assert (knight.strength, knight.power, knight.zone, knight.type) == (3, 1, "play area", "character")
    assert s.card("squire").extension == AgotCard()


@pytest.mark.parametrize("key, game", [("might: 2", "Riftbound (riftbound)"), ("damage: 1", "Riftbound (riftbound)")])
def test_another_games_key_is_refused_at_its_line_naming_both_games(key, game):
    with pytest.raises(ScenarioError) as err:
        loads_scenario(AGOT.replace("KEY", key), "f.yaml")
    e = err.value
    name = key.partition(":")[0]
    assert e.line == 7 and e.path == f"cards[1].{name}"
    assert f"'{name}' is a card field of {game}, not of A Game of Thrones" in str(e)
    assert ("agot's own card fields: attached_to, duplicate_of, faction, participating, pillage, power, strength, terminal, "
            "unique, until_challenge, until_phase") in str(e)


def test_an_unknown_key_is_refused_with_the_nearest_one():
    with pytest.raises(ScenarioError) as err:
        loads_scenario(AGOT.replace("KEY", "strenght: 2"), "f.yaml")
    assert "unknown key 'strenght' (did you mean 'strength'?)" in str(err.value) and err.value.line == 7


def test_a_wrong_value_of_a_games_own_key_is_refused_at_it():
    with pytest.raises(ScenarioError) as err:
        loads_scenario(AGOT.replace("KEY", "strength: two"), "f.yaml")
    assert err.value.path.startswith("cards[1].strength") and err.value.line == 7


def test_the_builder_takes_a_games_own_keys_and_refuses_another_games():
    b = ScenarioBuilder("built", ruleset="riftbound")
    b.card("u", "Ironclad", "P1", zone="base", type="unit", might=3)
    assert b.build().card("u").might == 3
    with pytest.raises(ScenarioError) as err:
        ScenarioBuilder("built").card("c", "Knight", "P1", might=3)
    assert "'might' is a card field of Riftbound (riftbound)" in str(err.value)


def test_a_card_built_in_python_with_another_games_fields_is_refused():
    foreign = Card("c", "Knight", "P1", extension=RiftboundCard(might=2))
    with pytest.raises(ScenarioError) as err:
        Game.start(Scenario("direct", ("P1", "P2"), "P1", (foreign,), ruleset="agot"))
    assert "'might' is a card field of Riftbound" in str(err.value)


def test_a_scenario_is_written_back_with_its_cards_own_keys_flat():
    loaded = loads_scenario(AGOT.replace(", KEY", ""))
    text = dump_scenario(loaded.scenario)
    assert "strength: 3" in text and "extension" not in text
    again = loads_scenario(text)
    assert again.scenario.cards == loaded.scenario.cards
    assert Scenario.from_data(loaded.scenario.to_data()).cards == loaded.scenario.cards


def test_power_leaves_with_the_card_and_a_duplicate_leaves_play_with_its_card():
    text = AGOT.replace("KEY", "duplicate_of: knight").replace("owner: P1, strength: 3", "owner: P1, strength: 3")
    game = loads_scenario(text).start()
    knight, squire = game.state.cards["knight"], game.state.cards["squire"]
    assert (knight.zone, knight.power) == ("dead pile", 0)
    assert squire.zone == "discard pile" and squire.incarnation == 1


def test_a_new_riftbound_object_has_its_printed_might_and_no_damage():
    b = ScenarioBuilder("moved", ruleset="riftbound")
    b.card("u", "Ironclad", "P1", zone="base", type="unit", might=3, damage=2)
    state = Game.start(b.build()).state
    moved = state.move("u", "hand")
    assert (moved.cards["u"].might, moved.cards["u"].damage, moved.cards["u"].incarnation) == (3, 0, 1)
    assert moved.cards["u"].changed(might=5).might == 5


def test_the_json_trace_shows_each_cards_own_game_fields():
    """rulekit-trace/2: a Riftbound card shows its Might, damage and Cost, an A Game of Thrones card its
    strength and power (not fixed strength/power columns every card had)."""
    from rulekit.files.tracejson import trace_data
    b = ScenarioBuilder("traced", ruleset="riftbound")
    b.card("u", "Ironclad", "P1", zone="base", type="unit", might=3)
    data = trace_data(Game.start(b.build()))
    assert data["format"] == "rulekit-trace/3"
    assert data["cards"][0]["fields"] == {"might": 3, "damage": 0, "buffed": False, "might_this_turn": 0,
                                          "keywords": [], "at": None, "uncontrolled": False, "role": None,
                                          "energy_cost": 0, "power_cost": []}
    agot = trace_data(loads_scenario(AGOT.replace(", KEY", "")).start())
    assert agot["cards"][0]["fields"] == {"strength": 3, "power": 0, "duplicate_of": None, "faction": "neutral",
                                          "unique": False, "participating": None, "until_challenge": 0,
                                          "until_phase": 0, "attached_to": None, "terminal": False,
                                          "pillage": False}
