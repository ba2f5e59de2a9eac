"""A Game of Thrones as the views show it: the flowchart table, open windows, the stack of open
sequences and resolving abilities, and the state graph's sequence and resolution nodes.

The flowchart is built from :class:`~rulekit.rulesets.agot.steps.SeqStep`, the same enum the
sequence's handler table (:data:`rulekit.rulesets.agot.sequence.STEPS`) runs.
"""
from __future__ import annotations

from rulekit.core.events import EventKind
from rulekit.core import ids
from rulekit.core.text import card_of, condition_label, names, resolving_words
from rulekit.core.verdicts import Code
from rulekit.core.ruleset import Flow, FlowNode, SequenceMark, StackEntry, WindowEntry
from rulekit.rulesets.agot.challenges import ChallengeFrame
from rulekit.rulesets.agot.codes import AgotStep
from rulekit.rulesets.agot.frames import ResolutionFrame, SequenceFrame
from rulekit.rulesets.agot.steps import SeqStep

FLOW_END, FLOW_NESTED, FLOW_CHALLENGE = "end", "nested", "challenge"


def _flow() -> Flow:
    nodes = [FlowNode(step.name, f"{step.number}. {step.title}", step.rule, "step", step.is_window, step.is_forced)
             for step in SeqStep]
    nodes.append(FlowNode(FLOW_END, "the sequence ends", "agot.tc", "end"))
    nodes.append(FlowNode(FLOW_NESTED, "a new condition: nested sequence (last in, first out)", "agot.nested",
                          "nested"))
    steps = list(SeqStep)
    edges = [(a.name, b.name, "next") for a, b in zip(steps, steps[1:])]
    edges.append((SeqStep.REACTION_WINDOW.name, FLOW_END, "next"))
    edges.append((SeqStep.WOULD_WINDOW.name, FLOW_END, "cancels"))
    edges += [(step.name, SeqStep.IMMINENT.name, "changes")
              for step in (SeqStep.WOULD_WINDOW, SeqStep.FORCED_INTERRUPTS, SeqStep.INTERRUPT_WINDOW)]
    edges += [(step.name, FLOW_NESTED, "nested in") for step in steps if step.timing is not None]
    edges.append((FLOW_NESTED, SeqStep.IMMINENT.name, "opens"))
    # a challenge's framework steps (agot.challenge): each timing point opens a sequence; once its
    # reactions are over, the challenge goes on to its next step
    nodes.append(FlowNode(FLOW_CHALLENGE, "a challenge: declarations, STR compared, its end", "agot.challenge",
                          "stage"))
    edges.append((FLOW_CHALLENGE, SeqStep.IMMINENT.name, "opens"))
    edges.append((SeqStep.REACTION_WINDOW.name, FLOW_CHALLENGE, "next"))
    return Flow(tuple(nodes), tuple(edges))


FLOW = _flow()


def flow_node(step) -> str | None:
    """The step of the rules text ``step`` was taken at (:func:`taken_at`)."""
    at = taken_at(step)
    if at is not None:
        return at.name
    return FLOW_CHALLENGE if _challenge_step(step) else None     # a challenge's framework step, no sequence open


def sequence_id(step) -> str | None:
    """The innermost open sequence a step was taken in."""
    frames = _sequences(step)
    return frames[-1].id if frames else None


def window_entries(step) -> list[WindowEntry]:
    state, out = step.state, []
    for frame in step.control:
        if isinstance(frame, SequenceFrame) and frame.window is not None:
            w = frame.window
            per_player: dict[str, list[str]] = {}
            for v in step.verdicts:
                if v.code is Code.ELIGIBLE:
                    card = step.before.cards[ids.card_id(v.card)]
                    ability = card.ability(v.ability)
                    per_player.setdefault(card.controller, []).append(
                        f"{card.title}'s {ability.timing.value if ability is not None else 'ability'}")
            listed = "; ".join(f"{p}: {', '.join(sorted(set(a)))}" for p, a in per_player.items()) or "nothing"
            out.append(WindowEntry(
                f"{frame.step.window_kind} window — {', '.join(condition_label(state, c.id) for c in frame.conditions)}",
                f"opportunity: {w.opportunity}  ·  passes in a row: {w.passes} of {len(state.players)}"
                f"  ·  opportunity #{w.ordinal}", f"eligible: {listed}", w.opportunity))
    return out


def stack_entries(step) -> list[StackEntry]:
    out = []
    for frame in step.control:
        if isinstance(frame, SequenceFrame):
            nxt = f"its next step: step {frame.step.number}, {frame.step.title}" if frame.step else "it ends"
            out.append(StackEntry(frame.id, "sequence for: " + names(", ".join(
                condition_label(step.state, c.id) for c in frame.conditions), step.state), nxt, False, None))
        elif isinstance(frame, ResolutionFrame):
            out.append(StackEntry(frame.use, f"{frame.source.title} resolving ({frame.stage}) — {frame.controller}",
                                  resolving_words(frame.ability), False, frame.controller))
    return out


def graph_sequences(g, step, add_condition) -> None:
    """Add the open sequences, their conditions and windows to a state graph."""
    state = step.state
    sequences = [f for f in step.control if isinstance(f, SequenceFrame)]
    previous = None
    for frame in sequences:
        g.add_node(frame.id, label="sequence for " + names(", ".join(condition_label(state, c.id)
                                                                  for c in frame.conditions), state),
                   kind="sequence", subset=2, step=frame.step.number
                   if frame.step is not None else 8, role=frame.role.value)
        if previous is not None:
            g.add_edge(frame.id, previous, relation="nested in")
        previous = frame.id
        for tc in frame.conditions:
            add_condition(g, state, tc, "imminent" if frame.step.number <= 5 else "occurred")
            g.add_edge(frame.id, tc.id, relation="created")
        if frame.window is not None:
            w = frame.window
            g.add_node(w.id, label=f"{frame.step.window_kind} window", kind="window", subset=4, open=True,
                       opportunity=w.opportunity, passes=w.passes, number=w.ordinal)
            g.add_edge(frame.id, w.id, relation="created")
            for tc in frame.conditions:
                g.add_edge(w.id, tc.id, relation="responds to")


