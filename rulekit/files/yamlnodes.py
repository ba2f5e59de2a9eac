"""Reading YAML (and JSON) as plain data, safely, keeping where every value came from.

Only a composer runs: it builds a node tree and never constructs an object from a tag.
rulekit then turns nodes into dicts, lists and scalars itself, and rejects what a scenario file
has no use for: tags other than the plain YAML ones, aliases (so a "billion laughs" file fails
at its first alias instead of expanding), duplicate keys, non-string keys, nesting deeper than
:data:`MAX_DEPTH`, and files larger than :data:`MAX_BYTES`. Every value's line and column
(1-based) are kept by its path.

The tree is the one PyYAML's pure-Python ``yaml.SafeLoader`` composes, node for node and mark
for mark (:func:`compose`). When PyYAML was built with libyaml (:data:`C_LOADER`), libyaml's
parser reads the text many times faster and a small composer here (a loop, not a
recursion, so no nesting can overflow the C stack as PyYAML's own libyaml composer does) builds
the same tree from its events. libyaml reads a few things differently from the pure reader (a
tab after a colon, a byte order mark, a non-specific ``!`` tag, ``?`` inside a plain scalar in
brackets, ``|#``, where an empty value in brackets or braces begins, the end of a last line
without a line break), so its reading is kept only for text with none of them, and with no
tag, anchor, alias, directive, second document or nesting deeper than :data:`MAX_DEPTH` (rare
in a scenario file, and mostly refused there anyway). Everything else, every error included, is
read by the pure reader, so every message, line and column is the pure reader's whether
libyaml is installed or not.
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass

import yaml

from rulekit.core.errors import ScenarioError, escaped, field_path, shortened
from rulekit.core.speed import PLAIN

MAX_BYTES = 1_000_000
MAX_DEPTH = 32
MAX_INT_DIGITS = 9

#: PyYAML's libyaml-based loader when PyYAML was built with libyaml, else None (and the pure
#: reader reads everything). Setting it to None hides libyaml, as the tests do.
C_LOADER = getattr(yaml, "CSafeLoader", None)
#: The reader whose nodes, marks and errors are rulekit's: PyYAML's pure-Python safe loader.
PURE_LOADER = yaml.SafeLoader

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map",
}


@dataclass(frozen=True, slots=True)
class Mark:
    line: int
    column: int
    raw: str | None = None     # the text of a plain scalar YAML read as true/false ("no", "on", …)


#: Plain words YAML 1.1 reads as true or false although few people mean it.
SURPRISING_BOOLEANS = {"yes", "no", "on", "off", "y", "n"}


def surrogate_at(text: str) -> int:
    """The index of the first lone surrogate (``"\\ud800"``: not text) in ``text``, or -1."""
    for i, c in enumerate(text):
        if 0xD800 <= ord(c) <= 0xDFFF:
            return i
    return -1


Path = tuple  # of str keys and int indexes


def path_text(path: Path) -> str:
    """``("cards", 3, "abilities", 0, "when")`` → ``"cards[3].abilities[0].when"``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out = field_path(out, shortened(str(part), 60))
    return out


def load_text(text: str, file: str) -> tuple[object, dict]:
    """Parse YAML or JSON text into plain data and a map from path to :class:`Mark`."""
    if len(text.encode("utf-8", errors="replace")) > MAX_BYTES:
        raise ScenarioError(f"the file is larger than {MAX_BYTES:,} bytes", file=file,
                            expected="a scenario file of at most 1 MB")
    try:
        node = compose(text)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        problem = (e.problem or "not valid YAML").strip()
        raise ScenarioError(f"not valid YAML or JSON: {problem}", file=file,
                            line=mark.line + 1 if mark else None, column=mark.column + 1 if mark else None) from None
    except yaml.YAMLError as e:
        raise ScenarioError(f"not valid YAML or JSON: {e}", file=file) from None
    except RecursionError:
        raise ScenarioError(f"the file nests deeper than {MAX_DEPTH} levels", file=file) from None
    if node is None:
        raise ScenarioError("the file is empty", file=file, expected="a mapping with ruleset, title, players, …")
    marks: dict = {}
    data = _build(node, (), marks, file, set(), 0)
    return data, marks


