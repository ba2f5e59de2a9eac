"""What each command does: trace, check, scenarios, lessons, rules, rulings, compare, graph,
draw, explore, schema, parse and app, each reading its input through :mod:`.inputs`."""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from rulekit.cli.inputs import (BAD_INPUT, FAILED, OK, BadInput, _answers_file, _load, _need, _safe, _safe_lines,
                                _scenario_paths, _start)
from rulekit.cli.rulings import _rulings, _step


def _trace(args) -> int:
    from rulekit.views.trace import corpus_header, format_trace, numbering
    loaded = _rulings(_load(args.file), args.ruling)
    answers = _answers_file(args.answers, loaded) if args.answers else None
    game = _start(loaded, answers)
    if args.json:
        from rulekit.files.tracejson import trace_data
        print(json.dumps(trace_data(game), indent=1, ensure_ascii=False))
        return OK
    print(_safe(f"{loaded.scenario.title}  ({loaded.file}, ruleset {loaded.scenario.ruleset})"))
    corpus = loaded.scenario.corpus
    if corpus is not None:          # a corpus card: the card it is about, as printed
        print(_safe(corpus_header(loaded.scenario)))
    print(numbering())
    print(_safe_lines(format_trace(game.timeline, verdicts=not args.no_verdicts, rules=args.rules, quiet=args.quiet,
                                   ids=args.ids, scenario=game.scenario)))
    for u in game.unapplied:
        print(_safe(f"answer not applied: {u.key} -> {u.option}: {u.why}"))
    return FAILED if game.unapplied else OK


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
    from rulekit.cli.rulings import file_reading, known, one_reading, with_reading
    from rulekit.files.expect import check_expect
    from rulekit.files.not_modelled import not_modelled_uses
    chosen = one_reading(getattr(args, "ruling", []))
    known(chosen)
    worst = OK
    files = _scenario_paths(args.paths)
    passed = failed = bad = refused = 0
    depend: list[str] = []           # under --ruling: the files whose expect no longer holds
    keep_own: list[str] = []         # the files that set a ruling given themselves
    loads = [_try_load(path) for path in files]
    if chosen and files and all(loaded is not None for loaded, _ in loads):
        _ruling_applies(chosen, [loaded for loaded, _ in loads])
    for path, (loaded, error) in zip(files, loads):
        try:
            if error is not None:
                raise error
            reading = file_reading(loaded, chosen)
            loaded = with_reading(loaded, reading.applied, str(path))
            game = _start(loaded)
        except BadInput as e:
            print(_safe(f"ERROR {path}: {e}" if str(path) not in str(e) else f"ERROR {e}"), file=sys.stderr)
            bad += 1
            worst = BAD_INPUT
            continue
        uses = not_modelled_uses(loaded)       # rulekit.not-modelled: refused under --strict, else noted
        if uses and getattr(args, "strict", False):
            for use in uses:
                print(_safe(f"ERROR {use.refusal()}"), file=sys.stderr)
            refused += 1
            worst = BAD_INPUT
            continue
        problems = [] if loaded.expect is not None else ["no expect block: say what the rules expect"]
        if loaded.expect is not None:
            problems += check_expect(game, loaded.expect)
        problems += [f"answer not applied: {u.key} -> {u.option}: {u.why}" for u in game.unapplied]
        if reading.own:
            keep_own.append(str(path))
            print(_safe(f"own   {path}: {reading.note()}"))
        if problems:
            failed += 1
            worst = max(worst, FAILED)
            if reading.applied:
                depend.append(str(path))
            print(_safe(f"FAIL  {path}"))
            for line in problems:
                print(_safe(f"      {line}"))
        else:
            passed += 1
            print(_safe(f"pass  {path}"))
        for use in uses:
            print(_safe(f"note  {use.note()}"))
    print(f"{passed} passed, {failed} failed" + (f", {bad} unreadable" if bad else "")
          + (f", {refused} refused under --strict (not modelled)" if refused else ""))
    if chosen:
        _check_ruling_summary(chosen, depend, keep_own)
    return worst


def _try_load(path):
    """(the loaded file, None) or (None, the BadInput saying why it does not load)."""
    try:
        return _load(str(path)), None
    except BadInput as e:
        return None, e


def _ruling_applies(chosen: dict, loads: list) -> None:
    """Under ``check --ruling``: a ruling of a ruleset none of the files is of is refused, naming both."""
    from rulekit.cli.rulings import owner_of
    rulesets = sorted({loaded.scenario.ruleset for loaded in loads})
    for name, option in chosen.items():
        owner = owner_of(name)
        if owner not in rulesets:
            raise BadInput(_safe(f"--ruling {name}={option}: it is a ruling of {owner}, and the files checked are "
                                 f"{' and '.join(rulesets)} scenarios: none of them is a {owner} scenario"))


