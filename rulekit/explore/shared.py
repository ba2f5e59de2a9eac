"""A merged walk shared by workers: every position walked once, whichever worker reaches it first.

Lines that converge — orderings of forced abilities — reach the same position from many
subtrees, so walking subtrees apart repeats work (each has its own transposition table). Here
the workers merge across processes instead: a position is *claimed* by the first worker that
reaches it (an exclusive file named by the position's :mod:`fingerprint <rulekit.explore.fingerprint>`
in a directory every worker sees), and only its claimant answers its options; another worker
reaching it records a link and turns back. Each position is expanded once in all, so the
workers together answer exactly what the serial merged walk answers.

Every worker first walks the same top of the graph (breadth first until ``split`` positions wait,
or by default until twice as many as there are workers wait and the next level would cost more
than a few dozen answers; without claims: it is small, and equal in every worker), then walks
depth first from those positions, starting at a different place in the list and in each
position's options, so the workers spread over the graph; a worker whose way is claimed goes on
elsewhere, so the work balances itself. The parent joins the parts by fingerprint and numbers the positions in the
serial walk's order: the graph — outcomes, line counts, example lines, choices — is the serial
walk's.

The claims are files, so the workers must share a file system with the parent (the local
processes of a :class:`~concurrent.futures.ProcessPoolExecutor`, a Dask cluster on this machine).
"""
from __future__ import annotations

import os
import pickle
import shutil
import tempfile

from rulekit.core.errors import RulekitError
from rulekit.explore.bounds import Limit, _Clock
from rulekit.explore.fingerprint import Fingerprinter
from rulekit.explore.walker import RUNAWAY, ExplorationError, Walk, _outcome

LOOPED = "runaway"        # a child that is the runaway-loop outcome (no position)
SPLIT = 32                # the top ends when this many positions wait (``split``) …
TOP_ANSWERS = 64          # … or, by default, when going deeper would take it past this many answers


class Part:
    """What one worker walked: its positions by fingerprint (``at``, options, children by option
    — fingerprints, :data:`LOOPED` or ``None`` where not tried — and outcome), the top it shared,
    labels, one final state per outcome, answers asked and why it stopped."""

    def __init__(self):
        self.nodes: dict = {}
        self.top: set = set()
        self.root = None
        self.labels: dict = {}       # key -> index in variants
        self.variants: list = []     # (prompt, {option id: label})
        self.label_of: dict = {}     # fingerprint -> index in variants
        self.finals: dict = {}       # outcome -> (fingerprint, final state)
        self.answers = 0
        self.top_answers = 0
        self.claimed = 0
        self.stopped = ""
        self.frontier = 0            # positions waiting below the shared top

    def __len__(self) -> int:
        return len(self.top) + self.claimed


def claims_directory() -> str:
    """A fresh directory for the claims of one walk (in memory where the system has /dev/shm)."""
    where = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    return tempfile.mkdtemp(prefix="rulekit-claims-", dir=where)


def remove_claims(directory: str) -> None:
    shutil.rmtree(directory, ignore_errors=True)


