"""Plot cards and their When Revealed abilities (rule ``agot.when-revealed``; Rules Reference,
"When Revealed", "Plot Phase" and its framework step 1.3 "Reveal plots", "Used Pile").

The players reveal their chosen plots at once (a script entry ``reveal`` with every plot): each
plot leaves its owner's plot deck and becomes that player's revealed plot, in play, on top of the
one revealed before, which goes to the used pile. Then the When Revealed abilities of the plots
just revealed must initiate, one at a time, each resolving before the next, in the order the first
player chooses; only then may reactions to revealing a plot be used. rulekit runs them at step 6 of
the reveal's sequence, before its forced reactions. Not modelled: choosing the plot, initiative and
choosing the first player (steps I and II), gold, claim, reserve and the other plot values, and a
plot deck returning from the used pile.
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core.abilities import CardFilter, Timing, Trigger, Which
from rulekit.core.errors import ScenarioError
from rulekit.core.events import EventKind
from rulekit.core.frozen import replace

PLOT_DECK = "plot deck"
USED_PILE = "used pile"
#: "When Revealed:" is "when this plot is revealed": the triggering condition every such ability has
WHEN_REVEALED = Trigger(EventKind.REVEALED, CardFilter(which=Which.SELF))


def with_when_revealed(card):
    """The card with each When Revealed ability's triggering condition written in."""
    if not any(a.timing is Timing.WHEN_REVEALED and a.when is None for a in card.abilities):
        return card
    return replace(card, abilities=tuple(replace(a, when=WHEN_REVEALED)
                                         if a.timing is Timing.WHEN_REVEALED and a.when is None else a
                                         for a in card.abilities))


def revealed(state, tc):
    """Step 5 of a reveal: the player's plot revealed before goes to their used pile, and this plot
    becomes their revealed plot (in play)."""
    card = state.cards[tc.card.id]
    for cid in state.order:
        old = state.cards[cid]
        if old.type == "plot" and old.owner == card.owner and old.zone in state.rules.in_play and cid != card.id:
            state = state.move(cid, USED_PILE)
    return state.move(card.id, state.rules.in_play[0])


#: the event kinds :func:`refusal` may refuse (the ruleset asks it about no other)
REFUSES = frozenset({EventKind.REVEALED})


def refusal(kind, card) -> str | None:
    """Only a plot in its owner's plot deck can be revealed."""
    if kind is not EventKind.REVEALED:
        return None
    if card.type != "plot":
        return f"{card.title} is not a plot"
    return None if card.zone == PLOT_DECK else f"{card.title} is not in its owner's {PLOT_DECK}"


def when_revealed_first(state, options) -> list:
    """Of the uses offered at step 6, the When Revealed ones (they come first), or none."""
    out = []
    for verdict, use in options:
        parsed = ids.new_object(verdict.card)
        card = state.cards.get(parsed[0] if parsed else verdict.card)
        ability = card.ability(verdict.ability) if card is not None else None
        if ability is not None and ability.timing is Timing.WHEN_REVEALED:
            out.append((verdict, use))
    return out


def check_cards(cards) -> None:
    """A When Revealed ability is a plot's, and says no other triggering condition."""
    for i, card in enumerate(cards):
        for k, ability in enumerate(card.abilities):
            if ability.timing is not Timing.WHEN_REVEALED:
                continue
            at = f"cards[{i}].abilities[{k}]"
            if card.type != "plot":
                raise ScenarioError(f"card {card.id!r} is a {card.type}: only a plot has When Revealed abilities "
                                    "(Rules Reference, \"When Revealed\")", path=f"{at}.timing",
                                    expected="type: plot, or another timing")
            if ability.when is not None and ability.when != WHEN_REVEALED:
                raise ScenarioError("a When Revealed ability resolves when its own plot is revealed: it takes no "
                                    "'when'", path=f"{at}.when", expected="no 'when'")
