"""A file's data made into the document's values directly, where nothing about it is in doubt.

pydantic validates a scenario file (:mod:`.document`), but importing it and building its
validator is most of what ``rulekit trace`` of a small file costs. Most files are well formed:
for them :func:`built` makes the same values pydantic would — every mapping a dataclass with
exactly its own keys (the document's types all forbid others), every list a tuple (or a list, where the type says so), every text
of an enumeration its member, every number and true/false of its own type — and for anything
else (a key too many or missing, a value of another type, a text two types of a union would
take, a construction that raises) it answers :data:`UNSURE`, and the caller asks pydantic, whose
error is the one reported. So a file is never accepted here that pydantic would refuse, nor read
differently (``tests/files/test_direct.py`` compares both readings of every shipped and test file).
"""
from __future__ import annotations

import collections.abc
import dataclasses
import enum
import typing
from typing import Any, Callable

UNSURE = object()      #: "ask pydantic": the data is not plainly of the type


class _Unsure(Exception):
    pass


def built(data: Any, tp: Any) -> Any:
    """``data`` as a value of ``tp`` made the way pydantic makes it, or :data:`UNSURE`."""
    try:
        return _reader(tp)(data)
    except _Unsure:
        return UNSURE
    except Exception:  # noqa: BLE001 - a construction that refuses the data: pydantic says why
        return UNSURE


def _unsure(_value: Any) -> Any:
    raise _Unsure


_READERS: dict = {}


def _reader(tp: Any) -> Callable[[Any], Any]:
    """The function that reads a value of ``tp`` (made once per type)."""
    try:
        return _READERS[tp]
    except KeyError:
        pass
    except TypeError:           # an unhashable type form: not one of the document's
        return _unsure
    _READERS[tp] = _deferred(tp)      # a type that contains itself reads through this
    made = _READERS[tp] = _make_reader(tp)
    return made


def _deferred(tp: Any) -> Callable[[Any], Any]:
    return lambda value: _READERS[tp](value)


def _make_reader(tp: Any) -> Callable[[Any], Any]:
    origin = typing.get_origin(tp)
    if tp is Any:
        return lambda value: value
    if tp is type(None):
        return _exactly(type(None))
    if tp in (str, int, bool):
        return _exactly(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _member(tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass(tp)
    if origin is typing.Literal:
        allowed = typing.get_args(tp)
        return lambda value: value if any(type(value) is type(a) and value == a for a in allowed) else _unsure(value)
    if origin is typing.Union or type(tp).__name__ == "UnionType":
        return _union(typing.get_args(tp))
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _reader(args[0])
            return lambda value: tuple(map(item, value)) if type(value) in (list, tuple) else _unsure(value)
        return _unsure
    if origin is list:
        item = _reader(typing.get_args(tp)[0])
        return lambda value: list(map(item, value)) if type(value) is list else _unsure(value)
    if origin in (dict, collections.abc.Mapping):
        args = typing.get_args(tp)
        if len(args) != 2:
            return _unsure
        key, item = _reader(args[0]), _reader(args[1])
        return lambda value: ({key(k): item(v) for k, v in value.items()} if type(value) is dict
                              else _unsure(value))
    return _unsure


def _exactly(tp: type) -> Callable[[Any], Any]:
    return lambda value: value if type(value) is tp else _unsure(value)


def _member(tp: type) -> Callable[[Any], Any]:
    by_value = {v.value: v for v in tp}
    kinds = {type(v) for v in by_value}

    def read(value):
        if type(value) is tp:
            return value
        if type(value) in kinds and value in by_value:
            return by_value[value]
        raise _Unsure
    return read


def _fits(value: Any, tp: Any) -> bool:
    """Whether ``value`` is plainly of ``tp`` by its own type (what pydantic's smart union takes
    as an exact match)."""
    origin = typing.get_origin(tp)
    if tp is type(None):
        return value is None
    if tp in (str, int, bool):
        return type(value) is tp
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return type(value) is tp or any(type(value) is type(m.value) and value == m.value for m in tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return type(value) is dict
    if origin is tuple:
        return type(value) in (list, tuple)
    if origin is list:
        return type(value) is list
    if origin in (dict, collections.abc.Mapping):
        return type(value) is dict
    if origin is typing.Literal:
        return any(type(value) is type(a) and value == a for a in typing.get_args(tp))
    return True            # Any, or a form not read here: counts as fitting (so a union is unsure)


def _union(arms: tuple) -> Callable[[Any], Any]:
    def read(value):
        fitting = [arm for arm in arms if _fits(value, arm)]
        if len(fitting) != 1:
            raise _Unsure
        return _reader(fitting[0])(value)
    return read


def _dataclass(cls: type) -> Callable[[Any], Any]:
    config = getattr(cls, "__pydantic_config__", None) or {}
    if config.get("extra") != "forbid" or any(not f.init for f in dataclasses.fields(cls)):
        return _unsure
    hints = typing.get_type_hints(cls)
    fields = {f.name: hints[f.name] for f in dataclasses.fields(cls)}
    required = frozenset(f.name for f in dataclasses.fields(cls)
                         if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
    readers: dict[str, Callable[[Any], Any]] = {}

    def read(value):
        if type(value) is not dict or not required <= value.keys():
            raise _Unsure
        given = {}
        for key, item in value.items():
            reader = readers.get(key)
            if reader is None:
                if key not in fields:
                    raise _Unsure
                reader = readers[key] = _reader(fields[key])
            given[key] = reader(item)
        return cls(**given)
    return read


__all__ = ["UNSURE", "built"]
