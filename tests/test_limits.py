"""Runaway loops stop at the nesting bound with an error naming the abilities."""
from __future__ import annotations

import pytest

from boards import ScenarioBuilder, forced_reaction, kneel, on, stand
from rulekit import Game
from rulekit.limits import MAX_NESTING, RunawayLoop


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
    from rulekit.timeline import steps
    b = loop_board()
    with pytest.raises(RunawayLoop) as err:
        Game.start(b.kneel("v").build(), max_nesting=5)
    assert err.value.depth == 6
    kept = steps(err.value.step)
    assert kept[0].what == "setup" and any(s.what == "forced" for s in kept)
    # each nested sequence is counted once for the ability whose effect opened it
    assert err.value.abilities == (("b.s", 4), ("a.k", 2))
    assert "b.s ×4, a.k ×2" in str(err.value)
