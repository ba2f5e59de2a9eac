"""Riftbound as the views show it: the Chain loop as a flowchart, priority, the Chain's items, and
the state graph's Chain nodes.

The flowchart is :data:`rulekit.rulesets.riftbound.chain.STAGES` and ``TRANSITIONS``: the
same table names the step codes the Chain's handlers record at each stage.
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core.text import card_of, resolving_words
from rulekit.core.ruleset import Flow, FlowNode, SequenceMark, StackEntry, WindowEntry
from rulekit.rulesets.riftbound import chain
from rulekit.rulesets.riftbound.codes import RbStep
from rulekit.rulesets.riftbound.priority import playable
from rulekit.rulesets.riftbound.frames import ChainFrame, OpenFrame

FLOW = Flow(tuple(FlowNode(stage.name, stage.title, "rb.chain", "stage", codes=tuple(str(c) for c in stage.codes))
                  for stage in chain.STAGES),
            chain.TRANSITIONS)


def flow_node(step) -> str | None:
    return chain.stage_of(step)


def window_entries(step) -> list[WindowEntry]:
    state, out = step.state, []
    for frame in step.control:
        if isinstance(frame, OpenFrame) and frame is step.control[-1]:
            may = ", ".join(c.title for c, _ in playable(state, state.first_player, None)) or "nothing"
            out.append(WindowEntry("priority with no Chain (Main Phase)",
                                   f"priority: {state.first_player}  ·  opportunity #{frame.ordinal}",
                                   f"may play: {may}", state.first_player))
        if isinstance(frame, ChainFrame) and frame.priority is not None:
            may = ", ".join(c.title for c, _ in playable(state, frame.priority, frame.id)) or "nothing"
            out.append(WindowEntry(f"priority on the Chain ({len(frame.items)} item(s))",
                                   f"priority: {frame.priority}  ·  passes in a row: {frame.passes} of "
                                   f"{len(state.players)}  ·  opportunity #{frame.ordinal}", f"may add: {may}",
                                   frame.priority))
    return out


def stack_entries(step) -> list[StackEntry]:
    out = []
    for frame in step.control:
        if isinstance(frame, ChainFrame):
            for item in frame.items:
                out.append(StackEntry(item.id, f"{item_name(item)} — {item.controller}", resolving_words(item.ability),
                                      item.pending, item.controller))
    return out


def graph_frames(g, step, add_condition) -> None:
    """Add the Chain's items to a state graph."""
    state = step.state
    for frame in step.control:
        if isinstance(frame, ChainFrame):
            for position, item in enumerate(frame.items + frame.waiting):
                g.add_node(item.id, label=item_name(item), kind="item", subset=5,
                           controller=item.controller, source=item.source.obj, position=position,
                           pending=item.pending, waiting=item in frame.waiting,
                           newest=position == len(frame.items) - 1, priority=frame.priority or "")
                if item.controller in g:
                    g.add_edge(item.controller, item.id, relation="controls")
                if item.source.obj in g:
                    g.add_edge(item.source.obj, item.id, relation="source of")
                if item.event is not None:
                    add_condition(g, state, item.event, "occurred")
                    g.add_edge(item.event.id, item.id, relation="created")


# -- the sequence diagram: the Chain's stages as columns, its items as nested bands ------------------------
_MARKS = {RbStep.OCCURS: "occurs", RbStep.PLACED: "add", RbStep.ADDS: "use", RbStep.PRIORITY: "opportunity",
          RbStep.RESOLVES: "resolve", RbStep.REPLACES: "replace", RbStep.CHAIN_EMPTY: "empty"}


def sequence_columns() -> tuple[tuple[str, str], ...]:
    return tuple((node.id, node.id) for node in FLOW.nodes)


def sequence_mark(step) -> SequenceMark:
    a = step.args_dict()
    mark = _MARKS.get(step.what, "step")
    if step.what == RbStep.PASS:
        mark = "auto-pass" if a.get("auto") else "pass"
    player = a.get("player") if isinstance(a.get("player"), str) else None
    item = a.get("item")
    if player is None and isinstance(item, str):
        use = ids.parse_use(item)
        card = card_of(step.before, use.obj) if use is not None else None
        player = card.controller if card is not None else None
    if step.what == RbStep.ADDS and step.answered_by is None:
        mark = "add"
    return SequenceMark(chain.stage_of(step), player, mark)


def item_name(item) -> str:
    kind = "spell" if item.source.type == "spell" else ("Deathknell" if item.ability.deathknell else
                                                        "play" if item.played else "ability")
    return f"{item.source.title}'s {kind}"


def sequence_nesting(step) -> tuple[tuple[str, str], ...]:
    control = step.parent.control if step.parent is not None else step.control
    out: list[tuple[str, str]] = []
    for f in control:
        if isinstance(f, ChainFrame) and f.items:
            out.append((f.id, "the Chain"))          # the outer band; each item on it is a nested one
            out += [(item.id, item_name(item)) for item in f.items]
    return tuple(out)
