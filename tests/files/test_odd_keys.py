"""A key holding brackets, dots, quotes or escape sequences (issue 27, point 2) — a ruling's name,
an expected card or a hand — is named in the error at its own line, never parsed as part of the
field path: no "this is a bug" error from a key."""
from __future__ import annotations

import json

import pytest

from rulekit.core.errors import ScenarioError, field_path, parse_field_path
from rulekit.files import loads_scenario

HEAD = """ruleset: agot
title: t
players: [P1, P2]
first_player: P1
cards:
  - {id: c, title: Calm Warden, owner: P1}
script:
  - {do: kill, cards: [c], id: k}
"""
KEYS = ["agot[x", "a]b", "a.b", 'say "hi"', "back\\slash", "tab\there", "esc\x1b[31m", "[0]", "x[", ""]


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("block", ["rulings", "expect.cards", "expect.hands"])
def test_an_odd_key_is_named_at_its_line(key, block):
    quoted = json.dumps(key)
    if block == "rulings":
        text = HEAD + f"rulings:\n  {quoted}: x\n"
        line = HEAD.count("\n") + 2
    else:
        inner = block.split(".")[1]
        text = HEAD + f"expect:\n  {inner}:\n    {quoted}: {{zone: hand}}\n"
        line = HEAD.count("\n") + 3
    with pytest.raises(ScenarioError) as e:
        loads_scenario(text, "odd.yaml")
    err = e.value
    assert "this is a bug" not in str(err)
    assert err.line == line, str(err)
    assert "\x1b" not in str(err)


@pytest.mark.parametrize("key", [k for k in KEYS if "." not in k] + ["plain", "with space", "héros"])
def test_a_field_path_reads_back_its_keys(key):
    path = field_path(field_path("cards[2].abilities[0]", key), "when")
    assert parse_field_path(path) == ("cards", 2, "abilities", 0, key, "when")


def test_a_dotted_key_is_written_bare_and_found_again_by_the_files_marks():
    """Ruling names have dots (``rb.optional``): the path says ``rulings.rb.optional`` and the error
    is still placed at that key's own line."""
    assert field_path("rulings", "rb.optional") == "rulings.rb.optional"
    text = HEAD + "rulings:\n  agot.would-instead: nonsense\n"
    with pytest.raises(ScenarioError) as e:
        loads_scenario(text, "dotted.yaml")
    assert e.value.line == HEAD.count("\n") + 2 and "rulings.agot.would-instead" in str(e.value)
