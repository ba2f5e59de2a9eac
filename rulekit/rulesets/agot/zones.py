"""A Game of Thrones' out-of-play areas (rule ``agot.zones``): what takes a card from one and puts it
into another, and which abilities work from them.

Rules Reference, "In Play and Out of Play": the hand, the deck, the discard pile and the dead pile
are out-of-play areas; a card leaves play only when it goes from play to one of them ("Leaves
Play"). "Discard Pile": a card is discarded from play or from an out-of-play area such as a hand or
a deck, and placed on top of its owner's discard pile; card text returns a card "from your discard
pile to your hand" (FAQ (1.5)), and places a card, even one in play, at the bottom of its owner's deck or
shuffles it into that deck (the FAQ's errata word cards so). "Ownership and Control": a card goes to its
owner's area. "Abilities": an ability on a character, location or attachment works from an
out-of-play area only if it says so or needs its card to be out of play to resolve.

What rulekit models:

- ``discard`` takes a card from play, a hand, a deck or a dead pile; ``return to hand`` from play, a
  discard pile or a dead pile. From play each is also a leaving play; from an out-of-play area it
  is not (a "leaves play" pattern does not match it: the card was not in play).
- ``place`` puts a card into its owner's deck: ``to: draw deck`` on top, ``to: bottom of draw deck``
  at the bottom ("shuffle X into your deck" is a ``place`` followed by a ``shuffle``). Its event is
  ``placed``; from play it is a leaving play too.
"""
from __future__ import annotations

from rulekit.core.abilities import Ability, Timing
from rulekit.core.errors import ScenarioError
from rulekit.core.events import EventKind, Verb
from rulekit.core.frozen import replace

DECK = "draw deck"
#: the place at the bottom of a deck, as a ``place``'s ``to`` names it
BOTTOM = f"bottom of {DECK}"
#: what a ``place`` may name: the top of its owner's deck (the deck itself) or its bottom
PLACES = (DECK, BOTTOM)

#: the out-of-play areas an event takes a card from, besides play ("Discard Pile"; FAQ (1.5))
OUT_OF_PLAY_ORIGINS = {
    EventKind.DISCARDED: ("hand", DECK, "dead pile"),
    EventKind.RETURNED_TO_HAND: ("discard pile", "dead pile"),
}

#: the event kinds :func:`refusal` may refuse (the ruleset asks it about no other)
REFUSES = frozenset({EventKind.PLACED})


def refusal(kind, card) -> str | None:
    """A plot is only ever in its plot deck, revealed, or in its used pile (Rules Reference, "Plot
    Card"): it is never placed in a draw deck."""
    if kind is EventKind.PLACED and card.type == "plot":
        return f"{card.title} is a plot: it is in its plot deck, revealed, or in its used pile, never in a {DECK}"
    return None


def place(state, card_id: str, to: str, controller=None):
    """The card put at ``to``: the bottom of its owner's deck, or (any other zone) on top of it."""
    if to != BOTTOM:
        return state.move(card_id, to, controller=controller)
    state = state.move(card_id, DECK, controller=controller)
    owner = state.cards[card_id].owner
    rest = tuple(c for c in state.decks.get(owner, ()) if c != card_id)
    return replace(state, decks=state.decks.set(owner, rest + (card_id,)))


def place_names(zones) -> tuple[str, ...]:
    """What a ``to`` may name: the zones, and the bottom of the deck."""
    return tuple(zones) + (BOTTOM,)


def check_to(verb: Verb, to: str | None, path: str) -> None:
    """``place`` names the top (``draw deck``) or the bottom of its owner's deck, and only ``place``
    names the bottom."""
    from rulekit.core.scenario import suggest
    if verb is Verb.PLACE and to not in PLACES:
        raise ScenarioError(f"'place' puts a card into its owner's deck: {to!r} is not a place it names"
                            f"{suggest(to or '', PLACES)}", path=path, expected="one of " + ", ".join(PLACES))
    if verb is not Verb.PLACE and to == BOTTOM:
        raise ScenarioError(f"only 'place' puts a card at the {BOTTOM}, not {verb.value!r}", path=path,
                            expected="do: place")


def check_entry(entry, path: str, scenario) -> None:
    """A script's ``place`` names where the card goes."""
    if entry.do is Verb.PLACE or entry.to == BOTTOM:
        check_to(entry.do, entry.to, f"{path}.to")


#: what an effect can do to its own card only while that card is out of play
ONLY_OUT_OF_PLAY = frozenset({Verb.PUT_INTO_PLAY})
#: what an effect does to its own card that takes it from where it is to an out-of-play area
MOVES_IT = frozenset({Verb.RETURN_TO_HAND, Verb.PLACE, Verb.DISCARD})
_AFTER = (Timing.REACTION, Timing.FORCED_REACTION)
#: the events that take a card to an out-of-play area
_TO_OUT_OF_PLAY = frozenset({EventKind.KILLED, EventKind.DISCARDED, EventKind.SACRIFICED, EventKind.RETURNED_TO_HAND,
                             EventKind.LEAVES_PLAY, EventKind.PLACED})


def needs_its_card_out_of_play(ability: Ability) -> bool:
    """Whether the ability requires its card to be out of play to resolve (Rules Reference,
    "Abilities", the second exception): part of its effect does to the card itself what only a card
    out of play can undergo ("After X is killed, put it into play"); or the ability is a reaction to
    its own card going to an out-of-play area, and its effect moves that card on from there ("After X
    is killed, return it to your hand": FAQ (2.4), a reaction to a card being killed interacts with it
    in the dead pile)."""
    after_it_went = (ability.timing in _AFTER and ability.when is not None and ability.when.card is not None
                     and ability.when.card.which.value == "self"
                     and all(k in _TO_OUT_OF_PLAY for k in ability.when.events))
    for i in ability.effect:
        if i.target.value == "self" and (i.do in ONLY_OUT_OF_PLAY or (after_it_went and i.do in MOVES_IT)):
            return True
    return False
