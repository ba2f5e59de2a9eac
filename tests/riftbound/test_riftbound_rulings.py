"""Every Riftbound ruling, both ways on the same board: each changes the outcome, the step it
decides names it, and the file of the other option meets its own expect block."""
from __future__ import annotations

import pytest

from rulekit.files.expect import resolved_of
from shipped_riftbound import loaded, play, rulings_of


RULINGS = [
    # ruling, scenario (its default expect), the other option, what differs
    ("rb.optional", "optional-trigger-declined", "at-resolution", lambda g: len(g.state.cards_in("hand", "P1"))),
    ("rb.nth-count", "first-death-watcher-enters-late", "seen", lambda g: len(g.state.cards_in("hand", "P1"))),
    ("rb.source-info", "control-change-source-gone", "last-known", lambda g: len(g.state.cards_in("hand", "P1"))),
    ("rb.recheck-condition", "ilse-moved-in-response", "intervening-if", lambda g: g.state.cards["rune1"].kneeling),
    ("rb.replacement-triggers", "replacement-gear-deathknell", "no-trigger",
     lambda g: len(g.state.cards_in("hand", "P1"))),
    ("rb.own-leaving", "leave-the-board-sees-itself", "not-seen", lambda g: len(g.state.cards_in("hand", "P1"))),
    ("rb.legion-counts", "legion-counts-a-finalized-spell", "played", lambda g: len(g.state.cards_in("hand", "P1"))),
    ("rb.played-by", "spell-control-changed-on-the-chain", "controller", lambda g: g.state.cards["ember"].might),
    ("rb.resolution-step", "combat-triggers-wait-for-the-resolution-step", "whole-step", lambda g: resolved_of(g)),
    ("rb.pay-to-play", "pay-to-play-me-also-pays-its-cost", "instead", lambda g: g.state.cards["roc"].zone),
]


@pytest.mark.parametrize("ruling,name,other,outcome", RULINGS, ids=[r[0] for r in RULINGS])
def test_every_ruling_changes_the_outcome_and_the_step_it_decides_says_so(ruling, name, other, outcome):
    default = play(name)
    assert default.state.rulings[ruling] == default.state.rules.ruling(ruling).default
    switched = play(name, **{ruling: other})
    assert outcome(default) != outcome(switched)
    for game, option in ((default, default.state.rulings[ruling]), (switched, other)):
        said = {rulings_of(s) for s in game.timeline}
        assert f"{ruling}={option}" in said, f"no step of {name} names {ruling}={option}"


@pytest.mark.parametrize("ruling,name,other,outcome", RULINGS, ids=[r[0] for r in RULINGS])
def test_the_file_of_the_other_option_meets_its_own_expect(ruling, name, other, outcome):
    variants = {"rb.optional": "optional-trigger-declined-at-resolution",
                "rb.nth-count": "first-death-watcher-enters-late-seen",
                "rb.source-info": "control-change-source-gone-last-known",
                "rb.recheck-condition": "ilse-moved-in-response-intervening-if",
                "rb.replacement-triggers": "replacement-gear-deathknell-no-trigger",
                "rb.own-leaving": "leave-the-board-not-seen",
                "rb.legion-counts": "legion-counts-a-finalized-spell-played",
                "rb.played-by": "spell-control-changed-on-the-chain-controller",
                "rb.resolution-step": "combat-triggers-wait-for-the-resolution-step-whole-step",
                "rb.pay-to-play": "pay-to-play-me-instead-of-its-cost"}
    file = loaded(variants[ruling])
    assert file.scenario.rulings == {ruling: other}
    game = play(variants[ruling])
    assert outcome(game) == outcome(play(name, **{ruling: other}))
