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
changed in it. What changed is most often equal to a value met before — the same card with the
same power, reached through another ordering — so a tuple or a frozen value not met as an object
is looked up by value before its fields are digested. That is sound because a digest is a
function of the value's equality: numbers digest as Python hashes them (``1``, ``True`` and
``1.0`` are equal, and hash alike), strings by their characters (a string enumeration's member as
the string it equals), every other kind tagged by its kind or class. The digests of a value's
parts that were met before as objects are looked up in C (``map`` over the ids), not one call each.
"""
from __future__ import annotations

import dataclasses
import hashlib
from enum import Enum
from operator import attrgetter, itemgetter

from immutables import Map


def _text(value: str) -> int:
    return int.from_bytes(hashlib.blake2b(value.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "little",
                          signed=True)


_NUMBER = 10                 # a tag: no string in a hashed tuple (strings hash by seed)

_NONE = 0x5EED_0F_0000_0012    # hash(None) is its address before Python 3.12
_first = itemgetter(0)


class Fingerprinter:
    """Fingerprints of positions; one per walk (it remembers the digests of the values it met)."""

    def __init__(self):
        self._seen: dict = {id(None): (_NONE, None)}      # id(value) -> (digest, value)
        self._seen_get = self._seen.get
        self._values: dict = {}      # a tuple or frozen value -> its digest (equal values, one digest)
        self._texts: dict = {}       # string -> digest
        self._fields: dict = {}      # class -> (class digest, its compared fields as a tuple)
        self._dataclasses: dict = {}  # the same, of the dataclasses met
        self._frozen: set = set()    # the classes looked up by value, and those not
        self._other: set = {type(None), str, int, bool, float, Map, dict, frozenset, set, list}

    def position(self, game) -> int:
        """The fingerprint of ``game``'s position (its state and control stack)."""
        state = game.state               # a new position's state is a new value: digested, not looked up
        return hash((self._digest(state, type(state)), self.of(game.control)))

    def of(self, value) -> int:
        seen = self._seen.get(id(value))
        if seen is not None:
            return seen[0]
        kind = type(value)
        if kind is int or kind is bool or kind is float:
            digest = hash((_NUMBER, value))           # equal numbers (1, True, 1.0) hash alike, with no seed
        elif isinstance(value, str):                  # strings and the string enumerations (Word): digested
            digest = self._texts.get(value)           # by their characters, so a member digests as the
            if digest is None:                        # string it equals
                digest = self._texts[value] = _text(value)
        else:
            digest = None
            by_value = kind is tuple or kind in self._frozen or (kind not in self._other and self._by_value(kind))
            if by_value:
                try:
                    digest = self._values.get(value)
                except TypeError:                     # a tuple holding an unhashable value
                    by_value = False
            if digest is None:
                digest = self._digest(value, kind)
                if by_value:
                    self._values[value] = digest
        self._seen[id(value)] = (digest, value)
        return digest

    def _all(self, values: tuple) -> tuple:
        """The digests of ``values``, in order: those of objects met before looked up in C."""
        got = tuple(map(self._seen_get, map(id, values)))
        if None in got:
            of = self.of
            return tuple([of(v) if g is None else g[0] for g, v in zip(got, values)])
        return tuple(map(_first, got))

    def _by_value(self, kind) -> bool:
        """Whether values of ``kind`` are looked up by value: frozen dataclasses (equal exactly when
        their compared fields are, and hashable)."""
        params = getattr(kind, "__dataclass_params__", None)
        frozen = params is not None and params.frozen and params.eq and kind.__hash__ is not None
        (self._frozen if frozen else self._other).add(kind)
        return frozen

    def _digest(self, value, kind) -> int:
        known = self._dataclasses.get(kind)      # most values digested are the engine's frozen values
        if known is not None:
            return hash((known[0],) + self._all(known[1](value)))
        if kind is tuple:
            return hash((1,) + self._all(value))
        if kind is Map or isinstance(value, Map) or isinstance(value, dict):
            return hash((2, frozenset(zip(self._all(tuple(value.keys())), self._all(tuple(value.values()))))))
        if isinstance(value, (frozenset, set)):
            return hash((3, frozenset(self._all(tuple(value)))))
        if isinstance(value, Enum):
            return hash((self._class(kind)[0], self.of(value.name)))
        if isinstance(value, (list,)):
            return hash((4,) + self._all(tuple(value)))
        if dataclasses.is_dataclass(value):
            name, fields = self._dataclasses[kind] = self._class(kind)
            return hash((name,) + self._all(fields(value)))
        if isinstance(value, type) or callable(value):
            return _text(f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', kind.__qualname__)}")
        # a game's ruleset and other values compared by identity: one per process, named by class and name
        return _text(f"{kind.__module__}.{kind.__qualname__}:{getattr(value, 'name', '')}")

    def _class(self, kind) -> tuple:
        """The class's digest, and a function giving a value's compared fields as a tuple."""
        found = self._fields.get(kind)
        if found is None:
            names = tuple(f.name for f in dataclasses.fields(kind) if f.compare) if dataclasses.is_dataclass(kind) else ()
            fields = attrgetter(*names) if len(names) > 1 else (lambda v, n=names: tuple(getattr(v, f) for f in n))
            found = self._fields[kind] = (_text(f"{kind.__module__}.{kind.__qualname__}"), fields)
        return found
