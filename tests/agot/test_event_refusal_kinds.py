"""A Game of Thrones asks its refusals about an event only when the event's kind is one a refusal
lists as its own (``REFUSES``): each refusal must refuse no other kind, whatever the card, the
amount or the board, or the short cut would hide a refusal."""
import itertools

from rulekit import Game
from rulekit.core.events import EventKind
from rulekit.core.frozen import replace
from rulekit.files.builder import ScenarioBuilder
from rulekit.rulesets import agot
from rulekit.rulesets.agot import challenge_checks, factions, plots


def _board():
    b = ScenarioBuilder("refusals", players=["P1", "P2"])
    b.card("c", "Some Character", owner="P1")
    b.card("p", "Some Plot", owner="P1", type="plot", zone="plot deck")
    b.card("a", "Some Attachment", owner="P2", type="attachment", zone="hand")
    b.card("f", "Some House", owner="P2", type="faction")
    b.card("l", "Some Location", owner="P2", type="location", zone="discard pile")
    return Game.start(b.build()).state


def _cards(state):
    for card in state.cards.values():
        yield card
        yield card.changed(power=2)
        yield replace(card, zone="plot deck")


REFUSALS = [
    (plots.REFUSES, lambda kind, state, card, amount: plots.refusal(kind, card)),
    (agot._ATTACHMENT_REFUSES, lambda kind, state, card, amount: agot._attachment_refusal(kind, card)),
    (factions.REFUSES, factions.event_refusal),
    (challenge_checks.REFUSES, challenge_checks.event_refusal),
]


def test_each_refusal_refuses_only_the_kinds_it_lists():
    state = _board()
    for (listed, refusal), kind, card, amount in itertools.product(REFUSALS, EventKind, list(_cards(state)), (-1, 0, 1, 3)):
        if kind not in listed:
            assert refusal(kind, state, card, amount) is None, (kind, card.id, amount)


def test_the_listed_kinds_are_refused_somewhere():
    state = _board()
    refused = {kind for (listed, refusal), kind, card, amount in itertools.product(
        REFUSALS, EventKind, list(_cards(state)), (0, 1)) if refusal(kind, state, card, amount) is not None}
    assert refused <= agot._REFUSED
    assert {EventKind.REVEALED, EventKind.ENTERS_PLAY, EventKind.KILLED, EventKind.POWER_MOVED} <= refused