def _check_ruling_summary(chosen: dict, depend: list[str], keep_own: list[str]) -> None:
    """Under ``check --ruling``: which files depend on the reading given, which kept their own."""
    reading = ", ".join(f"{n}={o}" for n, o in chosen.items())
    if depend:
        print(_safe(f"under {reading}, the expect block of {len(depend)} file(s) no longer holds "
                    f"(they depend on the ruling): {', '.join(depend)}"))
    else:
        print(_safe(f"under {reading}, every file run under it still holds"))
    if keep_own:
        print(_safe(f"{len(keep_own)} file(s) set the ruling themselves and kept their own reading: "
                    f"{', '.join(keep_own)}"))


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
    print(f"{r.id} — {r.title}\n\n{r.text}\n\nSource: {r.cited}")
    if r.reasoning:
        print(f"Why: {r.reasoning}")
    _rule_sites(r.id)
    return OK


def _rule_sites(rule_id: str) -> None:
    """Where the rule is applied: each line of rulekit's code whose literal the engine records on
    the step applying it (for a ruling's option, where the ruling is read)."""
    from rulekit.cli.citations import parts, sites
    found = sites(rule_id)
    head = "Read at" if "=" in rule_id else "Applied at"
    if not found and parts(rule_id):
        print(f"\n{head}: through its parts — {', '.join(parts(rule_id))} (rulekit rules ID for each)")
        return
    if not found:
        print(f"\n{head}: no line of rulekit's code records this id on a step")
        return
    print(f"\n{head}:")
    for site in found:
        print(_safe(f"  {site}"))


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
    from rulekit.cli.rulings import compared
    from rulekit.core.game import Game
    from rulekit.core.limits import RunawayLoop
    from rulekit.views.compare import compare, with_rulings
    loaded = _load(args.file)
    a, b, _ = compared(loaded, args.ruling)
    scenario_a = with_rulings(loaded.scenario, a)
    scenario_b = with_rulings(loaded.scenario, b)
    try:
        game_a = Game.start(scenario_a, loaded.answers, play_defaults=True)
        game_b = Game.start(scenario_b, loaded.answers, play_defaults=True)
    except RunawayLoop as e:
        raise BadInput(f"{loaded.file}: {e}") from None
    result = compare(game_a, game_b)
    if args.json:
        print(json.dumps(result.to_data(), indent=1, ensure_ascii=False))
    else:
        print(_safe(f"{loaded.scenario.title}  ({loaded.file})"))
        print(_safe_lines("\n".join(result.lines(ids=args.ids))))
    return OK


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
        sys.stdout.write(_safe_lines(buf.getvalue().decode("utf-8")))
    else:
        sys.stdout.write(_safe_lines(to_dot(g)))
    return OK


def _draw(args) -> int:
    from rulekit.cli.outputs import check_output_file, output_file
    out = Path(args.output)
    if out.suffix.lower() not in (".png", ".svg", ".pdf"):
        raise BadInput(f"{_safe(args.output)}: the output must end in .png, .svg or .pdf")
    check_output_file(args.output, args.force)        # before the drawing: refused at once
    _need("draw", "matplotlib", "networkx")
    game, steps, step = _step(args)
    from rulekit.views.draw import draw_view
    fig = draw_view(args.view, step, steps)
    with output_file(args.output, args.force) as temp:
        fig.savefig(temp, format=out.suffix.lower()[1:])
    print(_safe(f"wrote {out} ({args.view} view of step {args.step})"))
    return OK


def _explore(args) -> int:
    """Walk every line of a scenario file from its start (its own answers are not used)."""
    from rulekit.core.errors import RulekitError
    from rulekit.explore import INTERRUPTED, as_limit, explore
    from rulekit.explore.result import SHOWN
    loaded = _rulings(_load(args.file), args.ruling)
    try:
        limit = as_limit(args.limit)
    except RulekitError as e:
        raise BadInput(f"--limit: {e}") from None
    workers = _workers(args.workers)
    progress = "auto" if sys.stderr.isatty() else False
    try:
        if workers > 1:
            from rulekit.explore import process_pool
            started = time.perf_counter()
            pool = process_pool(workers)
            try:
                result = explore(loaded, limit=limit, executor=pool, progress=progress)
            finally:
                pool.shutdown(wait=True, cancel_futures=True)
            _say_if_workers_could_not_help(result, workers, time.perf_counter() - started - result.seconds)
        else:
            result = explore(loaded, limit=limit, progress=progress)
    except RulekitError as e:
        raise BadInput(_safe(f"{loaded.file}: {e}")) from None
    if result.stopped.startswith(INTERRUPTED):
        print("rulekit: interrupted (Ctrl-C): what was walked so far follows, marked incomplete", file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_dict(), indent=1, ensure_ascii=False))
    else:
        print(_safe(f"{loaded.scenario.title}  ({loaded.file})"))
        print(_safe_lines(result.describe(ids=args.ids, most=None if args.all else SHOWN)))
    return OK


