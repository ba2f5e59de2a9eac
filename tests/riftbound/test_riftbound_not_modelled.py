"""An effect rulekit does not simulate (rule ``rulekit.not-modelled``) in Riftbound: Riftbound has
no test that an effect could change the game state (rule rb.targets; Core Rules 055 and 055.1), so
``changes_state`` changes nothing here — a triggered ability or a played spell whose effect is
"not modelled" is placed on the Chain and resolves either way, changing nothing."""
from __future__ import annotations

import pytest

from rulekit import Code, Game
from rulekit.files.builder import ScenarioBuilder, cards, killed, not_modelled, triggered
from rulekit.core.abilities import Ability, Timing

from shipped_riftbound import play

TEXT = "look at the top 3 cards of your main deck and put them back in any order"


def _board(changes_state: bool):
    b = ScenarioBuilder("not modelled", players=["P1", "P2"], ruleset="riftbound")
    b.card("p1m0", "P1 card 0", owner="P1", zone="main deck", type="unit")
    b.card("seer", "Tidewatch Seer", owner="P1", zone="base", type="unit", might=2, abilities=[
        triggered("w", killed(card=cards(type="unit", controller="you")), [not_modelled(TEXT, changes_state=changes_state)],
                  text="When a friendly unit dies, look at the top 3 cards of your Main Deck. Put them back in any order.")])
    b.card("recruit", "Harbor Recruit", owner="P1", zone="base", type="unit", might=1)
    return b.kill("recruit", id="d").build()


@pytest.mark.parametrize("changes_state", [True, False])
def test_it_triggers_and_resolves_whatever_changes_state_says(changes_state):
    game = Game.start(_board(changes_state), play_defaults=True)
    verdict = next(v for s in game.timeline for v in s.verdicts if v.card == "seer")
    assert verdict.code is Code.TRIGGERS
    [step] = [s for s in game.timeline if s.what == "rb-not-modelled"]
    assert step.rule == "rulekit.not-modelled"
    assert step.state.cards == step.before.cards and step.state.decks == step.before.decks
    assert dict(step.args)["verb"] == f"not modelled: {TEXT}"
    assert "rb-resolved" in [s.what for s in game.timeline]


def test_a_spell_whose_effect_is_not_modelled_can_be_played_with_priority():
    """A spell with priority (an action in the Main Phase) is playable whatever its effect says:
    no "could change the game state" test applies."""
    b = ScenarioBuilder("spell", players=["P1", "P2"], ruleset="riftbound")
    spell = Ability(id="s", timing=Timing.ACTION, effect=(not_modelled("look at an opponent's hand"),),
                    text="Look at an opponent's hand.")
    b.card("glimpse", "Fleeting Glimpse", owner="P1", zone="hand", type="spell", abilities=[spell])
    game = Game.start(b.begin_phase("main", id="m").build())
    assert game.decision is not None and "glimpse.s" in game.decision.option_ids
    game = game.answer("glimpse.s").play_defaults()
    assert [s.what for s in game.timeline].count("rb-not-modelled") == 1
    assert game.state.cards["glimpse"].zone == "trash"


def test_the_shipped_board_resolves_both_items_newest_first():
    game = play("not-modelled-effect-trigger")
    said = [dict(s.args)["verb"] for s in game.timeline if s.what == "rb-not-modelled"]
    assert said == ["not modelled: look at an opponent's hand", f"not modelled: {TEXT}"]
