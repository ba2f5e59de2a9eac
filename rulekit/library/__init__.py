"""The card library: the card lists users already have, imported once, read by rulekit's card-text
readers, and kept in a local SQLite database so that a scenario file can name a card
(``library: "Ember Scout"``) instead of writing it out.

- :mod:`.place` — where the database lives (``RULEKIT_DATA``, else the user's data directory);
- :mod:`.store` — the database: its versioned schema, one transaction per import, search, the
  coverage report;
- :mod:`.markup` — a card list's printed-text markup (HTML tags and entities, line breaks) made
  the plain printed text the readers read;
- :mod:`.records` — checking one record of a card list (types, sizes, control characters), each
  problem naming the file, the record and the field;
- :mod:`.formats` — the formats read: throneteki's per-pack JSON (A Game of Thrones),
  Riftcodex's card JSON (Riftbound), and rulekit's own card-list JSON and CSV (``--map``);
- :mod:`.importing` — a file read, every card parsed with its ruleset's reader (a refusal is kept
  with its reason), and stored;
- :mod:`.entries` — a library card as a scenario file's card mapping.
"""
from __future__ import annotations

from rulekit.library.errors import LibraryError

__all__ = ["LibraryError"]
