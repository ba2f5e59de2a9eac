"""Scenario files: loading, every kind of error with its message, round trips, the published
schemas and the JSON trace."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from boards import claim2
from helpers import answer_all, use_first
from rulekit import Game, ScenarioError
from rulekit.cli import main
from rulekit.files.expect import check_expect
from rulekit.files import dump_scenario, export_game, json_schema, load_scenario, loads_scenario
from rulekit.files.tracejson import trace_schema

ROOT = Path(__file__).resolve().parents[2]
CLAIM = ROOT / "scenarios" / "agot" / "claim-2-kill.yaml"
BASE = CLAIM.read_text()


def test_the_claim_2_file_loads_runs_and_meets_its_expect_block():
    loaded = load_scenario(CLAIM)
    game = loaded.start()
    assert check_expect(game, loaded.expect) == [] and game.unapplied == ()


def test_yaml_and_json_forms_of_the_same_scenario_are_equal():
    loaded = load_scenario(CLAIM)
    as_json = dump_scenario(loaded.scenario, loaded.answers, loaded.expect, format="json")
    again = loads_scenario(as_json, "claim.json")
    assert again.scenario == loaded.scenario and again.answers == loaded.answers and again.expect == loaded.expect


@pytest.mark.parametrize("edit, where, message", [
    (("first_player: P1", "first_player: P1\nfirst_playr: P1"), (8, "first_playr"), "unknown key 'first_playr' (did you mean 'first_player'?)"),
    (("owner: P1, strength: 6", "owner: P1, strenght: 6"), (15, "cards[6].strenght"), "did you mean 'strength'?"),
    (("timing: reaction", "timing: reactoin"), (24, "cards[9].abilities[0].timing"), "'reactoin' is not a valid timing (did you mean 'reaction'?)"),
    (("event: killed, card: {type: character}}", "event: kiled, card: {type: character}}"), (25, "cards[9].abilities[0].when.event"), "did you mean 'killed'?"),
    (("{id: c1, title: Osric Thorne, owner: P1, strength: 6}", "{id: c1, title: Osric Thorne, strength: 6}"), (15, "cards[6].owner"), "missing required key 'owner'"),
    (("strength: 6", "strength: six"), (15, "cards[6].strength"), "'six' is not a whole number"),
    (("first_player: P1", "first_player: P1\nfirst_player: P2"), (8, "first_player"), "duplicate key 'first_player' (first at line 7)"),
    (("players: [P1, P2]", "players: &p [P1, P2]\nx: *p"), (6, "x"), "aliases"),
    (("title: Claim 2 military kill", "title: !!python/object/apply:os.system ['echo hi']"), (5, "title"), "is not allowed: scenario files are plain data"),
    (("zone: draw deck, type: attachment}\n  - {id: p1d1", "zone: drawdeck, type: attachment}\n  - {id: p1d1"), (9, "cards[0].zone"), "did you mean 'draw deck'?"),
    (("{id: c1, title: Osric Thorne, owner: P1", "{id: c1, title: Osric Thorne, owner: P3"), (15, "cards[6].owner"), "owner 'P3' of card 'c1' is not a player"),
    (("cards: [c3, c4]", "cards: [c3, c44]"), (38, "script[0].cards[1]"), "no card has id 'c44' (did you mean 'c4'?)"),
    (("chooser: P2, number: 2", "chooser: P5, number: 2"), (41, "answers[0].chooser"), "chooser 'P5' is not a player"),
    (("chooser: P2, number: 2", "chooser: P2, number: 0"), (41, "answers[0].number"),
     "#0 is not an opportunity: decisions are counted from 1 since rulekit 0.2 (the first opportunity is #1); write #1"),
    (("P1 | #1 -> c6.r1@s:claim:killed:c3", "P1 | #0 -> c6.r1@s:claim:killed:c3"), (43, "answers[2]"), "write #1"),
    (('answer: "c7.i1@s:claim:killed:c3"', 'answer: "c7.i9@s:claim:killed:c3"'), (41, "answers[0].answer"), "card 'c7' has no ability 'i9'"),
    (("code: eligible}", "code: elligible}"), (62, "expect.verdicts[1].code"), "did you mean 'eligible'?"),
    (("step: interrupt window, card: c7", "step: interupt window, card: c7"), (62, "expect.verdicts[1].step"), "did you mean 'interrupt window'?"),
    (("players: [P1, P2]", "players: [P1, P2"), (7, ""), "not valid YAML or JSON"),
    (("strength: 6", "strength: 99999999999999999999"), (15, "cards[6].strength"), "is too large"),
    (("c3: {zone: dead pile}", "c33: {zone: dead pile}"), (54, "expect.cards.c33"), "no card has id 'c33' (did you mean 'c3'?)"),
])
def test_every_error_names_file_line_field_and_what_was_wrong(edit, where, message):
    old, new = edit
    assert old in BASE
    with pytest.raises(ScenarioError) as err:
        loads_scenario(BASE.replace(old, new, 1), "claim.yaml")
    e = err.value
    assert e.file == "claim.yaml" and (e.line, e.path) == where
    assert message in str(e)
    assert str(e).startswith(f"claim.yaml:{e.line}:{e.column}: ")


@pytest.mark.parametrize("text, message", [
    ("", "the file is empty"),
    ("- a\n- b\n", "the top level must be a mapping"),
    ("title: x\0", "NUL byte"),
    ("a: " + "[" * 40 + "]" * 40, "nests deeper than"),
    ("x: " + "y" * 1_100_000, "larger than"),
])
def test_whole_file_errors(text, message):
    with pytest.raises(ScenarioError, match=message):
        loads_scenario(text, "bad.yaml")


def test_a_game_exports_to_a_file_that_replays_the_same_timeline():
    game = answer_all(Game.start(claim2().build()), use_first)
    text = export_game(game)
    assert "note:" in text                                     # answers carry readable notes
    loaded = loads_scenario(text, "exported.yaml")
    again = loaded.start()
    assert [s.record()[:-1] for s in again.timeline] == [s.record()[:-1] for s in game.timeline]


def test_file_to_game_to_file_round_trip():
    loaded = load_scenario(CLAIM)
    text = dump_scenario(loaded.scenario, loaded.answers, loaded.expect)
    again = loads_scenario(text, "again.yaml")
    assert (again.scenario, again.answers, again.expect) == (loaded.scenario, loaded.answers, loaded.expect)
    assert dump_scenario(again.scenario, again.answers, again.expect) == text


def test_published_schemas_match_the_code():
    assert json.loads((ROOT / "docs" / "scenario.schema.json").read_text()) == json_schema()
    assert json.loads((ROOT / "docs" / "trace.schema.json").read_text()) == trace_schema()


def _validator(schema):
    """One validator for many documents (``jsonschema.validate`` checks the schema itself and builds a
    validator at every call)."""
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def test_the_scenario_schema_accepts_the_shipped_scenarios():
    import yaml
    validator = _validator(json_schema())
    for path in (ROOT / "scenarios").rglob("*.yaml"):
        data = yaml.load(path.read_text(), Loader=yaml.CSafeLoader)
        validator.validate(data)


_TRACE_VALIDATOR = _validator(trace_schema())


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").rglob("*.yaml")), ids=lambda p: p.stem)
def test_the_json_trace_of_every_scenario_validates_against_its_schema(path):
    from rulekit.files.tracejson import trace_data
    data = json.loads(json.dumps(trace_data(load_scenario(path).start())))
    _TRACE_VALIDATOR.validate(data)


def test_the_json_trace_validates_against_its_schema(capsys):
    assert main(["trace", str(CLAIM), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    jsonschema.validate(data, trace_schema())
    assert data["format"] == "rulekit-trace/3" and data["finished"] is True
    assert {c["id"]: c["zone"] for c in data["cards"]}["c3"] == "dead pile"
