"""What a walk found: outcomes with exact line counts and example lines, and which choices matter.

:func:`analyse` reads a :class:`~rulekit.explore.Walk` (a graph of positions) without asking
the engine anything more: it counts the paths from the start to every position (a line of
play is a path), finds each outcome's first line in option order, and, for every decision,
which outcomes each of its options can still reach. A decision *matters* at a position when
its options do not all reach the same outcomes.
"""
from __future__ import annotations

import html
import json
from dataclasses import dataclass, field

from immutables import Map

from rulekit.core import ids
from rulekit.core.decisions import AnswerKey, DecisionKind, Line
from rulekit.core.errors import text_lines
from rulekit.core.text import ordinal
from rulekit.explore.walker import RUNAWAY, key_text, outcome_data


@dataclass(frozen=True)
class Outcome:
    """One distinct outcome: its key, the exact number of lines reaching it, and the first of
    them (every answer, keyed) as ``example``."""

    number: int
    key: object
    lines: int
    example: Line
    state: object = field(default=None, compare=False, repr=False)     # the example's final state
    summary: str = field(default="", compare=False)

    def to_dict(self, *, default_key: bool = True) -> dict:
        return {"number": self.number, "lines": self.lines, "summary": self.summary,
                "example": line_data(self.example), "state": outcome_data(self.key, default_key=default_key)}


@dataclass(frozen=True)
class OptionReach:
    """One option of a decision: the outcomes still reachable after it, and the number of lines
    that take it (summed over every position where the decision came up)."""

    option: str
    label: str
    outcomes: tuple[int, ...]
    lines: int


@dataclass(frozen=True)
class Choice:
    """A decision (by its answer key) and whether its answer changes the possible outcomes."""

    key: AnswerKey
    prompt: str
    matters: bool
    options: tuple[OptionReach, ...]

    @property
    def chance(self) -> bool:
        """A chance decision: the game answers it, its options are chance outcomes (rule ``rulekit.chance``)."""
        return self.key.kind is DecisionKind.CHANCE

    def describe(self, namer=None) -> str:
        """The choice in a line: with ``namer`` (:class:`~rulekit.core.text.Namer`) its prompt and
        options named for a reader, else with the answer key and the options' ids."""
        prompt = namer.words(self.prompt) if namer is not None else self.prompt
        head = f"chance outcome, not a player's choice — {prompt}" if self.chance and not \
            prompt.startswith("chance:") else prompt
        key = "" if namer is not None else f" [{self.key}]"
        if not self.matters:
            return f"{head}{key}: does not matter (every option reaches the same outcomes)"
        parts = "; ".join(f"{namer.words(o.label) if namer is not None else o.option} → outcome(s) "
                          f"{', '.join(map(str, o.outcomes)) or 'none'}" for o in self.options)
        return f"{head}{key}: matters — {parts}"

    def to_dict(self) -> dict:
        return {"decision": self.key.kind.value, "at": self.key.at, "chooser": self.key.chooser,
                "number": self.key.number, "prompt": self.prompt, "matters": self.matters, "chance": self.chance,
                "options": [{"option": o.option, "label": o.label, "outcomes": list(o.outcomes), "lines": o.lines}
                            for o in self.options]}


