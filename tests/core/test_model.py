"""The model: immutable state, data-only cards, JSON round trips, scenario checks, light import."""
from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import FrozenInstanceError

import pytest

from boards import claim2, reaction, killed, draw
from rulekit.rulesets import get as get_ruleset
from rulekit import Card, Game, Scenario, ScenarioError
from rulekit.files.builder import ScenarioBuilder
from rulekit.core.model import initial_state


def test_import_rulekit_imports_no_plotting_widget_or_jupyter_library():
    code = ("import sys, rulekit, rulekit.builder, rulekit.explain\n"
            "heavy = [m for m in sys.modules if m.split('.')[0] in "
            "('matplotlib', 'ipywidgets', 'IPython', 'jupyter', 'jupyter_core', 'jupyterlab', 'ipykernel', 'networkx', 'pydantic')]\n"
            "print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_state_and_cards_are_immutable():
    game = Game.start(claim2().build())
    with pytest.raises(FrozenInstanceError):
        game.state.phase = "x"
    with pytest.raises(FrozenInstanceError):
        game.state.cards["c3"].zone = "hand"


def test_one_change_shares_the_rest_of_the_board():
    state = Game.start(claim2().build()).state
    moved = state.move("c3", "hand")
    assert moved.cards["c4"] is state.cards["c4"] and state.cards["c3"].zone == "play area"
    assert moved.cards["c3"].obj == "c3@1"


def test_a_built_game_survives_json_and_rebuilds_an_equal_game():
    scenario = claim2().build()
    text = json.dumps(scenario.to_data())
    again = Scenario.from_data(json.loads(text))
    assert again == scenario
    g1, g2 = Game.start(scenario, play_defaults=True), Game.start(again, play_defaults=True)
    assert g1 == g2 and g1.state == g2.state


def test_seat_order_starts_with_the_first_player():
    b = ScenarioBuilder("seats", players=["P1", "P2", "P3"], first_player="P2")
    state = initial_state(get_ruleset("agot"), b.players, b.first_player, ())
    assert state.seat_order() == ("P2", "P3", "P1")
    assert state.next_player("P3") == "P1"


def test_draw_decks_are_in_listing_order_top_first():
    game = Game.start(claim2().build())
    assert [c.id for c in game.state.cards_in("draw deck", "P1")] == ["p1d0", "p1d1", "p1d2"]


@pytest.mark.parametrize("edit, message", [
    (lambda b: b.card("c3", "Again", owner="P1"), "card id 'c3' is used twice"),
    (lambda b: b.card("z", "Ghost", owner="P9"), "owner 'P9' of card 'z' is not a player"),
    (lambda b: b.card("z", "Ghost", owner="P1", zone="play aera"), "did you mean 'play area'"),
    (lambda b: b.kill("c33"), "no card has id 'c33' \\(did you mean 'c3'\\?\\)"),
    (lambda b: b.draw("P3"), "player 'P3' is not a player"),
    (lambda b: b.card("bad id", "X", owner="P1"), "may use only letters"),
    (lambda b: b.card("z", "Z", owner="P1", abilities=[reaction("r", killed(), [draw(1)]),
                                                        reaction("r", killed(), [draw(1)])]), "ability id 'r' is used twice"),
])
def test_scenario_errors_name_the_field(edit, message):
    b = claim2()
    edit(b)
    with pytest.raises(ScenarioError, match=message) as err:
        b.build()
    assert err.value.path


def test_first_player_must_be_a_player():
    with pytest.raises(ScenarioError, match="first player 'P3'") as err:
        ScenarioBuilder("x", players=["P1", "P2"], first_player="P3").build()
    assert err.value.path == "first_player"


def test_card_controller_defaults_to_owner():
    assert Card("a", "A", owner="P1").controller == "P1"


def test_scenarios_made_directly_are_validated_and_their_collections_frozen():
    from rulekit import Scenario
    from rulekit.core.model import Card
    scenario = Scenario("direct", ["P1", "P2"], "P1", [Card("c1", "Title", "P1", traits=["Knight"])])
    game = Game.start(scenario)
    assert game.scenario.players == ("P1", "P2") and isinstance(game.scenario.cards, tuple)
    assert game.scenario.cards[0].traits == ("Knight",)
    with pytest.raises(ScenarioError) as err:
        Game.start(Scenario("direct", ("P1", "P2"), "P1", (Card("c1", "Title", None),)))
    assert err.value.path == "cards[0].owner"
    with pytest.raises(ScenarioError):
        Game.start(Scenario("direct", None, "P1"))


def test_a_card_reads_its_own_games_fields_and_no_other_games():
    """A ruleset's card fields are read on the card itself (card.power); a card of another game,
    or one built without its game's fields, has no such field: AttributeError naming the card."""
    import dataclasses
    import pytest
    from rulekit.core.model import Card, forward_card_fields
    from rulekit.rulesets.agot.cards import AgotCard
    from rulekit.rulesets.riftbound.cards import RiftboundCard
    throne = Card("c1", "A Knight", "P1", extension=AgotCard(strength=3, power=2))
    rift = Card("u1", "A Unit", "P1", extension=RiftboundCard())
    bare = Card("b1", "Bare", "P1")
    assert (throne.power, throne.strength) == (2, 3)
    assert rift.might == RiftboundCard().might
    for card, name in ((rift, "power"), (throne, "might"), (bare, "power")):
        with pytest.raises(AttributeError, match=f"{card.id!r} has no field {name!r}"):
            getattr(card, name)
        assert getattr(card, name, "none") == "none" and not hasattr(card, name)
    with pytest.raises(AttributeError):
        throne.no_such_field
    # a ruleset's field may not hide one of Card's own
    @dataclasses.dataclass(frozen=True)
    class Clash:
        zone: str = "x"
    with pytest.raises(TypeError, match="Card's own"):
        forward_card_fields(Clash)
    assert Card("c2", "T", "P1", zone="hand").zone == "hand"     # Card's own field is untouched
