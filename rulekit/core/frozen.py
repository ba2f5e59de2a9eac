"""Frozen values that are cheap to make and to copy, for the engine's inner loop.

Every value the engine keeps — states, cards, frames, steps, verdicts — is a frozen dataclass
with slots, and every step makes several. A frozen dataclass's generated ``__init__`` sets
each field through ``object.__setattr__`` (the only way past its own ``__setattr__``, which
refuses), and :func:`dataclasses.replace` looks the class's fields up again on every call
before calling that ``__init__``. Together they were about a fifth of a step's time.

:func:`immutable` is ``dataclass(frozen=True, slots=True)`` with a different ``__init__``: it
fills each slot through the slot's own descriptor, which skips the frozen ``__setattr__``
without weakening it — assigning to a field afterwards still raises
:class:`dataclasses.FrozenInstanceError`. Equality, hashing, ``repr``, pickling and
``dataclasses.fields`` are the dataclass's own. :func:`replace` is :func:`dataclasses.replace`;
for such classes it uses a copier written once per class.

Both call a class's ``__post_init__`` as the dataclass would, so nothing a class checks or
completes on construction is skipped; classes with init-only variables are left to the
dataclass machinery.

:class:`Word` is the base of the engine's string enumerations (event kinds, timings, step
codes …), whose members key the dicts the engine reads at every step: it hashes a member as
its string, in C, where :class:`enum.Enum` hashes it with a Python function. :func:`members`
gives the engine's hottest modules their members through a plain class (see there why).
"""
from __future__ import annotations

import dataclasses
import sys
from enum import Enum
from typing import Any, Callable, TypeVar

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
    """The members of ``enum`` as attributes of a plain class: ``members(Code).ELIGIBLE is
    Code.ELIGIBLE``. On Python 3.11 every attribute read on an Enum class goes through the
    slow path that ``EnumType.__getattr__`` installs (about ten times a module global; Python
    3.12 dropped it); the engine's inner loop reads members dozens of times a step."""
    return type(enum.__name__, (), {"__doc__": f"the members of {enum.__qualname__}", **enum.__members__})


class _Factory:
    """The default of a field made by a factory (shown as ``<factory>``, as dataclasses do)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def immutable(cls: type[T] | None = None, /, **options: Any):
    """``@dataclass(frozen=True, slots=True, **options)`` with a faster ``__init__``."""
    def wrap(c: type[T]) -> type[T]:
        # the dataclass's own __init__ stays where the class wrote one, asked for none, or may
        # have pseudo-fields or fields the generated source could not name; elsewhere the
        # dataclass writes none (it would only be replaced: one generated function less a class)
        ours = "__init__" not in c.__dict__ and options.get("init", True) and _simple(c)
        undocumented = ours and not c.__doc__
        if undocumented:       # the dataclass would describe it by object.__init__'s signature (slowly)
            c.__doc__ = "-"
        made = dataclasses.dataclass(c, frozen=True, slots=True, **(dict(options, init=False) if ours else options))
        if ours:
            if not _plain(made) or _unwritable(made):    # (_simple is strict enough that this cannot be)
                raise TypeError(f"@immutable {c.__qualname__}: fields its __init__ cannot be written for")
            made.__init__ = _initializer(made)     # type: ignore[misc]
            if undocumented:   # as the dataclass describes a class without a docstring
                import inspect
                made.__doc__ = made.__name__ + str(inspect.signature(made)).replace(" -> None", "")
        elif _plain(made) and "__init__" not in c.__dict__ and options.get("init", True) and not _unwritable(made):
            made.__init__ = _initializer(made)     # type: ignore[misc]
        return made
    return wrap if cls is None else wrap(cls)


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


def _initializer(cls: type) -> Callable[..., None]:
    """An ``__init__`` with the dataclass's signature that sets each slot through its descriptor."""
    scope: dict[str, Any] = {"_FACTORY": _FACTORY}
    positional, keyword, body = [], [], []
    for f in dataclasses.fields(cls):
        scope[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        has_factory = f.default_factory is not dataclasses.MISSING
        if has_factory:
            scope[f"_make_{f.name}"] = f.default_factory
        if f.init:
            if f.default is not dataclasses.MISSING:
                scope[f"_default_{f.name}"] = f.default
                param = f"{f.name}=_default_{f.name}"
            else:
                param = f"{f.name}=_FACTORY" if has_factory else f.name
            (keyword if f.kw_only else positional).append(param)
            value = f"_make_{f.name}() if {f.name} is _FACTORY else {f.name}" if has_factory else f.name
        elif has_factory or f.default is not dataclasses.MISSING:
            value = f"_make_{f.name}()" if has_factory else f"_default_{f.name}"
            scope[f"_default_{f.name}"] = f.default
        else:
            continue                        # init=False with no default: left unset, as dataclasses do
        body.append(f"    _set_{f.name}(_self, {value})\n")
    if hasattr(cls, "__post_init__"):
        body.append("    _self.__post_init__()\n")
    params = ", ".join(["_self", *positional, *(["*", *keyword] if keyword else [])])
    source = f"def __init__({params}):\n" + ("".join(body) or "    pass\n")
    exec(compile(source, f"<rulekit.frozen.immutable {cls.__qualname__}>", "exec"), scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = {**{f.name: f.type for f in dataclasses.fields(cls) if f.init},
                            "return": None}     # as the dataclass's would be, for get_type_hints
    init.__rulekit_stores_fields__ = True     # what replace() checks before copying slot by slot
    return init


_COPIERS: dict[type, Callable[..., Any]] = {}
_KEEP = object()        # "this field was not given": keep the old value


def replace(value: T, /, **changes: Any) -> T:
    """``value`` with the given fields changed (like :func:`dataclasses.replace`)."""
    cls = type(value)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    return copier(value, **changes)


def copier(cls: type[T]) -> Callable[..., T]:
    """:func:`replace` for values of exactly ``cls``, as one call: ``copier(Frame)(frame, step=2)``.
    The engine's hottest modules take theirs once (no look-up, no packing of the changes)."""
    made = _COPIERS.get(cls)
    if made is None:
        made = _COPIERS[cls] = _copier(cls)
    return made


def _copier(cls: type) -> Callable[..., Any]:
    # only a class whose construction is known to store its fields and nothing else (an
    # @immutable one with the generated __init__) is copied slot by slot; any other goes to
    # dataclasses.replace, which calls its __init__
    if getattr(cls.__init__, "__rulekit_stores_fields__", False) is not True or any(
            not f.init for f in dataclasses.fields(cls)):
        return dataclasses.replace
    names = [f.name for f in dataclasses.fields(cls)]
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_KEEP": _KEEP}
    for n in names:
        scope[f"_set_{n}"] = getattr(cls, n).__set__     # the slot's member descriptor
    params = ", ".join(f"{n}=_KEEP" for n in names)
    body = "".join(f"    _set_{n}(_new_value, _value.{n} if {n} is _KEEP else {n})\n" for n in names)
    if hasattr(cls, "__post_init__"):
        body += "    _new_value.__post_init__()\n"
    source = f"def copy(_value, /, *, {params}):\n    _new_value = _new(_cls)\n{body}    return _new_value\n"
    exec(compile(source, f"<rulekit.frozen.replace {cls.__qualname__}>", "exec"), scope)
    copy = scope["copy"]
    copy.__qualname__ = f"replace[{cls.__qualname__}]"
    return copy
