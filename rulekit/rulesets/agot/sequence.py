"""The triggering-condition sequence of A Game of Thrones, step by step (rules ``agot.tc.*``).

Read this next to ``agot-triggering-condition.txt``: each step of the rules text is one handler
below, and :data:`STEPS` lists them in the text's order.

1. The triggering condition becomes imminent.
2. "Would" interrupts may be used: a window, with the rules of every window.
3. Forced interrupts resolve, one at a time, in the order the first player chooses.
4. The interrupt window opens, and closes after all players consecutively pass.
5. The triggering condition occurs (unless it was pre-empted meanwhile).
6. Forced reactions resolve, one at a time, in the order the first player chooses.
7. The reaction window opens, and closes after all players consecutively pass.

A window gives the first player the first opportunity, then seat order; the player with the
opportunity uses one eligible ability or passes; after a use the opportunity moves on to the
next player in seat order; the window closes only when every player has passed in a row. A
player with no eligible ability passes without being asked (``rulekit.auto-pass``). All
conditions of one occurrence share the sequence and its windows (``agot.tc.shared``).
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core import judge
from rulekit.core import occur
from rulekit.core.decisions import PASS, AnswerKey, Decision, DecisionKind
from rulekit.core.effects import apply_replacement
from rulekit.core.events import EventKind
from rulekit.core.frames import Ask, Control, Progress
from rulekit.core.frozen import copier, maker, members, replace
from rulekit.core.model import GameState, TriggeringCondition
from rulekit.core.verdicts import Code, Verdict
from rulekit.core.ruleset import ruling_arg
from rulekit.rulesets.agot import cards
from rulekit.rulesets.agot import delayed
from rulekit.rulesets.agot import verdicts as agot_verdicts
from rulekit.rulesets.agot import plots
from rulekit.rulesets.agot.codes import AgotStep
from rulekit.rulesets.agot.frames import ResolutionFrame, Role, SequenceFrame, Stage, Window
from rulekit.rulesets.agot.limits import limit_keys
from rulekit.rulesets.agot.resolution import instead_frame
from rulekit.rulesets.agot.steps import NEXT, SeqStep

# Enum members read at every step, through plain classes (rulekit.frozen.members says why)
_AgotStep = members(AgotStep)
_Code = members(Code)
_DecisionKind = members(DecisionKind)
_EventKind = members(EventKind)
_Role = members(Role)
_SeqStep = members(SeqStep)

# the copiers of the values changed at every step (rulekit.core.frozen.copier)
_frame = copier(SequenceFrame)
_at_step = copier(SequenceFrame, "step", "window", "forced_done", "judged")      # the next step, nothing open
_in_window = copier(SequenceFrame, "window", "judged")                           # the window moved on
_window = copier(Window)
# the records made at every step, built by plain calls (rulekit.core.frozen.maker)
_progress = maker(Progress)
_ask = maker(Ask)
_decision = maker(Decision)
_key = maker(AnswerKey)
_new_window = maker(Window)


# -- helpers -----------------------------------------------------------------------------------
def _judged(state: GameState, frame: SequenceFrame) -> tuple[GameState, tuple[Verdict, ...], tuple]:
    """(state, verdicts, usable uses) at this step: judged once, then carried by the frame
    while the players pass on the same state (the judgement would be the same). A usable use
    is (verdict, use id, controller), in listing order."""
    j = frame.judged
    if j and j[0] is state:
        return j
    return (state, *agot_verdicts.considered(state, frame.conditions, frame.step))


def _condition(frame: SequenceFrame, tc_id: str) -> TriggeringCondition:
    for tc in frame.conditions:
        if tc.id == tc_id:
            return tc
    raise KeyError(tc_id)


def start_use(state: GameState, control: Control, frame: SequenceFrame, verdict: Verdict,
              new_frame: SequenceFrame) -> tuple[GameState, Control, str]:
    """Initiate the ability a verdict allows: mark it used for its triggering condition and
    push its resolution above the (updated) sequence frame."""
    card = state.cards[ids.card_id(verdict.card)]
    ability = card.ability(verdict.ability)
    tc = _condition(frame, verdict.condition)
    use = judge.use_id(card, ability, tc)
    state = state.mark_used(use, verdict.condition)
    if card.type in state.rules.played_types and card.zone == state.rules.hand:
        # declared: the card is committed to this play until it is played (agot.event.played)
        state = replace(state, playing=state.playing.set(card.obj, use))
    for key, _, _ in limit_keys(state, card, ability):   # a use counts even if later cancelled
        state = replace(state, usage=state.usage.set(key, state.usage.get(key, 0) + 1))
    res = ResolutionFrame(use=use, source=card, ability=ability, controller=card.controller, condition=tc,
                          stage=Stage.COST if ability.cost else Stage.TARGETS)
    return state, control[:-1] + (new_frame, res), use


def _next_step(frame: SequenceFrame) -> SequenceFrame:
    """The sequence at its next step: no window open, no forced ability resolved, nothing judged."""
    return _at_step(frame, NEXT[frame.step], None, 0, ())


def _usable_options(frame: SequenceFrame, state: GameState, player: str | None = None) -> list[tuple[Verdict, str]]:
    """The uses allowed at this step (for one player, or for anyone), as (verdict, use id) in
    listing order."""
    return [(v, use) for v, use, controller in _judged(state, frame)[2] if player is None or controller == player]


# -- after every interrupt: is the condition still imminent? -------------------------------------
def no_longer_imminent(frame: SequenceFrame, state: GameState, control: Control) -> Progress | None:
    """Steps 2 to 5 begin by checking what the interrupts so far did (``agot.cancel``,
    ``agot.change``). A cancelled condition ends its sequence: nothing further responds to it.
    A changed condition leaves its occurrence's group — its sequence ends for it alone, and
    the others go on where they were (``rulekit.change.shared``); the condition it became is
    imminent in a sequence of its own."""
    if not (state.cancelled or state.changed):
        return None
    cancelled = tuple(tc for tc in frame.conditions if tc.id in state.cancelled)
    if cancelled:
        return _progress(state, _short_below(frame, control), "agot.cancel", _AgotStep.CANCELLED,
                        (("conditions", tuple(tc.id for tc in cancelled)), ("by", state.cancelled[cancelled[0].id])))
    changed = tuple(tc for tc in frame.conditions if tc.id in state.changed)
    if not changed:
        return None
    rest = tuple(tc for tc in frame.conditions if tc.id not in state.changed)
    args = (("conditions", tuple(tc.id for tc in changed)),
            ("became", tuple(state.changed[tc.id] for tc in changed)), ("rest", tuple(tc.id for tc in rest)))
    if not rest:
        return _progress(state, _short_below(frame, control), "agot.change", _AgotStep.CHANGED, args)
    # the changed conditions will not occur: at step 5 fewer occur than were planned (agot.then)
    kept = replace(frame, conditions=rest, judged=())
    return _progress(state, control[:-1] + (kept,), "rulekit.change.shared", _AgotStep.CHANGED, args)


def _short_below(frame: SequenceFrame, control: Control) -> Control:
    """The control without ``frame``. A nested sequence ended before its conditions occurred —
    cancelled, or changed (a kill that was saved): the instruction that opened it did not
    resolve in full, so a "then" after it does not resolve (``agot.then``; Rules Reference,
    "Save": a saved card is not considered killed)."""
    if frame.role is not _Role.NESTED:
        return control[:-1]
    below = control[-2]
    assert isinstance(below, ResolutionFrame)
    return control[:-2] + (replace(below, shortfall=True),)


# -- step 1 and step 5 ---------------------------------------------------------------------------
def imminent(frame: SequenceFrame, state: GameState, control: Control) -> Progress:
    return _progress(state, control[:-1] + (_next_step(frame),), _SeqStep.IMMINENT.rule, _AgotStep.IMMINENT,
                    (("sequence", frame.id), ("conditions", tuple([tc.id for tc in frame.conditions]))))


REPLACEMENT_TRIGGERS = "agot.replacement-triggers"


def in_full(tc: TriggeringCondition, state: GameState) -> bool:
    """Whether the condition, occurring now, does all it was asked to (for "then", ``agot.then``):
    a draw of N from a deck of fewer draws fewer."""
    if tc.kind is _EventKind.DRAWS:
        return len(state.decks.get(tc.player, ())) >= tc.amount
    return True


def occurs(frame: SequenceFrame, state: GameState, control: Control) -> Progress:
    """Step 5: every condition still imminent occurs, simultaneously; the others were
    pre-empted and take no further part. A replaced condition is resolved by its most recent
    replacement instead, and still counts as having occurred; whether the replacement's own
    events open sequences is the ruling ``agot.replacement-triggers``."""
    if (state.cancelled or state.changed) and frame.step in _CHECKED:    # steps 2 to 5 (no_longer_imminent)
        ended = no_longer_imminent(frame, state, control)
        if ended is not None:
            return ended
    happened, preempted, replaced, nested, with_it = [], [], [], [], []
    short = False
    triggering = False
    for tc in frame.conditions:
        why = occur.still_imminent(tc, state)
        if why is None:
            happened.append(tc)
        else:
            preempted.append((tc.id, why))
    for tc in happened:
        if tc.id in state.replacements:
            # the most recently initiated replacement resolves in place of the condition,
            # which still counts as having occurred (agot.replacement)
            entry = state.replacements[tc.id][-1]
            triggering = state.ruling(REPLACEMENT_TRIGGERS) == "trigger"
            if triggering:
                nested.append(_replacement_frame(state, tc, entry))
            else:
                state = apply_replacement(state, tc, entry)
            replaced.append((tc.id, entry[0]))
        else:
            short = short or not in_full(tc, state)
            before, state = state, occur.apply(state, tc)
            if before.dependents:   # an attachment leaves play with its card, at the same moment (agot.attachment)
                with_it += cards.went_with(before, state, tc)
    happened += with_it
    state, expired = delayed.expire(state) if state.delayed else (state, ())
    args = (("occurred", tuple([tc.id for tc in happened])), ("preempted", tuple(preempted)),
            ("replaced", tuple(replaced)))
    if expired:
        args += (("expired", expired),)
    if replaced:
        args += (ruling_arg(state, REPLACEMENT_TRIGGERS),)
    # with the "trigger" ruling, each replacement resolves now as a nested effect of its own,
    # on top of whatever follows step 5 (so before the original's reactions)
    on_top = tuple(reversed(nested))
    if frame.role is _Role.INITIATION:
        below = control[-2]
        assert isinstance(below, ResolutionFrame)
        return _progress(state, control[:-2] + (replace(below, stage=Stage.EFFECT, index=0),) + on_top,
                        "agot.initiate.effect", _AgotStep.INITIATES, args + (("use", below.use),))
    if frame.deferred:
        below = control[-2]
        assert isinstance(below, ResolutionFrame)
        # whether a replaced condition resolved its instruction in full is the ruling
        # agot.then-after-replacement, read when a "then" part is reached (agot.then)
        below = replace(below, occurred=below.occurred + tuple(happened),
                        shortfall=below.shortfall or len(happened) < frame.planned or short,
                        replaced=below.replaced or bool(replaced))
        return _progress(state, control[:-2] + (below,) + on_top, _SeqStep.OCCURS.rule, _AgotStep.OCCURS, args)
    if not happened:
        return _progress(state, control[:-1], _SeqStep.OCCURS.rule, _AgotStep.OCCURS, args)
    after = _frame(frame, step=NEXT[frame.step], window=None, forced_done=0, judged=(), conditions=tuple(happened))
    return _progress(state, control[:-1] + (after,) + on_top,
                    _SeqStep.OCCURS.rule, _AgotStep.OCCURS, args)


def _replacement_frame(state: GameState, tc: TriggeringCondition, entry: tuple) -> ResolutionFrame:
    """The ``trigger`` reading of ``agot.replacement-triggers``: the replacement's instructions
    resolve like an effect — each in a nested sequence, their reactions in one window after."""
    return instead_frame(state, tc, entry)


# -- steps 3 and 6: forced abilities -----------------------------------------------------------
def forced(frame: SequenceFrame, state: GameState, control: Control) -> Progress | Ask:
    if (state.cancelled or state.changed) and frame.step in _CHECKED:    # steps 2 to 5 (no_longer_imminent)
        ended = no_longer_imminent(frame, state, control)
        if ended is not None:
            return ended
    _, verdicts, usable = _judged(state, frame)
    if not usable and not (state.delayed and frame.step is _SeqStep.FORCED_REACTIONS):
        return _leave_step(frame, state, control, _AgotStep.NO_FORCED, verdicts)     # nothing forced, nothing delayed
    options = [(v, use) for v, use, _ in usable]
    rule, step_name, order_rule = frame.step.rule, _STEP_NAMES[frame.step], "agot.forced.order"
    revealed = plots.when_revealed_first(state, options) if options else None
    if revealed:         # step 1.3, III: the plots' When Revealed abilities, before anything else (agot.when-revealed)
        options, rule, step_name, order_rule = revealed, "agot.when-revealed", "when_revealed", "agot.when-revealed"
    elif frame.step is _SeqStep.FORCED_REACTIONS and state.delayed:
        due = delayed.due(frame.conditions, state)
        if due is not None:
            return delayed.resolve(state, control, due)
    if not options:
        return _leave_step(frame, state, control, _AgotStep.NO_FORCED, verdicts)
    if len(options) == 1:
        return _resolve_forced(frame, state, control, options[0][0], verdicts, rule)
    key = _key(_DecisionKind.ORDER_FORCED, ids.forced_step(frame.id, step_name), state.first_player,
                    frame.forced_done + 1)
    return _ask(_decision(key, tuple(o for _, o in options), options[0][1], order_rule,
                        f"{state.first_player} chooses which forced ability resolves next", state), verdicts)


def forced_answer(frame: SequenceFrame, state: GameState, control: Control, option: str,
                  verdicts) -> Progress:
    """The first player's choice of the next forced ability. ``verdicts`` (the Ask's) are
    recorded with the step; the uses come from the frame's judgement, which a forced step does
    not carry, so the step is judged again (the same state gives the same judgement)."""
    for v, use in _usable_options(frame, state):
        if use == option:
            rule = "agot.when-revealed" if plots.when_revealed_first(state, [(v, use)]) else "agot.forced.order"
            return _resolve_forced(frame, state, control, v, verdicts, rule)
    raise AssertionError(option)  # the caller checked the option was legal


def _resolve_forced(frame, state, control, verdict, verdicts, rule) -> Progress:
    state, control, use = start_use(state, control, frame, verdict,
                                    _frame(frame, forced_done=frame.forced_done + 1))
    return _progress(state, control, rule, _AgotStep.FORCED, (("use", use),), verdicts)


def _leave_step(frame, state, control, what, verdicts) -> Progress:
    step = frame.step
    rest = control[:-1] if NEXT[step] is None else control[:-1] + (_next_step(frame),)
    return _progress(state, rest, step.rule, what, _STEP_ARGS[step], verdicts)


_STEP_ARGS = {step: (("step", step.name),) for step in SeqStep}
_STEP_NAMES = {step: step.name.lower() for step in SeqStep}      # read once (an enum's name is slow to read)
_WINDOW_KINDS = {step: step.window_kind for step in SeqStep if step.is_window}
#: what a window's decision says, after the name of the player with the opportunity
_OPPORTUNITY = {step: f" has the opportunity in the {kind} window: use an ability or pass"
                for step, kind in _WINDOW_KINDS.items()}


# -- steps 2, 4 and 7: windows -------------------------------------------------------------------
def window(frame: SequenceFrame, state: GameState, control: Control) -> Progress | Ask:
    if (state.cancelled or state.changed) and frame.step in _CHECKED:    # steps 2 to 5 (no_longer_imminent)
        ended = no_longer_imminent(frame, state, control)
        if ended is not None:
            return ended
    judged = _judged(state, frame)  # a window is judged once, then passed through
    _, verdicts, usable = judged
    w = frame.window
    if w is None:
        for v in verdicts:
            if v.code is _Code.ELIGIBLE:
                break
        else:
            return _leave_step(frame, state, control, _AgotStep.WINDOW_EMPTY, verdicts)
        w = _new_window(ids.window(frame.id, _WINDOW_KINDS[frame.step]), state.first_player)
        opened = _in_window(frame, w, judged)
        return _progress(state, control[:-1] + (opened,), "agot.window.open", _AgotStep.WINDOW_OPENS,
                        (("window", w.id), ("player", w.opportunity)), verdicts)
    if w.passes >= len(state.players):
        return _leave_step(frame, state, control, _AgotStep.WINDOW_CLOSES, verdicts)
    opportunity = w.opportunity
    options = [PASS]
    for _, use, controller in usable:
        if controller == opportunity:
            options.append(use)
    if len(options) == 1:           # nothing this player may use: passes without being asked
        return _pass(frame, state, control, judged, auto=True)
    key = _key(_DecisionKind.ACT_OR_PASS, w.id, opportunity, w.ordinal)
    return _ask(_decision(key, tuple(options), PASS, "agot.window.pass", opportunity + _OPPORTUNITY[frame.step], state),
               verdicts)


def window_answer(frame: SequenceFrame, state: GameState, control: Control, option: str,
                  verdicts) -> Progress:
    """A pass or a use in a window. ``verdicts`` (the Ask's) are recorded with a use; the uses
    and a pass's judgement come from the frame, judged again only if it does not carry this
    state's judgement (right after a use in the same window)."""
    if option == PASS:
        return _pass(frame, state, control, _judged(state, frame), auto=False)
    w = frame.window
    for v, use in _usable_options(frame, state, w.opportunity):
        if use == option:
            moved = _frame(frame, window=_window(w, opportunity=state.next_player(w.opportunity), passes=0,
                                                  number=w.number + 1))
            state, control, use = start_use(state, control, frame, v, moved)
            return _progress(state, control, "agot.window.act", _AgotStep.USE,
                            (("player", w.opportunity), ("use", use)), verdicts)
    raise AssertionError(option)


def _pass(frame, state, control, judged, *, auto: bool) -> Progress:
    """The player with the opportunity passes; the judgement of this state goes on with the frame."""
    w = frame.window
    passes = w.passes + 1
    moved = _new_window(w.id, state.next_player(w.opportunity), passes, w.number + 1)
    return _progress(state, control[:-1] + (_in_window(frame, moved, judged),),
                    "rulekit.auto-pass" if auto else "agot.window.pass", _AgotStep.PASS,
                    _PASS_ARGS.get((w.opportunity, auto, passes)) or _pass_args(w.opportunity, auto, passes), judged[1])


_PASS_ARGS: dict = {}


def _pass_args(player: str, auto: bool, passes: int) -> tuple:
    """A pass step's arguments: one shared tuple for each player, way and count (the tuples are
    frozen, and every pass of a game makes one)."""
    key = (player, auto, passes)
    args = _PASS_ARGS.get(key)
    if args is None:
        if len(_PASS_ARGS) >= 1024:
            _PASS_ARGS.clear()
        args = _PASS_ARGS[key] = (("player", player), ("auto", auto), ("passes", passes))
    return args


STEPS = {
    _SeqStep.IMMINENT: imminent,
    _SeqStep.WOULD_WINDOW: window,
    _SeqStep.FORCED_INTERRUPTS: forced,
    _SeqStep.INTERRUPT_WINDOW: window,
    _SeqStep.OCCURS: occurs,
    _SeqStep.FORCED_REACTIONS: forced,
    _SeqStep.REACTION_WINDOW: window,
}
ANSWERS = {
    _SeqStep.WOULD_WINDOW: window_answer,
    _SeqStep.FORCED_INTERRUPTS: forced_answer,
    _SeqStep.INTERRUPT_WINDOW: window_answer,
    _SeqStep.FORCED_REACTIONS: forced_answer,
    _SeqStep.REACTION_WINDOW: window_answer,
}


_CHECKED = frozenset((_SeqStep.WOULD_WINDOW, _SeqStep.FORCED_INTERRUPTS, _SeqStep.INTERRUPT_WINDOW, _SeqStep.OCCURS))


def advance(frame: SequenceFrame, state: GameState, control: Control) -> Progress | Ask:
    """The step the frame is at (steps 2 to 5 first check that the condition is still imminent)."""
    return STEPS[frame.step](frame, state, control)


def answer(frame: SequenceFrame, state: GameState, control: Control, option: str, verdicts) -> Progress:
    return ANSWERS[frame.step](frame, state, control, option, verdicts)
