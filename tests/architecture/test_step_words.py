"""Step codes become words through tables, not chains (issue 41, point 3).

Each ruleset declares its step codes as a ``Word`` enum and its words as a table keyed by that enum
(:mod:`rulekit.core.stepwords`); the core does the same for the codes it records itself. These
tests hold that every code of every enum has a sentence in its table, that no table is keyed by a
raw string, that no words module compares a step code with a string, and that every code a step
of a shipped scenario or corpus card records is a member of its ruleset's enum or of the core's.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rulekit.core.stepwords import CORE_WORDS, CoreStep
from rulekit.rulesets.agot.codes import AgotStep
from rulekit.rulesets.agot.words import WORDS as AGOT_WORDS
from rulekit.rulesets.riftbound.codes import RbStep
from rulekit.rulesets.riftbound.words import WORDS as RB_WORDS

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(ROOT.glob("scenarios/*/*.yaml")) + sorted(ROOT.glob("tests/cards/*/*.yaml"))

#: each ruleset's step-code enum and its words table (and the core's own)
TABLES = {"core": (CoreStep, CORE_WORDS), "agot": (AgotStep, AGOT_WORDS), "riftbound": (RbStep, RB_WORDS)}
WORDS_MODULES = ("rulekit/core/stepwords.py", "rulekit/core/text.py", "rulekit/rulesets/agot/words.py",
                 "rulekit/rulesets/riftbound/words.py")


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_step_code_has_a_sentence_and_every_key_is_a_member(name):
    codes, words = TABLES[name]
    assert [code.value for code in codes if code not in words] == []
    assert [key for key in words if type(key) is not codes] == []      # a raw string equals a member: type, not ==
    assert all(callable(sentence) for sentence in words.values())


@pytest.mark.parametrize("path", WORDS_MODULES)
def test_no_words_module_compares_a_step_code_with_a_string(path):
    """The dispatch is the table: no ``what == "…"`` (nor ``what in (…)``) left in a words module."""
    tree = ast.parse((ROOT / path).read_text())
    found = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Compare)
             and isinstance(node.left, ast.Name) and node.left.id == "what"]
    assert found == [], f"{path}: a step code compared at line(s) {found}"


def test_every_code_a_shipped_file_records_is_a_member_of_its_enum():
    from rulekit.core.game import Game
    from rulekit.files.scenario_files import load_scenario
    strays: dict[str, str] = {}
    for path in FILES:
        loaded = load_scenario(str(path))
        game = Game.start(loaded.scenario, loaded.answers, play_defaults=True)
        codes, _ = TABLES[game.timeline[0].state.rules.name]
        known = {code.value for code in codes} | {code.value for code in CoreStep}
        for step in game.timeline:
            if step.what not in known:
                strays.setdefault(step.what, str(path.relative_to(ROOT)))
    assert strays == {}


def test_a_table_keyed_by_a_raw_string_or_missing_a_code_is_refused():
    from rulekit.core.stepwords import words_table
    whole = {code: (lambda a, state: "") for code in CoreStep}
    with pytest.raises(TypeError, match="not by"):
        words_table(CoreStep, {**{k: v for k, v in whole.items() if k is not CoreStep.SETUP}, "setup": whole["setup"]})
    with pytest.raises(TypeError, match="script-done"):
        words_table(CoreStep, {k: v for k, v in whole.items() if k is not CoreStep.SCRIPT_DONE})
