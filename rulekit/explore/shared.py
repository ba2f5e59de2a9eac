"""A merged walk shared by workers: every position walked once, whichever worker reaches it first.

Lines that converge — orderings of forced abilities — reach the same position from many
subtrees, so walking subtrees apart repeats work (each has its own transposition table). Here
the workers merge across processes instead: a position is *claimed* by the first worker that
reaches it, and only its claimant answers its options; another worker reaching it records a link
and turns back. Each position is expanded once in all, so the workers together answer exactly
what the serial merged walk answers.

The claims are one log every worker appends to and reads (:mod:`rulekit.explore.claims`).

Every worker first walks the same top of the graph (breadth first until ``split`` positions wait,
or by default until twice as many as there are workers wait and the next level would cost more
than a few dozen answers; without claims: it is small, and equal in every worker), then walks
depth first from those positions, starting at a different place in the list and in each
position's options, so the workers spread over the graph; a worker whose way is claimed goes on
elsewhere, so the work balances itself. The parent joins the parts by fingerprint and numbers the positions in the
serial walk's order: the graph — outcomes, line counts, example lines, choices — is the serial
walk's.
"""
from __future__ import annotations

import os
import pickle
from array import array
from itertools import count, repeat

from rulekit.core.errors import RulekitError
from rulekit.explore.bounds import Limit, _Clock
from rulekit.explore.claims import ClaimLog
from rulekit.explore.fingerprint import Fingerprinter
from rulekit.explore.walker import RUNAWAY, ExplorationError, Walk, _outcome

UNTRIED = -1              # a child not tried yet (a fingerprint is a ``hash()``, never -1)
SPLIT = 32                # the top ends when this many positions wait (``split``) …
TOP_ANSWERS = 64          # … or, by default, when going deeper would take it past this many answers


class Part:
    """What one worker walked, as flat arrays (they cross processes as a few blocks of bytes, not as
    thousands of small objects): the positions it recorded, by fingerprint (``fps``), each one's
    decision key, option ids and outcome as indices in ``keys``, ``option_lists`` and ``outcomes``,
    and its children by option in ``kids[start[i]:start[i + 1]]`` — fingerprints, :data:`UNTRIED`
    where not tried, a place in ``looped`` where the child is the runaway-loop outcome; the top it
    shared, labels, one final state per outcome, answers asked and why it stopped."""

    def __init__(self):
        self.root = None
        self.fps = array("q")
        self.at = array("l")           # index in keys (0: no decision, the end of the script)
        self.opts = array("l")         # index in option_lists
        self.outcome = array("l")      # index in outcomes (-1: none)
        self.start = array("q", [0])   # position i's children are kids[start[i]:start[i + 1]]
        self.kids = array("q")
        self.looped: set = set()       # places in kids of children that are the runaway-loop outcome
        self.keys: list = [None]
        self.option_lists: list = [()]
        self.outcomes: list = []
        self.variants: list = []       # (prompt, {option id: label})
        self.label_of: dict = {}       # fingerprint -> index in variants
        self.finals: dict = {}         # outcome -> (fingerprint, final state)
        self.answers = 0
        self.top_answers = 0
        self.top = 0                   # positions of the shared top (recorded by every worker)
        self.claimed = 0
        self.stopped = ""
        self.frontier = 0              # positions waiting below the shared top

    def __len__(self) -> int:
        return self.top + self.claimed


