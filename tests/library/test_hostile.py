"""A bad or hostile card list is exit 2 naming the file, the record (its number, code and name) and
the field, and nothing of it is stored: the library is as it was."""
from __future__ import annotations

import os

import pytest
from conftest import DATA, HOSTILE

from rulekit.cli import main
from rulekit.library import records
from rulekit.library.store import Library

CASES = [
    # file, extra arguments, what the message must say
    ("not-json.json", [], ["not-json.json:1:1", "this is not JSON"]),
    ("wrong-shape-throneteki.json", ["--format", "throneteki"], ["top level must be an object", "'cards'"]),
    ("missing-name.json", [], ["record 1 (code '90010')", "field 'name'", "missing"]),
    ("name-with-newline.json", [], ["record 2 (code '90012'", "field 'name'", "line break", "Split\\nName"]),
    ("wrong-type.json", [], ["record 1 (code '90013', name 'Wrong Strength')", "field 'strength'",
                             "whole number"]),
    ("control-character.json", [], ["record 1 (code '90014'", "field 'name'", "control character '\\x07'"]),
    ("control-in-text.json", [], ["record 1 (code '90015', name 'Escape Artist')", "field 'text'", "'\\x1b'"]),
    ("code-twice.json", [], ["record 2 (code 'A-1', name 'Second Twin')", "field 'code'", "also record 1"]),
    ("unknown-key.json", [], ["record 1 (name 'Typo Card')", "field 'mihgt'", "did you mean 'might'"]),
    ("nan.json", [], ["NaN"]),
    ("negative-might.csv", ["--ruleset", "riftbound"], ["negative-might.csv:3", "record 2 (name 'Negative Card')",
                                                         "field 'might'"]),
    ("no-name-column.csv", ["--ruleset", "riftbound"], ["no column 'name'"]),
]


def _rows():
    return sorted((c.ruleset, c.code, c.name, c.status) for c in Library().cards())


@pytest.fixture
def stocked():
    """A library holding one list already, to check that a bad file leaves it unchanged."""
    assert main(["cards", "import", str(DATA / "riftbound-cards.json")]) == 0
    return _rows()


