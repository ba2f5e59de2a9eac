"""Walking in other processes, through the standard :class:`concurrent.futures.Executor`.

The merged walk is shared by the workers (:mod:`rulekit.explore.shared`): each position is
claimed, and walked, by the first worker to reach it, and the parts are joined into the serial
walk's graph — lines that converge across workers are not walked twice.

The naive walk (``merge=False``) is split: the top of the graph is walked here, breadth first,
until enough positions wait (``split``, 32 by default); each of those is then walked in a task
that replays the position's line from the start of the scenario (a scenario and a line of keyed
answers are all that crosses to the other process; both pickle) and returns its part of the
graph, grafted where its position was. Its lines never converge, so the work divides.

A Dask ``distributed`` client (or an executor of one, ``client.get_executor()``) is accepted as
is: a walk's tasks are handed to it in one message (``client.map``), and the results of those
that have ended are fetched in one (``client.gather``), where its ``concurrent.futures`` face
sends and fetches each task apart (on a local cluster of two workers the later of two tasks then
starts about 12 ms after they are sent, not 5). Its tasks are impure (``pure=False``) unless the
caller chose otherwise: every task of a walk differs from every other, so Dask need not digest
their arguments (the scenario, the line …) to name them.
"""
from __future__ import annotations

import concurrent.futures as cf
import dataclasses
import pickle
import threading

from rulekit.explore.bounds import INTERRUPTED, interrupted, stopping_on_interrupt, worker_init
from rulekit.explore.claims import claims_directory, remove_claims
from rulekit.explore.shared import join, sending, walk_shared
from rulekit.explore.walker import ExplorationError, Limit, Walk, Walker, _Clock, _progress_bar, full_line, walk


def dask_client(executor) -> tuple | None:
    """``executor``'s Dask client and the settings its tasks are submitted with (``pure=False`` unless
    the caller chose otherwise), if it is a ``dask.distributed`` client or an executor of one."""
    client = getattr(executor, "_client", None)
    if isinstance(executor, cf.Executor) and client is not None and hasattr(client, "get_executor"):
        return client, {"pure": False, **getattr(executor, "_kwargs", {})}           # a dask ClientExecutor
    if not isinstance(executor, cf.Executor) and hasattr(executor, "get_executor") and hasattr(executor, "map"):
        return executor, {"pure": False}                                               # a dask Client
    return None


class Tasks:
    """The tasks of one walk on a :class:`concurrent.futures.Executor`: :meth:`start` submits them,
    :meth:`collect` waits for their results."""

    def __init__(self, executor):
        self.executor = executor

    @staticmethod
    def of(executor) -> "Tasks":
        """The way to run a walk's tasks on ``executor``: a Dask client's own, or any standard executor's."""
        found = dask_client(executor)
        if found is not None:
            return DaskTasks(*found)
        if isinstance(executor, cf.Executor):
            return Tasks(executor)
        raise ExplorationError(f"executor must be a concurrent.futures.Executor (a ProcessPoolExecutor) or a "
                               f"dask.distributed Client, got {type(executor).__name__}")

    def start(self, fn, calls: list[tuple]) -> dict:
        """Each of ``calls`` (the arguments of one call of ``fn``) as a task: its future -> its place in ``calls``."""
        return {self.executor.submit(fn, *call): i for i, call in enumerate(calls)}

    def collect(self, futures: dict, progress, *, own_pool: bool) -> dict:
        """The results, by place in the calls. After Ctrl-C: the tasks not started are cancelled; with a
        pool of :func:`process_pool` the running ones stop and return what they found, with another
        executor they are no longer waited for."""
        bar = _progress_bar(progress, unit="subtrees", total=len(futures))
        parts: dict = {}
        try:
            self._wait(futures, parts, bar.update if bar is not None else (lambda n: None), own_pool)
        except BaseException:
            self.cancel(list(futures))
            raise
        finally:
            if bar is not None:
                bar.close()
        return parts

    def cancel(self, futures: list) -> None:
        for future in futures:
            future.cancel()

    def _wait(self, futures: dict, parts: dict, ended, own_pool: bool) -> None:
        """Put each task's result in ``parts`` as it ends (``ended(n)``: n more tasks ended)."""
        pending = set(futures)
        while pending:
            done, pending = cf.wait(pending, timeout=0.2, return_when=cf.FIRST_COMPLETED)
            for future in done:
                if not future.cancelled():
                    parts[futures[future]] = future.result()
            ended(len(done))
            if interrupted():
                self.cancel(list(pending))
                pending = {f for f in pending if not f.cancelled()}
                if not own_pool:
                    break

    def workers(self) -> int:
        """How many tasks the executor runs at once: a pool's workers (2 if it cannot say)."""
        count = getattr(self.executor, "_max_workers", None)
        return max(1, int(count)) if count else 2