class _Sharer:
    def __init__(self, key, claims: str, task: int, tasks: int, labels: bool = True):
        self.fp = Fingerprinter()
        self.key = key
        self.log = ClaimLog(claims, task)
        self.task = task
        self.tasks = tasks
        self.labels = labels
        self.part = Part()
        self.index: dict = {}        # fingerprint -> its place in the part's arrays (recorded here)
        self.met: dict = {}          # (state, control) -> fingerprint: a position met again is not fingerprinted again
        self.kinds: dict = {}        # a decision's key, option ids or outcome -> its index in the part's lists
        self.labelled: set = set()   # the decision keys whose labels the part has
        self.ids: dict = {}          # option id -> the first equal string met
        self._orders: dict = {}      # count of options -> the order this worker tries them in

    def position(self, game) -> int:
        position = (game.state, game.control)
        f = self.met.get(position)
        if f is None:
            f = self.met[position] = self.fp.position(game)
        return f

    def _kind(self, value, values: list, tag: int) -> int:
        """The index of ``value`` in ``values`` (added the first time): keys, option lists and outcomes
        repeat — a handful of values over thousands of positions — so each crosses once."""
        found = self.kinds.get((tag, value))
        if found is None:
            found = self.kinds[(tag, value)] = len(values)
            values.append(value)
        return found

    def record(self, game, f) -> int:
        """Record ``game``'s position (fingerprint ``f``) in the part: where its children start in ``kids``."""
        p = self.part
        decision = game.decision
        self.index[f] = len(p.fps)
        p.fps.append(f)
        base = p.start[-1]
        if decision is None:
            outcome = _outcome(self.key, game.state)
            p.at.append(0)
            p.opts.append(0)
            p.outcome.append(self._kind(outcome, p.outcomes, 2))
            p.start.append(base)
            p.finals.setdefault(outcome, (f, game.state))
            return base
        key, options = decision.key, decision.option_ids
        p.at.append(self._kind(key, p.keys, 0))
        found = self.kinds.get((1, options))
        if found is None:        # a new list of options: its ids as the strings met before, so each crosses once
            found = self.kinds[(1, options)] = len(p.option_lists)
            p.option_lists.append(tuple([self.ids.setdefault(o, o) for o in options]))
        p.opts.append(found)
        p.outcome.append(-1)
        p.start.append(base + len(options))
        p.kids.extend(_untried(len(options)))
        if self.labels and key not in self.labelled:        # labels are formatted when read: the first
            self.labelled.add(key)                           # met of each key only (join replays others)
            p.label_of[f] = len(p.variants)
            p.variants.append((decision.prompt, {o.id: o.label for o in decision.options}))
        return base

    def order(self, count: int) -> tuple:
        """The order this worker tries ``count`` options in: from its own place among the workers,
        round to the start (the same tuple for every position with as many options)."""
        found = self._orders.get(count)
        if found is None:
            start = (self.task * count) // self.tasks
            found = self._orders[count] = tuple(range(start, count)) + tuple(range(start))
        return found

    def top(self, root, split: int | None) -> list:
        """Breadth first from ``root`` until ``split`` positions wait (the same in every worker):
        the waiting positions, as (fingerprint, game). Every worker answers the top, so by default
        (``split`` None) it also stops as soon as twice as many positions as workers wait and the
        next level would take it past :data:`TOP_ANSWERS` answers: the claims share the rest out.
        A position of the top is recorded when it is answered (or ends the script); those still
        waiting are not: they are claimed below like any position."""
        p = self.part
        f = self.position(root)
        p.root = f
        met = {f}
        if root.decision is None:
            self.record(root, f)
            p.top = 1
            return []
        waiting = [(f, root)]
        enough = 2 * self.tasks if split is None else None
        split = SPLIT if split is None else split
        while waiting and len(waiting) < split:
            if enough is not None and len(waiting) >= enough and \
                    p.top_answers + sum(len(game.decision.option_ids) for _, game in waiting) > TOP_ANSWERS:
                break
            deeper = []
            for f, game in waiting:
                base = self.record(game, f)
                p.top += 1
                for j, option in enumerate(game.decision.option_ids):
                    p.top_answers += 1
                    try:
                        child = game.answer(option)
                    except RulekitError:
                        p.looped.add(base + j)
                        continue
                    c = p.kids[base + j] = self.position(child)
                    if c not in met:
                        met.add(c)
                        if child.decision is None:
                            self.record(child, c)
                            p.top += 1
                        else:
                            deeper.append((c, child))
            waiting = deeper
        return waiting

    def reach(self, game):
        """The fingerprint of ``game``'s position; where its children start in ``kids`` if this worker
        is to walk on from it (``None`` otherwise)."""
        f = self.position(game)
        if f in self.index or f in self.log.owner or not self.log.claim(f):
            return f, None
        self.part.claimed += 1
        base = self.record(game, f)
        return f, (base if game.decision is not None else None)

    def walk(self, frontier: list, clock: _Clock) -> None:
        p = self.part
        kids, reach, order_of, over = p.kids, self.reach, self.order, clock.over
        start = (self.task * len(frontier)) // self.tasks
        for g0 in frontier[start:] + frontier[:start]:
            _, base = reach(g0[1])
            if base is None:
                continue
            options = g0[1].decision.option_ids
            stack = [(g0[1], options, base, order_of(len(options)), 0)]
            while stack:
                game, options, base, order, i = stack[-1]
                if i == len(order):
                    stack.pop()
                    continue
                why = over(p)
                if why:
                    p.stopped = why
                    return
                stack[-1] = (game, options, base, order, i + 1)
                j = order[i]
                p.answers += 1
                try:
                    child = game.answer(options[j])
                except RulekitError:                   # the nesting or step bound stopped a runaway loop
                    p.looped.add(base + j)
                    continue
                c, below = reach(child)
                kids[base + j] = c
                if below is not None:
                    options = child.decision.option_ids
                    stack.append((child, options, below, order_of(len(options)), 0))


