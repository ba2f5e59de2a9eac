"""The same board under two readings: where the timelines part, and how the outcomes differ.

Where the rules texts are contested, changed between versions, or decided differently by a
neighbouring game, rulekit declares a ruling (:class:`rulekit.rulesets.Ruling`).
:func:`with_rulings` sets rulings on a scenario; :func:`compare` runs two games side by side and
reports the first step where their timelines part — with the rule, and the ruling when one
decided it — then the differences in outcome (zones, controllers, hands, power, Might, what was
used and what resolved).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from rulekit.core.errors import ScenarioError, text_lines
from rulekit.files.expect import resolved_of, uses_of
from rulekit.core.scenario import Scenario, parse_ruling, with_rulings  # noqa: F401  (rulekit.compare's names)


@dataclass(frozen=True, slots=True)
class Divergence:
    """The first timeline position where two games part, and what each did there."""

    number: int                 # the timeline position (#n) of the first differing step
    a: str                      # what game A did there, in words ("" if its timeline had ended)
    b: str
    rule_a: str
    rule_b: str
    ruling_a: str = ""          # "name=option" when a ruling decided the step
    ruling_b: str = ""

    def to_data(self) -> dict:
        return {"step": self.number, "a": {"text": self.a, "rule": self.rule_a, "ruling": self.ruling_a or None},
                "b": {"text": self.b, "rule": self.rule_b, "ruling": self.ruling_b or None}}

    @property
    def same_words(self) -> bool:
        """Both games took a step that reads the same; only the ruling that decided it differs."""
        return self.a == self.b and self.rule_a == self.rule_b

    def lines(self, name=lambda text: text) -> list[str]:
        """The divergence as lines, ``name`` turning each step's text into a reader's words."""
        if self.same_words:
            rulings = f"A by {self.ruling_a or 'no ruling'}, B by {self.ruling_b or 'no ruling'}"
            return [f"The rulings decide at #{self.number} ({rulings}); both read: {name(self.a)}  "
                    f"[rule {self.rule_a}]"]

        def side(label, text, rule, ruling):
            why = f"rule {rule}" + (f", decided by the ruling {ruling}" if ruling else "")
            return f"  {label}: {name(text) if text else '(the timeline has ended)'}  [{why}]"
        return [f"The timelines part at #{self.number}:", side("A", self.a, self.rule_a, self.ruling_a),
                side("B", self.b, self.rule_b, self.ruling_b)]

    def __str__(self) -> str:
        return text_lines(self.lines())


@dataclass(frozen=True, slots=True)
class Difference:
    """One way the outcomes differ, named for a reader: what (``"Harbor Watch's power"``), and its
    value under A and under B (for a list, only what one side has and the other lacks)."""

    what: str
    a: str
    b: str

    def __str__(self) -> str:
        return f"\u2260 {self.what} \u2014 A: {self.a} \u00b7 B: {self.b}"


@dataclass(frozen=True)
class Comparison:
    """What :func:`compare` found. ``label_a``/``label_b`` name the two readings;
    ``outcome_differences`` are the differences with the engine's ids (as JSON gives them),
    ``differences`` the same named for a reader; ``then`` is, when the first differing step reads
    the same on both sides (only the ruling deciding it differs), the first step where what happens
    differs."""

    label_a: str
    label_b: str
    first_difference: Divergence | None
    outcome_differences: tuple[str, ...]
    game_a: object = None
    game_b: object = None
    differences: tuple[Difference, ...] = ()
    then: Divergence | None = None
    namer: object = dataclasses.field(default=None, repr=False, compare=False)

    @property
    def same(self) -> bool:
        return self.first_difference is None and not self.outcome_differences

    def to_data(self) -> dict:
        return {"same": self.same, "a": self.label_a, "b": self.label_b,
                "first_difference": self.first_difference.to_data() if self.first_difference else None,
                "outcome_differences": list(self.outcome_differences)}

    def lines(self, *, ids: bool = False) -> list[str]:
        """The comparison as lines: cards and abilities named (``ids``: the engine's ids), the first
        step where the readings part, then only the outcomes that differ, each marked ``≠``."""
        name = (lambda text: text) if ids or self.namer is None else self.namer.words
        lines = [f"A: {self.label_a}", f"B: {self.label_b}"]
        if self.same:
            return lines + ["The same: both readings give the same timeline and outcome."]
        for divergence in (self.first_difference, self.then):
            if divergence is not None:
                lines += divergence.lines(name)
        if not self.outcome_differences:
            return lines + ["The outcome is the same."]
        lines.append("The outcomes differ in:")
        if ids or not self.differences:
            return lines + [f"  {d}" for d in self.outcome_differences]
        return lines + [f"  {d}" for d in self.differences]

    def __str__(self) -> str:
        return text_lines(self.lines())

    def _repr_html_(self) -> str:
        import html
        return "<pre>" + html.escape(str(self)) + "</pre>"


def _ruling_of(step) -> str:
    return dict(step.args).get("ruling", "") if step is not None else ""


def _signature(step) -> tuple:
    return (step.rule, step.what, step.args, step.decision.key if step.decision else None, step.answer)


def first_difference(timeline_a, timeline_b, start: int = 0, *, words: bool = False) -> Divergence | None:
    """The first position from ``start`` where the two timelines' steps differ (rule, code,
    arguments, decision, answer; ``words``: what the steps say and their rule), or ``None`` if
    they are the same."""
    for i in range(start, max(len(timeline_a), len(timeline_b))):
        a = timeline_a[i] if i < len(timeline_a) else None
        b = timeline_b[i] if i < len(timeline_b) else None
        if a is not None and b is not None and (
                (a.describe(), a.rule) == (b.describe(), b.rule) if words else _signature(a) == _signature(b)):
            continue
        return Divergence(i, a.describe() if a else "", b.describe() if b else "", a.rule if a else "",
                          b.rule if b else "", _ruling_of(a), _ruling_of(b))
    return None


def outcome(game) -> dict:
    """The outcome compared: every card's zone, controller and stats, each player's hand, the
    abilities used and the items resolved, in order."""
    state = game.state
    cards = {}
    for cid in state.order:
        c = state.cards[cid]
        cards[cid] = {"zone": c.zone, "controller": c.controller, "kneeling": c.kneeling, **c.own_fields(),
                      "object": c.obj}
    hands = {p: [c.id for c in state.cards_in(state.rules.hand, p)] for p in state.players}
    return {"cards": cards, "hands": hands, "used": list(uses_of(game)), "resolved": list(resolved_of(game)),
            "finished": game.finished}


def outcome_differences(game_a, game_b) -> tuple[str, ...]:
    a, b = outcome(game_a), outcome(game_b)
    out = []
    for cid in a["cards"]:
        ca, cb = a["cards"][cid], b["cards"].get(cid)
        if cb is None:
            continue
        title = game_a.state.cards[cid].title
        for field, va in ca.items():
            vb = cb[field]
            if va != vb and field != "object":
                out.append(f"{title} ({cid}) {field}: A {va!r}, B {vb!r}")
    for player in a["hands"]:
        if sorted(a["hands"][player]) != sorted(b["hands"].get(player, [])):
            out.append(f"{player}'s hand: A {sorted(a['hands'][player])}, B {sorted(b['hands'].get(player, []))}")
    for key, words in (("used", "abilities used"), ("resolved", "items resolved")):
        if a[key] != b[key]:
            out.append(f"{words}: A {a[key]}, B {b[key]}")
    if a["finished"] != b["finished"]:
        out.append(f"finished: A {a['finished']}, B {b['finished']}")
    return tuple(out)


def _shown(value) -> str:
    """A field's value as a reader reads it (``'hand'`` → ``hand``, ``True`` → ``yes``)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)


