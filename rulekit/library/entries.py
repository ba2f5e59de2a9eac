"""A library card as a scenario file's card: found by name or code (:func:`lookup`, a name the
library lacks naming the nearest ones) and written as the keys a file gives a card
(:func:`card_keys`): its title, type, traits, its game's own fields and its printed ``text``,
from which the files layer reads its abilities when the file loads."""
from __future__ import annotations

import difflib

from rulekit.core.errors import shown
from rulekit.library.errors import LibraryError
from rulekit.library.place import ENV
from rulekit.library.store import Library, LibraryCard


def lookup(library: Library, ruleset: str, key: str) -> LibraryCard:
    """The card of ``ruleset`` whose code is ``key``, else whose name is ``key`` (case ignored).
    Several cards of one name (a card reprinted under several codes) are one card if they say the
    same; otherwise the name is ambiguous and the error lists their codes."""
    found = library.find(ruleset, key)
    if not found:
        names = library.names(ruleset)
        if not names:
            raise LibraryError(f"no card {shown(key)} in the card library: it holds no {ruleset} cards "
                               f"(library {library.path})",
                               expected=f"import a card list first: rulekit cards import FILE (or set {ENV})")
        folded = {n.casefold(): n for n in names}
        near = [folded[n] for n in difflib.get_close_matches(key.casefold(), list(folded), n=3, cutoff=0.5)]
        near += [n for n in names if key.casefold() in n.casefold() and n not in near][:3 - len(near)]
        raise LibraryError(f"no {ruleset} card named {shown(key)} in the card library"
                           + (f"; nearest: {', '.join(map(repr, near))}" if near else ""),
                           expected="a card's name or code as rulekit cards search shows it")
    first = found[0]
    if any((c.text, c.type, c.fields) != (first.text, first.type, first.fields) for c in found[1:]):
        codes = ", ".join(c.code for c in found[:8])
        raise LibraryError(f"the name {shown(key)} names {len(found)} different {ruleset} cards in the library "
                           f"(codes {codes})", expected="the card's code instead of its name")
    return first


def card_keys(card: LibraryCard, rules) -> dict:
    """The keys a scenario file gives ``card``: ``title``, ``type``, ``traits``, its game's own
    fields that the card's ruleset has (a field its text's keywords set is left to the text), and
    ``text``."""
    from rulekit.core.cardtext import keyword_fields
    from_text = set(keyword_fields(rules))
    keys: dict = {"title": card.name}
    if card.type:
        keys["type"] = card.type
    traits = card.fields.get("traits")
    if traits:
        keys["traits"] = list(traits)
    for name, value in card.fields.items():
        if name in rules.card_fields and name not in from_text and value is not None:
            keys[name] = value
    if card.text.strip():
        keys["text"] = card.text
    return keys
