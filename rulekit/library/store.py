"""The card library's database (SQLite, the standard library's ``sqlite3``): one row per card of a
ruleset, keyed by the ruleset and the card's code, with its name, type, own fields (JSON), printed
text, whether its ruleset's reader read it (``parsed``) or not (``refused``, with the reason, the
phrase and the nearest wording), the abilities read (as a scenario file writes them) and the file
it came from. The schema is versioned (``PRAGMA user_version``); a database of a newer rulekit is
refused, not changed. An import is one transaction: a file is stored whole or not at all."""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from rulekit.library.errors import LibraryError
from rulekit.library.place import ENV, database_path

#: the version of the database's schema this rulekit writes and reads
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS cards (
    ruleset   TEXT NOT NULL,
    code      TEXT NOT NULL,
    name      TEXT NOT NULL,
    type      TEXT,
    fields    TEXT NOT NULL DEFAULT '{}',
    text      TEXT NOT NULL DEFAULT '',
    status    TEXT NOT NULL CHECK (status IN ('parsed', 'refused')),
    refusal   TEXT,
    phrase    TEXT,
    nearest   TEXT,
    abilities TEXT,
    source    TEXT NOT NULL,
    PRIMARY KEY (ruleset, code)
);
CREATE INDEX IF NOT EXISTS cards_by_name ON cards (ruleset, name);
"""

_COLUMNS = ("ruleset", "code", "name", "type", "fields", "text", "status", "refusal", "phrase", "nearest",
            "abilities", "source")


@dataclass(frozen=True)
class LibraryCard:
    """One card of the library. ``fields``: its own fields as rulekit names them (``traits``,
    ``strength``, ``faction``, ``might``…); ``read``: what its reader read — ``{"abilities": [...],
    "fields": {...}, "unmodelled": [...]}`` as a scenario file writes them — or ``None`` when
    refused, with ``refusal`` (the reader's message), ``phrase`` and ``nearest``."""

    ruleset: str
    code: str
    name: str
    type: str | None
    text: str
    status: str
    source: str
    fields: dict = field(default_factory=dict)
    refusal: str | None = None
    phrase: str | None = None
    nearest: str | None = None
    read: dict | None = None

    def row(self) -> tuple:
        return (self.ruleset, self.code, self.name, self.type, json.dumps(self.fields, ensure_ascii=False),
                self.text, self.status, self.refusal, self.phrase, self.nearest,
                None if self.read is None else json.dumps(self.read, ensure_ascii=False), self.source)

    @classmethod
    def from_row(cls, row) -> "LibraryCard":
        d = dict(zip(_COLUMNS, row))
        return cls(ruleset=d["ruleset"], code=d["code"], name=d["name"], type=d["type"], text=d["text"],
                   status=d["status"], source=d["source"], fields=json.loads(d["fields"] or "{}"),
                   refusal=d["refusal"], phrase=d["phrase"], nearest=d["nearest"],
                   read=None if d["abilities"] is None else json.loads(d["abilities"]))


def _fold(text):
    return text.casefold() if isinstance(text, str) else text


def _connect(path: Path, *, write: bool) -> sqlite3.Connection | None:
    if path.is_symlink():
        raise LibraryError("the card library's database is a symbolic link: rulekit does not write or read "
                           "through one", file=str(path), expected=f"a regular file, or set {ENV} to another directory")
    if not path.exists():
        if not write:
            return None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise LibraryError(f"cannot create the card library's directory: {e.strerror or e}",
                               file=str(path.parent), expected=f"a writable directory (set {ENV} to choose one)") from None
    elif not path.is_file():
        raise LibraryError("the card library's database is not a regular file", file=str(path))
    try:
        if write:
            conn = sqlite3.connect(str(path), isolation_level="DEFERRED")
        else:
            conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
        conn.create_function("fold", 1, _fold, deterministic=True)
        if _check_schema(conn, path, write) == 0 and not write:
            conn.close()
            return None             # an empty file: a library with no cards yet
    except sqlite3.DatabaseError as e:
        raise LibraryError(f"this is not a card library rulekit can read ({e})", file=str(path),
                           expected=f"the database rulekit cards import made, or set {ENV} to another directory") from None
    return conn


def _check_schema(conn: sqlite3.Connection, path: Path, write: bool) -> int:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        conn.close()
        raise LibraryError(f"the card library was written by a newer rulekit (schema {version}; this rulekit "
                           f"reads schema {SCHEMA_VERSION})", file=str(path), expected="a newer rulekit")
    if version == 0:
        tables = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        if tables:
            conn.close()
            raise LibraryError("this SQLite file is not a card library (it has tables of its own)", file=str(path),
                               expected=f"the database rulekit cards import made, or set {ENV} to another directory")
        if write:
            with conn:
                conn.executescript(_SCHEMA)
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            return SCHEMA_VERSION
    return version


class Library:
    """The card library at ``path`` (default: :func:`~rulekit.library.place.database_path`).
    Reading a library that does not exist yet finds nothing and creates nothing."""

    def __init__(self, path: "str | Path | None" = None):
        self.path = Path(path) if path is not None else database_path()

    def _read(self) -> sqlite3.Connection | None:
        return _connect(self.path, write=False)

    def store(self, cards: list[LibraryCard]) -> None:
        """Store ``cards`` (a card already there, same ruleset and code, is replaced) in one
        transaction: all of them, or none if anything fails."""
        conn = _connect(self.path, write=True)
        try:
            with conn:
                conn.executemany(f"INSERT OR REPLACE INTO cards ({', '.join(_COLUMNS)}) "
                                 f"VALUES ({', '.join('?' * len(_COLUMNS))})", [c.row() for c in cards])
        except sqlite3.Error as e:
            raise LibraryError(f"cannot write the card library ({e}); nothing was imported", file=str(self.path)) from None
        finally:
            conn.close()

    def _select(self, where: str = "", args: tuple = ()) -> list[LibraryCard]:
        conn = self._read()
        if conn is None:
            return []
        try:
            rows = conn.execute(f"SELECT {', '.join(_COLUMNS)} FROM cards {where} ORDER BY ruleset, name, code",
                                args).fetchall()
        except sqlite3.Error as e:
            raise LibraryError(f"cannot read the card library ({e})", file=str(self.path)) from None
        finally:
            conn.close()
        return [LibraryCard.from_row(r) for r in rows]

    def search(self, text: str, ruleset: str | None = None) -> list[LibraryCard]:
        """The cards whose name contains ``text`` (case ignored), by ruleset and name."""
        where = "WHERE instr(fold(name), ?) > 0" + (" AND ruleset = ?" if ruleset else "")
        return self._select(where, (_fold(text),) + ((ruleset,) if ruleset else ()))

    def find(self, ruleset: str, key: str) -> list[LibraryCard]:
        """The cards of ``ruleset`` whose code is ``key``, else whose name is ``key`` (case ignored)."""
        by_code = self._select("WHERE ruleset = ? AND code = ?", (ruleset, key))
        return by_code or self._select("WHERE ruleset = ? AND fold(name) = ?", (ruleset, _fold(key)))

    def names(self, ruleset: str) -> list[str]:
        return sorted({c.name for c in self._select("WHERE ruleset = ?", (ruleset,))})

    def cards(self, ruleset: str | None = None) -> list[LibraryCard]:
        return self._select("WHERE ruleset = ?", (ruleset,)) if ruleset else self._select()

    def count(self) -> int:
        conn = self._read()
        if conn is None:
            return 0
        try:
            return conn.execute("SELECT count(*) FROM cards").fetchone()[0]
        finally:
            conn.close()
