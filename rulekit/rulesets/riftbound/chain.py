"""The Chain (rules ``rb.chain``, ``rb.chain.finalize``, ``rb.simultaneous``, ``rb.resolve``).

Triggered items wait to be ordered onto the Chain (each player orders their own, the turn
player's first), are finalized in the order added (targets and numbered events chosen then;
finalizing does not pass priority; an item without enough legal targets is removed), then the
controller of the newest item has priority; a player with priority adds an item with Reaction
or passes to the next player in turn order; when all pass in a row the newest item resolves,
instruction by instruction (:mod:`.resolving`), and a cleanup follows (as it follows any change
while no item resolves: :mod:`.cleanup`). What a player with
priority may play, and priority while no Chain exists, is :mod:`.priority`.

The loop is two tables. :data:`STAGES` is the flowchart, in the rules' order: each row a stage
with the step codes recorded at it; :mod:`.views` draws it. :data:`CHAIN_STAGES` is the Chain's
own stages in the order it asks which one it is at: each row the test that says so and the
handler that advances it (and takes an answer there); :func:`advance_chain` calls the first
whose test holds. The frames (:class:`ChainFrame`, :class:`ItemFrame`) are :mod:`.frames`;
trigger evaluation is :mod:`.triggers`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from rulekit.core import ids
from rulekit.core import judge
from rulekit.core import occur
from rulekit.core.abilities import Instruction, Target
from rulekit.core.decisions import NO, PASS, YES, AnswerKey, Decision, DecisionKind
from rulekit.core.frames import Ask, Control, Progress
from rulekit.core.frozen import replace
from rulekit.core.model import GameState
from rulekit.core.ruleset import ruling_arg
from rulekit.rulesets.riftbound.codes import RbStep
from rulekit.rulesets.riftbound.frames import ChainFrame, ChainItem, CombatFrame, ItemFrame
from rulekit.core.events import Verb
from rulekit.rulesets.riftbound.priority import cost_failure, costs_of, hidden, playable
from rulekit.rulesets.riftbound.judging import acting_on_self, turn_key
from rulekit.rulesets.riftbound.triggers import occurrence
from rulekit.rulesets.riftbound import effectplay

DONE = "done"     #: the option that stops an "up to N" choice


# -- the stages of the Chain ---------------------------------------------------------------------------
def _turn_order(state: GameState) -> tuple[str, ...]:
    return state.seat_order()   # the turn player is kept as ``first_player``


def _stage_place(frame: ChainFrame, state: GameState, control: Control) -> Progress | Ask:
    """The oldest batch first (items are finalized in the order they were added, 337.1.b: a batch
    of Deathknells, added before their cards moved, before the abilities that saw the deaths); within
    it — abilities that triggered at the same moment — the turn player's, then in turn order (the
    attacking player's first for a combat's designations, 459.2.d.1), each player ordering their own
    (383.3.d, 383.3.d.1)."""
    oldest = min(i.batch for i in frame.waiting)
    rule, order = frame.batch_rule(oldest, _turn_order(state))
    for player in order:
        mine = [i for i in frame.waiting if i.controller == player and i.batch == oldest]
        if not mine:
            continue
        if len(mine) == 1:
            return _place(frame, state, control, mine[0])
        key = AnswerKey(DecisionKind.ORDER_TRIGGERS, ids.order_decision(frame.id), player, frame.placed + 1)
        return Ask(Decision(key, tuple(i.id for i in mine), mine[0].id, rule,
                            f"{player} chooses which of their triggered abilities goes on the Chain next", state))
    raise AssertionError("waiting items without a controller among the players")


def _answer_place(frame: ChainFrame, state: GameState, control: Control, option: str) -> Progress:
    return _place(frame, state, control, next(i for i in frame.waiting if i.id == option))


def _stage_wait(frame: ChainFrame, state: GameState, control: Control) -> Progress:
    """Combat's Resolution Step: the items, placed, stay pending — no item is finalized or resolves
    and no one gets priority while its task is under way (320, 320.1, 335.1, 460.3). The Chain lies
    beneath the combat until the combat releases it (rule ``rb.resolution-step``)."""
    k = next(i for i, f in enumerate(control) if isinstance(f, CombatFrame) and f.id == frame.waits)
    return Progress(state, control[:k] + (frame,) + control[k:-1], "rb.resolution-step", RbStep.CHAIN_WAITS,
                    (("chain", frame.id), ("items", tuple(i.id for i in frame.items)), ("combat", frame.waits),
                     ruling_arg(state, "rb.resolution-step")))


def _stage_finalize(frame: ChainFrame, state: GameState, control: Control) -> Progress | Ask:
    return _finalize(frame, state, control, next(i for i in frame.items if i.pending))


def _answer_finalize(frame: ChainFrame, state: GameState, control: Control, option: str) -> Progress:
    return _finalize(frame, state, control, next(i for i in frame.items if i.pending), option)


def _stage_empty(frame: ChainFrame, state: GameState, control: Control) -> Progress:
    return Progress(state, control[:-1], "rb.chain", RbStep.CHAIN_EMPTY, (("chain", frame.id),))


def _finalized_add(frame: ChainFrame) -> ChainItem | None:
    """A finalized item that Adds resources: it has not resolved yet (it does so at once)."""
    return next((i for i in frame.items if not i.pending and adds(i.ability)), None)


def _stage_add(frame: ChainFrame, state: GameState, control: Control) -> Progress:
    """An ability that Adds resolves as soon as it is finalized, before any other item is finalized,
    and priority does not pass (400.2, 429.2, 429.2.a)."""
    item = _finalized_add(frame)
    rest = replace(frame, items=tuple(i for i in frame.items if i is not item))
    return Progress(state, control[:-1] + (rest, ItemFrame(item)), "rb.resources", RbStep.RESOLVES,
                    (("item", item.id), ("at once", True)))


def _stage_priority(frame: ChainFrame, state: GameState, control: Control) -> Progress:
    newest = frame.items[-1]
    return Progress(state, control[:-1] + (replace(frame, priority=newest.controller, passes=0),), "rb.chain",
                    RbStep.PRIORITY, (("player", newest.controller), ("item", newest.id)))


def _stage_resolve(frame: ChainFrame, state: GameState, control: Control) -> Progress:
    newest = frame.items[-1]
    rest = replace(frame, items=frame.items[:-1], priority=None, passes=0)
    args = (("item", newest.id),)
    if newest.ability.condition and newest.ability.when is not None:
        args += (ruling_arg(state, "rb.recheck-condition"),)    # whether its trigger condition's "if" is read again
    return Progress(state, control[:-1] + (rest, ItemFrame(newest)), "rb.chain", RbStep.RESOLVES, args)


def _stage_execute(frame: ChainFrame, state: GameState, control: Control) -> Progress | Ask:
    options = playable(state, frame.priority)
    if not options:
        return _pass(frame, state, control, auto=True)
    key = AnswerKey(DecisionKind.ACT_OR_PASS, frame.id, frame.priority, frame.ordinal)
    return Ask(Decision(key, (PASS,) + tuple(ids.ability_ref(c.id, a.id) for c, a in options), PASS, "rb.chain",
                        f"{frame.priority} has priority: add an item with Reaction to the Chain or pass", state))



def _answer_execute(frame: ChainFrame, state: GameState, control: Control, option: str) -> Progress:
    if option == PASS:
        return _pass(frame, state, control, auto=False)
    chosen = ids.parse_use(option)
    card = state.cards[chosen.card]
    ability = card.ability(chosen.ability)
    item = ChainItem(ids.chain_item(card.obj, chosen.ability, frame.id, frame.number), ability, card, frame.priority,
                     played=card.id if card.type == "spell" else None)
    if card.type == "spell":
        state = state.move(card.id, "chain")
    moved = replace(frame, items=frame.items + (item,), priority=None, passes=0, number=frame.number + 1)
    return Progress(state, control[:-1] + (moved,), "rb.chain", RbStep.ADDS, (("player", frame.priority),
                                                                             ("item", item.id)))


@dataclass(frozen=True, slots=True)
class Stage:
    """One stage of the Chain loop as the flowchart draws it: a node (``name``, ``title``) and the
    step codes recorded at it."""

    name: str
    title: str
    codes: tuple[str, ...]


#: The Chain loop as the flowchart draws it, in the rules' order.
STAGES: tuple[Stage, ...] = (
    Stage("open", "no Chain: the turn player may play a card (Main Phase)", (RbStep.OPEN_PASS,)),
    Stage("event", "events processed at once", (RbStep.OCCURS, RbStep.NO_HOLD, RbStep.REPLACEMENT_ORDER)),
    Stage("triggers", "triggers evaluated after the events", (RbStep.TRIGGERS, RbStep.MAY)),
    Stage("pending", "items added as pending", (RbStep.PLACED, RbStep.ADDS, RbStep.CHAIN_WAITS)),
    Stage("finalize", "pending items finalized in order",
          (RbStep.FINALIZED, RbStep.TARGET, RbStep.EVENT_CHOSEN, RbStep.REMOVED)),
    Stage("priority", "the newest item's controller has priority", (RbStep.PRIORITY,)),
    Stage("pass", "pass (or add an item with Reaction)", (RbStep.PASS,)),
    Stage("resolve", "all passed in a row: the newest item resolves",
          (RbStep.RESOLVES, RbStep.MAY, RbStep.CHOSEN, RbStep.RECHECK, RbStep.CONDITION_FALSE, RbStep.NULL, RbStep.NOTHING,
           RbStep.CHANCE, RbStep.SHUFFLED, RbStep.PLAY_PENDING,
           RbStep.NOT_MODELLED, RbStep.REPLACES, RbStep.ABILITY_CONTROL, RbStep.RESOLVED)),
    Stage("cleanup", "cleanup: lethal damage (after a resolution, or a change while none resolves)", ()),
    Stage("empty", "the Chain is empty", (RbStep.CHAIN_EMPTY,)),
    Stage("showdown", "a Showdown: the player with Focus may play a card or pass", (RbStep.SHOWDOWN_PASS, RbStep.FOCUS)),
    Stage("combat", "the steps of combat: damage, cleanup, control, combat ends",
          (RbStep.NO_COMBAT, RbStep.NO_DAMAGE, RbStep.COMBAT_CLEANUP, RbStep.COMBAT_RESULT, RbStep.COMBAT_ENDS,
           RbStep.CHAIN_RELEASED)),
)
TRANSITIONS: tuple[tuple[str, str, str], ...] = (
    ("event", "triggers", "next"), ("triggers", "pending", "next"), ("pending", "finalize", "next"),
    ("finalize", "priority", "next"), ("finalize", "empty", "no legal target: removed"),
    ("priority", "pass", "next"), ("pass", "pass", "next player"),
    ("pass", "pending", "adds an item"), ("pass", "resolve", "all passed"), ("resolve", "event", "instruction"),
    ("resolve", "cleanup", "after resolving"), ("cleanup", "event", "units die"), ("cleanup", "priority", "items remain"),
    ("cleanup", "empty", "no items left"), ("triggers", "cleanup", "no item resolving: lethal damage"),
    ("open", "pending", "plays a card: a Chain"),
    ("empty", "open", "Main Phase: priority again"),
    ("pending", "combat", "in combat's Resolution Step: they wait"),
    ("combat", "finalize", "a task of the step is done: released"),
    ("combat", "event", "designations, damage, deaths, a conquer"), ("empty", "showdown", "the attacker has Focus"),
    ("showdown", "pending", "plays a card: a Chain"), ("showdown", "showdown", "Focus passes"),
    ("showdown", "combat", "all passed: combat damage"),
)


@dataclass(frozen=True, slots=True)
class ChainStage:
    """A stage of the :class:`ChainFrame` (the :data:`STAGES` node named ``stage``): the Chain is
    at it when ``at`` holds and no earlier row's does; ``advance`` moves it on from there, and
    ``answer`` takes an answer there."""

    stage: str
    at: Callable[[ChainFrame, GameState], bool]
    advance: Callable
    answer: Callable | None = None


#: What the Chain does next, in the order it asks: items triggered together are ordered onto it
#: (in combat's Resolution Step they then wait beneath the combat, pending: rb.resolution-step),
#: an item that Adds resources resolves as soon as it is finalized, then pending items are
#: finalized; with no item left the Chain is empty; otherwise the newest item's controller gets
#: priority, the newest item resolves once all have passed in a row, and
#: until then the player with priority adds an item with Reaction or passes.
CHAIN_STAGES: tuple[ChainStage, ...] = (
    ChainStage("pending", lambda chain, state: bool(chain.waiting), _stage_place, _answer_place),
    ChainStage("pending", lambda chain, state: bool(chain.waits), _stage_wait),
    ChainStage("resolve", lambda chain, state: _finalized_add(chain) is not None, _stage_add),
    ChainStage("finalize", lambda chain, state: any(i.pending for i in chain.items), _stage_finalize,
               _answer_finalize),
    ChainStage("empty", lambda chain, state: not chain.items, _stage_empty),
    ChainStage("priority", lambda chain, state: chain.priority is None, _stage_priority),
    ChainStage("resolve", lambda chain, state: chain.passes >= len(state.players), _stage_resolve),
    ChainStage("pass", lambda chain, state: True, _stage_execute, _answer_execute),
)


def chain_stage(frame: ChainFrame, state: GameState) -> ChainStage:
    """The stage the Chain is at: the first of :data:`CHAIN_STAGES` whose test holds."""
    for stage in CHAIN_STAGES:
        if stage.at(frame, state):
            return stage
    raise AssertionError("no stage of the Chain applies")


def advance_chain(frame: ChainFrame, state: GameState, control: Control) -> Progress | Ask:
    return chain_stage(frame, state).advance(frame, state, control)


def answer_chain(frame: ChainFrame, state: GameState, control: Control, option: str, verdicts=()) -> Progress:
    return chain_stage(frame, state).answer(frame, state, control, option)


def _place(frame: ChainFrame, state: GameState, control: Control, item: ChainItem) -> Progress:
    moved = replace(frame, waiting=tuple(i for i in frame.waiting if i is not item), items=frame.items + (item,),
                    priority=None, placed=frame.placed + 1)
    # a card an effect plays is placed after earlier items (rb.play-effect); a batch by its own rule
    rule = "rb.play-effect" if item.played else frame.batch_rule(item.batch, ())[0]
    return Progress(state, control[:-1] + (moved,), rule, RbStep.PLACED, (("item", item.id),))


# -- finalizing ---------------------------------------------------------------------------------------
def _options(instr: Instruction, frame: ChainFrame, state: GameState, item: ChainItem) -> tuple[str, ...]:
    """The legal choices for a chosen target: card objects, or (a chosen ability) other items."""
    if instr.target is Target.CHOSEN_ABILITY:
        return tuple(i.id for i in frame.items if i.id != item.id)
    return tuple(c.obj for c in judge.chooser_targets(instr, state, item.controller, item.source, item.event))


def _finalize(frame: ChainFrame, state: GameState, control: Control, item: ChainItem,
              option: str | None = None) -> Progress | Ask:
    """Finalize the oldest pending item: its numbered event and its targets are chosen now;
    finalizing does not pass priority. Without enough legal targets it is removed (402.3)."""
    if item.event is None and item.candidates:
        if option is None:
            key = AnswerKey(DecisionKind.CHOOSE_EVENT, item.id, item.controller)
            return Ask(Decision(key, tuple(e.id for e in item.candidates), item.candidates[0].id, "rb.nth",
                                f"{item.controller} chooses which event triggers {item.id}", state))
        chosen = replace(item, event=next(e for e in item.candidates if e.id == option))
        return _replace_item(frame, state, control, item, chosen, RbStep.EVENT_CHOSEN, (("event", option),))
    for i, instr in enumerate(item.ability.effect):
        slot = f"effect{i}"
        if not instr.target.is_chosen or instr.target.by_others or hidden(instr):
            continue        # each player's own choice, or cards in a hand or a deck: no target, chosen as it
                            # resolves (355.10.a, 355.10.e, 355.17; .choosing)
        if instr.up_to is not None:
            picked = item.choices(slot)
            left = tuple(o for o in _options(instr, frame, state, item) if o not in picked)
            if item.stopped(slot) or len(picked) >= instr.up_to or not left:
                continue
            if option is None:
                key = AnswerKey(DecisionKind.CHOOSE_TARGET, ids.nested(item.id, slot), item.controller, len(picked) + 1)
                return Ask(Decision(key, left + (DONE,), left[0], "rb.chain.finalize",
                                    f"{item.controller} chooses up to {instr.up_to - len(picked)} more target(s) to "
                                    f"{instr.do.value}, or {DONE}", state))
            chosen = replace(item, chosen=item.chosen + ((slot, "" if option == DONE else option),))
            return _replace_item(frame, state, control, item, chosen, RbStep.TARGET, (("card", option),))
        picked = item.choices(slot)
        if len(picked) >= instr.picks:
            continue
        options = tuple(o for o in _options(instr, frame, state, item) if o not in picked)
        legal = len(options) + len(picked)
        if legal < instr.picks:         # all its targets, or removed (355.8, 402.3)
            why = (f"no legal target to {instr.do.value}" if not legal else
                   f"only {legal} legal targets to {instr.do.value}, {instr.picks} to choose")
            return _remove(frame, state, control, item, why)
        if option is None:
            number = len(picked) + 1        # "exhaust two enemy units": #1, then #2 (a different unit)
            of = f" ({number} of {instr.picks})" if instr.picks > 1 else ""
            key = AnswerKey(DecisionKind.CHOOSE_TARGET, ids.nested(item.id, slot), item.controller, number)
            return Ask(Decision(key, options, options[0], "rb.chain.finalize",
                                f"{item.controller} chooses a target to {instr.do.value}{of}", state))
        chosen = replace(item, chosen=item.chosen + ((slot, option),))
        return _replace_item(frame, state, control, item, chosen, RbStep.TARGET, (("card", option),))
    if item.paid < len(_costs(item, state)):
        return _pay(frame, state, control, item, option)
    if effectplay.is_permanent_play(state, item):    # a unit or gear an effect plays resolves at once (337.1.c)
        return effectplay.enter_board(frame, state, control, item)
    if item.played:     # a card finalized this turn, not played until it resolves (rb.legion-counts; 812.1.c)
        state = replace(state, playing=state.playing.set(state.cards[item.played].obj, item.controller))
    return _replace_item(frame, state, control, item, replace(item, pending=False), RbStep.FINALIZED, ())


def adds(ability) -> bool:
    """An ability whose every instruction Adds resources (429.2)."""
    return bool(ability.effect) and all(i.do is Verb.ADD for i in ability.effect)


def _costs(item: ChainItem, state: GameState) -> tuple:
    """What the item's controller pays as it is finalized: a played spell's Cost, then the ability's."""
    if item.played:     # a card an effect plays: its Cost less what the effect ignores (rb.play-effect)
        card = state.cards[item.played]
        return costs_of(item.ability, card) if item.played_from is None else effectplay.costs(item, card)
    return item.ability.cost


