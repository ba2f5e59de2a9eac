"""Combat and the combat showdown, as far as card texts refer to them (rule ``rb.combat``; Core
Rules 454-461, 341-348, 312.2.b, 383.4.e-f).

What is modelled, in the order of the steps of combat:

1. The Combat Showdown Step (459): the attacker is the player the ``combat`` entry names (the one
   whose units applied Contested), the defender the other player with units at the battlefield.
   Their units there gain the Attacker and Defender designations (459.2.b.3-4), which is the event
   ``attacks`` (one per attacking unit) and ``defends`` (one per defending unit), processed at once:
   "When I attack" and "When I defend" trigger then (383.4.e-f), the attacker's items placed first,
   then those of the players who are not the defender in turn order, the defender's last, whoever's
   turn it is (459.2.d.1). The attacker has Focus (459.2.c); Focus does
   not pass when the Chain of those triggers closes (459.2.g, 346.1).
   In the Showdown the player with Focus receives priority (312.2.b, 313.2) and may play a spell or
   ability with Action or Reaction (timing ``action`` or ``priority``: 308.1.a) — which starts a
   Chain; once it has resolved, Focus passes to the next player (346) — or pass, and Focus passes
   (347.4). Once every player has passed in sequence, the Showdown ends (347.3.a, 348.1).
2. The Combat Damage Step (460): if attacking and defending units remain, each side's summed Might
   (460.2.a-b) is assigned among the other side's units in listing order, lethal damage to each
   before the next, the excess to the last (460.2.c.3-4), and dealt at once: one ``is dealt damage``
   event per unit, with no source card (460.2.d). The FEPR process is skipped (460.3).
3. The Resolution Step (461): the Combat Cleanup kills the units with lethal damage (323.5), heals
   every unit (461.1.a.1) and recalls the attackers if defenders remain (461.1.a.2): a recall (449),
   the event ``is recalled``, which abilities can trigger on, and not a move (451.1); no other cleanup
   comes before its heal (322, 324.2). If only one player has units left there, that player
   establishes control, a conquer if they gain it and have not scored the battlefield this turn
   (461.5, 461.5.d, rule ``rb.conquer``); with no units left the battlefield becomes uncontrolled
   (461.5.b). Combat ends: the designations are removed (461.7.a).

No Chain item resolves while a task of the Resolution Step is under way (rule ``rb.resolution-step``;
320, 320.1, 335.1): the items triggered by combat damage, in the Combat Cleanup and by the conquer
are placed on the Chain as pending items at once, and the Chain then lies beneath the combat
(:func:`.chain._stage_wait`) until the combat releases it (:data:`RELEASE_AT`) — after each task,
or once combat has ended, as the ruling ``rb.resolution-step`` says — to be finalized in the order
the items were added (335.2, 337.1.b).

Not modelled: Contested status and the staging of combats (the script says where a combat is and
who attacks), a Non-Combat Showdown, the players' choice of how to assign combat damage and the
keywords that constrain it (Tank, …), "this combat" effects, and a combat with no result being
staged again (461.3.d.1).
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core import occur
from rulekit.core.abilities import Timing
from rulekit.core.decisions import PASS, AnswerKey, Decision, DecisionKind
from rulekit.core.events import Verb
from rulekit.core.frames import Ask, Control, Progress
from rulekit.core.frozen import replace
from rulekit.core.model import GameState
from rulekit.core.ruleset import ruling_arg
from rulekit.rulesets.riftbound.cards import at_of
from rulekit.rulesets.riftbound.codes import RbStep
from rulekit.rulesets.riftbound.frames import ChainFrame, ChainItem, CombatFrame, ShowdownFrame
from rulekit.rulesets.riftbound.priority import playable
from rulekit.rulesets.riftbound.triggers import occurrence

ATTACKER, DEFENDER = "attacker", "defender"
#: what a player with Focus may play in a Showdown: cards and abilities with Action or Reaction (308.1.a)
SHOWDOWN_TIMINGS = (Timing.ACTION, Timing.PRIORITY)


def showdown_id(group: str) -> str:
    return f"showdown:{group}"


def units_at(state: GameState, battlefield: str, player: str | None = None) -> tuple:
    return tuple(c for c in (state.cards[i] for i in state.order)
                 if c.type == "unit" and c.zone == "battlefield" and at_of(c) == battlefield
                 and (player is None or c.controller == player))


def role_of(card) -> str | None:
    return card.extension.role if card.extension is not None else None


def _set_roles(state: GameState, cards, role) -> GameState:
    for c in cards:
        state = state.with_card(state.cards[c.id].changed(role=role))
    return state


def begin(state: GameState, control: Control, entry, occurrence: str, args: tuple) -> Progress:
    """The script's ``combat``: a combat begins at the battlefield, the named player attacking."""
    battlefield, attacker = entry.cards[0], entry.player
    defender = next((p for p in state.players if p != attacker and units_at(state, battlefield, p)), None)
    if defender is None or not units_at(state, battlefield, attacker):
        why = (f"{attacker} has no unit there" if not units_at(state, battlefield, attacker)
               else "no other player has a unit there")
        return Progress(state, control, "rb.combat", RbStep.NO_COMBAT, args + (("why", why),))
    frame = CombatFrame(occurrence, battlefield, attacker, defender, stage="designate")
    return _designate(frame, state, control + (frame,), args)