@dataclass(frozen=True, eq=False)
class Exploration:
    """The result of :func:`rulekit.explore.explore`."""

    scenario: object
    outcomes: tuple[Outcome, ...]
    choices: tuple[Choice, ...]
    lines: int              # every line found (exact when complete)
    complete: bool
    stopped: str            # why the walk stopped early, "" when complete
    states: int             # positions walked (in parallel: summed over subtrees)
    answers: int            # answers the engine was asked for
    unexplored: int         # positions whose options were not all tried
    merged: bool
    subtrees: int           # subtrees walked by an executor (0: a serial walk)
    seconds: float = field(repr=False)
    default_key: bool
    common: str = ""        # what every outcome has in common (the outcomes' summaries leave it out)
    #: lines that take a chance outcome other than the first (the default) of some chance decision:
    #: the lines that differ from the player's lines by chance alone (rule ``rulekit.chance``)
    chance_lines: int = 0
    chance_decisions: int = 0   # chance decisions met on the walk (each keyed decision once)
    walk: object = field(repr=False, default=None)
    start: object = field(repr=False, default=None)       # the state the walk started from
    base: object = field(repr=False, default=None)        # the state the outcomes' changes are from

    def summary(self) -> tuple:
        """Everything a walk finds, without its cost: what serial and parallel walks share."""
        return (tuple((o.key, o.lines, o.example) for o in self.outcomes), self.choices, self.lines, self.complete)

    def matters(self) -> tuple[Choice, ...]:
        return tuple(c for c in self.choices if c.matters)

    def game(self, outcome: "Outcome | int"):
        """The game of an outcome's example line, replayed to the end."""
        from rulekit.core.game import Game
        o = outcome if isinstance(outcome, Outcome) else self.outcomes[outcome - 1]
        return Game.start(self.scenario, o.example)

    def __repr__(self) -> str:
        title = getattr(self.scenario, "title", "")
        state = "complete" if self.complete else f"incomplete: {self.stopped}"
        return f"<Exploration {title!r}: {len(self.outcomes)} outcome(s) over {self.lines:,} line(s), {state}>"

    def namer(self):
        """Names for this walk's cards and abilities (:class:`~rulekit.core.text.Namer`)."""
        from rulekit.core.text import Namer
        return Namer((self.base, self.start, *(o.state for o in self.outcomes)), self.scenario)

    def describe(self, *, cost: bool = True, ids: bool = False) -> str:
        """The outcomes and the choices as text, cards and abilities named (``ids``: with the
        engine's ids and the choices' answer keys); ``cost=False`` leaves out the time taken."""
        namer = None if ids else self.namer()
        common, own = self.common, [o.summary for o in self.outcomes]
        if ids and self.outcomes and self.base is not None:
            common, own = summaries([o.key for o in self.outcomes], self.base, self.default_key)
        head = (f"{len(self.outcomes)} outcome(s) over {self.lines:,} line(s); {self.states:,} positions walked, "
                f"{self.answers:,} answers" + (f", {self.seconds:.2f} s" if cost else ""))
        if self.chance_decisions:
            head += (f"; {self.chance_decisions} chance decision(s) (the game answers them): "
                     f"{self.chance_lines:,} of these lines differ by chance, "
                     f"{self.lines - self.chance_lines:,} take every chance decision's first outcome")
        if not self.complete:
            head += f" — INCOMPLETE: {self.stopped}; {self.unexplored:,} position(s) not fully walked, counts are lower bounds"
        lines = [head] + ([f"  in every outcome: {common}"] if common else [])
        lines += [f"  {o.number}. {o.lines:,} line(s): {said}" for o, said in zip(self.outcomes, own)]
        lines += ["choices:"] + [f"  {said}" for said in described(self.choices, namer)] if self.choices else \
            ["choices: none — no decision came up on this board"]
        return text_lines(lines)

    def table(self) -> "OutcomeTable":
        return OutcomeTable(self)

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def to_dict(self) -> dict:
        return {"format": "rulekit-explore/1", "scenario": getattr(self.scenario, "title", ""),
                "complete": self.complete, "stopped": self.stopped, "common": self.common, "lines": self.lines,
                "chance_lines": self.chance_lines, "chance_decisions": self.chance_decisions, "states": self.states,
                "answers": self.answers, "unexplored": self.unexplored, "merged": self.merged,
                "subtrees": self.subtrees, "outcomes": [o.to_dict(default_key=self.default_key) for o in self.outcomes],
                "choices": [c.to_dict() for c in self.choices]}


