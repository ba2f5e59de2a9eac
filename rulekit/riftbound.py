"""The Riftbound ruleset: trigger conditions, the Chain, and source changes (rules ``rb.*``).

Read next to ``riftbound-trigger-conditions.txt`` and the Core Rules notes:

- An occurrence is processed at once (Riftbound has no interrupt windows); Deathknell items
  are captured before the dying card moves, with its controller, location and Might as they
  were on the board (``rb.deathknell``).
- Ordinary triggers are evaluated after the event has been processed (:class:`TriggerCheck`):
  a source that left its zone in the same event sees nothing; one that entered it can
  trigger (``rb.evaluate-after``). A condition written with the trigger condition is checked
  now and never again (``rb.trigger-condition``).
- Triggered items are added to the Chain as pending: each player orders their own, the turn
  player's go on first (``rb.simultaneous``); pending items are finalized in the order added,
  targets chosen then (``rb.chain.finalize``); then the controller of the newest item has
  priority; passing moves priority on in turn order; when all pass in a row the newest item
  resolves, then a cleanup runs (``rb.chain``).
- An item is independent of its source: its controller is fixed when it triggers (``rb.control``);
  when it resolves, "you", friendly and enemy are judged from its controller, current source
  information is read then, and information about a source that is gone is null
  (``rb.source-info``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from . import ids, judge, occur
from .abilities import Ability, Instruction, Target, Timing
from .decisions import NO, PASS, YES, AnswerKey, Decision, DecisionKind
from .events import EventKind, Verb, kinds_counted
from .frames import Ask, Control, Progress
from .model import Card, GameState, TriggeringCondition
from .verdicts import Code, Verdict


# -- frames --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChainItem:
    """A triggered ability (or a played spell/ability) on the Chain. ``source`` is the card as
    it was when the item was created; ``event`` the triggering event (for a numbered trigger
    with several simultaneous candidates, chosen at finalization from ``candidates``)."""

    id: str
    ability: Ability
    source: Card
    controller: str
    event: TriggeringCondition | None = None
    candidates: tuple[TriggeringCondition, ...] = ()
    pending: bool = True
    chosen: tuple[tuple[str, str], ...] = ()
    played: str | None = None      # the spell card played for this item (to the trash when it resolves)

    def choice(self, slot: str) -> str | None:
        for s, value in self.chosen:
            if s == slot:
                return value
        return None


@dataclass(frozen=True, slots=True)
class TriggerCheck:
    """Evaluate triggers for events that have just been processed."""

    group: str
    events: tuple[TriggeringCondition, ...]
    captured: tuple[ChainItem, ...] = ()     # Deathknell items captured before the events


@dataclass(frozen=True, slots=True)
class ChainFrame:
    id: str
    items: tuple[ChainItem, ...] = ()        # oldest first; the newest is last
    waiting: tuple[ChainItem, ...] = ()      # triggered together, not yet ordered onto the Chain
    priority: str | None = None
    passes: int = 0
    number: int = 0                          # priority opportunities given so far
    placed: int = 0                          # items ordered onto the Chain so far


@dataclass(frozen=True, slots=True)
class ItemFrame:
    """The newest item, resolving instruction by instruction."""

    item: ChainItem
    index: int = 0
    decided: bool = False


# -- judging triggers ----------------------------------------------------------------------------
def _zones(state: GameState, source: Card, ability: Ability) -> tuple[str, ...]:
    return ability.zones or (("hand",) if source.type == "spell" else state.rules.in_play)


def turn_key(source: Card, ability: Ability, state: GameState, what: str) -> str:
    return f"{what}|{source.obj}.{ability.id}|turn {state.round}"


def rb_judge(state: GameState, source: Card, ability: Ability, tc: TriggeringCondition,
             group: tuple[TriggeringCondition, ...]) -> Verdict:
    """Does ``ability`` on ``source`` trigger for ``tc``, judged after the event (Deathknell:
    from the dying card as it was)?"""
    obj, aid, tid = source.obj, ability.id, tc.id
    if ability.when is None:
        return Verdict(obj, aid, tid, Code.NOT_LISTENING, "it is used with priority, not triggered")
    if ability.when.event not in kinds_counted(tc.kind):
        return Verdict(obj, aid, tid, Code.NOT_LISTENING,
                       f"it listens for \"{ability.when.event.value}\", this is \"{tc.kind.value}\"")
    if ability.timing is not Timing.TRIGGERED:
        return Verdict(obj, aid, tid, Code.WRONG_TIMING, f"a {ability.timing.value} ability is not triggered by events")
    if ability.deathknell:
        if tc.kind is not EventKind.KILLED or tc.card is None or tc.card.id != source.id:
            return Verdict(obj, aid, tid, Code.NO_MATCH, "Deathknell triggers only on its own card's death")
        if tc.card.zone not in state.rules.in_play:
            return Verdict(obj, aid, tid, Code.NOT_ACTIVE, f"{tc.card.title} was not on the board")
        return Verdict(obj, aid, tid, Code.TRIGGERS, "Deathknell: captured before it moved")
    if source.zone not in _zones(state, source, ability):
        left = next((e for e in group if e.card is not None and e.card.id == source.id
                     and e.card.zone in _zones(state, e.card, ability)), None)
        detail = (f"{source.title} left the {left.card.zone} in the same event" if left is not None
                  else f"{source.title} is in the {source.zone}")
        return Verdict(obj, aid, tid, Code.NOT_ACTIVE, detail)
    me = source.controller if source.zone in state.rules.in_play else source.owner
    if ability.active_if:
        why = judge.condition_failure(ability.active_if, state, me, source)
        if why:
            return Verdict(obj, aid, tid, Code.INACTIVE, f"its dependent keyword's condition is false: {why}")
    why = judge.trigger_mismatch(ability.when, tc, state, me, source, occurred=True)
    if why is None and ability.when.by is not None:
        why = ("nothing's effect caused it" if tc.source is None else
               judge.filter_mismatch(ability.when.by, tc.source, me, source))
    if why:
        return Verdict(obj, aid, tid, Code.NO_MATCH, why)
    if ability.condition:
        why = judge.condition_failure(ability.condition, state, me, source)
        if why:
            return Verdict(obj, aid, tid, Code.CONDITION_FALSE, f"trigger condition false when evaluated: {why}")
    if ability.once_per_turn and state.usage.get(turn_key(source, ability, state, "once"), 0):
        return Verdict(obj, aid, tid, Code.ONCE_PER_TURN)
    if ability.when.nth is not None:
        seen = state.counts.get(turn_key(source, ability, state, "nth"), 0)
        if seen >= ability.when.nth:
            return Verdict(obj, aid, tid, Code.NTH_PASSED,
                           f"occurrence number {ability.when.nth} this turn already happened ({seen} so far)")
    return Verdict(obj, aid, tid, Code.TRIGGERS)


def item_controller(state: GameState, source: Card) -> str:
    """The source's controller if it is on the board, its owner otherwise (``rb.control``)."""
    return source.controller if source.zone in state.rules.in_play else source.owner


