"""Scenario files that name library cards (``library: NAME`` or a code): the library supplies the
card's title, type, traits, own fields and printed text; a name it lacks is exit 2 at the entry,
naming the nearest names; ``rulekit cards inline`` writes the file out so it runs without the
library, and checks the same."""
from __future__ import annotations

import pytest
from conftest import DATA, needs_reader

from rulekit.cli import main
from rulekit.core.errors import ScenarioError
from rulekit.files import load_scenario
from rulekit.library.importing import import_file

BOARD = """\
ruleset: agot
title: A library card on the board
players: [P1, P2]
first_player: P1
phase: challenges
cards:
  - {{id: d1, title: Deck card, owner: P1, zone: draw deck, type: attachment}}
  - {{id: sentry, library: {sentry}, owner: P1}}
  - id: rival
    library: "{rival}"
    owner: P2
    kneeling: true
"""

CHRONICLER = """\
ruleset: agot
title: The chronicler draws after a won challenge
players: [P1, P2]
first_player: P1
phase: challenges
cards:
  - {id: d1, title: Deck card, owner: P1, zone: draw deck, type: attachment}
  - {id: chr, library: Saltmarsh Chronicler, owner: P1}
script:
  - {do: win challenge, player: P1, challenge: military, id: w}
answers:
  - "act or pass | s:w:reaction | P1 | #1 -> chr.reaction@s:w:wins-a-challenge:P1"
expect:
  hands: {P1: [d1], P2: 0}
  resolved: ["chr.reaction@s:w:wins-a-challenge:P1"]
"""


@pytest.fixture
def pack():
    import_file(str(DATA / "agot-pack.json"))