class DaskTasks(Tasks):
    """The tasks of one walk on a Dask client: handed to the scheduler in one message, and the results
    of those that have ended fetched in one."""

    def __init__(self, client, settings: dict):
        self.client = client
        self.settings = settings

    def start(self, fn, calls: list[tuple]) -> dict:
        if not calls:
            return {}
        futures = self.client.map(fn, *zip(*calls), **self.settings)
        return dict(zip(futures, range(len(calls))))

    def cancel(self, futures: list) -> None:
        self.client.cancel(futures)

    def _wait(self, futures: dict, parts: dict, ended, own_pool: bool) -> None:
        pending = list(futures)
        signal = threading.Event()
        for future in pending:
            future.add_done_callback(lambda _: signal.set())
        while pending:
            signal.wait(0.2)
            signal.clear()             # a task that ends after this is seen by the scan below, or sets it again
            done, still = [], []
            for future in pending:     # one look at each: a task that ends meanwhile waits for the next
                (done if future.done() else still).append(future)
            finished = [f for f in done if f.status != "cancelled"]
            if finished:
                for future, part in zip(finished, self.client.gather(finished)):
                    parts[futures[future]] = part
            ended(len(done))
            pending = still
            if interrupted():
                self.cancel(pending)
                break

    def workers(self) -> int:
        """The cluster's threads (2 if it cannot say)."""
        try:
            count = sum(self.client.nthreads().values())
        except Exception:   # noqa: BLE001 - a client that cannot say: assume two
            count = None
        return max(1, int(count)) if count else 2


def process_pool(workers: int) -> cf.ProcessPoolExecutor:
    """A pool of ``workers`` local processes for :func:`~rulekit.explore.explore`: they ignore Ctrl-C
    and stop walking, returning what they found, when the parent is interrupted — so no worker
    prints a traceback or keeps running."""
    import multiprocessing
    stop = multiprocessing.get_context().Event()
    pool = cf.ProcessPoolExecutor(workers, initializer=worker_init, initargs=(stop,))
    pool.rulekit_stop = stop
    return pool


def walk_subtree(scenario, line, max_nesting, key, merge, limit: Limit, deadline) -> Walk:
    """In a worker: replay ``line`` from the start of ``scenario`` and walk every line from there."""
    from rulekit.core.game import Game
    game = Game.start(scenario, line, max_nesting=max_nesting)
    if game.decision is None or game.waiting_answers:
        raise ExplorationError("a subtree's line did not replay to a decision (the engine is not deterministic?)")
    return walk(game, key=key, merge=merge, clock=_Clock(limit, deadline))


def _top(root, *, key, merge, split: int, limit: Limit, clock: _Clock):
    """Breadth first from ``root`` until ``split`` positions wait: the walker and those positions' games."""
    walker = Walker(key=key, merge=merge)
    walker.place(root)
    waiting = {0: root} if root.decision is not None else {}
    while waiting and len(waiting) < split:
        if interrupted():
            walker.w.stopped = INTERRUPTED
            return walker, {}
        deeper = {}
        for n, game in waiting.items():
            while len(walker.w.children[n]) < len(walker.w.options[n]):
                child = walker.answer(game, n)
                if child is not None:
                    deeper[len(walker.w) - 1] = child
        waiting = deeper
        if limit.states is not None and len(walker.w) >= limit.states:
            walker.w.stopped = clock.over(walker.w) or f"stopped at the limit of {limit.states:,} positions"
            return walker, {}
    return walker, waiting


