"""Ids are taken apart in one place: :mod:`rulekit.core.ids`. Anywhere else in ``rulekit/`` and
``widgets/``, a ``split``, ``rsplit``, ``partition`` or ``rpartition`` call, or any use of the
``re`` module, must be one of the few listed below — each reads text that is not an id, keyed by
its module and function, with the reason. An entry that no longer matches anything fails too, so
the list cannot outlive what it excuses."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
IDS_MODULE = ROOT / "rulekit" / "core" / "ids.py"
CUTTING = {"split", "rsplit", "partition", "rpartition"}

#: (module, function or the module-level name assigned) -> why it cuts text that is no id
ALLOWED: dict[tuple[str, str], str] = {
    ("rulekit.core.text", "_GOES_ON_RE"): "finds the mark Namer.words leaves where an appositive ends, in a sentence, not an id",
    ("rulekit.core.errors", "_SURROGATE"): "finds a lone surrogate in text to be printed, not an id",
    ("rulekit.core.errors", "_BARE_KEY"): "a key of a file's field path, written bare or quoted",
    ("rulekit.core.errors", "_BARE_PART"): "a part of a bare key of a file's field path, between dots",
    ("rulekit.core.errors", "parse_field_path"): "a file's field path read back into its keys and indexes",
    ("rulekit.views.figure", "lines_of"): "drawn words broken into lines to wrap them to their room",
    ("rulekit.views.figure", "title_text"): "a step's rules position without its closing gloss in parentheses, "
                                            "to give a long title its room",
    ("rulekit.views.draw_graph", "StateGraphView._place"): "a wrapped label's lines, measured for the room it takes",
    ("rulekit.app.explorer_page", "_descendants"): "the fields of /proc/PID/stat (the parent process of each)",
    ("rulekit.app.explorer_page", "_alive"): "the fields of /proc/PID/stat (a process's state)",
    ("rulekit.explore.bounds", "resident_bytes"): "the fields of /proc/self/statm (the resident pages)",
    ("rulekit.explore.bounds", "as_limit"): "the parts of a limit such as '100000,5m,2GB'",
    ("rulekit.cli.citations", "_LOOKS_LIKE_AN_ID"): "what a rule id of the registry looks like in rulekit's source",
    ("rulekit.cli.citations", "_all_literals"): "rulekit's source files that quote a rule id's prefix",
    ("rulekit.cli.citations", "_prefixes"): "the first part of a rule id of the registry (agot.tc.4), no object id",
    ("rulekit.core.cardtext", "_CLAUSE_MARKS"): "the marks that end a clause of printed card text",
    ("rulekit.core.cardtext", "nearest"): "the words of a phrase of card text, compared with known wordings",
    ("rulekit.core.cardtext", "prepare"): "a card's own title found in its printed text",
    ("rulekit.files.document", "AnswerSpec.parse"):
        "the answers line format 'DECISION | AT | CHOOSER | #N -> ANSWER'",
    ("rulekit.core.checking", "_check_entry"):
        "the index of a script entry read from its error path 'script[3]'",
    ("rulekit.core.scenario", "parse_ruling"):
        "a ruling given as NAME=OPTION on the command line",
    ("rulekit.core.text", "ability_words"):
        "an ability's printed text without its timing word ('Reaction: …')",
    ("rulekit.core.text", "_STEP_PREFIX"):
        "the 'Step 4, interrupt window: ' prefix of a step's sentence",
    ("rulekit.core.verdicts", "reason"):
        "a verdict's sentence without its bracketed detail",
    ("rulekit.views.trace", "_quieted"):
        "what happened, from a step's sentence after its ' — '",
    ("rulekit.lesson.play", "Play.lines"):
        "what happened, from a step's sentence after its ' — '",
    ("rulekit.lesson.names", "_STEP_TITLE"):
        "a rule title 'Step 4: interrupt window' read as a position",
    ("rulekit.lesson.names", "_without_position"):
        "the 'Step 4, interrupt window: ' prefix of a step's sentence",
    ("rulekit.files.locate", "_from_pydantic"):
        "the legal options listed in an error's 'expected' words",
    ("rulekit.files.yamlnodes", "_BLOCK_HEADER_COMMENT"):
        "a YAML block scalar header followed by a comment ('|#')",
    ("rulekit.shipped", "find"):
        "a shipped scenario's name 'agot/claim-2-kill' into its folder and file",
    ("rulekit.app.explorer_page", "shipped"):
        "a ruleset's title before its ':' subtitle, for the picker",
    ("rulekit.views.figure", "_blit_text"):
        "a label's lines, for wrapping",
    ("rulekit.views.draw_sequence", "SequenceView._layout"):
        "a label's lines, for wrapping",
    ("rulekit.library.formats", "_letters"): "a faction's letters, compared with the ruleset's faction names",
    ("rulekit.library.markup", "_BREAK"): "the line-break tags of a card list's printed-text markup",
    ("rulekit.library.markup", "_TAG"): "the tags of a card list's printed-text markup",
    ("rulekit.library.markup", "_SPACES"): "runs of spaces in a card's printed text",
    ("rulekit.library.markup", "plain_text"): "a card's printed text into its lines",
    ("rulekit.library.records", "Record.words"): "a card's traits or tags written in one cell ('Beast; Mount')",
    ("rulekit.library.report", "coverage"): "a refused phrase's words, spaces made single to count it",
    ("rulekit.library.tables", "parse_map"): "a --map option FIELD=COLUMN",
    ("rulekit.library.tables", "csv_list"): "a CSV file's header line, to tell its separator",
}


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[0] == "widgets":
        parts[0] = "rulekit_widgets"
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


class _Finder(ast.NodeVisitor):
    """Every cutting call and every use of ``re``, with the function (or the module-level name
    assigned) it is in."""

    def __init__(self):
        self.scope: list[str] = []
        self.re_names: set[str] = set()
        self.found: list[tuple[str, int, str]] = []

    def _where(self) -> str:
        return ".".join(self.scope) or "<module>"

    def _scoped(self, node, name):
        self.scope.append(name)
        self.generic_visit(node)
        self.scope.pop()

    def visit_FunctionDef(self, node):
        self._scoped(node, node.name)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        self._scoped(node, node.name)

    def visit_Assign(self, node):
        names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        if not self.scope and names:
            self._scoped(node, names[0])
        else:
            self.generic_visit(node)

    def visit_Import(self, node):
        for alias in node.names:
            if alias.name == "re":
                self.re_names.add(alias.asname or "re")

    def visit_ImportFrom(self, node):
        if node.module == "re":
            self.found.append((self._where(), node.lineno, "from re import"))

    def visit_Attribute(self, node):
        if isinstance(node.value, ast.Name) and node.value.id in self.re_names:
            self.found.append((self._where(), node.lineno, f"re.{node.attr}"))
        self.generic_visit(node)

    def visit_Call(self, node):
        if isinstance(node.func, ast.Attribute) and node.func.attr in CUTTING:
            self.found.append((self._where(), node.lineno, f".{node.func.attr}("))
        self.generic_visit(node)


def _findings() -> dict[tuple[str, str], list[str]]:
    out: dict[tuple[str, str], list[str]] = {}
    for folder in ("rulekit", "widgets"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == IDS_MODULE or IDS_MODULE.with_suffix("") in path.parents:
                continue
            finder = _Finder()
            finder.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
            for where, line, what in finder.found:
                out.setdefault((_module(path), where), []).append(f"{path.relative_to(ROOT)}:{line} {what}")
    return out


def test_the_scan_finds_what_it_looks_for():
    finder = _Finder()
    finder.visit(ast.parse("import re as regex\nX = regex.compile('a')\n"
                           "def f(use):\n    return use.partition('@')[0], use.rsplit(':', 1)\n"))
    assert [(w, what) for w, _, what in finder.found] == [("X", "re.compile"), ("f", ".partition("),
                                                           ("f", ".rsplit(")]
    assert ("rulekit.core.text", "ability_words") in _findings()


def test_no_id_is_cut_outside_the_ids_module():
    unexpected = {key: sites for key, sites in _findings().items() if key not in ALLOWED}
    assert unexpected == {}, ("take ids apart with rulekit.core.ids (parse_use, parse_condition, card_id, …); "
                              f"if this text is no id, list it in ALLOWED with the reason: {unexpected}")


def test_every_allowed_entry_still_matches_something():
    stale = sorted(set(ALLOWED) - set(_findings()))
    assert stale == [], f"these entries excuse nothing any more: remove them from ALLOWED: {stale}"
