"""The ``rulekit`` command line."""
from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    from . import __version__
    parser = argparse.ArgumentParser(
        prog="rulekit", description="Teach and analyse card-game trigger timing: scenarios, traces, rules.")
    parser.add_argument("--version", action="version", version=f"rulekit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    rules = sub.add_parser("rules", help="list the rules registry, or show one rule with its source")
    rules.add_argument("rule_id", nargs="?", help="a rule id such as agot.tc.4")
    return parser


def _rules(rule_id: str | None) -> int:
    from .rules import RULES, rule
    if rule_id is None:
        for r in RULES.values():
            print(f"{r.id:26} {r.title}  [{r.provenance}]")
        return 0
    try:
        r = rule(rule_id)
    except KeyError as e:
        print(f"rulekit: {e.args[0]}", file=sys.stderr)
        return 2
    print(f"{r.id} — {r.title}\n\n{r.text}\n\nSource: {r.source} ({r.provenance})")
    if r.reasoning:
        print(f"Why: {r.reasoning}")
    return 0


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "rules":
        return _rules(args.rule_id)
    parser.print_help()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
