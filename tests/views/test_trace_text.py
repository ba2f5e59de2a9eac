"""The text trace (``rulekit trace``): shared windows said once, answers from a file in words, and
the quiet trace folding the nested sequences nobody could respond to."""
from __future__ import annotations

from pathlib import Path

from rulekit.cli import main

ROOT = Path(__file__).resolve().parents[2]
CLAIM = ROOT / "scenarios" / "agot" / "claim-2-kill.yaml"


def test_cli_trace_shows_the_shared_windows(capsys):
    assert main(["trace", str(CLAIM), "--rules"]) == 0
    out = capsys.readouterr().out
    assert out.count("step 4, interrupt window — The window opens;") == 1
    assert out.count("step 7, reaction window — The window opens;") == 1
    assert "stays open until every player has passed" in out
    assert main(["trace", str(CLAIM), "--rules", "--ids"]) == 0
    out = capsys.readouterr().out
    assert out.count("The window opens (s:claim:interrupt)") == 1
    assert out.count("The window opens (s:claim:reaction)") == 1


def test_cli_trace_with_an_answers_file(tmp_path, capsys):
    answers = tmp_path / "answers.yaml"
    answers.write_text('- "act or pass | s:claim:reaction | P1 | #1 -> c6.r1@s:claim:killed:c4"\n')
    assert main(["trace", str(CLAIM), "--answers", str(answers)]) == 0
    out = capsys.readouterr().out
    assert "P1 uses Barrowhill Raven's reaction, for Septa Orlaine killed" in out
    assert "Orwyn" in out and "P2 uses Maester Orwyn" not in out


def test_quiet_trace_folds_nested_sequences_nobody_could_respond_to(capsys):
    from pathlib import Path
    path = Path(__file__).resolve().parents[2] / "scenarios" / "agot" / "claim-2-kill.yaml"
    assert main(["trace", str(path), "--quiet", "--no-verdicts"]) == 0
    quiet = capsys.readouterr().out
    assert main(["trace", str(path), "--no-verdicts"]) == 0
    full = capsys.readouterr().out
    assert "(a nested sequence in which nobody could respond: P2 draws)" in quiet
    assert len(quiet.splitlines()) < len(full.splitlines())
    assert "P2 uses Maester Orwyn's interrupt" in quiet
