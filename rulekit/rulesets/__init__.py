"""The rulesets rulekit knows, one package each, and the registry that names them.

A Game of Thrones (:mod:`rulekit.rulesets.agot`) and Riftbound
(:mod:`rulekit.rulesets.riftbound`) are built in: each is imported and registered the first time
it is asked for (so ``import rulekit`` stays light); another ruleset registers itself with
:func:`register` (see ``docs/adding-a-ruleset.md``). The registry is filled once per ruleset,
under a lock, and only read while games run, so games in several threads or processes share it
safely.
"""
from __future__ import annotations

import threading

from rulekit.core.rules import read_rulesets_from
from rulekit.core.ruleset import look_up_rulesets_with, missing

from rulekit.core.ruleset import Flow, FlowNode, Frame, Handler, Ruleset, Ruling, RulingOption, StackEntry, WindowEntry

_REGISTRY: dict[str, Ruleset] = {}
_BUILT_IN = ("agot", "riftbound")
#: the ruleset of a scenario that names none (files written before rulekit had a second game)
DEFAULT = "agot"
_LOADING = threading.Lock()


def _load_built_in(name: str) -> None:
    """Import a built-in ruleset's package and register its ruleset."""
    with _LOADING:
        if name in _REGISTRY:
            return
        if name == "agot":
            from rulekit.rulesets.agot import AGOT
            register(AGOT)
        elif name == "riftbound":
            from rulekit.rulesets.riftbound import RIFTBOUND
            register(RIFTBOUND)


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset (an instance of a :class:`Ruleset` subclass) under its name."""
    if not isinstance(ruleset, Ruleset) or not ruleset.name:
        raise TypeError(f"{ruleset!r} is not a named Ruleset")
    lacking = missing(ruleset)
    if lacking:
        raise TypeError(f"ruleset {ruleset.name!r} lacks what every ruleset must have: {', '.join(lacking)} "
                        "(see rulekit.core.ruleset.REQUIRED)")
    existing = _REGISTRY.get(ruleset.name)
    if existing is not None and type(existing) is not type(ruleset):
        raise ValueError(f"a different ruleset is already registered as {ruleset.name!r}")
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def get(name: str) -> Ruleset:
    """The ruleset registered as ``name`` (KeyError if there is none)."""
    found = _REGISTRY.get(name)
    if found is None and name in _BUILT_IN:
        _load_built_in(name)
        found = _REGISTRY.get(name)
    if found is None:
        raise KeyError(name)
    return found


def names() -> tuple[str, ...]:
    """The rulesets' names: the built-in ones, then those registered since."""
    return tuple(dict.fromkeys(_BUILT_IN + tuple(_REGISTRY)))


def all_rulesets() -> tuple[Ruleset, ...]:
    return tuple(get(name) for name in names())


def all_rulings() -> tuple[Ruling, ...]:
    return tuple(r for rs in all_rulesets() for r in rs.rulings)


__all__ = ["Flow", "FlowNode", "Frame", "Handler", "Ruleset", "Ruling", "RulingOption", "StackEntry",
           "WindowEntry", "all_rulesets", "all_rulings", "get", "names", "register"]


read_rulesets_from(lambda: tuple(_REGISTRY.values()), all_rulesets)   # the rules registry reads the rulesets' entries
look_up_rulesets_with(get, names, DEFAULT)                                   # a scenario's ruleset name is resolved here
