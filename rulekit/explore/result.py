"""What a walk found: outcomes with exact line counts and example lines, which choices matter,
and how they read (text, a table, JSON). :mod:`rulekit.explore.counting` makes them from a walk.
"""
from __future__ import annotations

import html
import json
from dataclasses import dataclass, field

from rulekit.core import ids
from rulekit.core.decisions import AnswerKey, DecisionKind, Line
from rulekit.core.errors import text_lines
from rulekit.core.text import ordinal
from rulekit.explore.walker import RUNAWAY, key_text, outcome_data


#: The outcomes a description or a table lists unless told otherwise (the most lines first), and
#: the runs of outcome numbers each option of a choice lists then.
SHOWN = 40
SHOWN_RUNS = 12


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

    def describe(self, namer=None, *, runs: int | None = None) -> str:
        """The choice in a line: with ``namer`` (:class:`~rulekit.core.text.Namer`) its prompt and
        options named for a reader, else with the answer key and the options' ids. Each option's
        outcomes are written in runs (``1–4, 6, 9``); ``runs`` shows at most that many of them."""
        prompt = namer.words(self.prompt) if namer is not None else self.prompt
        head = f"chance outcome, not a player's choice — {prompt}" if self.chance and not \
            prompt.startswith("chance:") else prompt
        key = "" if namer is not None else f" [{self.key}]"
        if not self.matters:
            return f"{head}{key}: does not matter (every option reaches the same outcomes)"
        parts = "; ".join(f"{namer.words(o.label) if namer is not None else o.option} → outcome(s) "
                          f"{numbered(o.outcomes, runs)}" for o in self.options)
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

    def describe(self, *, cost: bool = True, ids: bool = False, most: int | None = SHOWN) -> str:
        """The outcomes and the choices as text, cards and abilities named (``ids``: with the
        engine's ids and the choices' answer keys); ``cost=False`` leaves out the time taken.
        ``most``: the outcomes listed (the most lines first), and the runs of outcome numbers
        each option lists (``SHOWN_RUNS``), with what was left out counted; ``None`` lists all."""
        most = _most(most)
        namer = None if ids else self.namer()
        shown = self.outcomes if most is None else self.outcomes[:most]
        common, own = self.common, [o.summary for o in shown]
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
        lines += [f"  {o.number}. {o.lines:,} line(s): {said}" for o, said in zip(shown, own)]
        if len(shown) < len(self.outcomes):
            lines.append(f"  {left_out(self.outcomes, len(shown))}")
        runs = None if most is None else SHOWN_RUNS
        lines += ["choices:"] + [f"  {said}" for said in described(self.choices, namer, runs)] if self.choices else \
            ["choices: none — no decision came up on this board"]
        return text_lines(lines)

    def choice_lines(self, *, ids: bool = False, runs: int | None = None) -> list[str]:
        """Each choice in a line, as :meth:`describe` writes it: cards and abilities named (``ids``:
        the engine's ids and the answer keys), a player's opportunities in one window told apart
        by their order; ``runs`` shows at most that many runs of each option's outcome numbers."""
        return described(self.choices, None if ids else self.namer(), runs)

    def table(self, most: int | None = SHOWN) -> "OutcomeTable":
        """The outcomes as a table: the ``most`` with the most lines, and a last row counting the rest
        (``None``: every outcome)."""
        return OutcomeTable(self, most)

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
    """The outcomes as a table (HTML in a notebook, text elsewhere): the ``most`` with the most
    lines, then a row counting those left out (``None``: every outcome)."""

    def __init__(self, result: Exploration, most: int | None = SHOWN):
        self.result = result
        self.most = _most(most)

    def rows(self) -> list[tuple[int, int, str, str]]:
        total = self.result.lines or 1
        shown = self.result.outcomes if self.most is None else self.result.outcomes[:self.most]
        return [(o.number, o.lines, f"{100 * o.lines / total:.1f}%", o.summary) for o in shown]

    def _more(self) -> str:
        outcomes = self.result.outcomes
        return left_out(outcomes, self.most) if self.most is not None and len(outcomes) > self.most else ""

    def __str__(self) -> str:
        more = self._more()
        return "\n".join([f"{n:>3}  {lines:>12,}  {share:>6}  {what}" for n, lines, share, what in self.rows()]
                         + ([f"     {more}"] if more else []))

    def _repr_html_(self) -> str:
        r = self.result
        note = "" if r.complete else f"<p><b>Incomplete:</b> {html.escape(r.stopped)}; counts are lower bounds.</p>"
        body = "".join(f"<tr><td>{n}</td><td style='text-align:right'>{lines:,}</td><td style='text-align:right'>"
                       f"{share}</td><td style='text-align:left'>{html.escape(what)}</td></tr>"
                       for n, lines, share, what in self.rows())
        more = self._more()
        if more:
            body += f"<tr><td colspan='4' style='text-align:left'><i>{html.escape(more)}</i></td></tr>"
        namer = r.namer()
        runs = None if self.most is None else SHOWN_RUNS
        matters = "".join(f"<li>{html.escape(said)}</li>" for c, said in
                          zip(r.choices, described(r.choices, namer, runs)) if c.matters) or "<li>none</li>"
        common = f"<p>In every outcome: {html.escape(r.common)}</p>" if r.common else ""
        return (f"<div class='rk-explore'><p>{len(r.outcomes)} outcome(s) over {r.lines:,} line(s); "
                f"{r.states:,} positions walked.</p>{note}{common}<table><thead><tr><th>#</th><th>lines</th><th>share</th>"
                f"<th style='text-align:left'>outcome</th></tr></thead><tbody>{body}</tbody></table>"
                f"<p>Choices that matter:</p><ul>{matters}</ul></div>")


