"""A Game of Thrones' shipped scenarios (``scenarios/agot``), played in tests: each with the
answers its file records and the defaults, meeting its expect block unless a ruling is changed."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from rulekit import Game
from rulekit.files.expect import check_expect
from rulekit.files import load_scenario

AGOT = Path(__file__).resolve().parents[2] / "scenarios" / "agot"
FILES = sorted(AGOT.glob("*.yaml"))


def play(name: str, **rulings) -> Game:
    loaded = load_scenario(AGOT / f"{name}.yaml")
    scenario = dataclasses.replace(loaded.scenario, rulings=rulings) if rulings else loaded.scenario
    game = Game.start(scenario, loaded.answers, play_defaults=True)
    if not rulings:
        assert check_expect(game, loaded.expect) == []
    assert game.unapplied == ()
    return game


def steps(game, what):
    return [s for s in game.timeline if s.what == what]
