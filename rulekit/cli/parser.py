"""The command line's grammar: every command of ``rulekit``, its arguments and their help."""
from __future__ import annotations

import argparse

from rulekit.cli.outputs import add_output_arguments


class _Version(argparse.Action):
    """``--version``: the installed distribution's version, read only when asked for."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0,
                         help=help or "show rulekit's version and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        from rulekit import __version__
        print(f"rulekit {__version__}")
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """argparse, with an argument echoed in an error message shown escaped (no raw control character)."""

    def error(self, message):
        from rulekit.core.errors import escaped
        import sys
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {escaped(message)}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rulekit", description="Teach and analyse card-game trigger timing: scenarios, traces, rules.",
        epilog="Exit codes: 0 passed, 1 an expect block failed, 2 bad input, 3 internal error.")
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    trace = sub.add_parser("trace", help="print the step-by-step trace of a scenario file")
    trace.add_argument("file", help="a scenario file (.yaml, .yml or .json), or a shipped scenario's name "
                                     "(agot/claim-2-kill: see rulekit scenarios)")
    trace.add_argument("--answers", metavar="FILE",
                       help="a YAML/JSON list of answers to use instead of the scenario's own")
    trace.add_argument("--json", action="store_true", help="print the versioned JSON trace (rulekit-trace/3)")
    trace.add_argument("--rules", action="store_true", help="quote each rule's text where it first applies")
    trace.add_argument("--no-verdicts", action="store_true", help="leave out the verdicts of the abilities considered")
    trace.add_argument("--ids", action="store_true",
                       help="show the engine's ids (cards, abilities, occurrences) instead of names, and under each decision "
                            "the line to write in an answers file: "
                            "\"DECISION | AT | CHOOSER | #N -> ANSWER\" with the option chosen (#N counts "
                             "that decision's opportunities from #1, as the board view does)")
    trace.add_argument("--quiet", action="store_true",
                       help="fold each nested sequence in which nobody could respond into one line")

    check = sub.add_parser("check", help="run scenario files and compare them with their expect blocks")
    check.add_argument("paths", nargs="+", metavar="PATH",
                       help="scenario files, folders to search for them, or shipped scenarios by name "
                            "(agot/claim-2-kill, or a whole ruleset's: agot)")
    check.add_argument("--strict", action="store_true",
                       help="refuse (exit 2) a file that uses an effect rulekit does not simulate "
                            "(do: not modelled), naming file, line, card and ability; without it each use is noted")

    scenarios = sub.add_parser("scenarios", help="list the scenarios shipped with rulekit, by name and title")
    scenarios.add_argument("--names", action="store_true", help="print only the names, one a line")

    lessons = sub.add_parser("lessons", help="copy the lessons (and the scenarios they open) into a new folder",
                             description="Copy the lessons into DIR/notebooks and the scenarios they open into "
                                         "DIR/scenarios, then open them with: jupyter lab DIR/notebooks "
                                         "(pip install 'rulekit[lab]').")
    lessons.add_argument("folder", metavar="DIR", help="a new or empty folder")

    rules = sub.add_parser("rules", help="list the rules registry, or show one rule with its source and where "
                                         "rulekit applies it")
    rules.add_argument("rule_id", nargs="?", help="a rule id such as agot.tc.4")

    graph = sub.add_parser("graph", help="print the state graph (or flowchart) of one step")
    graph.add_argument("file")
    graph.add_argument("--step", type=int, required=True, metavar="N", help="the step number (see rulekit trace)")
    graph.add_argument("--format", choices=("json", "graphml", "dot"), default="json")
    graph.add_argument("--flow", action="store_true", help="the rules flowchart at that step instead")

    draw = sub.add_parser("draw", help="draw one step to a PNG (or SVG/PDF) file")
    draw.add_argument("file")
    draw.add_argument("--step", type=int, required=True, metavar="N")
    add_output_arguments(draw, help="the image file to write (.png, .svg or .pdf); an existing file is "
                                    "replaced only with --force")
    draw.add_argument("--view", choices=("sequence", "flow", "windows", "chain", "graph"), default="flow")

    rulings = sub.add_parser("rulings", help="list the rulings (contested or changed points) with their options")
    rulings.add_argument("ruleset", nargs="?", help="only this ruleset's rulings (agot, riftbound, …)")
    rulings.add_argument("--json", action="store_true", help="print a JSON list of {name, ruleset, options, default}")

    compare = sub.add_parser("compare", help="run one scenario under two readings and show where they part",
                             description="Run the same board both ways. Give the ruling to compare twice, with "
                                         "two options (--ruling rb.optional=when-fulfilled --ruling "
                                         "rb.optional=at-resolution); any other ruling given once applies to both "
                                         "sides. A single ruling given once is compared with the file's own reading "
                                         "of it. No ruling, two identical readings, a third option or two rulings "
                                         "given twice are refused (exit 2).")
    compare.add_argument("file")
    compare.add_argument("--ruling", action="append", default=[], metavar="NAME=OPTION")
    compare.add_argument("--json", action="store_true",
                         help="print {same, first_difference, outcome_differences} as JSON")
    compare.add_argument("--ids", action="store_true",
                         help="show the engine's ids (cards, abilities, occurrences) instead of names")


    report = sub.add_parser(
        "report", help="write a ruling page: one self-contained HTML file a judge can post",
        description="Write the scenario as one HTML file that needs no server and asks nothing from outside "
                    "itself (a Content-Security-Policy in the page forbids it): the board as card faces, the rules "
                    "cited with their sources, the timeline with a step slider, each step's drawing (inline SVG) "
                    "and why each ability could or could not be used at each step. Given the ruling to compare "
                    "twice (--ruling rb.optional=when-fulfilled --ruling rb.optional=at-resolution, as rulekit "
                    "compare takes them), both readings are shown side by side from the step where they part. "
                    "Size: with the default drawing (flow), the page of the largest shipped scenario (138 "
                    "steps) is about 2.7 MB, and stays under 4 MB; with --view sequence about 6.7 MB; two "
                    "readings up to twice that.")
    report.add_argument("file", help="a scenario file, or a shipped scenario's name (agot/claim-2-kill)")
    add_output_arguments(report, help="the page to write (.html); an existing file is replaced only with --force")
    report.add_argument("--ruling", action="append", default=[], metavar="NAME=OPTION",
                        help="play under this option of a ruling (see rulekit rulings); the ruling to compare given "
                             "twice, with two options, shows both readings")
    report.add_argument("--view", choices=("sequence", "flow", "windows", "chain", "graph"), default="flow",
                        help="the drawing of each step (default: flow, the rules flowchart)")

    schema = sub.add_parser("schema", help="print the JSON Schema of the scenario or trace format")
    schema.add_argument("which", choices=("scenario", "trace"))

    explore = sub.add_parser("explore", help="walk every line of play: the outcomes, how many lines reach each, "
                                             "and which choices matter")
    explore.add_argument("file")
    explore.add_argument("--json", action="store_true", help="print the outcomes as JSON (rulekit-explore/1)")
    explore.add_argument("--limit", metavar="N", help="stop after N positions, or after a time such as 30s")
    explore.add_argument("--workers", type=int, metavar="N", help="walk subtrees in N local processes")
    explore.add_argument("--ids", action="store_true",
                         help="show the engine's ids (cards, abilities, occurrences) instead of names, and each "
                              "choice's answer key (\"DECISION | AT | CHOOSER | #N\")")
    explore.add_argument("--all", action="store_true",
                         help="list every outcome, and every outcome each option reaches (by default the 40 with "
                              "the most lines are listed, and the rest counted)")

    parse = sub.add_parser("parse", help="read a card's printed text: its abilities as YAML, and its canonical wording",
                           description="Read one card's printed text the way a scenario file's `text:` is read "
                                       "(rule rulekit.card-text): print what it was read as, as the keys of a card "
                                       "in a scenario file, after its canonical wording. A phrase rulekit cannot "
                                       "read is exit 2, naming it and the nearest wording it knows.")
    parse.add_argument("text", help="the card's printed text, in quotes")
    parse.add_argument("--ruleset", required=True, metavar="NAME", help="the game the card is from (agot, riftbound)")
    parse.add_argument("--title", default="", metavar="NAME",
                       help="the card's name, where its text names itself (\"… Ironwood Sentinel gains 1 power\")")
    parse.add_argument("--json", action="store_true", help="print {canonical, unmodelled, card} as JSON")

    _cards(sub)

    app = sub.add_parser("app", help="serve the explorer as a page (Voila, on 127.0.0.1) with a scenario picker",
                         description="Serve the explorer as a page (Voila, on 127.0.0.1) with a scenario picker. "
                                     "It opens on the board of lesson 01 (agot/claim-2-kill) at its first decision, "
                                     "or on the scenario given; a scenario with no decision to take opens at its "
                                     "set-up, #0.")
    app.add_argument("file", nargs="?", help="the scenario to open first, a file or a shipped scenario's name "
                                            "(default: agot/claim-2-kill, the board of lesson 01, at its first "
                                            "decision)")
    app.add_argument("--port", type=int, help="the port to serve on (default: a free one)")
    app.add_argument("--open", action="store_true", help="open the page in a browser")
    add_ruling_arguments(trace, graph, draw, check, explore, app)
    return parser


def _cards(sub) -> None:
    """``rulekit cards``: the card library (docs/card-library.md)."""
    cards = sub.add_parser("cards", help="the card library: import card lists, search them, report what rulekit "
                                         "reads, write library cards out",
                           description="The card library is a SQLite file in the directory named by RULEKIT_DATA, "
                                       "else the user's data directory (Linux: ~/.local/share/rulekit).")
    what = cards.add_subparsers(dest="cards_command", metavar="ACTION")
    imp = what.add_parser("import", help="import a card list: every card's text is read, and kept parsed or refused")
    imp.add_argument("file", help="a card list: a throneteki pack (.json), Riftcodex cards (.json), or rulekit's own "
                                  "card list (.json or .csv)")
    imp.add_argument("--format", choices=("throneteki", "riftcodex", "rulekit", "csv"),
                     help="the list's format (default: told from the file)")
    imp.add_argument("--ruleset", help="the game the cards are of (rulekit's own JSON may say it; CSV needs it)")
    imp.add_argument("--map", action="append", default=[], metavar="FIELD=COLUMN",
                     help="read FIELD (name, code, type, text, tags, might, strength, cost, faction, unique) from "
                          "the list's COLUMN (or key); may be repeated")
    search = what.add_parser("search", help="the library cards whose name contains NAME (case ignored)")
    search.add_argument("name")
    search.add_argument("--ruleset", help="only this ruleset's cards")
    report = what.add_parser("report", help="coverage per ruleset: cards parsed and refused, the most common "
                                            "refused phrases")
    report.add_argument("--corpus", nargs="+", metavar="PATH",
                        help="also the coverage of a corpus of scenario files with corpus.text (tests/cards): how "
                             "many read as exactly the hand-written abilities, how many are refused, how many differ")
    inline = what.add_parser("inline", help="write a scenario file with its library cards spelled out, so it runs "
                                            "without the library")
    inline.add_argument("file", help="a scenario file whose cards name library cards (library: NAME)")
    add_output_arguments(inline, help="the file to write (default: print it)", required=False)


def add_ruling_arguments(*parsers) -> None:
    """``--ruling NAME=OPTION`` on every command that runs one reading."""
    for p in parsers:
        is_check = p.prog.endswith(" check")
        p.add_argument("--ruling", action="append", default=[], metavar="NAME=OPTION",
                       help="play under this option of a ruling (see rulekit rulings); may be repeated, once per "
                            "ruling" + ("; a file that sets the ruling keeps its own, and the files whose expect "
                                        "no longer holds are named (exit 1)" if is_check else ""))