def _write(tmp_path, text, name="board.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_library_card_by_name_or_code_is_the_card_the_library_holds(pack, tmp_path):
    path = _write(tmp_path, BOARD.format(sentry="quiet sentry", rival="90005"))    # case ignored; a code
    scenario = load_scenario(path).scenario
    sentry, rival = scenario.card("sentry"), scenario.card("rival")
    for card in (sentry, rival):
        assert (card.title, card.type, card.traits) == ("Quiet Sentry", "character", ("Guard",))
        assert (card.strength, card.faction) == (1, "Lannister")
        assert card.abilities == ()
    assert (sentry.owner, sentry.kneeling) == ("P1", False)
    assert (rival.owner, rival.kneeling) == ("P2", True)         # the entry's own board keys


def test_a_name_the_library_lacks_is_refused_at_the_entry_with_the_nearest_names(pack, tmp_path, capsys):
    path = _write(tmp_path, BOARD.format(sentry="Quiet Sentry", rival="Quiet Sentri"))
    with pytest.raises(ScenarioError) as e:
        load_scenario(path)
    assert (e.value.line, e.value.column) == (10, 14)
    assert "cards[2].library" in str(e.value)
    assert "'Quiet Sentri'" in str(e.value) and "nearest: 'Quiet Sentry'" in str(e.value)
    assert main(["check", str(path)]) == 2
    assert "Quiet Sentri" in capsys.readouterr().err


def test_an_empty_library_says_to_import_a_list_first(tmp_path):
    path = _write(tmp_path, BOARD.format(sentry="Quiet Sentry", rival="Quiet Sentry"))
    with pytest.raises(ScenarioError, match="holds no agot cards.*rulekit cards import"):
        load_scenario(path)


def test_a_card_of_another_game_is_not_found(tmp_path):
    import_file(str(DATA / "riftbound-cards.json"))
    path = _write(tmp_path, BOARD.format(sentry="Ember Scout", rival="Ember Scout"))
    with pytest.raises(ScenarioError, match="holds no agot cards"):
        load_scenario(path)


@pytest.mark.parametrize("key", ["title", "text"])
def test_a_library_entry_does_not_give_its_own_title_or_text(pack, tmp_path, key):
    path = _write(tmp_path, BOARD.format(sentry="Quiet Sentry", rival="Quiet Sentry").replace(
        "    kneeling: true", f"    {key}: Something else"))
    with pytest.raises(ScenarioError, match=f"library card's {key} comes from the library") as e:
        load_scenario(path)
    assert e.value.line == 12


@pytest.mark.parametrize("value", ["''", "[a, b]", "{x: 1}", "true"])
def test_a_library_entry_names_a_card_by_text(pack, tmp_path, value):
    path = _write(tmp_path, BOARD.format(sentry=value, rival="Quiet Sentry"))
    with pytest.raises(ScenarioError, match="named by its name or code"):
        load_scenario(path)


def test_one_name_for_different_cards_asks_for_the_code(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text('{"format": "rulekit-cards/1", "ruleset": "agot", "cards": [{"code": "A1", "name": "Twin", '
                 '"type": "character", "strength": 1}]}')
    b.write_text('{"format": "rulekit-cards/1", "ruleset": "agot", "cards": [{"code": "B1", "name": "Twin", '
                 '"type": "character", "strength": 2}]}')
    import_file(str(a))
    import_file(str(b))
    path = _write(tmp_path, BOARD.format(sentry="Twin", rival="B1"))
    with pytest.raises(ScenarioError, match=r"names 2 different agot cards.*codes A1, B1"):
        load_scenario(path)
    path = _write(tmp_path, BOARD.format(sentry="A1", rival="B1"))
    scenario = load_scenario(path).scenario
    assert (scenario.card("sentry").strength, scenario.card("rival").strength) == (1, 2)


def test_a_reprint_under_another_code_is_the_same_card(tmp_path):
    a = tmp_path / "a.json"
    a.write_text('{"format": "rulekit-cards/1", "ruleset": "agot", "cards": ['
                 '{"code": "A1", "name": "Twin", "type": "character", "strength": 1}, '
                 '{"code": "C1", "name": "Twin", "type": "character", "strength": 1}]}')
    import_file(str(a))
    scenario = load_scenario(_write(tmp_path, BOARD.format(sentry="Twin", rival="Twin"))).scenario
    assert scenario.card("sentry").strength == 1


def test_inline_writes_the_cards_out_and_the_file_checks_the_same(pack, tmp_path, capsys, monkeypatch):
    path = _write(tmp_path, BOARD.format(sentry="Quiet Sentry", rival="90005"))
    out = tmp_path / "inlined.yaml"
    assert main(["cards", "inline", str(path), "-o", str(out)]) == 0
    text = out.read_text()
    assert "library:" not in text and "Quiet Sentry" in text
    with_library = load_scenario(path).scenario
    monkeypatch.setenv("RULEKIT_DATA", str(tmp_path / "elsewhere"))     # a machine without the library
    assert load_scenario(out).scenario == with_library
    with pytest.raises(ScenarioError, match="holds no agot cards"):
        load_scenario(path)


def test_inline_prints_without_an_output_and_writes_json(pack, tmp_path, capsys):
    path = _write(tmp_path, BOARD.format(sentry="Quiet Sentry", rival="90005"))
    assert main(["cards", "inline", str(path)]) == 0
    printed = capsys.readouterr().out
    assert "title: Quiet Sentry" in printed and "library:" not in printed
    out = tmp_path / "inlined.json"
    assert main(["cards", "inline", str(path), "-o", str(out)]) == 0
    assert load_scenario(out).scenario == load_scenario(path).scenario


def test_inline_refuses_to_overwrite_without_force(pack, tmp_path, capsys):
    path = _write(tmp_path, BOARD.format(sentry="Quiet Sentry", rival="90005"))
    out = tmp_path / "inlined.yaml"
    out.write_text("keep me")
    assert main(["cards", "inline", str(path), "-o", str(out)]) == 2
    assert "already exists; rulekit does not replace a file unless told to (--force)" in capsys.readouterr().err
    assert out.read_text() == "keep me"
    assert main(["cards", "inline", str(path), "-o", str(out), "--force"]) == 0
    assert "Quiet Sentry" in out.read_text()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []      # no temporary file left


def test_inline_never_writes_through_a_symbolic_link(pack, tmp_path, capsys):
    path = _write(tmp_path, BOARD.format(sentry="Quiet Sentry", rival="90005"))
    victim = tmp_path / "victim.txt"
    victim.write_text("untouched")
    link = tmp_path / "link.yaml"
    link.symlink_to(victim)
    for extra in ([], ["--force"]):
        assert main(["cards", "inline", str(path), "-o", str(link), *extra]) == 2
        assert "symbolic link" in capsys.readouterr().err
    assert victim.read_text() == "untouched" and link.is_symlink()


def test_inline_of_a_file_naming_a_missing_card_is_exit_2(pack, tmp_path, capsys):
    path = _write(tmp_path, BOARD.format(sentry="Quiet Sentry", rival="Nobody Here"))
    out = tmp_path / "out.yaml"
    assert main(["cards", "inline", str(path), "-o", str(out)]) == 2
    assert "Nobody Here" in capsys.readouterr().err and not out.exists()


def test_a_library_cards_text_is_read_into_abilities(pack, tmp_path):
    needs_reader("agot")
    path = _write(tmp_path, CHRONICLER)
    assert main(["check", str(path)]) == 0
    card = load_scenario(path).scenario.card("chr")
    assert [a.timing.value for a in card.abilities] == ["reaction"]
    out = tmp_path / "inlined.yaml"
    assert main(["cards", "inline", str(path), "-o", str(out)]) == 0
    assert "Reaction: After you win a challenge, draw 1 card." in out.read_text()
    assert load_scenario(out).scenario == load_scenario(path).scenario
    assert main(["check", str(out)]) == 0


def test_a_refused_library_card_is_refused_at_its_entry(pack, tmp_path):
    needs_reader("agot")
    path = _write(tmp_path, CHRONICLER.replace("Saltmarsh Chronicler", "Hollow-Eyed Drifter"))
    with pytest.raises(ScenarioError) as e:
        load_scenario(path)
    assert e.value.line == 8 and "cards[1].text" in str(e.value)
