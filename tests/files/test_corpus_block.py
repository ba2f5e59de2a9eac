"""The corpus block of a scenario file (docs/scenario-format.md, "Card corpus"): ``card`` names a
card of the file, ``text`` is not empty, ``covers`` names items of the ruleset's vocabulary (each
ruleset lists its own, one line each, saying which are built); anything else is refused with
exit 2 naming file, line and the known names. The block is kept by the scenario (to_data,
from_data, writing, the builder, the JSON Schema) and shown by ``rulekit trace`` and a lesson's
``why``; ``rulekit check`` runs a folder of corpus cards."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulekit import rulesets
from rulekit.cli import main
from rulekit.core.errors import ScenarioError
from rulekit.core.scenario import CorpusEntry, Scenario
from rulekit.files import dump_scenario, json_schema, loads_scenario
from rulekit.files.builder import ScenarioBuilder, draw, on, triggered

ROOT = Path(__file__).resolve().parents[2]

CARD = """\
# Quillback Sprite — a Play Effect (Core Rules 383.4.a)
corpus:
  card: sprite
  text: "When you play me, draw 1."
  covers: COVERS
ruleset: riftbound
title: Quillback Sprite
players: [P1, P2]
first_player: P1
cards:
  - id: sprite
    title: Quillback Sprite
    owner: P1
    type: unit
    zone: hand
    abilities:
      - {id: p, timing: triggered, when: {event: played, card: {which: self}}, effect: [{do: draw, target: you}]}
  - {id: d0, title: Deck Card, owner: P1, type: unit, zone: main deck}
script:
  - {do: play, cards: [sprite], id: play}
expect:
  cards: {d0: {zone: hand}}
"""


def _file(covers="[play]", **replace) -> str:
    text = CARD.replace("COVERS", covers)
    for old, new in replace.items():
        text = text.replace(old, new)
    return text


def _refusal(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        loads_scenario(text, "card.yaml")
    return info.value


def test_a_corpus_card_loads_and_keeps_its_block():
    loaded = loads_scenario(_file("[play, optional]"), "card.yaml")
    assert loaded.scenario.corpus == CorpusEntry("sprite", "When you play me, draw 1.", ("play", "optional"))


def test_card_must_name_a_card_of_the_file():
    e = _refusal(_file(**{"card: sprite": "card: sprit"}))
    assert (e.file, e.line, e.path) == ("card.yaml", 3, "corpus.card")
    assert "'sprit' is not a card of this scenario (did you mean 'sprite'?)" in str(e)
    assert "sprite, d0" in e.expected


def test_text_must_not_be_empty():
    e = _refusal(_file(**{'text: "When you play me, draw 1."': 'text: " "'}))
    assert (e.line, e.path) == (4, "corpus.text")


@pytest.mark.parametrize("covers, path, nearest", [
    ("[play, conquer]", "corpus.covers[1]", "conquer-hold"),
    ("[redy-exhaust]", "corpus.covers[0]", "ready-exhaust"),
])
def test_covers_names_the_rulesets_vocabulary(covers, path, nearest):
    e = _refusal(_file(covers))
    assert (e.line, e.path) == (5, path)
    assert f"(the nearest known item: {nearest!r})" in str(e)
    assert e.expected.startswith("one of play, conquer-hold")


def test_covers_lists_each_item_once_and_at_least_one():
    assert _refusal(_file("[play, play]")).path == "corpus.covers[1]"
    e = _refusal(_file("[]"))
    assert e.path == "corpus.covers" and "at least one" in str(e)


def test_an_unknown_key_in_the_block_is_refused_with_the_nearest():
    e = _refusal(_file(**{"  covers:": "  cover:"}))
    assert e.path == "corpus.cover" and "did you mean 'covers'?" in str(e)


def test_each_game_has_its_own_vocabulary():
    """A Game of Thrones refuses a Riftbound item, naming its own nearest."""
    agot = """\
