"""``--ruling NAME=OPTION`` on the command line: read, checked against the scenario's ruleset, and
applied.

A command that runs one reading (trace, check, graph, draw, explore, app) takes each ruling at
most once: two different options for one ruling are refused, not silently settled by the last.
``rulekit compare`` takes exactly two readings of the one ruling it compares. A ruling of another
ruleset than the scenario's is refused naming both rulesets.
"""
from __future__ import annotations

import dataclasses

from rulekit.cli.inputs import BadInput, _load, _safe, _start


def _parsed(texts) -> list[tuple[str, str]]:
    from rulekit.core.errors import ScenarioError
    from rulekit.views.compare import parse_ruling
    out = []
    for text in texts:
        try:
            out.append(parse_ruling(text))
        except ScenarioError as e:
            raise BadInput(f"--ruling: {e}") from None
    return out


def owner_of(name: str) -> str | None:
    """The ruleset that declares the ruling ``name`` (``None`` when none does)."""
    from rulekit import rulesets
    for ruling in rulesets.all_rulings():
        if ruling.name == name:
            return ruling.ruleset
    return None


def _checked(scenario, pairs, where: str = "") -> None:
    """Each (name, option) is a ruling of the scenario's ruleset with that option; else exit 2,
    naming both rulesets when the ruling belongs to another."""
    from rulekit.core.errors import ScenarioError
    from rulekit.views.compare import with_rulings
    ruleset = scenario.ruleset
    for name, option in pairs:
        owner = owner_of(name)
        if owner is not None and owner != ruleset:
            own = ", ".join(r.name for r in scenario.rules.rulings) or "none"
            raise BadInput(_safe(f"--ruling {name}={option}: {ruleset} has no ruling {name!r}: it is a ruling of "
                                 f"{owner}, and {where or 'this scenario'} is a scenario of {ruleset} "
                                 f"(the rulings of {ruleset}: {own})"))
        try:
            with_rulings(scenario, {name: option})
        except ScenarioError as e:
            raise BadInput(_safe(f"--ruling: {e}")) from None


def one_reading(texts) -> dict[str, str]:
    """The rulings of a command that runs one reading: each ruling once (the same option repeated
    is allowed); two options for one ruling are refused."""
    chosen: dict[str, str] = {}
    for name, option in _parsed(texts):
        if name in chosen and chosen[name] != option:
            raise BadInput(_safe(f"--ruling {name} is given two options, {chosen[name]!r} and {option!r}: this "
                                 f"command runs one reading, so give each ruling once (rulekit compare runs two)"))
        chosen[name] = option
    return chosen


def with_reading(loaded, chosen: dict[str, str], where: str = ""):
    """``loaded`` (a loaded scenario file) with the rulings ``chosen`` in force (checked first)."""
    if not chosen:
        return loaded
    from rulekit.views.compare import with_rulings
    _checked(loaded.scenario, chosen.items(), where or str(loaded.file))
    return dataclasses.replace(loaded, scenario=with_rulings(loaded.scenario, chosen))


def apply_rulings(loaded, texts):
    """``loaded`` under the ``--ruling`` values ``texts`` of a command that runs one reading."""
    return with_reading(loaded, one_reading(texts))


def compared(loaded, texts) -> tuple[dict[str, str], dict[str, str], str]:
    """The two readings ``rulekit compare`` runs: (rulings of side A, of side B, the ruling compared).

    The ruling compared is the one given twice, with two different options; every other ruling is
    given once and applies to both sides. With one ruling given once and none twice, the file's own
    reading of it is compared with the one given. Anything else — no ruling, two identical
    readings, a third option, two rulings given twice — is exit 2 saying which."""
    pairs = _parsed(texts)
    _checked(loaded.scenario, pairs, str(loaded.file))
    options: dict[str, list[str]] = {}
    for name, option in pairs:
        options.setdefault(name, []).append(option)
    how = "give the ruling to compare twice: --ruling NAME=ONE --ruling NAME=OTHER (rulekit rulings lists them)"
    if not options:
        raise BadInput(f"compare needs a ruling to compare: {how}")
    for name, given in options.items():
        if len(given) > 2:
            raise BadInput(_safe(f"--ruling {name} is given {len(given)} times ({', '.join(given)}): compare runs "
                                 f"exactly two readings, so give it twice"))
    twice = [name for name, given in options.items() if len(given) == 2]
    if len(twice) > 1:
        raise BadInput(_safe(f"--ruling: {' and '.join(twice)} are each given twice: compare one ruling at a time "
                             f"(a ruling given once applies to both sides)"))
    once = {name: given[0] for name, given in options.items() if len(given) == 1}
    if twice:
        name = twice[0]
        a, b = options[name]
        if a == b:
            raise BadInput(_safe(f"--ruling {name}={a} is given twice: the two readings are identical; {how}"))
        return {**once, name: a}, {**once, name: b}, name
    if len(once) > 1:
        raise BadInput(_safe(f"--ruling: which ruling to compare? {', '.join(once)} are each given once; {how}"))
    name, option = next(iter(once.items()))
    own = loaded.scenario.rulings.get(name, loaded.scenario.rules.ruling(name).default)
    if own == option:
        raise BadInput(_safe(f"--ruling {name}={option}: {loaded.file} already reads {name} as {option!r}, so the "
                             f"two readings are identical; {how}"))
    return {name: own}, {name: option}, name


def known(chosen: dict[str, str]) -> None:
    """Each ruling of ``chosen`` is declared by some ruleset, with that option (before any file is run)."""
    from rulekit import rulesets
    from rulekit.core.scenario import suggest
    every = [r.name for r in rulesets.all_rulings()]
    for name, option in chosen.items():
        owner = owner_of(name)
        if owner is None:
            raise BadInput(_safe(f"--ruling {name}={option}: no ruleset has a ruling {name!r}{suggest(name, every)} "
                                 f"(rulekit rulings lists them)"))
        options = rulesets.get(owner).ruling(name).option_names()
        if option not in options:
            raise BadInput(_safe(f"--ruling {name}={option}: {option!r} is not an option of the ruling {name!r}"
                                 f"{suggest(option, options)} (expected one of {', '.join(options)})"))


@dataclasses.dataclass(frozen=True)
class FileReading:
    """How ``rulekit check --ruling`` runs one file: the rulings given that apply to it, those the
    file sets itself (it keeps its own), and those of another ruleset (they do not apply)."""

    applied: dict[str, str]
    own: dict[str, str]
    foreign: tuple[str, ...]

    def note(self) -> str:
        parts = [f"sets {n}={o} itself: run under its own reading" for n, o in self.own.items()]
        return "; ".join(parts)


def file_reading(loaded, chosen: dict[str, str]) -> FileReading:
    ruleset = loaded.scenario.ruleset
    own = {n: loaded.scenario.rulings[n] for n in chosen if n in loaded.scenario.rulings}
    foreign = tuple(n for n in chosen if owner_of(n) != ruleset)
    applied = {n: o for n, o in chosen.items() if n not in own and n not in foreign}
    return FileReading(applied, own, foreign)


def _rulings(loaded, texts):
    """The loaded file with ``--ruling NAME=OPTION`` options applied to its scenario (each ruling
    once, of the scenario's ruleset)."""
    return apply_rulings(loaded, texts) if texts else loaded


def _step(args):
    loaded = _rulings(_load(args.file), getattr(args, "ruling", ()))
    game = _start(loaded)
    steps = game.timeline
    if not 0 <= args.step < len(steps):
        raise BadInput(f"{args.file}: no step {args.step}; this scenario has steps 0 to {len(steps) - 1}")
    return game, steps, steps[args.step]