def _designate(frame: CombatFrame, state: GameState, control: Control, args: tuple = ()) -> Progress:
    """459.2.b: the designations, as events; then the Showdown, the attacker with Focus (459.2.c)."""
    attackers = units_at(state, frame.battlefield, frame.attacker)
    defenders = units_at(state, frame.battlefield, frame.defender)
    conditions = (occur.conditions_for(Verb.ATTACK, state, frame.id, frame.id, cards=attackers)
                  + occur.conditions_for(Verb.DEFEND, state, frame.id, frame.id, cards=defenders))
    state = _set_roles(_set_roles(state, attackers, ATTACKER), defenders, DEFENDER)
    showdown = ShowdownFrame(showdown_id(frame.id), frame.attacker)
    control = control[:-1] + (replace(frame, stage="damage"), showdown)
    return occurrence(state, control, conditions, frame.id, "rb.combat",
                      args + (("combat", "designate"), ("attacker", frame.attacker), ("defender", frame.defender),
                              ("battlefield", frame.battlefield)), order=placing_order(state, frame))


def placing_order(state: GameState, frame: CombatFrame) -> tuple[str, ...]:
    """Who places the triggered abilities of the designations on the Chain first (459.2.d.1): the
    attacking player, who has Focus, then every player who is not the defender in turn order, then the
    defending player — whoever's turn it is."""
    others = tuple(p for p in state.seat_order() if p not in (frame.attacker, frame.defender))
    return (frame.attacker,) + others + (frame.defender,)


def _assign(total: int, targets) -> list[tuple[object, int]]:
    """Damage assigned lethal-first in listing order, the excess to the last unit (460.2.c.3-4)."""
    out = []
    for k, unit in enumerate(targets):
        if total <= 0:
            break
        lethal = max(unit.might - unit.damage, 1)
        amount = total if k == len(targets) - 1 else min(total, lethal)
        out.append((unit, amount))
        total -= amount
    return out


#: the stages at which, under each option of the ruling rb.resolution-step, the items waiting on the
#: Chain are released: after the Combat Cleanup's task (before ``control``), after establishing
#: control (before ``end``), and once combat has ended (``over``)
RELEASE_AT = {"each-task": ("control", "end", "over"), "whole-step": ("over",)}
_TASK_DONE = {"control": "cleanup", "end": "control", "over": "end"}


def _held(frame: CombatFrame, control: Control) -> ChainFrame | None:
    """The Chain whose items wait for this combat's Resolution Step, lying beneath it."""
    below = control[-2] if len(control) >= 2 else None
    return below if isinstance(below, ChainFrame) and below.waits == frame.id else None


def _release(frame: CombatFrame, state: GameState, control: Control, chain: ChainFrame) -> Progress:
    """A task of the Resolution Step is done: the items waiting on the Chain are processed now (335.2),
    finalized in the order they were added (337.1.b); the combat goes on once the Chain is gone —
    or, if it has ended, the Chain is all that is left of it."""
    freed = replace(chain, waits="")
    after = control[:-2] + ((frame, freed) if frame.stage != "over" else (freed,))
    return Progress(state, after, "rb.resolution-step", RbStep.CHAIN_RELEASED,
                    (("chain", chain.id), ("items", tuple(i.id for i in chain.items)),
                     ("task", _TASK_DONE[frame.stage]), ("combat", frame.id), ruling_arg(state, "rb.resolution-step")))


