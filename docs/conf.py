"""Sphinx configuration of rulekit's documentation site.

Build it with (from the repository root)::

    pip install -e '.[docs]'
    sphinx-build -W --keep-going -b html docs docs/_build/html

The site has three parts: the docs pages (``docs/*.md``, MyST Markdown), the lessons (the
notebooks of ``notebooks/``, shown as saved — never re-executed here; nbval checks them) and an
API reference from the docstrings (``api.rst``, autodoc).

Two small hooks live here:

- **the lessons mirror.** Sphinx reads only files inside its source folder, and the lessons
  must stay in ``notebooks/`` (where Jupyter, nbval and the README point). At
  ``builder-inited`` every ``notebooks/*.ipynb`` is copied to ``docs/lessons/`` (git-ignored),
  rewritten only when its bytes changed so incremental builds stay incremental, and copies
  whose notebook is gone are removed. No symlinks (they break on some checkouts and archives),
  no extension to install, nothing generated is committed.
- **references that resolve like Python does.** With ``nitpicky = True`` every reST role in a
  docstring (``:class:``, ``:func:``, ``:mod:``…) and every annotation must resolve. A name that
  Python can import but that is documented elsewhere (``rulekit.Game`` is
  ``rulekit.game.Game``) is linked to where it is documented; a name that imports but belongs
  to an internal module not in the reference is shown as code without a link; a name that
  does not import at all — a stale API name — is left to Sphinx, which warns, and ``-W``
  fails the build.
"""
from __future__ import annotations

import importlib
import logging
import os
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = HERE / "lessons"

# The drawings in the API pages import matplotlib; never open a window while building.
os.environ.setdefault("MPLBACKEND", "Agg")

project = "rulekit"
author = "the rulekit developers"
copyright = "the rulekit developers"
try:
    from rulekit import __version__ as release
except Exception:  # pragma: no cover - the API pages will report the import error
    release = ""
version = release

extensions = [
    "myst_nb",                 # MyST Markdown pages and .ipynb notebooks (it includes myst_parser)
    "sphinx.ext.autodoc",      # the API reference from docstrings (reST docstrings: no napoleon)
    "sphinx.ext.viewcode",     # "[source]" links next to each documented object
]

source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
root_doc = "index"
exclude_patterns = ["_build", "**.ipynb_checkpoints", "Thumbs.db", ".DS_Store"]

# -- MyST / myst-nb -----------------------------------------------------------------------------
nb_execution_mode = "off"          # the lessons are shown as saved: executed, outputs checked by nbval
nb_merge_streams = True
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3           # `[x](scenario-format.md#answers)` style links resolve
suppress_warnings = [
    # The explorer lesson saves widget views without widget state (JUPYTER-NOTES: notebook
    # runs no longer store it), so those outputs have nothing to render in static HTML.
    "mystnb.unknown_mime_type",
]
# A saved lesson stores no widget state, so a widget's view has nothing to draw on the site. Every
# rulekit widget (the explorer, the quizzes) saves a text/html fallback beside its view: show that
# instead — a quiz's question with its answer folded in a <details> element.
nb_mime_priority_overrides = [("*", "application/vnd.jupyter.widget-view+json", None)]
# Guides that are being written (adding-a-ruleset.md, exploring.md) are listed in index.md's
# toctree by these glob patterns, so each appears as soon as its file exists; until then the
# pattern matches nothing, which is not a problem (see _OptionalPages below). Any other empty
# glob still warns.
OPTIONAL_PAGES = ("adding-a-*", "explor*")

# -- autodoc ------------------------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}
autoclass_content = "class"    # not the __init__ docstrings a class inherits (matplotlib's Figure)
add_module_names = False

nitpicky = True
# Third-party names written in docstrings and annotations. rulekit's own names are checked
# (see _resolve_python_name below): only add a name here if it is not rulekit's.
nitpick_ignore_regex = [
    ("py:.*", r"(immutables|networkx|nx|matplotlib|traitlets|ipywidgets|widgets|pydantic|yaml)(\..*)?"),
    ("py:.*", r"(Figure|Axes|Axes\..*|Map|DiGraph|HasTraits|TypeAdapter)"),
    ("py:.*", r"(enum|pathlib|typing|t|collections\.abc|dataclasses|html|re|json|datetime|concurrent\.futures)\..*"),
    ("py:.*", r"(Path|Mapping|Callable|Iterable|Iterator|Sequence|Any|ClassVar|Enum)"),
]

# -- HTML ---------------------------------------------------------------------------------------
html_theme = "furo"
html_title = "rulekit"
html_static_path: list[str] = []


