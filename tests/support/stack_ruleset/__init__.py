"""A third ruleset, "stack": the proof that a ruleset plugs in through the seam alone.

A bare last-in-first-out stack (no game in particular): an occurrence happens at once; then each
player, in seat order from the first player, may respond to it once with a reaction that listens
for it; the responses wait on a stack and resolve newest first; whatever a resolving response
makes happen is a new occurrence, handled the same way before the rest of the stack (nesting).

Everything it needs lives in this package and in its one ``register`` line: nothing outside it
was edited. ``docs/adding-a-ruleset.md`` walks through it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from rulekit.core import ids, judge, occur
from rulekit.core.abilities import Timing
from rulekit.core.decisions import PASS, AnswerKey, Decision, DecisionKind
from rulekit.core.events import EventKind, Verb, kinds_counted
from rulekit.core.frames import Ask, Progress
from rulekit.core.frozen import Word
from rulekit.rulesets import Flow, FlowNode, Frame, Handler, Ruleset, Ruling, RulingOption, StackEntry, WindowEntry
from rulekit.rulesets import register
from rulekit.core.ruleset import ruling_arg
from rulekit.core.rules import Rule
from rulekit.core.stepwords import say, words_table
from rulekit.core.text import condition_label, use_ref_label
from rulekit.core.verdicts import Code, Verdict


#: the step codes this ruleset records; WORDS gives each its sentence (rulekit.core.stepwords)
StackStep = Word("StackStep", {"HAPPENS": "stack-happens", "PASS": "stack-pass", "RESPONDS": "stack-responds",
                               "RESOLVES": "stack-resolves", "EMPTY": "stack-empty"})


# -- frames -------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Responses(Frame):
    """One occurrence's round of responses, and the stack of responses waiting to resolve."""

    id: str
    events: tuple
    asked: int = 0                # how many players have had their one opportunity
    stack: tuple = ()             # (use id, card id, ability id, event), oldest first

    def nesting(self) -> int:
        return 1 + len(self.stack)

    def loop_uses(self) -> tuple[str, ...]:
        return tuple(ids.use_head(use) for use, *_ in self.stack) + (
            (ids.use_head(self.id),) if ids.parse_use(self.id) else ())


# -- the verdict --------------------------------------------------------------------------------------
def verdict(state, source, ability, event) -> Verdict:
    """May ``ability`` on ``source`` respond to ``event``?"""
    obj, aid, tid = source.obj, ability.id, event.id
    if ability.when is None or ability.when.event not in kinds_counted(event.kind):
        return Verdict(obj, aid, tid, Code.NOT_LISTENING, "it does not listen for this event")
    if source.zone not in state.rules.works_in(source, ability):
        return Verdict(obj, aid, tid, Code.NOT_ACTIVE, f"{source.title} is in the {source.zone}")
    why = judge.trigger_mismatch(ability.when, event, state, source.controller, source, occurred=True)
    if why:
        return Verdict(obj, aid, tid, Code.NO_MATCH, why)
    if judge.use_id(source, ability, event) in state.used:
        return Verdict(obj, aid, tid, Code.ALREADY_USED)
    if not any(judge.changeable_targets(i, state, source.controller, source, event) for i in ability.effect):
        return Verdict(obj, aid, tid, Code.NO_EFFECT, "nothing it affects would change")
    return Verdict(obj, aid, tid, Code.ELIGIBLE)


def _verdicts(state, frame: Responses) -> tuple[Verdict, ...]:
    out = []
    for event in frame.events:
        for kind in kinds_counted(event.kind):
            for card_id, index in state.listeners_for(kind, Timing.REACTION):
                card = state.cards[card_id]
                out.append(verdict(state, card, card.abilities[index], event))
    return tuple(out)


def _usable(state, frame: Responses, player: str, verdicts) -> list[tuple[str, Verdict]]:
    events = {e.id: e for e in frame.events}
    out = []
    for v in verdicts:
        card = state.cards[ids.card_id(v.card)]
        if v.code is Code.ELIGIBLE and card.controller == player:
            out.append((judge.use_id(card, card.ability(v.ability), events[v.condition]), v))
    return out


