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
per class.

Both call a class's ``__post_init__`` as the dataclass would, so nothing a class checks or
completes on construction is skipped; classes with init-only variables are left to the
dataclass machinery.

:class:`Word` is the base of the engine's string enumerations (event kinds, timings, step
codes …), whose members key the dicts the engine reads at every step: it hashes a member as
its string, in C, where :class:`enum.Enum` hashes it with a Python function. :func:`members`
gives the engine's hottest modules their members through a plain class (see there why).
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
    module is. The engine's inner loop reads members dozens of times a step."""
    namespace = types.ModuleType(f"{enum.__module__}.{enum.__qualname__}[members]", f"the members of {enum.__qualname__}")
    namespace.__dict__.update(enum.__members__)
    return namespace


class _Factory:
    """The default of a field made by a factory (shown as ``<factory>``, as dataclasses do)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def immutable(cls: type[T] | None = None, /, **options: Any):
    """``@dataclass(frozen=True, slots=True, **options)`` with a faster ``__init__``, and its
    other methods made without generating code."""
    quick_new = options.pop("quick_new", False)

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
            made.__hash__ = _on_first_call(made, "__hash__", f"def __hash__(self):\n    return hash({_tuple('self', hashed)})\n")
    if not frozen_base:
        names = frozenset(f.name for f in fields)
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


def _on_first_call(cls: type, name: str, source: str) -> Callable:
    """A method that compiles ``source`` (the code the dataclass would write for it) on its first
    call and puts it in its own place on ``cls``: a class pays for the compiling only if its
    values are ever compared or hashed, and after that its methods are the dataclass's code."""
    def first(*args):
        scope: dict[str, Any] = {}
        exec(compile(source, f"<rulekit.frozen.immutable {cls.__qualname__}.{name}>", "exec"), scope)
        made = _named(cls, scope[name])
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


def _constructor(cls: type) -> Callable[..., Any]:
    """A ``__new__`` with the dataclass's signature that makes the value whole (for
    ``quick_new``): it fills a value of :func:`_building` of the class through plain slot
    stores, gives it its class and calls ``__post_init__``; ``__init__`` is then ``object``'s
    and does nothing. Written and compiled on its first call, as :func:`_initializer`."""
    def __new__(_kind, *args, **kwargs):
        new = _written_constructor(cls)
        cls.__new__ = staticmethod(new)
        return new(_kind, *args, **kwargs)
    stub = _initializer_named(cls, __new__, signature=_signature(cls))
    stub.__qualname__ = f"{cls.__qualname__}.__new__"
    return stub


def _written_constructor(cls: type) -> Callable[..., Any]:
    made = _initializer_named(cls, _written_builder(cls, "__new__", "_kind"))
    made.__qualname__ = f"{cls.__qualname__}.__new__"
    return made


def _written_builder(cls: type, name: str, kind: str | None) -> Callable[..., Any]:
    """The source of ``cls``'s ``__new__`` (``kind`` names its class parameter, which may be a
    subclass) or, without ``kind``, of a function building values of exactly ``cls`` (:func:`maker`),
    compiled: it fills a value of :func:`_building` through plain slot stores, gives it its class
    and calls ``__post_init__``."""
    scope: dict[str, Any] = {"_FACTORY": _FACTORY, "_new": object.__new__, "_own": cls,
                             "_Building": _building(cls), "_building": _building}
    positional, keyword, body = _fields_source(cls, scope, "    _self.{name} = {value}\n")
    body.append(f"    _self.__class__ = {kind or '_own'}\n")
    if hasattr(cls, "__post_init__"):
        body.append("    _self.__post_init__()\n")
    params = ", ".join([*([kind] if kind else []), *positional, *(["*", *keyword] if keyword else [])])
    building = f"_Building if {kind} is _own else _building({kind})" if kind else "_Building"
    source = f"def {name}({params}):\n    _self = _new({building})\n" + "".join(body) + "    return _self\n"
    exec(compile(source, f"<rulekit.frozen.immutable {cls.__qualname__}.{name}>", "exec"), scope)
    return scope[name]


_MAKERS: dict[type, Callable[..., Any]] = {}