def _untried(count: int) -> array:
    found = _UNTRIED.get(count)
    if found is None:
        found = _UNTRIED[count] = array("q", [UNTRIED]) * count
    return found


_UNTRIED: dict = {}


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
    try:
        with sharer.log:
            frontier = sharer.top(root, split)
            sharer.part.frontier = len(frontier)
            sharer.walk(frontier, _Clock(limit, deadline))
    finally:
        sharer.fp.clear()             # the values met: this walk's, not kept for the worker's next one
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
    where: dict = {}         # fingerprint -> (part, its place there)
    labels: dict = {}
    for k, p in enumerate(parts):
        where.update(zip(p.fps, zip(repeat(k), count())))
        labels.update((f, p.variants[i]) for f, i in p.label_of.items())
    w = Walk()
    number: dict = {}
    came: dict = {}          # position -> (the position and option that first reached it)
    unlabelled: list = []    # positions first of their key whose labels no worker kept
    runaway = None

    keyed: set = set()       # (part, index of a key there) whose key has its labels in the walk
    w_at, w_options, w_children, w_outcome = w.at, w.options, w.children, w.outcome

    def add(f) -> tuple:
        """Number ``f``'s position: its frame on the walk's stack (None at the end of the script)."""
        k, i = where[f]
        p = parts[k]
        a, options, o = p.at[i], p.option_lists[p.opts[i]], p.outcome[i]
        at = p.keys[a]
        n = number[f] = len(w_at)
        w_at.append(at)
        w_options.append(options)
        w_children.append([])
        w_outcome.append(p.outcomes[o] if o >= 0 else None)
        if at is None:
            return n, None
        if (k, a) not in keyed:                      # the key's labels, read once per part and key
            keyed.add((k, a))
            if at in w.labels:
                pass
            elif f in labels:
                w.labels[at] = labels[f]
            else:
                w.labels[at] = None
                unlabelled.append(n)
        return n, frame_of(n, p, i, options)

    def frame_of(n, p, i, options) -> list:
        return [n, p.kids, p.start[i], p.start[i], p.start[i + 1], p.looped, options]

    if first.root not in where:
        raise ExplorationError("no worker walked the starting position")
    _, frame = add(first.root)
    stack = [frame] if frame is not None else []
    cut = False
    while stack:
        frame = stack[-1]
        n, kids, base, j, end, looped, options = frame
        mine = w_children[n]
        deeper = None
        while j < end:
            c = kids[j]
            if c == UNTRIED:
                if j not in looped:
                    cut = True
                    break
                if runaway is None:
                    runaway = w.add(None, (), RUNAWAY)
                m = runaway
            else:
                m = number.get(c)
                if m is None:
                    if c not in where:           # claimed by a worker that did not return it
                        cut = True
                        break
                    m, deeper = add(c)
                    came[m] = (n, options[j - base])
            mine.append(m)
            j += 1
            if deeper is not None:
                break
        if deeper is not None:
            frame[3] = j
            stack.append(deeper)
        else:
            stack.pop()
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
