"""Graphs of every step: structure, and export through networkx's own formats."""
from __future__ import annotations

import io
import json
from pathlib import Path

import networkx as nx
import pytest

from rulekit.files import load_scenario
from rulekit.views.graphs import flow_graph, flowchart_graph, state_graph, to_dot

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "scenarios").rglob("*.yaml"))
SCALARS = (str, int, float, bool)


def game(name: str):
    return load_scenario(next(p for p in FILES if p.stem == name)).start()


def _scalar_attrs(g: nx.DiGraph) -> None:
    for _, data in g.nodes(data=True):
        assert {"label", "kind", "subset"} <= set(data)
        assert all(isinstance(v, SCALARS) for v in data.values()), data
    for _, _, data in g.edges(data=True):
        assert "relation" in data and all(isinstance(v, SCALARS) for v in data.values()), data
    assert all(isinstance(v, SCALARS) for v in g.graph.values())


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_graph_of_every_scenario_survives_node_link_json_and_graphml(path):
    g = load_scenario(path).start()
    steps = g.timeline
    for step in steps:
        for graph in (state_graph(step, g.scenario.title), flow_graph(step, steps)):
            _scalar_attrs(graph)
            data = json.loads(json.dumps(nx.node_link_data(graph, edges="edges")))
            again = nx.node_link_graph(data, edges="edges")
            assert set(again.nodes) == set(graph.nodes) and set(again.edges) == set(graph.edges)
            nx.write_graphml(graph, io.BytesIO())


#: the steps the core records for every ruleset alike (setup, the script's end, an entry that made nothing
#: happen): no ruleset's machine takes them, so no flowchart places them
CORE_STEPS = {("rulekit.setup", "setup"), ("rulekit.script", "script-done"), ("rulekit.script", "script-nothing")}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_flowchart_the_heading_and_the_sequence_diagram_place_every_step_a_ruleset_records_alike(path):
    """Every step a ruleset records, the one that opens a sequence included, is at a node of its
    flowchart, in the sequence diagram's column of that node, under a heading that says where."""
    g = load_scenario(path).start()
    rules = g.state.rules
    nodes = {n.id for n in rules.flow.nodes}
    columns = {column for column, _ in rules.sequence_columns()}
    for step in g.timeline:
        if (step.rule, str(step.what)) in CORE_STEPS:
            continue
        node = rules.flow_node(step)
        assert node in nodes and node in columns, (step.number, step.rule, str(step.what), node)
        assert rules.sequence_mark(step).column == node, (step.number, str(step.what))
        assert rules.position(step), (step.number, str(step.what))


def test_what_the_script_makes_happen_in_a_game_of_thrones_becomes_imminent_step_1_of_its_sequence():
    g = game("claim-2-kill")
    opening, imminent = g.timeline[1], g.timeline[2]
    assert (opening.rule, str(opening.what), str(imminent.what)) == ("rulekit.script", "script", "imminent")
    rules = g.state.rules
    assert rules.flow_node(opening) == rules.flow_node(imminent) == "IMMINENT"
    assert rules.position(opening) == "step 1, the triggering condition becomes imminent"
    assert flow_graph(opening, g.timeline).nodes["IMMINENT"]["current"]


def test_flowchart_is_built_from_the_engine_steps():
    g = flowchart_graph("agot")
    assert [n for n in g if g.nodes[n]["kind"] == "step"] == ["IMMINENT", "WOULD_WINDOW", "FORCED_INTERRUPTS",
                                                               "INTERRUPT_WINDOW", "OCCURS", "FORCED_REACTIONS",
                                                               "REACTION_WINDOW"]
    assert g.edges["WOULD_WINDOW", "end"]["relation"] == "cancels"
    assert g.edges["INTERRUPT_WINDOW", "IMMINENT"]["relation"] == "changes"
    assert g.edges["REACTION_WINDOW", "nested"]["relation"] == "nested in"
    rb = flowchart_graph("riftbound")
    assert rb.edges["pass", "resolve"]["relation"] == "all passed"


def test_claim_2_interrupt_window_step_has_one_open_window_linked_to_both_conditions():
    g = game("claim-2-kill")
    step = next(s for s in g.timeline if s.what == "window-opens")
    G = state_graph(step)
    windows = [n for n, d in G.nodes(data=True) if d["kind"] == "window"]
    assert windows == ["s:claim:interrupt"] and G.nodes["s:claim:interrupt"]["open"]
    assert {b for _, b, d in G.out_edges("s:claim:interrupt", data=True) if d["relation"] == "responds to"} == {
        "s:claim:killed:c3", "s:claim:killed:c4"}
    flow = flow_graph(step, g.timeline)
    assert flow.nodes["INTERRUPT_WINDOW"]["current"] and flow.nodes["IMMINENT"]["visited"]


def test_a_chain_with_three_items_has_them_in_order():
    g = game("cinderwing")
    step = next(s for s in g.timeline if sum(1 for f in s.control if hasattr(f, "items") and len(f.items) >= 2))
    G = state_graph(step)
    items = sorted((d["position"], n) for n, d in G.nodes(data=True) if d["kind"] == "item")
    assert [p for p, _ in items] == list(range(len(items))) and len(items) >= 2
    assert G.nodes[items[-1][1]]["newest"] or G.nodes[items[-1][1]]["waiting"]


def test_a_cancelled_condition_has_a_cancels_edge_and_no_occurrence():
    g = game("cancelled-event-still-played")
    step = next(s for s in g.timeline if s.what == "cancels")
    G = state_graph(step)
    cancelled = "ravens.r@s:kill:killed:c3/initiation:effect-initiates:ravens"
    assert any(d["relation"] == "cancels" and b == cancelled for _, b, d in G.edges(data=True))
    assert G.nodes[cancelled]["status"] == "cancelled"
    assert not any(s.what == "initiates" and s.args_dict()["use"] == "ravens.r@s:kill:killed:c3" for s in g.timeline)


def test_node_ids_follow_objects_across_steps():
    g = game("claim-2-kill")
    ids = [set(state_graph(s).nodes) for s in g.timeline]
    assert all("c6" in n for n in ids)
    assert "c3@1" in ids[-1] and "c3" not in ids[-1]       # a new object after the kill


def test_dot_export_names_every_node_and_edge():
    g = game("claim-2-kill")
    G = state_graph(g.timeline[5])
    dot = to_dot(G)
    assert dot.startswith("digraph") and all(f'"{n}"' in dot for n in G.nodes)
