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
    """The engine neither freezes nor unfreezes when the caller has frozen objects. (With
    judgements remembered across games, the count of frozen objects may fall: an entry rulekit
    itself kept, frozen with the rest, is replaced and freed — that unfreezes nothing. With
    remembering off nothing of rulekit's is freed, and the count stays exactly.)"""
    from rulekit.core import engine, remembered

    calls = []

    class Watched:
        def __getattr__(self, name):
            if name in ("freeze", "unfreeze"):
                return lambda: calls.append(name)
            return getattr(gc, name)
    Game.start(_scenario(), play_defaults=True)    # what is compiled on first use (a hash, an equality) is
    monkeypatch.setattr(engine, "gc", Watched())    # compiled now: its stand-in, frozen and then freed, would lower the count
    was = remembered.ENABLED
    for remembering in (True, False):
        remembered.set_enabled(remembering)
        gc.freeze()
        try:
            frozen = gc.get_freeze_count()
            assert frozen > 0
            Game.start(_scenario(), play_defaults=True)
            assert calls == []
            if not remembering:
                assert gc.get_freeze_count() == frozen
        finally:
            gc.unfreeze()
    remembered.set_enabled(was)
