"""Chance: what the game, not a player, decides — a card taken at random, the order a shuffle
leaves — as decisions with every possible outcome listed (rule ``rulekit.chance``).

The engine never draws a random number. Where a card says "at random" or "shuffle", the rules
ask a :class:`~rulekit.core.decisions.Decision` of kind ``chance`` whose chooser is
:data:`~rulekit.core.decisions.GAME`; its options are the possible outcomes in a stable order,
its default the first of them, and its answer is recorded, keyed and replayed like a player's
(``answers:`` in a file, :class:`~rulekit.core.decisions.Line`, :meth:`rulekit.Game.answer`).
``rulekit explore`` walks every outcome and says which lines differ by chance.

Outcomes, only as far as the game can tell them apart:

- **at random** (``target: random``): which ``amount`` cards, among those the filter finds, the
  instruction takes — a set, not an order (the cards are taken together), so an outcome is the
  cards' objects joined by ``+`` in listing order (``h1+h3``). Fewer candidates than ``amount``:
  it takes them all, and one possible outcome asks nothing.
- **shuffle** (``do: shuffle``): which ``amount`` cards (default 1) end on top of the deck, top
  first (``d3``; ``d3+d1``). The order beneath them is not decided: those cards keep the order
  they were in (the bound rulekit documents: a shuffle is modelled only as deep as ``amount``).

A chance decision with more than :data:`MAX_OUTCOMES` outcomes is refused as it comes up.
"""
from __future__ import annotations

from itertools import chain, combinations, permutations, product
from math import comb, perm, prod

from rulekit.core import ids
from rulekit.core.decisions import GAME, AnswerKey, Decision, DecisionKind
from rulekit.core.errors import RulekitError
from rulekit.core.frozen import replace

#: The most outcomes one chance decision may have (a deck of 10 shuffled 3 deep has 720).
MAX_OUTCOMES = 5000



class TooManyOutcomes(RulekitError):
    """A chance decision would have more outcomes than :data:`MAX_OUTCOMES`."""


def cards_of(outcome: str) -> tuple[str, ...]:
    """The card objects of an outcome id, in order (``"h1+h3"`` → ``("h1", "h3")``)."""
    return ids.outcome_cards(outcome)


def _bounded(count: int, what: str) -> None:
    if count > MAX_OUTCOMES:
        raise TooManyOutcomes(f"{what} has {count:,} possible outcomes, more than rulekit lists for one chance "
                              f"decision ({MAX_OUTCOMES:,}): make the deck or the hand smaller, or the amount lower")


def random_outcomes(objects: tuple[str, ...], amount: int) -> tuple[str, ...]:
    """The outcomes of taking ``amount`` of ``objects`` at random: every set of that many (all of
    them if there are fewer), in listing order (the first set is the first ``amount`` objects)."""
    k = min(max(amount, 0), len(objects))
    if k == 0:
        return ()
    _bounded(comb(len(objects), k), f"taking {k} of {len(objects)} cards at random")
    return tuple(ids.chance_outcome(c) for c in combinations(objects, k))


def random_outcomes_each(groups: tuple[tuple[str, ...], ...], amount: int) -> tuple[str, ...]:
    """The outcomes of each group (one player's own cards: "each opponent discards 1 at random")
    giving ``amount`` of its objects at random, all at once: every combination of one set per group
    (all of a group's objects if it has fewer), groups and objects in listing order."""
    sets = [tuple(combinations(g, min(max(amount, 0), len(g)))) for g in groups if g and amount > 0]
    if not sets:
        return ()
    _bounded(prod(len(s) for s in sets), f"taking {amount} at random from each of {len(sets)} players' cards")
    return tuple(ids.chance_outcome(tuple(chain.from_iterable(combo))) for combo in product(*sets))


def per_player(instr, state) -> bool:
    """Whether a random pick takes from each player's own zone (a hand, a deck: each player gives
    their own) rather than from all the cards found together (cards in play, a shared zone)."""
    zone = instr.filter.zone if instr.filter is not None else None
    return not (zone is None or zone in state.rules.in_play or zone in state.rules.shared_zones)


def pick_outcomes(instr, state, candidates, amount: int) -> tuple[str, ...]:
    """What a random pick (``target: random``) can take among ``candidates`` (cards, in listing
    order): from a player's own zone (a hand, a deck) each player whose cards the filter finds gives
    ``amount`` of their own — "each opponent discards 1 at random" takes one card from every
    opponent's hand; elsewhere (cards in play, a shared zone) ``amount`` of all the cards found."""
    if not per_player(instr, state):
        return random_outcomes(tuple(c.obj for c in candidates), amount)
    owners: dict[str, list[str]] = {}
    for c in candidates:
        owners.setdefault(c.owner, []).append(c.obj)
    return random_outcomes_each(tuple(tuple(objs) for objs in owners.values()), amount)


def shuffle_outcomes(deck: tuple[str, ...], amount: int) -> tuple[str, ...]:
    """The outcomes of shuffling ``deck`` (card ids, top first) as far as its top ``amount`` cards:
    which cards end on top, in order, top first. The first outcome is the deck's current top."""
    k = min(max(amount, 1), len(deck))
    if k == 0:
        return ()
    _bounded(perm(len(deck), k), f"shuffling a deck of {len(deck)} cards {k} deep")
    return tuple(ids.chance_outcome(p) for p in permutations(deck, k))


def shuffled(state, player: str, outcome: str):
    """``state`` with ``player``'s deck shuffled to ``outcome``: its cards on top, in order; the
    others beneath them in the order they were in."""
    deck = state.decks.get(player, ())
    top = tuple(c for c in cards_of(outcome) if c in deck)
    rest = tuple(c for c in deck if c not in top)
    return replace(state, decks=state.decks.set(player, top + rest))


def decision(at: str, outcomes: tuple[str, ...], prompt: str, state, *, number: int = 1,
             rule: str = "rulekit.chance") -> Decision:
    """The chance decision at ``at`` (``number``: which one there, counted from 1): answered by the
    game, its default the first outcome."""
    return Decision(AnswerKey(DecisionKind.CHANCE, at, GAME, number), outcomes, outcomes[0], rule, prompt, state)