def compose(text: str):
    """The node tree of one YAML document (None for an empty stream): exactly what
    ``yaml.compose(text, Loader=yaml.SafeLoader)`` gives, raising the same errors, but read by
    libyaml when it is installed and the text is plain enough for both readers to agree
    (``RULEKIT_PLAIN=1``, :mod:`rulekit.core.speed`: always by the pure reader)."""
    node = _PURE if PLAIN else _compose_fast(text)
    if node is _PURE:
        return yaml.compose(text, Loader=PURE_LOADER)
    return node


_PURE = object()      # _compose_fast's answer when the pure reader must read the text
_BLOCK_HEADER_COMMENT = re.compile(r"[|>][-+0-9]*#")


def _compose_fast(text: str):
    """The tree of ``text`` from libyaml's events, composed as PyYAML's composer does (marks,
    styles and resolved tags the same), or :data:`_PURE` for anything libyaml might read
    differently, for anything a scenario file refuses anyway, and for every error."""
    loader = C_LOADER
    # libyaml moves the end of a last line without a line break to the next line; it skips a
    # byte order mark without counting a column (and anywhere at a line's start); it allows
    # tabs where the pure reader does not.
    if loader is None or not text.endswith("\n") or "\t" in text or "\ufeff" in text:
        return _PURE
    try:
        parser = loader(text)
    except Exception:  # noqa: BLE001 - e.g. a lone surrogate cannot be given to libyaml
        return _PURE
    try:
        return _compose_events(parser, text)
    except Exception:  # noqa: BLE001 - every error is the pure reader's to word and place
        return _PURE
    finally:
        parser.dispose()


def _compose_events(parser, text: str):
    get = parser.get_event
    resolve = parser.resolve
    if get().__class__ is not yaml.StreamStartEvent:
        return _PURE
    event = get()
    if event.__class__ is yaml.StreamEndEvent:
        return None
    if event.__class__ is not yaml.DocumentStartEvent or event.version is not None or event.tags:
        return _PURE
    scalar_tags: dict = {}
    seq_tag = resolve(yaml.SequenceNode, None, True)
    map_tag = resolve(yaml.MappingNode, None, True)
    stack: list = []          # the open collections, outermost first
    keys: list = []           # for each open mapping, its key waiting for a value (or None)
    root = None
    while True:
        event = get()
        kind = event.__class__
        if kind is yaml.SequenceEndEvent or kind is yaml.MappingEndEvent:
            node = stack.pop()
            keys.pop()
            node.end_mark = event.end_mark
            if not stack:
                break
            continue
        if kind is yaml.ScalarEvent:
            if event.anchor is not None or event.tag is not None:
                return _PURE
            value, style, implicit = event.value, event.style or None, event.implicit
            if style is None and stack and stack[-1].flow_style:
                # In brackets the pure reader ends a plain scalar at "?"; it begins an empty
                # value right after its colon, libyaml at the next token.
                if "?" in value or (not value and text[event.start_mark.index - 1] != ":"):
                    return _PURE
            elif style == "|" or style == ">":
                # libyaml takes "|#" (no space) as a header and a comment; the pure reader refuses it
                if _BLOCK_HEADER_COMMENT.match(text, event.start_mark.index):
                    return _PURE
            key = (value, implicit)
            tag = scalar_tags.get(key)
            if tag is None:
                tag = scalar_tags[key] = resolve(yaml.ScalarNode, value, implicit)
            node = yaml.ScalarNode(tag, value, event.start_mark, event.end_mark, style=style)
        elif kind is yaml.SequenceStartEvent or kind is yaml.MappingStartEvent:
            if event.anchor is not None or event.tag is not None or len(stack) >= MAX_DEPTH:
                return _PURE
            if kind is yaml.SequenceStartEvent:
                flow_style = event.flow_style
                if flow_style is False and event.end_mark.index != event.start_mark.index:
                    flow_style = None     # "- " at its key's indentation: the pure reader leaves the style unset
                node = yaml.SequenceNode(seq_tag, [], event.start_mark, None, flow_style=flow_style)
            else:
                node = yaml.MappingNode(map_tag, [], event.start_mark, None, flow_style=event.flow_style)
        else:                 # an alias, or an event out of place
            return _PURE
        if stack:
            parent = stack[-1]
            if parent.__class__ is yaml.SequenceNode:
                parent.value.append(node)
            elif keys[-1] is None:
                keys[-1] = node
            else:
                parent.value.append((keys[-1], node))
                keys[-1] = None
        else:
            root = node
        if kind is yaml.ScalarEvent:
            if not stack:
                break
        else:
            stack.append(node)
            keys.append(None)
    if get().__class__ is not yaml.DocumentEndEvent or get().__class__ is not yaml.StreamEndEvent:
        return _PURE          # more than one document: the pure reader words the error
    return root


