"""rulekit's own card-list format, as JSON or CSV, and ``--map FIELD=COLUMN`` to read another
list's columns.

Each card has ``name`` (required), ``code`` (default: its name), ``type``, ``text`` (its printed
text) and ``tags`` (its traits or tags: a list, or in CSV one cell separated by ``;`` or ``,``),
and its game's printed numbers and marks — Riftbound: ``might``, ``cost`` (its Energy cost);
A Game of Thrones: ``strength``, ``cost``, ``faction``, ``unique``. The JSON form is an object
``{"format": "rulekit-cards/1", "ruleset": "riftbound", "cards": [...]}`` (or a bare list of cards,
with ``--ruleset``); the CSV form has a header row naming the columns (comma-, semicolon- or
tab-separated) and needs ``--ruleset``. A key or column the format does not know is refused in
the JSON form, and ignored where ``--map`` is given or in CSV (other lists have columns of their
own). ``--map might=Power`` reads the field ``might`` from the column (or key) ``Power``."""
from __future__ import annotations

import csv
import io

from rulekit.core.errors import shown
from rulekit.library.errors import LibraryError
from rulekit.library.records import Entry, Record, card_count

#: the ``format`` of rulekit's own card-list JSON
OWN_FORMAT = "rulekit-cards/1"
COMMON = ("name", "code", "type", "text", "tags")
#: each game's printed numbers and marks in the format
PRINTED = {"agot": ("strength", "cost", "faction", "unique"), "riftbound": ("might", "cost")}


def fields_of(ruleset: str) -> tuple[str, ...]:
    return COMMON + PRINTED.get(ruleset, ())


def parse_map(texts: list[str], ruleset: str) -> dict[str, str]:
    """``--map FIELD=COLUMN`` options as {field: column}, each field a field of the format."""
    from rulekit.core.scenario import suggest
    known = fields_of(ruleset)
    out: dict[str, str] = {}
    for text in texts or ():
        field, sep, column = text.partition("=")
        field, column = field.strip(), column.strip()
        if not sep or not field or not column:
            raise LibraryError(f"--map {shown(text)}: write FIELD=COLUMN (the format's field, the list's column)",
                               expected="for example --map might=Power")
        if field not in known:
            raise LibraryError(f"--map {shown(text)}: {shown(field)} is not a field of rulekit's card list"
                               f"{suggest(field, known)}", expected="one of " + ", ".join(known))
        if field in out:
            raise LibraryError(f"--map: the field {field!r} is mapped twice ({shown(out[field])} and {shown(column)})")
        out[field] = column
    return out


def _agot_fields(r: Record, get) -> dict:
    from rulekit.library.formats import faction
    return dict(strength=r.number("strength", get("strength"), allow_x=True),
                cost=r.number("cost", get("cost"), allow_x=True),
                faction=faction(r, "faction", get("faction")), unique=r.flag("unique", get("unique")))


def _riftbound_fields(r: Record, get) -> dict:
    return dict(might=r.number("might", get("might")), energy_cost=r.number("cost", get("cost")))


#: each game's printed numbers and marks, read from a record of the list (the columns of PRINTED)
PRINTED_READERS = {"agot": _agot_fields, "riftbound": _riftbound_fields}


def _entry(r: Record, ruleset: str, get) -> Entry:
    name = r.line("name", get("name"), required=True)
    fields: dict = {"traits": r.words("tags", get("tags"))}
    reader = PRINTED_READERS.get(ruleset)
    if reader is not None:
        fields.update(reader(r, get))
    kind = r.line("type", get("type"), limit=40)
    return Entry(code=r.line("code", get("code"), limit=64) or name, name=name,
                 type=kind.lower() if kind else None, text=r.text("text", get("text")),
                 fields={k: v for k, v in fields.items() if v not in (None, [])})


