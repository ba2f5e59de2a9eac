"""Bounded ids: under 256 characters an id keeps exactly its form; a longer one folds, the same in
every process, into a readable head and a digest; a two-card loop stops with every id bounded."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rulekit import Game
from rulekit import ids


def test_ids_under_256_characters_keep_exactly_their_form():
    for n in (0, 1, 100, 255):
        text = ("a.k@s:x:" * 40)[:n]
        assert ids.fold(text) == text
    assert ids.use("c6", "r1", "s:claim:killed:c3") == "c6.r1@s:claim:killed:c3"
    assert ids.window("s:claim", "reaction window") == "s:claim:reaction-window"


def test_longer_ids_fold_deterministically_into_a_readable_head_and_a_digest():
    long = "a.k@" + "b.s@s:kneel-a:kneels:a/effect0:" * 20
    folded = ids.fold(long)
    assert len(folded) < 256 and folded.startswith("a.k@") and folded == ids.fold(long)
    assert ids.fold(long + "x") != folded
    code = f"from rulekit import ids; print(ids.fold({long!r}))"
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env=dict(os.environ, PYTHONHASHSEED=seed)).stdout.strip() for seed in ("1", "2")}
    assert outs == {folded}


def _loop():
    from rulekit.files.builder import ScenarioBuilder, forced_reaction, kneel, on, stand
    b = ScenarioBuilder("loop", players=["P1", "P2"])
    b.card("a", "Kneeler", owner="P1", abilities=[forced_reaction("k", on("stands", type="character"), [kneel("that card")])])
    b.card("b", "Stander", owner="P2", abilities=[forced_reaction("s", on("kneels", type="character"), [stand("that card")])])
    return b.kneel("a").build()


def test_a_two_card_loop_stops_naming_its_abilities_with_every_id_bounded():
    from rulekit.core.limits import RunawayLoop
    from rulekit.core.timeline import steps
    with pytest.raises(RunawayLoop) as err:
        Game.start(_loop(), play_defaults=True, max_nesting=200)
    assert "a.k" in str(err.value) and "b.s" in str(err.value)
    longest = max(len(v) for s in steps(err.value.step) for _, v in s.args if isinstance(v, str))
    assert 200 < longest < 256
