"""A board with no decision (issue 27, point 12): ``rulekit explore`` reports its one outcome and
what the script changed from the start, and says no decision came up — not "nothing changed"."""
from __future__ import annotations

from rulekit.cli import main
from rulekit.explore import explore
from rulekit.files import loads_scenario

BOARD = """ruleset: agot
title: No decision
players: [P1, P2]
first_player: P1
cards:
  - {id: warden, title: Calm Warden, owner: P1}
  - {id: page, title: Dull Page, owner: P2}
script:
  - {do: kill, cards: [warden], id: k}
  - {do: kneel, cards: [page], id: n}
"""


def test_the_one_outcome_says_what_the_script_changed(tmp_path, capsys):
    result = explore(loads_scenario(BOARD, "nodec.yaml"))
    assert len(result.outcomes) == 1 and result.lines == 1 and result.complete
    said = result.outcomes[0].summary
    assert "Calm Warden → dead pile" in said and "Dull Page knelt" in said and "nothing changed" not in said
    path = tmp_path / "nodec.yaml"
    path.write_text(BOARD, encoding="utf-8")
    assert main(["explore", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1 outcome(s) over 1 line(s)" in out and "Calm Warden → dead pile" in out
    assert "no decision came up" in out
