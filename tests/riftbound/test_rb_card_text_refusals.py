"""Riftbound card text rulekit does not read is refused, never read as another ability (rule
``rulekit.card-text``, issue #26): one case per construct the grammar does not read, each naming
the phrase it stopped at and the nearest wording it knows; a card half read is refused whole."""
from __future__ import annotations

import pytest

from rulekit import rulesets
from rulekit.core.cardtext import CardTextError, ReadCard, bare, read_card
from rulekit.rulesets.riftbound.cardtext import WORDINGS, read, write

TITLE = "Gloamwood Tinker"

#: (text, the phrase the refusal names, the nearest wording it offers, why if the reader says why)
REFUSED = [
    ("When you play me, heal all your units.", "heal all your units", None, None),                  # unknown effect
    ("When you score a point, draw 1.", "When you score a point", "When you conquer, ready a friendly unit.", None),
    ("When I attack, draw 1 for each buffed unit.", "draw 1 for each buffed unit",
     "When you play me, draw 1 if you control 2 or more units.", None),                              # "for each"
    ("When you play me, draw 1. At the end of this turn, kill me.", "At the end of this turn",
     "At the end of your turn, ready me.", None),                                                     # delayed effect
    ("When I attack, if it's your turn, draw 1.", "if it's your turn", None, None),                  # unknown condition
    ("[Level 6] When I attack, draw 1.", "[Level 6] When I attack", None, None),                     # Level (824.1)
    ("[Flying] When I attack, draw 1.", "[Flying] When I attack", None, "not a Riftbound keyword"),
    ("When you play me, play a 2 Might Poro unit token with Flying.", "play a 2 Might Poro unit token with Flying",
     "When you play me, play a 3 Might Sprite unit token with Temporary.", "not a Riftbound keyword"),
    ("When you play me, draw 1 instead.", "draw 1 instead", None, "'instead' is read in a replacement"),
    ("If a friendly unit would die, recall it.", "If a friendly unit would die", None, "says 'instead' once"),
    ("If a friendly unit would die, you may recall it instead.", "you may recall it instead", None,
     "a replacement printed on a card applies"),
    ("When each unit dies, draw 1.", "When each unit dies", "When a friendly unit dies, draw 1.",
     "names 'a', 'another' or 'this' card"),
    ("When I attack, deal 2 to this unit.", "this unit", None, "names its own card as 'me' or 'this'"),
    ("When you play me, kill each enemy unit at random.", "kill each enemy unit at random",
     "When you play me, kill an enemy unit at random.", "'at random' is read after 'a'"),
    ("When you play me, deal 2 to an enemy unit to draw 1.", "deal 2", None, "a cost is"),
    ("When you play me, draw 1. Exhaust me to draw 2.", "Exhaust me", None, "opens a triggered ability"),
    ("When I conquer here, draw 1.", "When I conquer here", "When I conquer, draw 1.", None),
    ("When you play me, give a friendly unit \"Whenever it attacks, draw 1.\"",
     "give a friendly unit \"Whenever it attacks", None, None),                                       # unknown grant
    ("When you play me, draw 1", "draw 1", None, None),                                              # no full stop
]


@pytest.mark.parametrize("text, phrase, near, why", REFUSED, ids=[r[1] for r in REFUSED])
def test_a_construct_rulekit_does_not_read_is_refused_naming_the_phrase(text, phrase, near, why):
    with pytest.raises(CardTextError) as caught:
        read(text, TITLE)
    e = caught.value
    assert e.phrase == phrase and repr(phrase)[1:-1] in e.problem
    assert e.nearest in WORDINGS and f"nearest {e.nearest!r}" in str(e)
    if near is not None:
        assert e.nearest == near
    if why is not None:
        assert why in e.problem
    assert text[e.offset:].startswith(phrase)


def test_a_card_half_read_is_refused_whole():
    """Its first ability reads; its second does not: no ability is returned at all."""
    with pytest.raises(CardTextError, match="Banish an enemy unit"):
        read_card(rulesets.get("riftbound"), "When you play me, draw 1. Banish an enemy unit.", TITLE)


def test_a_refusal_names_the_phrase_as_written_with_the_cards_own_name():
    text = "When Gloamwood Tinker attacks, summon a dragon."
    with pytest.raises(CardTextError) as caught:
        read(text, TITLE)
    assert caught.value.phrase == "summon a dragon" and text[caught.value.offset:].startswith("summon a dragon")


def test_the_card_mark_is_no_word_of_card_text():
    with pytest.raises(CardTextError, match="'~' is not a word of card text"):
        read("When ~ attacks, draw 1.", TITLE)


def test_every_known_wording_reads_and_is_written_back_the_same():
    for words in WORDINGS:
        card = read(words, TITLE)
        again = read(write(card, TITLE), TITLE)
        assert [bare(a) for a in again.abilities] == [bare(a) for a in card.abilities], words
        assert again.fields == card.fields


def test_an_empty_text_has_no_abilities():
    assert read("", TITLE) == ReadCard() and read("   ", TITLE) == ReadCard()


def test_the_cards_own_name_reads_as_itself_and_each_ability_keeps_its_words():
    card = read("When Gloamwood Tinker attacks, draw 1. Deathknell — Draw 2.", TITLE)
    assert [a.text for a in card.abilities] == ["When Gloamwood Tinker attacks, draw 1.", "Deathknell — Draw 2."]
    assert card.abilities[0].when.card.which.value == "self"