def _ruleset(given: str | None, named, path: str) -> str:
    from rulekit import rulesets
    from rulekit.core.scenario import suggest
    if named is not None and not isinstance(named, str):
        raise LibraryError(f"'ruleset' must be a ruleset's name, not {shown(named)}", file=path)
    if given and named and given != named:
        raise LibraryError(f"--ruleset {given} but the card list says ruleset {shown(named)}", file=path,
                           expected="the list's own ruleset, or no --ruleset")
    chosen = given or named
    if not chosen:
        raise LibraryError("the card list does not say which game its cards are of", file=path,
                           expected="--ruleset " + " or ".join(rulesets.names()))
    if chosen not in rulesets.names():
        raise LibraryError(f"unknown ruleset {shown(chosen)}{suggest(chosen, rulesets.names())}", file=path,
                           expected="one of " + ", ".join(rulesets.names()))
    return chosen


def own_json(data, path: str, ruleset: str | None, mapping: list[str]) -> tuple[str, list[Entry]]:
    """rulekit's card-list JSON (see the module docstring)."""
    named = None
    if isinstance(data, dict):
        unknown = sorted(set(data) - {"format", "ruleset", "cards"})
        if data.get("format") != OWN_FORMAT:
            raise LibraryError(f"'format' is {shown(data.get('format'))}, not rulekit's card list", file=path,
                               expected=f"format: {OWN_FORMAT}")
        if unknown:
            raise LibraryError(f"unknown key {shown(unknown[0])} at the top level", file=path,
                               expected="format, ruleset, cards")
        named = data.get("ruleset")
        if "cards" not in data:
            raise LibraryError("no 'cards' list", file=path, expected="an object with a 'cards' list")
        data = data["cards"]
    chosen = _ruleset(ruleset, named, path)
    columns = parse_map(mapping, chosen)
    known = fields_of(chosen)
    out = []
    for i, raw in enumerate(card_count(data, path)):
        r = Record(path, i, raw)
        if not isinstance(raw, dict):
            raise r.error("(record)", f"a card must be an object, not {type(raw).__name__}")
        if not mapping:
            for key in raw:
                if key not in known:
                    from rulekit.core.scenario import suggest
                    raise r.error(str(key), f"unknown key {shown(key)}{suggest(str(key), known)}",
                                  "one of " + ", ".join(known) + " (or --map FIELD=KEY)")
        out.append(_entry(r, chosen, lambda f, raw=raw: raw.get(columns.get(f, f))))
    return chosen, out


def csv_list(text: str, path: str, ruleset: str | None, mapping: list[str]) -> tuple[str, list[Entry]]:
    """A card list in CSV (see the module docstring): one card a row after the header."""
    chosen = _ruleset(ruleset, None, path)
    columns = parse_map(mapping, chosen)
    first = text.split("\n", 1)[0]
    delimiter = "\t" if path.lower().endswith(".tsv") else max(",;\t", key=first.count)
    rows = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        header = next(rows, None)
        if not header or not any(h.strip() for h in header):
            raise LibraryError("the CSV file has no header row naming its columns", file=path, line=1,
                               expected="a first row such as: name,type,might,tags,text,code")
        header = [h.strip() for h in header]
        twice = sorted({h for h in header if h and header.count(h) > 1})
        if twice:
            raise LibraryError(f"the column {shown(twice[0])} appears twice in the header", file=path, line=1)
        for field, column in columns.items():
            if column not in header:
                raise LibraryError(f"--map {field}={shown(column)}: the file has no column {shown(column)}", file=path,
                                   line=1, expected="one of its columns: " + ", ".join(map(repr, header)))
        wanted = {f: columns.get(f, f) for f in fields_of(chosen)}
        if wanted["name"] not in header:
            raise LibraryError(f"no column {wanted['name']!r}: every card needs a name", file=path, line=1,
                               expected="a 'name' column, or --map name=COLUMN")
        out = []
        for i, row in enumerate(rows):
            if not any(cell.strip() for cell in row):
                continue
            line = rows.line_num
            cells = dict(zip(header, row))
            raw = {f: cells.get(c) for f, c in wanted.items()}
            r = Record(path, len(out), raw, line)
            if len(row) > len(header):
                raise r.error("(row)", f"has {len(row)} cells but the header names {len(header)} columns")
            out.append(_entry(r, chosen, lambda f, raw=raw: raw.get(f) if raw.get(f) not in ("",) else None))
            card_count(out, path)
    except csv.Error as e:
        raise LibraryError(f"this is not a CSV file rulekit reads: {e}", file=path, line=rows.line_num) from None
    return chosen, out