def maker(cls: type[T]) -> Callable[..., T]:
    """What ``cls(...)`` does for a ``quick_new`` class, as a plain function taking the same
    arguments: ``maker(Step)(parent, number, ...)``. Calling a class goes through the
    interpreter's class call, which packs the arguments again for ``__new__`` (about 70 ns a value
    here); the engine's hottest modules take a maker once and build their records with it. For a
    class that is not ``quick_new`` it is the class itself."""
    made = _MAKERS.get(cls)
    if made is None:
        if getattr(cls.__new__, "__rulekit_stores_fields__", False) is not True or cls.__init__ is not object.__init__:
            made = cls
        else:
            made = _written_builder(cls, "make", None)
            made.__qualname__ = f"maker[{cls.__qualname__}]"
            made.__module__ = cls.__module__
        _MAKERS[cls] = made
    return made


def _fields_source(cls: type, scope: dict, store: str) -> tuple[list[str], list[str], list[str]]:
    """For the generated ``__init__`` or ``__new__`` of ``cls``: its positional and keyword-only
    parameters, as the dataclass's (defaults and factories put in ``scope``), and one line a field
    storing its value, written from ``store`` (``{name}``, ``{value}``). A field with
    ``init=False`` and no default is left unset, as dataclasses leave it."""
    positional, keyword, body = [], [], []
    for f in dataclasses.fields(cls):
        has_factory = f.default_factory is not dataclasses.MISSING
        if has_factory:
            scope[f"_make_{f.name}"] = f.default_factory
        if f.default is not dataclasses.MISSING:
            scope[f"_default_{f.name}"] = f.default
        if f.init:
            if f.default is not dataclasses.MISSING:
                param = f"{f.name}=_default_{f.name}"
            else:
                param = f"{f.name}=_FACTORY" if has_factory else f.name
            (keyword if f.kw_only else positional).append(param)
            value = f"_make_{f.name}() if {f.name} is _FACTORY else {f.name}" if has_factory else f.name
        elif has_factory or f.default is not dataclasses.MISSING:
            value = f"_make_{f.name}()" if has_factory else f"_default_{f.name}"
        else:
            continue
        body.append(store.format(name=f.name, value=value))
    return positional, keyword, body


def _reduce(self) -> tuple:
    """Pickling and copying a ``quick_new`` value: its class and every field, rebuilt by
    :func:`_rebuilt` (not through ``__new__``, which needs the fields as arguments)."""
    return _rebuilt, (type(self), tuple(getattr(self, f.name) for f in dataclasses.fields(self)))


def _rebuilt(cls: type, values: tuple) -> Any:
    value = object.__new__(_building(cls))
    for f, v in zip(dataclasses.fields(cls), values):
        object.__setattr__(value, f.name, v)
    value.__class__ = cls
    return value


def stores_fields(cls: type) -> bool:
    """Whether values of ``cls`` are made by the generated code (``__init__``, or ``__new__`` for
    ``quick_new``), which stores the fields and calls ``__post_init__`` and does nothing else."""
    return (getattr(cls.__init__, "__rulekit_stores_fields__", False) is True
            or getattr(cls.__new__, "__rulekit_stores_fields__", False) is True)


def _initializer(cls: type) -> Callable[..., None]:
    """An ``__init__`` with the dataclass's signature that sets each slot through its descriptor.
    Its code is written and compiled on its first call, which puts it in its own place: a class
    whose values are never built at import costs nothing to import."""
    def __init__(_self, *args, **kwargs):
        init = _written_initializer(cls)
        cls.__init__ = init
        init(_self, *args, **kwargs)
    return _initializer_named(cls, __init__, signature=_signature(cls))


def _initializer_named(cls: type, init: Callable, signature: inspect.Signature | None = None) -> Callable:
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = {**{f.name: f.type for f in dataclasses.fields(cls) if f.init},
                            "return": None}     # as the dataclass's would be, for get_type_hints
    if signature is not None:
        init.__signature__ = signature
    init.__rulekit_stores_fields__ = True     # what replace() checks before copying slot by slot
    return init


def _signature(cls: type) -> inspect.Signature:
    """The signature of the ``__init__`` :func:`_written_initializer` writes (``inspect`` reads
    it from the first one): the fields in order, the keyword-only ones after the others."""
    P = inspect.Parameter
    positional, keyword = [P("_self", P.POSITIONAL_OR_KEYWORD)], []
    for f in dataclasses.fields(cls):
        if f.init:
            default = (f.default if f.default is not dataclasses.MISSING
                       else _FACTORY if f.default_factory is not dataclasses.MISSING else P.empty)
            (keyword if f.kw_only else positional).append(
                P(f.name, P.KEYWORD_ONLY if f.kw_only else P.POSITIONAL_OR_KEYWORD, default=default, annotation=f.type))
    return inspect.Signature(positional + keyword, return_annotation=None)