def _fail(problem: str, node, path: Path, file: str, expected: str | None = None) -> ScenarioError:
    return ScenarioError(problem, path=path_text(path), file=file, line=node.start_mark.line + 1,
                         column=node.start_mark.column + 1, expected=expected)


def _build(node, path: Path, marks: dict, file: str, seen: set, depth: int):
    if id(node) in seen:
        raise _fail("YAML aliases (*name) are not allowed in scenario files", node, path, file,
                    "each value written out where it is used")
    seen.add(id(node))
    if depth > MAX_DEPTH:
        raise _fail(f"the file nests deeper than {MAX_DEPTH} levels", node, path, file)
    if node.tag == "tag:yaml.org,2002:timestamp" and isinstance(node, yaml.ScalarNode) and not node.style:
        raise _fail(f"{_plain(node.value)} is read by YAML as a date: put it in quotes", node, path, file,
                    f"'{node.value[:40]}' in quotes")
    if node.tag not in _PLAIN_TAGS:
        raise _fail(f"the tag {node.tag!r} is not allowed: scenario files are plain data", node, path, file,
                    "no tags")
    raw = None
    if node.tag == "tag:yaml.org,2002:bool" and node.value.lower() in SURPRISING_BOOLEANS \
            and isinstance(node, yaml.ScalarNode) and not node.style:
        raw = node.value
    marks[path] = Mark(node.start_mark.line + 1, node.start_mark.column + 1, raw)
    if isinstance(node, yaml.MappingNode):
        out: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise _fail("YAML merge keys (<<) are not allowed", key_node, path, file)
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag != "tag:yaml.org,2002:str":
                raise _fail("keys must be plain strings", key_node, path, file)
            key = key_node.value
            if surrogate_at(key) >= 0:
                raise _fail(f"the key {escaped(repr(key))[:60]} contains a lone surrogate escape, which is not text",
                            key_node, path, file, "text without \\ud800-\\udfff escapes")
            if key in out:
                raise _fail(f"duplicate key {key!r} (first at line {marks[path + (key,)].line})", key_node,
                            path + (key,), file, "each key once")
            marks[path + (key,)] = Mark(key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            out[key] = _build(value_node, path + (key,), marks, file, seen, depth + 1)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, path + (i,), marks, file, seen, depth + 1) for i, item in enumerate(node.value)]
    return _scalar(node, path, file)


def _scalar(node, path: Path, file: str):
    tag, value = node.tag, node.value
    if tag == "tag:yaml.org,2002:str":
        if surrogate_at(value) >= 0:
            raise _fail("the text contains a lone surrogate escape (such as \\ud800), which is not text",
                        node, path, file, "text without \\ud800-\\udfff escapes")
        return value
    if tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float") and ":" in value:
        raise _fail(f"{_plain(value)} is read by YAML as a base-60 number: put it in quotes", node, path, file,
                    f"'{value[:40]}' in quotes")
    if tag == "tag:yaml.org,2002:null":
        return None
    if tag == "tag:yaml.org,2002:bool":
        return value.lower() in ("true", "yes", "on", "y")
    if tag == "tag:yaml.org,2002:int":
        digits = value.lstrip("+-").replace("_", "")
        if len(digits) > MAX_INT_DIGITS:
            raise _fail(f"the number {value[:20]}… is too large", node, path, file,
                        f"a whole number of at most {MAX_INT_DIGITS} digits")
        text = value.replace("_", "")
        try:
            return int(text, 10) if digits.isdigit() else int(text, 0)
        except ValueError:
            raise _fail(f"{value!r} is not a whole number", node, path, file) from None
    if tag == "tag:yaml.org,2002:float":
        try:
            number = float(value.replace("_", ""))
        except ValueError:
            raise _fail(f"{value!r} is not a number", node, path, file) from None
        if not math.isfinite(number) or abs(number) > 10 ** MAX_INT_DIGITS:
            raise _fail(f"the number {value[:20]} is out of range", node, path, file)
        return number
    raise _fail(f"the tag {tag!r} is not allowed", node, path, file)


