"""A Game of Thrones' challenges (rules ``agot.challenge``, ``agot.lasting``, ``agot.challenge-history``,
``agot.limit``'s "per challenge"): the framework steps as occurrences (Rules Reference, "Appendix I:
Timing and Gameplay", 4.2-4.2.6), the result by STR ("Winning a Challenge"), participation, lasting
STR and the checks of every new word."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario
from rulekit.files.expect import uses_of
from dataclasses import replace

from rulekit import Code, Game
from rulekit.core.abilities import Timing
from rulekit.files.builder import (ScenarioBuilder, cards, challenges_so_far, do, draw, forced_reaction, give_strength,
                                   on, reaction)



def _board(attack=(3,), defend=(1,), *, abilities=()):
    b = ScenarioBuilder("challenge", phase="challenges")
    for p in ("P1", "P2"):
        for k in range(3):
            b.card(f"{p}d{k}", f"{p} deck card {k}", p, zone="draw deck", type="attachment")
    for k, s in enumerate(attack):
        b.card(f"a{k}", f"Attacker {k}", "P1", strength=s)
    for k, s in enumerate(defend):
        b.card(f"d{k}", f"Defender {k}", "P2", strength=s)
    b.card("loc", "Watch Hall", "P1", type="location")
    if abilities:
        b.give("loc", *abilities)
    return b


def _game(b):
    return Game.start(b.build(), play_defaults=True)


def test_a_tie_goes_to_the_attacker_and_zero_strength_cannot_win():
    state = _game(_board((2,), (2,)).challenge("P1", "power", ["a0"], ["d0"], id="c")).state
    assert state.challenges[-1].winner == "P1" and state.challenges[-1].margin == 0
    state = _game(_board((0,), (0,)).challenge("P1", "power", ["a0"], ["d0"], id="c")).state
    assert state.challenges[-1].winner is None and state.challenges[-1].loser is None
    state = _game(_board((1,), (3,)).challenge("P1", "power", ["a0"], ["d0"], id="c")).state
    assert (state.challenges[-1].winner, state.challenges[-1].loser) == ("P2", "P1")


def test_the_builder_writes_a_challenge_and_the_trigger_fields():
    win = forced_reaction("r", on("wins a challenge", player="you", margin=2, side="attacking"), (draw(),))
    far = forced_reaction("f", on("wins a challenge", player="you", margin=3), (draw(),))
    game = _game(_board((3,), (1,), abilities=(win, far)).challenge("P1", "military", ["a0"], ["d0"], id="c"))
    assert uses_of(game) == ("loc.r@s:c/result:wins-a-challenge:P1",)    # by 2, not by 3 or more
    state = game.state
    assert state.cards["a0"].kneeling and state.cards["d0"].kneeling
    assert state.cards["a0"].participating is None          # the challenge ended (4.2.6)
    assert state.challenges[-1].ended and state.challenges[-1].margin == 2


def test_a_kneeling_character_is_not_declared():
    b = _board((3,), (5,))
    b._cards = [c.changed(kneeling=True) if c.id == "d0" else c for c in b._cards]
    game = _game(b.challenge("P1", "military", ["a0"], ["d0"], id="c"))
    step = next(s for s in game.timeline if s.what == "no-defenders")
    assert step.args_dict()["left_out"] == (("d0", "Defender 0 is kneeling"),)
    assert game.state.challenges[-1].unopposed


def test_a_character_that_leaves_play_no_longer_counts():
    """"Participating": a participating character that leaves play no longer participates, so its
    STR no longer counts when the sides are compared."""
    kill = forced_reaction("r", on("defends", type="character", one_or_more=True),
                           (do("kill", "each", cards(type="character", controller="opponent", challenge="defending")),))
    game = _game(_board((2,), (5,), abilities=(kill,)).challenge("P1", "military", ["a0"], ["d0"], id="c"))
    c = game.state.challenges[-1]
    assert game.state.cards["d0"].zone == "dead pile" and game.state.cards["d0"].participating is None
    assert (c.attacking_str, c.defending_str, c.winner, c.unopposed) == (2, 0, "P1", True)


def test_strength_until_the_end_of_the_challenge_outside_a_challenge_changes_nothing():
    """Rules Reference, "Lasting Effects": with no challenge under way the effect would expire at
    once, changing nothing, so it fails to initiate ("Abilities": not even a forced ability is
    initiated where its effect could change nothing; agot.initiate)."""
    pump = reaction("r", on("killed", type="character"),
                    (give_strength(2, "each", cards(type="character", controller="you"), until="challenge"),))
    b = _board((1,), (1,), abilities=(replace(pump, timing=Timing.FORCED_REACTION),))
    b.kill("d0", id="k")
    game = _game(b)
    assert game.state.cards["a0"].strength == 1
    verdicts = [v for s in game.timeline for v in s.verdicts if v.ability == "r"]
    assert verdicts and all(v.code is Code.NO_EFFECT and "no challenge is under way" in v.detail for v in verdicts)
    assert not any(s.what == "forced" for s in game.timeline)


def test_the_history_condition_counts_the_round_and_the_phase():
    """"if you have not lost a challenge this round / this phase" (agot.challenge-history)."""
    for this, after_phase in (("round", False), ("phase", True)):
        counsel = forced_reaction("r", on("killed", type="character"), (draw(),),
                                  condition=(challenges_so_far("won", this=this, at_least=1),))
        b = _board((3,), (1,), abilities=(counsel,)).challenge("P1", "power", ["a0"], ["d0"], id="c")
        b.begin_phase("dominance", id="dom")
        b.kill("d0", id="k")
        game = _game(b)
        drew = len(game.state.cards_in("hand", "P1"))
        assert drew == (0 if after_phase else 1), this


_CARD = """
ruleset: {ruleset}
title: t
players: [P1, P2]
first_player: P1
cards:
  - {{id: a, title: Tester, owner: P1, {extra}
    abilities: [{{id: r, timing: {timing}, when: {when}, {ability}
                 effect: [{effect}]}}]}}
