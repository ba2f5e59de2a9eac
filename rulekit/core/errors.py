"""The exceptions rulekit raises at its users.

Every error names what was wrong and what would have been right; none leaves a game or a
state changed (all engine values are immutable, so an error can only discard work).
"""
from __future__ import annotations

import json
import re

#: The longest a value is echoed back in a message, and the longest a message's parts get.
MAX_SHOWN = 60
MAX_PROBLEM = 300
MAX_EXPECTED = 200


_SURROGATE = re.compile("[\ud800-\udfff]")


def escaped(text: str, *, keep: str = "") -> str:
    """``text`` with every character a terminal could act on (control characters, escapes,
    bidirectional overrides, lone surrogates) written as a ``\\x..``/``\\u....`` escape;
    characters in ``keep`` (such as a newline) are left as they are."""
    if text.isprintable() and not _SURROGATE.search(text):
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


def text_lines(lines) -> str:
    """Lines joined into one text, each with every control character escaped — a newline inside a
    name from a file included — so that nothing a file says can forge a line of output."""
    return "\n".join(escaped(line) for line in lines)


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


#: a key a field path writes bare: no brackets, quotes, backslashes or control characters (a dot is
#: kept: ruling names have them, ``rulings.rb.optional``; a file's marks tell the keys apart)
_BARE_KEY = re.compile(r"[^\[\]\"\\\x00-\x1f\x7f-\x9f]+")
_BARE_PART = re.compile(r"[^\[\].\"\\\x00-\x1f\x7f-\x9f]+")


def key_part(key: str) -> str:
    """A mapping key as a field path writes it: bare (``hands``, ``rb.optional``), or, where it holds a
    bracket, quote, backslash or control character, quoted like JSON in brackets (``["agot[x"]``), so
    that :func:`parse_field_path` reads it back."""
    return key if _BARE_KEY.fullmatch(key) else "[" + json.dumps(key) + "]"


def field_path(base: str, key: str) -> str:
    """``base`` followed by the key ``key`` (``rulings`` + ``agot.x`` -> ``rulings["agot.x"]``)."""
    part = key_part(key)
    return base + part if part.startswith("[") else (f"{base}.{part}" if base else part)


def parse_field_path(text: str) -> tuple:
    """The parts of a field path as :func:`field_path` writes it (``cards[3].abilities[0]``,
    ``rulings["agot[x"]``): keys and indexes, a bare key's dots read as separators (a file's marks
    join them again: :func:`rulekit.files.locate._mark_for`). Never fails: a path it cannot read
    further ends where it stops being readable (the error is then placed at its readable start)."""
    out: list = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == ".":
            i += 1
        elif c == "[":
            if text.startswith('["', i):
                try:
                    key, end = json.JSONDecoder().raw_decode(text, i + 1)
                except ValueError:
                    break
                if not isinstance(key, str) or text[end:end + 1] != "]":
                    break
                out.append(key)
                i = end + 1
            else:
                m = re.compile(r"\[(\d+)\]").match(text, i)
                if m is None:
                    break
                out.append(int(m.group(1)))
                i = m.end()
        else:
            m = _BARE_PART.match(text, i)
            if m is None:
                break
            out.append(m.group(0))
            i = m.end()
    return tuple(out)


class RulekitError(Exception):
    """Base class of every error rulekit raises on purpose."""


class ArgumentError(RulekitError, TypeError, ValueError):
    """A call to rulekit's Python API with an argument it cannot take: the message names the
    argument, what it was given and what it takes."""

    def __init__(self, argument: str, given, takes: str):
        self.argument = argument
        super().__init__(f"{argument}: {shown(given)} is not {takes}" if not isinstance(given, type)
                         else f"{argument}: not {takes}")


def argument_check(argument: str, given, ok: bool, takes: str) -> None:
    """Raise :class:`ArgumentError` for ``argument`` unless ``ok``."""
    if not ok:
        raise ArgumentError(argument, given, takes)


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