def walk_parallel(root, executor, *, key, merge: bool, limit: Limit, deadline, split: int | None, progress):
    """The graph of every line from ``root``, its subtrees walked by ``executor``; and the
    number of subtrees walked there."""
    tasks = Tasks.of(executor)
    if isinstance(executor, cf.ProcessPoolExecutor):
        try:
            pickle.dumps(key)
        except Exception as e:   # noqa: BLE001 - lambdas and local functions do not pickle
            raise ExplorationError(f"the outcome key must be a module-level function to cross processes: {e}") from None
    stop = getattr(executor, "rulekit_stop", None)
    if merge:
        return _walk_shared(root, tasks, key=key, limit=limit, deadline=deadline, split=split, progress=progress,
                            stop=stop)
    with stopping_on_interrupt(*([stop] if stop is not None else [])):
        walker, waiting = _top(root, key=key, merge=merge, split=split or 32, limit=limit,
                               clock=_Clock(limit, deadline))
        w = walker.w
        if not waiting:
            return w, 0
        order = sorted(waiting)
        part_limit = limit
        if limit.states is not None:
            part_limit = dataclasses.replace(limit, states=max(1, (limit.states - len(w)) // len(order)))
        scenario, nesting = root.scenario, root.max_nesting
        futures = tasks.start(walk_subtree, [(scenario, full_line(waiting[n]), nesting, key, merge, part_limit,
                                              deadline) for n in order])
        parts = {order[i]: part for i, part in tasks.collect(futures, progress, own_pool=stop is not None).items()}
        was_interrupted = interrupted()       # read here: the word is forgotten when the block ends
    stopped = []
    for n in order:
        part = parts.get(n)
        if part is None:                 # never walked (interrupted first): left unexplored
            continue
        w.attach(part, n)
        if part.stopped:
            stopped.append(part.stopped)
    if was_interrupted or len(parts) < len(order):
        w.stopped = f"{INTERRUPTED} ({len(order) - len(parts)} of {len(order)} subtrees not walked, " \
                    f"{len(stopped)} stopped part way)"
    elif stopped:
        w.stopped = _why_stopped(stopped, limit, f"{len(stopped)} of {len(order)} subtrees walked in parallel stopped")
    return w, len(order)


def _why_stopped(stopped: list, limit: Limit, how_many: str) -> str:
    """Why a walk done in parts stopped: the time or the memory a part reached, else the positions."""
    others = [why for why in stopped if "positions" not in why]
    why = others[0] if others else _Clock(limit, None)._said("states", f"{limit.states:,} positions")
    return f"{why} ({how_many})"


def _walk_shared(root, tasks: Tasks, *, key, limit: Limit, deadline, split, progress, stop):
    """The merged walk shared by the executor's workers (:mod:`rulekit.explore.shared`); the
    number of positions handed to them below the shared top (0: the top was the whole walk)."""
    workers = tasks.workers()
    part_limit = limit
    if limit.states is not None:
        part_limit = dataclasses.replace(limit, states=max(1, limit.states // workers))
    claims = claims_directory()
    try:
        with stopping_on_interrupt(*([stop] if stop is not None else [])):
            line, scenario = full_line(root), sending(root.scenario)     # kept by each worker for the next walk
            futures = tasks.start(walk_shared, [(scenario, line, root.max_nesting, key, split, claims, i, workers,
                                                 part_limit, deadline) for i in range(workers)])
            parts = tasks.collect(futures, progress, own_pool=stop is not None)
            was_interrupted = interrupted()   # read here: the word is forgotten when the block ends
    finally:
        remove_claims(claims)        # one log: no worker needs it once the parts are in
    if not parts:
        walker = Walker(key=key)
        walker.place(root)
        walker.w.stopped = f"{INTERRUPTED} (no worker walked)"
        return walker.w, 0
    w = join([parts[i] for i in sorted(parts)], root)
    stopped = [p.stopped for p in parts.values() if p.stopped]
    if was_interrupted or len(parts) < workers:
        w.stopped = f"{INTERRUPTED} ({workers - len(parts)} of {workers} workers did not walk, " \
                    f"{len(stopped)} stopped part way)"
    elif stopped:
        w.stopped = _why_stopped(stopped, limit, f"{len(stopped)} of {workers} workers stopped")
    return w, max(p.frontier for p in parts.values())
