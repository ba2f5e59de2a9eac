"""Two readings of one board compared, as a lesson shows it: where the timelines part and how the
outcomes differ, with cards and abilities named."""
from __future__ import annotations

from html import escape

from rulekit.core.text import Namer
from rulekit.lesson.play import Play
from rulekit.views.faces import _Shown


class Compared(_Shown):
    """A :class:`~rulekit.compare.Comparison` shown with cards and abilities named (the
    comparison itself is ``.comparison``)."""

    def __init__(self, comparison, names: Namer, question: str = "", lesson_a=None, lesson_b=None):
        self.comparison, self.names, self.question = comparison, names, question
        self.lesson_a, self.lesson_b = lesson_a, lesson_b

    @property
    def same(self) -> bool:
        return self.comparison.same

    @property
    def parting(self) -> int | None:
        """The timeline number of the first step where the two readings part (``None``: never)."""
        d = self.comparison.first_difference
        return d.number if d is not None else None

    @property
    def a(self) -> Play:
        """The game under the default reading, as a :class:`Play` a prediction can ask."""
        return Play(self.lesson_a, self.comparison.game_a)

    @property
    def b(self) -> Play:
        return Play(self.lesson_b, self.comparison.game_b)

    def lines(self) -> list[str]:
        head = [self.question] if self.question else []
        return head + self.comparison.lines()

    def _text(self) -> str:
        return "\n".join(self.lines())

    def _html(self) -> str:
        return ("<div class='rk-compare'><pre style='white-space:pre-wrap;font-size:0.85em'>"
                + escape(self._text()) + "</pre></div>")
