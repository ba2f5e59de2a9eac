"""Counting lines over a walk's merged graph: what :func:`analyse` makes of a
:class:`~rulekit.explore.Walk` without asking the engine anything more.

It counts the paths from the start to every position (a line of play is a path), finds each
outcome's first line in option order, and, for every decision, which outcomes each of its
options can still reach. A decision *matters* at a position when its options do not all reach
the same outcomes.
"""
from __future__ import annotations

from dataclasses import dataclass

from immutables import Map

from rulekit.core.decisions import DecisionKind, Line
from rulekit.explore.result import Choice, Exploration, OptionReach, Outcome, summaries
from rulekit.explore.walker import key_text


def _order(w) -> tuple[list[int], list[int], list]:
    """Depth-first from position 0 in option order: the postorder, the preorder, and for every
    position the (parent, option index) it was first reached by — the first line to it."""
    n = len(w)
    seen = [False] * n
    parent: list = [None] * n
    pre, post = [0], []
    seen[0] = True
    stack = [(0, 0)]
    while stack:
        node, i = stack[-1]
        kids = w.children[node]
        if i < len(kids):
            stack[-1] = (node, i + 1)
            child = kids[i]
            if not seen[child]:
                seen[child] = True
                parent[child] = (node, i)
                pre.append(child)
                stack.append((child, 0))
        else:
            stack.pop()
            post.append(node)
    return post, pre, parent


@dataclass(frozen=True)
class Paths:
    """Lines counted over a walk's graph: ``before[n]`` lines from the start to position ``n``,
    ``after[n]`` lines from it to the end, ``reach[n]`` the outcomes still reachable from it: a
    set of indices into ``outcomes`` (the distinct outcome keys, in the order the postorder meets
    them), held as an integer whose bit ``i`` is set for outcome ``i`` — a key is hashed once, not
    at every position reaching it, and a union is one ``|`` (see :func:`indices`)."""

    pre: list
    post: list
    parent: list
    before: list
    after: list
    reach: list
    outcomes: list

    def matters_at(self, w, node: int) -> bool:
        kids = w.children[node]
        return len(kids) == len(w.options[node]) and len({self.reach[k] for k in kids}) > 1


def paths(w) -> Paths:
    post, pre, parent = _order(w)
    n = len(w)
    back = [0] * n                 # lines from a position to the end
    reach: list = [0] * n
    interned: dict = {}            # one int object per distinct reach, shared by the positions with it
    index: dict = {}               # outcome key -> its index
    keys: list = []
    for node in post:
        if w.at[node] is None:
            back[node] = 1
            key = w.outcome[node]
            i = index.get(key)
            if i is None:
                i = index[key] = len(keys)
                keys.append(key)
            s = 1 << i
        else:
            kids = w.children[node]
            back[node] = sum(back[k] for k in kids)
            s = 0
            for k in kids:
                s |= reach[k]
        reach[node] = interned.setdefault(s, s)
    fwd = [0] * n                  # lines from the start to a position
    fwd[0] = 1
    for node in reversed(post):
        for k in w.children[node]:
            fwd[k] += fwd[node]
    return Paths(pre, post, parent, fwd, back, reach, keys)


def indices(bits: int) -> list[int]:
    """The outcome indices a reach holds (the set bits of ``bits``), in increasing order."""
    text = bin(bits)[:1:-1]            # bit 0 first
    return [i for i, c in enumerate(text) if c == "1"]


def _listed(counts: dict, keys: list) -> list[int]:
    """Outcome indices, the most lines first; outcomes with as many lines as another by the
    canonical text of their keys (the same in every process), computed only for those."""
    tied: dict = {}
    for i, c in counts.items():
        tied.setdefault(c, []).append(i)
    ordered = []
    for c in sorted(tied, reverse=True):
        group = tied[c]
        if len(group) > 1:
            group.sort(key=lambda i: key_text(keys[i]))
        ordered += group
    return ordered


