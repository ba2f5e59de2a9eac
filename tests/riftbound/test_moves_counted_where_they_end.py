"""A numbered move trigger counts the moves that end where its filter says (Core Rules 383.1,
383.2.c: a trigger condition is evaluated after the event, so a move is judged where it put the
card), and a recall is not a move (450-451), over generated lines of moves and recalls."""
from __future__ import annotations

import os
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from rulekit import Game
from rulekit.files.expect import resolved_of
from rulekit.files.builder import ScenarioBuilder, cards, draw, on, triggered

PLACES = ("base", "bridge", "ford")
UNITS = ("u0", "u1", "u2")
SETTINGS = settings(max_examples=int(os.environ.get("RK_EXAMPLES", 50)), deadline=None)


def board(nth: int, lines):
    b = ScenarioBuilder("moves here", ruleset="riftbound")
    b.battlefield("bridge", "Sunken Bridge", "P2", controller="P1")
    b.battlefield("ford", "Reed Ford", "P1", controller="P1", abilities=(
        triggered("f", replace(on("moves", card=cards(type="unit", here=True)), nth=nth), [draw()],
                  text="The Nth time a unit moves here each turn, draw 1."),))
    for u in UNITS:
        b.card(u, f"Wader {u[1]}", "P1", zone="base", type="unit", might=1)
    for i in range(4):
        b.card(f"d{i}", f"Deck card {i}", "P1", zone="main deck", type="unit", might=1)
    for i, (verb, unit, to) in enumerate(lines):
        if verb == "move":
            b.move(unit, to=to, id=f"e{i}")
        else:
            b.recall(unit, id=f"e{i}")
    return b.build()


def moves_here(lines):
    """The sequences whose move ends at the Ford, in order (a move to where the unit is changes
    nothing and is no move; a recall is never one)."""
    where, out = {u: "base" for u in UNITS}, []
    for i, (verb, unit, to) in enumerate(lines):
        to = "base" if verb == "recall" else to
        if where[unit] != to and verb == "move" and to == "ford":
            out.append(f"s:e{i}")
        where[unit] = to
    return out


@SETTINGS
@given(st.integers(1, 2), st.lists(st.tuples(st.sampled_from(("move", "move", "recall")), st.sampled_from(UNITS),
                                             st.sampled_from(PLACES)), max_size=6))
def test_the_nth_move_here_triggers_once_and_only_there(nth, lines):
    game = Game.start(board(nth, lines))
    here = moves_here(lines)
    expected = [f"ford.f@{here[nth - 1]}"] if len(here) >= nth else []
    assert list(resolved_of(game)) == expected
    assert sum(1 for c in game.state.cards.values() if c.zone == "hand") == len(expected)
