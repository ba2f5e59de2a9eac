"""The entry point of exploration: :func:`explore` walks every line from a position (in this
process, or in others through an executor) and analyses the walk into outcomes and choices."""
from __future__ import annotations

import time

from rulekit.core.engine import collector_paused
from rulekit.explore.parallel import walk_parallel
from rulekit.explore.counting import analyse
from rulekit.explore.bounds import stopping_on_interrupt
from rulekit.explore.walker import ExplorationError, _Clock, _progress_bar, as_limit, board, starting_point, walk


def explore(source, *, key=None, limit=None, progress="auto", executor=None, merge: bool = True,
            split: int | None = None, max_nesting: int | None = None):
    """Every outcome reachable from ``source`` over every legal answer, with the exact number
    of lines reaching each, one replayable example line each, and which choices matter.

    ``key(state)`` names an outcome (default: :func:`board`); it must depend only on the final
    state. ``limit``: positions (``5000``), time (``"30s"``), resident memory (``"2GB"``), several
    (``"100000,5m,2GB"``) or ``"none"``; by default the bound :data:`~rulekit.explore.bounds.DEFAULT_LIMIT`
    (200,000 positions, 2 minutes, 2 GB or half the machine's memory). A walk that reaches it —
    or is interrupted with Ctrl-C — stops and says so (:attr:`Exploration.complete` is false,
    counts are then lower bounds). ``progress``:
    a ``tqdm.auto`` bar (``True``, ``False`` or ``"auto"``: on when tqdm is installed).
    ``executor``: a :class:`concurrent.futures.Executor` (or a Dask ``distributed`` client)
    walking subtrees in other processes; the outcomes, counts, examples and choices are the
    same as the serial walk's. ``merge=False`` walks every line without merging positions.
    ``max_nesting`` bounds open sequences (for a scenario; a game keeps its own): cancels of
    cancels can nest until the bound stops them, so a lower bound keeps such walks small.
    """
    if key is not None and not callable(key):
        raise ExplorationError(f"key must be a function of the final state, got {type(key).__name__}")
    limit = as_limit(limit)
    started = time.time()
    deadline = started + limit.seconds if limit.seconds is not None else None
    root, prefix = starting_point(source, max_nesting)
    outcome_key = key or board
    if executor is not None:
        w, workers = walk_parallel(root, executor, key=outcome_key, merge=merge, limit=limit, deadline=deadline,
                                   split=split, progress=progress)
    else:
        bar = _progress_bar(progress, unit="positions")
        tick = (lambda n: bar.update(n - bar.n)) if bar is not None else None
        try:
            with stopping_on_interrupt():
                w = walk(root, key=outcome_key, merge=merge, clock=_Clock(limit, deadline, tick))
            if bar is not None:
                bar.update(len(w) - bar.n)
        finally:
            if bar is not None:
                bar.close()
        workers = 0
    seconds = time.time() - started
    with collector_paused():
        return analyse(w, root=root, prefix=prefix, default_key=key is None, merged=merge, subtrees=workers,
                       seconds=seconds, limit=limit)
