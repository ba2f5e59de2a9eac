"""A card list's printed text as the card-text readers read it: the plain printed text.

Card databases mark their texts up: throneteki's A Game of Thrones texts bold the ability's timing
word (``<b>Reaction:</b>``) and italicise traits (``<i>Knight</i>``), and HTML entities (``&amp;``)
and line breaks (``\\n``, ``<br>``) appear in several lists. Tags are dropped (a line break or
paragraph tag is a new line), entities decoded, spaces made single and empty lines dropped. Icons
written in brackets (``[military]``, ``[R]``) are kept: that is how rulekit's readers and its corpus
write a printed icon."""
from __future__ import annotations

import html
import re

_BREAK = re.compile(r"<\s*br\s*/?\s*>|<\s*/\s*(p|div|li)\s*>", re.IGNORECASE)
_TAG = re.compile(r"<\s*/?\s*[A-Za-z][A-Za-z0-9]*(\s[^<>]*)?/?\s*>")
_SPACES = re.compile(r"[ \t\u00a0]+")


def plain_text(text: str) -> str:
    """``text`` with its markup made plain (see the module docstring)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _BREAK.sub("\n", text)
    text = _TAG.sub("", text)
    text = html.unescape(text)
    lines = (_SPACES.sub(" ", line).strip() for line in text.split("\n"))
    return "\n".join(line for line in lines if line)
