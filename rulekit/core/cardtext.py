"""Card text in, abilities out: the seam every ruleset's reader and writer of printed card text
sits behind (rule ``rulekit.card-text``).

A ruleset that reads card text gives, from :meth:`CardTextReading.card_text`, a module with two
functions:

``read(text, title) -> ReadCard``
    the card's printed text (its title standing for "this card" where the text names it) as
    abilities of the scenario model, the card's own fields its keywords set, and the keywords
    it reads but does not simulate; or :class:`CardTextError` naming the first phrase it could not
    read and the nearest wording it knows. It never returns a different ability than the text says.
``write(card, title) -> str``
    a :class:`ReadCard` as canonical text: the wording ``read`` gives back the same card from.

This module holds what both games share: the result, the error, the text's normal form (quotes,
dashes, spaces and the card's own name), the ids parsed abilities get, the comparison that
ignores ids and wording, and the grammar library's parser, built once per grammar file and
imported only when text is read (``import rulekit`` imports no parser library).
"""
from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass
from pathlib import Path

from rulekit.core.abilities import Ability, Instruction
from rulekit.core.errors import ScenarioError, shortened
from rulekit.core.frozen import immutable, replace

#: what the text's own name for "this card" becomes before a grammar reads it
SELF_MARK = "~"


@immutable
class ReadCard:
    """What a card's printed text says, in the scenario model.

    ``fields``: the card's own fields its keywords set, as (name, value) pairs (A Game of Thrones:
    ``("terminal", True)``); ``unmodelled``: keywords and phrases read and recognised but not
    simulated (``"Ambush (3)"``), each shown as such wherever the card is shown."""

    abilities: tuple[Ability, ...] = ()
    fields: tuple[tuple[str, object], ...] = ()
    unmodelled: tuple[str, ...] = ()


class CardTextError(ScenarioError):
    """Card text rulekit could not read: ``phrase`` is the first phrase it could not read, at
    ``offset`` (0-based) in ``text``; ``nearest`` the closest wording its reader knows (or None).
    A file that gives the text locates the error at the phrase's own line and column."""

    def __init__(self, problem: str, *, text: str = "", phrase: str = "", offset: int = 0,
                 nearest: str | None = None, **where):
        self.text = text
        self.phrase = phrase
        self.offset = offset
        self.nearest = nearest
        super().__init__(problem, **where)

    @classmethod
    def unread(cls, text: str, offset: int, wordings: tuple[str, ...] = (), why: str = "") -> "CardTextError":
        """The error for ``text`` read up to ``offset``: the phrase named is the clause around it
        (from the last clause mark before it to the next one after it)."""
        start, end = clause_at(text, offset)
        phrase = text[start:end].strip() or text[offset:offset + 40].strip() or "(the end of the text)"
        near = nearest(phrase, wordings)
        problem = f"cannot read {shortened(phrase, 120)!r} (character {start + 1} of the card text)"
        if why:
            problem += f": {why}"
        return cls(problem, text=text, phrase=phrase, offset=start, nearest=near,
                   expected=f"a wording rulekit reads, nearest {near!r}" if near else None)

    def located(self, *, file=None, line=None, column=None, path=None) -> "CardTextError":
        return CardTextError(
            self.problem, text=self.text, phrase=self.phrase, offset=self.offset, nearest=self.nearest,
            path=self.path or (path or ""), file=self.file or file,
            line=self.line if self.line is not None else line,
            column=self.column if self.column is not None else column, expected=self.expected)


_CLAUSE_MARKS = re.compile(r"[.:;,—–()]|\bthen\b|\bto\b", re.IGNORECASE)


def clause_at(text: str, offset: int) -> tuple[int, int]:
    """The clause of ``text`` around ``offset``: after the last clause mark (. : ; , — ( ) "then"
    "to") before it, up to the next one after it."""
    offset = max(0, min(offset, len(text)))
    start = 0
    for m in _CLAUSE_MARKS.finditer(text, 0, offset):
        start = m.end()
    m = _CLAUSE_MARKS.search(text, offset)
    end = m.start() if m else len(text)
    if end <= start:
        end = len(text)
    while start < end and text[start] == " ":
        start += 1
    return start, end


def nearest(phrase: str, wordings: tuple[str, ...]) -> str | None:
    """The known wording closest to ``phrase`` (case and spacing ignored), if any is close."""
    if not wordings:
        return None
    key = " ".join(phrase.lower().split())
    folded = {" ".join(w.lower().split()): w for w in wordings}
    found = difflib.get_close_matches(key, list(folded), n=1, cutoff=0.3)
    if found:
        return folded[found[0]]
    # a short phrase inside a long wording: the wording that shares most words with it
    words = set(key.split())
    best = max(wordings, key=lambda w: (len(words & set(w.lower().split())), -len(w)))
    return best if words & set(best.lower().split()) else None


# == the text's normal form ===========================================================================
_SAME_LENGTH = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " ",
                              "\u2013": "—", "\t": " ", "\n": " ", "\r": " "})


@dataclass(frozen=True)
class Prepared:
    """A card text in the form a grammar reads: quotes, dashes and spaces made plain, and the
    card's title (where the text names its own card) replaced by :data:`SELF_MARK`. ``original``
    maps an offset of ``text`` back to the text as written."""

    text: str
    source: str
    marks: tuple[tuple[int, int], ...]     # (offset in text, characters the title took in source)

    def original(self, offset: int) -> int:
        shift = 0
        for at, width in self.marks:
            if at < offset:
                shift += width - len(SELF_MARK)
        return offset + shift


