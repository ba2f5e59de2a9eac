"""The house: layers that import only downwards, no import cycle anywhere, and the module paths
rulekit had before its layers became packages still importable."""
from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import grimp
import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_layer_contracts_hold():
    """import-linter's contracts in pyproject.toml: the layers, the rulesets' independence, and no
    drawing or notebook library below the views (imports inside functions and under
    ``TYPE_CHECKING`` count)."""
    done = subprocess.run([sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; "
                           "sys.exit(lint_imports_command())"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "BROKEN" not in done.stdout and "0 broken" in done.stdout


def _import_graph() -> nx.DiGraph:
    g = grimp.build_graph("rulekit", "rulekit_widgets", cache_dir=None)
    graph = nx.DiGraph()
    for module in g.modules:
        graph.add_node(module)
        for imported in g.find_modules_directly_imported_by(module):
            graph.add_edge(module, imported)
    return graph


def test_no_import_cycle_anywhere():
    """Counting imports inside functions: no module reaches itself through its imports."""
    cycles = [sorted(c) for c in nx.strongly_connected_components(_import_graph()) if len(c) > 1]
    assert cycles == []


def test_the_core_imports_no_ruleset_and_no_layer_above_it():
    graph = _import_graph()
    core = [m for m in graph if m == "rulekit.core" or m.startswith("rulekit.core.")]
    above = [(m, n) for m in core for n in graph.successors(m) if not n.startswith("rulekit.core")]
    assert above == []


@pytest.mark.parametrize("old, new", [
    ("rulekit.game", "rulekit.core.game"), ("rulekit.builder", "rulekit.files.builder"),
    ("rulekit.compare", "rulekit.views.compare"), ("rulekit.draw", "rulekit.views.draw"),
    ("rulekit.graphs", "rulekit.views.graphs"), ("rulekit.judge", "rulekit.core.judge"),
    ("rulekit.explain", "rulekit.core.explain"), ("rulekit.text", "rulekit.core.text"),
    ("rulekit.explore_graph", "rulekit.explore.graph"), ("rulekit.draw_explore", "rulekit.explore.draw"),
])
def test_an_old_module_path_gives_the_module_at_its_new_place(old, new):
    assert importlib.import_module(old) is importlib.import_module(new)


def test_old_paths_keep_the_packages_names():
    import rulekit
    from rulekit.builder import ScenarioBuilder
    from rulekit.compare import compare, with_rulings  # noqa: F401
    from rulekit.explain import explain
    from rulekit.explore import explore
    from rulekit.files import load_scenario  # noqa: F401
    from rulekit.lesson import Lesson  # noqa: F401
    assert ScenarioBuilder is rulekit.ScenarioBuilder
    assert rulekit.explain is explain and callable(rulekit.explain)     # the function, not the module
    assert callable(explore) and rulekit.explore.explore is explore
    assert rulekit.SeqStep.__module__ == "rulekit.rulesets.agot.steps"


def test_importing_rulekit_imports_no_view_library():
    code = ("import sys, rulekit; heavy = {'matplotlib', 'networkx', 'ipywidgets', 'lark', 'IPython', 'jupyter_core'} "
            "& {m.split('.')[0] for m in sys.modules}; print(sorted(heavy))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
