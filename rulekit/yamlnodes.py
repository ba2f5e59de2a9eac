"""Reading YAML (and JSON) as plain data, safely, keeping where every value came from.

Only the composer of PyYAML's safe loader runs: it builds a node tree and never constructs an
object from a tag. rulekit then turns nodes into dicts, lists and scalars itself, and rejects
what a scenario file has no use for: tags other than the plain YAML ones, aliases (so a
"billion laughs" file fails at its first alias instead of expanding), duplicate keys,
non-string keys, nesting deeper than :data:`MAX_DEPTH`, and files larger than
:data:`MAX_BYTES`. Every value's line and column (1-based) are kept by its path.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import yaml

from .errors import ScenarioError

MAX_BYTES = 1_000_000
MAX_DEPTH = 32
MAX_INT_DIGITS = 9

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map",
}


@dataclass(frozen=True, slots=True)
class Mark:
    line: int
    column: int


Path = tuple  # of str keys and int indexes


def path_text(path: Path) -> str:
    """``("cards", 3, "abilities", 0, "when")`` → ``"cards[3].abilities[0].when"``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def load_text(text: str, file: str) -> tuple[object, dict]:
    """Parse YAML or JSON text into plain data and a map from path to :class:`Mark`."""
    if len(text.encode("utf-8", errors="replace")) > MAX_BYTES:
        raise ScenarioError(f"the file is larger than {MAX_BYTES:,} bytes", file=file,
                            expected="a scenario file of at most 1 MB")
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
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
    if node.tag not in _PLAIN_TAGS:
        raise _fail(f"the tag {node.tag!r} is not allowed: scenario files are plain data", node, path, file,
                    "no tags")
    marks[path] = Mark(node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        out: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise _fail("YAML merge keys (<<) are not allowed", key_node, path, file)
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag != "tag:yaml.org,2002:str":
                raise _fail("keys must be plain strings", key_node, path, file)
            key = key_node.value
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
        return value
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
