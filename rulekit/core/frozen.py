"""Frozen values that are cheap to make and to copy, for the engine's inner loop.

Every value the engine keeps — states, cards, frames, steps, verdicts — is a frozen dataclass
with slots, and every step makes several. A frozen dataclass's generated ``__init__`` sets
each field through ``object.__setattr__`` (the only way past its own ``__setattr__``, which
refuses), and :func:`dataclasses.replace` looks the class's fields up again on every call
before calling that ``__init__``. Together they were about a fifth of a step's time.

:func:`immutable` is ``dataclass(frozen=True, slots=True)`` with a different ``__init__``: it
fills each slot through the slot's own descriptor, which skips the frozen ``__setattr__``
without weakening it — assigning to a field afterwards still raises
:class:`dataclasses.FrozenInstanceError`. The fields, ``dataclasses.fields`` and the slots are
the dataclass's own; ``repr``, the frozen ``__setattr__`` and pickling behave as the dataclass's
but are closures over the field names, and equality, hashing and ordering are the dataclass's code
compiled on first use, not source compiled for every class as it is made (that compiling was half
of ``import rulekit``).
:func:`replace` is :func:`dataclasses.replace`; for such classes it uses a copier written once
per class. That code — initializers, constructors, makers and copiers — is written in
:mod:`rulekit.core.building`.

Both call a class's ``__post_init__`` as the dataclass would, so nothing a class checks or
completes on construction is skipped; classes with init-only variables are left to the
dataclass machinery.

:class:`Word` is the base of the engine's string enumerations (event kinds, timings, step
codes …), whose members key the dicts the engine reads at every step: it hashes a member as
its string, in C, where :class:`enum.Enum` hashes it with a Python function. :func:`members`
gives the engine's hottest modules their members through a plain class (see there why).

All of this is speed machinery (:mod:`rulekit.core.speed`): with ``RULEKIT_PLAIN=1``,
:func:`immutable` is ``dataclass(frozen=True, slots=True)`` itself, :func:`replace`,
:func:`copier` and :func:`maker` fall back to :func:`dataclasses.replace` and the class, and
:func:`members` gives the enumeration. (:class:`Word`'s hash is not: it keeps a member's hash
equal to its string's, as its equality is.)
"""
from __future__ import annotations

import copy
import dataclasses
import inspect
import reprlib
import sys
import types
from enum import Enum
from typing import Any, Callable, TypeVar

# what is written for each class lives in .building; replace, copier and maker are used from here
from rulekit.core.building import _constructor, _initializer, _reduce, copier, maker, replace, stores_fields
from rulekit.core.speed import PLAIN

__all__ = ["HashedOnce", "Word", "copier", "immutable", "maker", "members", "replace", "stores_fields"]

if sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:                                       # pragma: no cover - Python 3.10
    def dataclass_transform(**_kwargs):
        return lambda decorator: decorator

T = TypeVar("T")
E = TypeVar("E", bound=Enum)


class Word(str, Enum):
    """A string enumeration whose members hash as their values do: consistent with their
    equality to those strings, and computed in C (``Enum.__hash__`` is Python code)."""

    __hash__ = str.__hash__


def members(enum: type[E]) -> Any:
    """The members of ``enum`` as attributes of a namespace: ``members(Code).ELIGIBLE is
    Code.ELIGIBLE``. On Python 3.11 every attribute read on an Enum class goes through the
    slow path that ``EnumType.__getattr__`` installs (about ten times a module global; Python
    3.12 dropped it), and a read on any class is not specialised by the interpreter; a read on a
    module is. The engine's inner loop reads members dozens of times a step. (``RULEKIT_PLAIN=1``:
    the enumeration itself.)"""
    if PLAIN:
        return enum
    namespace = types.ModuleType(f"{enum.__module__}.{enum.__qualname__}[members]", f"the members of {enum.__qualname__}")
    namespace.__dict__.update(enum.__members__)
    return namespace


class HashedOnce:
    """A base for frozen values that are hashed again and again: the hash of one is computed from
    its compared fields the first time it is asked for and kept in a slot that is not a field.

    A state's hash is its cards' hashes, and a card's is its abilities', their triggers' and
    effects', down to every filter: each new state (each answer of a walk) hashed all of them
    again, about a tenth of an answer. Kept, a card that did not change costs a read. Nothing can
    make the kept hash wrong: the fields never change, a copy (:func:`replace`, a copier) is a new
    value that computes its own, and a value pickled, copied or sent to another process takes its
    fields only — where strings hash differently, it hashes again. Only for an :func:`immutable`
    class whose ``__hash__`` it writes."""

    __slots__ = ("_hash_once",)


