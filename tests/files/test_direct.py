"""rulekit.files.direct: a file's data made into the document directly is exactly what pydantic
makes of it (same types all the way down, equal values), and data pydantic refuses is never
made directly (so the error reported is pydantic's, as before)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from pydantic import ValidationError

from rulekit.core.errors import ScenarioError
from rulekit.core.scenario import _extension_adapter
from rulekit.files import card_text, cardkeys, library_cards
from rulekit.files.direct import UNSURE, built
from rulekit.files.document import ScenarioFile, _adapter
from rulekit.files.reading import _parse
from rulekit.files.strict import _strict
from rulekit.rulesets import get, names

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(p for folder in ("scenarios", "tests/cards", "tests/files/bad_scenarios")
               for p in (ROOT / folder).rglob("*.yaml"))


def same(a, b) -> bool:
    """Equal and of the same types all the way down (a tuple is not a list, a member not its text)."""
    if type(a) is not type(b):
        return False
    if dataclasses.is_dataclass(a):
        return all(same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    return a == b


def validated_data(path: Path):
    """The data of ``path`` as the loader gives it to validation, or None if it is refused before."""
    from rulekit.files.reading import read_text
    file = str(path)
    try:
        text = read_text(file)
        data, marks = _parse(text, file)
        if not isinstance(data, dict):
            return None
        library_cards.expand(data, marks, file)
        card_text.take(data, marks, file)
        cardkeys.gather(data, marks, file)
        _strict(data, ScenarioFile, (), marks, file)
        cardkeys.check_values(data, marks, file)
    except ScenarioError:
        return None
    return data


def test_the_files_are_found():
    assert len(FILES) > 300


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_file_is_made_directly_as_pydantic_makes_it(path):
    data = validated_data(path)
    if data is None:
        return
    direct = built(data, ScenarioFile)
    try:
        expected = _adapter().validate_python(data)
    except ValidationError:
        assert direct is UNSURE, "data pydantic refuses was made directly"
        return
    if "bad_scenarios" not in str(path):
        assert direct is not UNSURE, "a well-formed file should not need pydantic"
    if direct is not UNSURE:
        assert same(direct, expected)
    if (expected.ruleset or "agot") not in names():
        return
    rules = get(expected.ruleset or "agot")
    for card in expected.cards:
        if isinstance(card.extension, dict) and rules.card_extension is not None:
            mine = built(card.extension, rules.card_extension)
            try:
                theirs = _extension_adapter(rules.card_extension).validate_python(card.extension)
            except ValidationError:
                assert mine is UNSURE
                continue
            assert mine is not UNSURE and same(mine, theirs)


@pytest.mark.parametrize("data", [
    {"title": "t", "players": ["P1"], "first_player": "P1", "nope": 1},                  # a key too many
    {"title": "t", "players": ["P1"]},                                                   # a key missing
    {"title": "t", "players": "P1", "first_player": "P1"},                               # text for a list
    {"title": "t", "players": ["P1"], "first_player": "P1", "script": [{"do": "dance"}]},  # not a verb
    {"title": "t", "players": ["P1"], "first_player": "P1", "answers": [3]},             # neither arm of the union
    {"title": "t", "players": ["P1"], "first_player": "P1", "rulings": {"a": 1}},        # a number for text
    {"title": 5, "players": ["P1"], "first_player": "P1"},
])
def test_doubtful_data_is_left_to_pydantic(data):
    assert built(data, ScenarioFile) is UNSURE


def test_plain_data_is_made_directly():
    data = {"title": "t", "players": ["P1", "P2"], "first_player": "P1", "rulings": {"a": "b"},
            "script": [{"do": "kill", "cards": ["c1"]}], "answers": ["x"]}
    assert same(built(data, ScenarioFile), _adapter().validate_python(data))
