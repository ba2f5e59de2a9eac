"""The Chain (rules ``rb.chain``, ``rb.chain.finalize``, ``rb.simultaneous``, ``rb.resolve``).

Triggered items wait to be ordered onto the Chain (each player orders their own, the turn
player's first), are finalized in the order added (targets and numbered events chosen then;
finalizing does not pass priority), then the controller of the newest item has priority; a
player with priority adds an item or passes to the next player in turn order; when all pass
in a row the newest item resolves, instruction by instruction, and a cleanup follows. The
frames (:class:`ChainFrame`, :class:`ItemFrame`) and trigger evaluation live in
:mod:`rulekit.rulesets.riftbound.triggers`; this module moves them.
"""
from __future__ import annotations

from dataclasses import replace

from ... import judge, occur
from ...abilities import Ability, Instruction, Target, Timing
from ...decisions import NO, PASS, YES, AnswerKey, Decision, DecisionKind
from ...events import Verb
from ...frames import Ask, Control, Progress
from ...model import Card, GameState
from .triggers import ChainFrame, ChainItem, ItemFrame, item_controller, occurrence, zones_of


# -- the Chain ------------------------------------------------------------------------------------------
def _turn_order(state: GameState) -> tuple[str, ...]:
    return state.seat_order()   # the turn player is kept as ``first_player``


def advance_chain(frame: ChainFrame, state: GameState, control: Control) -> Progress | Ask:
    if frame.waiting:
        for player in _turn_order(state):
            mine = [i for i in frame.waiting if i.controller == player]
            if not mine:
                continue
            if len(mine) == 1:
                return _place(frame, state, control, mine[0])
            key = AnswerKey(DecisionKind.ORDER_TRIGGERS, f"{frame.id}:order", player, frame.placed)
            return Ask(Decision(key, tuple(i.id for i in mine), mine[0].id, "rb.simultaneous",
                                f"{player} chooses which of their triggered abilities goes on the Chain next", state))
    pending = [i for i in frame.items if i.pending]
    if pending:
        return _finalize(frame, state, control, pending[0])
    if not frame.items:
        return Progress(state, control[:-1], "rb.chain", "rb-chain-empty", (("chain", frame.id),))
    if frame.priority is None:
        newest = frame.items[-1]
        return Progress(state, control[:-1] + (replace(frame, priority=newest.controller, passes=0),), "rb.chain",
                        "rb-priority", (("player", newest.controller), ("item", newest.id)))
    if frame.passes >= len(state.players):
        newest = frame.items[-1]
        rest = replace(frame, items=frame.items[:-1], priority=None, passes=0)
        return Progress(state, control[:-1] + (rest, ItemFrame(newest)), "rb.chain", "rb-resolves",
                        (("item", newest.id),))
    options = playable(state, frame.priority)
    if not options:
        return _pass(frame, state, control, auto=True)
    key = AnswerKey(DecisionKind.ACT_OR_PASS, frame.id, frame.priority, frame.number)
    return Ask(Decision(key, (PASS,) + tuple(f"{c.id}.{a.id}" for c, a in options), PASS, "rb.chain",
                        f"{frame.priority} has priority: add an item to the Chain or pass", state))


def answer_chain(frame: ChainFrame, state: GameState, control: Control, option: str, verdicts=()) -> Progress:
    if frame.waiting:
        item = next(i for i in frame.waiting if i.id == option)
        return _place(frame, state, control, item)
    pending = [i for i in frame.items if i.pending]
    if pending:
        return _finalize(frame, state, control, pending[0], option)
    if option == PASS:
        return _pass(frame, state, control, auto=False)
    card_id, _, ability_id = option.partition(".")
    card = state.cards[card_id]
    ability = card.ability(ability_id)
    item = ChainItem(f"{card.obj}.{ability_id}@{frame.id}#{frame.number}", ability, card, frame.priority,
                     played=card.id if card.type == "spell" else None)
    if card.type == "spell":
        state = state.move(card.id, "chain")
    moved = replace(frame, items=frame.items + (item,), priority=None, passes=0, number=frame.number + 1)
    return Progress(state, control[:-1] + (moved,), "rb.chain", "rb-adds", (("player", frame.priority),
                                                                           ("item", item.id)))


def _place(frame: ChainFrame, state: GameState, control: Control, item: ChainItem) -> Progress:
    moved = replace(frame, waiting=tuple(i for i in frame.waiting if i is not item), items=frame.items + (item,),
                    priority=None, placed=frame.placed + 1)
    return Progress(state, control[:-1] + (moved,), "rb.simultaneous", "rb-placed", (("item", item.id),))


