"""The exceptions rulekit raises at its users.

Every error names what was wrong and what would have been right; none leaves a game or a
state changed (all engine values are immutable, so an error can only discard work).
"""
from __future__ import annotations


class RulekitError(Exception):
    """Base class of every error rulekit raises on purpose."""


class IllegalAnswer(RulekitError, ValueError):
    """An answer that is not one of the pending decision's legal options, or no decision is pending."""

    def __init__(self, message: str, *, decision=None, legal: tuple[str, ...] = ()):
        super().__init__(message)
        self.decision = decision
        self.legal = legal


class ScenarioError(RulekitError, ValueError):
    """A scenario (built in Python or read from a file) that cannot be played.

    ``file``, ``line`` and ``column`` locate the problem when it came from a file (1-based;
    ``None`` otherwise); ``path`` is the field path such as ``cards[3].abilities[0].when``.
    """

    def __init__(self, problem: str, *, path: str = "", file: str | None = None,
                 line: int | None = None, column: int | None = None, expected: str | None = None):
        self.problem = problem
        self.path = path
        self.file = file
        self.line = line
        self.column = column
        self.expected = expected
        super().__init__(self._compose())

    def _compose(self) -> str:
        where = ""
        if self.file:
            where = self.file
            if self.line is not None:
                where += f":{self.line}"
                if self.column is not None:
                    where += f":{self.column}"
            where += ": "
        field = f"{self.path}: " if self.path else ""
        tail = f" (expected {self.expected})" if self.expected else ""
        return f"{where}{field}{self.problem}{tail}"

    def located(self, *, file=None, line=None, column=None, path=None) -> "ScenarioError":
        """The same error with its location filled in (what is already known is kept)."""
        return ScenarioError(
            self.problem, path=self.path or (path or ""), file=self.file or file,
            line=self.line if self.line is not None else line,
            column=self.column if self.column is not None else column, expected=self.expected)