@pytest.mark.parametrize("name, extra, said", CASES, ids=[c[0] for c in CASES])
def test_a_bad_file_is_exit_2_naming_record_and_field_and_stores_nothing(name, extra, said, stocked, capsys):
    capsys.readouterr()
    assert main(["cards", "import", str(HOSTILE / name), *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert name in err
    for words in said:
        assert words in err, err
    assert _rows() == stocked


def test_a_file_that_fails_late_stores_none_of_its_cards(capsys):
    # record 1 is good, record 2 is not: the good one is not stored either (one transaction)
    assert main(["cards", "import", str(HOSTILE / "name-with-newline.json")]) == 2
    assert Library().cards() == []
    assert not Library().search("Good Card")


def test_a_huge_file_is_refused_without_being_read(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(records, "MAX_BYTES", 1000)
    big = tmp_path / "big.json"
    big.write_text('{"format": "rulekit-cards/1", "ruleset": "riftbound", "cards": [' + " " * 2000 + "]}")
    assert main(["cards", "import", str(big)]) == 2
    assert "larger than 1,000 bytes" in capsys.readouterr().err


def test_too_many_cards_are_refused(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(records, "MAX_CARDS", 3)
    many = tmp_path / "many.json"
    many.write_text('[' + ", ".join('{"name": "C%d"}' % i for i in range(4)) + "]")
    assert main(["cards", "import", str(many), "--ruleset", "riftbound"]) == 2
    assert "4 cards, more than 3" in capsys.readouterr().err


def test_deep_nesting_is_refused(tmp_path, capsys):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    assert main(["cards", "import", str(deep), "--ruleset", "riftbound"]) == 2
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("content, said", [
    (b"\xff\xfe\x00bad", "NUL byte"),
    (b'{"format": "rulekit-cards/1", "ruleset": "riftbound", "cards": [], "cards": []}', "appears twice"),
    (b'{"format": "rulekit-cards/1", "ruleset": "chess", "cards": []}', "unknown ruleset 'chess'"),
    (b'{"format": "rulekit-cards/9", "ruleset": "riftbound", "cards": []}', "not rulekit's card list"),
    (b'{"format": "rulekit-cards/1", "ruleset": "riftbound", "cards": [{"name": ["a"]}]}', "field 'name'"),
    (b'{"format": "rulekit-cards/1", "ruleset": "riftbound", "cards": [{"name": "A", "might": true}]}',
     "field 'might'"),
    (b'{"format": "rulekit-cards/1", "ruleset": "riftbound", "cards": [{"name": "A", "text": 7}]}', "field 'text'"),
    (b'{"format": "rulekit-cards/1", "ruleset": "riftbound", "cards": [{"name": "' + b"x" * 300 + b'"}]}',
     "more than 200"),
    (b'{"format": "rulekit-cards/1", "ruleset": "riftbound", "cards": [{"name": "A\\u202eB"}]}', "control character"),
    (b'{"items": [{"name": "A", "riftbound_id": "a-1", "classification": "Unit"}]}', "field 'classification'"),
    (b'{"items": [{"name": "A"}]}', "field 'riftbound_id'"),
    (b'{"cgdbId": null, "code": "X", "name": "X", "releaseDate": null, "cards": [{"code": "1", "name": "A", '
     b'"faction": "starks"}]}', "not a faction"),
    (b"name,type\n\"unclosed,unit\n", "list.csv:2: this is not a CSV file"),
], ids=["nul", "key-twice", "unknown-ruleset", "other-format", "name-list", "bool-might", "text-number",
        "long-name", "bidi-override", "classification-text", "no-code", "bad-faction", "unclosed-quote"])
def test_more_hostile_lists(tmp_path, content, said, capsys):
    path = tmp_path / ("list.csv" if content.startswith(b"name,") else "list.json")
    path.write_bytes(content)
    assert main(["cards", "import", str(path), "--ruleset", "riftbound"] if path.suffix == ".csv"
                else ["cards", "import", str(path)]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err, err
    assert Library().cards() == []


def test_a_folder_a_fifo_and_a_missing_file_are_refused(tmp_path, capsys):
    assert main(["cards", "import", str(tmp_path)]) == 2
    assert "not a regular file" in capsys.readouterr().err
    assert main(["cards", "import", str(tmp_path / "missing.json")]) == 2
    assert "cannot read the card list" in capsys.readouterr().err
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.json"
        os.mkfifo(fifo)
        assert main(["cards", "import", str(fifo)]) == 2
        assert "not a regular file" in capsys.readouterr().err


@pytest.mark.parametrize("argv, said", [
    (["--map", "might"], "write FIELD=COLUMN"),
    (["--map", "mihgt=Power"], "did you mean 'might'"),
    (["--map", "might=Power"], "no column 'Power'"),
    (["--map", "might=might", "--map", "might=Power"], "mapped twice"),
])
def test_bad_map_options(argv, said, capsys):
    assert main(["cards", "import", str(DATA / "riftbound-cards.csv"), "--ruleset", "riftbound", *argv]) == 2
    assert said in capsys.readouterr().err


def test_map_is_for_rulekits_own_formats(capsys):
    assert main(["cards", "import", str(DATA / "agot-pack.json"), "--map", "name=title"]) == 2
    assert "--map reads rulekit's own" in capsys.readouterr().err


def test_a_ruleset_other_than_the_formats_is_refused(capsys):
    assert main(["cards", "import", str(DATA / "agot-pack.json"), "--ruleset", "riftbound"]) == 2
    assert "holds agot cards" in capsys.readouterr().err
    assert main(["cards", "import", str(DATA / "riftbound-cards.csv")]) == 2
    assert "does not say which game" in capsys.readouterr().err
