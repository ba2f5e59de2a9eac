"""Every example id in the "Ids" section of docs/scenario-format.md is one the engine makes when
the shipped scenarios run: the documentation shows real ids, not imagined ones."""
from __future__ import annotations

import re
from pathlib import Path

from rulekit.files.scenario_files import load_scenario

ROOT = Path(__file__).resolve().parents[2]


def documented_examples() -> list[str]:
    text = (ROOT / "docs" / "scenario-format.md").read_text()
    section = text.split("\n## Ids\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| what")]
    examples = []
    for row in rows:
        last = row.rstrip(" |").rsplit(" | ", 1)[-1]
        examples += [e for e in re.findall(r"`([^`]+)`", last) if "…" not in e]
    return examples


def engine_ids() -> str:
    """Every id the shipped scenarios' runs hold: step arguments, decisions, options and answers."""
    out = []
    for path in sorted((ROOT / "scenarios").glob("**/*.yaml")):
        game = load_scenario(path).start()
        for step in game.timeline:
            out.append(repr(step.args))
            if step.decision is not None:
                out += [str(step.decision.key), *step.decision.option_ids]
            out += list(step.state.cards)
    return "\n".join(out)


def test_every_documented_id_is_made_by_the_engine():
    examples = documented_examples()
    assert len(examples) > 40
    made = engine_ids()
    missing = [e for e in examples if e not in made]
    assert missing == []


def test_every_verdict_code_is_listed_in_the_format_docs():
    """A reader writing ``expect.verdicts[].code`` finds every code the engine gives."""
    from pathlib import Path

    from rulekit.core.verdicts import Code
    text = " ".join((Path(__file__).parents[2] / "docs" / "scenario-format.md").read_text().split())
    listed = text[text.index("Verdict codes:"):text.index("## Errors")]
    assert [c.value for c in Code if f"`{c.value}`" not in listed] == []
