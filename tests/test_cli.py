"""The command line."""
from __future__ import annotations

import subprocess
import sys

from rulekit import __version__
from rulekit.cli import main


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


def test_quiet_trace_folds_nested_sequences_nobody_could_respond_to(capsys):
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "scenarios" / "agot" / "claim-2-kill.yaml"
    assert main(["trace", str(path), "--quiet", "--no-verdicts"]) == 0
    quiet = capsys.readouterr().out
    assert main(["trace", str(path), "--no-verdicts"]) == 0
    full = capsys.readouterr().out
    assert "(a nested sequence in which nobody could respond: P2 draws)" in quiet
    assert len(quiet.splitlines()) < len(full.splitlines())
    assert "P2 uses Maester Luwin's interrupt" in quiet
