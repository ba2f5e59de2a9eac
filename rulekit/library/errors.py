"""The card library's error: a card list, a record or a lookup that cannot be used, named with the
file, the record (its index, code and name) and the field."""
from __future__ import annotations

from rulekit.core.errors import ScenarioError, shortened, shown


class LibraryError(ScenarioError):
    """A problem with a card list or with the card library (the CLI's exit 2)."""


def record_name(index: int, record) -> str:
    """How a message names a card list's record: its number (from 1) and, where it has them, its
    code and name (escaped and shortened: they come from the file)."""
    where = f"record {index + 1}"
    if isinstance(record, dict):
        parts = []
        for key in ("code", "riftbound_id", "public_code", "id", "name"):
            value = record.get(key)
            if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value).strip():
                parts.append(f"{'name' if key == 'name' else 'code'} {shown(str(value), 40)}")
                if key != "name":
                    break
        name = record.get("name")
        if isinstance(name, str) and name.strip() and not any(p.startswith("name") for p in parts):
            parts.append(f"name {shown(name, 40)}")
        if parts:
            where += f" ({', '.join(parts)})"
    return where


def bad_record(file: str, index: int, record, field: str, problem: str,
               expected: str | None = None, line: int | None = None) -> LibraryError:
    """The error for ``field`` of a card list's record ``index`` (at ``line`` of the file, where known)."""
    return LibraryError(problem, file=file, line=line,
                        path=f"{record_name(index, record)}: field {shortened(field, 60)!r}", expected=expected)
