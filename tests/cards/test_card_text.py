"""Every corpus card's printed text (``corpus.text``) read by its ruleset's reader gives exactly the
card's hand-written abilities (ids and wording aside) and the card fields its keywords set
(rule ``rulekit.card-text``); the canonical wording of what was read reads back to the same card.
A card whose text is read as something else ("differs") fails; none is refused."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulekit import rulesets
from rulekit.core.cardtext import ReadCard, bare, read_card, write_card
from rulekit.files import load_scenario
from rulekit.files.corpus_coverage import keyword_fields

HERE = Path(__file__).resolve().parent
CARDS = sorted(p for p in HERE.glob("*/*") if p.suffix in (".yaml", ".yml", ".json"))
_ids = [f"{p.parent.name}/{p.stem}" for p in CARDS]


def _card(path: Path):
    scenario = load_scenario(path).scenario
    return scenario, scenario.card(scenario.corpus.card)


@pytest.mark.parametrize("path", CARDS, ids=_ids)
def test_the_printed_text_reads_as_the_hand_written_abilities(path):
    scenario, card = _card(path)
    rules = rulesets.get(scenario.ruleset)
    read = read_card(rules, scenario.corpus.text, card.title)
    assert [bare(a) for a in read.abilities] == [bare(a) for a in card.abilities], (
        f"{path.name}: {scenario.corpus.text!r} reads as something else than the card's abilities")
    assert keyword_fields(rules, card, read) == keyword_fields(rules, card), \
        f"{path.name}: the keywords read set other fields"


@pytest.mark.parametrize("path", CARDS, ids=_ids)
def test_the_canonical_wording_reads_back_to_the_same_card(path):
    scenario, card = _card(path)
    rules = rulesets.get(scenario.ruleset)
    read = read_card(rules, scenario.corpus.text, card.title)
    words = write_card(rules, read, card.title)
    again = read_card(rules, words, card.title)
    assert [bare(a) for a in again.abilities] == [bare(a) for a in read.abilities], f"{words!r} reads otherwise"
    assert again.fields == read.fields and again.unmodelled == read.unmodelled
