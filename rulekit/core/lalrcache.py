"""An LALR(1) card-text parser built once per installation: its tables kept as JSON in the user's
cache folder (``$XDG_CACHE_HOME/rulekit``, by default ``~/.cache/rulekit``).

Building the tables of a grammar of a few hundred lines is most of the first Riftbound card text
read in a process; reading them back is a third of that. The file holds data only — lists, texts,
numbers, nothing that is unpickled or run — under a key that is the hash of everything the tables
are made from (the grammar's text, the parser's options, the grammar library's version and this
file's format). A file whose key differs, or that cannot be read back as a parser (cut short,
written by something else), is ignored and the parser built from the grammar, and the file
written again (whole, or not at all). ``RULEKIT_NO_CACHE=1`` turns the cache off.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

FORMAT = 1


def cache_folder() -> Path | None:
    """Where the tables are kept, or None when the cache is off."""
    if os.environ.get("RULEKIT_NO_CACHE", "").strip() not in ("", "0"):
        return None
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "rulekit"


def lalr_parser(grammar: str, **options: Any):
    """``Lark(grammar, parser="lalr", **options)``, its tables read from the cache where a file
    of the same key is there."""
    import lark
    options = dict(options, parser="lalr")
    key = hashlib.sha256(json.dumps([FORMAT, lark.__version__, grammar, sorted(options.items())],
                                    default=repr).encode("utf-8")).hexdigest()
    folder = cache_folder()
    path = folder / f"lalr-{key[:40]}.json" if folder is not None else None
    if path is not None:
        kept = _read(path, key)
        if kept is not None:
            return kept
    parser = lark.Lark(grammar, **options)
    if path is not None:
        _write(path, key, parser)
    return parser


def _read(path: Path, key: str):
    import lark
    try:
        document = json.loads(path.read_text(encoding="utf-8"), object_hook=_decoded)
        if not isinstance(document, dict) or document.get("key") != key or document.get("format") != FORMAT:
            return None
        return lark.Lark._load_from_dict(document["data"], document["memo"])
    except Exception:  # noqa: BLE001 - a file that is not a parser of this key: built afresh
        return None


def _write(path: Path, key: str, parser) -> None:
    from lark.grammar import Rule
    from lark.lexer import TerminalDef
    try:
        data, memo = parser.memo_serialize([TerminalDef, Rule])
        text = json.dumps(_encoded({"format": FORMAT, "key": key, "data": data, "memo": memo}))
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=".lalr-", suffix=".json", dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temp, path)
        except BaseException:
            os.unlink(temp)
            raise
    except (OSError, TypeError, ValueError):      # a folder that cannot be written: no cache, same parser
        return


def _encoded(value: Any) -> Any:
    """JSON for the serialized tables, keeping what JSON would lose: tuples, and mappings whose
    keys are not texts (the parse table's states and tokens are numbered). Every mapping is
    written as its pairs, so every JSON object in the file is one of these two wrappers."""
    if isinstance(value, dict):
        return {"map": [[_encoded(k), _encoded(v)] for k, v in value.items()]}
    if isinstance(value, tuple):
        return {"tuple": [_encoded(v) for v in value]}
    if isinstance(value, list):
        return [_encoded(v) for v in value]
    if value is None or type(value) in (str, int, float, bool):
        return value
    raise TypeError(f"not kept in the cache: {type(value).__name__}")


def _decoded(value: dict) -> Any:
    if len(value) == 1:
        (kind, inner), = value.items()
        if kind == "map" and isinstance(inner, list) and all(isinstance(p, list) and len(p) == 2 for p in inner):
            return {_hashable(k): v for k, v in inner}
        if kind == "tuple" and isinstance(inner, list):
            return tuple(inner)
    raise ValueError("not a cache file")


def _hashable(key: Any) -> Any:
    if isinstance(key, (list, dict)):
        raise ValueError("not a cache file")
    return key
