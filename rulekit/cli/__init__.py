"""The ``rulekit`` command line: :func:`main` runs the command :mod:`.parser` reads; what each
command does is :mod:`.commands`, what they read (and how bad input is told) :mod:`.inputs`.

Exit codes: 0 everything passed; 1 an ``expect`` block failed (the differences are printed);
2 bad input (one clear message on stderr, no traceback); 3 an internal error (a bug); 130 interrupted
(Ctrl-C) before anything was shown — an interrupted walk instead shows what it found, marked incomplete.
"""
from __future__ import annotations

import sys
import traceback

from rulekit.cli.commands import (_app, _check, _compare, _draw, _explore, _graph, _lessons, _parse, _rules,
                                  _rulings_list, _scenarios, _schema, _trace)
from rulekit.cli.cards import cards as _cards
from rulekit.cli.inputs import BAD_INPUT, BUG, FAILED, INTERRUPTED, OK, BadInput, _safe
from rulekit.cli.parser import build_parser
from rulekit.cli.report import report as _report

__all__ = ["BAD_INPUT", "BUG", "FAILED", "OK", "BadInput", "build_parser", "main"]


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
        if args.command == "report":
            return _report(args)
        if args.command == "cards":
            return _cards(args)
        if args.command == "parse":
            return _parse(args)
        if args.command == "app":
            return _app(args)
        parser.print_help()
        return OK
    except BadInput as e:
        print(_safe(f"rulekit: {e}"), file=sys.stderr)
        return BAD_INPUT
    except BrokenPipeError:   # pragma: no cover - e.g. piped into head
        return OK
    except KeyboardInterrupt:  # Ctrl-C outside a walk (a walk stops itself and shows what it found)
        print("rulekit: interrupted (Ctrl-C)", file=sys.stderr)
        return INTERRUPTED
    except Exception:  # noqa: BLE001 - the last line of defence: say it is a bug
        print("rulekit: internal error (this is a bug in rulekit; please report it with the input):",
              file=sys.stderr)
        traceback.print_exc()
        return BUG
