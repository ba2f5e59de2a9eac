"""A card list imported: read in its format (:mod:`.formats`, :mod:`.tables`), every card's printed
text read by its ruleset's reader (:func:`rulekit.core.cardtext.read_card`) — a card it cannot
read is kept as ``refused`` with the reason, the phrase and the nearest wording, which is not an
import failure — and stored in one transaction (:mod:`.store`). A bad file stores nothing."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulekit.core.errors import shown
from rulekit.library.errors import LibraryError, bad_record
from rulekit.library.records import Entry, load_json, read_list
from rulekit.library.store import Library, LibraryCard

#: the formats ``rulekit cards import --format`` names
FORMAT_NAMES = ("throneteki", "riftcodex", "rulekit", "csv")


@dataclass(frozen=True)
class Imported:
    """What one import did: the file, its format and ruleset, and the cards stored."""

    file: str
    format: str
    ruleset: str
    cards: tuple[LibraryCard, ...]

    @property
    def parsed(self) -> int:
        return sum(c.status == "parsed" for c in self.cards)

    @property
    def refused(self) -> int:
        return sum(c.status == "refused" for c in self.cards)


def read_file(path: str, *, format: str | None = None, ruleset: str | None = None,
              mapping: list[str] = ()) -> tuple[str, str, list[Entry]]:
    """The cards of the card list at ``path``: (its format, its ruleset, its entries)."""
    from rulekit.library import formats, tables
    if format is not None and format not in FORMAT_NAMES:
        from rulekit.core.scenario import suggest
        raise LibraryError(f"unknown format {shown(format)}{suggest(format, FORMAT_NAMES)}",
                           expected="one of " + ", ".join(FORMAT_NAMES))
    text = read_list(path)
    if format is None and Path(path).suffix.lower() in (".csv", ".tsv"):
        format = "csv"
    if format == "csv":
        chosen, entries = tables.csv_list(text, path, ruleset, list(mapping))
    else:
        data = load_json(text, path)
        format = format or formats.detect(path, data)
        if format == "rulekit":
            chosen, entries = tables.own_json(data, path, ruleset, list(mapping))
        else:
            chosen, reader = formats.FORMATS[format]
            if ruleset and ruleset != chosen:
                raise LibraryError(f"--ruleset {ruleset}: a {format} card list holds {chosen} cards", file=path,
                                   expected=f"--ruleset {chosen}, or none")
            if mapping:
                raise LibraryError(f"--map reads rulekit's own card-list JSON or CSV, not the {format} format",
                                   file=path, expected="no --map, or --format rulekit / csv")
            entries = reader(data, path)
    _codes_once(entries, path)
    return format, chosen, entries


def _codes_once(entries: list[Entry], path: str) -> None:
    seen: dict[str, int] = {}
    for i, e in enumerate(entries):
        if e.code in seen:
            raise bad_record(path, i, {"code": e.code, "name": e.name}, "code",
                             f"the code {shown(e.code)} is also record {seen[e.code] + 1}'s: a code names one card",
                             "a code of its own")
        seen[e.code] = i


def read_data(card) -> dict:
    """What a reader read (a :class:`~rulekit.core.cardtext.ReadCard`), as a scenario file writes it."""
    from pydantic import TypeAdapter

    from rulekit.core.abilities import Ability
    abilities = TypeAdapter(tuple[Ability, ...]).dump_python(card.abilities, mode="json", exclude_defaults=True)
    return {"abilities": list(abilities), "fields": {k: v for k, v in card.fields},
            "unmodelled": list(card.unmodelled)}


def parse(ruleset: str, entry: Entry, source: str) -> LibraryCard:
    """``entry`` read by ``ruleset``'s reader: parsed, or refused with the reason."""
    from rulekit import rulesets
    from rulekit.core.cardtext import CardTextError, ReadCard, read_card
    common = dict(ruleset=ruleset, code=entry.code, name=entry.name, type=entry.type, text=entry.text,
                  fields=entry.fields, source=source)
    if not entry.text.strip():             # a card with no text box: it has no abilities to read
        return LibraryCard(status="parsed", read=read_data(ReadCard()), **common)
    try:
        card = read_card(rulesets.get(ruleset), entry.text, entry.name)
    except CardTextError as e:
        return LibraryCard(status="refused", refusal=e.problem, phrase=e.phrase or None, nearest=e.nearest, **common)
    return LibraryCard(status="parsed", read=read_data(card), **common)


def import_file(path: str, *, format: str | None = None, ruleset: str | None = None, mapping: list[str] = (),
                library: Library | None = None) -> Imported:
    """Read the card list at ``path``, parse every card and store them all (or, on a problem with
    the file, nothing)."""
    format, chosen, entries = read_file(path, format=format, ruleset=ruleset, mapping=mapping)
    source = str(Path(path).resolve())
    cards = tuple(parse(chosen, e, source) for e in entries)
    (library or Library()).store(list(cards))
    return Imported(path, format, chosen, cards)
