"""``rulekit cards``: import a card list into the card library, search it, report what rulekit
reads of it (and of a corpus), and write a scenario file's library cards out."""
from __future__ import annotations

import sys
from pathlib import Path

from rulekit.cli.inputs import FAILED, OK, BadInput, _safe, _safe_lines


def cards(args) -> int:
    from rulekit.core.errors import RulekitError
    action = {"import": _import, "search": _search, "report": _report, "inline": _inline}.get(args.cards_command)
    if action is None:
        raise BadInput("cards: name an action: import, search, report or inline (rulekit cards --help)")
    try:
        return action(args)
    except RulekitError as e:
        raise BadInput(str(e)) from None


def _import(args) -> int:
    from rulekit.library.importing import import_file
    done = import_file(args.file, format=args.format, ruleset=args.ruleset, mapping=args.map)
    print(_safe(f"imported {len(done.cards)} {done.ruleset} cards from {done.file} ({done.format}): "
                f"{done.parsed} parsed, {done.refused} refused"))
    for card in done.cards:
        if card.status == "refused":
            print(_safe(f"  refused  {card.code}  {card.name}: {card.refusal}"))
    return OK


def _search(args) -> int:
    from rulekit.library.place import database_path
    from rulekit.library.store import Library
    library = Library()
    found = library.search(args.name, args.ruleset)
    if not found:
        print(_safe(f"no card whose name contains {args.name!r} (library {database_path()}, "
                    f"{library.count()} cards)"))
        return OK
    for c in found:
        line = f"{c.ruleset:9}  {c.code:12}  {c.name}  [{c.type or '?'}]  {c.status}"
        if c.status == "refused":
            line += f": {c.refusal}"
        print(_safe(line))
    return OK


def _report(args) -> int:
    from rulekit.library.place import database_path
    from rulekit.library.report import coverage
    rows = coverage()
    print(_safe(f"card library {database_path()}"))
    if not rows:
        print("  no cards yet: rulekit cards import FILE")
    for row in rows:
        for line in row.lines():
            print(_safe(line))
    if not args.corpus:
        return OK
    from rulekit.files.corpus_coverage import corpus_coverage
    result = corpus_coverage([Path(p) for p in args.corpus])
    for line in result.lines():
        print(_safe(line))
    return FAILED if result.differ else OK


def _inline(args) -> int:
    from rulekit.core.errors import ScenarioError
    from rulekit.files.inlining import inline
    from rulekit.cli.outputs import check_output_file, write_output_text
    from rulekit.files.reading import read_text
    from rulekit.files.scenario_files import load_scenario
    if args.output is not None:
        check_output_file(args.output, args.force)     # refused before any work is done
    try:
        load_scenario(args.file)              # every problem named at the file's own line
        fmt = "json" if (args.output or args.file).lower().endswith(".json") else "yaml"
        text = inline(read_text(args.file), args.file, format=fmt)
    except ScenarioError as e:
        raise BadInput(str(e)) from None
    if args.output is None:
        sys.stdout.write(_safe_lines(text))
        return OK
    write_output_text(args.output, text, args.force)
    print(_safe(f"wrote {args.output}: {args.file} with its library cards spelled out"))
    return OK
