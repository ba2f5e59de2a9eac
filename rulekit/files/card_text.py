"""A card's printed ``text:`` in a scenario file (rule ``rulekit.card-text``).

A card may give only its printed text: its abilities (and the card fields its keywords set, such
as A Game of Thrones' ``terminal``) are read from it when the file loads, by its ruleset's reader
(:mod:`rulekit.core.cardtext`). A card that gives both its text and its abilities is checked: the
two must say the same (ids and wording aside), or the file is refused naming the card and both
readings. A phrase the reader cannot read is refused at its own line and column in the file, with
the nearest wording the reader knows.
"""
from __future__ import annotations

import dataclasses

from rulekit.core.errors import ScenarioError, shown

#: the key of a card's printed text in a file
TEXT_KEY = "text"


@dataclasses.dataclass(frozen=True)
class CardText:
    """A card's ``text:`` taken out of its mapping before validation: the text, the card's own keys
    the file wrote (which the text's keywords must then agree with), and whether it wrote abilities."""

    index: int
    text: str
    written: frozenset
    abilities_written: bool


def take(data: dict, marks: dict, file) -> list[CardText]:
    """Take each card's ``text:`` out of its mapping (in place), checking it is text."""
    from rulekit.files.locate import _at
    cards = data.get("cards")
    out = []
    for i, card in enumerate(cards if isinstance(cards, list) else ()):
        if not isinstance(card, dict) or TEXT_KEY not in card:
            continue
        text = card.pop(TEXT_KEY)
        if not isinstance(text, str) or not text.strip():
            raise _at(("cards", i, TEXT_KEY), marks, file, f"a card's text is its printed text, not {shown(text)}",
                      "the card's printed text, as a string")
        out.append(CardText(i, text, frozenset(card), "abilities" in card))
    return out


def _phrase_mark(source: str | None, mark, phrase: str):
    """The line and column of ``phrase`` in the file: its first occurrence from the text's own
    mark on (the text as written in a single-line or block scalar), else the text's mark."""
    if mark is None:
        return None, None
    if source and phrase:
        lines = source.splitlines()
        for n in range(mark.line - 1, min(len(lines), mark.line + 200)):
            start = mark.column - 1 if n == mark.line - 1 else 0
            at = lines[n].find(phrase, start)
            if at >= 0:
                return n + 1, at + 1
    return mark.line, mark.column


def _words(rules, abilities, title: str) -> str:
    from rulekit.core.cardtext import CardTextError, ReadCard, write_card
    try:
        return repr(write_card(rules, ReadCard(tuple(abilities)), title))
    except CardTextError:
        return "abilities rulekit cannot word"


def read_into(rules, card, text, written=frozenset(), path: str = "", abilities_written: bool | None = None):
    """``card`` with the abilities and keyword fields its printed ``text`` reads as, or (where it
    has abilities: ``abilities_written``) checked against them; ``written``: the card's own keys
    given beside the text, which the keywords read must agree with. Raises :class:`CardTextError`
    for a phrase not read and :class:`ScenarioError` at ``path`` for a disagreement."""
    from rulekit.core.cardtext import CardTextError, read_card, same_abilities
    from rulekit.core.frozen import replace
    if not isinstance(text, str) or not text.strip():
        raise ScenarioError(f"a card's text is its printed text, not {shown(text)}", path=f"{path}.text",
                            expected="the card's printed text, as a string")
    if abilities_written is None:
        abilities_written = bool(card.abilities)
    try:
        read = read_card(rules, text, card.title)
    except CardTextError as e:
        raise e.located(path=f"{path}.text") from None
    who = f"card {card.id!r} ({card.title})"
    if abilities_written:
        if not same_abilities(card.abilities, read.abilities):
            raise ScenarioError(f"{who}: its abilities and its text say different things: the text reads as "
                                f"{_words(rules, read.abilities, card.title)}, the abilities as "
                                f"{_words(rules, card.abilities, card.title)}", path=f"{path}.abilities",
                                expected="abilities that say what the text says, or only one of the two")
    else:
        card = replace(card, abilities=read.abilities)
    own = {}
    for name, value in read.fields:
        if name in written:
            if getattr(card, name) != value:
                raise ScenarioError(f"{who}: {name} is {shown(getattr(card, name))}, but its text says {shown(value)}",
                                    path=f"{path}.{name}", expected=f"{name}: {value!r}, as the text says, or no {name} key")
        else:
            own[name] = value
    return card.changed(**own) if own else card


def apply(document, texts: list[CardText], marks: dict, file, source: str | None = None):
    """The document with each card's abilities (and keyword fields) read from its text, or checked
    against it (:func:`read_into`); a phrase not read is refused at its place in the file."""
    if not texts:
        return document
    from rulekit.core.cardtext import CardTextError
    from rulekit.files.cardkeys import _ruleset
    from rulekit.files.locate import _locate, _mark_for
    rules = _ruleset(document.ruleset)
    if rules is None:
        return document
    cards = list(document.cards)
    for entry in texts:
        path = f"cards[{entry.index}]"
        try:
            cards[entry.index] = read_into(rules, cards[entry.index], entry.text, entry.written, path,
                                           entry.abilities_written)
        except CardTextError as e:
            line, column = _phrase_mark(source, _mark_for(("cards", entry.index, TEXT_KEY), marks), e.phrase)
            raise e.located(file=file, line=line, column=column) from None
        except ScenarioError as e:
            raise _locate(e, marks, file) from None
    return dataclasses.replace(document, cards=tuple(cards))


__all__ = ["CardText", "ScenarioError", "TEXT_KEY", "abilities_data", "apply", "card_data", "read_into", "take"]


def abilities_data(abilities) -> list[dict]:
    """Abilities as a scenario file writes them (only what differs from the defaults)."""
    from pydantic import TypeAdapter

    from rulekit.core.abilities import Ability
    adapter = TypeAdapter(tuple[Ability, ...])
    return adapter.dump_python(tuple(abilities), mode="json", exclude_defaults=True)


def card_data(read) -> dict:
    """What a card's text was read as, as the keys of a card in a scenario file: the fields its
    keywords set, then its abilities."""
    return {**{name: value for name, value in read.fields}, "abilities": abilities_data(read.abilities)}
