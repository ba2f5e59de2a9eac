"""The ``rulekit`` command line.

Exit codes: 0 everything passed; 1 an ``expect`` block failed (the differences are printed);
2 bad input (one clear message on stderr, no traceback); 3 an internal error (a bug).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import traceback
from pathlib import Path

OK, FAILED, BAD_INPUT, BUG = 0, 1, 2, 3


class _Version(argparse.Action):
    """``--version``: the installed distribution's version, read only when asked for."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0,
                         help=help or "show rulekit's version and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        from rulekit import __version__
        print(f"rulekit {__version__}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulekit", description="Teach and analyse card-game trigger timing: scenarios, traces, rules.",
        epilog="Exit codes: 0 passed, 1 an expect block failed, 2 bad input, 3 internal error.")
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    trace = sub.add_parser("trace", help="print the step-by-step trace of a scenario file")
    trace.add_argument("file", help="a scenario file (.yaml, .yml or .json), or a shipped scenario's name "
                                     "(agot/claim-2-kill: see rulekit scenarios)")
    trace.add_argument("--answers", metavar="FILE",
                       help="a YAML/JSON list of answers to use instead of the scenario's own")
    trace.add_argument("--json", action="store_true", help="print the versioned JSON trace (rulekit-trace/1)")
    trace.add_argument("--rules", action="store_true", help="quote each rule's text where it first applies")
    trace.add_argument("--no-verdicts", action="store_true", help="leave out the verdicts of the abilities considered")
    trace.add_argument("--quiet", action="store_true",
                       help="fold each nested sequence in which nobody could respond into one line")

    check = sub.add_parser("check", help="run scenario files and compare them with their expect blocks")
    check.add_argument("paths", nargs="+", metavar="PATH",
                       help="scenario files, folders to search for them, or shipped scenarios by name "
                            "(agot/claim-2-kill, or a whole ruleset's: agot)")

    scenarios = sub.add_parser("scenarios", help="list the scenarios shipped with rulekit, by name and title")
    scenarios.add_argument("--names", action="store_true", help="print only the names, one a line")

    lessons = sub.add_parser("lessons", help="copy the lessons (and the scenarios they open) into a new folder",
                             description="Copy the lessons into DIR/notebooks and the scenarios they open into "
                                         "DIR/scenarios, then open them with: jupyter lab DIR/notebooks "
                                         "(pip install 'rulekit[lab]').")
    lessons.add_argument("folder", metavar="DIR", help="a new or empty folder")

    rules = sub.add_parser("rules", help="list the rules registry, or show one rule with its source")
    rules.add_argument("rule_id", nargs="?", help="a rule id such as agot.tc.4")

    graph = sub.add_parser("graph", help="print the state graph (or flowchart) of one step")
    graph.add_argument("file")
    graph.add_argument("--step", type=int, required=True, metavar="N", help="the step number (see rulekit trace)")
    graph.add_argument("--format", choices=("json", "graphml", "dot"), default="json")
    graph.add_argument("--flow", action="store_true", help="the rules flowchart at that step instead")

    draw = sub.add_parser("draw", help="draw one step to a PNG (or SVG/PDF) file")
    draw.add_argument("file")
    draw.add_argument("--step", type=int, required=True, metavar="N")
    draw.add_argument("-o", "--output", required=True, help="the image file to write (.png, .svg or .pdf)")
    draw.add_argument("--view", choices=("sequence", "flow", "windows", "chain", "graph"), default="flow")

    rulings = sub.add_parser("rulings", help="list the rulings (contested or changed points) with their options")
    rulings.add_argument("ruleset", nargs="?", help="only this ruleset's rulings (agot, riftbound, …)")
    rulings.add_argument("--json", action="store_true", help="print a JSON list of {name, ruleset, options, default}")

    compare = sub.add_parser("compare", help="run one scenario under two readings and show where they part",
                             description="Run the same board both ways. Give a ruling twice to compare its two "
                                         "options (--ruling rb.optional=when-fulfilled --ruling "
                                         "rb.optional=at-resolution); a ruling given once applies to both sides; "
                                         "with no ruling given twice, the file's own rulings are compared with the "
                                         "ones given.")
    compare.add_argument("file")
    compare.add_argument("--ruling", action="append", default=[], metavar="NAME=OPTION")
    compare.add_argument("--json", action="store_true",
                         help="print {same, first_difference, outcome_differences} as JSON")

    for p in (trace, graph, draw):
        p.add_argument("--ruling", action="append", default=[], metavar="NAME=OPTION",
                       help="play under this option of a ruling (see rulekit rulings); may be repeated")

    schema = sub.add_parser("schema", help="print the JSON Schema of the scenario or trace format")
    schema.add_argument("which", choices=("scenario", "trace"))

    explore = sub.add_parser("explore", help="walk every line of play: the outcomes, how many lines reach each, "
                                             "and which choices matter")
    explore.add_argument("file")
    explore.add_argument("--json", action="store_true", help="print the outcomes as JSON (rulekit-explore/1)")
    explore.add_argument("--limit", metavar="N", help="stop after N positions, or after a time such as 30s")
    explore.add_argument("--workers", type=int, metavar="N", help="walk subtrees in N local processes")

    app = sub.add_parser("app", help="serve the explorer as a page (Voila, on 127.0.0.1) with a scenario picker")
    app.add_argument("file", nargs="?", help="the scenario to open first, a file or a shipped scenario's name "
                                            "(default: the first shipped one)")
    app.add_argument("--port", type=int, help="the port to serve on (default: a free one)")
    app.add_argument("--open", action="store_true", help="open the page in a browser")
    return parser