_keep_hash = HashedOnce._hash_once.__set__      # the slot's own store: past the frozen __setattr__


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def immutable(cls: type[T] | None = None, /, **options: Any):
    """``@dataclass(frozen=True, slots=True, **options)`` with a faster ``__init__``, and its
    other methods made without generating code. (``RULEKIT_PLAIN=1``: the dataclass itself.)"""
    quick_new = options.pop("quick_new", False)
    if PLAIN:
        return dataclasses.dataclass(cls, frozen=True, slots=True, **options)

    def wrap(c: type[T]) -> type[T]:
        # the dataclass's own __init__ stays where the class wrote one, asked for none, or may
        # have pseudo-fields or fields the generated source could not name; elsewhere the
        # dataclass writes none (it would only be replaced: one generated function less a class)
        ours = "__init__" not in c.__dict__ and options.get("init", True) and _simple(c)
        if quick_new and not ours:
            raise TypeError(f"@immutable(quick_new=True) {c.__qualname__}: only for a class whose __init__ is generated")
        undocumented = ours and not c.__doc__
        if undocumented:       # the dataclass would describe it by object.__init__'s signature (slowly)
            c.__doc__ = "-"
        if issubclass(c, HashedOnce) and not (ours and set(options) <= {"eq", "order"} and options.get("eq", True)
                                               and "__hash__" not in c.__dict__ and "__eq__" not in c.__dict__):
            raise TypeError(f"@immutable {c.__qualname__}: HashedOnce keeps the hash @immutable writes, and it writes "
                            f"none here (options {sorted(options)}, or a __hash__ or __eq__ of the class's own)")
        if ours and set(options) <= {"eq", "order"}:
            made = _without_generated_methods(c, eq=options.get("eq", True), order=options.get("order", False))
        else:
            made = dataclasses.dataclass(c, frozen=True, slots=True, **(dict(options, init=False) if ours else options))
        if ours:
            if not _plain(made) or _unwritable(made):    # (_simple is strict enough that this cannot be)
                raise TypeError(f"@immutable {c.__qualname__}: fields its __init__ cannot be written for")
            if quick_new:
                made.__new__ = staticmethod(_constructor(made))   # type: ignore[assignment]
                made.__init__ = object.__init__                    # type: ignore[misc]
                made.__reduce__ = _reduce                          # type: ignore[assignment]
            else:
                made.__init__ = _initializer(made)     # type: ignore[misc]
            if undocumented:   # as the dataclass describes a class without a docstring
                made.__doc__ = made.__name__ + str(inspect.signature(made)).replace(" -> None", "")
        elif _plain(made) and "__init__" not in c.__dict__ and options.get("init", True) and not _unwritable(made):
            made.__init__ = _initializer(made)     # type: ignore[misc]
        return made
    return wrap if cls is None else wrap(cls)


def _without_generated_methods(c: type, *, eq: bool, order: bool) -> type:
    """The frozen slotted dataclass of ``c`` without the methods the dataclass writes as source
    and compiles for each class (half of ``import rulekit``'s time): ``__repr__``,
    ``__setattr__`` and ``__delattr__`` are closures over the field names; ``__eq__``,
    ``__hash__`` and the ordering are the dataclass's own code, compiled on their first call.
    Its ``__dataclass_params__`` says what the class is (frozen, with ``__init__``, ``__repr__``
    and, unless asked otherwise, eq)."""
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    own = c.__dict__
    explicit_hash = own.get("__hash__", dataclasses.MISSING)
    has_explicit_hash = not (explicit_hash is dataclasses.MISSING or (explicit_hash is None and "__eq__" in own))
    for name in ("__setattr__", "__delattr__", *(_ORDER if order else ())):
        if name in own:
            raise TypeError(f"Cannot overwrite attribute {name} in class {c.__name__}")
    # a dataclass base already frozen makes the dataclass ask for frozen=True (it refuses a mix);
    # it then writes __setattr__ and __delattr__ itself
    frozen_base = any(getattr(getattr(b, "__dataclass_params__", None), "frozen", False) for b in c.__mro__[1:])
    made = dataclasses.dataclass(c, init=False, repr=False, eq=False, frozen=frozen_base, slots=True)
    fields = dataclasses.fields(made)
    if "__repr__" not in own:
        made.__repr__ = _repr(made, tuple(f.name for f in fields if f.repr))
    if eq:
        compared = tuple(f.name for f in fields if f.compare)
        for name in ("__eq__", *(_ORDER if order else ())):
            if name not in own:
                setattr(made, name, _on_first_call(made, name, _comparison_source(name, compared)))
        if not has_explicit_hash:
            hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
            if issubclass(made, HashedOnce):
                made.__hash__ = _on_first_call(made, "__hash__", (
                    "def __hash__(self):\n    try:\n        return self._hash_once\n    except AttributeError:\n"
                    f"        pass\n    kept = hash({_tuple('self', hashed)})\n    _keep_hash(self, kept)\n"
                    "    return kept\n"), {"_keep_hash": _keep_hash})
            else:
                made.__hash__ = _on_first_call(made, "__hash__", f"def __hash__(self):\n    return hash({_tuple('self', hashed)})\n")
    if not frozen_base:
        names = frozenset(f.name for f in fields) | ({"_hash_once"} if issubclass(made, HashedOnce) else set())
        made.__setattr__, made.__delattr__ = _frozen(made, names)
        if "__getstate__" not in own:      # pickling a frozen slotted value (as the dataclass does)
            made.__getstate__ = _getstate
        if "__setstate__" not in own:
            made.__setstate__ = _setstate
    params = copy.copy(made.__dataclass_params__)
    params.init, params.repr, params.eq, params.order, params.frozen = True, True, eq, order, True
    made.__dataclass_params__ = params
    return made