def _written_initializer(cls: type) -> Callable[..., None]:
    scope: dict[str, Any] = {"_FACTORY": _FACTORY}
    for f in dataclasses.fields(cls):
        scope[f"_set_{f.name}"] = getattr(cls, f.name).__set__
    positional, keyword, body = _fields_source(cls, scope, "    _set_{name}(_self, {value})\n")
    if hasattr(cls, "__post_init__"):
        body.append("    _self.__post_init__()\n")
    params = ", ".join(["_self", *positional, *(["*", *keyword] if keyword else [])])
    source = f"def __init__({params}):\n" + ("".join(body) or "    pass\n")
    exec(compile(source, f"<rulekit.frozen.immutable {cls.__qualname__}>", "exec"), scope)
    return _initializer_named(cls, scope["__init__"])


_COPIERS: dict[object, Callable[..., Any]] = {}     # by class, or by class and the fields it changes
_KEEP = object()        # "this field was not given": keep the old value


def replace(value: T, /, **changes: Any) -> T:
    """``value`` with the given fields changed (like :func:`dataclasses.replace`)."""
    cls = type(value)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    return copier(value, **changes)


def copier(cls: type[T], *fields: str) -> Callable[..., T]:
    """:func:`replace` for values of exactly ``cls``, as one call: ``copier(Frame)(frame, step=2)``.
    With ``fields``, a copier that changes just those, given in that order and by position:
    ``copier(Frame, "step", "window")(frame, 2, None)`` (it copies every other field without
    asking whether it was given). The engine's hottest modules take theirs once (no look-up, no
    packing of the changes)."""
    key = (cls, *fields) if fields else cls
    made = _COPIERS.get(key)
    if made is None:
        made = _COPIERS[key] = _copier(cls, fields) if fields else _copier(cls)
    return made


def _copier(cls: type, changed: tuple[str, ...] | None = None) -> Callable[..., Any]:
    # only a class whose construction is known to store its fields and nothing else (an
    # @immutable one with the generated __init__) is copied slot by slot; any other goes to
    # dataclasses.replace, which calls its __init__
    names = [f.name for f in dataclasses.fields(cls)]
    if changed is not None and (len(set(changed)) != len(changed) or not set(changed) <= set(names)):
        raise TypeError(f"copier({cls.__qualname__}, ...): {', '.join(map(repr, changed))} must be distinct fields "
                        f"of {cls.__qualname__} ({', '.join(names)})")
    if not stores_fields(cls) or any(
            not f.init for f in dataclasses.fields(cls)):
        if changed is None:
            return dataclasses.replace
        return lambda value, /, *values: dataclasses.replace(value, **dict(zip(changed, values, strict=True)))
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_KEEP": _KEEP, "_Building": _building(cls)}
    if changed is None:
        params = "*, " + ", ".join(f"{n}=_KEEP" for n in names)
        body = "".join(f"    _new_value.{n} = _value.{n} if {n} is _KEEP else {n}\n" for n in names)
    else:
        params = ", ".join(changed)
        body = "".join(f"    _new_value.{n} = {n}\n" if n in changed else f"    _new_value.{n} = _value.{n}\n"
                       for n in names)
    body += "    _new_value.__class__ = _cls\n"
    if hasattr(cls, "__post_init__"):
        body += "    _new_value.__post_init__()\n"
    source = f"def copy(_value, /, {params}):\n    _new_value = _new(_Building)\n{body}    return _new_value\n"
    exec(compile(source, f"<rulekit.frozen.replace {cls.__qualname__}>", "exec"), scope)
    copy = scope["copy"]
    copy.__qualname__ = f"replace[{cls.__qualname__}]" if changed is None else f"replace[{cls.__qualname__}, {', '.join(changed)}]"
    return copy


_BUILDING: dict[type, type] = {}


def _building(cls: type) -> type:
    """A value of ``cls`` while it is being filled in: a subclass with the very same slots whose
    ``__setattr__`` is ``object``'s, so each field is stored by the interpreter's own quick store
    (a call to a slot's descriptor costs several times more). Once filled in, the value's class
    becomes ``cls`` (the layouts are the same, so the assignment is allowed) and it is frozen
    from then on: no value of this class outlives its construction."""
    made = _BUILDING.get(cls)
    if made is None:
        made = _BUILDING[cls] = type(cls.__name__, (cls,), {
            "__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__,
            "__module__": cls.__module__, "__qualname__": f"{cls.__qualname__}[being built]",
            "__doc__": f"a {cls.__qualname__} while its fields are filled in"})
    return made