def _pay(frame: ChainFrame, state: GameState, control: Control, item: ChainItem, option: str | None) -> Progress | Ask:
    """A triggered ability's cost is paid as the item is finalized, after its choices (383.3.b.1,
    403-404); its controller may decline to pay (404.2). Declined, or not payable, the item is
    removed and never becomes a Chain Item (404.2.a: it is not countered). Each cost instruction
    is an occurrence of its own, whose triggers are added after this item (``rb.trigger-cost``)."""
    costs = _costs(item, state)
    if item.paid == 0:
        why = cost_failure(item.ability, state, item.controller, item.source, item.event, costs)
        if why is not None:
            return _remove(frame, state, control, item, why,
                           rule="rb.play-effect" if item.played_from is not None else "rb.trigger-cost")
        if item.ability.when is not None:       # a triggered ability: its controller may decline (404.2)
            if option is None:
                key = AnswerKey(DecisionKind.MAY, f"{item.id}/cost", item.controller)
                return Ask(Decision(key, (YES, NO), YES, "rb.trigger-cost",
                                    f"{item.controller} may pay the cost of {item.id} (or decline: it is removed)",
                                    state))
            if option == NO:
                return _remove(frame, state, control, item, "its controller declined to pay its cost",
                               rule="rb.trigger-cost")
    index = item.paid
    instr = costs[index]
    group = ids.instruction_sequence(item.id, "cost", index)
    me = item.source
    if instr.target is Target.SELF:
        me, instr = acting_on_self(state, item.source, item.ability, instr)
    targets = judge.changeable_targets(instr, state, item.controller, me, item.event)
    kw = {"players": targets} if instr.target.is_player else {"cards": targets}
    conditions = occur.conditions_for(instr.do, state, group, item.id, amount=instr.amount, source=item.source,
                                      to=instr.to, new_controller=item.controller, resource=instr.resource, **kw)
    paid = replace(item, paid=index + 1)
    rest = control[:-1] + (replace(frame, items=tuple(paid if i is item else i for i in frame.items)),)
    args = (("item", item.id), ("instruction", f"cost{index}"), ("verb", instr.do.value))
    if me is not item.source:       # a Deathknell's "recycle me to …": its card in the trash (rb.deathknell-me)
        args += (("me", me.obj), ruling_arg(state, "rb.deathknell-me"))
    return occurrence(state, rest, conditions, group,
                      "rb.play-effect" if item.played_from is not None else "rb.trigger-cost", args)


