"""Small helpers for reading timelines in tests."""
from __future__ import annotations

from rulekit import Game, PASS
from rulekit.rulesets.agot import SequenceFrame


def answer_all(game: Game, choose) -> Game:
    """Answer every decision with ``choose(decision)`` (an option id) until the game ends."""
    while game.decision:
        game = game.answer(choose(game.decision))
    return game


def use_first(decision) -> str:
    """Use the first ability offered, else the default."""
    for o in decision.options:
        if o.id != PASS:
            return o.id
    return decision.default


def whats(game: Game) -> list[str]:
    return [s.what for s in game.timeline]


def steps_where(game: Game, what: str):
    return [s for s in game.timeline if s.what == what]


def window_ids(game: Game) -> set[str]:
    out = set()
    for s in game.timeline:
        for f in s.control:
            if isinstance(f, SequenceFrame) and f.window is not None:
                out.add(f.window.id)
    return out