def graph_frames(g, step, add_condition) -> None:
    """Add the abilities resolving to a state graph."""
    state = step.state
    for frame in step.control:
        if isinstance(frame, ResolutionFrame):
            node = ids.ability_ref(frame.source.obj, frame.ability.id)
            if node not in g:
                g.add_node(node, label=f"{frame.source.title}'s {frame.ability.timing.value}", kind="ability", subset=3,
                           status="resolving", reason="", code="", timing=frame.ability.timing.value)
            g.nodes[node]["status"] = "resolving"
            add_condition(g, state, frame.condition, "occurred" if frame.condition.kind is not EventKind.INITIATES
                           else "imminent")
            g.add_edge(node, frame.condition.id, relation="responds to")


# -- where a step stands, and the sequence diagram -------------------------------------------------------
_SHORT = {SeqStep.IMMINENT: "imminent", SeqStep.WOULD_WINDOW: "\"would\"\nwindow",
          SeqStep.FORCED_INTERRUPTS: "forced\ninterrupts", SeqStep.INTERRUPT_WINDOW: "interrupt\nwindow",
          SeqStep.OCCURS: "occurs", SeqStep.FORCED_REACTIONS: "forced\nreactions",
          SeqStep.REACTION_WINDOW: "reaction\nwindow"}
_MARKS = {AgotStep.WINDOW_OPENS: "opportunity", AgotStep.USE: "use", AgotStep.FORCED: "forced",
          AgotStep.OCCURS: "occurs", AgotStep.INITIATES: "occurs", AgotStep.CANCELLED: "cancel",
          AgotStep.CANCELS: "cancel", AgotStep.EFFECT_CANCELLED: "cancel", AgotStep.CHANGED: "change",
          AgotStep.SAVES: "save", AgotStep.REPLACES: "replace", AgotStep.WINDOW_EMPTY: "empty",
          AgotStep.NO_FORCED: "empty"}


def _sequences(step) -> list:
    control = step.parent.control if step.parent is not None else step.control
    return [f for f in control if isinstance(f, SequenceFrame)]


def taken_at(step) -> SeqStep | None:
    """The step of the rules text ``step`` was taken at: the step of the innermost sequence open
    when it was taken (also while an ability resolves inside it). The script's occurrence is taken
    before any sequence is open: what the script makes happen is a triggering condition that
    becomes imminent, step 1 of the sequence it opens."""
    frames = _sequences(step)
    if frames:
        return frames[-1].step
    return SeqStep.IMMINENT if step.what in _OPENS else None


#: the steps that open a sequence from outside any: the script's occurrence, a challenge's timing points
_OPENS = (AgotStep.SCRIPT, AgotStep.CHALLENGE_INITIATED, AgotStep.DEFENDERS_DECLARED, AgotStep.CHALLENGE_WON)


def _challenge_step(step) -> bool:
    """A challenge's framework step that opens no sequence (no defender, no winner, its end), or a
    step of a keyword it processes (pillage, 4.2.5) taken outside any sequence."""
    if taken_at(step) is not None:
        return False
    if step.rule in _CHALLENGE_RULES:
        return True
    control = step.parent.control if step.parent is not None else step.control
    return any(isinstance(f, ChallengeFrame) for f in control)


#: the rules a challenge's framework steps cite: the challenge's, and pillage's at 4.2.5
_CHALLENGE_RULES = ("agot.challenge", "agot.pillage")


def position(step) -> str | None:
    """``"step 4, interrupt window"``: the step of the rules text the step was taken at."""
    at = taken_at(step)
    if at is None and _challenge_step(step):
        return "the challenge's framework steps"
    return f"step {at.number}, {at.title}" if at is not None else None


def position_rule(step) -> str | None:
    """``"agot.tc.4"``: the rule of the step of the rules text the step was taken at."""
    at = taken_at(step)
    return at.rule if at is not None else None


def sequence_columns() -> tuple[tuple[str, str], ...]:
    return tuple((s.name, f"{s.number}\n{_SHORT[s]}") for s in SeqStep) + ((FLOW_CHALLENGE, "4.2\nchallenge"),)


def sequence_mark(step) -> SequenceMark:
    at = taken_at(step)
    column = at.name if at is not None else (FLOW_CHALLENGE if _challenge_step(step) else None)
    a = step.args_dict()
    mark = _MARKS.get(step.what, "step")
    player = a.get("player") if isinstance(a.get("player"), str) else None
    if step.what == AgotStep.PASS:
        mark = "auto-pass" if a.get("auto") else "pass"
    use = a.get("use") or a.get("by")
    if player is None and isinstance(use, str):
        parsed = ids.parse_use(use)
        card = card_of(step.before, parsed.obj) if parsed is not None else None
        player = card.controller if card is not None else None
    return SequenceMark(column, player, mark)


def sequence_nesting(step) -> tuple[tuple[str, str], ...]:
    state = step.state
    return tuple((f.id, names(", ".join(condition_label(state, c.id) for c in f.conditions), state))
                 for f in _sequences(step))