def _finalize(frame: ChainFrame, state: GameState, control: Control, item: ChainItem,
              option: str | None = None) -> Progress | Ask:
    """Finalize the oldest pending item: its numbered event and its targets are chosen now;
    finalizing does not pass priority."""
    if item.event is None and item.candidates:
        if option is None:
            key = AnswerKey(DecisionKind.CHOOSE_EVENT, item.id, item.controller, 0)
            return Ask(Decision(key, tuple(e.id for e in item.candidates), item.candidates[0].id, "rb.nth",
                                f"{item.controller} chooses which event triggers {item.id}", state))
        chosen = replace(item, event=next(e for e in item.candidates if e.id == option))
        return _replace_item(frame, state, control, item, chosen, "rb-event-chosen", (("event", option),))
    for i, instr in enumerate(item.ability.effect):
        slot = f"effect{i}"
        if instr.target.is_chosen and item.choice(slot) is None:
            targets = judge.chooser_targets(instr, state, item.controller, item.source, item.event)
            if targets:
                if option is None:
                    key = AnswerKey(DecisionKind.CHOOSE_TARGET, f"{item.id}/{slot}", item.controller, 0)
                    return Ask(Decision(key, tuple(c.id for c in targets), targets[0].id, "rb.chain.finalize",
                                        f"{item.controller} chooses a target to {instr.do.value}", state))
                chosen = replace(item, chosen=item.chosen + ((slot, option),))
                return _replace_item(frame, state, control, item, chosen, "rb-target", (("card", option),))
    return _replace_item(frame, state, control, item, replace(item, pending=False), "rb-finalized", ())


def _replace_item(frame, state, control, old, new, what, args) -> Progress:
    items = tuple(new if i is old else i for i in frame.items)
    return Progress(state, control[:-1] + (replace(frame, items=items),), "rb.chain.finalize", what,
                    (("item", old.id),) + args)


def _pass(frame: ChainFrame, state: GameState, control: Control, *, auto: bool) -> Progress:
    moved = replace(frame, priority=state.next_player(frame.priority), passes=frame.passes + 1,
                    number=frame.number + 1)
    return Progress(state, control[:-1] + (moved,), "rulekit.auto-pass" if auto else "rb.chain", "rb-pass",
                    (("player", frame.priority), ("auto", auto), ("passes", moved.passes)))


def playable(state: GameState, player: str) -> list[tuple[Card, Ability]]:
    """Spells in hand and board abilities with Reaction that ``player`` may use with priority."""
    out = []
    for cid in state.order:
        card = state.cards[cid]
        for ability in card.abilities:
            if ability.timing is not Timing.PRIORITY or card.zone not in zones_of(state, card, ability):
                continue
            me = item_controller(state, card) if card.zone in state.rules.in_play else card.owner
            if me != player or judge.condition_failure(ability.condition, state, me, card):
                continue
            if all(judge.changeable_targets(i, state, me, card, None) or i.target.is_player for i in ability.effect
                   if i.target.is_chosen):
                out.append((card, ability))
    return out


# -- resolving an item ---------------------------------------------------------------------------------
def advance_item(frame: ItemFrame, state: GameState, control: Control) -> Progress | Ask:
    item = frame.item
    if item.ability.optional and not frame.decided:
        key = AnswerKey(DecisionKind.MAY, item.id, item.controller, 0)
        return Ask(Decision(key, (YES, NO), YES, "rb.optional",
                            f"{item.controller} may resolve {item.id} (\"you may\")", state))
    if frame.index < len(item.ability.effect):
        return _execute(frame, state, control, item.ability.effect[frame.index])
    return _finish(frame, state, control)


def answer_item(frame: ItemFrame, state: GameState, control: Control, option: str, verdicts=()) -> Progress:
    if option == YES:
        return Progress(state, control[:-1] + (replace(frame, decided=True),), "rb.optional", "rb-may",
                        (("item", frame.item.id), ("answer", YES)))
    done = replace(frame, decided=True, index=len(frame.item.ability.effect))
    return Progress(state, control[:-1] + (done,), "rb.optional", "rb-may", (("item", frame.item.id), ("answer", NO)))


def _live_source(state: GameState, item: ChainItem) -> Card | None:
    """The source as it is now, or ``None`` if it is gone (a new object, or off the board)."""
    now = state.cards.get(item.source.id)
    if now is None or now.incarnation != item.source.incarnation:
        return None
    return now


