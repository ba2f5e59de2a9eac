"""Where an effect creates a token (rule ``rb.tokens``; Core Rules 439.2, 439.2.a, 053.3,
359.3.f.1-2, 359.3.e.12, 428.1.a.1.b): directly at the place it names — its controller's base by
default, a battlefield by its id, or "here", the location of the ability's card read as the
instruction executes — in the board zone there; and over generated boards, a token created at any
named battlefield or "here" is in the battlefield zone at that battlefield (or in the base "here"
names)."""
from __future__ import annotations

import os

import pytest
from hypothesis import given, settings, strategies as st

from rulekit import Game
from rulekit.core.abilities import Instruction, Target, Token
from rulekit.core.events import Verb
from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario
from rulekit.files.builder import ScenarioBuilder, cards, create, do, on, triggered

BATTLEFIELDS = ("bridge", "ford", "marsh")
SETTINGS = settings(max_examples=int(os.environ.get("RK_EXAMPLES", 30)), deadline=None)


def _placed(game, token_id: str):
    card = game.state.cards[token_id]
    return card.zone, card.extension.at


def _drummer_board():
    """The Ridge Drummer ("When I conquer, play a 1 Might Recruit unit token here.") at the Sunken
    Bridge; the Bridge's own trigger, on the same conquer, kills it."""
    b = ScenarioBuilder("here, read as the instruction executes", ruleset="riftbound")
    b.battlefield("bridge", "Sunken Bridge", "P2", abilities=(
        triggered("k", on("conquers", card=cards(which="self"), player="you"),
                  [do("kill", "each", cards(title="Ridge Drummer"))],
                  text="When you conquer here, kill each Ridge Drummer."),))
    b.card("drummer", "Ridge Drummer", "P1", zone="battlefield", at="bridge", type="unit", might=3, abilities=(
        triggered("c", on("conquers", card=cards(here=True), player="you"), [create("Recruit", 1, to="here")],
                  text="When I conquer, play a 1 Might Recruit unit token here."),))
    b.conquer("bridge", "P1", id="take")
    return b.build()


def _play(scenario, first: str, **kw):
    """The game, the item ``first`` put on the Chain last (so it resolves first)."""
    game = Game.start(scenario, **kw)
    while game.decision:
        options = [o.id for o in game.decision.options]
        game = game.answer(next((o for o in options if not o.startswith(first)), options[0]))
    return game


def test_a_token_played_here_from_the_builder_is_at_the_units_battlefield():
    game = _play(_drummer_board(), "drummer")
    assert _placed(game, "token-recruit-1") == ("battlefield", "bridge")
    assert game.state.cards["token-recruit-1"].kneeling     # a unit token enters exhausted (182.1.d, 359.2.c)
    step = next(s for s in game.timeline if s.what == "rb-occurs" and s.args_dict().get("here"))
    assert step.args_dict()["here"] == "bridge" and "\"here\" is Sunken Bridge (bridge)" in step.describe()


def test_here_is_nowhere_once_the_source_is_gone_so_no_token_is_made():
    game = _play(_drummer_board(), "bridge")
    assert not any(c.id.startswith("token-") for c in game.state.cards.values())
    step = next(s for s in game.timeline if s.rule == "rb.source-info")
    assert "\"here\" is nowhere" in step.describe() and "the instruction is ignored" in step.describe()
    assert ("ruling", "rb.source-info=null") in step.args


def test_under_last_known_information_here_is_where_the_source_last_was():
    game = _play(_drummer_board(), "bridge", rulings={"rb.source-info": "last-known"})
    assert _placed(game, "token-recruit-1") == ("battlefield", "bridge")


def test_here_on_a_unit_in_its_base_is_that_base():
    b = ScenarioBuilder("here in the base", ruleset="riftbound")
    b.battlefield("bridge", "Sunken Bridge", "P2")
    b.card("horn", "Muster Drummer", "P1", zone="base", type="unit", might=1, abilities=(
        triggered("c", on("conquers", player="you"), [create("Recruit", 1, to="here")],
                  text="When you conquer, play a 1 Might Recruit unit token here."),))
    b.conquer("bridge", "P1", id="take")
    game = Game.start(b.build())
    assert _placed(game, "token-recruit-1") == ("base", None)
    assert game.state.cards["token-recruit-1"].controller == "P1"


_FILE = """
ruleset: riftbound
title: here where it is not a place
players: [P1, P2]
first_player: P1
cards:
  - {{id: bridge, title: Sunken Bridge, owner: P2, type: battlefield, zone: battlefield}}
  - id: u
    title: Ridge Runner
    owner: P1
    type: unit
    zone: base
    abilities:
      - {{id: a, timing: triggered, when: {{event: conquers, player: you}}, effect: [{effect}]}}
script:
  - {entry}
"""


@pytest.mark.parametrize("effect, entry, where", [
    ("{do: draw, target: you}", "{do: move, cards: [u], to: here}", "script[0].to"),
    ("{do: move, target: self, to: here}", "{do: conquer, cards: [bridge], player: P1}",
     "cards[1].abilities[0].effect[0].to"),
])
def test_here_is_a_destination_only_of_an_effect_that_creates_or_plays(effect, entry, where):
    with pytest.raises(ScenarioError) as info:
        loads_scenario(_FILE.format(effect=effect, entry=entry), "here.yaml")
    assert where in str(info.value) and "'here' is not a place cards can go to here" in str(info.value)


# -- over generated boards ---------------------------------------------------------------------------------
@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(BATTLEFIELDS + ("base",)), st.sampled_from(("here", "named", "none"))),
                min_size=1, max_size=4))
def test_a_token_created_at_a_named_battlefield_or_here_is_there_on_the_board(makers):
    """Each maker is a unit at a place, whose "When you conquer" plays a Recruit here, at a named
    battlefield (its own), or with no place named (its controller's base, 439.2.b); every token ends
    in the board zone of the place named, and is at that battlefield."""
    b = ScenarioBuilder("tokens where they are played", ruleset="riftbound")
    for k, bf in enumerate(BATTLEFIELDS):
        b.battlefield(bf, f"Field {k}", "P2")
    b.battlefield("keep", "Keep", "P2")
    expected = {}
    for i, (place, how) in enumerate(makers):
        to = {"here": "here", "named": place, "none": None}[how]
        title = f"Mark{i}"          # each maker's token has a title of its own: token-mark<i>-1
        made = Instruction(Verb.CREATE, Target.SELF, to=to, token=Token(title, "unit", 1, (title,)))
        b.card(f"m{i}", f"Maker {i}", "P1", type="unit", might=1, abilities=(
            triggered("c", on("conquers", player="you"), [made],
                      text="When you conquer, play a 1 Might token."),),
               **({"zone": "battlefield", "at": place} if place != "base" else {"zone": "base"}))
        expected[f"token-mark{i}-1"] = ("base", None) if to in (None, "base") or place == "base" \
            else ("battlefield", place)
    b.conquer("keep", "P1", id="take")
    game = Game.start(b.build())
    while game.decision:
        game = game.answer(game.decision.options[0])
    for token, where in expected.items():
        assert _placed(game, token) == where
        assert game.state.cards[token].zone in game.state.rules.in_play
