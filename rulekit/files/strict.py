"""Every value checked strictly, before pydantic reads it: true/false and whole numbers that are
really so, no empty names, ids of letters, digits, '_' and '-' of at most :data:`MAX_ID_LENGTH`."""
from __future__ import annotations

import collections.abc
import dataclasses
import enum
import typing

from rulekit.core import ids
from rulekit.core.abilities import Ability
from rulekit.core.errors import shown
from rulekit.core.model import Card
from rulekit.core.scenario import ScriptEntry
from rulekit.files.locate import _at, _yaml_hint
from rulekit.files.yamlnodes import MAX_INT_DIGITS

#: Fields where empty text means "none" (for people, or the top-level phase "not given").
_MAY_BE_EMPTY = {"label", "text", "note"}
MAX_ID_LENGTH = 64
_ID_KIND = {Card: "card", Ability: "ability", ScriptEntry: "occurrence"}
_HINTS: dict = {}


def _hints(tp) -> dict:
    if tp not in _HINTS:
        _HINTS[tp] = typing.get_type_hints(tp)
    return _HINTS[tp]


def _arms(tp) -> list:
    return [a for a in typing.get_args(tp) if a is not type(None)]


def _fits(value, tp) -> bool:
    origin = typing.get_origin(tp)
    if dataclasses.is_dataclass(tp):
        return isinstance(value, dict)
    if origin in (tuple, list):
        return isinstance(value, list)
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is str:
        return isinstance(value, str)
    return False


def _strict(value, tp, path: tuple, marks: dict, file) -> None:
    """What pydantic's lax mode would let through: ``true`` or ``"6"`` for a number, ``1`` or
    ``"yes"`` for true/false, empty names, ids that only begin like an id (``"c1\\\\n"``),
    ``incarnation`` written in a file."""
    origin = typing.get_origin(tp)
    if origin is typing.Union or type(tp).__name__ == "UnionType":
        if value is None:
            return
        arms = _arms(tp)
        if len(arms) == 1:
            return _strict(value, arms[0], path, marks, file)
        for arm in arms:
            if _fits(value, arm):
                return _strict(value, arm, path, marks, file)
        return
    name = path[-1] if path else "value"
    if tp is bool:
        if not isinstance(value, bool):
            raise _at(path, marks, file, f"{shown(value)} is not true or false", "true or false")
    elif tp is int:
        if isinstance(value, bool):
            raise _at(path, marks, file, f"{str(value).lower()} is not a number{_yaml_hint(path, marks)}",
                      "a whole number")
        if not isinstance(value, int):
            raise _at(path, marks, file, f"{shown(value)} is not a whole number", "a whole number")
        if abs(value) >= 10 ** MAX_INT_DIGITS:          # as a file's reader bounds it: the API the same
            raise _at(path, marks, file, f"the number {str(value)[:20]}{'…' if len(str(value)) > 20 else ''} is "
                      "too large", f"a whole number of at most {MAX_INT_DIGITS} digits")
    elif tp is str:
        if isinstance(value, str) and not value.strip() and name not in _MAY_BE_EMPTY and path != ("phase",):
            raise _at(path, marks, file, f"{name} is empty" + (" text" if value else ""),
                      "a name (empty text names nothing)")
    elif isinstance(tp, type) and issubclass(tp, enum.Enum):
        return
    elif dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            return
        hints = _hints(tp)
        if tp is Card and "incarnation" in value:
            raise _at(path + ("incarnation",), marks, file, "incarnation is kept by the rules (it counts how often "
                      "a card became a new object), not written in a scenario", "no 'incarnation' key on a card")
        kind = _ID_KIND.get(tp)
        if kind and isinstance(value.get("id"), str):
            ident = value["id"]
            if not ids.is_name(ident):
                raise _at(path + ("id",), marks, file,
                          f"{kind} id {shown(ident)} may use only letters, digits, '_' and '-'")
            if len(ident) > MAX_ID_LENGTH:
                raise _at(path + ("id",), marks, file, f"{kind} id {shown(ident)} is longer than "
                          f"{MAX_ID_LENGTH} characters", f"an id of at most {MAX_ID_LENGTH} characters")
        for key, item in value.items():
            if key in hints:
                _strict(item, hints[key], path + (key,), marks, file)
    elif origin in (tuple, list):
        args = typing.get_args(tp)
        if isinstance(value, list) and args:
            for i, item in enumerate(value):
                _strict(item, args[0], path + (i,), marks, file)
    elif origin in (dict, typing.Mapping, collections.abc.Mapping):
        args = typing.get_args(tp)
        if isinstance(value, dict) and len(args) == 2:
            for key, item in value.items():
                _strict(item, args[1], path + (key,), marks, file)
