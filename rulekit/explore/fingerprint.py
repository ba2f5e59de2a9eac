"""A position's fingerprint that is the same in every process: what workers compare to merge
positions across processes.

``hash((state, control))`` cannot cross processes: strings hash with a per-process seed and a
few values hash by identity (the ruleset). A fingerprint is built from the values themselves:
a string's digest (blake2b), numbers as Python hashes them (no seed), tuples in order, maps and
sets without order, a frozen value by its class name and the fields its equality compares. Equal
positions have equal fingerprints in any process; two different positions share one with a
chance of about 2**-64 per pair.

The parts a walk's positions share (printed cards, abilities) are the same objects from one
position to the next, so digests are remembered by object for the fingerprinter's life (the
objects are kept alive with them, so an identity is never reused): a position costs only what
changed in it.
"""
from __future__ import annotations

import dataclasses
import hashlib
from enum import Enum

from immutables import Map


def _text(value: str) -> int:
    return int.from_bytes(hashlib.blake2b(value.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "little",
                          signed=True)


_SCALAR = {int: 10, bool: 11, float: 13}    # tags: no string in a hashed tuple (strings hash by seed)

_NONE = 0x5EED_0F_0000_0012


class Fingerprinter:
    """Fingerprints of positions; one per walk (it remembers the digests of the values it met)."""

    def __init__(self):
        self._seen: dict = {}        # id(value) -> (digest, value)
        self._texts: dict = {}       # string -> digest
        self._fields: dict = {}      # class -> (class digest, names of the compared fields)

    def position(self, game) -> int:
        """The fingerprint of ``game``'s position (its state and control stack)."""
        return hash((self.of(game.state), self.of(game.control)))

    def of(self, value) -> int:
        kind = type(value)
        if value is None:
            return _NONE                              # hash(None) is its address before Python 3.12
        if kind is int or kind is bool or kind is float:
            return hash((_SCALAR[kind], value))
        if isinstance(value, str):                    # strings and the string enumerations (Word)
            digest = self._texts.get(value)
            if digest is None:
                digest = self._texts[value] = _text(str(value))
            return digest
        seen = self._seen.get(id(value))
        if seen is not None:
            return seen[0]
        digest = self._digest(value, kind)
        self._seen[id(value)] = (digest, value)
        return digest

    def _digest(self, value, kind) -> int:
        of = self.of
        if kind is tuple:
            return hash((1,) + tuple(of(v) for v in value))
        if isinstance(value, Map) or isinstance(value, dict):
            return hash((2, frozenset(hash((of(k), of(v))) for k, v in value.items())))
        if isinstance(value, (frozenset, set)):
            return hash((3, frozenset(of(v) for v in value)))
        if isinstance(value, Enum):
            return hash((self._class(kind)[0], of(value.name)))
        if isinstance(value, (list,)):
            return hash((4,) + tuple(of(v) for v in value))
        if dataclasses.is_dataclass(value):
            name, fields = self._class(kind)
            return hash((name,) + tuple(of(getattr(value, f)) for f in fields))
        if isinstance(value, type) or callable(value):
            return _text(f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', kind.__qualname__)}")
        # a game's ruleset and other values compared by identity: one per process, named by class and name
        return _text(f"{kind.__module__}.{kind.__qualname__}:{getattr(value, 'name', '')}")

    def _class(self, kind) -> tuple[int, tuple[str, ...]]:
        found = self._fields.get(kind)
        if found is None:
            names = tuple(f.name for f in dataclasses.fields(kind) if f.compare) if dataclasses.is_dataclass(kind) else ()
            found = self._fields[kind] = (_text(f"{kind.__module__}.{kind.__qualname__}"), names)
        return found
