"""The engine pauses Python's cyclic collector while it runs and leaves it as it found it: enabled
again, nothing left frozen, and a caller's own frozen objects still frozen."""
import gc

from rulekit import Game
from rulekit.files.builder import ScenarioBuilder, gain_power, on, reaction


def _scenario():
    b = ScenarioBuilder("gc", players=["P1", "P2"])
    b.card("w", "Watcher", owner="P1", abilities=[reaction("r", on("kneels"), [gain_power(1)])])
    b.card("f", "Filler", owner="P2")
    return b.kneel("f").stand("f").build()


def test_collector_restored_and_nothing_left_frozen():
    assert gc.isenabled()
    game = Game.start(_scenario(), play_defaults=True)
    assert game.decision is None
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_collector_left_off_when_the_caller_turned_it_off():
    gc.disable()
    try:
        Game.start(_scenario(), play_defaults=True)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_callers_frozen_objects_stay_frozen(monkeypatch):
    """The engine neither freezes nor unfreezes when the caller has frozen objects: it calls
    neither, and the caller's own objects are still in the permanent generation afterwards (which
    ``gc.get_objects()`` does not list). The frozen count itself is not compared: an entry some
    cache kept — rulekit's or the standard library's — frozen with the rest, may be replaced and
    freed while the game runs, which lowers the count and unfreezes nothing."""
    from rulekit.core import engine, remembered

    calls = []

    class Watched:
        def __getattr__(self, name):
            if name in ("freeze", "unfreeze"):
                return lambda: calls.append(name)
            return getattr(gc, name)
    monkeypatch.setattr(engine, "gc", Watched())
    was = remembered.ENABLED
    try:
        for remembering in (True, False):
            remembered.set_enabled(remembering)
            mine = [[remembering, n] for n in range(3)]          # the caller's objects, tracked by gc
            gc.freeze()
            try:
                assert gc.get_freeze_count() > 0
                assert not {id(m) for m in mine} & {id(o) for o in gc.get_objects()}
                Game.start(_scenario(), play_defaults=True)
                assert calls == []
                assert not {id(m) for m in mine} & {id(o) for o in gc.get_objects()}    # still frozen
            finally:
                gc.unfreeze()
            assert {id(m) for m in mine} <= {id(o) for o in gc.get_objects()}          # and back on unfreezing
    finally:
        remembered.set_enabled(was)