script: [{script}]
"""


def _load(ruleset="agot", extra="", timing="reaction", when="{event: killed}", ability="", effect="{do: draw, target: you}",
          script="{do: kill, cards: [a]}"):
    text = _CARD.format(ruleset=ruleset, extra=extra or ("type: unit, zone: base," if ruleset == "riftbound" else ""),
                        timing="triggered" if ruleset == "riftbound" else timing, when=when, ability=ability,
                        effect=effect, script=script)
    return loads_scenario(text, "t.yaml")


@pytest.mark.parametrize("kw, words", [
    (dict(script="{do: challenge, player: P1, challenge: militray, cards: [a]}"), "did you mean 'military'"),
    (dict(script="{do: challenge, player: P1, challenge: power, cards: []}"), "at least one attacker"),
    (dict(script="{do: attack, cards: [a]}"), "declared in a challenge"),
    (dict(script="{do: kill, cards: [a], defenders: [a]}"), "belongs to a 'challenge' entry"),
    (dict(when="{event: killed, margin: 5}"), "describes a challenge's result"),
    (dict(when="{event: wins a challenge, side: attacker}"), "did you mean 'attacking'"),
    (dict(effect="{do: draw, target: you, until: challenge}"), "only 'give strength'"),
    (dict(effect="{do: give strength, target: self, amount: 1, until: round}"), "not an end a lasting effect has"),
    (dict(effect="{do: kneel, target: each, filter: {challenge: attacker}}"), "did you mean 'attacking'"),
    (dict(ability="condition: [{challenges: {result: lose}, at_most: 0}],"), "did you mean 'lost'"),
    (dict(ability="condition: [{challenges: {result: lost}}],"), "needs at_least or at_most"),
    (dict(ability="max: {times: 1, per: challenge},", when="{event: killed}"), None),
])
def test_a_game_of_thrones_file_is_checked(kw, words):
    if words is None:
        _load(**kw)
        return
    with pytest.raises(ScenarioError, match=words.replace("(", r"\(")):
        _load(**kw)


@pytest.mark.parametrize("kw, field", [
    (dict(script="{do: challenge, player: P1, challenge: power, cards: [a]}"), "do"),
    (dict(effect="{do: exhaust, target: each, filter: {challenge: attacking}}"), "challenge"),
    (dict(ability="condition: [{challenges: {result: lost}, at_most: 0}],"), "challenges"),
    (dict(when="{event: killed, margin: 5}"), "margin"),
])
def test_riftbound_refuses_the_words_of_challenges(kw, field):
    with pytest.raises(ScenarioError) as err:
        _load("riftbound", **kw)
    assert field in str(err.value)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=1, max_size=3), st.lists(st.integers(0, 6), max_size=3))
def test_the_winner_follows_the_strength_totals(attack, defend):
    """Property ("Winning a Challenge", framework step 4.2.2): the higher total wins, a tie goes to
    the attacker, a side with 0 STR or no participant cannot win, and only then is no one the
    winner; unopposed is the attacker's win with 0 defending STR."""
    game = _game(_board(tuple(attack), tuple(defend)).challenge(
        "P1", "intrigue", [f"a{k}" for k in range(len(attack))], [f"d{k}" for k in range(len(defend))], id="c"))
    c = game.state.challenges[-1]
    a, d = sum(attack), sum(defend)
    assert (c.attacking_str, c.defending_str) == (a, d)
    expected = ("P1" if a >= 1 else None) if a >= d else ("P2" if d >= 1 else None)
    assert c.winner == expected
    assert c.unopposed == (expected == "P1" and d == 0)
    assert c.ended and all(game.state.cards[f"a{k}"].participating is None for k in range(len(attack)))


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_every_challenge_on_generated_boards_ends_by_the_rules(data):
    """Property over generated boards (agot.challenge, agot.lasting): whatever the abilities do, a
    challenge's winner counted 1 STR or more and its loser is the other side; once the game is
    over every challenge has ended, no character participates and no STR "until the end of the
    challenge" is left."""
    from strategies import played, scenarios
    game = played(data.draw(scenarios()), data)
    if game is None or not game.finished:
        return
    state = game.state
    for c in state.challenges:
        assert c.ended
        if c.winner is not None:
            total = c.attacking_str if c.winner == c.attacker else c.defending_str
            other = c.defending_str if c.winner == c.attacker else c.attacking_str
            assert total >= 1 and total >= other and c.loser == ({c.attacker, c.defender} - {c.winner}).pop()
    for card in state.cards.values():
        if card.extension is not None:
            assert card.participating is None and card.until_challenge == 0
