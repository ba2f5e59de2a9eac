"""A position's fingerprint that is the same in every process: what workers compare to merge
positions across processes.

``hash((state, control))`` cannot cross processes: strings hash with a per-process seed and a
few values hash by identity (the ruleset). A fingerprint is built from the values themselves:
a string's digest (blake2b), numbers as Python hashes them (no seed), tuples in order, maps and
sets without order, a frozen value by its class name and the fields its equality compares. Equal
positions have equal fingerprints in any process; two different positions share one with a
chance of about 2**-64 per pair.

A digest is a function of the value's equality: numbers digest as Python hashes them (``1``,
``True`` and ``1.0`` are equal, and hash alike), strings by their characters (a string
enumeration's member as the string it equals), every other kind tagged by its kind or class and
digested from what its equality compares. So the digests are remembered by value, for the
fingerprinter's life, in one :func:`functools.lru_cache`: a value met before — the same object,
or an equal one reached through another ordering — is found by a look-up in C, and the parts of a
new value (a map's cards, a state's fields) are looked up in C too (``map`` over them), one
Python call only for each part never met. Positions are hashable (a walk merges them in a dict),
so every part of one is; an unhashable value given to :meth:`Fingerprinter.of` is digested
without the cache.
"""
from __future__ import annotations

import dataclasses
import hashlib
from enum import Enum
from functools import lru_cache
from operator import attrgetter

from immutables import Map


def _text(value: str) -> int:
    return int.from_bytes(hashlib.blake2b(value.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "little",
                          signed=True)


_NUMBER = 10                 # a tag: no string in a hashed tuple (strings hash by seed)


class Fingerprinter:
    """Fingerprints of positions; one per walk (it remembers the digests of the values it met:
    :meth:`clear` lets them go)."""

    def __init__(self):
        self._classes: dict = {}     # class -> (class digest, its compared fields as a tuple, or None)
        self._known = lru_cache(maxsize=None)(self._new)      # value -> digest, looked up by equality in C

    def position(self, game) -> int:
        """The fingerprint of ``game``'s position (its state and control stack)."""
        state = game.state               # a new position's state is a new value: digested, not looked up
        name, fields = self._classes.get(type(state)) or self._class(type(state))
        return hash((hash((name,) + self._each(fields(state))), self._known(game.control)))

    def of(self, value) -> int:
        """The digest of ``value``."""
        try:
            return self._known(value)
        except TypeError:                # unhashable (a list, a dict): digested each time
            return self._new(value)

    def clear(self) -> None:
        """Forget the digests met (and the values kept with them)."""
        self._known.cache_clear()

    def _each(self, values) -> tuple:
        """The digests of ``values``, in order, looked up in C (a value not met before digested once)."""
        try:
            return tuple(map(self._known, values))
        except TypeError:                # an unhashable one among them
            return tuple(map(self.of, values))

    def _new(self, value) -> int:
        """The digest of a value not met before (as itself or an equal value)."""
        kind = type(value)
        if kind is Map:                  # most often new in a position: the cards, the abilities used
            return self._map(value)
        if kind is int or kind is bool or kind is float:
            return hash((_NUMBER, value))           # equal numbers (1, True, 1.0) hash alike, with no seed
        if isinstance(value, str):                  # strings and the string enumerations (Word): by their
            return _text(value)                     # characters, so a member digests as the string it equals
        if kind is tuple:
            return hash((1,) + self._each(value))
        known = self._classes.get(kind)
        if known is not None and known[1] is not None:       # the engine's frozen values, most of the rest
            return hash((known[0],) + self._each(known[1](value)))
        if isinstance(value, (Map, dict)):
            return self._map(value)
        if isinstance(value, (frozenset, set)):
            return hash((3, frozenset(self._each(value))))
        if isinstance(value, Enum):
            return hash((self._class(kind)[0], self.of(value.name)))
        if isinstance(value, list):
            return hash((4,) + self._each(value))
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            name, fields = self._class(kind)
            return hash((name,) + self._each(fields(value)))
        if isinstance(value, type) or callable(value):
            return _text(f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', kind.__qualname__)}")
        # a game's ruleset and other values compared by identity: one per process, named by class and name
        return _text(f"{kind.__module__}.{kind.__qualname__}:{getattr(value, 'name', '')}")

    def _map(self, value) -> int:
        """A map's digest: its entries as a set, never a sum of their digests. Python's tuple hash is
        nearly additive in each element (a value that changes by one step moves its tuple's hash by one
        of about four amounts, whatever the other elements), so in a sum two cards that trade one power
        cancel out — on a generated board one position in ten shared a fingerprint; the set shuffles
        each entry's hash before combining them."""
        return hash((2, frozenset(zip(self._each(value.keys()), self._each(value.values())))))

    def _class(self, kind) -> tuple:
        """The class's digest, and for a dataclass a function giving a value's compared fields as a tuple."""
        found = self._classes.get(kind)
        if found is None:
            fields = None
            if dataclasses.is_dataclass(kind):
                names = tuple(f.name for f in dataclasses.fields(kind) if f.compare)
                fields = attrgetter(*names) if len(names) > 1 else (lambda v, n=names: tuple(getattr(v, f) for f in n))
            found = self._classes[kind] = (_text(f"{kind.__module__}.{kind.__qualname__}"), fields)
        return found
