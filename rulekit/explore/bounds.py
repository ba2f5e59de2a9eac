"""How far a walk may go, and stopping it: positions, time and the process's resident memory; Ctrl-C.

Every walk is bounded unless told otherwise (:data:`DEFAULT_LIMIT`): a board whose lines multiply
(20 optional reactions) stops at the bound with what it found, marked incomplete, and says how to
go further, instead of running for minutes while its memory grows. The default is far above every
shipped scenario, every lesson's walk and the benchmark walks (the largest, the naive walk of 8
forced reactions, is about 70,000 positions, 35 s and 400 MB on a slow machine).

Resident memory is read from the operating system: ``/proc/self/statm`` where there is one (the
current resident size), else :func:`resource.getrusage` (the peak resident size); where neither
exists the memory bound is not checked.

Ctrl-C (SIGINT) during a walk stops it like a bound (:func:`stopping_on_interrupt`): the result so
far comes back marked "interrupted"; a second Ctrl-C interrupts at once. Worker processes made by
:func:`rulekit.explore.parallel.process_pool` ignore SIGINT and stop at the parent's word.
"""
from __future__ import annotations

import math
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta

from rulekit.core.errors import RulekitError, escaped

GIB = 2 ** 30


class ExplorationError(RulekitError, ValueError):
    """A walk that cannot be made as asked: a bad limit, key, executor or starting point."""


