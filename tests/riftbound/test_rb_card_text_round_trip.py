"""Riftbound's card text, both ways, on generated abilities (rule ``rulekit.card-text``, issue #26
item 2): every ability of the modelled vocabulary the property strategies draw (``rb_abilities``,
``RB_REPLACEMENTS``), written as canonical text, reads back to itself. The few shapes the
strategies draw that no printed Riftbound card can say are named below with why; for those the
writer must refuse with a clear error, never write other words."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st
from strategies import RB_REPLACEMENTS, rb_abilities

from rulekit.core.abilities import Ability, Instruction, Target, Timing, Trigger, Who
from rulekit.core.cardtext import CardTextError, ReadCard, bare
from rulekit.core.events import EventKind, Verb
from rulekit.rulesets.riftbound.cardtext import read, write

TITLE = "Gloamwood Tinker"


def _examples(default: int) -> int:
    """``default`` examples in the README run; scaled with RK_EXAMPLES in CI's long rerun (250: x5)."""
    import os
    return default * int(os.environ.get("RK_EXAMPLES", 50)) // 50


def unprintable(a: Ability) -> str | None:
    """Why a generated ability is no printed card's shape, or None. (Engine-side draws: the
    strategies also feed the rules engine's property tests, where these shapes are fine.)"""
    t = a.when
    if t is not None and t.event in (EventKind.PHASE_BEGINS, EventKind.PAYS) and t.card is not None:
        return "a phase's beginning or a payment has no card as its subject"
    if a.optional and a.cost:
        return ("'you may COST to …' is the cost's own choice (rb.trigger-cost); a second 'you may' decided earlier "
                "has no printed wording")
    if any(i.do is Verb.SHUFFLE and i.amount != 1 for i in a.effect):
        return "a shuffle's amount is how deep the game answers its new top (rulekit.chance), not printed text"
    return None


def _round_trip(a: Ability) -> None:
    words = write(ReadCard(abilities=(a,)), TITLE)
    again = read(words, TITLE)
    assert [bare(x) for x in again.abilities] == [bare(a)], f"{words!r} reads as something else"


@settings(max_examples=_examples(200), deadline=None)
@given(rb_abilities("a"))
def test_every_generated_ability_written_reads_back_to_itself(a):
    why = unprintable(a)
    if why is None:
        _round_trip(a)
    else:
        with pytest.raises(CardTextError, match="no printed Riftbound wording"):
            write(ReadCard(abilities=(a,)), TITLE)


@settings(max_examples=_examples(50), deadline=None)
@given(st.lists(rb_abilities("a"), min_size=2, max_size=3))
def test_several_abilities_on_one_card_read_back_in_order(abilities):
    abilities = [a for a in abilities if unprintable(a) is None]
    card = ReadCard(abilities=tuple(abilities))
    again = read(write(card, TITLE), TITLE)
    assert [bare(x) for x in again.abilities] == [bare(a) for a in abilities]


@pytest.mark.parametrize("ability", RB_REPLACEMENTS, ids=lambda a: str(a.when.card))
def test_every_printed_replacement_reads_back(ability):
    _round_trip(ability)


@pytest.mark.parametrize("ability", [
    Ability(id="a", timing=Timing.TRIGGERED, when=Trigger(EventKind.KILLED), deathknell=True, once_per_turn=True,
            zones=("trash",), effect=(Instruction(Verb.DRAW, Target.YOU),)),
    Ability(id="a", timing=Timing.PRIORITY, cost=(Instruction(Verb.EXHAUST),),
            effect=(Instruction(Verb.TAKE_CONTROL, Target.CHOSEN_ABILITY),)),
    Ability(id="a", timing=Timing.TRIGGERED, when=Trigger(EventKind.CONQUERS, player=Who.OPPONENT),
            effect=(Instruction(Verb.ADD, Target.YOU, amount=2, resource="calm"),
                    Instruction(Verb.CHANNEL, Target.YOU, amount=2))),
    Ability(id="a", timing=Timing.TRIGGERED, when=Trigger(EventKind.PHASE_BEGINS, phase="main", turn=Who.OPPONENT),
            effect=(Instruction(Verb.NOT_MODELLED, text="look at the top 3 cards of your Main Deck"),)),
], ids=["deathknell-everywhere", "activated-reaction", "opponent-conquers", "phase-not-modelled"])
def test_hand_made_shapes_read_back(ability):
    _round_trip(ability)


def test_keywords_read_back_as_the_cards_keywords():
    card = read("[Tank] [Deflect] When I attack, draw 1.", TITLE)
    assert dict(card.fields) == {"keywords": ("Tank", "Deflect")}
    again = read(write(card, TITLE), TITLE)
    assert again.fields == card.fields and [bare(a) for a in again.abilities] == [bare(a) for a in card.abilities]



def test_a_carried_keyword_is_the_cards_and_shown_as_not_simulated():
    """Tank is a characteristic filters check, its own rules not run (rb.keywords): the card has it,
    and the reading names it as not simulated; Temporary's rules run (816)."""
    card = read("[Tank] [Temporary] When I defend, draw 1.", TITLE)
    assert dict(card.fields) == {"keywords": ("Tank", "Temporary")} and card.unmodelled == ("Tank",)


def test_a_condition_right_after_the_trigger_is_the_abilitys_one_inside_the_effect_the_instructions():
    """riftbound-trigger-conditions: 'When …, if …, …' is part of the trigger condition (checked as
    the event is evaluated); '… draw 1 if …' is checked as that instruction executes."""
    after = read("At the start of your Beginning Phase, if I'm at a battlefield, draw 1.", TITLE).abilities[0]
    inside = read("At the start of your Beginning Phase, draw 1 if you have one or fewer cards in your hand.",
                  TITLE).abilities[0]
    assert after.condition and not after.effect[0].condition
    assert not inside.condition and inside.effect[0].condition[0].at_most == 1
    assert inside.effect[0].condition[0].count.zone == "hand"


@pytest.mark.parametrize("text", [
    "When I attack, if I'm in your base, draw 1.",
    "While I'm in your trash, when a unit dies, draw 1.",
    "When you play me, move me to your base.",
    "[2][R], [E]: Draw 1.",
    "[R][R]: Reaction — Draw 1.",
    "When you play me, give up to 2 friendly units +1 Might this turn.",
    "When you play me, draw 1 if an opponent controls 3 or more units here.",
    "When you play me, you may exhaust me and pay [B] to draw 2.",
    "When an opponent conquers here, draw 1.",
    "When you play a non-Recruit unit, draw 1.",
    "The third time you draw each turn, draw 1.",
])
def test_texts_whose_words_overlap_read_and_read_back(text):
    """Phrases that begin alike ("in your base" / "in your trash", "[2][R]") read as they say."""
    card = read(text, TITLE)
    again = read(write(card, TITLE), TITLE)
    assert [bare(a) for a in again.abilities] == [bare(a) for a in card.abilities]