def _most(most):
    """``most`` (how many outcomes to list) if it is a whole number of at least 1 or None; else an error naming it."""
    if most is not None and (isinstance(most, bool) or not isinstance(most, int) or most < 1):
        raise ValueError(f"most={most!r}: the outcomes to list must be a whole number of at least 1, "
                         f"or None for every one")
    return most


def left_out(outcomes, shown: int) -> str:
    """What a shortened list of outcomes leaves out: how many, their lines, and how to see them."""
    rest = outcomes[shown:]
    return (f"… and {len(rest):,} more outcome(s) with {sum(o.lines for o in rest):,} line(s) among them (none with "
            f"more lines than outcome {shown}); every one is listed by --all on the command line, describe(most=None) or "
            f"table(None) in Python, and the JSON (--json)")


def numbered(numbers, runs: int | None = None) -> str:
    """Outcome numbers in runs — ``1–4, 6, 9, 13–15`` (three or more in a row written by their ends);
    with ``runs``, the first ``runs`` of them and how many numbers there are in all."""
    if not numbers:
        return "none"
    spans = []
    start = prev = numbers[0]
    for n in (*numbers[1:], None):
        if n is not None and n == prev + 1:
            prev = n
            continue
        spans += [f"{start}–{prev}"] if prev - start >= 2 else [str(k) for k in range(start, prev + 1)]
        if n is not None:
            start = prev = n
    if runs is not None and len(spans) > runs:
        return f"{', '.join(spans[:runs])}, … ({len(numbers):,} outcomes in all)"
    return ", ".join(spans)


def described(choices, namer, runs: int | None = None) -> list[str]:
    """Each choice in a line (:meth:`Choice.describe`); named, two decisions whose prompts read
    the same (one player's opportunities in one window) are told apart by their order."""
    said = [c.describe(namer, runs=runs) for c in choices]
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


class _Phrases:
    """What outcomes changed from ``start`` (the position a walk started at), as short phrases:
    cards and abilities named by ``namer`` (:class:`~rulekit.core.text.Namer`), else by their ids.
    Many outcomes share a card's row, a hand, the abilities used and the names in them: each is
    worded once."""

    def __init__(self, start, namer=None):
        self.start = start
        self.namer = namer
        self.names: dict = {}        # id -> its name
        self.said: dict = {}         # (what a part is, the part) -> its phrases

    def changes(self, key, default_key: bool) -> list[str]:
        if key == RUNAWAY:
            return ["the engine stopped a runaway loop"]
        if not default_key:
            return [json.dumps(json.loads(key_text(key)), ensure_ascii=False)]
        parts = dict(key)
        said: list[str] = []
        for part, told in (*((row, self._card) for row in parts["cards"]),
                           *((row, self._hand) for row in parts["hands"]), (parts["resolved"], self._used)):
            phrases = self.said.get((told.__name__, part))
            if phrases is None:
                phrases = self.said[(told.__name__, part)] = told(part)
            said += phrases
        if parts["cancelled"]:
            said.append(f"{len(parts['cancelled'])} cancelled")
        return said

    def name(self, i: str) -> str:
        said = self.names.get(i)
        if said is None:
            said = self.names[i] = i if self.namer is None else (self.namer.token(i) or i)
        return said

    def _card(self, row) -> list[str]:
        cid, zone, controller, kneeling, own = row
        card = self.start.cards.get(cid)
        if card is None:
            return []
        name, said = self.name, []
        for field_name, v in (("zone", zone), ("controller", controller), ("kneeling", kneeling), *own):
            was = getattr(card, field_name)
            if was == v or (field_name == "zone" and v == self.start.rules.hand):   # taken to hand: told by the hand
                continue
            if field_name == "zone":
                said.append(f"{name(cid)} → {v}")
            elif field_name == "kneeling":
                said.append(f"{name(cid)} {'knelt' if v else 'stood'}")
            else:
                said.append(f"{name(cid)} {field_name} {was}→{v}")
        return said

    def _hand(self, row) -> list[str]:
        player, hand = row
        before = {c.id for c in self.start.cards_in(self.start.rules.hand, player)}
        gained = sorted(set(hand) - before)
        return [f"{player} hand +{len(gained)} ({', '.join(self.name(c) for c in gained)})"] if gained else []

    def _used(self, resolved) -> list[str]:
        newly = [u for u in resolved if u not in self.start.used]
        if not newly:
            return []
        name, times = self.name, {}
        for u in newly:
            times[ids.use_head(u)] = times.get(ids.use_head(u), 0) + 1
        return ["used " + ("; ".join(name(u) for u in newly) if len(newly) <= 4 else
                           ", ".join(name(a) if k == 1 else f"{name(a)} ×{k}" for a, k in times.items()))]


def summaries(keys, start, default_key: bool, namer=None) -> tuple[str, list[str]]:
    """What every outcome shares, and what each adds to it (or "nothing more"), named by ``namer``
    (else with ids)."""
    phrases = _Phrases(start, namer)
    changes = [phrases.changes(k, default_key) for k in keys]
    common = [c for c in changes[0] if all(c in other for other in changes[1:])] if len(changes) > 1 else []
    own = ["; ".join(c for c in cs if c not in common) or ("nothing more" if common else "nothing changed")
           for cs in changes]
    return "; ".join(common), own
