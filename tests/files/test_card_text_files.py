"""A card's printed ``text:`` in a scenario file (rule ``rulekit.card-text``): read into abilities
when the file loads, checked against abilities written beside it, a refused phrase named at its
own line and column, and ``rulekit parse`` on the command line."""
from __future__ import annotations

import json

import pytest

from rulekit.cli import main
from rulekit.core.cardtext import CardTextError, bare
from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario
from rulekit.files.expect import check_expect

HEAD = """ruleset: agot
title: Card text
players: [P1, P2]
first_player: P1
"""

#: an invented card, its text in the game's template, and the board its trigger happens on
CARDS = """cards:
  - id: clerk
    title: Saltmarsh Clerk
    owner: P1
    text: "Reaction: After a character you control is killed, draw 1 card."
  - {id: guard, title: Reedwater Guard, owner: P1}
  - {id: p1d0, title: P1 deck card, owner: P1, zone: draw deck, type: attachment}
script:
  - {do: kill, cards: [guard], id: k}
"""


def test_a_card_given_only_its_text_gets_the_abilities_it_reads_as():
    answers = 'answers: ["act or pass | s:k:reaction | P1 | #1 -> clerk.reaction@s:k:killed:guard"]\n'
    loaded = loads_scenario(HEAD + CARDS + answers + "expect:\n  cards:\n    p1d0: {zone: hand}\n", "clerk.yaml")
    clerk = loaded.scenario.card("clerk")
    (ability,) = clerk.abilities
    assert ability.id == "reaction" and ability.timing.value == "reaction"
    assert ability.when.event.value == "killed" and ability.effect[0].do.value == "draw"
    game = loaded.start()
    assert check_expect(game, loaded.expect) == []


def test_a_card_giving_both_text_and_abilities_must_agree():
    same = CARDS.replace('''    text: "Reaction: After a character you control is killed, draw 1 card."''',
                         '''    text: "Reaction: After a character you control is killed, draw 1 card."
    abilities:
      - {id: r, timing: reaction, when: {event: killed, card: {type: character, controller: you}},
         effect: [{do: draw, target: you}]}''')
    loaded = loads_scenario(HEAD + same, "both.yaml")
    assert [bare(a) for a in loaded.scenario.card("clerk").abilities] == [
        bare(a) for a in loads_scenario(HEAD + CARDS, "only.yaml").scenario.card("clerk").abilities]
    other = same.replace("controller: you", "controller: opponent")
    with pytest.raises(ScenarioError) as e:
        loads_scenario(HEAD + other, "differ.yaml")
    message = str(e.value)
    assert message.startswith("differ.yaml:") and "cards[0].abilities" in message
    assert "say different things" in message and "Saltmarsh Clerk" in message


def test_a_phrase_not_read_is_named_at_its_line_and_column():
    bad = CARDS.replace("draw 1 card.", "juggle 3 flaming torches.")
    with pytest.raises(CardTextError) as e:
        loads_scenario(HEAD + bad, "bad.yaml")
    err = e.value
    line = (HEAD + bad).splitlines()[err.line - 1]
    assert err.file == "bad.yaml" and line[err.column - 1:].startswith(err.phrase)
    assert "juggle" in err.phrase and err.nearest
    assert "cards[0].text" in str(err)


def test_a_text_that_is_not_text_is_refused_at_its_key():
    bad = CARDS.replace('text: "Reaction: After a character you control is killed, draw 1 card."', "text: [1, 2]")
    with pytest.raises(ScenarioError, match=r"cards\[0\]\.text: a card's text is its printed text"):
        loads_scenario(HEAD + bad, "list.yaml")


def test_keyword_fields_come_from_the_text_and_must_agree_with_the_file():
    card = '''cards:
  - {id: host, title: Ser Tomas Reed, owner: P2}
  - id: mark
    title: Brand of the Fen
    owner: P1
    type: attachment
    attached_to: host
    text: "Terminal. Interrupt: When attached character is killed, gain 2 gold."
'''
    loaded = loads_scenario(HEAD + card, "mark.yaml")
    assert loaded.scenario.card("mark").terminal is True
    with pytest.raises(ScenarioError, match="terminal is False, but its text says True"):
        loads_scenario(HEAD + card.replace("attached_to: host", "attached_to: host\n    terminal: false"), "m.yaml")


def test_rulekit_parse_prints_the_card_and_its_canonical_wording(capsys):
    assert main(["parse", "Reaction: After Saltmarsh Clerk is killed, draw 1 card.", "--ruleset", "agot",
                 "--title", "Saltmarsh Clerk"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# read as: ") and "Saltmarsh Clerk" in out.splitlines()[0]
    assert "timing: reaction" in out and "do: draw" in out
    assert main(["parse", "Reaction: After you win a challenge, draw 1 card.", "--ruleset", "agot", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["card"]["abilities"][0]["when"]["event"] == "wins a challenge"


def test_rulekit_parse_refuses_naming_the_phrase(capsys):
    assert main(["parse", "Reaction: After you win a challenge, juggle 3 torches.", "--ruleset", "agot"]) == 2
    err = capsys.readouterr().err
    assert "juggle 3 torches" in err and "nearest" in err and "Traceback" not in err
    assert main(["parse", "When you play me, draw 1.", "--ruleset", "nonesuch"]) == 2
    assert "expected one of agot, riftbound" in capsys.readouterr().err