# -- the lessons mirror ---------------------------------------------------------------------------
def mirror_lessons(app=None) -> list[str]:
    """Copy ``notebooks/*.ipynb`` into ``docs/lessons/`` (only what changed); remove stale copies.
    Returns the names of the lessons."""
    LESSONS.mkdir(exist_ok=True)
    names = []
    for notebook in sorted(NOTEBOOKS.glob("*.ipynb")):
        names.append(notebook.name)
        copy = LESSONS / notebook.name
        if not copy.exists() or copy.read_bytes() != notebook.read_bytes():
            shutil.copyfile(notebook, copy)
    for copy in LESSONS.glob("*.ipynb"):
        if copy.name not in names:
            copy.unlink()
    return names


# -- references that resolve like Python does ---------------------------------------------------------
_OUR_PACKAGES = ("rulekit", "rulekit_widgets")


def _import_path(dotted: str):
    """The object a dotted path names (``rulekit.game.Game.answer``), or raise LookupError."""
    parts = dotted.split(".")
    # A package's own name first (``rulekit.explain`` is the function the package exports, not the
    # module of that name), then the longest importable module.
    try:
        obj = importlib.import_module(parts[0])
        for attr in parts[1:]:
            obj = getattr(obj, attr)
        return obj
    except (ImportError, AttributeError):
        pass
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            try:
                obj = getattr(obj, attr)
            except AttributeError:
                raise LookupError(dotted) from None
        return obj
    raise LookupError(dotted)


def _candidates(target: str, module: str | None, cls: str | None) -> list[str]:
    out = []
    if module and cls:
        out.append(f"{module}.{cls}.{target}")
    if module:
        out.append(f"{module}.{target}")
    out.append(target)
    return out


def _canonical(obj, found: str) -> str:
    if isinstance(obj, type(sys)):
        return obj.__name__
    module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
    if isinstance(module, str) and isinstance(qualname, str) and "<" not in qualname:
        return f"{module}.{qualname}"
    return found


def _resolve_python_name(app, env, node, contnode):
    """``missing-reference``: link a name Python can import to where it is documented, or show it
    as plain code when it is ours but internal; leave unknown names to Sphinx's warning."""
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    module, cls = node.get("py:module"), node.get("py:class")
    for dotted in _candidates(target, module, cls):
        try:
            obj = _import_path(dotted)
        except LookupError:
            continue
        except Exception:  # importing failed for another reason: let Sphinx warn
            return None
        canonical = _canonical(obj, dotted)
        domain = env.get_domain("py")
        for name in (canonical, dotted):
            if name in domain.objects and name != target:
                node = node.deepcopy()
                node["reftarget"] = name
                node["refspecific"] = False
                return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], name, node,
                                           contnode)
        if canonical.split(".")[0] in _OUR_PACKAGES or dotted.split(".")[0] in _OUR_PACKAGES:
            return contnode     # a real, internal name: no page to link to, nothing stale
        return None
    if "." not in target:
        # a short name (``Scenario``) that its module does not import at run time: link it if
        # exactly one documented object has that name, as Sphinx does for ``:class:`.Scenario```
        domain = env.get_domain("py")
        found = sorted({name for name in domain.objects if name.endswith("." + target)
                        and not domain.objects[name].aliased})
        if len(found) == 1:
            node = node.deepcopy()
            node["reftarget"] = found[0]
            return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], found[0], node, contnode)
    if module and node.get("reftype") in ("meth", "attr"):
        # ``:meth:`update``` in a module docstring: a method that classes of that module define
        try:
            mod = importlib.import_module(module)
        except Exception:
            return None
        for value in vars(mod).values():
            if isinstance(value, type) and value.__module__ == module and target in vars(value):
                return contnode
    return None


def _dataclass_signature(app, what, name, obj, options, signature, return_annotation):
    """``autodoc-process-signature``: a dataclass field with a ``default_factory`` shows its
    default as ``<factory>``, which Sphinx cannot parse (it then splits the signature at every
    comma, annotations included); show ``...`` instead."""
    if signature and "<factory>" in signature:
        return signature.replace("<factory>", "..."), return_annotation
    return None


class _OptionalPages(logging.Filter):
    """Drop Sphinx's "glob pattern didn't match" warning for :data:`OPTIONAL_PAGES` only (it has no
    warning type, so ``suppress_warnings`` cannot name it)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (getattr(record, "subtype", None) == "empty_glob"
                    and any(repr(p) in record.getMessage() for p in OPTIONAL_PAGES))


def setup(app):
    logging.getLogger("sphinx.sphinx.directives.other").addFilter(_OptionalPages())
    app.connect("builder-inited", mirror_lessons)
    app.connect("missing-reference", _resolve_python_name)
    app.connect("autodoc-process-signature", _dataclass_signature)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
