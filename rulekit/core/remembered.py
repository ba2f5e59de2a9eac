"""Judgements (and set-ups) remembered across sequences and games, and the switch that turns
remembering off.

A busy board asks the same questions in sequence after sequence: ten cards listen to every
kneel, and each window judges the same ten abilities against conditions alike in all that the
judgement reads. A ruleset may remember such judgements in a :class:`Remembered` store, keyed on
everything the judgement reads — never on a card id alone — so that a judgement remembered is
the judgement made afresh (each ruleset's cache says what it reads, and its tests check that the
two agree on generated boards and every shipped scenario). :meth:`rulekit.Game.start` likewise
shares one frozen starting state between games of the same frozen cards, rulings and pools.

The switch: remembering is on unless the environment variable ``RULEKIT_JUDGEMENT_CACHE`` is
``0`` (or ``off``, ``false``, ``no``) when rulekit is imported; :func:`set_enabled` (or the
context manager :func:`disabled`) changes it for this process. Off, every judgement and set-up is
made afresh and nothing is stored. ``RULEKIT_PLAIN=1``, the switch of every speed machinery
(:mod:`rulekit.core.speed`), turns it off too.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Any, Iterator

from rulekit.core.speed import PLAIN

#: whether rulesets may remember judgements (read at import from ``RULEKIT_JUDGEMENT_CACHE``, and
#: off with ``RULEKIT_PLAIN``)
ENABLED: bool = not PLAIN and os.environ.get("RULEKIT_JUDGEMENT_CACHE", "1").strip().lower() not in (
    "0", "off", "false", "no")


def set_enabled(on: bool) -> None:
    """Turn remembering judgements on or off for this process (off forgets what was remembered)."""
    global ENABLED
    ENABLED = bool(on)
    if not ENABLED:
        for store in _STORES:
            store.clear()


@contextmanager
def disabled() -> Iterator[None]:
    """Within the block every judgement is made afresh; the switch is restored after it."""
    was = ENABLED
    set_enabled(False)
    try:
        yield
    finally:
        set_enabled(was)


_STORES: list["Remembered"] = []


class Remembered(dict):
    """A store of remembered values, bounded: when it holds ``limit`` of them it forgets them all
    (the boards of long-gone scenarios, an explorer's many edits) and starts again."""

    def __init__(self, limit: int = 1 << 14):
        super().__init__()
        self.limit = limit
        _STORES.append(self)

    def keep(self, key: Any, value: Any) -> None:
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
