"""Constant abilities ("cannot be killed while standing", "cannot be saved", "cannot be
cancelled"): read at every step, named by explain, checked where a file is read, and A Game of
Thrones' only."""
from __future__ import annotations

import pytest

from rulekit import Code, explain
from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario

from shipped_agot import play


def test_cannot_be_killed_while_standing_is_read_at_every_step():
    game = play("constant-cannot-be-killed-while-standing")
    first = next(s for s in game.timeline if s.what == "script-nothing")
    assert first.args_dict()["occurrence"] == "s:first"
    assert game.state.cards["brute"].zone == "dead pile"


def test_explain_says_who_forbids_a_save_and_a_cancel():
    game = play("constant-cannot-be-saved-or-cancelled")
    step = next(s for s in game.timeline if s.context and s.context.id == "s:first" and s.verdicts)
    why = explain(step, "c3", "dupsave-c3dup")
    assert why.verdicts[0].detail == "Ser Hollis Brant cannot be saved because of Silent Headsman"
    assert "cannot be saved because of Silent Headsman" in str(why)
    step = next(s for s in game.timeline if s.context and s.context.id == "archmaester.r@s:first:killed:c3/initiation"
                and s.verdicts)
    assert explain(step, "nay", "x").verdicts[0].detail == \
        "Blind Archmaester's ability cannot be cancelled because of Blind Archmaester"
    # the constant ability itself is never used: explain says so
    assert explain(step, "headsman", "k").verdicts[0].code is Code.NOT_LISTENING


CONSTANT = """
ruleset: agot
title: t
players: [P1, P2]
first_player: P1
cards:
  - id: a
    title: A
    owner: P1
    abilities:
      - {id: k, timing: %s, %s effect: [{do: %s, target: self}]}
script: [{do: kill, cards: [a]}]
"""


@pytest.mark.parametrize("timing, when, verb, message", [
    ("reaction", "when: {event: killed},", "cannot be killed", "belongs to a constant ability"),
    ("constant", "when: {event: killed},", "cannot be killed", "a constant ability has no 'when'"),
    ("constant", "", "kneel", "is not something a constant ability says"),
])
def test_constant_ability_words_are_checked(timing, when, verb, message):
    with pytest.raises(ScenarioError, match=message):
        loads_scenario(CONSTANT % (timing, when, verb))


def test_constant_abilities_are_agot_only():
    text = (CONSTANT % ("constant", "", "cannot be killed")).replace("ruleset: agot", "ruleset: riftbound") \
        .replace("title: A\n", "title: A\n    type: unit\n    zone: base\n")
    with pytest.raises(ScenarioError, match="not a timing of riftbound"):
        loads_scenario(text)
