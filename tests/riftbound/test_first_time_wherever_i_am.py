"""A numbered trigger counts what met its condition when each event was evaluated (rule ``rb.nth``;
Core Rules 383.1, 383.2.c, 359.3.f.3), over generated lines of play in one turn: "the first time I
conquer" and "the first time I move to a battlefield each turn" trigger on the Nth conquest or move
of that object, however it moved in between — a card that left the board and came back is a new
object (359.3.e.4) and counts afresh; "the first time another unit moves here each turn" on a unit
that moves counts the moves that ended where it was at the time. Under both options of the ruling
``rb.nth-count``: for these conditions the two readings agree."""
from __future__ import annotations

import os
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from rulekit import Game
from rulekit.core.events import Verb
from rulekit.files.builder import ScenarioBuilder, cards, draw, on, triggered
from rulekit.files.expect import resolved_of

BATTLEFIELDS = ("bridge", "ford", "marsh")
SETTINGS = settings(max_examples=int(os.environ.get("RK_EXAMPLES", 40)), deadline=None)
RULINGS = st.sampled_from(("turn", "seen"))


def _board(title: str) -> ScenarioBuilder:
    b = ScenarioBuilder(title, ruleset="riftbound")
    for k, bf in enumerate(BATTLEFIELDS):
        b.battlefield(bf, f"Field {k}", "P2")
    for i in range(8):
        b.card(f"d{i}", f"Deck card {i}", "P1", zone="main deck", type="unit", might=1)
    return b


def _obj(card: str, incarnation: int) -> str:
    return card if incarnation == 0 else f"{card}@{incarnation}"


# -- one unit: "the Nth time I conquer / I move to a battlefield each turn" -------------------------------
# a line of play: the unit tours the battlefields, each visited once — P1 conquering it while the
# unit is there, or not — with, between visits, a move back to its base, a conquer elsewhere or a
# bounce (returned to hand and put into play again: a new object)
BETWEEN = st.sampled_from((None, None, ("move", "base"), ("conquer", "bridge"), ("conquer", "marsh"),
                           ("bounce", "")))


@st.composite
def tours(draw):
    out = []
    for place in draw(st.permutations(BATTLEFIELDS))[:draw(st.integers(1, 3))]:
        extra = draw(BETWEEN)
        if extra is not None:
            out.append(extra)
        out.append(("move", place))
        if draw(st.sampled_from((True, True, False))):
            out.append(("conquer", place))
    return out


ACTIONS = tours()


def _runner_board(nth: int, actions):
    b = _board("the first time I … each turn")
    b.card("u", "Ridge Runner", "P1", zone="base", type="unit", might=2, abilities=(
        triggered("c", replace(on("conquers", card=cards(here=True), player="you"), nth=nth), [draw()],
                  text="The Nth time I conquer each turn, draw 1."),
        triggered("m", replace(on("moves", card=cards(which="self", zone="battlefield")), nth=nth), [draw()],
                  text="The Nth time I move to a battlefield each turn, draw 1.")))
    for i, (verb, where) in enumerate(actions):
        if verb == "move":
            b.move("u", to=where, id=f"e{i}")
        elif verb == "conquer":
            b.conquer(where, "P1", id=f"e{i}")
        else:
            b.occur(Verb.RETURN_TO_HAND, cards=("u",), id=f"e{i}h")
            b.put_into_play("u", id=f"e{i}")
    return b.build()


def _runner_expected(nth: int, actions) -> list[str]:
    """The items the rules make, in order: for each object of the unit, its Nth conquest (a conquer
    of a battlefield P1 has not scored this turn, with the unit there: 383.4.c.2.a, 464.1, 465) and
    its Nth move that ends at a battlefield."""
    where, incarnation, scored = "base", 0, set()
    conquests = moves = 0
    out = []
    for i, (verb, place) in enumerate(actions):
        if verb == "move":
            if place == where:
                continue            # a move to where it is changes nothing: no move
            where = place
            if place in BATTLEFIELDS:
                moves += 1
                if moves == nth:
                    out.append(f"{_obj('u', incarnation)}.m@s:e{i}")
        elif verb == "conquer":
            if place in scored:
                continue            # P1 already controls it: no conquer
            scored.add(place)
            if where == place:
                conquests += 1
                if conquests == nth:
                    out.append(f"{_obj('u', incarnation)}.c@s:e{i}")
        else:
            where, incarnation, conquests, moves = "base", incarnation + 2, 0, 0     # hand, then the board
    return out


