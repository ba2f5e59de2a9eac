"""Sans-IO decisions, illegal answers, and lines of play that survive edits of the board; a game is
immutable, and an answer for another scenario, another decision or a decision that has moved on
is reported or refused, never applied."""
from __future__ import annotations

from pathlib import Path

import pytest

from boards import claim2
from helpers import answer_all, use_first
from rulekit import PASS, AnswerKey, DecisionKind, Game, IllegalAnswer, Line, Option, Scenario
from rulekit.core.digest import digest
from rulekit.files import load_scenario, loads_scenario

ROOT = Path(__file__).resolve().parents[2]
CLAIM = ROOT / "scenarios" / "agot" / "claim-2-kill.yaml"


def test_answer_returns_a_new_game_and_leaves_the_old_one_intact():
    game = Game.start(claim2().build())
    before = digest((game.state, game.control))
    after = game.answer(game.decision.options[1])
    assert digest((game.state, game.control)) == before
    assert after.last_step.number > game.last_step.number
    assert game.decision is not None


def test_an_illegal_answer_names_the_decision_lists_the_legal_options_and_changes_nothing():
    game = Game.start(claim2().build())
    snapshot = (digest((game.state, game.control)), game.decision, game.line)
    with pytest.raises(IllegalAnswer) as err:
        game.answer("c6.r1@s:claim:killed:c3")     # a reaction, offered in the interrupt window
    msg = str(err.value)
    assert "act or pass" in msg and "s:claim:interrupt" in msg and "P2" in msg
    assert "'pass'" in msg and "'c7.i1@s:claim:killed:c3'" in msg
    assert err.value.legal == game.decision.legal_ids()
    assert (digest((game.state, game.control)), game.decision, game.line) == snapshot


def test_a_stale_option_from_another_decision_is_rejected():
    game = Game.start(claim2().build())
    stale = game.decision.options[1]
    later = game.answer(stale)
    with pytest.raises(IllegalAnswer, match="not an option of this decision|not a legal option"):
        later.answer(Option(stale.id, "forged label"))
    with pytest.raises(IllegalAnswer, match="not an option of this decision"):
        later.answer(stale)
    with pytest.raises(IllegalAnswer, match="not a legal option"):
        later.answer(stale.id)


def test_answering_a_finished_game_is_an_error():
    game = Game.start(claim2().build(), play_defaults=True)
    assert game.finished
    with pytest.raises(IllegalAnswer, match="no decision is pending"):
        game.answer(PASS)


def test_the_line_keeps_only_answers_that_differ_from_the_defaults():
    game = answer_all(Game.start(claim2().build()), use_first)
    assert len(game.line) == 4
    assert all(k.kind is DecisionKind.ACT_OR_PASS for k, _ in game.line.items())
    assert len(answer_all(Game.start(claim2().build()), lambda d: d.default).line) == 0


def test_replaying_the_line_gives_the_same_timeline():
    played = answer_all(Game.start(claim2().build()), use_first)
    replayed = Game.start(claim2().build(), answers=played.line, play_defaults=True)
    # identical but for how each answer was given ("chosen" then, "recorded" now)
    assert [s.record()[:-1] for s in replayed.timeline] == [s.record()[:-1] for s in played.timeline]
    assert {s.answered_by for s in replayed.timeline if s.answer and s.answer != "pass"} == {"recorded"}
    assert replayed.state == played.state and replayed.unapplied == ()


def test_answers_survive_an_edit_and_the_ones_that_no_longer_apply_are_reported():
    played = answer_all(Game.start(claim2().build()), use_first)
    # Edit: Barrowhill Raven is no longer on the board (it is in P1's hand).
    edited = claim2().build()
    cards = tuple(c if c.id != "c6" else c.__class__(**{**{f: getattr(c, f) for f in c.__slots__}, "zone": "hand"})
                  for c in edited.cards)
    edited = Scenario(edited.title, edited.players, edited.first_player, cards, edited.script)
    replayed = Game.start(edited, answers=played.line, play_defaults=True)
    used = [s.args_dict()["use"] for s in replayed.timeline if s.what == "use"]
    assert used == ["c7.i1@s:claim:killed:c3", "c7.i1@s:claim:killed:c4"]     # Orwyn's answers still apply
    assert {u.key.at for u in replayed.unapplied} == {"s:claim:reaction"}
    assert all(u.why == "this decision never came up" for u in replayed.unapplied)


