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

    def __str__(self) -> str:
        def side(name, text, rule, ruling):
            why = f"rule {rule}" + (f", decided by the ruling {ruling}" if ruling else "")
            return f"  {name}: {text or '(the timeline has ended)'}  [{why}]"
        return text_lines((f"The timelines part at #{self.number}:", side("A", self.a, self.rule_a, self.ruling_a),
                           side("B", self.b, self.rule_b, self.ruling_b)))


@dataclass(frozen=True, slots=True)
class Comparison:
    """What :func:`compare` found. ``label_a``/``label_b`` name the two readings."""

    label_a: str
    label_b: str
    first_difference: Divergence | None
    outcome_differences: tuple[str, ...]
    game_a: object = None
    game_b: object = None

    @property
    def same(self) -> bool:
        return self.first_difference is None and not self.outcome_differences

    def to_data(self) -> dict:
        return {"same": self.same, "a": self.label_a, "b": self.label_b,
                "first_difference": self.first_difference.to_data() if self.first_difference else None,
                "outcome_differences": list(self.outcome_differences)}

    def __str__(self) -> str:
        head = [f"A: {self.label_a}", f"B: {self.label_b}"]
        if self.same:
            return text_lines(head + ["The same: both readings give the same timeline and outcome."])
        lines = head
        if self.first_difference is not None:
            lines.extend(str(self.first_difference).split("\n"))     # its own lines, escaped already
        if self.outcome_differences:
            lines.append("Outcome differences:")
            lines.extend(f"  {d}" for d in self.outcome_differences)
        else:
            lines.append("The outcome is the same.")
        return text_lines(lines)

    def _repr_html_(self) -> str:
        import html
        return "<pre>" + html.escape(str(self)) + "</pre>"


def _ruling_of(step) -> str:
    return dict(step.args).get("ruling", "") if step is not None else ""


def _signature(step) -> tuple:
    return (step.rule, step.what, step.args, step.decision.key if step.decision else None, step.answer)


def first_difference(timeline_a, timeline_b) -> Divergence | None:
    """The first position where the two timelines' steps differ (rule, code, arguments, decision,
    answer), or ``None`` if they are the same."""
    for i in range(max(len(timeline_a), len(timeline_b))):
        a = timeline_a[i] if i < len(timeline_a) else None
        b = timeline_b[i] if i < len(timeline_b) else None
        if a is not None and b is not None and _signature(a) == _signature(b):
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
    return Comparison(label_a or _label(game_a, shown), label_b or _label(game_b, shown),
                      first_difference(game_a.timeline, game_b.timeline), outcome_differences(game_a, game_b),
                      game_a, game_b)


def compare_rulings(scenario: Scenario, a: dict[str, str], b: dict[str, str], answers=None, *,
                    play_defaults: bool = True) -> Comparison:
    """Run ``scenario`` with rulings ``a`` and with rulings ``b`` (each on top of the scenario's own)
    and compare the two games."""
    from rulekit.core.game import Game
    game_a = Game.start(with_rulings(scenario, a), answers, play_defaults=play_defaults)
    game_b = Game.start(with_rulings(scenario, b), answers, play_defaults=play_defaults)
    return compare(game_a, game_b)
