"""A card list read safely, and each of its records checked: the file (a regular file, at most
:data:`MAX_BYTES`, UTF-8, strict JSON), the number of cards, and every field's type, size and
characters. A problem is a :class:`~rulekit.library.errors.LibraryError` naming the file, the
record (its number, code and name) and the field; nothing is stored from a file with one."""
from __future__ import annotations

import json
import os
import stat
import unicodedata
from dataclasses import dataclass, field

from rulekit.core.errors import shown
from rulekit.library.errors import LibraryError, bad_record
from rulekit.library.markup import plain_text

#: the largest card list read (bytes): the largest public lists are a few MB
MAX_BYTES = 32 * 1024 * 1024
#: the most cards one file may hold
MAX_CARDS = 50_000
MAX_NAME = 200          #: the longest card name (characters)
MAX_CODE = 64           #: the longest card code
MAX_TEXT = 5_000        #: the longest printed text
MAX_TRAITS = 30         #: the most traits (tags) a card has
MAX_NUMBER = 999        #: the largest printed number (cost, strength, Might)


def read_list(path: str) -> str:
    """A card list's text: only a regular file, at most :data:`MAX_BYTES`, UTF-8 (a byte-order
    mark is dropped)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError) as e:
        raise LibraryError(f"cannot read the card list: {getattr(e, 'strerror', None) or e}", file=path) from None
    if not stat.S_ISREG(info.st_mode):
        raise LibraryError("this is not a regular file: rulekit imports card lists from files", file=path)
    if info.st_size > MAX_BYTES:
        raise LibraryError(f"the card list is larger than {MAX_BYTES:,} bytes ({info.st_size:,})", file=path,
                           expected=f"a card list of at most {MAX_BYTES // 2 ** 20} MB")
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise LibraryError(f"cannot read the card list: {e.strerror or e}", file=path) from None
    if len(raw) > MAX_BYTES:
        raise LibraryError(f"the card list is larger than {MAX_BYTES:,} bytes", file=path)
    if b"\x00" in raw:
        raise LibraryError("the card list contains a NUL byte: it is not a text file", file=path)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise LibraryError(f"the card list is not UTF-8 text (byte {e.start})", file=path) from None


def _no_duplicates(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {shown(key)} appears twice in one object")
        out[key] = value
    return out


def _no_constant(name):
    raise ValueError(f"{name} is not a number JSON allows")


def load_json(text: str, path: str):
    """``text`` as strict JSON (no NaN or Infinity, no key twice in one object)."""
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise LibraryError(f"this is not JSON: {e.msg}", file=path, line=e.lineno, column=e.colno) from None
    except ValueError as e:
        raise LibraryError(f"this is not a card list rulekit reads: {e}", file=path) from None
    except RecursionError:
        raise LibraryError("the card list nests too deeply to be read", file=path) from None


def card_count(cards, path: str, where: str = "cards") -> list:
    if not isinstance(cards, list):
        raise LibraryError(f"{where!r} must be a list of cards, not {type(cards).__name__}", file=path)
    if len(cards) > MAX_CARDS:
        raise LibraryError(f"the card list holds {len(cards):,} cards, more than {MAX_CARDS:,}", file=path)
    return cards


@dataclass
class Entry:
    """One card of a list as the library keeps it (see :class:`~rulekit.library.store.LibraryCard`)."""

    code: str
    name: str
    type: str | None
    text: str
    fields: dict = field(default_factory=dict)


def _unprintable(text: str, allowed: str = "") -> str | None:
    for c in text:
        if c in allowed:
            continue
        if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") and c not in "\u200d\u00ad":
            return c
    return None


class Record:
    """One record of a card list being read: each reader of a field names the record and field
    when the value is wrong."""

    def __init__(self, path: str, index: int, raw, line: int | None = None):
        self.path, self.index, self.raw, self.at = path, index, raw, line

    def error(self, name: str, problem: str, expected: str | None = None) -> LibraryError:
        return bad_record(self.path, self.index, self.raw, name, problem, expected, self.at)

    def line(self, name: str, value, *, required: bool = False, limit: int = MAX_NAME) -> str | None:
        """A one-line text (a name, a code, a type): no line break or control character."""
        if value is None or (isinstance(value, str) and not value.strip()):
            if required:
                raise self.error(name, "missing: every card needs one" if value is None else "empty",
                                 "a non-empty text on one line")
            return None
        if isinstance(value, int) and not isinstance(value, bool) and name in ("code",):
            value = str(value)
        if not isinstance(value, str):
            raise self.error(name, f"must be text, not {type(value).__name__} {shown(value)}")
        bad = _unprintable(value)
        if bad is not None:
            what = "a line break" if bad in "\n\r\u2028\u2029" else f"the control character {bad!r}"
            raise self.error(name, f"contains {what}: {shown(value)}", "text on one line, printable characters only")
        if len(value) > limit:
            raise self.error(name, f"is {len(value):,} characters long, more than {limit}")
        return value.strip()

    def text(self, name: str, value) -> str:
        """The printed text (several lines allowed), its markup made plain."""
        if value is None:
            return ""
        if not isinstance(value, str):
            raise self.error(name, f"must be text, not {type(value).__name__} {shown(value)}")
        if len(value) > MAX_TEXT:
            raise self.error(name, f"is {len(value):,} characters long, more than {MAX_TEXT:,}")
        plain = plain_text(value)
        bad = _unprintable(plain, "\n")
        if bad is not None:
            raise self.error(name, f"contains the control character {bad!r}", "printable text (line breaks allowed)")
        return plain

    def number(self, name: str, value, *, allow_x: bool = False) -> int | None:
        """A printed number (0 to :data:`MAX_NUMBER`); ``None`` for an absent one or, where
        ``allow_x``, a printed X or a dash."""
        if value is None or (allow_x and value in ("X", "x", "-", "")):
            return None
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(name, f"must be a whole number, not {shown(value)}",
                             f"0 to {MAX_NUMBER}" + (" or X" if allow_x else ""))
        if not 0 <= value <= MAX_NUMBER:
            raise self.error(name, f"{value} is not a printed number", f"0 to {MAX_NUMBER}")
        return value

    def flag(self, name: str, value) -> bool | None:
        if value is None:
            return None
        if isinstance(value, str) and value.strip().lower() in ("true", "yes", "1", "false", "no", "0", ""):
            return value.strip().lower() in ("true", "yes", "1")
        if not isinstance(value, bool):
            raise self.error(name, f"must be true or false, not {shown(value)}")
        return value

    def words(self, name: str, value) -> list[str]:
        """A list of traits or tags: a JSON list of texts, or one text separated by ``;`` or ``,``."""
        if value is None:
            return []
        if isinstance(value, str):
            value = [w for w in value.replace(";", ",").split(",")]
        if not isinstance(value, list):
            raise self.error(name, f"must be a list of texts, not {type(value).__name__}")
        if len(value) > MAX_TRAITS:
            raise self.error(name, f"lists {len(value)} entries, more than {MAX_TRAITS}")
        out = []
        for w in value:
            word = self.line(name, w, limit=60)
            word = word.strip(". ") if word else word
            if word and word not in out:
                out.append(word)
        return out
