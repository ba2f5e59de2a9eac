"""Runaway loops stop at the nesting bound with an error naming the abilities."""
from __future__ import annotations

import pytest

from boards import ScenarioBuilder, forced_reaction, kneel, on, stand
from rulekit import Game
from rulekit.limits import MAX_NESTING, RunawayLoop


def test_two_forced_reactions_that_trigger_each_other_stop_with_both_named():
    b = ScenarioBuilder("loop", players=["P1", "P2"])
    b.card("a", "Kneeler", owner="P1", abilities=[forced_reaction("k", on("stands", type="character"), [kneel("that card")])])
    b.card("b", "Stander", owner="P2", abilities=[forced_reaction("s", on("kneels", type="character"), [stand("that card")])])
    b.card("v", "Victim", owner="P2")
    with pytest.raises(RunawayLoop) as err:
        Game.start(b.kneel("v").build())
    assert "a.k" in str(err.value) and "b.s" in str(err.value)
    assert err.value.depth == MAX_NESTING + 1
    assert {name for name, _ in err.value.abilities} == {"a.k", "b.s"}
