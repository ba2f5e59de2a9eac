"""A card's own game's keys in a file: ``strength: 3`` on an A Game of Thrones card, ``might: 2``
on a Riftbound one. They are written flat, beside the keys every card has, and read into the
card's :attr:`~rulekit.core.model.Card.extension` of its ruleset's type; a key of another game
is refused naming that game and this one's keys."""
from __future__ import annotations

import dataclasses

from rulekit.core.errors import ScenarioError
from rulekit.core.model import Card

#: the keys every card has (the extension is not written as a key of its own)
CARD_KEYS = frozenset(f.name for f in dataclasses.fields(Card)) - {"extension"}


def _ruleset(name):
    from rulekit.core.ruleset import default_ruleset_name
    from rulekit.rulesets import get
    try:
        return get(name if name is not None else default_ruleset_name())
    except (KeyError, TypeError):
        return None         # an unknown ruleset: the check of `ruleset` says so


def _owner_of(key: str, rules):
    """The other registered ruleset whose cards have ``key``, if one does."""
    from rulekit.rulesets import get, names
    for name in names():
        other = get(name)
        if other is not rules and key in other.card_fields:
            return other
    return None


def own_keys_of(rules) -> str:
    return ", ".join(sorted(rules.card_fields)) or "none"


def foreign_key(rules, key: str) -> str | None:
    """Why ``key`` on a card of ``rules`` is refused, if it is another game's card key."""
    other = _owner_of(key, rules)
    if other is None:
        return None
    return f"{key!r} is a card field of {other.title} ({other.name}), not of {rules.title} ({rules.name})"


def gather(data: dict, marks: dict, file) -> None:
    """Move each card's own game's keys into an ``extension`` mapping (in place, with their
    marks), refusing another game's keys at the key."""
    from rulekit.core.scenario import suggest
    from rulekit.files.locate import _at
    cards = data.get("cards")
    rules = _ruleset(data.get("ruleset"))
    if not isinstance(cards, list):
        return
    if rules is None:       # an unknown ruleset (refused at `ruleset` later): any game's keys are set aside
        from rulekit.rulesets import get, names
        own = frozenset().union(*(get(n).card_fields for n in names()))
    else:
        own = rules.card_fields
    for i, card in enumerate(cards):
        if not isinstance(card, dict):
            continue
        if "extension" in card:
            raise _at(("cards", i, "extension"), marks, file, "'extension' is not a key of a card: write the card's "
                      "own fields as its keys", f"{rules.name}'s own card fields: {own_keys_of(rules)}")
        for key in list(card):
            if key in CARD_KEYS or key in own or rules is None:
                continue
            why = foreign_key(rules, key)
            if why is not None:
                raise _at(("cards", i, key), marks, file, why, f"{rules.name}'s own card fields: {own_keys_of(rules)}")
            allowed = sorted(CARD_KEYS | own)
            raise _at(("cards", i, key), marks, file, f"unknown key {key!r}{suggest(key, allowed)}",
                      "one of " + ", ".join(allowed))
        theirs = {k: card.pop(k) for k in list(card) if k in own}
        if theirs:
            card["extension"] = theirs
            for k in theirs:
                mark = marks.get(("cards", i, k))
                if mark is not None:
                    marks[("cards", i, "extension", k)] = mark


def check_values(data: dict, marks: dict, file) -> None:
    """Each gathered mapping's values, strictly, at the card's own keys."""
    from rulekit.files.strict import _strict
    rules = _ruleset(data.get("ruleset"))
    cards = data.get("cards")
    for i, card in enumerate(cards if isinstance(cards, list) else ()):
        if rules is not None and isinstance(card, dict) and isinstance(card.get("extension"), dict):
            _strict(card["extension"], rules.card_extension, ("cards", i), marks, file)


def finish(document, marks: dict, file):
    """The document with each card's gathered mapping made its ruleset's extension value."""
    from rulekit.core.frozen import replace
    from rulekit.files.direct import UNSURE, built
    rules = _ruleset(document.ruleset)
    if rules is None or rules.card_extension is None:
        return document
    cards = []
    for i, card in enumerate(document.cards):
        if isinstance(card.extension, dict):
            extension = built(card.extension, rules.card_extension)     # plainly well formed: no pydantic
            if extension is UNSURE:
                extension = _validated_extension(rules.card_extension, card.extension, ("cards", i), marks, file)
            card = replace(card, extension=extension)
        cards.append(card)
    return dataclasses.replace(document, cards=tuple(cards))


def _validated_extension(cls, data: dict, path: tuple, marks: dict, file):
    """A card's own game's fields validated by pydantic, its first error told at the card's key."""
    from pydantic import ValidationError

    from rulekit.core.scenario import _extension_adapter
    from rulekit.files.locate import _at, _first_error
    try:
        return _extension_adapter(cls).validate_python(data)
    except ValidationError as exc:
        err = _first_error(exc.errors())
        raise _at(path + tuple(err.get("loc", ())), marks, file, err.get("msg", "not valid")) from None


def flatten(card_data: dict) -> dict:
    """A card as data with its ``extension`` mapping written as its own keys again."""
    extension = card_data.pop("extension", None)
    if isinstance(extension, dict):
        card_data.update(extension)
    return card_data


__all__ = ["CARD_KEYS", "ScenarioError", "check_values", "finish", "flatten", "foreign_key", "gather"]
