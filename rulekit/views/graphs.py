"""Every step as networkx graphs: the rules flowchart and the state of the game.

Builders named ``*_graph`` return new :class:`networkx.DiGraph` objects whose node and edge
attributes are scalars only (str, int, float, bool), each node with ``label``, ``kind`` and
``subset`` (its layer, for :func:`networkx.multipartite_layout`) and each edge with
``relation``, so ``nx.node_link_data(G, edges="edges")`` and ``nx.write_graphml`` work
unchanged. Node ids are the engine's stable ids, so a node can be followed across steps.
``G.graph`` carries the scenario title, the step number and the rule id.

Importing rulekit does not import networkx; importing this module does.
"""
from __future__ import annotations

import networkx as nx

from rulekit.core import ids
from rulekit.rulesets import get as get_ruleset
from rulekit.core.text import condition_label
from rulekit.core.timeline import Step
from rulekit.core.verdicts import Code, reason



# -- the rules flowchart ------------------------------------------------------------------------------
def flowchart_graph(ruleset: str = "agot") -> nx.DiGraph:
    """The rules flowchart of a ruleset, built from the table its machine runs
    (:attr:`rulekit.rulesets.Ruleset.flow`)."""
    rules = get_ruleset(ruleset)
    g = nx.DiGraph(ruleset=ruleset)
    numbered = 0
    for i, node in enumerate(rules.flow.nodes):
        numbered += node.kind in ("step", "stage")
        g.add_node(node.id, label=node.label, kind=node.kind, subset=i if node.kind in ("step", "stage") else numbered,
                   rule=node.rule, number=numbered if node.kind in ("step", "stage") else (numbered + 1 if
                   node.kind == "end" else 0), window=node.window, forced=node.forced)
    for a, b, relation in rules.flow.edges:
        g.add_edge(a, b, relation=relation)
    g.graph.update(title=f"{ruleset} flowchart", step=-1, rule="")
    for n in g.nodes:
        g.nodes[n].update(current=False, visited=False, open_levels=0)
    return g


def current_node(step: Step, ruleset: str | None = None) -> str | None:
    """The flowchart node ``step`` was taken at."""
    return get_ruleset(ruleset or step.state.ruleset).flow_node(step)


def flow_graph(step: Step, steps: tuple[Step, ...] | None = None, ruleset: str | None = None,
               title: str = "") -> nx.DiGraph:
    """The flowchart at ``step``: the current node, the path taken in the current sequence
    (``visited``), and how many sequences are open (``open_levels`` on the current node)."""
    ruleset = ruleset or step.state.ruleset
    rules = get_ruleset(ruleset)
    g = flowchart_graph(ruleset)
    node = rules.flow_node(step)
    path: list[str] = []
    if steps is not None:
        for s in steps[: step.number + 1]:
            n = rules.flow_node(s)
            if n is not None and rules.flow_path_scope(step, s):
                path.append(n)
    for n in path:
        g.nodes[n]["visited"] = True
    if node is not None:
        g.nodes[node]["current"] = True
        g.nodes[node]["visited"] = True
        g.nodes[node]["open_levels"] = step.level
    g.graph.update(title=title or f"{ruleset} flowchart", step=step.number, rule=step.rule, depth=step.level,
                   path=" > ".join(path))
    return g


# -- the state of a step ----------------------------------------------------------------------------------
def _ability_node(card_obj: str, ability_id: str) -> str:
    return ids.ability_ref(card_obj, ability_id)