class BadInput(Exception):
    """Raised inside the CLI for input problems: printed as one line, exit 2."""


def _scenario_file(text: str) -> str:
    """A scenario file's path: ``text`` itself when it names a file, else the shipped scenario of
    that name (``agot/claim-2-kill``)."""
    if Path(text).exists():
        return text
    from rulekit import shipped
    found = shipped.find(text)
    if found is not None:
        return str(found)
    from rulekit.core.scenario import suggest
    raise BadInput(f"{text}: cannot read the file: no such file, and no shipped scenario of that name"
                   f"{suggest(text, shipped.names())} (rulekit scenarios lists them)")


def _load(path: str):
    from rulekit.core.errors import ScenarioError
    from rulekit.files.scenario_files import load_scenario
    path = _scenario_file(path)
    try:
        return load_scenario(path)
    except ScenarioError as e:
        raise BadInput(str(e)) from None


def _rulings(loaded, texts) -> object:
    """The loaded file with ``--ruling NAME=OPTION`` options applied to its scenario."""
    if not texts:
        return loaded
    from rulekit.views.compare import parse_ruling, with_rulings
    from rulekit.core.errors import ScenarioError
    try:
        scenario = with_rulings(loaded.scenario, dict(parse_ruling(t) for t in texts))
    except ScenarioError as e:
        raise BadInput(f"--ruling: {e}") from None
    return dataclasses.replace(loaded, scenario=scenario)


def _start(loaded, answers=None):
    from rulekit.core.game import Game
    from rulekit.core.limits import RunawayLoop
    from rulekit.core.errors import ScenarioError
    try:
        return Game.start(loaded.scenario, answers if answers is not None else loaded.answers, play_defaults=True)
    except RunawayLoop as e:
        raise BadInput(f"{loaded.file}: {e}") from None
    except ScenarioError as e:
        raise BadInput(str(e.located(file=loaded.file))) from None


def _answers_file(path: str, scenario_file) -> object:
    """Read a list of answers (the same forms as a scenario's ``answers``); a problem names the
    answers file's own line and field."""
    from rulekit.core.errors import ScenarioError
    from rulekit.files.scenario_files import load_answers
    try:
        return load_answers(path, scenario_file.scenario)
    except ScenarioError as e:
        raise BadInput(str(e)) from None


