"""The command line: version and help, the rules, and its exit codes — 0, 1 when a check fails,
2 for bad input (a runaway loop included), 3 for an internal error."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rulekit import __version__
from rulekit.cli import main

ROOT = Path(__file__).resolve().parents[2]
BASE = (ROOT / "scenarios" / "agot" / "claim-2-kill.yaml").read_text()


def test_version_and_help():
    out = subprocess.run([sys.executable, "-m", "rulekit.cli", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == f"rulekit {__version__}"
    out = subprocess.run([sys.executable, "-m", "rulekit.cli", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "rules" in out.stdout


def test_rules_lists_and_shows_a_rule(capsys):
    assert main(["rules"]) == 0
    assert "agot.tc.4" in capsys.readouterr().out
    assert main(["rules", "agot.tc.4"]) == 0
    out = capsys.readouterr().out
    assert "stays open until every player has passed" in out and "rules text" in out


def test_unknown_rule_suggests_close_ids(capsys):
    assert main(["rules", "agot.tc.44"]) == 2
    assert "did you mean" in capsys.readouterr().err


def test_cli_check_passes_fails_and_rejects(tmp_path, capsys):
    assert main(["check", str(ROOT / "scenarios")]) == 0
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(BASE.replace("hands: {P1: 2, P2: 2}", "hands: {P1: 3, P2: 2}"))
    assert main(["check", str(wrong)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "hands.P1: expected 3 card(s), got 2" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text(BASE.replace("timing: reaction", "timing: reactoin"))
    assert main(["check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.yaml:24:17" in err and "Traceback" not in err
    assert main(["check", str(tmp_path / "missing.yaml")]) == 2


def test_cli_internal_error_exits_3(monkeypatch, capsys):
    import rulekit.cli as cli
    monkeypatch.setattr(cli, "_rules", lambda rule_id: 1 / 0)
    assert main(["rules"]) == 3
    assert "internal error" in capsys.readouterr().err


def test_cli_runaway_loop_is_bad_input(tmp_path, capsys):
    loop = tmp_path / "loop.yaml"
    loop.write_text("""
ruleset: agot
title: loop
players: [P1, P2]
first_player: P1
cards:
  - {id: a, title: Kneeler, owner: P1, abilities: [{id: k, timing: forced reaction, when: {event: stands}, effect: [{do: kneel, target: that card}]}]}
  - {id: b, title: Stander, owner: P2, abilities: [{id: s, timing: forced reaction, when: {event: kneels}, effect: [{do: stand, target: that card}]}]}
  - {id: v, title: Victim, owner: P2}
script: [{do: kneel, cards: [v]}]
expect: {}
""")
    assert main(["check", str(loop)]) == 2
    err = capsys.readouterr().err
    assert "runaway loop" in err and "a.k" in err and "b.s" in err
