"""Two readings compared (``rulekit compare``, :func:`rulekit.views.compare.compare`): the same
board under the same reading is the same; on each ruling's own scenario, compare finds the step
where two readings part and names the ruling, in Python and as JSON from the command line."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulekit import Game, rulesets
from rulekit.files import load_scenario, loads_scenario
from rulekit.views.compare import compare, parse_ruling, with_rulings

from cli_output import run_cli
from plain_files import RIFT

ROOT = Path(__file__).resolve().parents[2]


def test_with_rulings_keeps_only_what_differs_from_the_defaults():
    scenario = loads_scenario(RIFT).scenario
    assert with_rulings(scenario, {"rb.optional": "when-fulfilled"}) == scenario
    assert parse_ruling(" rb.optional = at-resolution ") == ("rb.optional", "at-resolution")


def test_compare_the_same_board_under_the_same_reading_is_the_same():
    scenario = loads_scenario(RIFT).scenario
    result = compare(Game.start(scenario, play_defaults=True), Game.start(scenario, play_defaults=True))
    assert result.same and result.to_data() == {"same": True, "a": result.label_a, "b": result.label_b,
                                                 "first_difference": None, "outcome_differences": []}


def test_compare_json_from_the_cli():
    path = str(ROOT / "scenarios" / "agot" / "claim-2-kill.yaml")
    code, out, err = run_cli("compare", path, "--ruling", "agot.replacement-triggers=no-trigger",
                             "--ruling", "agot.replacement-triggers=trigger", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert set(data) >= {"same", "first_difference", "outcome_differences"}
    assert isinstance(data["same"], bool) and isinstance(data["outcome_differences"], list)


# -- compare's divergence point on the rulings' own scenarios ---------------------------------------------
RULING_BOARDS = [
    ("riftbound/optional-trigger-declined", "rb.optional", "at-resolution"),
    ("riftbound/first-death-watcher-enters-late", "rb.nth-count", "seen"),
    ("riftbound/control-change-source-gone", "rb.source-info", "last-known"),
    ("riftbound/ilse-moved-in-response", "rb.recheck-condition", "intervening-if"),
    ("riftbound/replacement-gear-deathknell", "rb.replacement-triggers", "no-trigger"),
    ("agot/replacement-events-trigger", "agot.replacement-triggers", "trigger"),
]


@pytest.mark.parametrize("name, ruling, other", RULING_BOARDS, ids=[r[1] for r in RULING_BOARDS])
def test_compare_finds_where_two_readings_part_and_names_the_ruling(name, ruling, other):
    loaded = load_scenario(ROOT / "scenarios" / f"{name}.yaml")
    rules = rulesets.get(loaded.scenario.ruleset)
    default = rules.ruling(ruling).default
    a = Game.start(loaded.scenario, loaded.answers, play_defaults=True, rulings={ruling: default})
    b = Game.start(loaded.scenario, loaded.answers, play_defaults=True, rulings={ruling: other})
    result = compare(a, b)
    assert not result.same and result.outcome_differences
    d = result.first_difference
    assert d is not None and d.number > 0
    # the first step where they part is the step the ruling decided, on one side at least
    assert f"{ruling}={default}" in (d.ruling_a, d.ruling_b) or f"{ruling}={other}" in (d.ruling_a, d.ruling_b)
    # the steps before it are the same in both
    assert [s.what for s in a.timeline[:d.number]] == [s.what for s in b.timeline[:d.number]]
    code, out, err = run_cli("compare", str(ROOT / "scenarios" / f"{name}.yaml"), "--ruling", f"{ruling}={default}",
                             "--ruling", f"{ruling}={other}", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["same"] is False and data["first_difference"]["step"] == d.number
    assert data["outcome_differences"] == list(result.outcome_differences)
