"""Stable identities: every id the engine creates is derived from its cause, never from a counter.

The same scenario with the same answers gives the same ids in every process, so graphs,
recorded answers and the explorer can refer to an object across runs and across edits of
unrelated parts of the board.

- a card object: its card id, plus ``@n`` once it has become a new object n times;
- a script occurrence: ``s:`` + its declared id, or one derived from what it does;
- a sequence: the occurrence that opened it (a script entry, or ``<use>/cost<i>``,
  ``<use>/effect<i>`` for the i-th instruction of an ability's cost or effect);
- a triggering condition: ``<sequence>:<event>:<subject>``;
- a window: ``<sequence>:<kind>``;
- a use of an ability: ``<card object>.<ability>@<triggering condition>``;
- an ability to play (an option): ``<card>.<ability>``; on the Chain, the item it makes:
  ``<card object>.<ability>@<window>#<n>``; a Chain: ``chain:<window>#<n>`` or ``chain:<group>``;
- a token an effect creates: ``token-<slug of its title>-<n>``;
- a chance outcome: the card objects it takes or puts on top, in order, joined by ``+``.

Ids derived from causes grow with every round of a loop (``a.x@…b.y@…a.x@…``). Every id
shorter than :data:`MAX_ID` characters keeps exactly the form above; a longer one is folded
(:func:`fold`) into its first :data:`HEAD` characters, ``~`` and a BLAKE2b digest of the whole
id, so ids stay deterministic in every process and bounded in length. The head keeps the
card object and ability a use starts with, which is all the engine ever reads back from an id.

Ids are taken apart only here: :func:`parse_use`, :func:`parse_condition`, :func:`card_id` and
the rest read an id back into its parts, and :func:`sub_ids` finds the ids in a sentence, so no
other module splits an id or runs a regular expression on one (a test checks).
"""
from __future__ import annotations

import re
from typing import Callable, Collection

from rulekit.core.frozen import immutable

MAX_ID = 256     #: ids shorter than this keep their full form
HEAD = 160       #: characters of a folded id kept as they were
FOLD_MARK = "~"  #: what separates a folded id's head from its digest


def fold(text: str) -> str:
    """``text`` itself when shorter than :data:`MAX_ID`; otherwise its head, ``~`` and a
    20-hex-digit BLAKE2b digest of all of it (never Python's ``hash()``, which changes per
    process). The result is at most ``HEAD + 21`` characters."""
    if len(text) < MAX_ID:
        return text
    from hashlib import blake2b     # only long ids need it (importing hashlib loads OpenSSL: ~3 ms at start-up)
    digest = blake2b(text.encode("utf-8", "surrogatepass"), digest_size=10).hexdigest()
    return f"{text[:HEAD]}{FOLD_MARK}{digest}"


def card_object(card_id: str, incarnation: int) -> str:
    return card_id if incarnation == 0 else f"{card_id}@{incarnation}"


def script_occurrence(slug: str) -> str:
    return fold(f"s:{slug}")


def instruction_sequence(use_id: str, part: str, index: int) -> str:
    return fold(f"{use_id}/{part}{index}")


def after_part_sequence(use_id: str, part: str) -> str:
    return fold(f"{use_id}/{part}")


def triggering_condition(sequence_id: str, event: str, subject: str) -> str:
    return fold(f"{sequence_id}:{event.replace(' ', '-')}:{subject}")


def window(sequence_id: str, kind: str) -> str:
    return fold(f"{sequence_id}:{kind.replace(' ', '-')}")


def forced_step(sequence_id: str, step: str) -> str:
    return fold(f"{sequence_id}:{step.replace(' ', '-')}")


def use(card_obj: str, ability_id: str, responds_to: str) -> str:
    text = f"{card_obj}.{ability_id}@{responds_to}"
    return text if len(text) < MAX_ID else fold(text)


def nested(use_id: str, part: str) -> str:
    """``<use>/<part>``, not folded: what a use's replacement (``instead``), a target slot or a
    delayed effect of it is named."""
    return f"{use_id}/{part}"