def _plain(value: str) -> str:
    return escaped(repr(value if len(value) <= 40 else value[:39] + "…"))


# -- strict JSON --------------------------------------------------------------------------------
class _Refused(ValueError):
    def __init__(self, problem: str, needle: str | None = None):
        super().__init__(problem)
        self.problem = problem
        self.needle = needle


def _no_duplicates(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"duplicate key {escaped(repr(key))[:60]}", None)
        out[key] = value
    return out


def _no_constants(name: str):
    raise _Refused(f"{name} is not a number JSON allows", name)


def load_json(text: str, file: str) -> tuple[object, dict]:
    """Parse strict JSON (no duplicate keys, no NaN or Infinity) into plain data, with the
    line and column of every value where the text can be read as YAML too (it nearly always
    can: JSON is almost a subset of YAML)."""
    if len(text.encode("utf-8", errors="replace")) > MAX_BYTES:
        raise ScenarioError(f"the file is larger than {MAX_BYTES:,} bytes", file=file,
                            expected="a scenario file of at most 1 MB")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constants)
    except json.JSONDecodeError as e:
        if not text.strip():
            raise ScenarioError("the file is empty", file=file, expected="a mapping with ruleset, title, players, …") from None
        raise ScenarioError(f"not valid JSON: {e.msg}", file=file, line=e.lineno, column=e.colno) from None
    except _Refused as e:
        if e.needle is None:          # a duplicate key: the YAML reading locates it
            load_text(text, file)
        line = column = None
        if e.needle and e.needle in text:
            at = text.index(e.needle)
            line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        raise ScenarioError(e.problem, file=file, line=line, column=column, expected="plain JSON") from None
    except RecursionError:
        raise ScenarioError(f"the file nests deeper than {MAX_DEPTH} levels", file=file) from None
    except ValueError as e:           # e.g. an integer of thousands of digits
        raise ScenarioError(f"not valid JSON: {escaped(str(e))[:120]}", file=file) from None
    marks: dict = {}
    try:
        node = compose(text)
        if node is not None:
            _marks_only(node, (), marks, 0)
    except (yaml.YAMLError, RecursionError):
        marks = {}
    _check_plain(data, (), marks, file, 0)
    return data, marks


def _marks_only(node, path: Path, marks: dict, depth: int) -> None:
    if depth > MAX_DEPTH:
        return
    marks[path] = Mark(node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                key = path + (key_node.value,)
                marks[key] = Mark(key_node.start_mark.line + 1, key_node.start_mark.column + 1)
                _marks_only(value_node, key, marks, depth + 1)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _marks_only(item, path + (i,), marks, depth + 1)


def _check_plain(value, path: Path, marks: dict, file: str, depth: int) -> None:
    """What the YAML reading refuses, for data parsed as JSON: depth, huge or non-finite
    numbers, lone surrogates."""
    def fail(problem, expected=None):
        at = path
        while at not in marks and at:
            at = at[:-1]
        mark = marks.get(at)
        return ScenarioError(problem, path=path_text(path), file=file, line=mark.line if mark else None,
                             column=mark.column if mark else None, expected=expected)
    if depth > MAX_DEPTH:
        raise fail(f"the file nests deeper than {MAX_DEPTH} levels")
    if isinstance(value, dict):
        for key, item in value.items():
            if surrogate_at(key) >= 0:
                raise fail("a key contains a lone surrogate escape, which is not text")
            _check_plain(item, path + (key,), marks, file, depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_plain(item, path + (i,), marks, file, depth + 1)
    elif isinstance(value, str):
        if surrogate_at(value) >= 0:
            raise fail("the text contains a lone surrogate escape (such as \\ud800), which is not text",
                       "text without \\ud800-\\udfff escapes")
    elif isinstance(value, bool) or value is None:
        pass
    elif isinstance(value, int):
        if len(str(abs(value))) > MAX_INT_DIGITS:
            raise fail("the number is too large", f"a whole number of at most {MAX_INT_DIGITS} digits")
    elif isinstance(value, float):
        if not math.isfinite(value) or abs(value) > 10 ** MAX_INT_DIGITS:
            raise fail("the number is out of range")
