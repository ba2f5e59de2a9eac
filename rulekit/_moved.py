"""The module paths rulekit had before its modules were layered into packages, kept working.

``import rulekit.game`` or ``from rulekit.builder import ScenarioBuilder`` (as the README, the
lessons and older notebooks write them) give the module at its new place: the same module object,
so there is one ``Game`` class, not two. The table is the whole compatibility layer; code inside
rulekit never imports through it (the layer contracts would not see such an import).
"""
from __future__ import annotations

import importlib
import importlib.machinery
import sys

#: old name (under ``rulekit.``) -> the module's place now
MOVED = {
    "frozen": "rulekit.core.frozen",
    "ids": "rulekit.core.ids",
    "events": "rulekit.core.events",
    "abilities": "rulekit.core.abilities",
    "model": "rulekit.core.model",
    "occur": "rulekit.core.occur",
    "judge": "rulekit.core.judge",
    "effects": "rulekit.core.effects",
    "decisions": "rulekit.core.decisions",
    "frames": "rulekit.core.frames",
    "engine": "rulekit.core.engine",
    "timeline": "rulekit.core.timeline",
    "verdicts": "rulekit.core.verdicts",
    "limits": "rulekit.core.limits",
    "rules": "rulekit.core.rules",
    "errors": "rulekit.core.errors",
    "text": "rulekit.core.text",
    "digest": "rulekit.core.digest",
    "explain": "rulekit.core.explain",
    "scenario": "rulekit.core.scenario",
    "game": "rulekit.core.game",
    "yamlnodes": "rulekit.files.yamlnodes",
    "expect": "rulekit.files.expect",
    "builder": "rulekit.files.builder",
    "tracejson": "rulekit.files.tracejson",
    "graphs": "rulekit.views.graphs",
    "draw": "rulekit.views.draw",
    "draw_sequence": "rulekit.views.draw_sequence",
    "draw_graph": "rulekit.views.draw_graph",
    "draw_views": "rulekit.views.draw_views",
    "faces": "rulekit.views.faces",
    "trace": "rulekit.views.trace",
    "compare": "rulekit.views.compare",
    "explore_parallel": "rulekit.explore.parallel",
    "explore_result": "rulekit.explore.result",
    "explore_graph": "rulekit.explore.graph",
    "draw_explore": "rulekit.explore.draw",
}


class _Alias:      # an import loader (importlib.abc.Loader's two methods; that module is slow to import)
    def __init__(self, target: str):
        self.target = target

    def create_module(self, spec):
        return importlib.import_module(self.target)

    def exec_module(self, module) -> None:       # the target module has run already
        pass


class MovedModules:     # a meta path finder (importlib.abc.MetaPathFinder's one method)
    """Finds ``rulekit.<old name>`` as the module it became."""

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith("rulekit."):
            return None
        moved = MOVED.get(fullname[len("rulekit."):])
        if moved is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(moved))


def install(package) -> None:
    """Put the finder on ``sys.meta_path``. A moved module whose old name is also a name the
    package exports (``rulekit.explain``, the function) is entered in ``sys.modules`` at once, so
    that importing it by its old path never rebinds the package's name to the module."""
    if not any(isinstance(f, MovedModules) for f in sys.meta_path):
        sys.meta_path.insert(0, MovedModules())    # before the path finders: an old file left over never wins
    for old, new in MOVED.items():
        if old in vars(package) and new in sys.modules:
            sys.modules.setdefault(f"rulekit.{old}", sys.modules[new])
