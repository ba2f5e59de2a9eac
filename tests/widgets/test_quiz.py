"""The quiz: a prediction the reader answers, its choices and answer from the board as it stands."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

import boards  # noqa: E402
from rulekit.lesson import Lesson  # noqa: E402
from rulekit_widgets import Quiz, quiz  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CLAIM = ROOT / "scenarios" / "agot" / "claim-2-kill.yaml"
INTERRUPT_WINDOW = "step 4, interrupt window"


@pytest.fixture(scope="module")
def claim() -> Lesson:
    return Lesson(CLAIM)


def choice_texts(q: Quiz) -> list[str]:
    return list(q.prediction.choices.values())


def test_the_choices_and_the_answer_are_the_boards(claim):
    q = quiz(claim.ask_usable(INTERRUPT_WINDOW))
    assert choice_texts(q) == ["Barrowhill Raven's reaction", "Maester Orwyn's interrupt", "none of them"]
    assert q.prediction.multiple and q.prediction.right == ("B",)
    # one checkbox per choice, nothing picked, no feedback yet
    assert [box.description for box in q.several.children] == [
        "A) Barrowhill Raven's reaction", "B) Maester Orwyn's interrupt", "none) none of them"]
    assert q.picked == () and q.feedback.value == ""


def test_a_wrong_pick_is_told_so_with_the_engines_why_and_rule(claim):
    q = quiz(claim.ask_usable(INTERRUPT_WINDOW))
    q.pick("A")
    assert q.check() is False and q.right is False
    text = q.feedback_text
    assert text.startswith("Not quite. The engine's answer: B) Maester Orwyn's interrupt.")
    assert ("  - Barrowhill Raven's reaction: for Hollowfield Steward killed: not the right timing "
            "(a reaction ability at step 4, interrupt window)") in text.splitlines()
    assert "Rule: agot.tc.4 — Step 4: the interrupt window" in text     # the rules step asked about
    assert "Not quite." in q.feedback.value and "not the right timing" in q.feedback.value
    q.pick("B")
    assert q.check() is True and q.feedback_text.startswith("Right. The engine's answer: B)")
    q.pick("A", "B")        # both is not the answer: the Raven's reaction waits for step 7
    assert q.check() is False


def test_the_quiz_follows_an_edit_of_the_board(claim):
    q = quiz(claim.ask_usable(INTERRUPT_WINDOW))
    # the Raven's text typed as an interrupt: its choice reads so, and it is usable now too
    typed = q.on(claim.with_text("Barrowhill Raven", "Interrupt: When a character is killed, draw 1 card."))
    assert choice_texts(typed) == ["Barrowhill Raven's interrupt", "Maester Orwyn's interrupt", "none of them"]
    assert typed.prediction.right == ("A", "B")
    typed.pick("A", "B")
    assert typed.check() is True
    # Maester Orwyn taken out: his choice is gone, and nothing may be used in the interrupt window
    fewer = q.on(claim.variant(remove="Maester Orwyn"))
    assert choice_texts(fewer) == ["Barrowhill Raven's reaction", "none of them"]
    assert fewer.prediction.right == ("none",)
    # the first quiz keeps its own board
    assert choice_texts(q) == ["Barrowhill Raven's reaction", "Maester Orwyn's interrupt", "none of them"]


def test_a_count_question_offers_the_draw_deck_and_follows_a_move(claim):
    q = quiz(claim.ask_draws("P1"))
    assert choice_texts(q) == ["0", "1", "2", "3"] and not q.prediction.multiple
    assert q.single.options == (("A) 0", "A"), ("B) 1", "B"), ("C) 2", "C"), ("D) 3", "D"))
    assert q.prediction.right == ("C",)
    q.pick("C")
    assert q.check() is True
    assert "P1 uses Barrowhill Raven's reaction, for Hollowfield Steward killed" in q.feedback_text
    gone = q.on(claim.variant(move="Barrowhill Raven", to="discard pile"))
    assert gone.prediction.right == ("A",)
    smaller = q.on(claim.variant(move="P1 deck card 0", to="hand"))
    assert choice_texts(smaller) == ["0", "1", "2"]


def test_a_lessons_own_choices_and_a_why_of_one_card(claim):
    q = quiz(claim.predict("How many cards does P2 draw from Maester Orwyn?",
                           {"0": "none", "1": "one", "2": "two — one use for each killed character"},
                           answer=lambda play: play.drew("P2"), why="Maester Orwyn"))
    assert q.prediction.right == ("2",)
    q.pick("1")
    assert q.check() is False
    assert q.feedback_text.splitlines()[1:4] == [
        "  - #5 · step 4, interrupt window — Maester Orwyn's interrupt: usable",
        "  - for Hollowfield Steward killed: may be used",
        "  - for Septa Orlaine killed: may be used"]
    assert q.on(claim.variant(give="Maester Orwyn", to="P1")).prediction.right == ("0",)


def test_other_questions_whose_choices_come_from_the_board(claim):
    where = claim.ask_zone("Hollowfield Steward")
    assert list(where.choices.values()) == ["hand", "play area", "dead pile"] and where.answer_words() == "C) dead pile"
    assert claim.ask_zone("Hollowfield Steward", at="uses Maester Orwyn").answer_words() == "B) play area"
    assert claim.ask_first().answer_words() == "B) Maester Orwyn"
    assert claim.ask_first(last=True).answer_words() == "A) Barrowhill Raven"
    who = claim.ask_chooser("order forced")
    assert who.answer_words() == "nobody) nobody — no such decision comes up"


def test_bad_picks_are_refused_with_the_choices(claim):
    q = quiz(claim.ask_draws("P1"))
    assert q.check() is None and "Pick a choice first" in q.feedback.value
    with pytest.raises(KeyError, match="the choices are A, B, C, D"):
        q.pick("E")
    with pytest.raises(ValueError, match="pick one choice"):
        q.pick("A", "B")
    with pytest.raises(TypeError, match="lesson.predict"):
        quiz("How many?")
    from rulekit.core.errors import RulekitError
    with pytest.raises(RulekitError, match="no player 'P3'"):
        claim.ask_draws("P3")


def test_without_a_kernel_the_answer_stays_folded(claim):
    q = quiz(claim.ask_draws("P1"))
    bundle = q._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    page = bundle["text/html"]
    # the choices are shown, the answer and its why only inside the folded <details>
    assert page.index("<li><b>D)</b> 3</li>") < page.index("<details>")
    assert page.index("<details>") < page.index("C) 2</b>") < page.index("Rule: agot.tc.5") < page.index("</details>")
    assert "uses Barrowhill Raven" not in page[:page.index("<details>")]
    assert bundle["text/plain"] == repr(q.prediction)
    assert bundle["text/plain"] == repr(quiz(claim.ask_draws("P1")).prediction)      # deterministic


def test_every_text_is_escaped():
    lesson = Lesson(boards.hostile().build())
    for asked in (lesson.ask_usable("reaction window"), lesson.ask_draws("P1", question="<i>How many?</i>")):
        q = quiz(asked)
        q.pick(*([q.prediction.right[0]]))
        q.check()
        for html in (q.question.value, q.feedback.value, q._repr_mimebundle_()["text/html"]):
            assert "<img" not in html and "<b>Steward" not in html and "<i>How" not in html and "<kill>" not in html


def test_the_boards_choices_include_what_the_asked_card_or_step_has():
    # a card in the draw deck: its own zone is a choice, though decks are otherwise left out
    deck_card = Lesson(CLAIM).ask_zone("P1 deck card 2")
    assert "draw deck" in deck_card.choices.values() and deck_card.answer_words().endswith("draw deck")
    # an ability granted by an effect is on the board at the step asked, and judged there
    granted = Lesson(ROOT / "scenarios" / "riftbound" / "granted-by-an-effect.yaml")
    last = granted.play().timeline[-1].number
    asked = granted.ask_usable(last)
    assert "Ironclad's ability" in asked.choices.values()
    assert any(line.startswith("Ironclad's ability: ") for line in asked.why)
