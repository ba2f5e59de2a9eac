"""Running one scenario (plain data, as a file holds it) to a comparable outcome, for the property
"no field loads and does nothing" (tests/files/test_every_field_matters.py).

A run is what a player, a judge and the board see, never labels or texts: every decision offered
(its kind, its chooser and its options), every event that occurred (its kind, the card object or
player it is about, its amount and where it went) and the final state (every card's zone,
controller, posture, object and own fields, the ability ids it has; the decks' order; the pools; the
phase and round; the limits counted; the delayed effects waiting). The decisions are answered
deterministically, by a policy: always the first option offered, or always the last.
"""
from __future__ import annotations

import dataclasses
import json

from rulekit.core import occur
from rulekit.core.errors import ScenarioError
from rulekit.core.game import Game
from rulekit.files import loads_scenario

#: How many decisions a run answers at most (every run here ends long before).
MAX_DECISIONS = 120
POLICIES = ("first", "last")


class Refused(Exception):
    """The file was refused when it loaded (exit 2): its field, its line and why."""

    def __init__(self, error: ScenarioError):
        super().__init__(str(error))
        self.error = error


def load(data: dict):
    """The scenario ``data`` loaded as a JSON file is (every check of a file), or :class:`Refused`."""
    try:
        # ending in a line break, the text is read by libyaml (rulekit.files.yamlnodes.compose): the
        # pure reader takes ten times as long
        return loads_scenario(json.dumps(data) + "\n", "field-walk.json").scenario
    except ScenarioError as e:
        raise Refused(e) from None


def _card_key(card) -> tuple | None:
    return None if card is None else (card.id, card.incarnation)


def _event(tc) -> tuple:
    """What happened, and to what: not the words the event carries (its amount, "this turn", "until"),
    whose consequences the final state shows."""
    return (tc.id, tc.kind.value, _card_key(tc.card), tc.player, tc.to, tc.resource, tc.challenge, tc.phase,
            _card_key(tc.source), getattr(tc.grant, "id", None), tc.ability)


def _card(card) -> tuple:
    return (card.id, card.zone, card.controller, card.owner, card.kneeling, card.incarnation, card.type,
            card.traits, tuple(sorted(a.id for a in card.abilities)), repr(card.extension))


def _plain(value):
    """A state part made comparable without the abilities' contents (a card's are its ability ids)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if type(value).__name__ == "Card":
            return _card(value)
        if type(value).__name__ == "Ability":
            return ("ability", value.id)
        return (type(value).__name__,) + tuple(_plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                                               if f.compare and f.name not in ("instruction", "instructions"))
    if isinstance(value, (tuple, list)):
        return tuple(_plain(v) for v in value)
    if hasattr(value, "items"):
        return tuple(sorted(((str(k), _plain(v)) for k, v in value.items()), key=repr))
    return value


def final_state(state) -> tuple:
    return (tuple(_card(state.cards[i]) for i in state.order), _plain(state.decks), state.phase, state.round,
            state.first_player, _plain(state.usage), _plain(state.resources), _plain(state.delayed),
            tuple(sorted(state.used.keys())) if hasattr(state.used, "keys") else _plain(state.used),
            _plain(state.cancelled), _plain(state.changed), _plain(state.challenges))


def _pick(decision, policy: str) -> str:
    options = decision.option_ids
    return options[0] if policy == "first" else options[-1]


def play(scenario, policy: str) -> tuple:
    """The outcome of ``scenario`` played with ``policy``: (decisions, events, final state), or
    ``("crashed", what)`` if the engine raised."""
    events: list = []
    real = occur.apply

    def recording(state, tc):
        events.append(_event(tc))
        return real(state, tc)

    decisions = []
    occur.apply = recording
    try:
        game = Game.start(scenario)
        while game.decision is not None and len(decisions) < MAX_DECISIONS:
            d = game.decision
            decisions.append((d.key.kind.value, d.key.chooser, d.option_ids))
            game = game.answer(_pick(d, policy))
    except ScenarioError as e:           # refused when the game starts (Game.start validates too)
        raise Refused(e) from None
    except Exception as e:  # noqa: BLE001 - a crash is an outcome the walk reports
        return ("crashed", f"{type(e).__name__}: {e}")
    finally:
        occur.apply = real
    return (tuple(decisions), tuple(events), final_state(game.state))


def outcomes(data: dict) -> tuple:
    """The outcome of ``data`` under each policy; raises :class:`Refused` if it does not load."""
    scenario = load(data)
    return tuple(play(scenario, p) for p in POLICIES)


def difference(a: tuple, b: tuple) -> str | None:
    """Where two outcomes (of :func:`outcomes`) first differ, in words, or ``None`` if they do not."""
    for policy, x, y in zip(POLICIES, a, b):
        if x == y:
            continue
        if x[0] == "crashed" or y[0] == "crashed":
            return f"{policy}: one run crashed ({x[1] if x[0] == 'crashed' else y[1]})"
        for name, i in (("decisions", 0), ("events", 1), ("final state", 2)):
            if x[i] != y[i]:
                return f"{policy}: the {name} differ"
    return None
