"""The exceptions rulekit raises at its users.

Every error names what was wrong and what would have been right; none leaves a game or a
state changed (all engine values are immutable, so an error can only discard work).
"""
from __future__ import annotations

#: The longest a value is echoed back in a message, and the longest a message's parts get.
MAX_SHOWN = 60
MAX_PROBLEM = 300
MAX_EXPECTED = 200


def escaped(text: str, *, keep: str = "") -> str:
    """``text`` with every character a terminal could act on (control characters, escapes,
    bidirectional overrides, lone surrogates) written as a ``\\x..``/``\\u....`` escape;
    characters in ``keep`` (such as a newline) are left as they are."""
    if text.isprintable() and not any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        return text
    out = []
    for c in text:
        o = ord(c)
        if c in keep or (c.isprintable() and not 0xD800 <= o <= 0xDFFF):
            out.append(c)
        elif o < 0x100:
            out.append(f"\\x{o:02x}")
        elif o < 0x10000:
            out.append(f"\\u{o:04x}")
        else:
            out.append(f"\\U{o:08x}")
    return "".join(out)


def shortened(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis when it is longer."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def shown(value, limit: int = MAX_SHOWN) -> str:
    """A value as a message shows it: quoted like ``repr`` for text, escaped, and shortened."""
    text = repr(value) if isinstance(value, str) else str(value)
    text = escaped(text)
    if len(text) > limit:
        quote = text[0] if isinstance(value, str) and text[:1] in "'\"" else ""
        text = text[:limit - 2] + "…" + quote
    return text


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
        where = escaped(where)
        field = f"{shortened(escaped(self.path), MAX_PROBLEM)}: " if self.path else ""
        tail = f" (expected {shortened(escaped(self.expected), MAX_EXPECTED)})" if self.expected else ""
        return f"{where}{field}{shortened(escaped(self.problem), MAX_PROBLEM)}{tail}"

    def located(self, *, file=None, line=None, column=None, path=None) -> "ScenarioError":
        """The same error with its location filled in (what is already known is kept)."""
        return ScenarioError(
            self.problem, path=self.path or (path or ""), file=self.file or file,
            line=self.line if self.line is not None else line,
            column=self.column if self.column is not None else column, expected=self.expected)
