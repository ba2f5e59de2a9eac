"""A Game of Thrones card text the grammar does not read, or reads but the model cannot hold as
written, is refused (rule ``rulekit.card-text``): the error names the phrase, in the text as
written, and the nearest wording rulekit knows; no half-read text comes back as another ability."""
from __future__ import annotations

import pytest

from rulekit import rulesets
from rulekit.core.cardtext import CardTextError, read_card
from rulekit.rulesets.agot import cardtext

TITLE = "Ashfall Reeve"

REFUSED = [
    # (what, text, a phrase the error must name)
    ("an effect it does not know", "Reaction: After you win a challenge, gain 2 influence.", "gain 2 influence"),
    ("'you may' (not an A Game of Thrones template)",
     "Reaction: After a character is killed, you may draw 1 card.", "you may draw 1 card"),
    ("a reaction's condition opened with 'When'", "Reaction: When a character is killed, draw 1 card.",
     "When a character is killed"),
    ("an interrupt's condition opened with 'After'", "Interrupt: After a character is killed, draw 1 card.",
     "After a character is killed"),
    ("'would' in a Forced Interrupt", "Forced Interrupt: When a character would be killed, draw 1 card.",
     "Forced Interrupt: When a character would be killed"),
    ("'would' in a Reaction", "Reaction: After a character would be killed, draw 1 card.",
     "Reaction: After a character would be killed"),
    ("'the phase' when the text does not tell which",
     "Reaction: After a character is killed, stand Ashfall Reeve. At the end of the phase, kneel him.",
     "At the end of the phase"),
    ("'instead of placing it in the dead pile' for an event that is not a kill",
     "Interrupt: When a character kneels, return it to your hand instead of placing it in your dead pile.",
     "return it to your hand instead of placing it in your dead pile"),
    ("'instead' in a reaction", "Reaction: After a character is killed, draw 1 card instead.", "draw 1 card instead"),
    ("'choose and' with 'each'", "Reaction: After you win a challenge, choose and kill each character.",
     "choose and kill each character"),
    ("a limit per game", "Reaction: After a character is killed, draw 1 card. (Limit once per game.)",
     "Limit once per game"),
    ("an unknown not-modelled effect",
     "Reaction: After you lose a challenge, look at the top card of an opponent's deck.",
     "look at the top card of an opponent's deck"),
    ("'a' with several cards", "Reaction: After you win a challenge, kill a characters.", "kill a characters"),
    ("'Choose' followed by something else", "When Revealed: Choose a character. Draw 1 card.", "When Revealed"),
    ("'cannot be cancelled' said of the card itself", "Ashfall Reeve cannot be cancelled.",
     "Ashfall Reeve cannot be cancelled"),
    ("a lasting effect until the end of the round",
     "Reaction: After you win a challenge, Ashfall Reeve gets +1 STR until the end of the round.",
     "until the end of the round"),
]


@pytest.mark.parametrize("what,text,phrase", REFUSED, ids=[r[0] for r in REFUSED])
def test_a_text_it_cannot_read_is_refused_naming_the_phrase_and_the_nearest_wording(what, text, phrase):
    with pytest.raises(CardTextError) as e:
        cardtext.read(text, TITLE)
    err = e.value
    assert err.phrase and err.phrase in text, err      # the phrase as written, the title restored
    assert phrase in text[err.offset:] and (phrase.startswith(err.phrase) or err.phrase in phrase
                                            or phrase in err.phrase), (err.phrase, phrase)
    assert err.nearest in cardtext.WORDINGS
    assert err.phrase in str(err)


def test_the_ruleset_refuses_through_the_seam_too():
    with pytest.raises(CardTextError) as e:
        read_card(rulesets.get("agot"), "Reaction: After you win a challenge, gain 2 influence.", TITLE)
    assert e.value.phrase == "gain 2 influence" and e.value.nearest


def test_reading_twice_gives_the_same_card_and_a_refusal_changes_nothing():
    text = "Reaction: After a character is killed, Ashfall Reeve gains 1 power. (Limit once per round.)"
    first = cardtext.read(text, TITLE)
    with pytest.raises(CardTextError):
        cardtext.read("Reaction: After a character is killed, gain 2 influence.", TITLE)
    assert cardtext.read(text, TITLE) == first
    assert first.abilities[0].text == text


def test_each_ability_carries_its_own_words_as_written():
    text = ("Interrupt: When Ashfall Reeve is killed, draw 1 card. Reaction: After a character you control is "
            "killed, Ashfall Reeve gains 1 power.")
    card = cardtext.read(text, TITLE)
    assert [a.text for a in card.abilities] == [
        "Interrupt: When Ashfall Reeve is killed, draw 1 card.",
        "Reaction: After a character you control is killed, Ashfall Reeve gains 1 power."]


def test_keywords_it_does_not_simulate_are_kept_as_such():
    card = cardtext.read("Ambush (3). Terminal. Reaction: After Ashfall Reeve enters play, draw 1 card.", TITLE)
    assert card.unmodelled == ("Ambush (3)",) and card.fields == (("terminal", True),)
    assert cardtext.read(cardtext.write(card, TITLE), TITLE) == card


def test_the_writer_refuses_what_the_templates_cannot_say():
    from rulekit.core.abilities import Ability, Instruction, Target, Timing
    from rulekit.core.cardtext import ReadCard
    from rulekit.core.events import Verb
    ability = Ability(id="x", timing=Timing.REACTION, effect=(Instruction(Verb.DRAW, Target.YOU),), once_per_turn=True)
    with pytest.raises(CardTextError, match="cannot word"):
        cardtext.write(ReadCard((ability,)), TITLE)