def ability_ref(card_id: str, ability_id: str) -> str:
    """``c3.r1``: an ability named by its card, as an option to play it is."""
    return f"{card_id}.{ability_id}"


def chain_item(card_obj: str, ability_id: str, window_id: str, number: int) -> str:
    """The Chain item a player adds in ``window_id`` at its ``number``-th priority opportunity."""
    return f"{card_obj}.{ability_id}@{window_id}#{number}"


def chain(window_id: str, number: int | None = None) -> str:
    """A Chain: started by a player in a window (``chain:<window>#<n>``) or by triggered
    abilities of an event group (``chain:<group>``)."""
    return f"{CHAIN_PREFIX}{window_id}" if number is None else f"{CHAIN_PREFIX}{window_id}#{number}"


def open_window(group: str) -> str:
    """The turn player's open priority after the events of ``group``."""
    return f"open:{group}"


def order_decision(frame_id: str) -> str:
    """The decision that orders the triggered abilities waiting in a frame."""
    return f"{frame_id}:order"


#: what joins the card objects of one chance outcome (``h1+h3``; rule ``rulekit.chance``)
OUTCOME_JOIN = "+"


def chance_outcome(card_objs) -> str:
    """A chance outcome's id: its card objects in order, joined (``("h1", "h3")`` → ``"h1+h3"``)."""
    return OUTCOME_JOIN.join(card_objs)


def outcome_cards(outcome: str) -> tuple[str, ...]:
    """The card objects of a chance outcome's id, in order (``"h1+h3"`` → ``("h1", "h3")``)."""
    return tuple(part for part in outcome.split(OUTCOME_JOIN) if part) if outcome else ()


def token_slug(title: str) -> str:
    """A token's title as it appears in its id: letters and digits, lower case, ``-`` between."""
    return "".join(ch if ch.isalnum() else "-" for ch in title.lower()).strip("-")


def token(slug: str, n: int) -> str:
    """The ``n``-th token of that title: ``token-recruit-1``."""
    return f"{TOKEN_PREFIX}{slug}-{n}"


def tokens_so_far(card_ids, slug: str) -> int:
    """How many of ``card_ids`` start as the ids of tokens of that title do (``token-<slug>-``)."""
    return sum(1 for card in card_ids if card.startswith(f"{TOKEN_PREFIX}{slug}-"))


# -- reading ids back ----------------------------------------------------------------------------------
CHAIN_PREFIX = "chain:"
SCRIPT_PREFIX = "s:"
TOKEN_PREFIX = "token-"
_NAME = r"[A-Za-z0-9_\-]+"            #: a card, ability or occurrence id as a scenario writes it
_NAME_RE = re.compile(_NAME)
_OBJECT_RE = re.compile(rf"({_NAME})(?:@(\d+))?")
_USE_RE = re.compile(rf"({_NAME}(?:@\d+)?)\.({_NAME})(?:@(.*))?", re.S)
_PART_RE = re.compile(r"(effect|cost)\d+")


def is_name(text: str) -> bool:
    """Whether ``text`` may be a card's, an ability's or a script entry's id: letters, digits,
    ``_`` and ``-``."""
    return _NAME_RE.fullmatch(text) is not None


def is_card_object(text: str) -> bool:
    """Whether ``text`` has the form of a card object: ``c3`` or ``c3@1``."""
    return _OBJECT_RE.fullmatch(text) is not None


def card_id(obj: str) -> str:
    """The card of a card object (``c3@1`` → ``c3``); an id that is not one comes back as the text
    before its first ``@``."""
    return obj.partition("@")[0]


def new_object(obj: str) -> tuple[str, int] | None:
    """``cinderwing@1`` → ``("cinderwing", 1)``: a card and how often it has become a new object;
    ``None`` unless ``obj`` names a new object."""
    m = _OBJECT_RE.fullmatch(obj)
    return (m[1], int(m[2])) if m is not None and m[2] is not None else None


