"""Library cards in a scenario file: a card entry may say ``library: "Ember Scout"`` (a card's name,
or its code) beside its board keys (``id``, ``owner``, ``zone``, ``kneeling`` …). When the file loads,
right after it is parsed, each such entry becomes the card the library holds — its title, type,
traits, its game's own fields and its printed ``text`` (read into abilities like any card's text) —
with the entry's board keys. A name the library lacks is refused at the entry, naming the nearest
names; the keys the library supplies keep the entry's line and column for later errors.
:mod:`.inlining` writes a file with its library cards spelled out, so it loads without the library."""
from __future__ import annotations

from rulekit.core.errors import shown

#: the key of a card entry that names a library card
LIBRARY_KEY = "library"
#: what a library card always takes from the library: an entry may not give these itself
SUPPLIED = ("title", "text")


def _ruleset_name(data: dict) -> str | None:
    from rulekit.core.ruleset import default_ruleset_name
    from rulekit.rulesets import names
    name = data.get("ruleset")
    if name is None:
        name = default_ruleset_name()
    return name if isinstance(name, str) and name in names() else None


def expand(data: dict, marks: dict, file, library=None) -> int:
    """Replace, in place, each card entry with a ``library`` key by the library's card and the
    entry's own keys; how many were replaced. (A file without such entries opens no library.)"""
    from rulekit.files.locate import _at
    cards = data.get("cards")
    if not isinstance(cards, list) or not any(isinstance(c, dict) and LIBRARY_KEY in c for c in cards):
        return 0
    from rulekit.library.entries import card_keys, lookup
    from rulekit.library.errors import LibraryError
    from rulekit.library.store import Library
    from rulekit.rulesets import get
    ruleset = _ruleset_name(data)
    if ruleset is None:
        return 0            # an unknown ruleset: the check of `ruleset` says so
    library = library or Library()
    done = 0
    for i, entry in enumerate(cards):
        if not isinstance(entry, dict) or LIBRARY_KEY not in entry:
            continue
        path = ("cards", i, LIBRARY_KEY)
        key = entry[LIBRARY_KEY]
        if isinstance(key, int) and not isinstance(key, bool):
            key = str(key)
        if not isinstance(key, str) or not key.strip():
            raise _at(path, marks, file, f"a library card is named by its name or code, not {shown(key)}",
                      "the card's name or code, as rulekit cards search shows it")
        for own in SUPPLIED:
            if own in entry:
                raise _at(("cards", i, own), marks, file, f"a library card's {own} comes from the library: "
                          f"leave it out, or write the card out (rulekit cards inline)",
                          "the board keys only: id, owner, zone, kneeling …")
        try:
            card = lookup(library, ruleset, key.strip())
        except LibraryError as e:
            raise _at(path, marks, file, e.problem, e.expected) from None
        supplied = card_keys(card, get(ruleset))
        mark = marks.get(path) or marks.get(("cards", i))
        merged = {**supplied, **{k: v for k, v in entry.items() if k != LIBRARY_KEY}}
        cards[i] = merged
        for k in supplied:
            if k not in entry and mark is not None:
                marks[("cards", i, k)] = mark
                if isinstance(supplied[k], list):
                    for n in range(len(supplied[k])):
                        marks[("cards", i, k, n)] = mark
        done += 1
    return done
