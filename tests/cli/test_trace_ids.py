"""``rulekit trace --ids``: under each decision, the line to write in an answers file. For every
shipped scenario, an answers file written from that output — every decision, defaults included —
replays to the same timeline: the same steps, the same answers, each decision answered from the
file and none left to a default."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from rulekit.cli import main
from rulekit.core.game import Game
from rulekit.files.document import AnswerSpec
from rulekit.files.scenario_files import load_answers, load_scenario

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios").glob("**/*.yaml"))
ANSWER_LINE = re.compile(r'^ +answer: (".*")$')


def answer_lines(out: str) -> list[str]:
    return [json.loads(m[1]) for line in out.splitlines() if (m := ANSWER_LINE.match(line))]


def timeline_of(game) -> list[tuple]:
    return [(s.number, s.rule, s.what, s.args, None if s.decision is None else s.decision.key, s.answer)
            for s in game.timeline]


def test_there_are_shipped_scenarios_of_both_games():
    assert {p.parent.name for p in SHIPPED} >= {"agot", "riftbound"} and len(SHIPPED) > 50


def test_the_default_trace_has_no_answer_lines(capsys):
    path = ROOT / "scenarios" / "agot" / "claim-2-kill.yaml"
    assert main(["trace", str(path)]) == 0
    plain = capsys.readouterr().out
    assert main(["trace", str(path), "--ids"]) == 0
    with_ids = capsys.readouterr().out
    assert answer_lines(plain) == [] and "answer: " not in plain
    lines = answer_lines(with_ids)
    assert "act or pass | s:claim:interrupt | P2 | #2 -> c7.i1@s:claim:killed:c3" in lines
    # with the answer lines taken out, a line for each of the default trace's; the default names
    # cards and abilities, --ids shows the engine's ids
    shown = [l for l in with_ids.splitlines() if not ANSWER_LINE.match(l)]
    assert len(shown) == len(plain.splitlines())
    assert "c7.i1" not in plain and "(c3)" not in plain and "s:claim" not in plain
    assert "Maester Orwyn's interrupt, for Hollowfield Steward killed" in plain
    assert "c7.i1@s:claim:killed:c3" in with_ids and "Hollowfield Steward (c3)" in with_ids


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_answers_file_written_from_the_ids_replays_to_the_same_timeline(path, tmp_path, capsys):
    assert main(["trace", str(path), "--ids", "--no-verdicts"]) == 0
    lines = answer_lines(capsys.readouterr().out)
    loaded = load_scenario(path)
    game = loaded.start()
    decided = [s for s in game.timeline if s.decision is not None]
    assert len(lines) == len(decided)                      # one line for every decision, defaults included
    for line, step in zip(lines, decided):
        spec = AnswerSpec.parse(line)
        assert (spec.key, spec.answer) == (step.decision.key, step.answer)

    answers = tmp_path / "answers.yaml"
    answers.write_text(yaml.safe_dump(lines, allow_unicode=True, width=10_000))
    line = load_answers(answers, loaded.scenario)
    assert len(line) == len(lines)
    replayed = Game.start(loaded.scenario, line, play_defaults=False)   # no default may fill a gap
    assert replayed.decision is None and list(replayed.unapplied) == []
    assert all(s.answered_by == "recorded" for s in replayed.timeline if s.decision is not None)
    assert timeline_of(replayed) == timeline_of(game)

    assert main(["trace", str(path), "--answers", str(answers), "--ids", "--no-verdicts"]) == 0
    again = capsys.readouterr().out
    assert answer_lines(again) == lines and "answer not applied" not in again