# -- processing an occurrence ------------------------------------------------------------------------
def occurrence(state: GameState, control: Control, conditions: tuple[TriggeringCondition, ...], group: str,
               rule: str = "rb.occurs", args: tuple = ()) -> Progress:
    """Process events at once: capture Deathknells first, apply the events, then check triggers.
    A death with a replacement waiting for it does not happen (``rb.replacement``): the card
    does not die, so neither Deathknell nor any "when … dies" trigger sees a death."""
    replaced = []
    for tc in conditions:
        key = death_key(tc)
        if key is not None and key in state.replacements:
            entry = state.replacements[key][-1]
            state = replace(state, replacements=state.replacements.delete(key))
            from .resolution import apply_replacement
            state = apply_replacement(state, tc, entry)
            replaced.append((tc.id, entry[0]))
    conditions = tuple(tc for tc in conditions if tc.id not in {r[0] for r in replaced})
    captured = []
    for tc in conditions:
        if tc.kind is EventKind.KILLED and tc.card is not None:
            for ability in tc.card.abilities:
                if ability.deathknell and ability.timing is Timing.TRIGGERED:
                    v = rb_judge(state, tc.card, ability, tc, conditions)
                    if v.code is Code.TRIGGERS:
                        captured.append(ChainItem(ids.use(tc.card.obj, ability.id, tc.id), ability, tc.card,
                                                  tc.card.controller, tc))
    happened = tuple(tc for tc in conditions if occur.still_imminent(tc, state) is None)
    for tc in happened:
        state = occur.apply(state, tc)
    check = TriggerCheck(group, happened, tuple(captured))
    return Progress(state, control + (check,), rule, "rb-occurs",
                    args + (("occurred", tuple(tc.id for tc in happened)),
                            ("captured", tuple(i.id for i in captured)), ("replaced", tuple(replaced))))


