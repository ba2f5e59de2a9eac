"""Plots and When Revealed (rule ``agot.when-revealed``; Rules Reference, "When Revealed", "Plot
Phase" → 1.3 "Reveal plots", "Used Pile"): the reveal, the mandatory When Revealed abilities in
the first player's order before anything else at step 6, and the reactions after them."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekit import Game
from rulekit.core.decisions import DecisionKind
from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario
from rulekit.files.builder import ScenarioBuilder, ability, draw, forced_reaction, on

_FILE = """
ruleset: {ruleset}
title: plots
players: [P1, P2]
first_player: P1
cards:
  - id: p
    title: Grey Omen
    owner: P1
    type: {type}
    zone: {zone}
    abilities:
      - id: w
        timing: when revealed
        {when}
        effect: [{{do: draw, target: you}}]
script:
  - {{do: reveal, cards: [p]}}
"""


@pytest.mark.parametrize("kw, wanted", [
    (dict(type="character", zone="hand"), "only a plot has When Revealed abilities"),
    (dict(when="when: {event: killed}"), "takes no 'when'"),
    (dict(ruleset="riftbound", type="unit", zone="base"), "'when revealed' is not a timing of riftbound"),
])
def test_what_a_file_may_not_say_about_plots(kw, wanted):
    args = dict(ruleset="agot", type="plot", zone="plot deck", when="") | kw
    with pytest.raises(ScenarioError, match=wanted):
        loads_scenario(_FILE.format(**args))


def test_only_a_plot_in_its_plot_deck_is_revealed():
    game = loads_scenario(_FILE.format(ruleset="agot", type="plot", zone="play area", when="")).start()
    assert not [s for s in game.timeline if s.what == "forced"]      # "it could change nothing"


def _board(p1: int, p2: int, *, forced: bool = True):
    """P1 reveals a plot with ``p1`` When Revealed abilities, P2 one with ``p2``; with ``forced``,
    P2's Watchful Crier: "Forced Reaction: After a player reveals a plot card, draw 1 card."."""
    b = ScenarioBuilder("plots", ruleset="agot")
    for owner, n in (("P1", p1), ("P2", p2)):
        b.card(f"{owner.lower()}plot", f"{owner} Omen", owner, type="plot", zone="plot deck",
               abilities=[ability(f"w{k}", "when revealed", None, [draw(player="you")]) for k in range(n)])
        for k in range(6):
            b.card(f"{owner.lower()}d{k}", f"{owner} deck card {k}", owner, zone="draw deck", type="event")
    if forced:
        b.card("crier", "Watchful Crier", "P2",
               abilities=[forced_reaction("f", on("revealed", type="plot"), [draw(player="you")])])
    return b.reveal("p1plot", "p2plot", id="rev").build()


@settings(max_examples=20, deadline=None)
@given(p1=st.integers(0, 2), p2=st.integers(0, 2), forced=st.booleans(), pick=st.integers(0, 100))
def test_when_revealed_abilities_all_resolve_first_in_the_first_players_order(p1, p2, forced, pick):
    game = Game.start(_board(p1, p2, forced=forced))
    while game.decision is not None:
        d = game.decision
        if d.kind is DecisionKind.ORDER_FORCED:
            assert d.chooser == "P1"                      # the first player orders them, whoever controls them
        game = game.answer(d.option_ids[pick % len(d.option_ids)])
    resolved = [s.args_dict()["use"] for s in game.timeline if s.what == "forced"]
    revealed = [u for u in resolved if ".w" in u.split("@s:")[0]]
    assert len(revealed) == p1 + p2                       # each When Revealed resolves once
    assert resolved[:len(revealed)] == revealed           # and before the forced reaction
    assert len(resolved) == p1 + p2 + (2 if forced else 0)