# -- resident memory -----------------------------------------------------------------------------------
def resident_bytes() -> int | None:
    """The process's resident memory in bytes, as the operating system reports it (None if it cannot)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    try:
        import resource
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    except (ImportError, OSError, AttributeError):
        return None
    return peak if sys.platform == "darwin" else peak * 1024      # bytes on macOS, KiB elsewhere


def _physical_memory() -> int | None:
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def default_memory() -> int:
    """2 GiB, or half the machine's memory where that is less."""
    physical = _physical_memory()
    return min(2 * GIB, physical // 2) if physical else 2 * GIB


# -- limits --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Limit:
    """How far a walk may go: positions, seconds and resident bytes (``None``: no bound of that
    kind). ``defaults`` names the parts that are the default bound (a stop there says how to go
    further)."""

    states: int | None = None
    seconds: float | None = None
    memory: int | None = None
    defaults: frozenset = frozenset()

    def __str__(self) -> str:
        parts = ([f"{self.states:,} positions"] if self.states is not None else []) + (
            [f"{self.seconds:g} s"] if self.seconds is not None else []) + (
            [_bytes(self.memory) + " resident"] if self.memory is not None else [])
        return " or ".join(parts) or "none"


DEFAULT_STATES = 200_000
DEFAULT_SECONDS = 120.0
DEFAULT_LIMIT = Limit(DEFAULT_STATES, DEFAULT_SECONDS, default_memory(), frozenset({"states", "seconds", "memory"}))
FURTHER = ("a larger limit goes further: --limit 1000000,10m,4GB on the command line, explore(..., "
           "limit='1000000,10m,4GB') in Python; 'none' for no bound")


def _bytes(n: int) -> str:
    for unit, size in (("GB", GIB), ("MB", 2 ** 20), ("KB", 2 ** 10)):
        if n >= size:
            return f"{n / size:g} {unit}"
    return f"{n} bytes"


_UNITS = {"ms": 0.001, "s": 1, "m": 60, "min": 60, "h": 3600}
_SIZES = {"kb": 2 ** 10, "mb": 2 ** 20, "gb": GIB, "tb": 2 ** 40}


def _part(text: str, original) -> dict:
    """One part of a limit's text: ``5000`` positions, ``30s`` (``ms``, ``m``, ``h``) or ``2GB`` (``KB``, ``MB``)."""
    bad = ExplorationError(f"limit must be a number of positions (1000), a time ('30s', '2m') or a memory size "
                           f"('2GB', '512MB'), or several of them ('100000,5m,2GB'), or 'none'; "
                           f"got {escaped(repr(original))}")
    if text.isdigit():
        if int(text) < 1:
            raise ExplorationError(f"limit must be at least 1 position, got {escaped(text)}")
        return {"states": int(text)}
    for units, kind in ((_SIZES, "memory"), (_UNITS, "seconds")):
        for unit in sorted(units, key=len, reverse=True):
            if text.endswith(unit):
                number = text[: -len(unit)].strip()
                try:
                    value = float(number)
                except ValueError:
                    raise bad from None
                if not math.isfinite(value) or value <= 0:
                    raise ExplorationError(f"limit must be a positive, finite amount, got {escaped(repr(original))}")
                amount = value * units[unit]
                if kind == "memory":
                    return {"memory": int(amount)}
                return {"seconds": amount}
    raise bad


def as_limit(limit) -> Limit:
    """``None`` (the default bound, :data:`DEFAULT_LIMIT`); ``"none"`` (no bound); an int
    (positions); ``"30s"``, ``"2m"`` or a :class:`~datetime.timedelta` (time); ``"2GB"`` (resident
    memory); ``"5000"`` (positions); several at once (``"100000,5m,2GB"``); or a :class:`Limit`.
    The parts given replace the default's parts of the same kind; the others stay."""
    if limit is None:
        return DEFAULT_LIMIT
    if isinstance(limit, Limit):
        return limit
    if isinstance(limit, bool):
        raise ExplorationError(f"limit must be a number of positions or a time such as '30s', got {limit!r}")
    if isinstance(limit, int):
        if limit < 1:
            raise ExplorationError(f"limit must be at least 1 position, got {limit}")
        return _with_defaults({"states": limit})
    if isinstance(limit, timedelta):
        seconds = limit.total_seconds()
        if not seconds > 0:
            raise ExplorationError(f"limit must be a positive time, got {limit}")
        return _with_defaults({"seconds": seconds})
    if isinstance(limit, str):
        text = limit.strip().lower()
        if text in ("none", "no", "unbounded"):
            return Limit()
        parts = [p for p in text.replace(",", " ").split() if p]
        if not parts:
            raise ExplorationError("limit is empty: give a number of positions (1000), a time ('30s') or 'none'")
        given: dict = {}
        for p in parts:
            for kind, value in _part(p, limit).items():
                if kind in given:
                    raise ExplorationError(f"limit gives the {kind} twice: {escaped(repr(limit))}")
                given[kind] = value
        return _with_defaults(given)
    raise ExplorationError(f"limit must be a number of positions (1000) or a time ('30s', '2m'), got "
                           f"{type(limit).__name__}")


def _with_defaults(given: dict) -> Limit:
    d = DEFAULT_LIMIT
    kept = {k: getattr(d, k) for k in ("states", "seconds", "memory") if k not in given}
    return Limit(**{**kept, **given}, defaults=frozenset(k for k in d.defaults if k not in given))


# -- Ctrl-C --------------------------------------------------------------------------------------------
_INTERRUPTED = threading.Event()     # set by the first Ctrl-C while a walk runs (in this process)
_WORKER_STOP = None                  # in a worker process: the parent's event (see parallel.process_pool)
INTERRUPTED = "interrupted (Ctrl-C)"


def interrupted() -> bool:
    """Whether this walk was told to stop: Ctrl-C here, or (in a worker) the parent's word."""
    return _INTERRUPTED.is_set() or (_WORKER_STOP is not None and _WORKER_STOP.is_set())


@contextmanager
def stopping_on_interrupt(*also):
    """While the block runs (in the main thread), the first Ctrl-C asks the walk to stop — and
    sets every event in ``also`` (the worker processes') — instead of raising; a second one raises
    KeyboardInterrupt at once. Elsewhere than the main thread, nothing changes. The word to stop
    lasts as long as the block (a walk that was stopped says so in its result), and the workers'
    until the next block given the same events (a pool's workers that were running when a second
    Ctrl-C ended the block stop too): the next walk — called directly, or on the same pool — starts
    afresh."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _INTERRUPTED.clear()
    for event in also:
        event.clear()

    def handler(signum, frame):
        if _INTERRUPTED.is_set():
            raise KeyboardInterrupt
        _INTERRUPTED.set()
        for event in also:
            event.set()

    try:
        previous = signal.signal(signal.SIGINT, handler)
    except (ValueError, OSError):        # no signals here (an embedded interpreter)
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        _INTERRUPTED.clear()


def worker_init(stop_event) -> None:
    """A worker process's first act: ignore Ctrl-C (the parent decides) and heed the parent's event."""
    global _WORKER_STOP
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER_STOP = stop_event


# -- the clock -----------------------------------------------------------------------------------------
class _Clock:
    """Counts positions, watches the time and the memory, and Ctrl-C; says why a walk must stop."""

    def __init__(self, limit: Limit, deadline: float | None, tick=None):
        self.limit = limit
        self.deadline = deadline
        self.tick = tick
        self.checks = 0

    def _said(self, kind: str, what: str) -> str:
        name = {"states": "", "seconds": "time ", "memory": "memory "}[kind]
        if kind in self.limit.defaults:
            return f"stopped at the default {name}bound of {what}; {FURTHER}"
        return f"stopped at the {name}limit of {what}"

    def over(self, walk) -> str:
        limit = self.limit
        if limit.states is not None and len(walk) >= limit.states:
            return self._said("states", f"{limit.states:,} positions")
        if _INTERRUPTED.is_set():
            return INTERRUPTED
        self.checks += 1
        if self.checks % 64 == 0:
            if self.tick is not None:
                self.tick(len(walk))
            if _WORKER_STOP is not None and _WORKER_STOP.is_set():
                return INTERRUPTED
            if self.deadline is not None and time.time() >= self.deadline:
                return self._said("seconds", f"{limit.seconds:g} s")
            if limit.memory is not None and self.checks % 256 == 0:
                used = resident_bytes()
                if used is not None and used >= limit.memory:
                    return self._said("memory", f"{_bytes(limit.memory)} resident (this process uses {_bytes(used)})")
        return ""