def state_graph(step: Step, title: str = "") -> nx.DiGraph:
    """Cards, players, triggering conditions, abilities (with their verdicts), windows,
    sequences and Chain items at ``step``, with typed edges."""
    state = step.state
    g = nx.DiGraph()
    g.graph.update(title=title, step=step.number, rule=step.rule, ruleset=state.ruleset,
                   text=step.describe())
    for p in state.players:
        g.add_node(p, label=p, kind="player", subset=0, first=p == state.first_player)
    for cid in state.order:
        card = state.cards[cid]
        if card.zone == state.rules.deck:
            continue
        g.add_node(card.obj, label=f"{card.title} ({card.obj})", kind="card", subset=1, zone=card.zone,
                   controller=card.controller, owner=card.owner, type=card.type, kneeling=card.kneeling,
                   **{n: v for n, v in card.own_fields().items() if n in state.rules.card_numbers})
        if card.controller:         # a Riftbound battlefield may be controlled by no one ("")
            g.add_edge(card.controller, card.obj, relation="controls")
    before = step.before
    state.rules.graph_sequences(g, step, _add_condition)
    for v in step.verdicts:
        node = _ability_node(v.card, v.ability)
        card = before.cards[ids.card_id(v.card)]
        ability = card.ability(v.ability)
        status = {Code.ELIGIBLE: "eligible", Code.MUST_RESOLVE: "forced", Code.TRIGGERS: "triggers"}.get(
            v.code, "used" if v.code is Code.ALREADY_USED else "not eligible")
        if node not in g:
            kind = ability.timing.value if ability is not None and ability.timing.value not in ("triggered", "priority") \
                else "ability"
            g.add_node(node, label=f"{card.title}'s {kind}", kind="ability", subset=3, status=status,
                       reason=reason(v), code=v.code.value, timing=ability.timing.value if ability else "")
        elif status in ("eligible", "forced", "triggers"):
            g.nodes[node].update(status=status, reason=reason(v), code=v.code.value)
        if card.obj in g:
            g.add_edge(card.obj, node, relation="source of")
        if v.condition in g and v.usable:
            g.add_edge(v.condition, node, relation="triggers")
    state.rules.graph_frames(g, step, _add_condition)
    for tc_id, use in state.cancelled.items():
        if tc_id in g:
            head = ids.use_head(use)
            if head not in g:
                g.add_node(head, **_ability_attrs(head))
            g.add_edge(head, tc_id, relation="cancels")
    for tc_id, new in state.changed.items():
        if tc_id in g or new in g:
            for n in (tc_id, new):
                if n not in g:
                    g.add_node(n, label=condition_label(state, n), kind="condition", subset=2, event="", status="changed")
            g.add_edge(tc_id, new, relation="changes")
    for tc_id, entries in state.replacements.items():
        if tc_id in g:
            for entry in entries:
                head = ids.use_head(entry[0])
                if head not in g:
                    g.add_node(head, **_ability_attrs(head))
                g.add_edge(head, tc_id, relation="replaces")
    return g


def _ability_attrs(node: str) -> dict:
    return {"label": node, "kind": "ability", "subset": 3, "status": "used", "reason": "", "code": "", "timing": ""}


def _add_condition(g: nx.DiGraph, state, tc, status: str) -> None:
    if tc.id in g:
        return
    g.add_node(tc.id, label=condition_label(state, tc.id), kind="condition", subset=2, event=tc.kind.value,
               status="cancelled" if tc.id in state.cancelled else ("changed" if tc.id in state.changed else status))
    if tc.card is not None:
        subject = state.cards[tc.card.id].obj
        if subject in g:
            g.add_edge(subject, tc.id, relation="subject of")
    elif tc.player in g:
        g.add_edge(tc.player, tc.id, relation="subject of")


def layered_layout(g: nx.DiGraph) -> dict:
    """Positions in [-1, 1]²: one column per ``subset``, nodes spread evenly down it in sorted
    id order. Unlike :func:`networkx.multipartite_layout`, whose order within a layer follows
    hash order here, the same graph always gets the same picture."""
    layers: dict[int, list] = {}
    for n in sorted(g.nodes, key=str):
        layers.setdefault(g.nodes[n]["subset"], []).append(n)
    keys = sorted(layers)
    pos = {}
    for i, key in enumerate(keys):
        x = -1.0 + 2.0 * i / max(1, len(keys) - 1)
        column = layers[key]
        for j, n in enumerate(column):
            pos[n] = (x, 1.0 - 2.0 * (j + 0.5) / len(column))
    return pos


# -- export ----------------------------------------------------------------------------------------------
def to_dot(g: nx.DiGraph) -> str:
    """GraphViz DOT text for a graph (no GraphViz needed to write it)."""
    def q(text) -> str:
        return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'
    lines = [f"digraph {q(g.graph.get('title') or 'rulekit')} {{", "  rankdir=LR;"]
    for n, data in g.nodes(data=True):
        attrs = ", ".join(f"{k}={q(v)}" for k, v in sorted(data.items()))
        lines.append(f"  {q(n)} [{attrs}];")
    for a, b, data in g.edges(data=True):
        lines.append(f"  {q(a)} -> {q(b)} [label={q(data.get('relation', ''))}];")
    lines.append("}")
    return "\n".join(lines) + "\n"