def prepare(text: str, title: str) -> Prepared:
    """``text`` in normal form for ``title``'s card (see :class:`Prepared`). The title is matched
    whole and case-sensitively, as a card prints it; a text holding :data:`SELF_MARK` itself is
    refused."""
    plain = text.translate(_SAME_LENGTH)
    if SELF_MARK in plain:
        raise CardTextError.unread(text, plain.index(SELF_MARK), why=f"{SELF_MARK!r} is not a word of card text")
    marks = []
    out = []
    i = 0
    name = title.translate(_SAME_LENGTH).strip()
    pattern = re.compile(r"(?<![\w'])" + re.escape(name) + r"(?![\w])") if name else None
    for m in (pattern.finditer(plain) if pattern else ()):
        out.append(plain[i:m.start()])
        marks.append((sum(map(len, out)), m.end() - m.start()))
        out.append(SELF_MARK)
        i = m.end()
    out.append(plain[i:])
    return Prepared("".join(out), text, tuple(marks))


def restore(words: str, title: str) -> str:
    """Canonical words with :data:`SELF_MARK` written back as the card's title."""
    return words.replace(SELF_MARK, title)


# == ids and comparison ============================================================================
def ability_ids(abilities: tuple[Ability, ...]) -> tuple[Ability, ...]:
    """Parsed abilities given ids a person can type in an answer: the timing's words
    (``reaction``, ``forced-interrupt``, ``deathknell``), numbered from the second of a kind on
    (``reaction-2``)."""
    seen: dict[str, int] = {}
    out = []
    for a in abilities:
        base = "deathknell" if a.deathknell else a.timing.value.replace(" ", "-")
        seen[base] = seen.get(base, 0) + 1
        out.append(replace(a, id=base if seen[base] == 1 else f"{base}-{seen[base]}"))
    return tuple(out)


def _bare_instruction(i: Instruction) -> Instruction:
    return replace(i, instead=tuple(map(_bare_instruction, i.instead)),
                   later=tuple(map(_bare_instruction, i.later)),
                   grant=bare(i.grant) if i.grant is not None else None)


def bare(ability: Ability) -> Ability:
    """``ability`` without what the text does not decide: its id and its wording (and those of
    an ability it grants)."""
    return replace(ability, id="", text="", effect=tuple(map(_bare_instruction, ability.effect)),
                   cost=tuple(map(_bare_instruction, ability.cost)))


def same_abilities(a: tuple[Ability, ...], b: tuple[Ability, ...]) -> bool:
    """Whether two lists of abilities say the same, ids and wording aside (in order)."""
    return tuple(map(bare, a)) == tuple(map(bare, b))


# == the grammar library =============================================================================
@functools.cache
def grammar_parser(path: str, start: str = "card"):
    """The parser of the grammar file at ``path``, built once per process (the grammar library is
    imported here, on the first card text read, not with ``import rulekit``), from the grammar as
    compiled once per installation (:mod:`rulekit.core.lalrcache`)."""
    from rulekit.core.lalrcache import earley_parser
    grammar = Path(path).read_text(encoding="utf-8")
    return earley_parser(grammar, start=start, lexer="dynamic", ambiguity="resolve", propagate_positions=True,
                         maybe_placeholders=False)


def parse_tree(path: str, prepared: Prepared, wordings: tuple[str, ...] = (), start: str = "card"):
    """``prepared.text`` parsed by the grammar at ``path``; a text the grammar does not read is a
    :class:`CardTextError` naming the phrase (in the text as written) and the nearest of
    ``wordings``."""
    from lark.exceptions import UnexpectedInput
    parser = grammar_parser(path, start)
    try:
        return parser.parse(prepared.text)
    except UnexpectedInput as e:
        at = getattr(e, "pos_in_stream", None)
        if at is None:
            at = len(prepared.text)
        raise CardTextError.unread(prepared.source, prepared.original(at), wordings) from None


# == the ruleset seam ===============================================================================
class CardTextReading:
    """A ruleset's reader and writer of printed card text (see the module docstring); a ruleset
    that reads none keeps this default."""

    def card_text(self):
        """The module with ``read`` and ``write`` for this ruleset's card text, or ``None``."""
        return None


def read_card(rules, text: str, title: str) -> ReadCard:
    """``text`` (the printed text of the card ``title``) read by ``rules``' reader, with ids given."""
    reader = rules.card_text()
    if reader is None:
        raise CardTextError(f"the {rules.title or rules.name} ruleset reads no card text: write the card's abilities")
    card = reader.read(text, title)
    return replace(card, abilities=ability_ids(card.abilities))


def given(card, read: ReadCard):
    """``card`` (a :class:`~rulekit.core.model.Card`) with the abilities and keyword fields ``read``
    from a printed text, in place of its own abilities."""
    card = replace(card, abilities=read.abilities)
    return card.changed(**dict(read.fields)) if read.fields else card


def keyword_fields(rules) -> tuple[str, ...]:
    """The card fields ``rules``' card text may set by a keyword (its reader's ``KEYWORD_FIELDS``;
    none where the ruleset reads no card text)."""
    reader = rules.card_text()
    return tuple(getattr(reader, "KEYWORD_FIELDS", ())) if reader is not None else ()


def write_card(rules, card: ReadCard, title: str) -> str:
    """``card`` as ``rules`` words it canonically."""
    writer = rules.card_text()
    if writer is None:
        raise CardTextError(f"the {rules.title or rules.name} ruleset writes no card text")
    return writer.write(card, title)
