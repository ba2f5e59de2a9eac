"""Every A Game of Thrones ability the property-test strategies generate (``abilities()``, which
includes ``special_abilities``: cancels, saves, replacements) written as canonical card text reads
back to itself (rule ``rulekit.card-text``); an ability the writer cannot word fails.

Two things the strategies can build are not the shape of a printed card, and are left out here
(not in the strategies, which other tests share): a filter on *this* card or on the *attached*
card that also names its own type or controller or counts it ("~, a location an opponent controls",
"if there are 2 or more ~": a card's type is printed on it, and one card is never "one or more"
cards); and the model's two spellings of "a card" in a triggering condition (no filter, or an
empty one), which say the same and are compared as one."""
from __future__ import annotations

from hypothesis import given, settings

from rulekit.core.abilities import CardFilter, Which
from rulekit.core.cardtext import ReadCard, bare
from rulekit.core.frozen import replace
from rulekit.rulesets.agot import cardtext
from strategies import abilities, special_abilities

TITLE = "Quiet Ferrywarden"


def _examples(default: int) -> int:
    """``default`` examples in the README run; scaled with RK_EXAMPLES in CI's long rerun (250: x5)."""
    import os
    return default * int(os.environ.get("RK_EXAMPLES", 50)) // 50


def _one_card(f: CardFilter | None) -> bool:
    return f is not None and f.which in (Which.SELF, Which.ATTACHED)


def _printable(ability) -> bool:
    """Whether ``ability`` has the shape of a printed card (see the module docstring)."""
    when = ability.when
    if when is not None and _one_card(when.card):
        if when.one_or_more or (when.card.which is Which.SELF and when.card != CardFilter(which=Which.SELF)):
            return False
    return not any(_one_card(c.count) for c in ability.condition)


def _same_card_words(ability):
    """``ability`` with an empty filter of its triggering condition spelled as none (both say "a card")."""
    ability = bare(ability)
    if ability.when is not None and ability.when.card == CardFilter():
        ability = replace(ability, when=replace(ability.when, card=None))
    return ability


def _round_trip(ability):
    words = cardtext.write(ReadCard((ability,)), TITLE)
    again = cardtext.read(words, TITLE)
    assert [_same_card_words(a) for a in again.abilities] == [_same_card_words(ability)], words


@settings(max_examples=_examples(200), deadline=None)
@given(abilities("a").filter(_printable))
def test_every_generated_ability_reads_back_from_its_canonical_text(ability):
    _round_trip(ability)


@settings(max_examples=_examples(100), deadline=None)
@given(special_abilities("s").filter(_printable))
def test_every_cancel_save_and_replacement_reads_back_from_its_canonical_text(ability):
    _round_trip(ability)
