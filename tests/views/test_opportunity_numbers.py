"""Opportunities are numbered as a person counts (issue 29, point 4): the number the board view
shows for the player with the opportunity is the number their answer is keyed by, which
``rulekit trace --ids`` writes and a file reads back."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulekit import Game, Line
from rulekit.core.decisions import AnswerKey, DecisionKind
from rulekit.files.document import AnswerSpec
from rulekit.files.scenario_files import load_scenario

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["agot/claim-2-kill", "agot/forced-reactions-ordered-by-the-first-player",
                                  "riftbound/channel-and-recycle-a-rune", "riftbound/action-spell-in-the-main-phase"])
def test_the_board_view_shows_the_number_the_answer_is_keyed_by(name):
    scenario = load_scenario(ROOT / "scenarios" / f"{name}.yaml").scenario
    game, seen = Game.start(scenario, Line()), []
    while game.decision is not None:
        key = game.decision.key
        assert key.number >= 1
        if key.kind is DecisionKind.ACT_OR_PASS:
            entries = scenario.rules.window_entries(game.last_step)
            mine = [e for e in entries if e.player == key.chooser]
            assert mine and f"opportunity #{key.number}" in mine[-1].status
            seen.append(key.number)
        written = f"{key} -> {game.decision.default}"
        assert AnswerSpec.parse(written).key == key             # what the trace writes, a file reads back
        game = game.answer(game.decision.default)
    assert seen or name.endswith("first-player")
    if name == "agot/claim-2-kill":
        assert seen[0] == 2                                     # P1 passed (#1) unasked; P2 has the second


def test_a_key_numbered_0_is_refused_with_the_number_to_write():
    with pytest.raises(ValueError, match=r"#0 is not an opportunity: .* counted from 1 .*; write #1"):
        AnswerKey(DecisionKind.ACT_OR_PASS, "s:claim:reaction", "P1", 0)
    with pytest.raises(ValueError, match="write #1"):
        AnswerSpec.parse("act or pass | s:claim:reaction | P1 | #0 -> pass")
    assert AnswerKey(DecisionKind.ACT_OR_PASS, "s:claim:reaction", "P1").number == 1
