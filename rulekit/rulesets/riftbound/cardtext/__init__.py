"""Riftbound's printed card text, read into abilities and written back (rule ``rulekit.card-text``):
``read(text, title)`` gives a :class:`~rulekit.core.cardtext.ReadCard`, ``write(card, title)`` its
canonical wording. The grammar (``grammar.lark``) reads the Core Rules' templates composed from
parts; a text it does not read is refused, naming the phrase and the nearest of ``WORDINGS``.
Imported only when a card's text is read (it imports the grammar library)."""
from __future__ import annotations

from rulekit.rulesets.riftbound.cardtext.phrases import WORDINGS
from rulekit.rulesets.riftbound.cardtext.reader import read
from rulekit.rulesets.riftbound.cardtext.writer import write

#: the card's own fields its keywords set: its keywords ("[Tank]")
KEYWORD_FIELDS = ("keywords",)

__all__ = ["KEYWORD_FIELDS", "WORDINGS", "read", "write"]