def _execute(frame: ItemFrame, state: GameState, control: Control, instr: Instruction) -> Progress:
    item = frame.item
    slot = f"effect{frame.index}"
    moved_on = replace(frame, index=frame.index + 1)
    me = item.controller
    args = (("item", item.id), ("instruction", slot), ("verb", instr.do.value))
    why = judge.condition_failure(instr.condition, state, me, item.source)
    if why:
        return Progress(state, control[:-1] + (moved_on,), "rb.effect-condition", "rb-condition-false",
                        args + (("why", why),))
    amount = instr.amount
    if instr.amount_of is not None:
        if instr.amount_of == "that card's might":
            if item.event is None or item.event.card is None:
                return Progress(state, control[:-1] + (moved_on,), "rb.source-info", "rb-null", args)
            amount = item.event.card.might          # fixed when the trigger condition was met
        elif item.ability.deathknell:
            amount = item.source.might               # Deathknell: as it was on the board (rb.deathknell)
        else:
            live = _live_source(state, item)
            if live is None or live.zone not in state.rules.in_play:
                return Progress(state, control[:-1] + (moved_on,), "rb.source-info", "rb-null",
                                args + (("why", f"{item.source.title} is gone: its Might is null"),))
            amount = live.might                      # read now
    source = _live_source(state, item) or item.source
    effective = replace(instr, amount=amount)
    if instr.target.is_chosen:
        wanted = item.choice(slot)
        targets = tuple(c for c in judge.chooser_targets(effective, state, me, source, item.event) if c.id == wanted)
    elif instr.target is Target.SELF:
        live = _live_source(state, item)
        targets = (live,) if live is not None else ()
    else:
        targets = judge.changeable_targets(effective, state, me, source, item.event)
    group = f"{item.id}/{slot}"
    if instr.do is Verb.REPLACE:
        # "the next time it would die this turn, instead …": wait for that death
        for card in targets:
            key = f"next death of {card.id}"
            entry = (item.id, item.source.id, me, instr.instead)
            state = replace(state, replacements=state.replacements.set(key, state.replacements.get(key, ()) + (entry,)))
        return Progress(state, control[:-1] + (moved_on,), "rb.replacement", "rb-replaces",
                        args + (("cards", tuple(c.id for c in targets)),))
    kw = {"players": targets} if instr.target.is_player else {"cards": targets}
    conditions = occur.conditions_for(instr.do, state, group, item.id, amount=amount, source=item.source,
                                      to=instr.to, grant=instr.grant, ability=instr.ability, new_controller=me, **kw)
    if not conditions:
        return Progress(state, control[:-1] + (moved_on,), "rb.effect-nothing", "rb-nothing", args)
    return occurrence(state, control[:-1] + (moved_on,), conditions, group, "rb.resolve", args)


def _finish(frame: ItemFrame, state: GameState, control: Control) -> Progress:
    """After an item resolves: a played spell goes to the trash, then the cleanup (units with
    lethal damage die together)."""
    item = frame.item
    if item.played and state.cards[item.played].zone == "chain":
        state = state.move(item.played, "trash")
    lethal = tuple(c for c in (state.cards[i] for i in state.order)
                   if c.zone in state.rules.in_play and c.type == "unit" and c.might > 0 and c.damage >= c.might)
    rest = control[:-1]
    if lethal:
        group = f"{item.id}/cleanup"
        conditions = occur.conditions_for(Verb.KILL, state, group, group, cards=lethal)
        return occurrence(state, rest, conditions, group, "rb.cleanup", (("item", item.id),))
    return Progress(state, rest, "rb.chain", "rb-resolved", (("item", item.id),))


#: The Chain loop as the engine runs it: (stage, title, the step codes recorded at it), in
#: order, and the transitions between stages. The flowchart is drawn from these.
STAGES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("event", "events processed at once", ("rb-occurs",)),
    ("triggers", "triggers evaluated after the events", ("rb-triggers",)),
    ("pending", "items added as pending", ("rb-placed", "rb-adds")),
    ("finalize", "pending items finalized in order", ("rb-finalized", "rb-target", "rb-event-chosen")),
    ("priority", "the newest item's controller has priority", ("rb-priority",)),
    ("pass", "pass (or add an item)", ("rb-pass",)),
    ("resolve", "all passed in a row: the newest item resolves", ("rb-resolves", "rb-may", "rb-condition-false",
                                                                  "rb-null", "rb-nothing", "rb-replaces",
                                                                  "rb-resolved")),
    ("cleanup", "cleanup: lethal damage", ()),
    ("empty", "the Chain is empty", ("rb-chain-empty",)),
)
TRANSITIONS: tuple[tuple[str, str, str], ...] = (
    ("event", "triggers", "next"), ("triggers", "pending", "next"), ("pending", "finalize", "next"),
    ("finalize", "priority", "next"), ("priority", "pass", "next"), ("pass", "pass", "next player"),
    ("pass", "pending", "adds an item"), ("pass", "resolve", "all passed"), ("resolve", "event", "instruction"),
    ("resolve", "cleanup", "after resolving"), ("cleanup", "event", "units die"), ("cleanup", "priority", "items remain"),
    ("cleanup", "empty", "no items left"),
)


def stage_of(step) -> str | None:
    """The Chain-loop stage a Riftbound step was taken at."""
    if step.what == "rb-occurs" and step.rule == "rb.cleanup":
        return "cleanup"
    for stage, _, whats in STAGES:
        if step.what in whats:
            return stage
    return None
