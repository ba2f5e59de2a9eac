"""Rules cases written from the rules text before the engine was run on them (issue "Rules
fidelity, third pass"). A case lives in ``pending/<ruleset>/`` while the engine still gets it
wrong: it must fail there (a strict expected failure). The commit that fixes the engine moves the
case into ``scenarios/<ruleset>/``, where every shipped scenario must pass."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.core.errors import ScenarioError
from rulekit.files import load_scenario
from rulekit.files.expect import check_expect

PENDING = Path(__file__).parent / "pending"
CASES = sorted(PENDING.glob("*/*.yaml"))


def _problems(path: Path) -> list[str]:
    try:
        loaded = load_scenario(path)
        game = loaded.start()
    except ScenarioError as exc:      # the case is refused: the engine cannot express it yet
        return [f"refused: {exc}"]
    assert loaded.expect is not None, f"{path.name} has no expect block"
    return check_expect(game, loaded.expect) + [f"unapplied: {u}" for u in game.unapplied]


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
@pytest.mark.xfail(strict=True, reason="a pending rules case: the engine does not follow it yet")
def test_a_pending_case_still_fails(path):
    assert _problems(path) == []


def test_a_pending_case_is_not_also_shipped():
    shipped = Path(__file__).parents[2] / "scenarios"
    for path in CASES:
        assert not (shipped / path.parent.name / path.name).exists(), \
            f"{path.name} is both pending and shipped: move it, do not copy it"
