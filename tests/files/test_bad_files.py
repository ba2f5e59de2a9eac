"""The catalogue of bad files (``bad_scenarios/``): at least 30 kinds, each refused by
``rulekit check`` with exit 2, its message and the file named, never a traceback."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rulekit.cli import main


BAD = Path(__file__).parent / "bad_scenarios"


EXPECTED = yaml.safe_load((BAD / "expected.yaml").read_text())


def test_the_catalogue_has_at_least_30_kinds_of_bad_file():
    assert len(EXPECTED) >= 30
    assert {p.name for p in BAD.glob("*.yaml")} - {"expected.yaml"} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_bad_file_exits_2_with_its_message_and_the_file_named(name, capsys):
    path = BAD / name
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert EXPECTED[name] in err
    assert str(path) in err and "Traceback" not in err
