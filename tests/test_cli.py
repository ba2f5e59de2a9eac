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
    assert "closes after all players consecutively pass" in out and "rules text" in out


def test_unknown_rule_suggests_close_ids(capsys):
    assert main(["rules", "agot.tc.44"]) == 2
    assert "did you mean" in capsys.readouterr().err
