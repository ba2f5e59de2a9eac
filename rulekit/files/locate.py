"""Where a problem is: a field path found at its line and column in the file, and the document
validated by pydantic, its first error told as one :class:`~rulekit.core.errors.ScenarioError` in
rulekit's words (with a suggestion for a near-miss key)."""
from __future__ import annotations

import collections.abc
import dataclasses
import typing

from rulekit.core.errors import ScenarioError, escaped, shown
from rulekit.core.scenario import suggest
from rulekit.files.direct import UNSURE, built
from rulekit.files.document import ScenarioFile, _adapter
from rulekit.files.yamlnodes import Mark, path_text


def _validate(data: dict, marks: dict, file: str):
    """The document of ``data``: made directly where it is plainly well formed (:mod:`.direct`),
    else by pydantic, whose first error is reported."""
    document = built(data, ScenarioFile)
    if document is not UNSURE:
        return document
    from pydantic import ValidationError
    try:
        return _adapter().validate_python(data)
    except ValidationError as exc:
        raise _from_pydantic(_first_error(exc.errors()), data, marks, file) from None


def _first_error(errors: list) -> dict:
    """The error to report: the first, except that an unknown key beside a missing required key
    of the same mapping comes first (a misspelt key is then named with its suggestion, not
    reported as missing)."""
    missing = {tuple(e["loc"][:-1]) for e in errors if e["type"] in ("missing", "missing_argument")}
    for err in errors:
        if err["type"] in ("unexpected_keyword_argument", "extra_forbidden") and tuple(err["loc"][:-1]) in missing:
            return err
    return errors[0]


def _at(path: tuple, marks: dict, file: str, problem: str, expected: str | None = None) -> ScenarioError:
    mark = _mark_for(path, marks)
    return ScenarioError(problem, path=path_text(path), file=file, line=mark.line if mark else None,
                         column=mark.column if mark else None, expected=expected)


def _mark_for(path: tuple, marks: dict) -> Mark | None:
    path = _joined(path, marks)
    while path not in marks and path:
        path = path[:-1]
    return marks.get(path)


def _joined(path: tuple, marks: dict, at: int = 0, done: tuple = ()) -> tuple:
    """``path`` with neighbouring keys joined by dots where the file has such a key (a field path
    writes ``rulings.rb.optional`` for the key ``rb.optional``): the longest path the marks know."""
    if at == len(path):
        return done
    best = done
    for end in range(len(path), at, -1):
        part = path[at:end]
        if len(part) > 1 and not all(isinstance(p, str) for p in part):
            continue
        key = ".".join(part) if len(part) > 1 else part[0]
        if done + (key,) in marks:
            found = _joined(path, marks, end, done + (key,))
            if len(found) > len(best) or found[-1:] == path[-1:]:
                return found
    return best if best else path


def _locate(e: ScenarioError, marks: dict, file: str) -> ScenarioError:
    path = _parse_path(e.path)
    mark = _mark_for(path, marks)
    return e.located(file=file, line=mark.line if mark else None, column=mark.column if mark else None)


def _parse_path(text: str) -> tuple:
    from rulekit.core.errors import parse_field_path
    return parse_field_path(text)


def _data_path(loc: tuple, data) -> tuple:
    """Keep the parts of a pydantic location that exist in the data (drop union tags)."""
    out, node = [], data
    for i, part in enumerate(loc):
        if isinstance(node, dict) and part in node:
            out.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            out.append(part)
            node = node[part]
        elif i == len(loc) - 1 and isinstance(part, str) and isinstance(node, dict):
            out.append(part)
    return tuple(out)


def _type_at(path: tuple):
    """The Python type the format expects at a data path (for listing allowed keys)."""
    tp = ScenarioFile
    for part in path:
        tp = _unwrap(tp)
        if isinstance(part, int):
            args = typing.get_args(tp)
            tp = args[0] if args else None
        elif dataclasses.is_dataclass(tp):
            tp = typing.get_type_hints(tp).get(part)
        elif typing.get_origin(tp) in (dict, typing.Mapping, collections.abc.Mapping):
            tp = typing.get_args(tp)[1]
        else:
            return None
        if tp is None:
            return None
    return _unwrap(tp)


def _unwrap(tp):
    while typing.get_origin(tp) is typing.Union or type(tp).__name__ == "UnionType":
        args = [a for a in typing.get_args(tp) if a is not type(None) and a is not str]
        if not args:
            return str
        tp = args[0]
    return tp


def _allowed_keys(path: tuple) -> list[str]:
    tp = _type_at(path)
    if tp is not None and dataclasses.is_dataclass(tp):
        return [f.name for f in dataclasses.fields(tp)]
    return []


def _from_pydantic(err: dict, data: dict, marks: dict, file: str) -> ScenarioError:
    kind, loc = err["type"], tuple(err["loc"])
    path = _data_path(loc, data)
    given = err.get("input")
    name = path[-1] if path else ""
    if kind in ("unexpected_keyword_argument", "extra_forbidden"):
        allowed = _allowed_keys(path[:-1])
        return _at(path, marks, file, f"unknown key {name!r}{suggest(name, allowed)}",
                   "one of " + ", ".join(allowed) if allowed else None)
    if kind == "missing" or kind == "missing_argument":
        return _at(path, marks, file, f"missing required key {name!r}")
    if kind in ("enum", "literal_error"):
        expected = err.get("ctx", {}).get("expected", "")
        choices = [c.strip().strip("'") for c in expected.replace(" or ", ",").split(",") if c.strip()]
        return _at(path, marks, file, f"{shown(given)} is not a valid {name}{suggest(given, choices)}"
                                      f"{_yaml_hint(path, marks)}", f"one of {expected}" if expected else None)
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return _at(path, marks, file, f"{shown(given)} is not a whole number{_yaml_hint(path, marks)}",
                   "a whole number")
    if kind in ("bool_type", "bool_parsing"):
        return _at(path, marks, file, f"{shown(given)} is not true or false", "true or false")
    if kind in ("string_type",):
        what = f"each item of {path[-2]}" if isinstance(name, int) and len(path) > 1 else name
        return _at(path, marks, file, f"{what} must be text, not {_kind_of(given)}{_yaml_hint(path, marks)}")
    if kind in ("tuple_type", "list_type"):
        what = f"each item of {path[-2]}" if isinstance(name, int) and len(path) > 1 else name
        return _at(path, marks, file, f"{what} must be a list, not {_kind_of(given)}")
    if kind in ("dataclass_type", "dict_type", "model_type", "dataclass_exact_type", "mapping_type"):
        allowed = _allowed_keys(path)
        return _at(path, marks, file, f"{name or 'this'} must be a mapping, not {_kind_of(given)}",
                   "keys among " + ", ".join(allowed) if allowed else None)
    return _at(path, marks, file, err.get("msg", "invalid value"))


def _kind_of(value) -> str:
    if value is None:
        return "nothing (null)"
    return {dict: "a mapping", list: "a list", str: f"the text {shown(value)}", bool: f"{value}",
            int: f"the number {value}", float: f"the number {value}"}.get(type(value), escaped(type(value).__name__))


def _yaml_hint(path: tuple, marks: dict) -> str:
    """`` — YAML reads 'no' as false: put it in quotes`` when the value at ``path`` was one of
    YAML 1.1's surprising booleans."""
    mark = marks.get(path)
    if mark is None or not getattr(mark, "raw", None):
        return ""
    read = "true" if mark.raw.lower() in ("yes", "on", "y") else "false"
    return f" — YAML reads {mark.raw!r} as {read}: put it in quotes"
