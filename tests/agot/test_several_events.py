"""One triggering condition naming several events (rule ``agot.tc.several``; Rules Reference,
"Triggering Condition", "Reactions", "Limits and Maxima"): "After a character is sacrificed or
killed" is met by either event; it stays one ability, used at most once per triggering condition,
with one limit."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekit import Game, explain
from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario
from rulekit.files.builder import ScenarioBuilder, draw, on, reaction
from rulekit.core.abilities import Limit, Period


def _board(script, *, limit: bool = False, characters: int = 3):
    """P1's Weeping Cairn: "Reaction: After a character you control is sacrificed or killed, draw 1
    card." (with ``limit``: "Limit once per round.")"""
    b = ScenarioBuilder("several events", ruleset="agot")
    when = on("sacrificed", or_events=("killed",), type="character", controller="you")
    b.card("cairn", "Weeping Cairn", "P1", type="location",
           abilities=[reaction("r", when, [draw()], limit=Limit(1, Period.ROUND) if limit else None)])
    for i in range(characters):
        b.card(f"c{i}", f"Hollow Spearman {i}", "P1")
    for i in range(6):
        b.card(f"d{i}", f"P1 deck card {i}", "P1", zone="draw deck", type="event")
    for k, (verb, ids) in enumerate(script):
        b.occur(verb, cards=ids, id=f"e{k}")
    return b.build()


def _play_acting(scenario):
    """Every decision answered by using the cairn's reaction when it is offered."""
    game = Game.start(scenario)
    while game.decision is not None:
        d = game.decision
        game = game.answer(next((o for o in d.option_ids if o.startswith("cairn.r")), d.default))
    return game


def _uses(game):
    return [s for s in game.timeline if s.what == "use"]


def test_either_event_meets_it_and_another_does_not():
    game = _play_acting(_board([("kill", ["c0"]), ("sacrifice", ["c1"]), ("discard", ["c2"])]))
    assert len(_uses(game)) == 2
    step = next(s for s in game.timeline if s.context is not None and s.context.id == "s:e2"
                and s.what == "occurs")
    assert 'listens for "sacrificed" or "killed", this is "discarded"' in str(explain(step, "cairn", "r"))


def test_one_occurrence_killing_two_is_two_triggering_conditions_one_use_each():
    game = _play_acting(_board([("kill", ["c0", "c1"])]))
    assert len(_uses(game)) == 2


def test_the_limit_is_shared_by_both_events():
    game = _play_acting(_board([("kill", ["c0"]), ("sacrifice", ["c1"])], limit=True))
    assert len(_uses(game)) == 1


_FILE = """
ruleset: {ruleset}
title: or_events
players: [P1, P2]
first_player: P1
cards:
  - id: c
    title: Gloomfen Rake
    owner: P1
    {extra}
    abilities:
      - id: r
        timing: {timing}
        when: {{event: {event}, or_events: [{more}]}}
        effect: [{{do: draw, target: you}}]
"""


@pytest.mark.parametrize("event, more, wanted", [
    ("killed", "leaves play", "one already counts as the other"),
    ("sacrificed", "sacrificed", "one already counts as the other"),
    ("sacrificed", "kiled", "killed"),
    ("sacrificed", "conquers", "never happens in agot"),
])
def test_what_several_events_cannot_be(event, more, wanted):
    with pytest.raises(ScenarioError, match=wanted):
        loads_scenario(_FILE.format(ruleset="agot", extra="", timing="reaction", event=event, more=more))


def test_riftbound_refuses_several_events_in_one_condition():
    with pytest.raises(ScenarioError, match="'or_events' of the trigger of 'r' belongs to another ruleset"):
        loads_scenario(_FILE.format(ruleset="riftbound", extra="type: unit\n    zone: base", timing="triggered",
                                    event="killed", more="discarded"))


@settings(max_examples=25, deadline=None)
@given(script=st.lists(st.tuples(st.sampled_from(["kill", "sacrifice", "discard", "kneel"]),
                                 st.lists(st.sampled_from(["c0", "c1", "c2"]), min_size=1, max_size=2, unique=True)),
                       min_size=1, max_size=3),
       limit=st.booleans())
def test_uses_count_the_sacrifices_and_kills(script, limit):
    """Without a limit, the reaction is used once per character of P1's that was killed or
    sacrificed (each a triggering condition of its own); with "Limit once per round", at most once."""
    game = _play_acting(_board([(v, tuple(ids)) for v, ids in script], limit=limit))
    met = {c for s in game.timeline if s.what == "occurs" for c in s.args_dict().get("occurred", ())
           if re.search(r":(killed|sacrificed):c\d$", c)}
    assert len(_uses(game)) == (min(len(met), 1) if limit else len(met))