def test_ids_and_answer_keys_do_not_change_when_an_unrelated_card_and_occurrence_are_added():
    def claim_ids(game):
        out = []
        for s in game.timeline:
            if s.context is not None and s.context.id.startswith(("s:claim", "c6.", "c7.")):
                out.append((s.what, s.args, tuple((v.card, v.ability, v.condition, v.code) for v in s.verdicts
                                                   if not v.card.startswith("x"))))
        return out
    plain = answer_all(Game.start(claim2().build()), use_first)
    edited = answer_all(Game.start(claim2(extra_card=True, earlier_occurrence=True).build()), use_first)
    assert claim_ids(plain) == claim_ids(edited)
    assert plain.line == edited.line
    assert any(s.context and s.context.id == "s:stand-x2" for s in edited.timeline)


def test_answer_keys_are_readable_and_ordered():
    key = AnswerKey(DecisionKind.ACT_OR_PASS, "s:claim:reaction", "P1", 2)
    assert str(key) == "act or pass | s:claim:reaction | P1 | #2"
    line = Line().with_answer(key, "c6.r1@s:claim:killed:c4")
    assert line.get(key) == "c6.r1@s:claim:killed:c4" and line == Line().with_answer(key, "c6.r1@s:claim:killed:c4")


# -- stale answers and other decisions' options --------------------------------------------------
def test_an_answer_recorded_for_another_scenario_is_reported_not_applied():
    from boards import claim2
    from helpers import answer_all, use_first
    played = answer_all(Game.start(claim2().build()), use_first)
    other = loads_scenario((ROOT / "scenarios" / "agot" / "forced-interrupts-ordered-by-the-first-player.yaml").read_text())
    game = Game.start(other.scenario, answers=played.line, play_defaults=True)
    assert len(game.unapplied) == len(played.line)
    assert all(u.why == "this decision never came up" for u in game.unapplied)


def test_a_stale_answer_after_the_decision_moved_on_lists_the_legal_options():
    loaded = loads_scenario((ROOT / "scenarios" / "agot" / "claim-2-kill.yaml").read_text())
    game = Game.start(loaded.scenario)
    first = game.decision
    moved = game.answer("c7.i1@s:claim:killed:c3")
    before = (moved.state, moved.control, moved.line)
    with pytest.raises(IllegalAnswer) as err:
        moved.answer(first.option("c7.i1@s:claim:killed:c3"))        # an option of the earlier decision
    assert "legal options: 'pass'" in str(err.value) and "'c7.i1@s:claim:killed:c4'" in str(err.value)
    assert (moved.state, moved.control, moved.line) == before


def test_an_option_taken_from_another_decision_is_refused_even_if_its_id_matches():
    game = Game.start(load_scenario(CLAIM).scenario)
    first = game.decision
    later = game.answer(first.option_ids[1])                 # P2 uses Orwyn's interrupt; P2 decides again
    assert later.decision.key != first.key and later.decision.chooser == first.chooser
    stale = first.option("pass")
    assert later.decision.option("pass") == stale            # same id and label ...
    before = (later.state, later.control, later.line)
    with pytest.raises(IllegalAnswer) as err:
        later.answer(stale)                                  # ... but another decision's option
    assert "from another decision" in str(err.value)
    assert (later.state, later.control, later.line) == before
    assert later.answer(later.decision.option("pass")).state is not None
    assert later.answer("pass") is not None                  # an id is still accepted


# -- a game is a value ---------------------------------------------------------------------------------
def test_a_game_is_immutable():
    game = load_scenario(CLAIM).start()
    for name in ("line", "scenario", "_halt", "max_nesting", "anything"):
        with pytest.raises(AttributeError):
            setattr(game, name, None)
    with pytest.raises(AttributeError):
        del game.line
    import copy
    assert copy.deepcopy(game) is game
