"""Limits and maxes: a cancelled use still counts against its limit; a max counts across every copy
of a title and a limit per copy; a card that leaves and re-enters play is a new copy."""
from __future__ import annotations

from rulekit import Code

from shipped_agot import play


def test_a_cancelled_use_still_counts_against_its_limit():
    game = play("cancelled-ability-uses-its-limit")
    assert sum(game.state.usage.values()) == 1


def test_max_counts_across_every_copy_of_a_title_and_limit_per_copy():
    from rulekit import Ability, Game, Instruction, Target, Timing, Trigger
    from rulekit.core.abilities import Limit, Period
    from rulekit.files.builder import ScenarioBuilder
    from rulekit.core.events import EventKind, Verb

    def watcher(limit=None, max_=None):
        return Ability(id="r", timing=Timing.REACTION, when=Trigger(EventKind.KILLED),
                       effect=(Instruction(Verb.GAIN_POWER, Target.SELF),), limit=limit, max=max_)
    b = ScenarioBuilder("max", players=["P1", "P2"])
    for cid in ("a", "b"):            # two copies of one title, each "Max 1 per round"
        b.card(cid, "Crow", owner="P1", abilities=[watcher(max_=Limit(1, Period.ROUND))])
    b.card("v1", "Victim", owner="P2")
    b.card("v2", "Victim", owner="P2")
    game = Game.start(b.kill("v1", id="k1").kill("v2", id="k2").build())
    game = game.answer("a.r@s:k1:killed:v1")
    while game.decision:
        game = game.answer(game.decision.default)
    step = next(s for s in game.timeline if s.context and s.context.id == "s:k2" and s.verdicts)
    assert {v.card: v.code for v in step.verdicts} == {"a": Code.LIMIT_REACHED, "b": Code.LIMIT_REACHED}


def test_a_card_that_leaves_and_re_enters_play_is_a_new_copy_for_its_limit():
    from rulekit import Game
    from rulekit.core.abilities import Limit, Period
    from rulekit.files.builder import ScenarioBuilder, gain_power, killed, reaction
    ability = reaction("r", killed(which="other"), [gain_power(1)])
    ability = type(ability)(**{**{f: getattr(ability, f) for f in ability.__slots__}, "limit": Limit(1, Period.ROUND)})
    b = ScenarioBuilder("copies", players=["P1", "P2"])
    b.card("a", "Crow", owner="P1", abilities=[ability])
    b.card("v1", "Victim", owner="P2")
    b.card("v2", "Victim", owner="P2")
    b.kill("v1", id="k1").occur("return to hand", cards=("a",), id="bounce").occur("put into play", cards=("a",), id="back")
    game = Game.start(b.kill("v2", id="k2").build())
    game = game.answer("a.r@s:k1:killed:v1")
    while game.decision:
        assert game.decision.key.at == "s:k2:reaction"           # offered again: a new copy
        game = game.answer(game.decision.options[-1])
    assert game.state.cards["a"].obj == "a@2" and game.state.cards["a"].power == 1



def test_a_max_is_per_player():
    """Rules Reference, "Limits and Maxima": every maximum is player specific. P1 playing one copy
    leaves P2's own copy eligible; P1's second copy is at P1's maximum, and the verdict says whose."""
    from rulekit.files.expect import uses_of
    game = play("max-is-per-player")
    assert [u.partition(".")[0] for u in uses_of(game)] == ["w1", "w2"]
    last = [s for s in game.timeline if s.context is not None and s.context.id == "s:kill" and s.verdicts][-1]
    w3 = next(v for v in last.verdicts if v.card == "w3")
    assert w3.code is Code.LIMIT_REACHED and "for P1's copies of Murmurs in the Hall" in w3.detail


def test_a_limit_is_per_player_when_control_changes():
    """The same copy under a new controller: the uses counted were the old controller's."""
    game = play("limit-is-per-player")
    assert game.state.cards["tower"].power == 2 and game.state.cards["tower"].incarnation == 0
