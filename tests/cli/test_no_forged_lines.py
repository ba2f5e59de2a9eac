"""Nothing from a file can forge an output line (issue 27, point 7): a newline (or any control
character) in a scenario title, a card title or a label is shown escaped in every text output —
trace, check, explore, compare, explain — and a player name with a newline or ``|`` is refused like
a card id."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulekit import Game, explain
from rulekit.cli import main
from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario

ROOT = Path(__file__).resolve().parents[2]


def _forged(tmp_path) -> Path:
    text = (ROOT / "scenarios" / "agot" / "claim-2-kill.yaml").read_text(encoding="utf-8")
    text = text.replace("title: Claim 2 military kill", 'title: "Claim\\nFORGED title\\rline\\u001b[2J"')
    text = text.replace("title: Barrowhill Raven", 'title: "Raven\\nFORGED card"')
    path = tmp_path / "forged.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _no_forged_line(out: str) -> None:
    for line in out.splitlines():
        assert not line.startswith("FORGED"), f"a forged line: {line!r}"
    assert "\x1b" not in out and "\r" not in out


@pytest.mark.parametrize("argv", [
    ["trace", "{f}"], ["trace", "{f}", "--ids", "--rules"], ["check", "{f}"], ["explore", "{f}"],
    ["compare", "{f}", "--ruling", "agot.would-instead=replacement", "--ruling", "agot.would-instead=change"],
])
def test_every_text_output_escapes_a_newline_from_the_file(argv, tmp_path, capsys):
    path = _forged(tmp_path)
    code = main([a.format(f=path) for a in argv])
    out, err = capsys.readouterr()
    assert code in (0, 1), err
    _no_forged_line(out)
    _no_forged_line(err)
    assert "FORGED" in out or argv[0] == "check"


def test_explain_escapes_a_newline_in_a_card_title(tmp_path):
    loaded = loads_scenario(_forged(tmp_path).read_text(encoding="utf-8"), "forged.yaml")
    game = Game.start(loaded.scenario, loaded.answers)
    step = next(s for s in game.timeline if "reaction" in s.describe())
    words = str(explain(step, "c6", "r1"))
    assert "FORGED" in words
    _no_forged_line(words)


@pytest.mark.parametrize("name", ["P1\nP2", "P|2", "P 1", "P1\x1b"])
def test_a_player_name_with_a_newline_or_bar_is_refused_like_a_card_id(name):
    import json
    text = (f"ruleset: agot\ntitle: t\nplayers: [{json.dumps(name)}, P2]\nfirst_player: P2\n"
            "cards:\n  - {id: c, title: C, owner: P2}\nscript:\n  - {do: kill, cards: [c], id: k}\n")
    with pytest.raises(ScenarioError, match=r"players\[0\]: player name .* may use only letters"):
        loads_scenario(text, "players.yaml")