def _say_if_workers_could_not_help(result, workers: int, overhead: float) -> None:
    """A note on stderr when ``--workers`` could not make this walk faster, and why."""
    if result.subtrees == 0 and result.complete:
        print(f"rulekit: --workers {workers} could not help: the walk ({result.states:,} positions) ended before "
              f"{workers} workers had positions to share; walk it without --workers", file=sys.stderr)
    elif result.complete and result.seconds < overhead:
        print(f"rulekit: --workers {workers} could not help: the walk took {result.seconds:.2f} s, less than "
              f"starting and stopping the workers ({overhead:.2f} s); walk it without --workers", file=sys.stderr)
    elif result.complete:
        busy = _other_work(workers)
        if busy is not None:
            load, cpus = busy
            print(f"rulekit: --workers {workers} could not help much: other work kept the machine busy (load "
                  f"average {load:.1f} on {cpus} CPUs), so the workers took turns with it instead of running side "
                  f"by side", file=sys.stderr)


def _other_work(workers: int) -> tuple[float, int] | None:
    """(load average, CPUs) when work other than the walk's ``workers`` left fewer CPUs than
    ``workers`` free over the last minute; None when not, or when the system cannot say."""
    import os
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):
        return None
    cpus = os.cpu_count() or 1
    return (load, cpus) if cpus - max(0.0, load - workers) < workers - 0.5 else None


def _workers(asked: int | None) -> int:
    """``--workers``: at least 1, at most the CPUs this process may use (said when capped)."""
    import os
    if asked is None:
        return 1
    if asked < 1:
        raise BadInput(f"--workers must be at least 1, got {asked}")
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    if asked > cpus:
        print(f"rulekit: --workers {asked} is more than the {cpus} CPU(s) here: using {cpus}", file=sys.stderr)
        return cpus
    return asked


def _schema(which: str) -> int:
    if which == "scenario":
        from rulekit.files.document import json_schema
        print(json.dumps(json_schema(), indent=2))
    else:
        from rulekit.files.tracejson import trace_schema
        print(json.dumps(trace_schema(), indent=2))
    return OK


def _app(args) -> int:
    from rulekit.cli.rulings import apply_rulings, known, one_reading
    if args.port is not None and not 1 <= args.port <= 65535:
        raise BadInput(f"--port must be between 1 and 65535, got {args.port}")
    chosen = one_reading(args.ruling)
    known(chosen)
    initial = None
    if args.file is not None:      # a bad file, or a ruling of another ruleset, is said before the server starts
        initial = str(apply_rulings(_load(args.file), args.ruling).file)
    _need("app", "voila", "ipywidgets", "matplotlib", "networkx")
    from rulekit.app.explorer_page import AppError, serve
    try:
        return serve(initial, args.port, args.open, chosen)
    except AppError as e:
        raise BadInput(str(e)) from None


def _parse(args) -> int:
    """A card's printed text read by its ruleset's reader: its canonical wording, then the card keys."""
    from rulekit.core.cardtext import CardTextError, read_card, write_card
    from rulekit.core.errors import escaped
    from rulekit.files.card_text import card_data
    from rulekit.rulesets import get, names
    try:
        rules = get(args.ruleset)
    except KeyError:
        raise BadInput(f"unknown ruleset {escaped(args.ruleset)!r} (expected one of {', '.join(names())})") from None
    try:
        read = read_card(rules, args.text, args.title)
        canonical = write_card(rules, read, args.title or "this card")
    except CardTextError as e:
        hint = "" if args.title else " (if the text names its own card, give its name with --title)"
        raise BadInput(f"{e}{hint}") from None
    data = card_data(read)
    if args.json:
        print(json.dumps({"canonical": canonical, "unmodelled": list(read.unmodelled), "card": data},
                         indent=1, ensure_ascii=False))
        return OK
    import yaml
    print(_safe(f"# read as: {canonical}"))
    for phrase in read.unmodelled:
        print(_safe(f"# recognised, not simulated: {phrase}"))
    print(_safe_lines(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100).rstrip()))
    return OK