class OutcomeTable:
    """The outcomes as a table (HTML in a notebook, text elsewhere)."""

    def __init__(self, result: Exploration):
        self.result = result

    def rows(self) -> list[tuple[int, int, str, str]]:
        total = self.result.lines or 1
        return [(o.number, o.lines, f"{100 * o.lines / total:.1f}%", o.summary) for o in self.result.outcomes]

    def __str__(self) -> str:
        return "\n".join(f"{n:>3}  {lines:>12,}  {share:>6}  {what}" for n, lines, share, what in self.rows())

    def _repr_html_(self) -> str:
        r = self.result
        note = "" if r.complete else f"<p><b>Incomplete:</b> {html.escape(r.stopped)}; counts are lower bounds.</p>"
        body = "".join(f"<tr><td>{n}</td><td style='text-align:right'>{lines:,}</td><td style='text-align:right'>"
                       f"{share}</td><td style='text-align:left'>{html.escape(what)}</td></tr>"
                       for n, lines, share, what in self.rows())
        namer = r.namer()
        matters = "".join(f"<li>{html.escape(said)}</li>" for c, said in zip(r.choices, described(r.choices, namer))
                          if c.matters) or "<li>none</li>"
        common = f"<p>In every outcome: {html.escape(r.common)}</p>" if r.common else ""
        return (f"<div class='rk-explore'><p>{len(r.outcomes)} outcome(s) over {r.lines:,} line(s); "
                f"{r.states:,} positions walked.</p>{note}{common}<table><thead><tr><th>#</th><th>lines</th><th>share</th>"
                f"<th style='text-align:left'>outcome</th></tr></thead><tbody>{body}</tbody></table>"
                f"<p>Choices that matter:</p><ul>{matters}</ul></div>")


def described(choices, namer) -> list[str]:
    """Each choice in a line (:meth:`Choice.describe`); named, two decisions whose prompts read
    the same (one player's opportunities in one window) are told apart by their order."""
    said = [c.describe(namer) for c in choices]
    if namer is None:
        return said
    heads = [namer.words(c.prompt) for c in choices]
    for head in {h for h in heads if heads.count(h) > 1}:
        same = sorted((i for i, h in enumerate(heads) if h == head), key=lambda i: choices[i].key.number)
        for n, i in enumerate(same, 1):
            said[i] = said[i].replace(head, f"{head} ({ordinal(n)} time)", 1)
    return said


def line_data(line: Line) -> list[dict]:
    """A line as the scenario format's answers (``decision``, ``at``, ``chooser``, ``number``, ``answer``)."""
    return [{"decision": k.kind.value, "at": k.at, "chooser": k.chooser, "number": k.number, "answer": v}
            for k, v in line.items()]