_ORDER = {"__lt__": "<", "__le__": "<=", "__gt__": ">", "__ge__": ">="}


def _tuple(name: str, fields: tuple[str, ...]) -> str:
    return "(" + "".join(f"{name}.{f}," for f in fields) + ")"


def _comparison_source(method: str, fields: tuple[str, ...]) -> str:
    """The dataclass's own comparison (``__eq__``, ``__lt__``…): the tuples of the compared fields."""
    op = _ORDER.get(method, "==")
    return (f"def {method}(self, other):\n    if other.__class__ is self.__class__:\n"
            f"        return {_tuple('self', fields)} {op} {_tuple('other', fields)}\n    return NotImplemented\n")


def _on_first_call(cls: type, name: str, source: str, scope: dict | None = None) -> Callable:
    """A method that compiles ``source`` (the code the dataclass would write for it) on its first
    call and puts it in its own place on ``cls``: a class pays for the compiling only if its
    values are ever compared or hashed, and after that its methods are the dataclass's code."""
    def first(*args):
        names: dict[str, Any] = dict(scope or {})
        exec(compile(source, f"<rulekit.frozen.immutable {cls.__qualname__}.{name}>", "exec"), names)
        made = _named(cls, names[name])
        setattr(cls, name, made)
        return made(*args)
    first.__name__ = name
    return _named(cls, first)


def _named(cls: type, function: Callable) -> Callable:
    function.__qualname__ = f"{cls.__qualname__}.{function.__name__}"
    function.__module__ = cls.__module__
    return function


def _repr(cls: type, names: tuple[str, ...]) -> Callable[[Any], str]:
    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        return f"{self.__class__.__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in names)})"
    return _named(cls, __repr__)


def _frozen(cls: type, names: frozenset[str]) -> tuple[Callable, Callable]:
    def __setattr__(self, name, value):
        if name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)
    return _named(cls, __setattr__), _named(cls, __delattr__)


def _getstate(self) -> list:
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _setstate(self, state: list) -> None:
    for f, value in zip(dataclasses.fields(self), state):
        object.__setattr__(self, f.name, value)     # the fields are frozen


def _simple(cls: type) -> bool:
    """Before the dataclass is made: whether every field it will have is plain and nameable — its
    own annotations name no class or init-only variable and start with no underscore, and each
    dataclass base's fields are plain and nameable too."""
    for name, hint in cls.__dict__.get("__annotations__", {}).items():
        text = hint if isinstance(hint, str) else repr(hint)
        if not name.isidentifier() or name.startswith("_") or "ClassVar" in text or "InitVar" in text:
            return False
    return all(_plain(base) and not _unwritable(base) for base in cls.__mro__[1:]
               if "__dataclass_fields__" in base.__dict__)


def _plain(cls: type) -> bool:
    """Whether construction only stores the fields (then calls ``__post_init__``, if any): no
    pseudo-field (an init-only variable or class variable) beside the fields."""
    return len(cls.__dataclass_fields__) == len(dataclasses.fields(cls))


def _unwritable(cls: type) -> list[str]:
    """Field names the generated source cannot use: it is written from the names alone, and
    its own locals start with an underscore, so a name must be an identifier without one."""
    return [f.name for f in dataclasses.fields(cls) if not f.name.isidentifier() or f.name.startswith("_")]
