"""Scenarios written back: a scenario, a line of answers and an ``expect`` block as YAML or JSON
text that :func:`~rulekit.files.loads_scenario` reads back to the same timeline."""
from __future__ import annotations

import json

from rulekit.core.decisions import Line
from rulekit.core.scenario import Scenario
from rulekit.files.expect import Expect


def answer_specs(line: Line, state=None) -> list[dict]:
    """A line of answers in the file's mapping form (with a readable note when a state is given)."""
    from rulekit.core.text import option_label
    out = []
    for key, option in line.items():
        entry = {"decision": key.kind.value, "at": key.at, "chooser": key.chooser, "number": key.number,
                 "answer": option}
        if state is not None:
            entry["note"] = option_label(key.kind, option, state, key.chooser)
        out.append(entry)
    return out


def scenario_data(scenario: Scenario, line: Line | None = None, expect: Expect | None = None, state=None) -> dict:
    data = {"ruleset": scenario.ruleset, **scenario.to_data()}
    if line is not None and len(line):
        data["answers"] = answer_specs(line, state)
    if expect is not None:
        from pydantic import TypeAdapter
        data["expect"] = TypeAdapter(Expect).dump_python(expect, mode="json", exclude_defaults=True)
    return data


def dump_scenario(scenario: Scenario, line: Line | None = None, expect: Expect | None = None, *,
                  format: str = "yaml", state=None) -> str:
    """The scenario (and answers, and expect) as file text; :func:`loads_scenario` reads it back."""
    data = scenario_data(scenario, line, expect, state)
    if format == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    import yaml
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def export_game(game, *, format: str = "yaml") -> str:
    """A game — built in Python or edited in the widgets — as a scenario file with its answers."""
    return dump_scenario(game.scenario, game.line, format=format, state=game.timeline[0].state)