# -- counting paths over the merged graph -----------------------------------------------------------
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
    ``after[n]`` lines from it to the end, ``reach[n]`` the outcomes still reachable from it."""

    pre: list
    post: list
    parent: list
    before: list
    after: list
    reach: list

    def matters_at(self, w, node: int) -> bool:
        kids = w.children[node]
        return len(kids) == len(w.options[node]) and len({self.reach[k] for k in kids}) > 1


def paths(w) -> Paths:
    post, pre, parent = _order(w)
    n = len(w)
    back = [0] * n                 # lines from a position to the end
    reach: list = [frozenset()] * n
    interned: dict = {}
    for node in post:
        if w.at[node] is None:
            back[node] = 1
            reach[node] = interned.setdefault(frozenset((w.outcome[node],)), frozenset((w.outcome[node],)))
        else:
            kids = w.children[node]
            back[node] = sum(back[k] for k in kids)
            s = frozenset().union(*(reach[k] for k in kids)) if kids else frozenset()
            reach[node] = interned.setdefault(s, s)
    fwd = [0] * n                  # lines from the start to a position
    fwd[0] = 1
    for node in reversed(post):
        for k in w.children[node]:
            fwd[k] += fwd[node]
    return Paths(pre, post, parent, fwd, back, reach)


def analyse(w, *, root, prefix: Line, default_key: bool, merged: bool, subtrees: int, seconds: float, limit):
    p = paths(w)
    pre, parent, fwd, back, reach = p.pre, p.parent, p.before, p.after, p.reach
    n = len(w)

    counts: dict = {}
    first: dict = {}
    for node in pre:
        if w.at[node] is None:
            o = w.outcome[node]
            counts[o] = counts.get(o, 0) + fwd[node]
            first.setdefault(o, node)
    ordered = sorted(counts, key=lambda o: (-counts[o], key_text(o)))
    number = {o: i + 1 for i, o in enumerate(ordered)}
    # a walk from the scenario's start says what changed from its set-up, before the script ran (a board
    # with no decision has one outcome, and it is what the script did); a walk from a position, from there
    base = root.timeline[0].state if not prefix.answers else root.state
    finals = [w.finals.get(o) for o in ordered]
    common, own = summaries(ordered, base, default_key, _namer(root, base, finals)) if ordered else ("", [])
    outcomes = tuple(Outcome(number[o], o, counts[o], _example(w, parent, first[o], prefix), w.finals.get(o), said)
                     for o, said in zip(ordered, own))

    choices: dict = {}
    for node in pre:
        at = w.at[node]
        if at is None or not w.children[node]:
            continue
        entry = choices.setdefault(at, [False, {}])
        kids = w.children[node]
        if p.matters_at(w, node):
            entry[0] = True
        for option, k in zip(w.options[node], kids):
            o = entry[1].setdefault(option, [set(), 0])
            o[0].update(reach[k])
            o[1] += fwd[node] * back[k]
    made = []
    for at, (matters, options) in choices.items():
        prompt, labels = w.labels.get(at, ("", {}))
        made.append(Choice(at, prompt, matters, tuple(
            OptionReach(opt, labels.get(opt, opt), tuple(sorted(number[o] for o in reached)), lines)
            for opt, (reached, lines) in options.items())))
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


def _changes(key, start, default_key: bool, namer=None) -> list[str]:
    """What an outcome changed from the position the walk started at, as short phrases: cards and
    abilities named by ``namer`` (:class:`~rulekit.core.text.Namer`), else by their ids."""
    if key == RUNAWAY:
        return ["the engine stopped a runaway loop"]
    if not default_key:
        return [json.dumps(json.loads(key_text(key)), ensure_ascii=False)]
    name = (lambda i: i) if namer is None else (lambda i: namer.token(i) or i)
    parts = dict(key)
    said = []
    for cid, zone, controller, kneeling, own in parts["cards"]:
        card = start.cards.get(cid)
        if card is None:
            continue
        for field_name, v in (("zone", zone), ("controller", controller), ("kneeling", kneeling), *own):
            was = getattr(card, field_name)
            if was == v or (field_name == "zone" and v == "hand"):
                continue
            if field_name == "zone":
                said.append(f"{name(cid)} → {v}")
            elif field_name == "kneeling":
                said.append(f"{name(cid)} {'knelt' if v else 'stood'}")
            else:
                said.append(f"{name(cid)} {field_name} {was}→{v}")
    for player, hand in parts["hands"]:
        before = {c.id for c in start.cards_in("hand", player)}
        gained = sorted(set(hand) - before)
        if gained:
            said.append(f"{player} hand +{len(gained)} ({', '.join(name(c) for c in gained)})")
    newly = [u for u in parts["resolved"] if u not in start.used]
    if newly:
        times: dict = {}
        for u in newly:
            times[ids.use_head(u)] = times.get(ids.use_head(u), 0) + 1
        said.append("used " + ("; ".join(name(u) for u in newly) if len(newly) <= 4 else
                               ", ".join(name(a) if k == 1 else f"{name(a)} ×{k}" for a, k in times.items())))
    if parts["cancelled"]:
        said.append(f"{len(parts['cancelled'])} cancelled")
    return said


def summaries(keys, start, default_key: bool, namer=None) -> tuple[str, list[str]]:
    """What every outcome shares, and what each adds to it (or "nothing more"), named by ``namer``
    (else with ids)."""
    changes = [_changes(k, start, default_key, namer) for k in keys]
    common = [c for c in changes[0] if all(c in other for other in changes[1:])] if len(changes) > 1 else []
    own = ["; ".join(c for c in cs if c not in common) or ("nothing more" if common else "nothing changed")
           for cs in changes]
    return "; ".join(common), own
