"""Judgements remembered across sequences (rulekit.core.remembered, rulekit.rulesets.agot.remembered)
change nothing: every shipped scenario and generated boards, played with the cache on (cold and
warm) and off, give the same timelines step by step — states, controls, verdicts, decisions; and a
remembered verdict is never given where something its judgement reads differs."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rulekit import Ability, CardFilter, Code, Game, Instruction, Scenario, ScriptEntry, Target, Timing, Trigger
from rulekit.core import remembered
from rulekit.core.abilities import Bounds, Condition, Limit, Who
from rulekit.core.events import EventKind, Verb
from rulekit.core.limits import RunawayLoop
from rulekit.core.model import Card
from rulekit.files import load_scenario
from rulekit.rulesets.agot import remembered as agot_remembered
from rulekit.rulesets.agot import verdicts as agot_verdicts
from rulekit.rulesets.agot.refusals import REFUSED
from strategies import play, riftbound_scenarios, scenarios

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios").glob("*/*.yaml"))


@pytest.fixture(autouse=True)
def cache_on():
    """Each test starts with the cache on and empty, and leaves the switch as it found it."""
    was = remembered.ENABLED
    remembered.set_enabled(False)       # forgets what earlier tests remembered
    remembered.set_enabled(True)
    yield
    remembered.set_enabled(was)


def _records(game):
    return [s.record() for s in game.timeline]


def _three_ways(start):
    """The timelines of ``start()`` with the cache on and empty, on and warm, and off."""
    cold = start()
    warm = start()
    with remembered.disabled():
        off = start()
    return cold, warm, off


class _Counted:
    """Counts the judgements made afresh (the remembered ones do not call the judge)."""

    def __init__(self, monkeypatch):
        self.calls = 0
        judge = agot_verdicts.judge

        def counted(*args):
            self.calls += 1
            return judge(*args)
        monkeypatch.setattr(agot_verdicts, "judge", counted)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_shipped_scenario_plays_the_same_with_the_cache_on_and_off(path):
    loaded = load_scenario(path)
    for answers in (loaded.answers, None):
        cold, warm, off = _three_ways(lambda: Game.start(loaded.scenario, answers, play_defaults=True))
        assert _records(cold) == _records(off)
        assert _records(warm) == _records(off)
        assert cold.unapplied == off.unapplied


def test_the_shipped_scenarios_are_judged_from_memory_where_nothing_read_differs(monkeypatch):
    """Not a vacuous agreement: playing the agot scenarios twice, the second time asks the judge
    afresh less often than the first."""
    counted = _Counted(monkeypatch)
    agot = [load_scenario(p) for p in SHIPPED if p.parent.name == "agot"]
    for loaded in agot:
        Game.start(loaded.scenario, loaded.answers, play_defaults=True)
    first = counted.calls
    for loaded in agot:
        Game.start(loaded.scenario, loaded.answers, play_defaults=True)
    assert 0 < counted.calls - first < first


SETTINGS = settings(max_examples=int(os.environ.get("RK_EXAMPLES", 50)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.one_of(scenarios(), riftbound_scenarios()), st.integers(1, 3), st.data())
def test_generated_boards_play_the_same_with_the_cache_on_and_off(scenario, repeats, data):
    """A generated board, its script played ``repeats`` times over (so that later sequences ask
    what earlier ones asked), with random answers; then its line replayed, cache warm and off."""
    from dataclasses import replace
    scenario = replace(scenario, script=scenario.script * repeats)
    try:
        game = play(Game.start(scenario), data)
    except RunawayLoop:
        return
    warm = Game.start(scenario, game.line, play_defaults=True)
    with remembered.disabled():
        off = Game.start(scenario, game.line, play_defaults=True)
    assert off.unapplied == game.unapplied == warm.unapplied
    assert _records(warm) == _records(off)
    # answered by a person here, replayed there: the same steps but for who answered
    assert [r[:-1] for r in _records(game)] == [r[:-1] for r in _records(off)]


# -- the key: what the judgement reads ----------------------------------------------------------------
def _watcher_board(watcher: Card, *others: Card, script=None, pools=None) -> Scenario:
    cards = (watcher, Card(id="f", title="Filler", owner="P2", type="character"), *others)
    return Scenario("key", ("P1", "P2"), "P1", cards, script or (ScriptEntry(Verb.KNEEL, ("f",)),), pools=pools or {})


def _verdicts(scenario) -> list[tuple[str, str, str]]:
    game = Game.start(scenario, play_defaults=True)
    return [(v.card, v.ability, v.code.value, v.detail) for s in game.timeline for v in s.verdicts]


def _same_warm_and_off(scenario):
    warm = _verdicts(scenario)
    with remembered.disabled():
        off = _verdicts(scenario)
    assert warm == off
    return warm


STAND_SELF = Ability("s", Timing.REACTION, (Instruction(Verb.STAND, Target.SELF),), when=Trigger(EventKind.KNEELS))
DRAW_YOU = Ability("d", Timing.REACTION, (Instruction(Verb.DRAW, Target.YOU),), when=Trigger(EventKind.KNEELS))


def test_the_cards_posture_is_read():
    """The same ability object on a standing, then a kneeling card: "stand me" could change the
    game state only for the kneeling one."""
    standing = Card(id="w", title="Watcher", owner="P1", type="character", abilities=(STAND_SELF,))
    first = _same_warm_and_off(_watcher_board(standing))
    second = _same_warm_and_off(_watcher_board(standing.changed(kneeling=True)))
    assert {v[2] for v in first if v[0] == "w"} == {Code.NO_EFFECT.value}
    assert {v[2] for v in second if v[0] == "w"} == {Code.ELIGIBLE.value}


def test_the_cards_zone_and_title_are_read():
    here = Card(id="w", title="Watcher", owner="P1", type="character", abilities=(STAND_SELF,), kneeling=True)
    _same_warm_and_off(_watcher_board(here))
    away = _same_warm_and_off(_watcher_board(here.changed(zone="discard pile")))
    renamed = _same_warm_and_off(_watcher_board(here.changed(zone="discard pile", title="Lookout")))
    assert {v[3] for v in away if v[0] == "w"} == {"Watcher is in the discard pile"}
    assert {v[3] for v in renamed if v[0] == "w"} == {"Lookout is in the discard pile"}


def test_whether_the_deck_is_empty_is_read():
    watcher = Card(id="w", title="Watcher", owner="P1", type="character", abilities=(DRAW_YOU,))
    deck = Card(id="p1d0", title="Deck", owner="P1", zone="draw deck", type="attachment")
    with_deck = _same_warm_and_off(_watcher_board(watcher, deck))
    without = _same_warm_and_off(_watcher_board(watcher))
    assert {v[2] for v in with_deck if v[0] == "w"} == {Code.ELIGIBLE.value}
    assert {v[2] for v in without if v[0] == "w"} == {Code.NO_EFFECT.value}


def test_the_condition_card_is_read():
    """The pattern "a kneeling Knight" — the same ability object — against cards unlike in trait."""
    ability = Ability("k", Timing.REACTION, (Instruction(Verb.GAIN_POWER, Target.SELF),),
                      when=Trigger(EventKind.KNEELS, CardFilter(trait="Knight", controller=Who.OPPONENT)))
    watcher = Card(id="w", title="Watcher", owner="P1", type="character", abilities=(ability,))
    knight = Card(id="f", title="Filler", owner="P2", type="character", traits=("Knight",))
    plain = _same_warm_and_off(Scenario("key", ("P1", "P2"), "P1", (watcher, knight.changed(traits=())),
                                        (ScriptEntry(Verb.KNEEL, ("f",)),)))
    knightly = _same_warm_and_off(Scenario("key", ("P1", "P2"), "P1", (watcher, knight),
                                           (ScriptEntry(Verb.KNEEL, ("f",)),)))
    assert {v[2] for v in plain if v[0] == "w"} == {Code.NO_MATCH.value}
    assert {v[2] for v in knightly if v[0] == "w"} == {Code.ELIGIBLE.value}


def test_a_use_already_made_is_read():
    """Two kneels of one occurrence: a "one or more" reaction is one use for both."""
    once = Ability("o", Timing.FORCED_REACTION, (Instruction(Verb.GAIN_POWER, Target.SELF),),
                   when=Trigger(EventKind.KNEELS, one_or_more=True))
    watcher = Card(id="w", title="Watcher", owner="P1", type="character", abilities=(once,))
    other = Card(id="g", title="Other", owner="P2", type="character")
    codes = _same_warm_and_off(_watcher_board(watcher, other, script=(ScriptEntry(Verb.KNEEL, ("f", "g")),)))
    assert [v[2] for v in codes if v[0] == "w"][:2] == [Code.MUST_RESOLVE.value, Code.MUST_RESOLVE.value]


@pytest.mark.parametrize("ability", [
    Ability("c", Timing.REACTION, (Instruction(Verb.STAND, Target.SELF),), when=Trigger(EventKind.KNEELS),
            condition=(Condition(count=CardFilter(type="character"), at_least=1),)),
    Ability("l", Timing.REACTION, (Instruction(Verb.STAND, Target.SELF),), when=Trigger(EventKind.KNEELS),
            limit=Limit(1)),
    Ability("h", Timing.REACTION, (Instruction(Verb.STAND, Target.SELF),),
            when=Trigger(EventKind.KNEELS, CardFilter(strength=Bounds(lower_than="self")))),
    Ability("e", Timing.REACTION, (Instruction(Verb.STAND, Target.SELF),),
            when=Trigger(EventKind.KNEELS, CardFilter(entered="this phase"))),
    Ability("k", Timing.REACTION, (Instruction(Verb.KILL, Target.SELF),), when=Trigger(EventKind.KNEELS)),
    Ability("p", Timing.REACTION, (Instruction(Verb.STAND, Target.SELF),), when=Trigger(EventKind.KNEELS),
            cost=(Instruction(Verb.PAY, Target.YOU, amount=1, resource="gold"),)),
    Ability("t", Timing.REACTION, (Instruction(Verb.KNEEL, Target.CHOSEN, CardFilter(type="character")),),
            when=Trigger(EventKind.KNEELS)),
    Ability("r", Timing.REACTION, (Instruction(Verb.STAND, Target.SELF),),
            when=Trigger(EventKind.WINS_CHALLENGE, side="attacking")),
], ids=lambda a: a.id)
def test_an_ability_whose_judgement_reads_more_is_judged_afresh(ability):
    """A condition, a limit, a comparison with another card, "entered play", a kill (constant
    abilities may forbid it), a gold cost, a chosen target, a challenge's result: each reads what
    the key does not hold, so such an ability is never remembered."""
    assert agot_remembered.plain(ability, REFUSED) == (False, False)


def test_a_plain_ability_is_remembered():
    assert agot_remembered.plain(STAND_SELF, REFUSED) == (True, False)
    assert agot_remembered.plain(DRAW_YOU, REFUSED) == (True, True)


def test_the_switch_reads_the_environment():
    import subprocess
    import sys
    code = "from rulekit.core import remembered; print(remembered.ENABLED)"
    outs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env=dict(os.environ, RULEKIT_JUDGEMENT_CACHE=value, RULEKIT_PLAIN=plain)).stdout.strip()
            for value, plain in (("0", ""), ("1", ""), ("off", ""), ("1", "1"))]
    assert outs == ["False", "True", "False", "False"]     # RULEKIT_PLAIN=1 runs every plain version


# -- set-ups remembered (rulekit.core.game._set_up) -----------------------------------------------------
def test_a_set_up_is_shared_only_by_games_of_the_same_cards_rulings_and_pools():
    from boards import claim2
    from rulekit.core.game import _set_up
    scenario = Game.start(claim2().build()).scenario
    first = Game.start(scenario).timeline[0].state
    assert Game.start(scenario).timeline[0].state is first          # remembered: the very same frozen state
    ruled = Game.start(scenario, rulings={"agot.replacement-triggers": "trigger"}).timeline[0].state
    assert ruled is not first and ruled.rulings["agot.replacement-triggers"] == "trigger"
    from dataclasses import replace
    pooled = replace(scenario, pools={"P1": {"gold": 2}})
    assert _set_up(pooled).pool("P1") == {"gold": 2} and first.pool("P1") == {}
    with remembered.disabled():
        fresh = Game.start(scenario).timeline[0].state
    assert fresh is not first and fresh == first