def _remove(frame: ChainFrame, state: GameState, control: Control, item: ChainItem, why: str,
            rule: str = "rb.no-target") -> Progress:
    """Not enough options for its choices (402.3), or its cost not paid (404.2): the item leaves
    the Chain without becoming a Chain Item (a card being played goes back where it came from,
    358.4, 806.4.b: its hand, or the zone an effect played it from)."""
    args = (("item", item.id), ("why", why))
    if item.played and state.cards[item.played].zone == "chain":
        state = state.move(item.played, item.played_from or "hand")
        args += (("back", (state.cards[item.played].obj, item.played_from or "hand")),)
    if item.ability.once_per_turn and item.ability.when is not None and not item.ability.deathknell:
        args += (ruling_arg(state, "rb.once-removed"),)      # has it triggered this turn?
        if state.ruling("rb.once-removed") == "not-triggered":
            key = turn_key(item.source, item.ability, state, "once")
            if key in state.usage:
                state = replace(state, usage=state.usage.delete(key))
    moved = replace(frame, items=tuple(i for i in frame.items if i is not item))
    return Progress(state, control[:-1] + (moved,), rule, RbStep.REMOVED, args)


def _replace_item(frame, state, control, old, new, what, args) -> Progress:
    items = tuple(new if i is old else i for i in frame.items)
    return Progress(state, control[:-1] + (replace(frame, items=items),), "rb.chain.finalize", what,
                    (("item", old.id),) + args)


def _pass(frame: ChainFrame, state: GameState, control: Control, *, auto: bool) -> Progress:
    moved = replace(frame, priority=state.next_player(frame.priority), passes=frame.passes + 1,
                    number=frame.number + 1)
    return Progress(state, control[:-1] + (moved,), "rulekit.auto-pass" if auto else "rb.chain", RbStep.PASS,
                    (("player", frame.priority), ("auto", auto), ("passes", moved.passes)))


def stage_of(step) -> str | None:
    """The Chain-loop stage a Riftbound step was taken at."""
    if step.what == RbStep.OCCURS and step.rule == "rb.cleanup":
        return "cleanup"
    for stage in STAGES:
        if step.what in stage.codes:
            return stage.name
    return None
