"""The walk of an exploration as a networkx graph: positions, answers, merged positions, outcomes.

Nodes (scalar attributes only, so the graph exports to GraphML and JSON as it is):

- ``kind="position"`` (id ``p<N>``): a decision waiting — ``decision`` (its answer key),
  ``chooser``, ``prompt``, ``lines`` (lines from the start reaching it), ``to_end`` (lines from
  it to the end), ``merged`` (reached by more than one answer), ``matters`` (its options do not
  all reach the same outcomes), ``walked`` (every option tried);
- ``kind="answer"`` (id ``p<N>/<i>``): one option taken there — ``option``, ``label``,
  ``lines`` (lines taking it);
- ``kind="outcome"`` (id ``o<N>``): ``number``, ``lines``, ``summary``.

Edges: position → answer (``relation="option"``), answer → position or outcome
(``relation="leads to"``). networkx is imported when this module is.
"""
from __future__ import annotations

import networkx as nx

from rulekit.explore.counting import paths


def exploration_graph(result) -> nx.DiGraph:
    w = result.walk
    p = paths(w)
    number = {o.key: o.number for o in result.outcomes}
    g = nx.DiGraph(scenario=getattr(result.scenario, "title", ""), complete=result.complete, lines=result.lines)
    for o in result.outcomes:
        g.add_node(f"o{o.number}", kind="outcome", number=o.number, lines=o.lines, summary=o.summary, label=f"#{o.number}")
    indegree = [0] * len(w)
    for n in p.pre:
        for k in w.children[n]:
            indegree[k] += 1

    def node_of(n: int) -> str:
        return f"o{number[w.outcome[n]]}" if w.at[n] is None else f"p{n}"

    for n in p.pre:
        at = w.at[n]
        if at is None:
            continue
        prompt, labels = w.labels.get(at, ("", {}))
        g.add_node(f"p{n}", kind="position", decision=str(at), chooser=at.chooser, prompt=prompt, lines=p.before[n],
                   to_end=p.after[n], merged=indegree[n] > 1, matters=p.matters_at(w, n), walked=w.expanded(n),
                   label=at.kind.value)
        for i, k in enumerate(w.children[n]):
            option = w.options[n][i]
            a = f"p{n}/{i}"
            g.add_node(a, kind="answer", option=option, label=labels.get(option, option),
                       lines=p.before[n] * p.after[k])
            g.add_edge(f"p{n}", a, relation="option")
            g.add_edge(a, node_of(k), relation="leads to")
    return g