def death_key(tc: TriggeringCondition) -> str | None:
    """Where a replacement of this card's next death waits in ``state.replacements``."""
    return f"next death of {tc.card.id}" if tc.kind is EventKind.KILLED and tc.card is not None else None


def evaluate(state: GameState, frame: TriggerCheck) -> tuple[tuple[Verdict, ...], list]:
    """The verdicts of every listening ability for these events, judged on the state after
    them, and what triggered as (source, ability, event). A once-per-turn ability met by
    several events of the group triggers for the first only."""
    verdicts, triggered, once = [], [], set()
    for tc in frame.events:
        for kind in kinds_counted(tc.kind):
            for card_id, index in state.listeners_for(kind, Timing.TRIGGERED):
                source = state.cards[card_id]
                ability = source.abilities[index]
                if ability.deathknell:
                    continue      # captured before the event
                v = rb_judge(state, source, ability, tc, frame.events)
                if v.code is Code.TRIGGERS and ability.once_per_turn:
                    if (card_id, ability.id) in once:
                        v = Verdict(v.card, v.ability, v.condition, Code.ONCE_PER_TURN)
                    once.add((card_id, ability.id))
                verdicts.append(v)
                if v.code is Code.TRIGGERS:
                    triggered.append((source, ability, tc))
    return tuple(verdicts), triggered


def check_triggers(frame: TriggerCheck, state: GameState, control: Control) -> Progress:
    verdicts, triggered = evaluate(state, frame)
    items = list(frame.captured)
    numbered: dict[tuple[str, str], list] = {}
    for source, ability, tc in triggered:
        if ability.when.nth is not None:
            numbered.setdefault((source.id, ability.id), []).append(tc)
            continue
        items.append(ChainItem(ids.use(source.obj, ability.id, tc.id), ability, source,
                               item_controller(state, source), tc))
        if ability.once_per_turn:
            state = replace(state, usage=state.usage.set(turn_key(source, ability, state, "once"), 1))
    for (card_id, ability_id), events in numbered.items():
        source = state.cards[card_id]
        ability = source.ability(ability_id)
        key = turn_key(source, ability, state, "nth")
        seen = state.counts.get(key, 0)
        state = replace(state, counts=state.counts.set(key, seen + len(events)))
        if seen < ability.when.nth <= seen + len(events):
            # the Nth qualifying event is among these: one item; its controller picks the event
            items.append(ChainItem(ids.use(source.obj, ability.id, frame.group), ability, source,
                                   item_controller(state, source),
                                   events[0] if len(events) == 1 else None,
                                   tuple(events) if len(events) > 1 else ()))
    rest = control[:-1]
    args = (("group", frame.group), ("items", tuple(i.id for i in items)))
    if not items:
        return Progress(state, rest, "rb.evaluate-after", "rb-triggers", args, verdicts)
    for i in range(len(rest) - 1, -1, -1):
        if isinstance(rest[i], ChainFrame):
            chain = replace(rest[i], waiting=rest[i].waiting + tuple(items))
            return Progress(state, rest[:i] + (chain,) + rest[i + 1:], "rb.evaluate-after", "rb-triggers", args,
                            verdicts)
    chain = ChainFrame(f"chain:{frame.group}", waiting=tuple(items))
    return Progress(state, rest + (chain,), "rb.evaluate-after", "rb-triggers", args, verdicts)


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


def answer_chain(frame: ChainFrame, state: GameState, control: Control, option: str) -> Progress:
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
            if ability.timing is not Timing.PRIORITY or card.zone not in _zones(state, card, ability):
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


def answer_item(frame: ItemFrame, state: GameState, control: Control, option: str) -> Progress:
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


def explain_verdicts(step, source: Card, ability: Ability) -> tuple[Verdict, ...]:
    frame = step.parent.control[-1] if step.parent is not None and step.parent.control else None
    if not isinstance(frame, TriggerCheck):
        return ()
    recorded = {(v.card, v.ability, v.condition): v for v in evaluate(step.before, frame)[0]}
    return tuple(recorded.get((source.obj, ability.id, tc.id)) or rb_judge(step.before, source, ability, tc, frame.events)
                 for tc in frame.events)


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
