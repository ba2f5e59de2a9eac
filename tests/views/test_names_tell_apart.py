"""What a person reads names cards and abilities, never engine ids — and two different things of
one output never read the same. For every shipped scenario: the cards of the game, the uses of
abilities its steps name, the options of each decision, the verdicts a step shows, the outcomes
and the choices of a walk, and the differences of a comparison each read differently when they
are different (a copy by whose it is, a use by what it answers, one opportunity from the next)."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulekit import rulesets
from rulekit.core import ids
from rulekit.core.text import Namer, condition_label
from rulekit.explore import as_limit, explore
from rulekit.explore.result import described
from rulekit.files.scenario_files import load_scenario
from rulekit.views.compare import compare_rulings
from rulekit.views.trace import format_trace

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios").glob("**/*.yaml"))


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, (tuple, list, frozenset, set)):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


def _clashes(named: dict) -> list[str]:
    """The names two different ids share: ``named`` maps each id to its words."""
    seen: dict = {}
    for key, words in named.items():
        seen.setdefault(words, set()).add(key)
    return [f"{words!r} names {sorted(map(str, keys))}" for words, keys in seen.items() if len(keys) > 1]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_two_different_things_of_one_game_never_read_the_same(path):
    loaded = load_scenario(path)
    game = loaded.start()
    timeline = game.timeline
    namer = Namer((timeline[0].state, game.state), loaded.scenario)
    problems = _clashes({c: namer.card_name(c) for c in namer.cards})
    uses = {}
    for step in timeline:
        for text in _strings(dict(step.args)):
            if namer._is_use(text) and ids.outermost(text) == text:     # a use a step names as an item
                uses[text] = namer.token(text)
        if step.decision is not None:
            labels = {o.id: namer.words(o.label) for o in step.decision.options}
            problems += [f"#{step.number}'s options: {c}" for c in _clashes(labels)]
        verdicts = {(v.card, v.ability, v.condition): f"{namer.ability_name(v.card, v.ability)} for "
                    f"{namer.words(condition_label(step.before, v.condition))}" for v in step.verdicts}
        problems += [f"#{step.number}'s verdicts: {c}" for c in _clashes(verdicts)]
    problems += [f"uses: {c}" for c in _clashes(uses)]
    assert not problems, "\n".join(problems)
    # and the trace a person reads shows no compound engine id (c7.i1@s:claim:killed:c3, s:claim)
    for line in format_trace(timeline).splitlines():
        words = line.split(" [", 1)[0]           # the rule cited after it is a rule's id
        leaked = [t for t in words.replace(",", " ").replace("(", " ").replace(")", " ").split()
                  if ids.is_compound(t.strip(".;:'\"")) and not ids.is_numbers(t.strip(".;:'\"#"))]
        assert not leaked, f"{path.name}: {line!r} shows ids {leaked}"
    # nor does a decision's prompt, as the app and the widgets show it (a chance decision names the
    # instruction as part of its use, not by the engine's slot: "effect0")
    for step in timeline:
        if step.decision is not None:
            words = namer.words(step.decision.prompt)
            tokens = [t.strip(".;:'\"#") for t in words.replace(",", " ").replace("(", " ").replace(")", " ").split()]
            leaked = [t for t in tokens if (ids.is_compound(t) and not ids.is_numbers(t)) or ids.is_instruction_part(t)]
            assert not leaked, f"{path.name}: #{step.number}'s prompt {words!r} shows ids {leaked}"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_walks_outcomes_and_choices_never_read_the_same(path):
    result = explore(load_scenario(path), limit=as_limit("3000"), progress=False)
    if not result.complete:
        assert "3,000 positions" in result.stopped, result.stopped        # stopped by its size, nothing else
        pytest.skip("a walk of more than 3000 positions: its outcomes are counted elsewhere")
    summaries = {o.key: o.summary for o in result.outcomes}
    assert not _clashes(summaries), "\n".join(_clashes(summaries))
    said = dict(zip((c.key for c in result.choices), described(result.choices, result.namer())))
    assert not _clashes(said), "\n".join(_clashes(said))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_comparisons_differences_are_said_once_and_name_the_difference(path):
    loaded = load_scenario(path)
    rules = rulesets.get(loaded.scenario.ruleset)
    for ruling in rules.rulings:
        other = next(o for o in ruling.option_names() if o != ruling.default)
        result = compare_rulings(loaded.scenario, {ruling.name: ruling.default}, {ruling.name: other}, loaded.answers)
        lines = result.lines()
        assert len(lines) == len(set(lines)), f"{ruling.name}: a line said twice: {lines}"
        sides = [line.split("  [", 1)[0][len("  A: "):] for line in lines if line.startswith(("  A: ", "  B: "))]
        assert len(sides) in (0, 2) and (not sides or sides[0] != sides[1]), \
            f"{ruling.name}: the two readings' steps read the same where they part: {lines}"
        for d in result.differences:
            assert d.a != d.b, f"{ruling.name}: {d} reads the same on both sides"


def test_a_use_named_with_what_it_answers_is_set_off_by_commas_where_the_sentence_goes_on():
    """"X's reaction, for Y killed, has resolved": the appositive closes before the verb, in both
    rulesets (A Game of Thrones writes it; Riftbound's names give it), and not before a full stop."""
    agot = format_trace(load_scenario(ROOT / "scenarios/agot/ability-becomes-eligible-mid-window.yaml").start().timeline)
    assert "Gatehouse Captain's reaction, for Hollowfield Steward killed, has resolved." in agot
    assert "uses Gatehouse Captain's reaction, for Hollowfield Steward killed." in agot     # none before a full stop
    rift = format_trace(load_scenario(ROOT / "scenarios/riftbound/discard-one-at-random.yaml").start().timeline)
    assert "Rattlebag Imp's ability, for Rattlebag Imp is played, has resolved." in rift
    assert "\x00" not in agot + rift
