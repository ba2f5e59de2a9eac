"""Importing card lists in every format: the cards, their fields in rulekit's names, their printed
text made plain, and each read by its ruleset's reader — parsed, or refused with the reason and
stored all the same."""
from __future__ import annotations

import json

import pytest
from conftest import DATA, needs_reader

from rulekit.library.importing import import_file, read_file
from rulekit.library.markup import plain_text
from rulekit.library.store import Library


def _by_code(done):
    return {c.code: c for c in done.cards}


def test_a_throneteki_pack_is_read_with_its_fields_in_rulekits_names():
    fmt, ruleset, entries = read_file(str(DATA / "agot-pack.json"))
    assert (fmt, ruleset) == ("throneteki", "agot")
    cards = {e.code: e for e in entries}
    assert [e.name for e in entries] == ["Saltmarsh Chronicler", "Briarwood Hold", "Ashfall Reckoning",
                                         "Hollow-Eyed Drifter", "Quiet Sentry"]
    first = cards["90001"]
    assert first.type == "character"
    assert first.text == "Reaction: After you win a challenge, draw 1 card."      # <b>…</b> made plain
    assert first.fields == {"traits": ["Maester"], "faction": "Stark", "unique": False, "strength": 2, "cost": 3}
    assert cards["90002"].fields["faction"] == "Night's Watch" and cards["90002"].fields["unique"] is True
    assert "cost" not in cards["90003"].fields           # a printed X is no number
    assert "&" in cards["90004"].text and "&amp;" not in cards["90004"].text


def test_rulekits_json_and_csv_read_the_same_cards():
    _, r1, from_json = read_file(str(DATA / "riftbound-cards.json"))
    _, r2, from_csv = read_file(str(DATA / "riftbound-cards.csv"), ruleset="riftbound")
    assert r1 == r2 == "riftbound"
    assert from_json == from_csv
    scout = from_json[0]
    assert (scout.code, scout.name, scout.type, scout.text) == ("RKT-001", "Ember Scout", "unit",
                                                                "When you play me, draw 1.")
    assert scout.fields == {"traits": ["Scout"], "might": 2}
    assert from_json[2].fields["traits"] == ["Beast", "Mount"]
    assert from_json[1].fields == {"energy_cost": 1}


def test_map_reads_another_lists_columns():
    mapping = ["name=Card Name", "type=Kind", "might=Power", "tags=Keywords", "text=Rules Text", "code=Set Number"]
    fmt, _, entries = read_file(str(DATA / "other-columns.csv"), ruleset="riftbound", mapping=mapping)
    assert fmt == "csv"
    assert [(e.code, e.name, e.type, e.fields) for e in entries] == [
        ("XYZ-017", "Cinderpaw Runner", "unit", {"traits": ["Beast"], "might": 4}),
        ("XYZ-018", "Tidewhisper Oracle", "unit", {"traits": ["Mage"], "might": 1})]
    assert entries[1].text == "When I attack, give me +2 Might this turn."


def test_a_riftcodex_page_is_read():
    fmt, ruleset, entries = read_file(str(DATA / "riftcodex-page.json"))
    assert (fmt, ruleset) == ("riftcodex", "riftbound")
    assert [(e.code, e.name, e.type) for e in entries] == [
        ("rkt-101-000", "Lanternfish Lookout", "unit"), ("rkt-102-000", "Brasskettle Golem", "unit"),
        ("rkt-103-000", "Fogbound Ferry", "gear")]
    assert entries[0].fields == {"traits": ["Scout"], "might": 2, "energy_cost": 2}
    assert entries[1].text == "Deathknell \u2014 Draw 1."
    assert "might" not in entries[2].fields          # a gear has no Might (null)


def test_a_riftcodex_list_of_cards_is_read_too(tmp_path):
    page = json.loads((DATA / "riftcodex-page.json").read_text())
    bare = tmp_path / "cards.json"
    bare.write_text(json.dumps(page["items"]))
    assert read_file(str(bare))[2] == read_file(str(DATA / "riftcodex-page.json"))[2]


@pytest.mark.parametrize("marked, plain", [
    ("<b>Reaction:</b> After you win a [power] challenge, draw 1 card.",
     "Reaction: After you win a [power] challenge, draw 1 card."),
    ("<i>Knight</i> only.<br/>Second  line &amp; more", "Knight only.\nSecond line & more"),
    ("One.\r\n\r\n  Two. ", "One.\nTwo."),
    ("a&nbsp;b", "a b"),
])
def test_markup_is_made_the_plain_printed_text(marked, plain):
    assert plain_text(marked) == plain


def test_every_card_is_stored_parsed_or_refused_with_its_reason():
    done = import_file(str(DATA / "agot-pack.json"))
    assert len(done.cards) == 5 and done.parsed + done.refused == 5
    stored = {c.code: c for c in Library().cards("agot")}
    assert set(stored) == {"90001", "90002", "90003", "90004", "90005"}
    drifter = stored["90004"]            # no reader reads this text: refused, with why, and kept
    assert drifter.status == "refused" and drifter.refusal and drifter.read is None
    sentry = stored["90005"]             # no text box: nothing to read, no abilities
    assert sentry.status == "parsed" and sentry.read == {"abilities": [], "fields": {}, "unmodelled": []}
    assert stored["90001"].source == str((DATA / "agot-pack.json").resolve())


def test_a_refusal_names_the_phrase_and_the_nearest_wording():
    needs_reader("agot")
    stored = {c.code: c for c in import_file(str(DATA / "agot-pack.json")).cards}
    drifter = stored["90004"]
    assert drifter.status == "refused"
    assert drifter.phrase and drifter.phrase in drifter.text
    assert drifter.phrase in drifter.refusal


@pytest.mark.parametrize("path, ruleset, codes", [
    ("agot-pack.json", "agot", ("90001", "90002", "90003")),
    ("riftbound-cards.json", "riftbound", ("RKT-001", "RKT-002", "RKT-003")),
    ("riftcodex-page.json", "riftbound", ("rkt-101-000", "rkt-102-000")),
])
def test_texts_in_the_games_templates_are_parsed(path, ruleset, codes):
    needs_reader(ruleset)
    stored = _by_code(import_file(str(DATA / path)))
    for code in codes:
        card = stored[code]
        assert card.status == "parsed", f"{card.name}: {card.refusal}"
        assert card.read["abilities"], f"{card.name} reads as no ability"


def test_importing_again_replaces_a_cards_row():
    import_file(str(DATA / "riftbound-cards.json"))
    import_file(str(DATA / "riftbound-cards.csv"), ruleset="riftbound")
    assert len(Library().cards("riftbound")) == 4
