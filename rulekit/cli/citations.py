"""Where each rule of the registry is applied in rulekit's code, for ``rulekit rules ID``.

A rule is cited where a string literal equal to its id is the value the engine records on the
step that applies it: a row of a table of steps (``SeqStep.INTERRUPT_WINDOW`` carries
``"agot.tc.4"``), or the rule a handler hands to the step it makes (``Progress(…, "rb.chain", …)``).
An id is never built from parts, so searching the code for an id finds those places, and this
module finds them the same way: it reads rulekit's source with :mod:`ast` (comments are not in
it; docstrings, text inside f-strings, comparisons that read a recorded rule and the registry's
own declarations are left out) and keeps every string constant equal to a registry id.

A ruling's option (``rb.optional=at-resolution``) is cited where the ruling is read: the ruling's
name as a literal (``state.ruling("rb.optional")``, ``ruling_arg(state, "rb.optional")``, or a
constant naming it). Where a ruling's name is also a rule's id (``rb.optional``), the literal is
the ruling's when it is the argument of ``ruling``/``ruling_arg``, and the rule's elsewhere.

The index is built on first use (rulekit's ~190 modules parsed once, a fraction of a second) and
kept for the process; ``import rulekit`` never builds it.
"""
from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

#: the package whose code is read, and the folder paths are shown relative to
PACKAGE = Path(__file__).resolve().parents[1]
_SHOWN_FROM = PACKAGE.parent

#: the calls that declare the registry's entries (their first argument is the id, not a citation)
_DECLARING = frozenset({"Rule", "Ruling"})
#: the calls that read a ruling's option
_READING = frozenset({"ruling", "ruling_arg"})
#: what a literal written as a rule id looks like (``agot.tc.4``, ``rb.optional=at-resolution``)
_LOOKS_LIKE_AN_ID = re.compile(r"[a-z]+(\.[a-z0-9][a-z0-9-]*)+(=[a-z0-9][a-z0-9-]*)?")


class Site(NamedTuple):
    """One place in the code: the file (from the folder holding ``rulekit``), the line, its text."""

    file: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.text}"


class _Literal(NamedTuple):
    value: str
    site: Site
    reads_ruling: bool       # the argument of a call that reads a ruling


def _call_name(node: ast.AST | None) -> str | None:
    if not isinstance(node, ast.Call):
        return None
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


def _literals_of(path: Path) -> list[_Literal]:
    """Every string constant of one module that could be a citation, with its place."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, str(path))
    lines = source.splitlines()
    left_out: set[int] = set()        # docstrings and other bare strings, parts of f-strings
    parent: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            left_out.add(id(node.value))
        elif isinstance(node, ast.JoinedStr):
            left_out.update(id(v) for v in node.values)
        for child in ast.iter_child_nodes(node):
            parent[id(child)] = node
    shown = path.relative_to(_SHOWN_FROM).as_posix()
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in left_out:
            continue
        if not _LOOKS_LIKE_AN_ID.fullmatch(node.value):
            continue
        call = parent.get(id(node))
        if isinstance(call, ast.Compare):        # reads a recorded rule (step.rule == "rb.cleanup")
            continue
        name = _call_name(call)
        if name in _DECLARING and call.args and call.args[0] is node:
            continue
        found.append(_Literal(node.value, Site(shown, node.lineno, lines[node.lineno - 1].strip()),
                              name in _READING))
    return found


@lru_cache(maxsize=1)
def _all_literals() -> tuple[_Literal, ...]:
    """The literals of every module that quotes a string starting with a registry prefix (only
    those are parsed)."""
    ids, _ = _registry()
    quoted = re.compile(r"""["'](""" + "|".join(sorted(map(re.escape, _prefixes(ids)))) + r")\.")
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if quoted.search(path.read_text(encoding="utf-8")):
            out.extend(_literals_of(path))
    return tuple(out)


def _prefixes(ids) -> set[str]:
    """The first parts of rule ids (``agot``, ``rb``, ``rulekit``): what a rule id starts with."""
    return {i.partition(".")[0] for i in ids}


def _registry() -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    """The registry's ids, and each ruling's name with the ids of its options in the registry."""
    from rulekit import rulesets
    from rulekit.core.rules import RULES
    return frozenset(RULES), {r.name: tuple(f"{r.name}={o}" for o in r.option_names())
                              for r in rulesets.all_rulings()}


@lru_cache(maxsize=1)
def index() -> dict[str, tuple[Site, ...]]:
    """Every registry id → the places that cite it (for a ruling's option, where the ruling is
    read), in file and line order; an id no literal names is absent."""
    ids, rulings = _registry()
    out: dict[str, list[Site]] = {}
    for lit in _all_literals():
        if lit.value in rulings and (lit.reads_ruling or lit.value not in ids):
            for option in rulings[lit.value]:
                out.setdefault(option, []).append(lit.site)
        elif lit.value in ids:
            out.setdefault(lit.value, []).append(lit.site)
    return {i: tuple(sorted(set(s), key=lambda x: (x.file, x.line))) for i, s in out.items()}


def sites(rule_id: str) -> tuple[Site, ...]:
    """The places that cite ``rule_id`` (``()`` when none does)."""
    return index().get(rule_id, ())


def parts(rule_id: str) -> tuple[str, ...]:
    """The cited rules whose ids are ``rule_id``'s dotted children (``agot.initiate`` →
    ``agot.initiate.cost-paid``, …): an umbrella rule is applied through them."""
    return tuple(sorted(i for i in index() if i.startswith(rule_id + ".")))


def strays() -> tuple[tuple[str, Site], ...]:
    """Literals of the engine's code (``rulekit/core``, ``rulekit/rulesets``) written like a rule id
    of the registry (starting ``agot.``, ``rb.``, ``rulekit.``) that the registry lacks: neither a
    rule, nor a ruling, nor the name of a ruling a ruleset declares removed."""
    from rulekit import rulesets
    ids, rulings = _registry()
    removed = {name for rs in rulesets.all_rulesets() for name in rs.removed_rulings}
    prefixes = _prefixes(ids)
    engine = ("rulekit/core/", "rulekit/rulesets/")
    return tuple((lit.value, lit.site) for lit in _all_literals()
                 if lit.site.file.startswith(engine) and lit.value not in ids and lit.value not in rulings
                 and lit.value not in removed and _prefixes((lit.value,)) <= prefixes)
