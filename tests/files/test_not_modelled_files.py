"""``do: not modelled`` in files (rule ``rulekit.not-modelled``): ``text`` is required and not
empty, the fields it takes and where it may stand are checked with file, line and field,
``rulekit check`` notes each use and ``--strict`` refuses the file (exit 2, naming file, line,
card and ability), and the JSON Schema knows it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulekit.cli import main
from rulekit.core.errors import ScenarioError
from rulekit.files import json_schema, loads_scenario

ROOT = Path(__file__).resolve().parents[2]

BOARD = """\
ruleset: agot
title: not modelled
players: [P1, P2]
first_player: P1
cards:
  - {id: c1, title: Hedge Knight, owner: P1}
  - id: c2
    title: Rookery Archivist
    owner: P1
    type: location
    abilities:
      - id: r
        timing: reaction
        when: {event: killed}
        effect: [EFFECT]
script:
  - {do: kill, cards: [c1]}
expect:
  cards: {c1: {zone: dead pile}}
"""
GOOD = '{do: not modelled, text: "look at the top 2 cards of your deck", changes_state: true}'


def _file(tmp_path, effect: str = GOOD, board: str = BOARD) -> Path:
    path = tmp_path / "board.yaml"
    path.write_text(board.replace("EFFECT", effect))
    return path


@pytest.mark.parametrize("effect", ["{do: not modelled}", "{do: not modelled, text: ''}",
                                    "{do: not modelled, text: '   '}"])
def test_text_is_required_and_not_empty(effect):
    with pytest.raises(ScenarioError) as e:
        loads_scenario(BOARD.replace("EFFECT", effect), "board.yaml")
    assert e.value.line == 15 and e.value.path == "cards[1].abilities[0].effect[0].text"
    assert "'not modelled'" in str(e.value) and "needs 'text'" in str(e.value)


@pytest.mark.parametrize("effect, field, words", [
    ("{do: not modelled, text: x, target: opponent}", "target", "takes no 'target'"),
    ("{do: not modelled, text: x, amount: 3}", "amount", "takes no 'amount'"),
    ("{do: draw, target: you, text: x}", "text", "only 'not modelled' takes 'text'"),
    ("{do: draw, target: you, changes_state: true}", "changes_state", "only 'not modelled' takes 'changes_state'"),
])
def test_its_fields_are_its_own(effect, field, words):
    with pytest.raises(ScenarioError) as e:
        loads_scenario(BOARD.replace("EFFECT", effect), "board.yaml")
    assert e.value.path == f"cards[1].abilities[0].effect[0].{field}" and words in str(e.value)


def test_not_a_cost_nor_a_step_of_the_script():
    cost = BOARD.replace("effect: [EFFECT]", f"cost: [{GOOD}]\n        effect: [{{do: draw, target: you}}]")
    with pytest.raises(ScenarioError) as e:
        loads_scenario(cost, "board.yaml")
    assert e.value.path == "cards[1].abilities[0].cost[0].do" and "cannot be 'not modelled'" in str(e.value)
    script = BOARD.replace("EFFECT", GOOD).replace("- {do: kill, cards: [c1]}", '- {do: not modelled, cards: [c1]}')
    with pytest.raises(ScenarioError) as e:
        loads_scenario(script, "board.yaml")
    assert e.value.path == "script[0].do" and "cannot be a step of the script" in str(e.value)


def test_a_ruleset_without_it_refuses_it_by_name():
    """The verb is each ruleset's to offer: a ruleset that does not list it refuses it."""
    import stack_ruleset  # noqa: F401  (registers the test ruleset 'stack')
    from rulekit.rulesets import get
    assert "not modelled" not in {v.value for v in get("stack").verbs}
    assert {"not modelled"} <= {v.value for v in get("agot").verbs} & {v.value for v in get("riftbound").verbs}


def test_check_notes_each_use_and_passes(tmp_path, capsys):
    path = _file(tmp_path)
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"note  {path}:15:18: card 'c2', ability 'r': not modelled: look at the top 2 cards of your deck" in out
    assert "1 passed, 0 failed" in out


def test_check_strict_refuses_the_file_naming_file_line_card_and_ability(tmp_path, capsys):
    path = _file(tmp_path)
    assert main(["check", "--strict", str(path)]) == 2
    captured = capsys.readouterr()
    assert (f"ERROR {path}:15:18: cards[1].abilities[0].effect[0]: card 'c2', ability 'r' uses an effect rulekit "
            "does not simulate (not modelled: look at the top 2 cards of your deck)") in captured.err
    assert "1 refused under --strict" in captured.out and "Traceback" not in captured.err


def test_check_strict_passes_a_file_without_it(capsys):
    assert main(["check", "--strict", str(ROOT / "scenarios" / "agot" / "claim-2-kill.yaml")]) == 0


def test_check_strict_finds_it_in_a_delayed_effect(tmp_path, capsys):
    effect = '{do: delay, at: {event: phase ends, phase: challenges}, later: [' + GOOD + ']}'
    assert main(["check", "--strict", str(_file(tmp_path, effect))]) == 2
    assert "cards[1].abilities[0].effect[0].later[0]: card 'c2', ability 'r'" in capsys.readouterr().err


def test_the_schema_knows_the_verb_and_its_fields():
    schema = json_schema()
    instruction = schema["$defs"]["Instruction"]["properties"]
    assert instruction["changes_state"] == {"default": False, "title": "Changes State", "type": "boolean"}
    assert {"type": "string"} in instruction["text"]["anyOf"]
    assert "not modelled" in schema["$defs"]["Verb"]["enum"]
    assert json.loads((ROOT / "docs" / "scenario.schema.json").read_text()) == schema


def test_the_format_reference_documents_it_with_an_example():
    doc = (ROOT / "docs" / "scenario-format.md").read_text()
    assert "{do: not modelled, changes_state: true," in doc and "rulekit check --strict" in doc
    assert loads_scenario((ROOT / "scenarios" / "agot" / "not-modelled-effect-reaction.yaml").read_text())
