"""Card-text parsers built once per installation, what lark makes of a grammar kept as JSON in the
user's cache folder (``$XDG_CACHE_HOME/rulekit``, by default ``~/.cache/rulekit``).

An LALR(1) parser (Riftbound's) is kept whole: building the tables of a grammar of a few hundred
lines is most of the first Riftbound card text read in a process; reading them back is a third of
that. Lark keeps no Earley parser (A Game of Thrones'), so what it compiles the grammar's text into
— the terminals and the rules, two thirds of building that parser — is kept instead, and the
parser built from them (a cold ``rulekit trace`` of a card given by its text: 243 ms before, 198 ms
after, wall medians measured side by side in one run, ``benchmarks/bench_startup.py --against``).

A file holds data only — lists, texts, numbers, nothing that is unpickled or run — under a key that
is the hash of everything it is made from (the grammar's text, the parser's options, the grammar
library's version and this file's format). A file whose key differs, or that cannot be read back as
a parser (cut short, written by something else), is ignored and the parser built from the grammar,
and the file written again (whole, or not at all). ``RULEKIT_NO_CACHE=1`` turns the cache off.
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
    return _kept("lalr", grammar, options)


def earley_parser(grammar: str, **options: Any):
    """``Lark(grammar, parser="earley", **options)``, built from the grammar's compiled terminals and
    rules read from the cache where a file of the same key is there. (Options that change the
    terminals or rules after they are compiled — ``edit_terminals``, a ``priority`` other than the
    default — are not kept: such a parser is built from the grammar each time.)"""
    if options.get("edit_terminals") or options.get("priority") not in (None, "auto", "normal"):
        import lark
        return lark.Lark(grammar, parser="earley", **options)
    return _kept("earley", grammar, options)


def _kept(kind: str, grammar: str, options: dict):
    import lark
    options = dict(options, parser=kind)
    key = hashlib.sha256(json.dumps([FORMAT, lark.__version__, grammar, sorted(options.items())],
                                    default=repr).encode("utf-8")).hexdigest()
    folder = cache_folder()
    path = folder / f"{kind}-{key[:40]}.json" if folder is not None else None
    if path is not None:
        kept = _read(path, key, options)
        if kept is not None:
            return kept
    parser = lark.Lark(grammar, **options)
    if path is not None:
        _write(path, key, parser)
    return parser


def _read(path: Path, key: str, options: dict):
    import lark
    try:
        document = json.loads(path.read_text(encoding="utf-8"), object_hook=_decoded)
        if not isinstance(document, dict) or document.get("key") != key or document.get("format") != FORMAT:
            return None
        if options["parser"] == "lalr":
            return lark.Lark._load_from_dict(document["data"], document["memo"])
        return lark.Lark(_compiled(document["data"], document["memo"]), **options)
    except Exception:  # noqa: BLE001 - a file that is not a parser of this key: built afresh
        return None


def _serialized(parser) -> tuple:
    """What is kept of ``parser``: its tables whole (LALR), or its compiled terminals and rules (Earley)."""
    from lark.grammar import Rule
    from lark.lexer import TerminalDef
    from lark.utils import SerializeMemoizer
    if parser.options.parser == "lalr":
        return parser.memo_serialize([TerminalDef, Rule])
    memo = SerializeMemoizer([TerminalDef, Rule])
    data = {"terminals": [t.serialize(memo) for t in parser.terminals],
            "rules": [r.serialize(memo) for r in parser.rules], "ignore": list(parser.ignore_tokens)}
    return data, memo.serialize()


def _compiled(data: dict, memo: dict):
    """A lark ``Grammar`` that is already compiled: the terminals and rules read back from ``data``."""
    from lark.grammar import Rule
    from lark.lexer import TerminalDef
    from lark.load_grammar import Grammar
    from lark.utils import SerializeMemoizer

    class Compiled(Grammar):
        def __init__(self, terminals: list, rules: list, ignore: list):
            self.terminals, self.rules, self.ignore = terminals, rules, ignore

        def compile(self, start, terminals_to_keep):
            return list(self.terminals), list(self.rules), list(self.ignore)

    namespace = {"TerminalDef": TerminalDef, "Rule": Rule}
    memo = SerializeMemoizer.deserialize(memo, namespace, {})
    return Compiled([TerminalDef.deserialize(t, memo) for t in data["terminals"]],
                    [Rule.deserialize(r, memo) for r in data["rules"]], list(data["ignore"]))


def _write(path: Path, key: str, parser) -> None:
    try:
        data, memo = _serialized(parser)
        text = json.dumps(_encoded({"format": FORMAT, "key": key, "data": data, "memo": memo}))
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=f".{parser.options.parser}-", suffix=".json", dir=path.parent)
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
