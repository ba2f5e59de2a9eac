"""Cleanups (rule ``rb.cleanup``; Core Rules 318-323).

A Cleanup becomes an outstanding task after nearly every change of the game: the status of a game
object changes, objects enter or leave the board, a move completes, an item is added to the Chain
or leaves it, the state or phase changes (319.1-319.8). While an item resolves no Cleanup can
happen: the one its events call for waits until it has resolved (321, 321.1); while a Cleanup
happens no item resolves and nobody receives priority (320, 320.1); a Cleanup whose own events
change the game calls for another, until one changes nothing (322). So a death a replacement turns
into nothing that happens ("If I would die, exhaust me instead" on a unit already exhausted: 414.1.c)
ends the repetition, the unit left on the board with its lethal damage; the replacement applies again
to its death in a later Cleanup, a new event (370.2).

Modelled: the step of a Cleanup that card texts see, lethal damage (323.3-323.5): every unit on
the board with nonzero damage equal to or above its Might is killed, all at once, its Deathknell
noted as it was (808). So a Cleanup is checked after each occurrence's triggers have been
evaluated when no item is resolving (a script entry, a trigger's cost paid at finalization, the
deaths of a Cleanup), and after each item resolves (:func:`.resolving._finish`). A Cleanup that
would kill nobody changes nothing and is not recorded. Not modelled: the other steps of 323
(victory, combat designations, control of battlefields, recalls, showdowns)."""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core import occur
from rulekit.core.events import Verb
from rulekit.core.frames import Ask, Control, Progress
from rulekit.core.frozen import replace
from rulekit.core.model import Card, GameState
from rulekit.rulesets.riftbound.frames import Cleanup, CombatFrame, ItemFrame, TriggerCheck
from rulekit.rulesets.riftbound.triggers import check_triggers, occurrence


def lethal(state: GameState) -> tuple[Card, ...]:
    """The units on the board with lethal damage: nonzero damage equal to or above their Might
    (143.2.a, 323.4-323.5)."""
    return tuple(c for c in (state.cards[i] for i in state.order)
                 if c.zone in state.rules.in_play and c.type == "unit" and c.damage > 0 and c.damage >= c.might)


def resolving(control: Control) -> bool:
    """Whether an item is resolving (no Cleanup can happen then: 321)."""
    return any(isinstance(f, ItemFrame) for f in control)


def _combat_cleanup_next(control: Control) -> bool:
    """Whether combat damage has just been dealt, or the Combat Cleanup is under way: the combat's
    own Combat Cleanup is the Cleanup that follows the damage (460.3, 461.1), and another Cleanup
    comes only once it is complete — after its heal and recall (322, 324.2, 461.1.a; :mod:`.combat`)."""
    return any(isinstance(f, CombatFrame) and f.stage in ("cleanup", "heal") for f in control)


def check_then_cleanup(frame: TriggerCheck, state: GameState, control: Control) -> Progress | Ask:
    """Evaluate the triggers of an occurrence; then, if no item is resolving and a unit has lethal
    damage, the Cleanup its change called for is the next task (319, 321, 335.2.a), before any
    item is finalized or resolves and before anyone receives priority (320.1). An occurrence in
    which nothing happened changed nothing, so it calls for no Cleanup: a Cleanup whose deaths were
    all replaced by what changes nothing is not repeated (322)."""
    out = check_triggers(frame, state, control)
    if isinstance(out, Ask) or resolving(out.control) or _combat_cleanup_next(out.control):
        return out
    dying = lethal(out.state)
    if not dying:
        return out
    if not frame.events:        # no change: no Cleanup is called for, the units keep their lethal damage
        return replace(out, args=out.args + (("no cleanup", tuple(c.obj for c in dying)),))
    return replace(out, control=out.control + (Cleanup(frame.group, ids.nested(frame.group, "cleanup")),))


def advance_cleanup(frame: Cleanup, state: GameState, control: Control) -> Progress:
    """The Cleanup: the units with lethal damage are killed together, an occurrence of their own
    (its triggers, then the next Cleanup it calls for: 322)."""
    dying = lethal(state)
    conditions = occur.conditions_for(Verb.KILL, state, frame.group, frame.group, cards=dying)
    return occurrence(state, control[:-1], conditions, frame.group, "rb.cleanup", (("after", frame.after),))