def _only(items: list, others: list) -> list:
    """The items of ``items`` that ``others`` lacks, counted (a second use of one item included)."""
    left = list(others)
    out = []
    for item in items:
        if item in left:
            left.remove(item)
        else:
            out.append(item)
    return out


def named_differences(game_a, game_b, namer) -> tuple[Difference, ...]:
    """The outcome differences of :func:`outcome_differences`, named by ``namer``
    (:class:`~rulekit.core.text.Namer`), each said once: a card's move into a hand is its zone's
    line, not the hand's too; a list says only what one side has and the other lacks (or that its
    order differs)."""
    a, b = outcome(game_a), outcome(game_b)
    out = []
    moved = set()
    turned = getattr(game_a.state.rules, "turned_word", "kneeling")
    words = {"zone": "zone", "controller": "controller", "kneeling": turned}
    for cid in a["cards"]:
        ca, cb = a["cards"][cid], b["cards"].get(cid)
        if cb is None:
            continue
        title = namer.card_name(cid) or cid
        for field, va in ca.items():
            vb = cb[field]
            if va != vb and field != "object":
                if field == "zone":
                    moved.add(cid)
                out.append(Difference(f"{title}'s {words.get(field, field)}", _shown(va), _shown(vb)))
    for player in a["hands"]:
        ha, hb = sorted(a["hands"][player]), sorted(b["hands"].get(player, []))
        if ha != hb and not set(ha).symmetric_difference(hb) <= moved:
            out.append(Difference(f"{player}'s hand", ", ".join(namer.card_name(c) or c for c in ha) or "empty",
                                  ", ".join(namer.card_name(c) or c for c in hb) or "empty"))
    for key, what in (("used", "abilities used"), ("resolved", "items resolved")):
        if a[key] == b[key]:
            continue
        only_a, only_b = _only(a[key], b[key]), _only(b[key], a[key])
        named = lambda items: "; ".join(namer.token(u) or u for u in items) or "nothing"
        if only_a or only_b:
            out.append(Difference(f"{what}, on one side only", named(only_a), named(only_b)))
        else:
            out.append(Difference(f"the order of the {what}", named(a[key]), named(b[key])))
    if a["finished"] != b["finished"]:
        out.append(Difference("the game finished", _shown(a["finished"]), _shown(b["finished"])))
    return tuple(out)


