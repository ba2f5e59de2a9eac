"""The Chain (rules ``rb.chain``, ``rb.chain.finalize``, ``rb.simultaneous``, ``rb.resolve``).

Triggered items wait to be ordered onto the Chain (each player orders their own, the turn
player's first), are finalized in the order added (targets and numbered events chosen then;
finalizing does not pass priority; an item without enough legal targets is removed), then the
controller of the newest item has priority; a player with priority adds an item with Reaction
or passes to the next player in turn order; when all pass in a row the newest item resolves,
instruction by instruction, and a cleanup follows.

The loop is the table :data:`STAGES`: each row is a stage of the flowchart with the step codes
recorded at it, and, for the Chain's own stages, the test that says the Chain is at that stage
and the handler that advances it (and takes an answer there). :func:`advance_chain` finds the
stage and calls its handler; :mod:`.views` draws the flowchart from the same rows. The frames
(:class:`ChainFrame`, :class:`ItemFrame`) are :mod:`.frames`; trigger evaluation is :mod:`.triggers`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from rulekit.core import judge
from rulekit.core import occur
from rulekit.core.abilities import Ability, Instruction, Target, Timing
from rulekit.core.decisions import NO, PASS, YES, AnswerKey, Decision, DecisionKind
from rulekit.core.events import Verb
from rulekit.core.frames import Ask, Control, Progress
from rulekit.core.frozen import replace
from rulekit.core.model import Card, GameState
from rulekit.core.verdicts import Code, Verdict
from rulekit.core.ruleset import ruling_arg
from rulekit.rulesets.riftbound.codes import RbStep
from rulekit.rulesets.riftbound.frames import ChainFrame, ChainItem, ItemFrame, OpenFrame
from rulekit.rulesets.riftbound.triggers import TOKEN_PREFIX, item_controller, occurrence, zones_of

DONE = "done"     #: the option that stops an "up to N" choice


# -- the stages of the Chain ---------------------------------------------------------------------------
def _turn_order(state: GameState) -> tuple[str, ...]:
    return state.seat_order()   # the turn player is kept as ``first_player``


def _stage_place(frame: ChainFrame, state: GameState, control: Control) -> Progress | Ask:
    for player in _turn_order(state):
        mine = [i for i in frame.waiting if i.controller == player]
        if not mine:
            continue
        if len(mine) == 1:
            return _place(frame, state, control, mine[0])
        key = AnswerKey(DecisionKind.ORDER_TRIGGERS, f"{frame.id}:order", player, frame.placed)
        return Ask(Decision(key, tuple(i.id for i in mine), mine[0].id, "rb.simultaneous",
                            f"{player} chooses which of their triggered abilities goes on the Chain next", state))
    raise AssertionError("waiting items without a controller among the players")


def _answer_place(frame: ChainFrame, state: GameState, control: Control, option: str) -> Progress:
    return _place(frame, state, control, next(i for i in frame.waiting if i.id == option))


def _stage_finalize(frame: ChainFrame, state: GameState, control: Control) -> Progress | Ask:
    return _finalize(frame, state, control, next(i for i in frame.items if i.pending))


def _answer_finalize(frame: ChainFrame, state: GameState, control: Control, option: str) -> Progress:
    return _finalize(frame, state, control, next(i for i in frame.items if i.pending), option)


def _stage_empty(frame: ChainFrame, state: GameState, control: Control) -> Progress:
    return Progress(state, control[:-1], "rb.chain", RbStep.CHAIN_EMPTY, (("chain", frame.id),))


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
    key = AnswerKey(DecisionKind.ACT_OR_PASS, frame.id, frame.priority, frame.number)
    return Ask(Decision(key, (PASS,) + tuple(f"{c.id}.{a.id}" for c, a in options), PASS, "rb.chain",
                        f"{frame.priority} has priority: add an item with Reaction to the Chain or pass", state))


def advance_open(frame: OpenFrame, state: GameState, control: Control) -> Progress | Ask:
    """No Chain exists: the turn player may play a card or ability — Action or Reaction — or pass."""
    player = state.first_player
    options = playable(state, player, None)
    if not options:
        return Progress(state, control[:-1], "rulekit.auto-pass", RbStep.OPEN_PASS,
                        (("player", player), ("auto", True), ("window", frame.id)))
    key = AnswerKey(DecisionKind.ACT_OR_PASS, frame.id, player, frame.number)
    return Ask(Decision(key, (PASS,) + tuple(f"{c.id}.{a.id}" for c, a in options), PASS, "rb.reaction",
                        f"{player} has priority and no Chain exists: play a card or ability, or pass", state))


def answer_open(frame: OpenFrame, state: GameState, control: Control, option: str, verdicts=()) -> Progress:
    player = state.first_player
    if option == PASS:
        return Progress(state, control[:-1], "rb.reaction", RbStep.OPEN_PASS,
                        (("player", player), ("auto", False), ("window", frame.id)))
    card_id, _, ability_id = option.partition(".")
    card = state.cards[card_id]
    item = ChainItem(f"{card.obj}.{ability_id}@{frame.id}#{frame.number}", card.ability(ability_id), card, player,
                     played=card.id if card.type == "spell" else None)
    if card.type == "spell":
        state = state.move(card.id, "chain")
    chain = ChainFrame(f"chain:{frame.id}#{frame.number}", items=(item,))   # the player who made it acts first
    return Progress(state, control[:-1] + (replace(frame, number=frame.number + 1), chain), "rb.reaction",
                    RbStep.ADDS, (("player", player), ("item", item.id)))


def _answer_execute(frame: ChainFrame, state: GameState, control: Control, option: str) -> Progress:
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
    return Progress(state, control[:-1] + (moved,), "rb.chain", RbStep.ADDS, (("player", frame.priority),
                                                                             ("item", item.id)))


@dataclass(frozen=True, slots=True)
class Stage:
    """One stage of the Chain loop: a node of the flowchart (``name``, ``title``), the step codes
    recorded at it, and — for the stages of the :class:`ChainFrame` — the position at which the
    Chain tests whether it is at this stage (``test``: first true wins), the test, and the
    handlers that advance it and take an answer there."""

    name: str
    title: str
    codes: tuple[str, ...]
    test: int | None = None
    at: Callable[[ChainFrame, GameState], bool] | None = None
    advance: Callable | None = None
    answer: Callable | None = None


#: The Chain loop as the engine runs it and the flowchart draws it, in the flowchart's order.
STAGES: tuple[Stage, ...] = (
    Stage("open", "no Chain: the turn player may play a card (Main Phase)", (RbStep.OPEN_PASS,)),
    Stage("event", "events processed at once", (RbStep.OCCURS,)),
    Stage("triggers", "triggers evaluated after the events", (RbStep.TRIGGERS, RbStep.MAY)),
    Stage("pending", "items added as pending", (RbStep.PLACED, RbStep.ADDS),
          0, lambda f, s: bool(f.waiting), _stage_place, _answer_place),
    Stage("finalize", "pending items finalized in order",
          (RbStep.FINALIZED, RbStep.TARGET, RbStep.EVENT_CHOSEN, RbStep.REMOVED),
          1, lambda f, s: any(i.pending for i in f.items), _stage_finalize, _answer_finalize),
    Stage("priority", "the newest item's controller has priority", (RbStep.PRIORITY,),
          3, lambda f, s: f.priority is None, _stage_priority),
    Stage("pass", "pass (or add an item with Reaction)", (RbStep.PASS,),
          5, lambda f, s: True, _stage_execute, _answer_execute),
    Stage("resolve", "all passed in a row: the newest item resolves",
          (RbStep.RESOLVES, RbStep.MAY, RbStep.RECHECK, RbStep.CONDITION_FALSE, RbStep.NULL, RbStep.NOTHING,
           RbStep.REPLACES, RbStep.ABILITY_CONTROL, RbStep.RESOLVED),
          4, lambda f, s: f.passes >= len(s.players), _stage_resolve),
    Stage("cleanup", "cleanup: lethal damage", ()),
    Stage("empty", "the Chain is empty", (RbStep.CHAIN_EMPTY,),
          2, lambda f, s: not f.items, _stage_empty),
)
TRANSITIONS: tuple[tuple[str, str, str], ...] = (
    ("event", "triggers", "next"), ("triggers", "pending", "next"), ("pending", "finalize", "next"),
    ("finalize", "priority", "next"), ("finalize", "empty", "no legal target: removed"),
    ("priority", "pass", "next"), ("pass", "pass", "next player"),
    ("pass", "pending", "adds an item"), ("pass", "resolve", "all passed"), ("resolve", "event", "instruction"),
    ("resolve", "cleanup", "after resolving"), ("cleanup", "event", "units die"), ("cleanup", "priority", "items remain"),
    ("cleanup", "empty", "no items left"), ("open", "pending", "plays a card: a Chain"),
    ("empty", "open", "Main Phase: priority again"),
)
#: the Chain's own stages, in the order it tests them
CHAIN_STAGES: tuple[Stage, ...] = tuple(sorted((s for s in STAGES if s.test is not None), key=lambda s: s.test))


def chain_stage(frame: ChainFrame, state: GameState) -> Stage:
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
    return Progress(state, control[:-1] + (moved,), "rb.simultaneous", RbStep.PLACED, (("item", item.id),))


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
            key = AnswerKey(DecisionKind.CHOOSE_EVENT, item.id, item.controller, 0)
            return Ask(Decision(key, tuple(e.id for e in item.candidates), item.candidates[0].id, "rb.nth",
                                f"{item.controller} chooses which event triggers {item.id}", state))
        chosen = replace(item, event=next(e for e in item.candidates if e.id == option))
        return _replace_item(frame, state, control, item, chosen, RbStep.EVENT_CHOSEN, (("event", option),))
    for i, instr in enumerate(item.ability.effect):
        slot = f"effect{i}"
        if not instr.target.is_chosen:
            continue
        if instr.up_to is not None:
            picked = item.choices(slot)
            left = tuple(o for o in _options(instr, frame, state, item) if o not in picked)
            if item.stopped(slot) or len(picked) >= instr.up_to or not left:
                continue
            if option is None:
                key = AnswerKey(DecisionKind.CHOOSE_TARGET, f"{item.id}/{slot}", item.controller, len(picked))
                return Ask(Decision(key, left + (DONE,), left[0], "rb.chain.finalize",
                                    f"{item.controller} chooses up to {instr.up_to - len(picked)} more target(s) to "
                                    f"{instr.do.value}, or {DONE}", state))
            chosen = replace(item, chosen=item.chosen + ((slot, "" if option == DONE else option),))
            return _replace_item(frame, state, control, item, chosen, RbStep.TARGET, (("card", option),))
        if item.choice(slot) is not None:
            continue
        options = _options(instr, frame, state, item)
        if not options:
            return _remove(frame, state, control, item, f"no legal target to {instr.do.value}")
        if option is None:
            key = AnswerKey(DecisionKind.CHOOSE_TARGET, f"{item.id}/{slot}", item.controller, 0)
            return Ask(Decision(key, options, options[0], "rb.chain.finalize",
                                f"{item.controller} chooses a target to {instr.do.value}", state))
        chosen = replace(item, chosen=item.chosen + ((slot, option),))
        return _replace_item(frame, state, control, item, chosen, RbStep.TARGET, (("card", option),))
    return _replace_item(frame, state, control, item, replace(item, pending=False), RbStep.FINALIZED, ())


def _remove(frame: ChainFrame, state: GameState, control: Control, item: ChainItem, why: str) -> Progress:
    """Not enough options for its choices: the item leaves the Chain without becoming a Chain
    Item (402.3; a card being played goes back where it came from, 358.4)."""
    if item.played and state.cards[item.played].zone == "chain":
        state = state.move(item.played, "hand")
    moved = replace(frame, items=tuple(i for i in frame.items if i is not item))
    return Progress(state, control[:-1] + (moved,), "rb.no-target", RbStep.REMOVED, (("item", item.id), ("why", why)))


def _replace_item(frame, state, control, old, new, what, args) -> Progress:
    items = tuple(new if i is old else i for i in frame.items)
    return Progress(state, control[:-1] + (replace(frame, items=items),), "rb.chain.finalize", what,
                    (("item", old.id),) + args)


def _pass(frame: ChainFrame, state: GameState, control: Control, *, auto: bool) -> Progress:
    moved = replace(frame, priority=state.next_player(frame.priority), passes=frame.passes + 1,
                    number=frame.number + 1)
    return Progress(state, control[:-1] + (moved,), "rulekit.auto-pass" if auto else "rb.chain", RbStep.PASS,
                    (("player", frame.priority), ("auto", auto), ("passes", moved.passes)))


# -- playing with priority ------------------------------------------------------------------------------
PLAYED_TIMINGS = (Timing.PRIORITY, Timing.ACTION)


def priority_verdict(state: GameState, card: Card, ability: Ability, player: str, chain: str | None) -> Verdict:
    """May ``player``, who has priority, play ``ability`` of ``card`` now? ``chain`` is the id of
    the Chain that exists (a Closed State), or ``None`` (an Open State). While a Chain exists only
    cards and abilities with Reaction may be played (309.1.a, 338.1.a)."""
    at = chain or "open"
    if ability.timing not in PLAYED_TIMINGS:
        return Verdict(card.obj, ability.id, at, Code.NOT_LISTENING, "it is triggered, not played with priority")
    if ability.timing is Timing.ACTION and chain is not None:
        return Verdict(card.obj, ability.id, at, Code.WRONG_TIMING,
                       "it has no Reaction: while a Chain exists only cards and abilities with Reaction can be "
                       "played (309.1.a)")
    if card.zone not in zones_of(state, card, ability):
        return Verdict(card.obj, ability.id, at, Code.NOT_ACTIVE, f"{card.title} is in the {card.zone}")
    me = item_controller(state, card) if card.zone in state.rules.in_play else card.owner
    if me != player:
        return Verdict(card.obj, ability.id, at, Code.NO_MATCH, f"{player} does not control {card.title}")
    why = judge.condition_failure(ability.condition, state, me, card)
    if why:
        return Verdict(card.obj, ability.id, at, Code.CONDITION_FALSE, why)
    for instr in ability.effect:
        if instr.target is Target.CHOSEN_ABILITY and chain is None:
            return Verdict(card.obj, ability.id, at, Code.NO_TARGET, "no ability on a Chain to choose")
        if instr.target.is_chosen and instr.up_to is None and instr.target is not Target.CHOSEN_ABILITY:
            if not (judge.changeable_targets(instr, state, me, card, None) or instr.target.is_player):
                return Verdict(card.obj, ability.id, at, Code.NO_TARGET, f"nothing to {instr.do.value}")
    return Verdict(card.obj, ability.id, at, Code.ELIGIBLE)


def playable(state: GameState, player: str, chain: str | None = "chain") -> list[tuple[Card, Ability]]:
    """Spells in hand and board abilities ``player`` may play with priority (with a Chain: only
    those with Reaction)."""
    out = []
    for cid in state.order:
        card = state.cards[cid]
        for ability in card.abilities:
            if ability.timing in PLAYED_TIMINGS and priority_verdict(state, card, ability, player, chain).usable:
                out.append((card, ability))
    return out


# -- resolving an item ---------------------------------------------------------------------------------
def advance_item(frame: ItemFrame, state: GameState, control: Control) -> Progress | Ask:
    item = frame.item
    if item.ability.optional and not frame.decided and state.ruling("rb.optional") == "at-resolution":
        key = AnswerKey(DecisionKind.MAY, item.id, item.controller, 0)
        return Ask(Decision(key, (YES, NO), YES, "rb.optional",
                            f"{item.controller} may resolve {item.id} (\"you may\", decided at resolution)", state))
    if (not frame.rechecked and item.ability.condition and item.ability.when is not None
            and state.ruling("rb.recheck-condition") == "intervening-if"):
        return _recheck(frame, state, control)
    if frame.index < len(item.ability.effect):
        return _execute(frame, state, control, item.ability.effect[frame.index])
    return _finish(frame, state, control)


def answer_item(frame: ItemFrame, state: GameState, control: Control, option: str, verdicts=()) -> Progress:
    args = (("item", frame.item.id), ("answer", option), ("when", "resolution"), ruling_arg(state, "rb.optional"))
    if option == YES:
        return Progress(state, control[:-1] + (replace(frame, decided=True),), "rb.optional", RbStep.MAY, args)
    done = replace(frame, decided=True, index=len(frame.item.ability.effect))
    return Progress(state, control[:-1] + (done,), "rb.optional", RbStep.MAY, args)


def _recheck(frame: ItemFrame, state: GameState, control: Control) -> Progress:
    """Magic's intervening "if" (ruling ``rb.recheck-condition=intervening-if``): the condition
    written with the trigger condition is checked again; if false, the item does nothing."""
    item = frame.item
    source = _live_source(state, item) or item.source
    why = judge.condition_failure(item.ability.condition, state, item.controller, source)
    moved = replace(frame, rechecked=True, index=len(item.ability.effect) if why else frame.index)
    return Progress(state, control[:-1] + (moved,), "rb.recheck-condition=intervening-if", RbStep.RECHECK,
                    (("item", item.id), ("holds", why is None), ("why", why or ""),
                     ruling_arg(state, "rb.recheck-condition")))


def _live_source(state: GameState, item: ChainItem) -> Card | None:
    """The source as it is now, or ``None`` if it is gone (a new object, or off the board)."""
    now = state.cards.get(item.source.id)
    if now is None or now.incarnation != item.source.incarnation:
        return None
    return now


def _last_known(state: GameState, item: ChainItem) -> Card:
    """The source as it last existed on the board (for ``rb.source-info=last-known``): the card as
    it was just before the last event that took it off the board, else as the item noted it."""
    for _, tc in state.events_newest_first():
        if (tc.card is not None and tc.card.id == item.source.id and tc.card.incarnation == item.source.incarnation
                and tc.card.zone in state.rules.in_play):
            return tc.card
    return item.source


def _execute(frame: ItemFrame, state: GameState, control: Control, instr: Instruction) -> Progress:
    item = frame.item
    slot = f"effect{frame.index}"
    moved_on = replace(frame, index=frame.index + 1)
    me = item.controller
    args = (("item", item.id), ("instruction", slot), ("verb", instr.do.value))
    captured = item.source if item.ability.deathknell else None   # noted before it moved (808.1.d.3)
    why = judge.condition_failure(instr.condition, state, me, item.source, captured=captured)
    if why:
        return Progress(state, control[:-1] + (moved_on,), "rb.effect-condition", RbStep.CONDITION_FALSE,
                        args + (("why", why),))
    amount = instr.amount
    if instr.amount_of is not None:
        if instr.amount_of == "that card's might":
            if item.event is None or item.event.card is None:
                return Progress(state, control[:-1] + (moved_on,), "rb.source-info", RbStep.NULL, args)
            amount = item.event.card.might          # fixed when the trigger condition was met
        elif item.ability.deathknell:
            amount = item.source.might               # Deathknell: as it was on the board (rb.deathknell)
        else:
            live = _live_source(state, item)
            if live is None or live.zone not in state.rules.in_play:
                if state.ruling("rb.source-info") == "null":
                    return Progress(state, control[:-1] + (moved_on,), "rb.source-info", RbStep.NULL,
                                    args + (("why", f"{item.source.title} is gone: its Might is null"),
                                            ruling_arg(state, "rb.source-info")))
                amount = _last_known(state, item).might   # Magic's last known information
                args += (ruling_arg(state, "rb.source-info"),)
            else:
                amount = live.might                  # read now
    live = _live_source(state, item)
    if captured is not None:
        source = captured                            # "here", "I": where it died
    elif live is not None and live.zone in state.rules.in_play:
        source = live
    elif state.ruling("rb.source-info") == "last-known":
        source = _last_known(state, item)            # Magic: where it last was
    else:
        source = replace(item.source, zone="")       # gone: no location (359.3.e.12)
    effective = replace(instr, amount=amount)
    if instr.target is Target.CHOSEN_ABILITY:
        return _take_ability(frame, moved_on, state, control, item, slot, args)
    if instr.target.is_chosen:
        wanted = item.choices(slot)
        targets = tuple(c for c in judge.chooser_targets(effective, state, me, source, item.event) if c.obj in wanted)
    elif instr.target is Target.SELF:
        targets = (live,) if live is not None else ()
    else:
        targets = judge.changeable_targets(effective, state, me, source, item.event)
    group = f"{item.id}/{slot}"
    if instr.do is Verb.REPLACE:
        # "the next time it would die this turn, instead …": wait for that object's death
        for card in targets:
            key = f"next death of {card.obj}"
            entry = (item.id, item.source.id, me, instr.instead)
            state = replace(state, replacements=state.replacements.set(key, state.replacements.get(key, ()) + (entry,)))
        return Progress(state, control[:-1] + (moved_on,), "rb.replacement", RbStep.REPLACES,
                        args + (("cards", tuple(c.id for c in targets)),))
    if instr.do is Verb.CREATE:
        targets = _tokens(state, instr, me)
    kw = {"players": targets} if instr.target.is_player else {"cards": targets}
    conditions = occur.conditions_for(instr.do, state, group, item.id, amount=amount, source=item.source,
                                      to=instr.to, grant=instr.grant, ability=instr.ability, new_controller=me, **kw)
    if not conditions:
        return Progress(state, control[:-1] + (moved_on,), "rb.effect-nothing", RbStep.NOTHING, args)
    return occurrence(state, control[:-1] + (moved_on,), conditions, group, "rb.resolve", args)


def _tokens(state: GameState, instr: Instruction, me: str) -> tuple[Card, ...]:
    """The tokens a ``create`` makes: owned and controlled by the item's controller (179, 180),
    entering exhausted unless ready (182.1.d), where the instruction says (its base by default)."""
    token = instr.token
    slug = "".join(ch if ch.isalnum() else "-" for ch in token.title.lower()).strip("-")
    prefix = f"{TOKEN_PREFIX}{slug}-"
    n = sum(1 for cid in state.order if cid.startswith(prefix))
    return tuple(Card(id=f"{prefix}{n + k + 1}", title=token.title, owner=me, controller=me, zone=instr.to or "base",
                      type=token.type, might=token.might, traits=token.traits,
                      kneeling=token.type == "unit" and not token.ready)
                 for k in range(max(instr.amount, 0)))


def _take_ability(frame: ItemFrame, moved_on: ItemFrame, state: GameState, control: Control, item: ChainItem,
                  slot: str, args: tuple) -> Progress:
    """Gain control of another item on the Chain (188.4, 359.3.f.4): the item's controller
    changes, its source's does not."""
    wanted = item.choice(slot)
    rest = control[:-1]
    chain_at = next((i for i in range(len(rest) - 1, -1, -1) if isinstance(rest[i], ChainFrame)), None)
    target = None if chain_at is None else next((i for i in rest[chain_at].items if i.id == wanted), None)
    if target is None or target.controller == item.controller:
        return Progress(state, rest + (moved_on,), "rb.effect-nothing", RbStep.NOTHING, args)
    chain = rest[chain_at]
    items = tuple(replace(i, controller=item.controller) if i is target else i for i in chain.items)
    rest = rest[:chain_at] + (replace(chain, items=items),) + rest[chain_at + 1:]
    return Progress(state, rest + (moved_on,), "rb.ability-control", RbStep.ABILITY_CONTROL,
                    args + (("target", target.id), ("from", target.controller), ("to", item.controller)))


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
    return Progress(state, rest, "rb.chain", RbStep.RESOLVED, (("item", item.id),))


def stage_of(step) -> str | None:
    """The Chain-loop stage a Riftbound step was taken at."""
    if step.what == RbStep.OCCURS and step.rule == "rb.cleanup":
        return "cleanup"
    for stage in STAGES:
        if step.what in stage.codes:
            return stage.name
    return None
