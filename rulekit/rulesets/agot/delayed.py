"""A Game of Thrones' delayed effects (Rules Reference, "Delayed Effects"; rule ``agot.delayed``): when
one is due at a triggering condition, how it resolves, and how it expires with the card it would act on
("Leaves Play"). Step 5 and step 6 of :mod:`.sequence` call these."""
from __future__ import annotations

from rulekit.core import judge
from rulekit.core.abilities import Ability, Target, Timing
from rulekit.core.events import kinds_counted
from rulekit.core.frames import Control, Progress
from rulekit.core.frozen import members, replace
from rulekit.core.model import GameState, TriggeringCondition
from rulekit.rulesets.agot.codes import AgotStep
from rulekit.rulesets.agot.frames import ResolutionFrame, Stage

_AgotStep = members(AgotStep)
_Timing = members(Timing)


def expire(state: GameState) -> tuple[GameState, tuple[str, ...]]:
    """A card that leaves play takes with it the delayed effects affecting it (Rules Reference,
    "Leaves Play"): what a delayed effect would do to its own card ("return him to your hand") expires
    once that card is no longer the same object in play; an effect left with nothing to do is gone.
    Returns the state and the ids of the delayed effects that expired (in part or whole)."""
    kept, expired = [], []
    for effect in state.delayed:
        now = state.cards.get(effect.source.id)
        gone = now is None or now.incarnation != effect.source.incarnation or now.zone not in state.rules.in_play
        rest = tuple(i for i in effect.effect if i.target is not Target.SELF) if gone else effect.effect
        if len(rest) < len(effect.effect):
            expired.append(effect.id)
        if rest:
            kept.append(effect if len(rest) == len(effect.effect) else replace(effect, effect=rest))
    if not expired:
        return state, ()
    return replace(state, delayed=tuple(kept)), tuple(expired)


def due(conditions: tuple[TriggeringCondition, ...], state: GameState):
    """The first delayed effect waiting for one of these conditions, and that condition."""
    for effect in state.delayed:
        for tc in conditions:
            if effect.at.event in kinds_counted(tc.kind) and judge.trigger_mismatch(
                    effect.at, tc, state, effect.controller, effect.source, occurred=True) is None:
                return effect, tc
    return None


def resolve(state: GameState, control: Control, waiting) -> Progress:
    """Delayed effects resolve before the reactions to their timing point (``agot.delayed``),
    one at a time in the order they were set up; each resolves once. It is not a new triggered
    ability (Rules Reference, "Delayed Effects"): its targets, if it has any, are chosen, and it
    resolves without an initiation of its own, so no cancel can respond to it."""
    effect, tc = waiting
    state = replace(state, delayed=tuple(d for d in state.delayed if d is not effect))
    ability = Ability(id="delayed", timing=_Timing.FORCED_REACTION, when=effect.at, effect=effect.effect,
                      text="a delayed effect")
    res = ResolutionFrame(use=effect.id, source=effect.source, ability=ability, controller=effect.controller,
                          condition=tc, stage=Stage.TARGETS, delayed=True)
    return Progress(state, control + (res,), "agot.delayed", _AgotStep.DELAYED, (("use", effect.id), ("condition", tc.id)))