class _Sharer:
    def __init__(self, key, claims: str, task: int, tasks: int, labels: bool = True):
        self.fp = Fingerprinter()
        self.key = key
        self.claims = claims
        self.task = task
        self.tasks = tasks
        self.labels = labels
        self.part = Part()
        self.others: set = set()
        self.met: dict = {}          # (state, control) -> fingerprint: a position met again is not fingerprinted again
        self.same: dict = {}         # a decision's key or option ids -> the first equal object met

    def position(self, game) -> int:
        position = (game.state, game.control)
        f = self.met.get(position)
        if f is None:
            f = self.met[position] = self.fp.position(game)
        return f

    def record(self, game, f) -> None:
        p = self.part
        decision = game.decision
        if decision is None:
            outcome = _outcome(self.key, game.state)
            p.nodes[f] = (None, (), [], outcome)
            p.finals.setdefault(outcome, (f, game.state))
        else:              # keys and option lists repeat (a handful of values over thousands of positions):
            at, options = decision.key, decision.option_ids      # one object each, so the part pickles each once
            at, options = self.same.setdefault(at, at), self.same.setdefault(options, options)
            p.nodes[f] = (at, options, [None] * len(options), None)
            if self.labels and decision.key not in p.labels:     # labels are formatted when read: the first
                p.labels[decision.key] = len(p.variants)          # met of each key only (join replays others)
                p.variants.append((decision.prompt, {o.id: o.label for o in decision.options}))
                p.label_of[f] = p.labels[decision.key]

    def claim(self, f) -> bool:
        try:
            os.close(os.open(os.path.join(self.claims, format(f & 0xFFFF_FFFF_FFFF_FFFF, "016x")),
                             os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return False
        return True

    def order(self, count: int) -> list:
        start = (self.task * count) // self.tasks
        return list(range(start, count)) + list(range(start))

    def top(self, root, split: int | None) -> list:
        """Breadth first from ``root`` until ``split`` positions wait (the same in every worker):
        the waiting positions, as (fingerprint, game). Every worker answers the top, so by default
        (``split`` None) it also stops as soon as twice as many positions as workers wait and the
        next level would take it past :data:`TOP_ANSWERS` answers: the claims share the rest out."""
        p = self.part
        f = self.position(root)
        p.root = f
        p.top.add(f)
        self.record(root, f)
        waiting = [(f, root)] if root.decision is not None else []
        enough = 2 * self.tasks if split is None else None
        split = SPLIT if split is None else split
        while waiting and len(waiting) < split:
            if enough is not None and len(waiting) >= enough and \
                    p.top_answers + sum(len(game.decision.option_ids) for _, game in waiting) > TOP_ANSWERS:
                break
            deeper = []
            for f, game in waiting:
                children = p.nodes[f][2]
                for j, option in enumerate(game.decision.option_ids):
                    p.top_answers += 1
                    try:
                        child = game.answer(option)
                    except RulekitError:
                        children[j] = LOOPED
                        continue
                    c = self.position(child)
                    children[j] = c
                    if c not in p.top:
                        p.top.add(c)
                        self.record(child, c)
                        if child.decision is not None:
                            deeper.append((c, child))
            waiting = deeper
        for f, _ in waiting:              # the frontier is walked below, claimed like any position
            p.top.discard(f)
            del p.nodes[f]
        return waiting

    def reach(self, game):
        """The fingerprint of ``game``'s position; whether this worker is to walk on from it."""
        p = self.part
        f = self.position(game)
        if f in p.nodes or f in p.top or f in self.others:
            return f, False
        if not self.claim(f):
            self.others.add(f)
            return f, False
        p.claimed += 1
        self.record(game, f)
        return f, game.decision is not None

    def walk(self, frontier: list, clock: _Clock) -> None:
        p = self.part
        start = (self.task * len(frontier)) // self.tasks
        for g0 in frontier[start:] + frontier[:start]:
            f0, go = self.reach(g0[1])
            if not go:
                continue
            stack = [(g0[1], f0, self.order(len(g0[1].decision.option_ids)), 0)]
            while stack:
                game, f, order, i = stack[-1]
                if i == len(order):
                    stack.pop()
                    continue
                why = clock.over(p)
                if why:
                    p.stopped = why
                    return
                stack[-1] = (game, f, order, i + 1)
                j = order[i]
                p.answers += 1
                try:
                    child = game.answer(game.decision.option_ids[j])
                except RulekitError:                   # the nesting or step bound stopped a runaway loop
                    p.nodes[f][2][j] = LOOPED
                    continue
                c, go = self.reach(child)
                p.nodes[f][2][j] = c
                if go:
                    stack.append((child, c, self.order(len(child.decision.option_ids)), 0))


_SCENARIOS: dict = {}       # in a worker: the scenarios of its last walks, by their pickles' digests


def sending(scenario) -> tuple:
    """What the parent sends each worker for ``scenario``: the scenario and the digest of its pickle
    (:func:`sent_scenario` says why)."""
    from hashlib import blake2b
    return blake2b(pickle.dumps(scenario), digest_size=16).hexdigest(), scenario


def sent_scenario(scenario):
    """``scenario``, or, sent as (digest, scenario) by :func:`sending`, the scenario this worker kept
    from an earlier walk sent with the same digest: walks of one scenario in a row then share its
    objects, so the caches keyed by them (the judgements remembered across sequences) stay warm
    from one walk to the next, as they do in the parent for the serial walk. (The package never
    unpickles anything itself: the executor brings the scenario across.)"""
    if not isinstance(scenario, tuple):
        return scenario
    digest, arrived = scenario
    found = _SCENARIOS.get(digest)
    if found is None:
        if len(_SCENARIOS) >= 2:
            _SCENARIOS.clear()
        found = _SCENARIOS[digest] = arrived
    return found


def walk_shared(scenario, line, max_nesting, key, split: int | None, claims: str, task: int, tasks: int,
                limit: Limit, deadline) -> Part:
    """In a worker: replay ``line`` to the walk's start (``scenario``: a scenario, or what
    :func:`sending` made of it), walk the shared top, then claim and walk."""
    from rulekit.core.game import Game
    scenario = sent_scenario(scenario)
    if not os.path.isdir(claims):
        raise ExplorationError(f"this worker cannot see the claims directory {claims!r}: the workers must share "
                               f"the parent's file system")
    root = Game.start(scenario, line, max_nesting=max_nesting)
    sharer = _Sharer(key, claims, task, tasks)
    frontier = sharer.top(root, split)
    sharer.part.frontier = len(frontier)
    sharer.walk(frontier, _Clock(limit, deadline))
    sharer.part.labels = {}          # the index of variants stays here: the parent reads label_of
    return sharer.part


def _replay(game, w: Walk, came: dict, n: int):
    """The game at position ``n``, answering from ``game`` (the start) along the way it was first reached."""
    path = []
    while n in came:
        n, option = came[n]
        path.append(option)
    for option in reversed(path):
        game = game.answer(option)
    return game


def join(parts: list, root) -> Walk:
    """The parts as one :class:`Walk`, numbered as the serial walk numbers positions (depth first,
    options in order), with the serial walk's labels and final states (``root``, the game the walk
    started from, replays the way to a final state no worker kept). A position some worker never
    finished keeps the options tried before the first untried one."""
    first = parts[0]
    if any(p.root != first.root for p in parts):
        raise ExplorationError("the workers fingerprint the starting position differently (different rulekit "
                               "versions?): their walks cannot be joined")
    nodes: dict = {}
    labels: dict = {}
    for p in parts:
        nodes.update(p.nodes)
        labels.update((f, p.variants[i]) for f, i in p.label_of.items())
    w = Walk()
    number: dict = {}
    came: dict = {}          # position -> (the position and option that first reached it)
    runaway = None

    unlabelled: list = []    # positions first of their key whose labels no worker kept

    def add(f) -> int:
        at, options, _, outcome = nodes[f]
        n = number[f] = w.add(at, options, outcome)
        if at is not None and at not in w.labels:
            if f in labels:
                w.labels[at] = labels[f]
            else:
                w.labels[at] = None
                unlabelled.append(n)
        return n

    add(first.root)
    stack = [(first.root, 0)] if nodes[first.root][0] is not None else []
    cut = False
    while stack:
        f, n = stack[-1]
        children = nodes[f][2]
        i = len(w.children[n])
        c = children[i] if i < len(children) else None
        if c is None or (c != LOOPED and c not in number and c not in nodes):
            cut = cut or i < len(children)
            stack.pop()
            continue
        if c == LOOPED:
            if runaway is None:
                runaway = w.add(None, (), RUNAWAY)
            m = runaway
        elif c in number:
            m = number[c]
        else:
            m = add(c)
            came[m] = (n, w.options[n][i])
            if nodes[c][0] is not None:
                stack.append((c, m))
        w.children[n].append(m)
    for n in unlabelled:
        decision = _replay(root, w, came, n).decision
        w.labels[w.at[n]] = (decision.prompt, {o.id: o.label for o in decision.options})
    given = {f: state for p in parts for f, state in p.finals.values()}
    for f, n in sorted(number.items(), key=lambda item: item[1]):      # the serial walk's first final of each outcome
        outcome = w.outcome[n]
        if w.at[n] is None and outcome not in w.finals:
            w.finals[outcome] = given[f] if f in given else _replay(root, w, came, n).state
    w.answers = first.top_answers + sum(p.answers for p in parts)
    stopped = [p.stopped for p in parts if p.stopped]
    if stopped:
        w.stopped = stopped[0]
    elif cut:
        w.stopped = "stopped before every position was walked"
    return w
