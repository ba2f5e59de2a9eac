"""Runaway loops stop at the nesting bound with an error naming the abilities."""
from __future__ import annotations

import pytest

from boards import ScenarioBuilder, forced_reaction, kneel, on, stand
from rulekit.rulesets import get as get_ruleset
from rulekit import Game
from rulekit.core.limits import MAX_NESTING, RunawayLoop


def loop_board() -> ScenarioBuilder:
    """Two forced reactions that trigger each other without end: kneel ↔ stand."""
    b = ScenarioBuilder("loop", players=["P1", "P2"])
    b.card("a", "Kneeler", owner="P1", abilities=[forced_reaction("k", on("stands", type="character"), [kneel("that card")])])
    b.card("b", "Stander", owner="P2", abilities=[forced_reaction("s", on("kneels", type="character"), [stand("that card")])])
    b.card("v", "Victim", owner="P2")
    return b


def test_two_forced_reactions_that_trigger_each_other_stop_with_both_named():
    b = loop_board()
    with pytest.raises(RunawayLoop) as err:
        Game.start(b.kneel("v").build())
    assert "a.k" in str(err.value) and "b.s" in str(err.value)
    assert err.value.depth == MAX_NESTING + 1
    assert {name for name, _ in err.value.abilities} == {"a.k", "b.s"}


def test_the_bound_is_configurable_and_the_timeline_up_to_the_loop_is_kept():
    from rulekit.core.timeline import steps
    b = loop_board()
    with pytest.raises(RunawayLoop) as err:
        Game.start(b.kneel("v").build(), max_nesting=5)
    assert err.value.depth == 6
    kept = steps(err.value.step)
    assert kept[0].what == "setup" and any(s.what == "forced" for s in kept)
    # each nested sequence is counted once for the ability whose effect opened it
    assert err.value.abilities == (("b.s", 4), ("a.k", 2))
    assert "b.s ×4, a.k ×2" in str(err.value)


def test_the_step_bound_counts_per_script_entry_so_a_long_script_runs():
    b = ScenarioBuilder("a long script", players=["P1", "P2"])
    b.card("a", "Soldier", owner="P1")
    for _ in range(3000):                 # 6,000 entries, each a few steps: far more steps than the bound
        b.kneel("a")
        b.stand("a")
    game = Game.start(b.build(), play_defaults=True)
    assert game.finished and len(game.timeline) > 10_000


def test_a_loop_inside_one_entry_stops_at_the_step_bound_naming_its_abilities():
    from rulekit.core.engine import run
    from rulekit.core.frames import ScriptFrame
    from rulekit.core.model import initial_state
    from rulekit.core.timeline import Step, steps
    scenario = loop_board().kneel("v").build()
    state = initial_state(get_ruleset(scenario.ruleset), scenario.players, scenario.first_player, scenario.cards)
    first = Step(None, 0, "rulekit.setup", "setup", (), state, (ScriptFrame(0),))
    with pytest.raises(RunawayLoop) as e:
        run(scenario, first, auto=True, max_nesting=100_000, step_limit=500)
    assert "500 steps" in str(e.value)
    names = dict(e.value.abilities)
    assert set(names) >= {"a.k", "b.s"} and all(n > 10 for n in names.values())
    assert len(steps(e.value.step)) <= 502


def test_the_step_bound_counts_one_entrys_steps_and_not_the_end_of_the_script():
    """A single kneel: ten steps with the setup and the end of the script. The bound is about
    one entry; the step that ends the script does not count toward it (found in review: a
    bound of 9 raised once the loop stopped resetting when the script ended)."""
    from rulekit.files.builder import ScenarioBuilder
    from rulekit.core.engine import run
    from rulekit.core.frames import ScriptFrame
    from rulekit.core.model import initial_state
    from rulekit.core.timeline import Step, steps
    scenario = ScenarioBuilder("one kneel").card("a", "Soldier", owner="P1").kneel("a").build()
    state = initial_state(get_ruleset(scenario.ruleset), scenario.players, scenario.first_player, scenario.cards)
    first = Step(None, 0, "rulekit.setup", "setup", (), state, (ScriptFrame(0),))
    whole = steps(run(scenario, first, auto=True).step)
    assert [s.what for s in whole][-1] == "script-done" and len(whole) == 10
    run(scenario, first, auto=True, step_limit=9)          # the entry's own steps fit
    with pytest.raises(RunawayLoop):
        run(scenario, first, auto=True, step_limit=8)