# -- the machine ---------------------------------------------------------------------------------------
def happen(state, control, events, occurrence, rule, args):
    """An occurrence happens at once; a round of responses to it opens."""
    happened = tuple(e for e in events if occur.still_imminent(e, state) is None)
    for event in happened:
        state = occur.apply(state, event)
    return Progress(state, control + (Responses(occurrence, happened),), rule, StackStep.HAPPENS,
                    args + (("events", tuple(e.id for e in happened)),))


def advance(frame: Responses, state, control):
    players = state.seat_order()
    if frame.asked < len(players):
        player = players[frame.asked]
        verdicts = _verdicts(state, frame)
        options = _usable(state, frame, player, verdicts)
        if not options:
            return Progress(state, control[:-1] + (replace(frame, asked=frame.asked + 1),), "rulekit.auto-pass",
                            StackStep.PASS, (("player", player), ("auto", True)), verdicts)
        key = AnswerKey(DecisionKind.ACT_OR_PASS, f"{frame.id}:responses", player)
        return Ask(Decision(key, (PASS,) + tuple(use for use, _ in options), PASS, "stack.respond",
                            f"{player} may respond once, or pass", state), verdicts)
    if not frame.stack:
        return Progress(state, control[:-1], "stack.resolve", StackStep.EMPTY, (("occurrence", frame.id),))
    (use, card_id, ability_id, event), rest = frame.stack[-1], frame.stack[:-1]
    source = state.cards[card_id]
    ability = source.ability(ability_id)
    made = ()
    for i, instr in enumerate(ability.effect):
        targets = judge.changeable_targets(instr, state, source.controller, source, event)
        kw = {"players": targets} if instr.target.is_player else {"cards": targets}
        made += occur.conditions_for(instr.do, state, f"{use}/effect{i}", use, amount=instr.amount, **kw)
    below = control[:-1] + (replace(frame, stack=rest),)
    args = (("use", use), ruling_arg(state, "stack.resolve-order"))
    if not made:
        return Progress(state, below, "stack.resolve", StackStep.RESOLVES, args + (("events", ()),))
    return happen(state, below, made, f"{use}/effect", "stack.resolve", args)


def answer(frame: Responses, state, control, option, verdicts):
    player = state.seat_order()[frame.asked]
    moved = replace(frame, asked=frame.asked + 1)
    if option == PASS:
        return Progress(state, control[:-1] + (moved,), "stack.respond", StackStep.PASS,
                        (("player", player), ("auto", False)), verdicts)
    events = {e.id: e for e in frame.events}
    for use, v in _usable(state, frame, player, verdicts):
        if use == option:
            card_id = ids.card_id(v.card)
            state = state.mark_used(use, v.condition)
            pushed = replace(moved, stack=moved.stack + ((use, card_id, v.ability, events[v.condition]),))
            return Progress(state, control[:-1] + (pushed,), "stack.respond", StackStep.RESPONDS,
                            (("player", player), ("use", use)), verdicts)
    raise AssertionError(option)


# -- words and views -----------------------------------------------------------------------------------
WORDS = words_table(StackStep, {
    StackStep.HAPPENS: lambda a, state: "It happens: " + (", ".join(condition_label(state, e) for e in a["events"])
                                                          or "nothing") + ".",
    StackStep.PASS: lambda a, state: f"{a['player']} passes" + (" (nothing to respond with)." if a["auto"] else "."),
    StackStep.RESPONDS: lambda a, state: f"{a['player']} responds: {use_ref_label(state, a['use'])} goes on the stack.",
    StackStep.RESOLVES: lambda a, state: f"The newest response resolves: {use_ref_label(state, a['use'])}.",
    StackStep.EMPTY: lambda a, state: "Every player has responded and the stack is empty.",
})


