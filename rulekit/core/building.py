"""How frozen values are built and copied: the code :mod:`rulekit.core.frozen` writes for each class.

A frozen dataclass's own ``__init__`` stores each field through ``object.__setattr__``, and
:func:`dataclasses.replace` looks the class's fields up again on every call. Here each class gets
code written from its field names and compiled once (on first use where it can wait): an
``__init__`` that stores each field through its slot's descriptor; for the engine's own records
(``quick_new``), a ``__new__`` — and a :func:`maker`, the same as a plain function — that fills a
*building twin* (:func:`_building`) by the interpreter's quick slot stores and then gives it its
class; and copiers (:func:`replace`, :func:`copier`) that do the same from an existing value.
Every one calls the class's ``__post_init__`` as the dataclass would.
"""
from __future__ import annotations

import dataclasses
import inspect
from typing import Any, Callable, TypeVar

T = TypeVar("T")


class _Factory:
    """The default of a field made by a factory (shown as ``<factory>``, as dataclasses do)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


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
