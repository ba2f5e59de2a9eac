"""How and when a card entered play (rule ``agot.entered-play``; Rules Reference, "Enters Play",
"Marshal", "Ambush (X)", "Put into Play"): the means an "enters play" triggering condition names,
and "entered play this phase / this round" read from what the card remembers while in play."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekit import Game
from rulekit.core.abilities import CardFilter
from rulekit.core.errors import ScenarioError
from rulekit.core.matching import counted
from rulekit.files import loads_scenario
from rulekit.files.builder import ScenarioBuilder, draw, on, reaction

_FILE = """
ruleset: {ruleset}
title: entered play
players: [P1, P2]
first_player: P1
cards:
  - id: c
    title: Gloomfen Rake
    owner: P1
    zone: hand
    {extra}
    abilities:
      - id: r
        timing: {timing}
        when: {when}
        effect: [{effect}]
script:
  - {entry}
"""


def _file(ruleset="agot", extra="", timing="reaction", when="{event: enters play}",
          effect="{do: draw, target: you}", entry="{do: put into play, cards: [c]}"):
    return _FILE.format(ruleset=ruleset, extra=extra, timing=timing, when=when, effect=effect, entry=entry)


@pytest.mark.parametrize("kw, wanted", [
    (dict(entry="{do: kill, cards: [c], how: marshal}"), "only 'put into play' takes it"),
    (dict(entry="{do: put into play, cards: [c], how: marshall}"), "did you mean 'marshal'"),
    (dict(entry="{do: put into play, cards: [c], how: ambush}"), None),
    (dict(when="{event: killed, how: marshal}"), "only an 'enters play' triggering condition takes it"),
    (dict(when="{event: enters play, how: smuggle}"), "not a way a card enters play"),
    (dict(effect="{do: kneel, target: chosen, filter: {entered: this turn}}"), "not a period"),
])
def test_what_a_file_may_say_about_entering_play(kw, wanted):
    if wanted is None:
        assert loads_scenario(_file(**kw))          # an ambush from hand loads
        return
    with pytest.raises(ScenarioError, match=wanted):
        loads_scenario(_file(**kw))


def test_marshaling_takes_a_card_from_hand():
    text = _file(entry="{do: put into play, cards: [c], how: marshal}").replace("zone: hand", "zone: dead pile")
    with pytest.raises(ScenarioError, match="only a card from their hand"):
        loads_scenario(text)


@pytest.mark.parametrize("when, effect", [
    ("{event: played, how: marshal}", "{do: draw, target: you}"),
    ("{event: played}", "{do: exhaust, target: chosen, filter: {entered: this phase}}"),
])
def test_riftbound_refuses_how_and_entered(when, effect):
    with pytest.raises(ScenarioError, match="belongs to another ruleset"):
        loads_scenario(_file(ruleset="riftbound", extra="type: unit", timing="triggered", when=when, effect=effect,
                             entry="{do: play, cards: [c]}"))


def test_a_card_that_leaves_play_is_a_new_object_and_a_new_entry_is_recorded():
    from rulekit.rulesets.agot.entering import entered_mismatch
    b = ScenarioBuilder("re-entry", ruleset="agot")
    b.card("k", "Marrowfen Knight", "P1", zone="hand")
    b.marshal("k", id="m").occur("kill", cards=("k",), id="k1")
    game = Game.start(b.build(), play_defaults=True)
    assert entered_mismatch("this phase", game.state.cards["k"], game.state) is not None     # in the dead pile
    b.put_into_play("k", id="back")
    game = Game.start(b.build(), play_defaults=True)
    assert entered_mismatch("this phase", game.state.cards["k"], game.state) is None
    assert game.state.cards["k"].incarnation == 3


def test_an_effects_put_into_play_is_not_marshaling():
    b = ScenarioBuilder("effect", ruleset="agot")
    b.card("gate", "Saltmere Gate", "P1", type="location",
           abilities=[reaction("r", on("enters play", how="marshal", player="you"), [draw()])])
    b.card("k", "Marrowfen Knight", "P1", zone="hand")
    b.card("d", "P1 deck card", "P1", zone="draw deck", type="event")
    game = Game.start(b.put_into_play("k", id="p").build(), play_defaults=True)
    assert not [s for s in game.timeline if s.what == "use"]


_STEPS = st.lists(st.one_of(st.tuples(st.just("phase"), st.sampled_from(["marshaling", "challenges", "dominance"])),
                            st.tuples(st.just("round"), st.just("")),
                            st.tuples(st.sampled_from(["marshal", "ambush", "put into play", "kill"]),
                                      st.sampled_from(["a", "b", "c"]))), max_size=8)


@settings(max_examples=40, deadline=None)
@given(steps=_STEPS)
def test_entered_this_phase_and_round_follow_the_last_entry(steps):
    """Over any script of phases, rounds, entries and kills: a card counts as having entered play
    this phase (this round) exactly when it is in play and its last entry came after the last
    phase (round) began — whatever the means."""
    b = ScenarioBuilder("periods", ruleset="agot")
    for c in "abc":
        b.card(c, f"Dunmarsh Spear {c}", "P1", zone="hand")
    phase_at = round_at = 0
    last: dict[str, tuple[int, int] | None] = {c: None for c in "abc"}
    clock = 0
    for k, (what, arg) in enumerate(steps):
        clock += 1
        if what == "phase":
            b.begin_phase(arg, id=f"e{k}")
            phase_at = clock
        elif what == "round":
            b.occur("begin round", id=f"e{k}")
            phase_at = round_at = clock
        elif what == "kill":
            b.occur("kill", cards=(arg,), id=f"e{k}")
            last[arg] = None
        else:
            in_play = last[arg] is not None
            b.occur("put into play", cards=(arg,), how=None if what == "put into play" else what, id=f"e{k}")
            if not in_play:
                last[arg] = (clock, clock)
    b.card("d", "P1 deck card", "P1", zone="draw deck", type="event")
    try:
        scenario = b.build()
    except ScenarioError:
        return      # marshaling a card that starts out of the hand is refused (covered above)
    state = Game.start(scenario, play_defaults=True).state
    for period, since in (("this phase", phase_at), ("this round", round_at)):
        found = {c.id for c in counted(CardFilter(entered=period), state, "P1", None)}
        assert found == {c for c, at in last.items() if at is not None and at[0] > since}
