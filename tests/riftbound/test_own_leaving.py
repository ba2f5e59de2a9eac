"""Abilities about their own card leaving the board (ruling ``rb.own-leaving``; Core Rules 383.2.c,
384.2, 808.1.d): judged from the card as it was before it moved (``sees``, the default) or not at
all (``not-seen``); an ability that works where the card goes is judged there either way."""
from __future__ import annotations

import pytest

from rulekit.core.verdicts import Code
from rulekit.files import loads_scenario
from rulekit.files.expect import resolved_of

BOARD = """
ruleset: riftbound
title: own leaving
players: [P1, P2]
first_player: P1
RULINGS
cards:
  - {id: wisp, title: Drifting Wisp, owner: P1, type: unit, might: 3, zone: battlefield,
     abilities: [{id: r, timing: triggered, ZONES when: {event: EVENT, card: {which: self}},
                  effect: [{do: draw, target: you, amount_of: "this card's might"}, {do: draw, target: you}]}]}
  - {id: seer, title: Tide Seer, owner: P1, type: unit, might: 1, zone: battlefield,
     abilities: [{id: s, timing: triggered, when: {event: leaves play, card: {which: other}},
                  effect: [{do: draw, target: you}]}]}
  - {id: m0, title: P1 card 0, owner: P1, type: unit, zone: main deck}
  - {id: m1, title: P1 card 1, owner: P1, type: unit, zone: main deck}
  - {id: m2, title: P1 card 2, owner: P1, type: unit, zone: main deck}
  - {id: m3, title: P1 card 3, owner: P1, type: unit, zone: main deck}
script:
  - {do: SCRIPT, cards: [CARDS], id: x}
"""


def _run(event="returned to hand", script="return to hand", cards="wisp", rulings="", zones=""):
    src = (BOARD.replace("RULINGS", rulings).replace("ZONES", zones).replace("EVENT", event)
           .replace("SCRIPT", script).replace("CARDS", cards))
    return loads_scenario(src).start()


def test_it_sees_its_departure_and_reads_its_card_as_null():
    game = _run()
    assert "wisp.r@s:x:returned-to-hand:wisp" in resolved_of(game)
    # "this card's might" is null (the card is a new object in the hand): only the second draw happens
    null = [s for s in game.timeline if s.what == "rb-null"]
    assert len(null) == 1
    assert len(game.state.cards_in("hand", "P1")) == 1 + 1 + 1      # the Wisp, its draw, the Seer's draw


def test_not_seen_it_does_not_trigger_and_says_why():
    game = _run(rulings="rulings: {rb.own-leaving: not-seen}")
    verdict = next(v for s in game.timeline for v in s.verdicts if v.card == "wisp" and v.ability == "r")
    assert verdict.code is Code.NOT_ACTIVE and "rb.own-leaving=not-seen" in verdict.detail
    assert not any(r.startswith("wisp.r") for r in resolved_of(game))


@pytest.mark.parametrize("ruling", ["sees", "not-seen"])
def test_an_ability_that_works_where_the_card_goes_is_judged_there(ruling):
    game = _run(zones="zones: [hand],", rulings=f"rulings: {{rb.own-leaving: {ruling}}}")
    assert any(r.startswith("wisp@1.r@") for r in resolved_of(game))      # the new object in the hand (383.2.c.1)


@pytest.mark.parametrize("script, event, triggers", [
    ("kill", "leaves play", True),            # a death is leaving the board
    ("kill", "returned to hand", False),      # but not a return to hand
    ("exhaust", "leaves play", False),        # exhausting leaves nothing
])
def test_only_its_own_leaving_event_triggers_it(script, event, triggers):
    game = _run(script=script, event=event)
    assert any(r.startswith("wisp.r@") for r in resolved_of(game)) is triggers


def test_an_observer_that_leaves_with_another_card_still_sees_nothing():
    game = _run(script="kill", event="leaves play", cards="wisp, seer")
    assert not any(r.startswith("seer.s@") for r in resolved_of(game))     # 383.2.c.2, unchanged
    assert any(r.startswith("wisp.r@") for r in resolved_of(game))
