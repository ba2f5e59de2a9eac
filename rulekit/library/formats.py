"""The card-list formats of other card databases, each read into :class:`~rulekit.library.records.Entry`
values with rulekit's names for the card's fields.

``throneteki`` (A Game of Thrones)
    the per-pack JSON of the community card database ``throneteki/throneteki-json-data``
    (``packs/<pack>.json``): an object whose ``cards`` list holds, per card, ``code``, ``name``,
    ``type``, ``faction``, ``cost``, ``strength``, ``traits``, ``text``, ``unique`` (and fields
    rulekit does not use: ``deckLimit``, ``icons``, ``plotStats``, ``illustrator``, ``flavor``…).
``riftcodex`` (Riftbound)
    the card objects of the public Riftcodex API (``https://api.riftcodex.com/cards``; a page
    ``{"items": [...]}`` or a list of cards): ``name``, ``riftbound_id`` (else ``public_code``, else
    ``id``) as the code, ``classification.type``, ``attributes.might`` and ``attributes.energy``,
    ``tags``, and ``text.plain`` as the printed text.

rulekit's own card-list JSON and CSV are :mod:`.tables`."""
from __future__ import annotations

import re

from rulekit.core.errors import shown
from rulekit.library.errors import LibraryError
from rulekit.library.records import Entry, Record, card_count


def _letters(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


def faction(record: Record, name: str, value) -> str | None:
    """A faction as A Game of Thrones' ruleset names it (``thenightswatch`` is ``Night's Watch``)."""
    from rulekit.core.scenario import suggest
    from rulekit.rulesets.agot.factions import FACTIONS
    text = record.line(name, value, limit=40)
    if text is None:
        return None
    key = _letters(text)
    for f in FACTIONS:
        if _letters(f) in (key, key.removeprefix("the")):
            return f
    raise record.error(name, f"{shown(text)} is not a faction of A Game of Thrones{suggest(text, FACTIONS)}",
                       "one of " + ", ".join(FACTIONS))


def _nested(record: Record, name: str, value) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise record.error(name, f"must be an object, not {type(value).__name__}")
    return value


def _cards_of(data, path: str, key: str, what: str) -> list:
    if not isinstance(data, dict):
        raise LibraryError(f"the top level must be an object with a {key!r} list ({what}), not "
                           f"{type(data).__name__}", file=path)
    if key not in data:
        raise LibraryError(f"no {key!r} list: this is not {what}", file=path,
                           expected=f"an object with a {key!r} list of cards")
    return card_count(data[key], path, key)


def throneteki(data, path: str) -> list[Entry]:
    """A throneteki pack file's cards (see the module docstring), from its JSON data."""
    cards = _cards_of(data, path, "cards", "a throneteki pack file")
    out = []
    for i, raw in enumerate(cards):
        r = Record(path, i, raw)
        if not isinstance(raw, dict):
            raise r.error("(record)", f"a card must be an object, not {type(raw).__name__}")
        fields = {"traits": r.words("traits", raw.get("traits")),
                  "faction": faction(r, "faction", raw.get("faction")),
                  "unique": r.flag("unique", raw.get("unique")),
                  "strength": r.number("strength", raw.get("strength"), allow_x=True),
                  "cost": r.number("cost", raw.get("cost"), allow_x=True)}
        out.append(Entry(code=r.line("code", raw.get("code"), required=True, limit=64),
                         name=r.line("name", raw.get("name"), required=True),
                         type=_type(r, "type", raw.get("type")),
                         text=r.text("text", raw.get("text")),
                         fields={k: v for k, v in fields.items() if v not in (None, [])}))
    return out


def _type(r: Record, name: str, value) -> str | None:
    text = r.line(name, value, limit=40)
    return text.lower() if text else None


def riftcodex(data, path: str) -> list[Entry]:
    """Riftcodex card objects (see the module docstring), from their JSON data."""
    cards = card_count(data, path, "(top level)") if isinstance(data, list) else \
        _cards_of(data, path, "items", "a Riftcodex cards page")
    out = []
    for i, raw in enumerate(cards):
        r = Record(path, i, raw)
        if not isinstance(raw, dict):
            raise r.error("(record)", f"a card must be an object, not {type(raw).__name__}")
        kind = _nested(r, "classification", raw.get("classification"))
        numbers = _nested(r, "attributes", raw.get("attributes"))
        words = raw.get("text")
        if isinstance(words, dict):
            printed = r.text("text.plain", words.get("plain"))
        else:
            printed = r.text("text", words)
        code_key = next((k for k in ("riftbound_id", "public_code", "id") if raw.get(k) not in (None, "")), "riftbound_id")
        tags = raw.get("tags") if raw.get("tags") is not None else kind.get("tags")
        fields = {"traits": r.words("tags", tags),
                  "might": r.number("attributes.might", numbers.get("might")),
                  "energy_cost": r.number("attributes.energy", numbers.get("energy"))}
        out.append(Entry(code=r.line(code_key, raw.get(code_key), required=True, limit=64),
                         name=r.line("name", raw.get("name"), required=True),
                         type=_type(r, "classification.type", kind.get("type")),
                         text=printed,
                         fields={k: v for k, v in fields.items() if v not in (None, [])}))
    return out


#: the formats of other databases: name -> (the ruleset its cards are of, its reader)
FORMATS = {"throneteki": ("agot", throneteki), "riftcodex": ("riftbound", riftcodex)}


def detect(path: str, data) -> str:
    """The format of a JSON card list, from its shape: an
    object with a ``format`` of rulekit's is ``rulekit``; with a ``cards`` list, ``throneteki``;
    with an ``items`` list (or a list of cards with ``classification`` or ``riftbound_id``),
    ``riftcodex``; another list of cards, ``rulekit``."""
    if isinstance(data, dict):
        if "format" in data:
            return "rulekit"
        if "items" in data:
            return "riftcodex"
        if "cards" in data:
            return "throneteki"
    if isinstance(data, list) and data and isinstance(data[0], dict) \
            and ("classification" in data[0] or "riftbound_id" in data[0]):
        return "riftcodex"
    if isinstance(data, list):
        return "rulekit"
    raise LibraryError("rulekit cannot tell this card list's format", file=path,
                       expected="--format throneteki, riftcodex, rulekit or csv")
