"""Riftbound's shipped scenarios (``scenarios/riftbound``), played in tests: each with the answers
its file records and the defaults, meeting its expect block unless a ruling is changed; and ways
to read what happened (the Chain's items, steps of a kind, the ruling a step names)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from rulekit import Game
from rulekit.files.expect import check_expect
from rulekit.files import load_scenario
from rulekit.rulesets.riftbound import ChainFrame

RB = Path(__file__).resolve().parents[2] / "scenarios" / "riftbound"
FILES = sorted(RB.glob("*.yaml"))


def loaded(name: str):
    return load_scenario(RB / f"{name}.yaml")


def play(name: str, **rulings):
    """The scenario played with its answers (and defaults), meeting its expect block when no
    ruling is changed."""
    file = loaded(name)
    if rulings:
        scenario = dataclasses.replace(file.scenario, rulings={**file.scenario.rulings, **rulings})
        return Game.start(scenario, file.answers, play_defaults=True)
    game = file.start()
    assert check_expect(game, file.expect) == [] and game.unapplied == ()
    return game


def trigger_step(game, group):
    return next(s for s in game.timeline if s.what == "rb-triggers" and s.args_dict()["group"] == group)


def on_chain(game) -> set[str]:
    """Every item id that was ever on the Chain (pending, waiting to be ordered, or finalized)."""
    return {i.id for s in game.timeline for f in s.control if isinstance(f, ChainFrame) for i in f.items + f.waiting}


def steps(game, what):
    return [s for s in game.timeline if s.what == what]


def rulings_of(step) -> str:
    return step.args_dict().get("ruling", "")
