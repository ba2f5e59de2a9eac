"""Scenarios built in Python validated exactly like files; installed as the validator
:meth:`Game.start <rulekit.core.game.Game.start>` calls."""
from __future__ import annotations

import collections.abc
import dataclasses
import enum

from rulekit.core.errors import ScenarioError, escaped
from rulekit.core.game import use_validator
from rulekit.core.scenario import Scenario, check, with_card_types
from rulekit.files import cardkeys
from rulekit.files.checks import _check_document
from rulekit.files.document import ScenarioFile
from rulekit.files.locate import _validate
from rulekit.files.strict import _strict


def _as_data(value):
    """A scenario (or card, ability, …) built in Python as the plain data a file would hold."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _as_data(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not f.name.startswith("_")}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_as_data(v) for v in value]
    if isinstance(value, collections.abc.Mapping):
        return {k: _as_data(v) for k, v in value.items()}
    return value


def validate_scenario(scenario) -> Scenario:
    """Validate a scenario built in Python exactly like a scenario file (types, ``None``,
    names, ids, counts, what each verb needs, cross-references) and return it with every
    collection frozen into tuples. Raises :class:`ScenarioError` naming the field."""
    if isinstance(scenario, Scenario) and scenario.__dict__.get("_rulekit_valid"):
        return scenario
    if not isinstance(scenario, Scenario):
        raise ScenarioError(f"expected a Scenario, not {escaped(type(scenario).__name__)}")
    data = _as_data(scenario)
    cards = data.get("cards")
    if isinstance(cards, list):          # what the rules keep, not what a scenario says
        for card in cards:
            if isinstance(card, dict) and card.get("incarnation") == 0:
                del card["incarnation"]
            if isinstance(card, dict):
                cardkeys.flatten(card)        # its game's own fields, as a file writes them
    cardkeys.gather(data, {}, None)
    _strict(data, ScenarioFile, (), {}, None)
    cardkeys.check_values(data, {}, None)
    document = cardkeys.finish(_validate(data, {}, None), {}, None)
    _check_document(document, {}, None)
    built = Scenario(**{f.name: getattr(document, f.name) for f in dataclasses.fields(Scenario)})
    check(built)                          # reads built.rules: an unknown ruleset is refused at `ruleset`
    built = with_card_types(built)
    result = scenario if built == scenario else built
    result.__dict__["_rulekit_valid"] = True
    return result


use_validator(validate_scenario)         # Game.start validates a scenario built in Python like a file
