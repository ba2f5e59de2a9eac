"""The two readings of a ruling on the ruling page: the question the ruling answers, each option
with its source, where the timelines part and how the outcomes differ — cards and abilities
named (:class:`rulekit.lesson.compared.Compared`)."""
from __future__ import annotations

from html import escape

from rulekit.lesson.compared import Compared
from rulekit.lesson.play import Play
from rulekit.views.compare import compare


def parted_rulings(game_a, game_b) -> list[str]:
    """The names of the rulings the two games read differently (a ruling not set reads as its default)."""
    rules = game_a.state.rules
    out = []
    for ruling in rules.rulings:
        a = game_a.state.rulings.get(ruling.name, ruling.default)
        b = game_b.state.rulings.get(ruling.name, ruling.default)
        if a != b:
            out.append(ruling.name)
    return out


def _reading(label: str, game, names: list[str]) -> str:
    rules = game.state.rules
    parts = []
    for name in names:
        ruling = rules.ruling(name)
        chosen = ruling.option(game.state.rulings.get(name, ruling.default))
        default = " (the default)" if chosen.name == ruling.default else ""
        parts.append(f"<div><b>{escape(label)}: {escape(name)}={escape(chosen.name)}</b>{escape(default)} — "
                     f"{escape(chosen.summary)}<div class='rk-meta'>Source: {escape(chosen.source)}</div></div>")
    return "".join(parts) or f"<div><b>{escape(label)}</b>: the default rulings</div>"


def comparison_html(play_a: Play, play_b: Play) -> tuple[str, int | None, tuple[str, str]]:
    """The section comparing the two readings, the timeline number where they part (``None``: they
    never do) and the heading of each side ("A: rb.optional=when-fulfilled (default)")."""
    game_a, game_b = play_a.game, play_b.game
    result = compare(game_a, game_b)
    differing = parted_rulings(game_a, game_b)
    rules = game_a.state.rules
    questions = "".join(f"<p><b>{escape(rules.ruling(n).question)}</b></p>" for n in differing)
    shown = Compared(result, play_a.names)
    lines = "".join(f"<li>{escape(line)}</li>" for line in shown.lines())
    parting = result.first_difference.number if result.first_difference is not None else None
    where = (f"The readings part at #{parting}: from there the timeline shows both, side by side."
             if parting is not None else "The two readings give the same timeline.")
    return (f"<section id='rk-readings' class='rk-difference'><h2>Two readings of one ruling</h2>{questions}"
            f"{_reading('A', game_a, differing)}{_reading('B', game_b, differing)}"
            f"<p><b>{escape(where)}</b></p><ul>{lines}</ul></section>", parting,
            (f"A: {result.label_a}", f"B: {result.label_b}"))
