"""A Game of Thrones' own card filter fields (Rules Reference "Faction, Faction Cards", "Neutral",
"Unique Cards", "Strength, Strength Modifiers", "Power"): "a Stark character", "a unique
character", "STR 3 or lower", "with lower STR than this card", "with 1 or more power", "the lowest
STR character" — and how a file may write them (a comparison with "that card" only where there is
one: an instruction's filter)."""
from __future__ import annotations

from rulekit.core.errors import ScenarioError

#: the numbers a filter may compare, and how the rules word them
NUMBERS = {"strength": "STR", "power": "power"}

#: what ``lower_than`` / ``higher_than`` compare with
REFERENCES = ("self", "that card")


def _number(card, name: str) -> int | None:
    """The card's number, or ``None`` where it has none (only characters have STR)."""
    if name == "strength" and card.type != "character":
        return None
    return getattr(card, name, None)


def _reference(ref: str, source, that):
    return source if ref == "self" else that


def _bounds_mismatch(name: str, bounds, card, source, that) -> str | None:
    word = NUMBERS[name]
    n = _number(card, name)
    if n is None:
        return f"{card.title} has no {word} (only characters have {word})"
    if bounds.at_least is not None and n < bounds.at_least:
        return f"{card.title} has {word} {n}, not {bounds.at_least} or more"
    if bounds.at_most is not None and n > bounds.at_most:
        return f"{card.title} has {word} {n}, not {bounds.at_most} or less"
    for ref, lower in ((bounds.lower_than, True), (bounds.higher_than, False)):
        if ref is None:
            continue
        other = _reference(ref, source, that)
        m = _number(other, name) if other is not None else None
        if m is None:
            return f"there is no card with {word} to compare with ({ref})"
        if (n >= m) if lower else (n <= m):
            return f"{card.title} has {word} {n}, not {'lower' if lower else 'higher'} than {other.title}'s {m}"
    return None


def card_mismatch(f, card, source=None, that=None) -> str | None:
    """What in ``card`` does not match A Game of Thrones' filter fields, or ``None``."""
    ext = card.extension
    faction = getattr(ext, "faction", "neutral")      # a card without A Game of Thrones' fields is neutral
    if f.faction is not None and faction != f.faction:
        return f"{card.title} is {faction}, not {f.faction}"
    if f.unique is not None and bool(getattr(ext, "unique", False)) != f.unique:
        return f"{card.title} is {'not ' if f.unique else ''}unique"
    for name in NUMBERS:
        bounds = getattr(f, name)
        if bounds is not None:
            why = _bounds_mismatch(name, bounds, card, source, that)
            if why:
                return why
    for name in (f.lowest, f.highest):
        if name is not None and _number(card, name) is None:
            return f"{card.title} has no {NUMBERS[name]} (only characters have {NUMBERS[name]})"
    return None


def check_filter(f, path: str, *, instruction: bool, trigger: bool) -> None:
    """A faction the game has; a number the game compares; a comparison with "that card", and
    "the lowest/highest", only in an instruction's filter or a count (a trigger's filter reads one
    card as it happens, with no set to compare with)."""
    from rulekit.core.scenario import suggest
    from rulekit.rulesets.agot.factions import FACTIONS
    if f.faction is not None and f.faction not in FACTIONS:
        raise ScenarioError(f"{f.faction!r} is not a faction of A Game of Thrones{suggest(f.faction, FACTIONS)}",
                            path=f"{path}.faction", expected="one of " + ", ".join(FACTIONS))
    for key in ("lowest", "highest"):
        name = getattr(f, key)
        if name is None:
            continue
        if name not in NUMBERS:
            raise ScenarioError(f"{name!r} is not a number a card filter compares{suggest(name, NUMBERS)}",
                                path=f"{path}.{key}", expected="one of " + ", ".join(NUMBERS))
        if trigger:
            raise ScenarioError(f"'{key}' is read only in an instruction's filter or a condition's count (the "
                                "cards it picks among)", path=f"{path}.{key}")
    for name in NUMBERS:
        bounds = getattr(f, name)
        if bounds is None:
            continue
        for key in ("lower_than", "higher_than"):
            ref = getattr(bounds, key)
            if ref is None:
                continue
            if ref not in REFERENCES:
                raise ScenarioError(f"{ref!r} is not a card to compare with{suggest(ref, REFERENCES)}",
                                    path=f"{path}.{name}.{key}", expected="one of " + ", ".join(REFERENCES))
            if ref == "that card" and not instruction:
                raise ScenarioError("'that card' is known only to an instruction's filter (the card the "
                                    "triggering condition is about)", path=f"{path}.{name}.{key}", expected="self")
    for k, alt in enumerate(f.any_of):
        check_filter(alt, f"{path}.any_of[{k}]", instruction=instruction, trigger=trigger)
