"""The steps the rules take by themselves between script entries: the Beginning Phase's Scoring
Step (rule ``rb.hold``). Its frame is :class:`.frames.ScoringFrame`; what a score does is
:mod:`.scoring`; the holds are processed like any events (:func:`.triggers.occurrence`)."""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core import occur
from rulekit.core.events import Verb
from rulekit.core.frames import Control, Progress
from rulekit.core.model import GameState
from rulekit.rulesets.riftbound.cards import is_battlefield
from rulekit.rulesets.riftbound.codes import RbStep
from rulekit.rulesets.riftbound.scoring import has_scored
from rulekit.rulesets.riftbound.triggers import occurrence


def advance_scoring(frame, state: GameState, control: Control) -> Progress:
    """The Scoring Step: the turn player holds, at once, every battlefield they control and have not
    scored this turn (315.2.b.2, 465); ``occurrence`` processes the holds (:mod:`.triggers`)."""
    player = state.first_player
    held = tuple(c for c in (state.cards[i] for i in state.order)
                 if is_battlefield(c) and c.controller == player and not has_scored(state, player, c.id))
    rest = control[:-1]
    if not held:
        return Progress(state, rest, "rb.hold", RbStep.NO_HOLD, (("player", player),))
    group = ids.nested(frame.group, "hold")
    conditions = occur.conditions_for(Verb.HOLD, state, group, group, cards=held, new_controller=player)
    return occurrence(state, rest, conditions, group, "rb.hold", (("scoring", player),))
