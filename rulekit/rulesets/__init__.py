"""The rulesets rulekit knows, one package each, and the registry that names them.

A Game of Thrones (:mod:`rulekit.rulesets.agot`) and Riftbound
(:mod:`rulekit.rulesets.riftbound`) are registered when rulekit is imported; another ruleset
registers itself with :func:`register` (see ``docs/adding-a-ruleset.md``). The registry is
filled once and only read while games run, so games in several threads or processes share it
safely.
"""
from __future__ import annotations

from .base import Flow, FlowNode, Frame, Handler, Ruleset, Ruling, RulingOption, StackEntry, WindowEntry

_REGISTRY: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset (an instance of a :class:`Ruleset` subclass) under its name."""
    if not isinstance(ruleset, Ruleset) or not ruleset.name:
        raise TypeError(f"{ruleset!r} is not a named Ruleset")
    existing = _REGISTRY.get(ruleset.name)
    if existing is not None and type(existing) is not type(ruleset):
        raise ValueError(f"a different ruleset is already registered as {ruleset.name!r}")
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def get(name: str) -> Ruleset:
    """The ruleset registered as ``name`` (KeyError if there is none)."""
    return _REGISTRY[name]


def names() -> tuple[str, ...]:
    """Registered ruleset names, in registration order."""
    return tuple(_REGISTRY)


def all_rulesets() -> tuple[Ruleset, ...]:
    return tuple(_REGISTRY.values())


def all_rulings() -> tuple[Ruling, ...]:
    return tuple(r for rs in _REGISTRY.values() for r in rs.rulings)


__all__ = ["Flow", "FlowNode", "Frame", "Handler", "Ruleset", "Ruling", "RulingOption", "StackEntry",
           "WindowEntry", "all_rulesets", "all_rulings", "get", "names", "register"]