FLOW = Flow((FlowNode("happens", "it happens at once", "stack.respond", "stage", codes=(StackStep.HAPPENS,)),
             FlowNode("respond", "each player may respond once", "stack.respond", "stage",
                      window=True, codes=(StackStep.PASS, StackStep.RESPONDS)),
             FlowNode("resolve", "the newest response resolves", "stack.resolve", "stage",
                      codes=(StackStep.RESOLVES, StackStep.EMPTY))),
            (("happens", "respond", "next"), ("respond", "respond", "next player"),
             ("respond", "resolve", "all asked"), ("resolve", "happens", "its events happen"),
             ("resolve", "resolve", "next newest")))

RESOLVE_ORDER = Ruling("stack.resolve-order", "stack", "In which order do the responses resolve?", (
    RulingOption("newest-first", "Last in, first out.", "this test ruleset", "It is a stack."),
    RulingOption("oldest-first", "First in, first out (not implemented: a queue would be another ruleset).",
                 "this test ruleset", "Kept to show a ruling with two options."),
))


RULES = (
    Rule("stack.respond", "Responding once", "After an occurrence each player, first player first, may respond "
         "to it once with a reaction that listens for it; the response waits on the stack.", "rulekit",
         "the stack test ruleset", "The smallest response rule that still nests."),
    Rule("stack.resolve", "Resolving the stack", "The newest response resolves first; what it makes happen is a "
         "new occurrence, answered before the rest of the stack.", "rulekit", "the stack test ruleset",
         "Last in, first out."),
)


class Stack(Ruleset):
    name = "stack"
    title = "A bare last-in-first-out stack (test ruleset)"
    zones = ("hand", "board", "graveyard", "library")
    in_play = ("board",)
    shared_zones = ("board",)
    deck = "library"
    leave_play_zone = {EventKind.KILLED: "graveyard", EventKind.DISCARDED: "graveyard",
                       EventKind.LEAVES_PLAY: "graveyard", EventKind.RETURNED_TO_HAND: "hand",
                       EventKind.SACRIFICED: "graveyard"}
    card_noun = "creature"
    card_types = ("creature", "spell")   # no default_card_type: every card says its type
    killable_types = ("creature",)
    timings = frozenset({Timing.REACTION})
    verbs = frozenset({Verb.KILL, Verb.DRAW, Verb.DISCARD})
    handlers = {Responses: Handler(advance, answer)}
    flow = FLOW
    rules = RULES
    rulings = (RESOLVE_ORDER,)

    def open_occurrence(self, state, control, conditions, occurrence, rule, args):
        return happen(state, control, conditions, occurrence, rule, args)

    def explain_step(self, step, source, ability, later=None):
        frame = step.parent.control[-1] if step.parent is not None and step.parent.control else None
        if not isinstance(frame, Responses):
            return None
        return (tuple(verdict(step.before, source, ability, e) for e in frame.events),
                tuple(e.id for e in frame.events))

    def steps_at(self, timeline, sequence_id, step_name):
        return [s for s in timeline if s.parent is not None and s.parent.control
                and isinstance(s.parent.control[-1], Responses) and s.parent.control[-1].id == sequence_id]

    def step_names(self):
        return ("respond",)

    def describe(self, what, args, state):
        return say(WORDS, what, args, state)

    def window_entries(self, step):
        out = []
        for frame in step.control:
            if isinstance(frame, Responses) and frame.asked < len(step.state.players):
                player = step.state.seat_order()[frame.asked]
                out.append(WindowEntry(f"responses to {frame.id}", f"asking {player}", "", player))
        return out

    def stack_entries(self, step):
        return [StackEntry(use, step.state.cards[card_id].title, f"responds to {event.id}", False,
                           step.state.cards[card_id].controller)
                for frame in step.control if isinstance(frame, Responses) for use, card_id, _, event in frame.stack]

    def stack_kind(self) -> str:
        return "the stack (newest on top)"


STACK = register(Stack())   # the registry line