def analyse(w, *, root, prefix: Line, default_key: bool, merged: bool, subtrees: int, seconds: float, limit):
    p = paths(w)
    pre, parent, fwd, back, reach, keys = p.pre, p.parent, p.before, p.after, p.reach, p.outcomes
    n = len(w)

    counts: dict = {}              # outcome index -> lines reaching it
    first: dict = {}               # outcome index -> the first position (in preorder) reaching it
    for node in pre:
        if w.at[node] is None:
            i = reach[node].bit_length() - 1
            counts[i] = counts.get(i, 0) + fwd[node]
            first.setdefault(i, node)
    ordered = _listed(counts, keys)
    number = [0] * len(keys)
    for rank, i in enumerate(ordered, 1):
        number[i] = rank
    # a walk from the scenario's start says what changed from its set-up, before the script ran (a board
    # with no decision has one outcome, and it is what the script did); a walk from a position, from there
    base = root.timeline[0].state if not prefix.answers else root.state
    finals = [w.finals.get(keys[i]) for i in ordered]
    common, own = summaries([keys[i] for i in ordered], base, default_key, _namer(root, base, finals)) \
        if ordered else ("", [])
    outcomes = tuple(Outcome(number[i], keys[i], counts[i], _example(w, parent, first[i], prefix), final, said)
                     for i, final, said in zip(ordered, finals, own))

    choices: dict = {}             # decision -> [matters, {option: [the reaches of its children, lines]}]
    for node in pre:
        at = w.at[node]
        kids = w.children[node]
        if at is None or not kids:
            continue
        entry = choices.get(at)
        if entry is None:
            entry = choices[at] = [False, {}]
        if not entry[0] and p.matters_at(w, node):
            entry[0] = True
        here = fwd[node]
        for option, k in zip(w.options[node], kids):
            o = entry[1].get(option)
            if o is None:
                o = entry[1][option] = [set(), 0]
            o[0].add(reach[k])
            o[1] += here * back[k]
    made = []
    numbered: dict = {}            # a reach (one object per distinct set) -> its outcome numbers
    for at, (matters, options) in choices.items():
        prompt, labels = w.labels.get(at, ("", {}))
        reached = []
        for opt, (reaches, lines) in options.items():
            union = 0
            for r in reaches:
                union |= r
            said = numbered.get(union)
            if said is None:
                said = numbered[union] = tuple(sorted(number[i] for i in indices(union)))
            reached.append(OptionReach(opt, labels.get(opt, opt), said, lines))
        made.append(Choice(at, prompt, matters, tuple(reached)))
    unexplored = sum(1 for node in range(n) if w.at[node] is not None and not w.expanded(node))
    firsts = _first_outcome_lines(w, p.post)
    return Exploration(root.scenario, outcomes, tuple(made), back[0], not w.stopped and unexplored == 0, w.stopped,
                       len(w), w.answers, unexplored, merged, subtrees, seconds, default_key, common,
                       back[0] - firsts, sum(1 for at in choices if at.kind is DecisionKind.CHANCE), w, root.state,
                       base)


def _namer(root, base, finals):
    from rulekit.core.text import Namer
    return Namer((base, root.state, *finals), getattr(root, "scenario", None))


def _first_outcome_lines(w, post) -> int:
    """The lines from the start that take the first outcome (the default) of every chance decision
    they meet, and any option of every other decision: the lines chance alone does not change."""
    lines = [0] * len(w)
    for node in post:
        kids = w.children[node]
        if w.at[node] is None:
            lines[node] = 1
        elif w.at[node].kind is DecisionKind.CHANCE:
            lines[node] = lines[kids[0]] if kids else 0
        else:
            lines[node] = sum(lines[k] for k in kids)
    return lines[0]


def _example(w, parent, node, prefix: Line) -> Line:
    answers = dict(prefix.answers.items())
    while parent[node] is not None:
        up, i = parent[node]
        answers[w.at[up]] = w.options[up][i]
        node = up
    return Line(Map(answers))