corpus: {card: c1, text: "Reaction: After Hedge Knight is killed, draw 1 card.", covers: [ready-exhaust]}
ruleset: agot
title: t
players: [P1]
first_player: P1
cards: [{id: c1, title: Hedge Knight, owner: P1}]
"""
    e = _refusal(agot)
    assert e.path == "corpus.covers[0]" and "not an item of agot's vocabulary" in str(e)
    assert loads_scenario(agot.replace("[ready-exhaust]", "[reaction]")).scenario.corpus.covers == ("reaction",)


@pytest.mark.parametrize("name", ["riftbound", "agot"])
def test_every_vocabulary_item_has_a_one_line_description(name):
    items = rulesets.get(name).vocabulary
    assert items and len({i.name for i in items}) == len(items)
    for item in items:
        assert item.description.strip() and "\n" not in item.description, item.name
        assert rulesets.get(name).vocabulary_item(item.name) is item


def test_the_scenario_keeps_it_to_data_from_data_and_written():
    loaded = loads_scenario(_file("[play, optional]"), "card.yaml")
    data = loaded.scenario.to_data()
    assert data["corpus"] == {"card": "sprite", "text": "When you play me, draw 1.", "covers": ["play", "optional"]}
    assert Scenario.from_data(data) == loaded.scenario
    again = loads_scenario(dump_scenario(loaded.scenario, expect=loaded.expect), "again.yaml")
    assert again.scenario.corpus == loaded.scenario.corpus


def test_the_builder_makes_a_corpus_card_and_checks_it():
    def built(covers):
        return (ScenarioBuilder("b", ruleset="riftbound")
                .card("s", "Quillback Sprite", "P1", type="unit", zone="hand",
                      abilities=[triggered("p", on("played", which="self"), [draw()])])
                .corpus("s", "When you play me, draw 1.", covers).build())
    assert built(["play"]).corpus.covers == ("play",)
    with pytest.raises(ScenarioError) as info:
        built(["plya"])
    assert info.value.path == "corpus.covers[0]" and "'play'" in str(info.value)


def test_the_json_schema_knows_it():
    schema = json_schema()
    assert schema["$defs"]["CorpusEntry"]["required"] == ["card", "text"]
    assert json.loads((ROOT / "docs" / "scenario.schema.json").read_text()) == schema


def test_trace_shows_the_cards_printed_text(tmp_path, capsys):
    path = tmp_path / "card.yaml"
    path.write_text(_file("[play, optional]"))
    assert main(["trace", str(path)]) == 0
    header = capsys.readouterr().out.splitlines()[1]
    assert header == "Card: Quillback Sprite (sprite) — \u201cWhen you play me, draw 1.\u201d [covers: play, optional]"


def test_a_lessons_why_shows_the_cards_printed_text(tmp_path):
    from rulekit.lesson import Lesson
    path = tmp_path / "card.yaml"
    path.write_text(_file())
    assert "\u201cWhen you play me, draw 1.\u201d" in Lesson(path).why("sprite").header


def test_check_runs_a_folder_of_corpus_cards(tmp_path, capsys):
    (tmp_path / "riftbound").mkdir()
    (tmp_path / "riftbound" / "a.yaml").write_text(_file())
    (tmp_path / "riftbound" / "b.yaml").write_text(_file(**{"d0: {zone: hand}": "d0: {zone: main deck}"}))
    assert main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "pass  " in out and "FAIL  " in out and "1 passed, 1 failed" in out
    (tmp_path / "riftbound" / "c.yaml").write_text(_file("[plya]"))
    assert main(["check", str(tmp_path)]) == 2
    assert "corpus.covers[0]: 'plya'" in capsys.readouterr().err


def test_the_format_reference_documents_it():
    doc = (ROOT / "docs" / "scenario-format.md").read_text()
    assert "## Card corpus" in doc
    for item in rulesets.get("riftbound").vocabulary:
        assert f"`{item.name}`" in doc, item.name


def test_the_json_trace_carries_it(tmp_path, capsys):
    path = tmp_path / "card.yaml"
    path.write_text(_file("[play, optional]"))
    assert main(["trace", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "rulekit-trace/3"
    assert data["corpus"] == {"card": "sprite", "title": "Quillback Sprite", "text": "When you play me, draw 1.",
                              "covers": ["play", "optional"]}
    assert main(["trace", str(ROOT / "scenarios" / "riftbound" / "play-me-draw.yaml"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["corpus"] is None
