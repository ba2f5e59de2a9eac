"""Interrupts that change what happens: "would" interrupts and replacements. A "would … instead"
read as a change ends every interrupt to the original condition, which never occurs; read as a
replacement (the default) it is one like any other; plain replacements let later ones in and the
latest wins; the replaced condition still counts as occurred; card texts agree with their timing;
the two rulings on replacements, each both ways, and no combination of them gives the mix; the
removed ruling is refused, naming its replacement."""
from __future__ import annotations

import dataclasses

import pytest

from rulekit import RULES, Game, ScenarioError, rulesets
from rulekit.files.expect import check_expect, offered_of, uses_of
from rulekit.files import load_scenario

from cli_output import run_cli
from shipped_agot import AGOT, FILES, play, steps


# -- "would" ------------------------------------------------------------------------------------
def test_a_would_instead_read_as_a_change_ends_every_interrupt_and_the_original_never_occurs():
    game = play("would-replacement-ends-interrupts")
    changes = steps(game, "changes")[0]
    assert changes.rule == "agot.would" and ("ruling", "agot.would-instead=change") in changes.args
    assert "c7.i1@s:kill:killed:c3" not in offered_of(game)
    assert not steps(game, "forced")                       # Grim Watcher's forced interrupt never resolved
    assert not [s for s in game.timeline if s.what == "occurs" and s.context.id == "s:kill"]
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


# -- the ruling agot.would-instead, both ways (it replaced agot.replacement-ends-interrupts) ---------
def _ruled(name, **rulings):
    """A shipped board under other rulings, with its file's answers: those that no longer come up
    (a window that never opens under that reading) are left unapplied."""
    loaded = load_scenario(AGOT / f"{name}.yaml")
    return Game.start(dataclasses.replace(loaded.scenario, rulings=rulings), loaded.answers, play_defaults=True)


def _outcome(game):
    cards = game.state.cards
    return {"serf": cards["serf"].zone, "gallows": cards["gallows"].power, "tally": cards["tally"].power,
            "road": cards["road"].power,
            "P1 hand": sum(1 for c in cards.values() if c.owner == "P1" and c.zone == "hand")}


def test_the_would_instead_board_differs_under_the_two_readings_each_checked_against_its_file():
    replacement = play("would-instead-as-a-replacement")
    change = play("would-instead-as-a-change")
    assert _outcome(replacement) == {"serf": "hand", "gallows": 1, "tally": 1, "road": 0, "P1 hand": 1}
    assert _outcome(change) == {"serf": "hand", "gallows": 0, "tally": 0, "road": 1, "P1 hand": 0}
    # the same board, the other option: each file's board under the other reading gives the other outcome
    assert _outcome(_ruled("would-instead-as-a-replacement", **{"agot.would-instead": "change"})) == _outcome(change)
    flipped = play("would-instead-as-a-change", **{"agot.would-instead": "replacement"})
    assert _outcome(flipped)["gallows"] == 1 and _outcome(flipped)["tally"] == 0   # P1's answers are the change file's
    assert rulesets.get("agot").ruling("agot.would-instead").default == "replacement"


@pytest.mark.parametrize("would_instead", ["replacement", "change"])
@pytest.mark.parametrize("triggers", ["no-trigger", "trigger"])
def test_no_combination_of_the_rulings_gives_the_mixed_reading(would_instead, triggers):
    """The mix the issue names: the interrupts to the original end (a change), yet its reactions
    still come (a replacement). Under every combination, either the original still gets its forced
    interrupt and its reactions (a replacement), or neither (a change)."""
    game = _ruled("would-instead-as-a-replacement", **{"agot.would-instead": would_instead,
                                                        "agot.replacement-triggers": triggers})
    forced = any(s.what == "forced" and s.args_dict()["use"] == "gallows.f@s:k:killed:serf" for s in game.timeline)
    reactions = any(s.context is not None and s.context.id == "s:k" and s.context.step.number == 7
                    for s in game.timeline)
    assert forced == reactions == (would_instead == "replacement")


def test_a_file_that_sets_the_removed_ruling_is_refused_naming_its_replacement(tmp_path):
    text = (AGOT / "replacement-still-counts-as-occurred.yaml").read_text()
    path = tmp_path / "old.yaml"
    path.write_text(text.replace("title:", "rulings: {agot.replacement-ends-interrupts: any-replacement}\ntitle:", 1))
    with pytest.raises(ScenarioError) as info:
        load_scenario(path).start()
    assert "agot.would-instead" in str(info.value) and "removed" in str(info.value)
    assert info.value.path == "rulings.agot.replacement-ends-interrupts"
    code, out, err = run_cli("check", str(path))
    assert code == 2 and "agot.would-instead" in err and "Traceback" not in err
    code, out, err = run_cli("trace", str(AGOT / "replacement-still-counts-as-occurred.yaml"),
                             "--ruling", "agot.replacement-ends-interrupts=any-replacement")
    assert code == 2 and "agot.would-instead" in err


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