def _label(game, names) -> str:
    rules = game.state.rules
    parts = [f"{name}={option}" + ("" if rules.ruling(name).default != option else " (default)")
             for name, option in sorted(game.state.rulings.items()) if name in names]
    return ", ".join(parts) or "the default rulings"


def compare(game_a, game_b, *, label_a: str | None = None, label_b: str | None = None) -> Comparison:
    """Compare two games (usually the same scenario under two rulings)."""
    shown = set()
    for game in (game_a, game_b):
        rules = game.state.rules
        shown |= {n for n, o in game.state.rulings.items() if rules.ruling(n) and rules.ruling(n).default != o}
    from rulekit.core.text import Namer
    namer = Namer((game_a.timeline[0].state, game_a.state, game_b.state), getattr(game_a, "scenario", None))
    first = first_difference(game_a.timeline, game_b.timeline)
    then = first_difference(game_a.timeline, game_b.timeline, first.number + 1, words=True) \
        if first is not None and first.same_words else None
    return Comparison(label_a or _label(game_a, shown), label_b or _label(game_b, shown), first,
                      outcome_differences(game_a, game_b), game_a, game_b,
                      named_differences(game_a, game_b, namer), then, namer)


def compare_rulings(scenario: Scenario, a: dict[str, str], b: dict[str, str], answers=None, *,
                    play_defaults: bool = True) -> Comparison:
    """Run ``scenario`` with rulings ``a`` and with rulings ``b`` (each on top of the scenario's own)
    and compare the two games."""
    from rulekit.core.game import Game
    game_a = Game.start(with_rulings(scenario, a), answers, play_defaults=play_defaults)
    game_b = Game.start(with_rulings(scenario, b), answers, play_defaults=play_defaults)
    return compare(game_a, game_b)