@immutable
class Use:
    """A use of an ability (or a Chain item, or an ability to play) read back: ``obj`` the card
    object, ``ability`` its ability id, ``responds_to`` what follows the second ``@`` (the
    triggering condition, sequence or window), ``None`` for ``<card>.<ability>``."""

    obj: str
    ability: str
    responds_to: str | None = None

    @property
    def card(self) -> str:
        return card_id(self.obj)

    @property
    def head(self) -> str:
        """``<card object>.<ability>``: the ability, whatever it responds to."""
        return f"{self.obj}.{self.ability}"


def parse_use(text: str) -> Use | None:
    """``c7@1.r1@s:claim:killed:c3`` → ``Use("c7@1", "r1", "s:claim:killed:c3")``; ``c7.r1`` →
    ``Use("c7", "r1")``; ``None`` for an id that does not start with a card object and ability."""
    m = _USE_RE.fullmatch(text)
    return None if m is None else Use(m[1], m[2], m[3])


def initiated(sequence_id: str) -> Use | None:
    """The use whose effect initiates in ``sequence_id`` (``<use>/initiation``), else ``None``."""
    use_id, sep, part = sequence_id.rpartition("/")
    return parse_use(use_id) if sep and part == "initiation" else None


def use_head(use_id: str) -> str:
    """``<card object>.<ability>`` of a use (or Chain item); any other id as it is."""
    use = parse_use(use_id)
    return use_id if use is None else use.head


@immutable
class Condition:
    """A triggering condition read back: the sequence it occurred in, its event (in its id's
    form, ``-`` for spaces) and its subject (a card object, a player, a phase, or empty)."""

    sequence: str
    event: str
    subject: str


def parse_condition(tc_id: str, events: Collection[str]) -> Condition | None:
    """``s:claim:killed:c3`` → ``Condition("s:claim", "killed", "c3")`` when ``killed`` is one
    of ``events`` (event words as ids write them); ``None`` for an id that is not a triggering
    condition (a sequence or window, answered by a "one or more" ability)."""
    sequence, sep, subject = tc_id.rpartition(":")
    sequence, sep2, event = sequence.rpartition(":")
    if sep and sep2 and event in events and "/" not in subject:
        return Condition(sequence, event, subject)
    return None


def outermost(any_id: str) -> str:
    """The id up to its first ``/``: what a nested sequence, window or condition grew from."""
    return any_id.partition("/")[0]


def nested_part(any_id: str) -> str:
    """What follows an id's first ``/``: the part of a use a nested id names (``effect0``,
    ``initiation``, ``effect0:kneels:c5``); ``""`` for an id with none."""
    return any_id.partition("/")[2]


def owner_of_part(part_id: str) -> str:
    """The id a ``<id>/<part>`` id (a delayed effect, a target slot) belongs to."""
    return part_id.rpartition("/")[0]


def last_part(any_id: str) -> str:
    """What follows the last ``:`` of an id: a window's kind, a condition's subject (``-`` for spaces)."""
    return any_id.rpartition(":")[2]


def derived_part(any_id: str, base: str) -> str | None:
    """What follows ``<base>:`` in an id derived from ``base`` (``s:claim:reaction``, ``s:claim``
    → ``reaction``); ``None`` for an id not derived from it."""
    prefix = f"{base}:"
    return any_id[len(prefix):] if any_id.startswith(prefix) else None


def is_chain(any_id: str) -> bool:
    return any_id.startswith(CHAIN_PREFIX)


def is_script_occurrence(any_id: str) -> bool:
    """Whether ``any_id`` is a script entry's occurrence itself (``s:claim``), nothing derived from it."""
    return any_id.startswith(SCRIPT_PREFIX) and any_id.count(":") == 1


def is_token(card: str) -> bool:
    """Whether a card id is one of a token an effect created."""
    return card.startswith(TOKEN_PREFIX)


