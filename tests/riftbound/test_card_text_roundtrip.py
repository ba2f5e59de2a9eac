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


@settings(max_examples=200, deadline=None)
@given(rb_abilities("a"))
def test_every_generated_ability_written_reads_back_to_itself(a):
    why = unprintable(a)
    if why is None:
        _round_trip(a)
    else:
        with pytest.raises(CardTextError, match="no printed Riftbound wording"):
            write(ReadCard(abilities=(a,)), TITLE)


@settings(max_examples=50, deadline=None)
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

