"""Interrupts that change what happens: "would" interrupts and replacements. A "would" replacement
ends every interrupt to the original condition; plain replacements let later ones in and the
latest wins; the replaced condition still counts as occurred; card texts agree with their timing;
and the two rulings on replacements, each both ways."""
from __future__ import annotations

import dataclasses

import pytest

from rulekit import RULES, Game
from rulekit.files.expect import check_expect, offered_of, uses_of
from rulekit.files import load_scenario

from shipped_agot import AGOT, FILES, play, steps


# -- "would" ------------------------------------------------------------------------------------
def test_a_would_replacement_ends_every_interrupt_to_the_original_condition():
    game = play("would-replacement-ends-interrupts")
    replaces = steps(game, "replaces")[0]
    assert replaces.rule == "agot.would" and replaces.args_dict()["would"] is True
    assert "c7.i1@s:kill:killed:c3" not in offered_of(game)
    assert not steps(game, "forced")                       # Grim Watcher's forced interrupt never resolved
    occurs = next(s for s in game.timeline if s.what == "occurs" and s.context.id == "s:kill")
    assert occurs.args_dict()["replaced"] == (("s:kill:killed:c3", "refuge.w@s:kill:killed:c3"),)
    assert "agot.would" in RULES


def test_plain_interrupts_that_replace_still_let_later_ones_in_and_the_latest_wins():
    game = play("two-replacements-the-latest-wins")
    assert [s.rule for s in steps(game, "replaces")] == ["agot.replacement", "agot.replacement"]
    assert game.state.cards["c3"].zone == "hand"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_card_texts_agree_with_their_timing(path):
    """"would" in a card's text is a step-2 ability; a step-2 ability says "would" or cancels."""
    for card in load_scenario(path).scenario.cards:
        for a in card.abilities:
            says_would = " would " in a.text
            cancels = any(i.do.value == "cancel" for i in a.effect)
            if says_would:
                assert a.timing.value == "would interrupt", (card.id, a.id, a.text)
            if a.timing.value == "would interrupt":
                assert says_would or cancels, (card.id, a.id, a.text)


# -- replacements ---------------------------------------------------------------------------------
def test_replacement_resolves_in_place_of_the_condition_which_still_counts_as_occurred():
    game = play("replacement-still-counts-as-occurred")
    occurs = next(s for s in game.timeline if s.what == "occurs" and s.context.id == "s:kill")
    assert occurs.args_dict()["occurred"] == ("s:kill:killed:c3",)
    assert occurs.args_dict()["replaced"] == (("s:kill:killed:c3", "refuge.i@s:kill:killed:c3"),)


def test_the_most_recently_initiated_replacement_wins():
    game = play("two-replacements-the-latest-wins")
    assert game.state.cards["c3"].zone == "hand"


# -- the ruling agot.replacement-ends-interrupts ---------------------------------------------------
def test_under_the_any_replacement_ruling_a_plain_replacement_also_ends_the_interrupts():
    loaded = load_scenario(AGOT / "two-replacements-the-latest-wins.yaml")
    ruled = dataclasses.replace(loaded.scenario, rulings={"agot.replacement-ends-interrupts": "any-replacement"})
    game = Game.start(ruled, loaded.answers, play_defaults=True)
    first = steps(game, "replaces")[0]
    assert first.rule == "agot.would" and ("ruling", "agot.replacement-ends-interrupts=any-replacement") in first.args
    assert "refuge.i@s:kill:killed:c3" not in offered_of(game)
    assert [u.key.at for u in game.unapplied] == ["s:kill:interrupt"]       # P2's Refuge never came up
    assert game.state.cards["c3"].zone == "discard pile"                    # Wildfire's replacement is the one
    default = play("two-replacements-the-latest-wins")
    assert ("ruling", "agot.replacement-ends-interrupts=would-only") in steps(default, "replaces")[0].args


# -- the ruling agot.replacement-triggers, both ways ------------------------------------------------
def test_replacement_events_trigger_nothing_by_default():
    game = play("replacement-events-trigger")
    occurs = next(s for s in game.timeline if s.what == "occurs" and s.context.id == "s:kill")
    assert ("ruling", "agot.replacement-triggers=no-trigger") in occurs.args
    assert game.state.cards["harbor"].power == 0 and game.state.cards["shadow"].power == 1


def test_replacement_events_open_their_own_sequence_before_the_originals_reactions_when_ruled_so():
    game = play("replacement-events-trigger", **{"agot.replacement-triggers": "trigger"})
    occurs = next(s for s in game.timeline if s.what == "occurs" and s.context.id == "s:kill")
    assert ("ruling", "agot.replacement-triggers=trigger") in occurs.args
    assert game.state.cards["harbor"].power == 1 and game.state.cards["shadow"].power == 1
    assert game.state.cards["c3"].zone == "hand"
    order = uses_of(game)
    assert order.index("harbor.f@refuge.i@s:kill:killed:c3/instead/effect0:returned-to-hand:c3") < \
        order.index("shadow.f@s:kill:killed:c3")
    loaded = load_scenario(AGOT / "replacement-events-trigger.yaml")
    assert check_expect(game, loaded.expect) != []        # the file's outcome is the default ruling's
