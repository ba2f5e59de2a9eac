"""Nothing a file says is ever run: the package never evaluates, compiles or unpickles anything, and
imports nothing named by input."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_package_never_evaluates_or_unpickles_anything():
    banned_calls = {"eval", "exec", "compile", "__import__"}
    # pickle may write (an executor sends work to another process) but never read: no load/loads
    banned_modules = {"marshal", "shelve"}
    # importlib only to read installed metadata and package data and to ask whether an optional
    # library is installed — never to import a module named by input
    allowed_importlib = {"importlib.metadata", "importlib.resources", "importlib.util"}
    # … and rulekit._moved, which maps the old module paths to the new ones from a fixed table
    moved_importlib = {"importlib", "importlib.abc", "importlib.machinery"}
    # rulekit.core.frozen and .building write constructors and copiers from a class's own field
    # names, as dataclasses do (never from input; a name that is not a plain identifier is left to
    # the dataclass's own code: tested in test_frozen.py)
    allowed = {"frozen.py": {"exec", "compile"}, "building.py": {"exec", "compile"}}
    for path in (ROOT / "rulekit").rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in banned_calls - allowed.get(path.name, set()), \
                    f"{path.name}:{node.lineno} calls {node.func.id}"
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not {n.split(".")[0] for n in names} & banned_modules, f"{path.name}:{node.lineno}"
                for n in names:
                    if n.split(".")[0] == "importlib":
                        importable = allowed_importlib | (moved_importlib if path.name == "_moved.py" else set())
                        assert n in importable, f"{path.name}:{node.lineno} imports {n}"
            if isinstance(node, ast.Attribute) and node.attr in ("load", "loads", "unsafe_load", "full_load"):
                base = node.value
                assert not (isinstance(base, ast.Name) and base.id in ("yaml", "pickle")), \
                    f"{path.name}:{node.lineno} {base.id}.{node.attr}"
