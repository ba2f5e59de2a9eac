"""Answers (issue 27, point 8; issue 29, point 4): an opportunity number below #1 is refused (exit 2) in both
forms, an old file's #0 with the number to write;
``rulekit trace`` exits 1 when a recorded answer did not apply or never came up, as
docs/errors.md says; an empty answers file is said to be an empty answers file."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.cli import main

CLAIM = str(Path(__file__).resolve().parents[2] / "scenarios" / "agot" / "claim-2-kill.yaml")


@pytest.mark.parametrize("answer, said", [
    ('- "act or pass | s:claim:reaction | P1 | #-1 -> c6.r1@s:claim:killed:c3"\n',
     "#-1 is not an opportunity: decisions are counted from 1"),
    ('- "act or pass | s:claim:reaction | P1 | #0 -> c6.r1@s:claim:killed:c3"\n',
     "answers.yaml:1:3: answers[0]: cannot read the answer"),
    ('- "act or pass | s:claim:reaction | P1 | #0 -> c6.r1@s:claim:killed:c3"\n',
     "#0 is not an opportunity: decisions are counted from 1 since rulekit 0.2 (the first opportunity is #1); write #1"),
    ('- {decision: act or pass, at: "s:claim:interrupt", chooser: P2, number: -3, answer: x}\n',
     "answers[0].number: #-3 is not an opportunity"),
    ('- {decision: act or pass, at: "s:claim:interrupt", chooser: P2, number: 0, answer: x}\n',
     "answers[0].number: #0 is not an opportunity: decisions are counted from 1 since rulekit 0.2"),
])
def test_a_number_below_the_first_is_refused(answer, said, tmp_path, capsys):
    path = tmp_path / "answers.yaml"
    path.write_text(answer, encoding="utf-8")
    assert main(["trace", CLAIM, "--answers", str(path)]) == 2
    assert said in capsys.readouterr().err


def test_trace_exits_1_when_an_answer_did_not_apply(tmp_path, capsys):
    path = tmp_path / "answers.yaml"
    path.write_text('- "act or pass | s:claim:reaction | P1 | #8 -> c6.r1@s:claim:killed:c3"\n', encoding="utf-8")
    assert main(["trace", CLAIM, "--answers", str(path)]) == 1
    assert "answer not applied" in capsys.readouterr().out
    assert main(["trace", CLAIM]) == 0


def test_an_empty_answers_file_is_named_as_such(tmp_path, capsys):
    path = tmp_path / "answers.yaml"
    path.write_text("\n", encoding="utf-8")
    assert main(["trace", CLAIM, "--answers", str(path)]) == 2
    err = capsys.readouterr().err
    assert "the answers file is empty" in err and "ruleset, title" not in err