@SETTINGS
@given(st.integers(1, 2), ACTIONS, RULINGS)
def test_the_first_time_i_conquer_or_move_counts_this_objects_events_wherever_it_went(nth, actions, ruling):
    game = Game.start(_runner_board(nth, actions), rulings={"rb.nth-count": ruling})
    assert list(resolved_of(game)) == _runner_expected(nth, actions)


# -- a watcher that moves: "the first time another unit moves here each turn" ---------------------------------
@st.composite
def watched_lines(draw):
    """The Warden goes somewhere (or is bounced: a new object at its base), then other units move,
    most often to where it is."""
    out = []
    for _ in range(draw(st.integers(2, 3))):
        out.append(draw(st.sampled_from((("w", "bridge"), ("w", "ford"), ("w", "marsh"), ("w", "base"),
                                         ("w-bounce", "")))))
        there = "base" if out[-1][0] == "w-bounce" else out[-1][1]
        for _ in range(draw(st.integers(1, 2))):
            out.append((draw(st.sampled_from(("a", "b"))), draw(st.sampled_from((there, there, "bridge", "base")))))
    return out


LINES = watched_lines()


def _watcher_board(nth: int, lines):
    b = _board("the first time another unit moves here")
    b.card("w", "Ford Warden", "P1", zone="base", type="unit", might=2, abilities=(
        triggered("w", replace(on("moves", card=cards(type="unit", which="other", here=True)), nth=nth), [draw()],
                  text="The Nth time another unit moves here each turn, draw 1."),))
    for u in ("a", "b"):
        b.card(u, f"Wader {u}", "P1", zone="base", type="unit", might=1)
    for i, (who, where) in enumerate(lines):
        if who == "w-bounce":
            b.occur(Verb.RETURN_TO_HAND, cards=("w",), id=f"e{i}h")
            b.put_into_play("w", id=f"e{i}")
        else:
            b.move(who, to=where, id=f"e{i}")
    return b.build()


def _watcher_expected(nth: int, lines) -> list[str]:
    """The Warden's item: the Nth move of another unit that ended where the Warden (this object)
    was when the move was evaluated (383.2.c, 359.3.f.3)."""
    where = {"w": "base", "a": "base", "b": "base"}
    incarnation, counted, out = 0, 0, []
    for i, (who, place) in enumerate(lines):
        if who == "w-bounce":
            where["w"], incarnation, counted = "base", incarnation + 2, 0
            continue
        if where[who] == place:
            continue
        where[who] = place
        if who != "w" and place == where["w"]:
            counted += 1
            if counted == nth:
                out.append(f"{_obj('w', incarnation)}.w@s:e{i}")
    return out


@SETTINGS
@given(st.integers(1, 2), LINES, RULINGS)
def test_here_is_where_the_watcher_was_when_each_move_was_evaluated(nth, lines, ruling):
    game = Game.start(_watcher_board(nth, lines), rulings={"rb.nth-count": ruling})
    assert list(resolved_of(game)) == _watcher_expected(nth, lines)


def test_a_watcher_recalled_by_combat_reads_here_where_it_was_before_the_recall():
    """Combat recalls its attackers while defenders remain (461.1.a.2), with no event: the Warden
    was at the Bridge when the Wader's move there was evaluated (the first move here), so the
    Scout's later move to the Warden's base is the second, and triggers nothing."""
    b = _board("a watcher recalled by combat")
    b.card("w", "Ford Warden", "P1", zone="battlefield", at="bridge", type="unit", might=0, abilities=(
        triggered("w", replace(on("moves", card=cards(type="unit", which="other", here=True)), nth=1), [draw()],
                  text="The first time another unit moves here each turn, draw 1."),))
    b.card("a", "Ford Wader", "P1", zone="base", type="unit", might=0)
    b.card("s", "Marsh Scout", "P1", zone="battlefield", at="marsh", type="unit", might=0)
    b.card("g", "Moat Guard", "P2", zone="battlefield", at="bridge", type="unit", might=0)
    b.move("a", to="bridge", id="first").combat("bridge", "P1", id="fight").move("s", to="base", id="home")
    game = Game.start(b.build())
    assert game.state.cards["w"].zone == "base"           # recalled, the same object
    assert list(resolved_of(game)) == ["w.w@s:first"]
