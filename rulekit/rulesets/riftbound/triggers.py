"""The Riftbound ruleset: trigger conditions, the Chain, and source changes (rules ``rb.*``).

Read next to ``riftbound-trigger-conditions.txt`` and the Core Rules notes:

- An occurrence is processed at once (Riftbound has no interrupt windows); Deathknell items
  are captured before the dying card moves, with its controller, location and Might as they
  were on the board (``rb.deathknell``).
- Ordinary triggers are evaluated after the event has been processed (:class:`TriggerCheck`):
  a source that left its zone in the same event sees nothing; one that entered it can
  trigger (``rb.evaluate-after``). A condition written with the trigger condition is checked
  now and never again (``rb.trigger-condition``).
- A leading "you may" is decided when the trigger condition is fulfilled, before the item is
  placed on the Chain; declining means no item, and a declined once-each-turn ability has not
  triggered this turn (``rb.optional``; the earlier reading, at resolution, is the ruling's other
  option).
- A numbered trigger ("the first time … each turn") counts the turn's qualifying events
  (``rb.nth``; ruling ``rb.nth-count``).
- A replaced event does not happen; the events that replace it do, and can trigger
  (``rb.replacement``; ruling ``rb.replacement-triggers``).
- Triggered items are added to the Chain as pending: each player orders their own, the turn
  player's go on first (``rb.simultaneous``); pending items are finalized in the order added,
  targets chosen then (``rb.chain.finalize``); then the controller of the newest item has
  priority; passing moves priority on in turn order; when all pass in a row the newest item
  resolves, then a cleanup runs (``rb.chain``).
- An item is independent of its source: its controller is fixed when it triggers (``rb.control``);
  when it resolves, "you", friendly and enemy are judged from its controller, current source
  information is read then, and information about a source that is gone is null
  (``rb.source-info``).

Judging one ability against one event is :mod:`.judging`; what is put in place of events
(replacements) and judged before cards move (their own leaving), and the Cost of a permanent the
script plays, is :mod:`.replacing`.
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core import occur
from rulekit.rulesets.riftbound import cards, whereabouts
from rulekit.core.abilities import Ability, Timing
from rulekit.core.decisions import NO, YES, AnswerKey, Decision, DecisionKind
from rulekit.core.events import EVENTS, EventKind, kinds_counted
from rulekit.core.frames import Ask, Control, Progress
from rulekit.core.frozen import replace
from rulekit.core.model import Card, GameState, TriggeringCondition
from rulekit.core.verdicts import Code, Verdict
from rulekit.core.ruleset import ruling_arg
from rulekit.rulesets.riftbound.codes import RbStep
from rulekit.rulesets.riftbound.frames import (ChainFrame, ChainItem, OpenFrame, ReplacementOrder, ScoringFrame,
                                               TriggerCheck, resolution_combat)
from rulekit.rulesets.riftbound.judging import _NUMBERED, item_controller, nth_seen, rb_judge, turn_key
from rulekit.rulesets.riftbound.replacing import (_own_leaving, _played_costs, lasting_this_turn,
                                                  standing_replacements)
from rulekit.rulesets.riftbound.scoring import BEGINNING_PHASE, establish_control


# -- processing an occurrence ------------------------------------------------------------------------
def _once_per_object(conditions: tuple[TriggeringCondition, ...]) -> tuple[TriggeringCondition, ...]:
    """The events of one group, each card changing zones once, by the first of them: a unit killed
    by the script and again by what replaces another death at the same moment dies once (a game
    object is in one zone, and one that changes zones becomes a new object: 110)."""
    seen, out = set(), []
    for tc in conditions:
        if tc.card is not None and EVENTS[tc.kind].moves_card:
            if tc.card.id in seen:
                continue
            seen.add(tc.card.id)
        out.append(tc)
    return tuple(out)


def occurrence(state: GameState, control: Control, conditions: tuple[TriggeringCondition, ...], group: str,
               rule: str = "rb.occurs", args: tuple = (), choices: tuple = (), order: tuple[str, ...] = ()) -> Progress:
    """Process events at once: replace what a replacement effect replaces, capture Deathknells,
    apply the events, then check triggers. A replaced death does not happen (no Deathknell, no
    "when … dies"); the events that replace it do happen and, under the default reading, are
    processed with the rest — so they can trigger (``rb.replacement``, ruling
    ``rb.replacement-triggers``). Replacements printed on cards apply to every event they qualify
    for (``rb.standing-replacement``); ``choices`` are the orders their owners chose (372). ``order``
    names the players in the order they place the items these events trigger, where the rules say
    so (a combat's designations: 459.2.d.1); by default the turn player's first (383.3.d.1)."""
    conditions_in, args_in = conditions, args
    original = state
    if any(tc.kind is EventKind.CONQUERS for tc in conditions):     # a conquer only where the rules say (464.1, 465)
        conditions, not_conquers = establish_control(state, conditions)
        if not_conquers:
            args = args + (("not_conquers", not_conquers),)
    state, conditions, replaced, ask, passed_by = standing_replacements(state, conditions, choices)
    if ask is not None:     # several replacements apply to one event: its owner orders them first (372)
        tc, options, owner = ask
        frame = ReplacementOrder(group, tc.id, owner, options, conditions_in, rule, args_in, choices, order)
        order = (("condition", tc.id), ("owner", owner), ("options", options),
                 ("by", state.ruling("rb.replacement-chooser")), ruling_arg(state, "rb.replacement-chooser"))
        return Progress(original, control + (frame,), "rb.standing-replacement", RbStep.REPLACEMENT_ORDER, order)
    if replaced:
        args = args + (ruling_arg(state, "rb.replacement-triggers"),)
    if passed_by:       # a delayed replacement not applied: does it still wait?
        args = args + (ruling_arg(state, "rb.next-time-unapplied"),)
    conditions, unpaid = _played_costs(state, conditions, group)
    if unpaid:
        args = args + (("unpaid", unpaid),)
    happened = _once_per_object(tuple(tc for tc in conditions if _still_imminent(tc, state) is None))
    captured, deathknells = [], []
    for death in happened:      # a death that does not happen fires no Deathknell
        if death.kind is not EventKind.KILLED or death.card is None:
            continue
        dying = death.card      # as it is now, before it moves
        for ability in dying.abilities:
            if not (ability.deathknell and ability.timing is Timing.TRIGGERED):
                continue
            for tc in happened:     # it hears every event of the group; only its own death triggers it
                if ability.when.event not in kinds_counted(tc.kind):
                    continue
                v = rb_judge(state, dying, ability, tc, happened)
                deathknells.append(v)
                if v.code is Code.TRIGGERS:
                    captured.append(ChainItem(ids.use(dying.obj, ability.id, tc.id), ability, dying,
                                              dying.controller, event=tc))
    if any(tc.kind is EventKind.TURN_ENDS for tc in happened):
        expired = cards.expiring(state)
        if expired:
            args = args + (("expired", expired),)
        lasting = lasting_this_turn(state)
        if lasting:         # "the next time … this turn" replacements not applied expire too (317.2.c)
            args = args + (("replacements expired", lasting),)
    before = {tc.card.id: tc.card.might for tc in happened if tc.kind in cards.MIGHT_EVENTS}
    looked, own_items = _own_leaving(state, happened)
    if looked:
        deathknells.extend(looked)
        captured.extend(own_items)
        args = args + (("own leaving", tuple(i.id for i in own_items)), ruling_arg(state, "rb.own-leaving"))
    history, first, before_events = state.history, len(state.history), state
    for tc in happened:
        history = history.set(len(history), (state.round, tc))
    state = replace(state, history=history)
    for tc in happened:
        state = occur.apply(state, tc)
    if any(tc.kind is EventKind.TURN_ENDS or (tc.kind is EventKind.PHASE_ENDS and tc.phase == DRAW_PHASE)
           for tc in happened) and state.resources:
        # every Rune Pool empties at the end of each draw phase and of each turn: what is unspent is lost (166)
        args = args + (("pools emptied", tuple(sorted(f"{k}: {v}" for k, v in state.resources.items() if v))),)
        state = replace(state, resources=type(state.resources)())
    if any(tc.card is not None and ids.is_token(tc.card.id) for tc in happened):
        state = _tokens_cease(state, happened)
    state = whereabouts.note(before_events, state, happened, first)   # where each card is now (rb.nth)
    if before:
        args = args + (("might", tuple((state.cards[cid].obj, cards.change_words(tc), before[cid],
                                        state.cards[cid].might)
                                       for cid in before for tc in happened if tc.card is not None
                                       and tc.card.id == cid and tc.kind in cards.MIGHT_EVENTS)),)
    entered = tuple(_entered(state, tc) for tc in happened if tc.kind is EventKind.PLAYED
                    and state.cards[tc.card.id].zone in state.rules.in_play)
    if entered:
        args = args + (("entered", entered),)
    moved = tuple((tc.card.obj, state.rules.where(state.cards[tc.card.id])) for tc in happened
                  if tc.kind is EventKind.MOVES or (tc.kind is EventKind.CREATED and state.cards[tc.card.id].zone))
    if moved:           # where each moved or created card now is (a zone, or a battlefield: rb.battlefields)
        args = args + (("moved", moved),)
    check = TriggerCheck(group, happened, tuple(captured), deathknells=tuple(deathknells), order=order)
    if any(tc.kind is EventKind.PHASE_BEGINS and tc.phase == MAIN_PHASE for tc in happened):
        control = control + (OpenFrame(ids.open_window(group)),)     # once its triggers are dealt with
    if any(tc.kind is EventKind.PHASE_BEGINS and tc.phase == BEGINNING_PHASE for tc in happened):
        control = control + (ScoringFrame(group),)     # the Scoring Step follows the start-of-phase effects (315.2)
    return Progress(state, control + (check,), rule, RbStep.OCCURS,
                    args + (("occurred", tuple(tc.id for tc in happened)),
                            ("captured", tuple(i.id for i in captured if i.ability.deathknell)),
                            ("replaced", tuple(replaced))))


def _still_imminent(tc: TriggeringCondition, state: GameState) -> str | None:
    """``None`` if the event can still happen, else what pre-empted it. A spell's play completed as
    it resolves (rule ``rb.play-spell``) happens to the card on the Chain, where its play began —
    not in a hand, where a card the script plays comes from — as long as it is still there."""
    if tc.kind is EventKind.PLAYED and tc.card is not None and tc.card.zone == CHAIN:
        now = state.cards[tc.card.id]
        return None if (now.zone, now.incarnation) == (CHAIN, tc.card.incarnation) else f"{now.title} left the Chain"
    return occur.still_imminent(tc, state)


CHAIN = "chain"     #: the Chain's zone: a spell played with priority waits there until its play is complete


def _entered(state: GameState, tc: TriggeringCondition) -> tuple[str, str, str, bool]:
    """A permanent played, as it is on the board: its object, controller, zone and whether it
    is exhausted (359.2.c-d)."""
    now = state.cards[tc.card.id]
    return now.obj, now.controller, now.zone, now.kneeling


MAIN_PHASE = "main"     #: the phase in which the turn player has priority with no Chain
DRAW_PHASE = "draw"     #: the phase at whose end the Rune Pools empty (166, 315.4.d)


def _tokens_cease(state: GameState, happened) -> GameState:
    """A token put into a non-board zone other than the Chain ceases to exist (183.1): it is in
    no zone any more."""
    for tc in happened:
        if tc.card is not None and ids.is_token(tc.card.id):
            now = state.cards.get(tc.card.id)
            if now is not None and now.zone and now.zone not in state.rules.in_play and now.zone != "chain":
                state = state.with_card(replace(now, zone=""))
    return state


def _judged_before(frame: TriggerCheck, source: Card, ability: Ability, tc: TriggeringCondition) -> bool:
    """Whether ``ability`` is a Deathknell of a card that died in these events, so was judged
    for ``tc`` before the card moved (``frame.deathknells``), from the card as it was."""
    return any(ids.card_id(v.card) == source.id and v.ability == ability.id and v.condition == tc.id
               for v in frame.deathknells)


def evaluate(state: GameState, frame: TriggerCheck) -> tuple[tuple[Verdict, ...], list]:
    """The verdicts of every listening ability for these events, and what triggered as (source,
    ability, event; a Deathknell's item was captured already) — with the events a numbered trigger
    counts before its Nth (they move its count on). Each dying card's Deathknells come first,
    judged before it moved (``rb.deathknell``); every other ability is judged on the state after
    the events. A once-per-turn ability met by several events of the group triggers for the first
    only."""
    verdicts, triggered, once = [], [], {}
    declined = {item_id for item_id, answer in frame.decided if answer == NO}
    for v in frame.deathknells:     # the dying cards' Deathknells, judged before they moved
        if v.code is Code.TRIGGERS and ids.use(v.card, v.ability, v.condition) in declined:
            v = Verdict(v.card, v.ability, v.condition, Code.DECLINED)   # said "no" to "you may"
        verdicts.append(v)
    for tc in frame.events:
        for kind in kinds_counted(tc.kind):
            for card_id, index in state.listeners_for(kind, Timing.TRIGGERED):
                source = state.cards[card_id]
                ability = source.abilities[index]
                if _judged_before(frame, source, ability, tc):
                    continue      # a dying card's Deathknell: judged (its item captured) before it moved
                v = rb_judge(state, source, ability, tc, frame.events)
                if v.code is Code.TRIGGERS and ability.once_per_turn:
                    earlier = once.get((card_id, ability.id))
                    if earlier is not None and earlier not in declined:   # a declined one has not triggered
                        v = Verdict(v.card, v.ability, v.condition, Code.ONCE_PER_TURN)
                    else:
                        once[(card_id, ability.id)] = ids.use(source.obj, ability.id, tc.id)
                if v.code is Code.TRIGGERS or v.code is Code.NTH_NOT_YET:   # a numbered trigger counts both
                    triggered.append((source, ability, tc))
                    if declined and ids.use(source.obj, ability.id, frame.group if ability.when.nth is not None
                                            else tc.id) in declined:
                        v = Verdict(v.card, v.ability, v.condition, Code.DECLINED)   # said "no" to "you may"
                verdicts.append(v)
    return tuple(verdicts), triggered


def _items(state: GameState, frame: TriggerCheck, triggered: list) -> tuple[GameState, list[ChainItem], bool]:
    """The items the triggered abilities create (Deathknells first), and the state with the
    numbered counts moved on; whether a numbered trigger was judged."""
    items = list(frame.captured)
    numbered: dict[tuple[str, str], list] = {}
    for source, ability, tc in triggered:
        if ability.when.nth is not None:
            numbered.setdefault((source.id, ability.id), []).append(tc)
            continue
        items.append(ChainItem(ids.use(source.obj, ability.id, tc.id), ability, source,
                               item_controller(state, source), event=tc))
    counted = bool(numbered)
    for (card_id, ability_id), events in numbered.items():
        source = state.cards[card_id]
        ability = source.ability(ability_id)
        seen = nth_seen(state, source, ability, frame.events)
        key = turn_key(source, ability, state, "nth")
        state = replace(state, counts=state.counts.set(key, state.counts.get(key, 0) + len(events)))
        if seen < ability.when.nth <= seen + len(events):
            # the Nth qualifying event is among these: one item; its controller picks the event
            items.append(ChainItem(ids.use(source.obj, ability.id, frame.group), ability, source,
                                   item_controller(state, source),
                                   event=events[0] if len(events) == 1 else None,
                                   candidates=tuple(events) if len(events) > 1 else ()))
    return state, items, counted


def undecided(state: GameState, items: list[ChainItem], frame: TriggerCheck) -> ChainItem | None:
    """The next optional item whose "you may" is decided now (ruling ``rb.optional=when-fulfilled``):
    players in turn order, each their own items in the order they triggered."""
    if state.ruling("rb.optional") != "when-fulfilled":
        return None
    done = {item_id for item_id, _ in frame.decided}
    for player in state.seat_order():
        for item in items:
            if item.ability.optional and item.controller == player and item.id not in done:
                return item
    return None


def _legion_while_playing(state: GameState, verdicts) -> bool:
    """Whether a Legion ability was judged while a spell was finalized and not yet played: then
    whether that spell counts is ruling ``rb.legion-counts``'s business."""
    if not state.playing:
        return False
    for v in verdicts:
        card = state.cards.get(ids.card_id(v.card))
        ability = card.ability(v.ability) if card is not None else None
        if ability is not None and ability.legion:
            return True
    return False


def check_triggers(frame: TriggerCheck, state: GameState, control: Control) -> Progress | Ask:
    verdicts, triggered = evaluate(state, frame)
    legion = (ruling_arg(state, "rb.legion-counts"),) if _legion_while_playing(state, verdicts) else ()
    if not triggered and not frame.captured:      # the common case: nothing goes on the Chain
        args = (("group", frame.group), ("items", ())) + legion
        if any(v.code in _NUMBERED for v in verdicts):
            args += (ruling_arg(state, "rb.nth-count"),)
        return Progress(state, control[:-1], "rb.evaluate-after", RbStep.TRIGGERS, args, verdicts)
    before = state
    state, items, counted = _items(state, frame, triggered)
    ask = undecided(before, items, frame)
    if ask is not None:
        key = AnswerKey(DecisionKind.MAY, ask.id, ask.controller)
        return Ask(Decision(key, (YES, NO), YES, "rb.optional",
                            f"{ask.controller} may place {ask.id} on the Chain (\"you may\", decided now)", before),
                   verdicts)
    declined = {item_id for item_id, answer in frame.decided if answer == NO}
    items = [i for i in items if i.id not in declined]
    for item in items:
        if item.ability.once_per_turn and item.ability.when is not None and not item.ability.deathknell:
            state = replace(state, usage=state.usage.set(turn_key(item.source, item.ability, state, "once"), 1))
    rest = control[:-1]
    args = (("group", frame.group), ("items", tuple(i.id for i in items))) + legion
    if declined:
        args += (("declined", tuple(sorted(declined))),)
    if declined or any(i.ability.optional for i in items):    # when "you may" is decided: the ruling's business
        args += (ruling_arg(state, "rb.optional"),)
    if counted or any(v.code in _NUMBERED for v in verdicts):    # a numbered trigger was judged
        args += (ruling_arg(state, "rb.nth-count"),)
    if not items:
        return Progress(state, rest, "rb.evaluate-after", RbStep.TRIGGERS, args, verdicts)
    # the items are added to the Chain now, after those added before them (401.1, 337.1.b): a batch
    # of their own, even if an effect is still resolving (401.2) and a cleanup adds more after it
    groups = _batches(frame, items)
    combat = resolution_combat(rest)     # combat's Resolution Step: they wait, pending (rb.resolution-step)
    for i in range(len(rest) - 1, -1, -1):
        if isinstance(rest[i], ChainFrame) and (combat is None or rest[i].waits == combat.id):
            chain = rest[i].with_batches(groups)
            if chain.waits:     # lying beneath its combat: brought up so the items are placed now (335.1)
                return Progress(state, rest[:i] + rest[i + 1:] + (chain,), "rb.evaluate-after", RbStep.TRIGGERS,
                                args, verdicts)
            return Progress(state, rest[:i] + (chain,) + rest[i + 1:], "rb.evaluate-after", RbStep.TRIGGERS, args,
                            verdicts)
    chain = ChainFrame(ids.chain(frame.group), waits=combat.id if combat is not None else "").with_batches(groups)
    return Progress(state, rest + (chain,), "rb.evaluate-after", RbStep.TRIGGERS, args, verdicts)


def _batches(frame: TriggerCheck, items: list[ChainItem]) -> list[tuple[list[ChainItem], str, tuple[str, ...]]]:
    """The items in the batches they are added to the Chain in, each (items, rule, players in order):
    first the items noted before the cards moved — a dying card's Deathknell is added as a pending
    item before it goes to the trash (808.1.d.2, 428.1.a.1.b; a Cleanup's step 3a before 3b: 323.4,
    323.5) — then the items of the abilities that saw the events, evaluated once they were processed
    (383.2.c): the attacking player's first where the events are a combat's designations
    (459.2.d.1), otherwise the turn player's (383.3.d.1)."""
    before = {i.id for i in frame.captured}
    first = [i for i in items if i.id in before]
    after = [i for i in items if i.id not in before]
    groups = [(first, "rb.deathknell", ())] if first else []
    if after:
        groups.append((after, "rb.combat" if frame.order else "rb.simultaneous", frame.order))
    return groups


def answer_check(frame: TriggerCheck, state: GameState, control: Control, option: str, verdicts=()) -> Progress:
    """A "you may" answered when the trigger condition is fulfilled: yes places the item on the
    Chain; no means it never goes there (383.3.a) and has not triggered (383.3.f.2)."""
    _, triggered = evaluate(state, frame)
    _, items, _ = _items(state, frame, triggered)
    item = undecided(state, items, frame)
    decided = replace(frame, decided=frame.decided + ((item.id, option),))
    return Progress(state, control[:-1] + (decided,), "rb.optional", RbStep.MAY,
                    (("item", item.id), ("answer", option), ("when", "fulfilled"), ruling_arg(state, "rb.optional")))


def explain_verdicts(step, source: Card, ability: Ability) -> tuple[Verdict, ...]:
    frame = step.parent.control[-1] if step.parent is not None and step.parent.control else None
    if not isinstance(frame, TriggerCheck):
        return ()
    # keyed by card id: a Deathknell's verdict names the card as it died, not the object it is now
    recorded = {(ids.card_id(v.card), v.ability, v.condition): v for v in evaluate(step.before, frame)[0]}
    return tuple(recorded.get((source.id, ability.id, tc.id)) or rb_judge(step.before, source, ability, tc, frame.events)
                 for tc in frame.events)


def advance_order(frame: ReplacementOrder, state: GameState, control: Control) -> Ask:
    """Several replacements apply to one event: the owner of the card acted on chooses which applies
    first (372); each of the others may then apply to the events that replace it (370.2)."""
    key = AnswerKey(DecisionKind.ORDER_REPLACEMENTS, frame.condition, frame.owner)
    return Ask(Decision(key, frame.options, frame.options[0], "rb.standing-replacement",
                        f"{frame.owner} chooses which replacement applies first to {frame.condition}", state))


def answer_order(frame: ReplacementOrder, state: GameState, control: Control, option: str, verdicts=()) -> Progress:
    return occurrence(state, control[:-1], frame.conditions, frame.group, frame.rule, frame.args,
                      choices=frame.choices + ((frame.condition, option),), order=frame.order)