def advance_combat(frame: CombatFrame, state: GameState, control: Control) -> Progress:
    held = _held(frame, control)
    if held is not None and frame.stage in RELEASE_AT[state.ruling("rb.resolution-step")]:
        return _release(frame, state, control, held)
    rest = control[:-1]
    attackers = tuple(c for c in units_at(state, frame.battlefield) if role_of(c) == ATTACKER)
    defenders = tuple(c for c in units_at(state, frame.battlefield) if role_of(c) == DEFENDER)
    if frame.stage == "damage":
        moved_on = rest + (replace(frame, stage="cleanup"),)
        if not (attackers and defenders):      # 460.1: only if both sides remain
            return Progress(state, moved_on, "rb.combat", RbStep.NO_DAMAGE, (("battlefield", frame.battlefield),))
        group = ids.nested(frame.id, "damage")
        conditions = ()
        for side, other in ((attackers, defenders), (defenders, attackers)):
            for unit, amount in _assign(sum(max(u.might, 0) for u in side), other):
                conditions += occur.conditions_for(Verb.DEAL_DAMAGE, state, group, group, cards=(unit,), amount=amount)
        return occurrence(state, moved_on, conditions, group, "rb.combat", (("combat", "damage"),))
    if frame.stage == "cleanup":
        moved_on = rest + (replace(frame, stage="heal"),)
        lethal = tuple(c for c in (state.cards[i] for i in state.order)
                       if c.zone in state.rules.in_play and c.type == "unit" and c.damage > 0 and c.damage >= c.might)
        if lethal:
            group = ids.nested(frame.id, "cleanup")
            conditions = occur.conditions_for(Verb.KILL, state, group, group, cards=lethal)
            return occurrence(state, moved_on, conditions, group, "rb.combat", (("combat", "cleanup"),))
        return advance_combat(replace(frame, stage="heal"), state, moved_on)
    if frame.stage == "heal":
        healed = tuple(c.id for c in (state.cards[i] for i in state.order) if c.type == "unit" and c.damage)
        for cid in healed:
            state = state.with_card(state.cards[cid].changed(damage=0))
        recalled = tuple(state.cards[c.id] for c in attackers) if defenders else ()
        moved_on = rest + (replace(frame, stage="control"),)
        args = (("healed", healed), ("recalled", tuple(c.id for c in recalled)))
        if recalled:    # a recall (461.1.a.2, 449-450): an event abilities can trigger on, not a move (451.1)
            group = ids.nested(frame.id, "recall")
            conditions = occur.conditions_for(Verb.RECALL, state, group, group, cards=recalled)
            return occurrence(state, moved_on, conditions, group, "rb.combat", (("combat", "recall"),) + args)
        return Progress(state, moved_on, "rb.combat", RbStep.COMBAT_CLEANUP, args)
    if frame.stage == "control":
        moved_on = rest + (replace(frame, stage="end"),)
        present = sorted({c.controller for c in units_at(state, frame.battlefield)})
        bf = state.cards[frame.battlefield]
        if len(present) == 1:
            group = ids.nested(frame.id, "conquer")
            conditions = occur.conditions_for(Verb.CONQUER, state, group, group, cards=(bf,),
                                              new_controller=present[0])
            return occurrence(state, moved_on, conditions, group, "rb.combat", (("combat", "control"),))
        if not present:             # 461.5.b
            state = state.with_card(replace(bf, controller=""))
        return Progress(state, moved_on, "rb.combat", RbStep.COMBAT_RESULT,
                        (("battlefield", frame.battlefield), ("present", tuple(present))))
    # 461.7: combat ends; the designations are removed (items still waiting are released next)
    had = tuple(c for c in (state.cards[i] for i in state.order) if c.extension is not None and role_of(c))
    state = _set_roles(state, had, None)
    after = rest + (replace(frame, stage="over"),) if held is not None else rest
    return Progress(state, after, "rb.combat", RbStep.COMBAT_ENDS, (("battlefield", frame.battlefield),))


# -- the Showdown: Focus ------------------------------------------------------------------------------
def _options(state: GameState, player: str):
    return [(c, a) for c, a in playable(state, player, None) if a.timing in SHOWDOWN_TIMINGS]


def advance_showdown(frame: ShowdownFrame, state: GameState, control: Control) -> Progress | Ask:
    if frame.played:      # the Chain the player with Focus started is gone: Focus passes (346)
        focus = state.next_player(frame.focus)
        return Progress(state, control[:-1] + (replace(frame, focus=focus, played=False, passes=0),), "rb.showdown",
                        RbStep.FOCUS, (("player", focus), ("showdown", frame.id)))
    options = _options(state, frame.focus)
    if not options:
        return _pass(frame, state, control, auto=True)
    key = AnswerKey(DecisionKind.ACT_OR_PASS, frame.id, frame.focus, frame.ordinal)
    return Ask(Decision(key, (PASS,) + tuple(ids.ability_ref(c.id, a.id) for c, a in options), PASS, "rb.showdown",
                        f"{frame.focus} has Focus and priority in the Showdown: play a card or ability with Action "
                        "or Reaction, or pass", state))


def _pass(frame: ShowdownFrame, state: GameState, control: Control, auto: bool) -> Progress:
    passes = frame.passes + 1
    args = (("player", frame.focus), ("auto", auto), ("passes", passes), ("showdown", frame.id))
    if passes >= len(state.players):          # all passed in sequence: the Showdown ends (347.3.a)
        return Progress(state, control[:-1], "rb.showdown", RbStep.SHOWDOWN_PASS, args + (("ends", True),))
    moved = replace(frame, focus=state.next_player(frame.focus), passes=passes, number=frame.number + 1)
    return Progress(state, control[:-1] + (moved,), "rb.showdown", RbStep.SHOWDOWN_PASS, args)


def answer_showdown(frame: ShowdownFrame, state: GameState, control: Control, option: str, verdicts=()) -> Progress:
    if option == PASS:
        return _pass(frame, state, control, auto=False)
    chosen = ids.parse_use(option)
    card = state.cards[chosen.card]
    item = ChainItem(ids.chain_item(card.obj, chosen.ability, frame.id, frame.number), card.ability(chosen.ability),
                     card, frame.focus, played=card.id if card.type == "spell" else None)
    if card.type == "spell":
        state = state.move(card.id, "chain")
    chain = ChainFrame(ids.chain(frame.id, frame.number), items=(item,))
    moved = replace(frame, number=frame.number + 1, played=True, passes=0)
    return Progress(state, control[:-1] + (moved, chain), "rb.showdown", RbStep.ADDS,
                    (("player", frame.focus), ("item", item.id)))