def parse_token(card: str) -> tuple[str, int] | None:
    """``token-recruit-2`` → ``("recruit", 2)``; ``None`` for a card id that is not a token's."""
    if not is_token(card) or "@" in card:
        return None
    slug, _, number = card[len(TOKEN_PREFIX):].rpartition("-")
    return (slug, int(number)) if number.isdecimal() else None


def is_instruction_part(text: str) -> bool:
    """Whether ``text`` names an instruction of an ability: ``effect0``, ``cost1``."""
    return _PART_RE.fullmatch(text) is not None


# -- ids in sentences ------------------------------------------------------------------------------------
_TOKEN_BODY = rf"({_NAME}(?:[.@:/#]{_NAME})+)"
_TOKEN_RE = {"#": re.compile(rf"(?<![\w'#]){_TOKEN_BODY}"), "": re.compile(rf"(?<![\w']){_TOKEN_BODY}")}
_PAREN_RE = re.compile(r" ?\(([^()\s]+)\)")
_PART_OF_RE = re.compile(r"\((?:effect|cost)\d+ of ")
_PART_OF_ID_RE = re.compile(r"\((?:effect|cost)\d+ of ([^()\s]+)\)")
_QUOTED_RE = re.compile(r"'([^'\s]+)'")
_NUMBERS_RE = re.compile(r"[\d.:]+")


def is_compound(token: str) -> bool:
    """Whether ``token`` has the form of a compound engine id (``c6.r1@s:claim:killed:c3``,
    ``s:claim``): names joined by ``.``, ``@``, ``:``, ``/`` or ``#``."""
    return _TOKEN_RE[""].fullmatch(token) is not None


def is_numbers(token: str) -> bool:
    """Whether ``token`` is only digits, ``.`` and ``:`` (``1.5``, ``10:30``): a number, not an id."""
    return _NUMBERS_RE.fullmatch(token) is not None


def sub_ids(text: str, name: Callable[[str], str], *, after_hash: bool = True) -> str:
    """``text`` with every compound id replaced by ``name(id)``. An id right after a letter or
    ``'`` (or, unless ``after_hash`` is false, ``#``) is part of a word and left alone."""
    return _TOKEN_RE["#" if after_hash else ""].sub(lambda m: name(m.group(1)), text)


def without_part_of(text: str) -> str:
    """``text`` with each ``"(effect0 of "`` (an instruction of a use, named next) made ``"("``."""
    return _PART_OF_RE.sub("(", text)


def sub_part_of(text: str, name: Callable[[str], str | None]) -> str:
    """``text`` with each ``"(effect0 of <id>)"`` made ``"(<name(id)>)"``, or left where that is ``None``."""
    def named(m):
        new = name(m.group(1))
        return m.group(0) if new is None else f"({new})"
    return _PART_OF_ID_RE.sub(named, text)


def sub_bracketed(text: str, drop: Callable[[str], bool]) -> str:
    """``text`` without each bracketed id (``"Ser Jaime (c3)"`` → ``"Ser Jaime"``) that ``drop``
    says to drop, repeated until none is left."""
    return rename_bracketed(text, lambda token: "" if drop(token) else None)


def rename_bracketed(text: str, name: Callable[[str], str | None]) -> str:
    """``text`` with each bracketed id (``" (c3)"``) replaced by ``name(id)`` — ``""`` drops it,
    ``None`` keeps it — repeated until nothing changes."""
    def renamed(m):
        new = name(m.group(1))
        return m.group(0) if new is None else new
    before = None
    while before != text:
        before, text = text, _PAREN_RE.sub(renamed, text)
    return text


def sub_quoted(text: str, name: Callable[[str], str | None]) -> str:
    """``text`` with each quoted id (``'c6.r1@…'``) replaced by ``name(id)``, or left as it is
    where that is ``None``."""
    def quoted(m):
        named = name(m.group(1))
        return m.group(0) if named is None else named
    return _QUOTED_RE.sub(quoted, text)
