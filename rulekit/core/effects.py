"""Effects that act in place of a triggering condition, shared by the rulesets.

:func:`apply_replacement` makes a replacement's instructions take effect directly, in place of
the condition they replace, without opening sequences of their own (whether they can trigger
anything is the ruleset's business, and for some a ruling).
"""
from __future__ import annotations

from rulekit.core import ids, judge
from rulekit.core import occur
from rulekit.core.model import GameState, TriggeringCondition


def apply_replacement(state: GameState, tc: TriggeringCondition, entry: tuple) -> GameState:
    """Step 5 with a replacement: its instructions take effect in place of the condition
    (``rulekit.replacement``: they create no triggering conditions of their own)."""
    use, card_id, controller, instructions = entry
    source = state.cards[card_id]
    for instr in instructions:
        targets = judge.changeable_targets(instr, state, controller, source, tc)
        kw = {"players": targets} if instr.target.is_player else {"cards": targets}
        for made in occur.conditions_for(instr.do, state, ids.nested(use, "instead"), use, amount=instr.amount, to=instr.to,
                                         grant=instr.grant, ability=instr.ability, new_controller=controller, **kw):
            state = occur.apply(state, made)
    return state
