"""Property (Rules Reference, "Leaves Play" and "Delayed Effects"): a delayed effect set up by a
card's ability resolves at its timing point, except that what it would do to its own card expires
once that card leaves play — even if the card comes back, as a new object. Over generated lines of
kills, returns and put-into-plays of the card between the setting up and the end of the phase: the
card goes back to its owner's hand at the phase's end only if it never left play; the part of the
effect that is about its controller (draw 1) resolves either way."""
from __future__ import annotations

import os

from hypothesis import given, settings, strategies as st

from rulekit import Game
from rulekit.core.decisions import AnswerKey, DecisionKind
from rulekit.core.abilities import Instruction, Target, Trigger
from rulekit.core.events import EventKind, Verb
from rulekit.files.builder import ScenarioBuilder, on, reaction

SETTINGS = settings(max_examples=int(os.environ.get("RK_EXAMPLES", 50)), deadline=None)
STEPS = st.lists(st.sampled_from(("kill", "return to hand", "put into play", "kneel")), max_size=4)


def board(line, draws: bool):
    later = (Instruction(Verb.RETURN_TO_HAND, Target.SELF),) + ((Instruction(Verb.DRAW, Target.YOU),) if draws else ())
    setup = Instruction(Verb.DELAY, Target.SELF, at=Trigger(EventKind.PHASE_ENDS, phase="challenges"), later=later)
    b = ScenarioBuilder("delayed", phase="challenges")
    b.card("sword", "Hedge Blade", "P1", abilities=(
        reaction("r", on("wins a challenge", player="you"), [setup],
                 text="Reaction: After you win a challenge, at the end of the phase, return this card to your "
                      "hand" + (" and draw 1 card." if draws else ".")),))
    for i in range(3):
        b.card(f"d{i}", f"Deck card {i}", "P1", zone="draw deck", type="attachment")
    b.win_challenge("P1", "military", id="win")
    for i, verb in enumerate(line):
        b.occur(verb, cards=("sword",), id=f"e{i}")
    b.end_phase("challenges", id="dusk")
    return b.build()


@SETTINGS
@given(STEPS, st.booleans())
def test_a_delayed_effect_expires_for_its_card_once_the_card_leaves_play(line, draws):
    scenario = board(line, draws)
    key = AnswerKey(DecisionKind("act or pass"), "s:win:reaction", "P1", 1)
    game = Game.start(scenario, answers={key: "sword.r@s:win:wins-a-challenge:P1"})
    where, left = "play area", False
    for verb in line:        # where the card is after each entry, and whether it ever left play
        if verb == "kill" and where == "play area":
            where, left = "dead pile", True
        elif verb == "return to hand" and where in ("play area", "dead pile"):
            # from play it leaves play; from the dead pile it goes to the hand too (Rules Reference,
            # "Discard Pile", "Dead Pile"; FAQ (1.5): a card is returned to hand from an out-of-play area)
            where, left = "hand", True
        elif verb == "put into play" and where != "play area":
            where = "play area"
    expected = "hand" if not left else where
    sword = game.state.cards["sword"]
    assert sword.zone == expected, (line, sword.zone)
    drawn = sum(1 for c in game.state.cards.values() if c.zone == "hand" and c.id.startswith("d"))
    assert drawn == (1 if draws else 0)
    resolves = [s for s in game.timeline if s.what == "delayed"]
    assert len(resolves) == (1 if draws or not left else 0), (line, draws)     # nothing left to resolve: gone