def _safe(text: str) -> str:
    """Text for a terminal: control characters and escape sequences from a file are shown escaped."""
    from rulekit.core.errors import escaped
    return escaped(text, keep="\n\t")


def _trace(args) -> int:
    from rulekit.views.trace import format_trace
    loaded = _rulings(_load(args.file), args.ruling)
    answers = _answers_file(args.answers, loaded) if args.answers else None
    game = _start(loaded, answers)
    if args.json:
        from rulekit.files.tracejson import trace_data
        print(json.dumps(trace_data(game), indent=1, ensure_ascii=False))
        return OK
    print(_safe(f"{loaded.scenario.title}  ({loaded.file}, ruleset {loaded.scenario.ruleset})"))
    print(_safe(format_trace(game.timeline, verdicts=not args.no_verdicts, rules=args.rules, quiet=args.quiet)))
    for u in game.unapplied:
        print(_safe(f"answer not applied: {u.key} -> {u.option}: {u.why}"))
    return OK


def _scenario_paths(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            found = sorted(q for q in path.rglob("*") if q.suffix in (".yaml", ".yml", ".json"))
            if not found:
                raise BadInput(f"{p}: no scenario files (.yaml, .yml, .json) in this folder")
            out.extend(found)
        elif path.exists():
            out.append(path)
        else:
            out.extend(_shipped_paths(p))
    return out


def _shipped_paths(name: str) -> list[Path]:
    """The shipped scenario ``name``, or every shipped scenario under the folder ``name`` (``agot``)."""
    from rulekit import shipped
    found = shipped.find(name)
    if found is not None:
        return [found]
    under = [s.path for s in shipped.all_scenarios() if s.name.startswith(name.rstrip("/") + "/")]
    if under:
        return under
    from rulekit.core.scenario import suggest
    raise BadInput(f"{name}: no such file or folder, and no shipped scenario of that name"
                   f"{suggest(name, shipped.names())} (rulekit scenarios lists them)")


def _scenarios(args) -> int:
    from rulekit import shipped
    found = shipped.all_scenarios()
    if not found:
        raise BadInput("this installation of rulekit carries no scenarios")
    if args.names:
        print("\n".join(s.name for s in found))
        return OK
    from rulekit.core.errors import ScenarioError
    from rulekit.files.scenario_files import load_scenario
    width = max(len(s.name) for s in found)
    for s in found:
        try:
            title = load_scenario(s.path).scenario.title
        except ScenarioError as e:     # a shipped file is checked by the tests; say so rather than stop
            title = f"(does not load: {e})"
        print(_safe(f"{s.name:{width}}  {title}"))
    return OK


def _lessons(args) -> int:
    from rulekit import shipped
    target = Path(args.folder)
    try:
        notebooks, scenarios = shipped.copy_lessons(target)
    except (FileExistsError, FileNotFoundError) as e:
        raise BadInput(str(e)) from None
    except OSError as e:
        raise BadInput(f"{target}: cannot write the lessons: {e.strerror or e}") from None
    count = len(list(notebooks.glob("*.ipynb")))
    print(_safe(f"copied {count} lessons to {notebooks} and the scenarios they open to {scenarios}"))
    print(_safe(f"open them with: jupyter lab {notebooks}   (needs: pip install 'rulekit[lab]')"))
    return OK


def _check(args) -> int:
    from rulekit.files.expect import check_expect
    worst = OK
    files = _scenario_paths(args.paths)
    passed = failed = bad = 0
    for path in files:
        try:
            loaded = _load(str(path))
            game = _start(loaded)
        except BadInput as e:
            print(_safe(f"ERROR {path}: {e}" if str(path) not in str(e) else f"ERROR {e}"), file=sys.stderr)
            bad += 1
            worst = BAD_INPUT
            continue
        problems = [] if loaded.expect is not None else ["no expect block: say what the rules expect"]
        if loaded.expect is not None:
            problems += check_expect(game, loaded.expect)
        problems += [f"answer not applied: {u.key} -> {u.option}: {u.why}" for u in game.unapplied]
        if problems:
            failed += 1
            worst = max(worst, FAILED)
            print(_safe(f"FAIL  {path}"))
            for line in problems:
                print(_safe(f"      {line}"))
        else:
            passed += 1
            print(f"pass  {path}")
    print(f"{passed} passed, {failed} failed" + (f", {bad} unreadable" if bad else ""))
    return worst


def _rules(rule_id: str | None) -> int:
    from rulekit.core.rules import RULES, rule
    if rule_id is None:
        for r in RULES.values():
            print(f"{r.id:26} {r.title}  [{r.provenance}]")
        return OK
    try:
        r = rule(rule_id)
    except KeyError as e:
        raise BadInput(e.args[0]) from None
    print(f"{r.id} — {r.title}\n\n{r.text}\n\nSource: {r.source} ({r.provenance})")
    if r.reasoning:
        print(f"Why: {r.reasoning}")
    return OK


def _rulings_list(args) -> int:
    from rulekit import rulesets
    from rulekit.core.scenario import suggest
    if args.ruleset is not None and args.ruleset not in rulesets.names():
        raise BadInput(f"unknown ruleset {args.ruleset!r}{suggest(args.ruleset, rulesets.names())}; "
                       f"rulesets: {', '.join(rulesets.names())}")
    chosen = [r for r in rulesets.all_rulings() if args.ruleset in (None, r.ruleset)]
    if args.json:
        print(json.dumps([{"name": r.name, "ruleset": r.ruleset, "options": list(r.option_names()),
                           "default": r.default, "question": r.question,
                           "sources": {o.name: o.source for o in r.options}} for r in chosen], indent=1))
        return OK
    for r in chosen:
        print(f"{r.name}  ({r.ruleset}) — {r.question}")
        for i, o in enumerate(r.options):
            print(f"  {o.name}{' (default)' if i == 0 else ''}: {o.summary}")
            print(f"      source: {o.source}")
    return OK


def _compare(args) -> int:
    from rulekit.views.compare import compare, parse_ruling, with_rulings
    from rulekit.core.errors import ScenarioError
    from rulekit.core.game import Game
    from rulekit.core.limits import RunawayLoop
    loaded = _load(args.file)
    side_a: dict[str, str] = {}
    side_b: dict[str, str] = {}
    twice = False
    try:
        for text in args.ruling:
            name, option = parse_ruling(text)
            if name in side_a and name not in side_b:
                side_b[name] = option
                twice = True
            else:
                side_a[name] = option
        if twice:
            a = {**side_a}
            b = {**side_a, **side_b}
        else:
            a, b = {}, side_a
        scenario_a = with_rulings(loaded.scenario, a)
        scenario_b = with_rulings(loaded.scenario, b)
    except ScenarioError as e:
        raise BadInput(f"--ruling: {e}") from None
    try:
        game_a = Game.start(scenario_a, loaded.answers, play_defaults=True)
        game_b = Game.start(scenario_b, loaded.answers, play_defaults=True)
    except RunawayLoop as e:
        raise BadInput(f"{loaded.file}: {e}") from None
    result = compare(game_a, game_b)
    if args.json:
        print(json.dumps(result.to_data(), indent=1, ensure_ascii=False))
    else:
        print(f"{loaded.scenario.title}  ({loaded.file})")
        print(result)
    return OK


def _step(args):
    loaded = _rulings(_load(args.file), getattr(args, "ruling", ()))
    game = _start(loaded)
    steps = game.timeline
    if not 0 <= args.step < len(steps):
        raise BadInput(f"{args.file}: no step {args.step}; this scenario has steps 0 to {len(steps) - 1}")
    return game, steps, steps[args.step]


def _need(extra: str, *modules: str) -> None:
    """Exit 2, naming the extra to install, when a command's optional libraries are missing."""
    import importlib.util
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        raise BadInput(f"this command needs {', '.join(missing)}, which is not installed: "
                       f"pip install 'rulekit[{extra}]'")


def _graph(args) -> int:
    _need("graph", "networkx")
    import io
    import networkx as nx
    from rulekit.views.graphs import flow_graph, state_graph, to_dot
    game, steps, step = _step(args)
    g = flow_graph(step, steps, title=game.scenario.title) if args.flow else state_graph(step, game.scenario.title)
    if args.format == "json":
        print(json.dumps(nx.node_link_data(g, edges="edges"), indent=1, ensure_ascii=False))
    elif args.format == "graphml":
        buf = io.BytesIO()
        nx.write_graphml(g, buf)
        sys.stdout.write(_safe(buf.getvalue().decode("utf-8")))
    else:
        sys.stdout.write(_safe(to_dot(g)))
    return OK


def _draw(args) -> int:
    out = Path(args.output)
    if out.suffix.lower() not in (".png", ".svg", ".pdf"):
        raise BadInput(f"{args.output}: the output must end in .png, .svg or .pdf")
    _need("draw", "matplotlib", "networkx")
    game, steps, step = _step(args)
    from rulekit.views.draw import draw_view
    fig = draw_view(args.view, step, steps)
    try:
        fig.savefig(out)
    except OSError as e:
        raise BadInput(f"{args.output}: cannot write the image: {e.strerror}") from None
    print(f"wrote {out} ({args.view} view of step {args.step})")
    return OK


def _explore(args) -> int:
    """Walk every line of a scenario file from its start (its own answers are not used)."""
    from rulekit.core.errors import RulekitError
    from rulekit.explore import explore
    loaded = _load(args.file)
    if args.workers is not None and args.workers < 1:
        raise BadInput(f"--workers must be at least 1, got {args.workers}")
    progress = "auto" if sys.stderr.isatty() else False
    try:
        if args.workers and args.workers > 1:
            from concurrent.futures import ProcessPoolExecutor
            with ProcessPoolExecutor(args.workers) as pool:
                result = explore(loaded, limit=args.limit, executor=pool, progress=progress)
        else:
            result = explore(loaded, limit=args.limit, progress=progress)
    except RulekitError as e:
        raise BadInput(f"{loaded.file}: {e}") from None
    if args.json:
        print(json.dumps(result.to_dict(), indent=1, ensure_ascii=False))
    else:
        print(f"{loaded.scenario.title}  ({loaded.file})")
        print(result.describe())
    return OK


def _schema(which: str) -> int:
    if which == "scenario":
        from rulekit.files.document import json_schema
        print(json.dumps(json_schema(), indent=2))
    else:
        from rulekit.files.tracejson import trace_schema
        print(json.dumps(trace_schema(), indent=2))
    return OK


def _app(args) -> int:
    initial = None
    if args.file is not None:
        initial = str(_load(args.file).file)    # a bad file is bad input, said before the server starts
    _need("app", "voila", "ipywidgets", "matplotlib", "networkx")
    from rulekit.app.explorer_page import AppError, serve
    try:
        return serve(initial, args.port, args.open)
    except AppError as e:
        raise BadInput(str(e)) from None


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "trace":
            return _trace(args)
        if args.command == "check":
            return _check(args)
        if args.command == "scenarios":
            return _scenarios(args)
        if args.command == "lessons":
            return _lessons(args)
        if args.command == "rules":
            return _rules(args.rule_id)
        if args.command == "schema":
            return _schema(args.which)
        if args.command == "graph":
            return _graph(args)
        if args.command == "draw":
            return _draw(args)
        if args.command == "explore":
            return _explore(args)
        if args.command == "rulings":
            return _rulings_list(args)
        if args.command == "compare":
            return _compare(args)
        if args.command == "app":
            return _app(args)
        parser.print_help()
        return OK
    except BadInput as e:
        print(_safe(f"rulekit: {e}"), file=sys.stderr)
        return BAD_INPUT
    except BrokenPipeError:   # pragma: no cover - e.g. piped into head
        return OK
    except Exception:  # noqa: BLE001 - the last line of defence: say it is a bug
        print("rulekit: internal error (this is a bug in rulekit; please report it with the input):",
              file=sys.stderr)
        traceback.print_exc()
        return BUG


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
