"""Drawings of an exploration: the outcomes with their line counts, and the merged walk.

:func:`draw_outcomes` is a bar per outcome (how many lines reach it). :func:`draw_exploration`
draws the walk left to right: each column is how many decisions have been taken at least;
a position is a dot (red where the decision matters, grey where every option reaches the same
outcomes; ringed where two or more answers lead to it — a merged position), an outcome a
numbered square at the right. Importing rulekit does not import matplotlib; importing this
module does.
"""
from __future__ import annotations

import io
import textwrap

from matplotlib.collections import LineCollection
from matplotlib.figure import Figure

from rulekit.explore.counting import paths

MATTERS, SAME, OUTCOME, EDGE = "#d62728", "#7f7f7f", "#1f77b4", "#c7c7c7"


class ExplorationFigure(Figure):
    """A figure that shows itself as a PNG in any notebook, whatever the matplotlib backend."""

    def _repr_png_(self) -> bytes:
        buf = io.BytesIO()
        self.savefig(buf, format="png")
        return buf.getvalue()


def _axes(ax, size):
    if ax is not None:
        return ax.figure, ax
    fig = ExplorationFigure(figsize=size, dpi=100, layout="constrained")
    return fig, fig.add_subplot()


def _whole(text: str, n: int = 52) -> str:
    """``text`` wrapped in lines of at most ``n`` characters (whole: never cut), with ``$``
    escaped: a name is drawn as written, never as matplotlib's math text."""
    return "\n".join(textwrap.wrap(text, n, break_long_words=False) or [""]).replace("$", r"\$")


def draw_outcomes(result, ax=None, *, most: int = 20):
    """A horizontal bar per outcome (the ``most`` most frequent): the lines reaching it, each
    outcome's summary whole beside its bar (wrapped; the bars as far apart as the longest needs)."""
    shown = result.outcomes[:most]
    labels = [_whole(f"#{o.number}  {o.summary}") for o in shown]
    lines = max((label.count("\n") + 1 for label in labels), default=1)
    fig, ax = _axes(ax, (8, 0.9 + (0.18 + 0.14 * lines) * max(1, len(shown))))
    ys = list(range(len(shown)))[::-1]
    ax.barh(ys, [o.lines for o in shown], color=OUTCOME)
    ax.set_yticks(ys, labels, fontsize=8)
    ax.set_xlabel("lines of play reaching the outcome")
    more = f" (the {most} most frequent of {len(result.outcomes)})" if len(result.outcomes) > most else ""
    incomplete = "" if result.complete else " — incomplete walk: lower bounds"
    ax.set_title(f"{result.lines:,} lines, {len(result.outcomes)} outcome(s){more}{incomplete}", fontsize=10)
    for y, o in zip(ys, shown):
        ax.annotate(f"{o.lines:,}", (o.lines, y), xytext=(3, 0), textcoords="offset points", va="center", fontsize=8)
    ax.spines[["top", "right"]].set_visible(False)
    return fig


def draw_exploration(result, ax=None, *, most: int = 400):
    """The merged walk, left to right; at most ``most`` positions (the first ones walked)."""
    w = result.walk
    p = paths(w)
    number = {o.key: o.number for o in result.outcomes}
    kept = [n for n in p.pre if w.at[n] is not None][:most]
    keep = set(kept)
    depth = {0: 0}
    for n in reversed(p.post):                      # longest distance from the start, in decisions
        for k in w.children[n]:
            if w.at[k] is not None:
                depth[k] = max(depth.get(k, 0), depth.get(n, 0) + 1)
    last = max((depth.get(n, 0) for n in kept), default=0) + 1
    rows: dict = {}
    where = {}
    for n in kept:
        d = depth.get(n, 0)
        where[n] = (d, rows.get(d, 0))
        rows[d] = rows.get(d, 0) + 1
    for o in result.outcomes:
        where[("o", o.number)] = (last, o.number - 1)
    tall = max(list(rows.values()) + [len(result.outcomes), 1])
    fig, ax = _axes(ax, (min(14, 2 + 1.2 * (last + 1)), min(12, 1.5 + 0.18 * tall)))

    def centred(xy, column_size):
        x, y = xy
        return x, y - (column_size - 1) / 2

    def point(target):
        if isinstance(target, tuple):
            return centred(where[target], len(result.outcomes))
        return centred(where[target], rows[where[target][0]])

    segments = []
    indegree: dict = {}
    for n in kept:
        for k in w.children[n]:
            target = ("o", number[w.outcome[k]]) if w.at[k] is None else k
            indegree[target] = indegree.get(target, 0) + 1
            if target in where and (isinstance(target, tuple) or target in keep):
                segments.append([point(n), point(target)])
    ax.add_collection(LineCollection(segments, colors=EDGE, linewidths=0.6, zorder=1))
    xs = [point(n)[0] for n in kept]
    ys = [point(n)[1] for n in kept]
    colors = [MATTERS if p.matters_at(w, n) else SAME for n in kept]
    ax.scatter(xs, ys, s=28, c=colors, zorder=2,
               edgecolors=["black" if indegree.get(n, 0) > 1 else "none" for n in kept], linewidths=1.2)
    for o in result.outcomes:
        x, y = point(("o", o.number))
        ax.scatter([x], [y], s=120, marker="s", c=OUTCOME, zorder=3)
        ax.annotate(f"#{o.number}: {o.lines:,} lines", (x, y), xytext=(8, 0), textcoords="offset points",
                    va="center", fontsize=8)
    ax.set_xticks(range(last + 1), [str(i) for i in range(last)] + ["end"], fontsize=8)
    ax.set_xlabel("decisions taken")
    ax.set_yticks([])
    ax.spines[["top", "right", "left"]].set_visible(False)
    ax.set_xlim(-0.5, last + 1.6)
    shown = "" if len(kept) == sum(1 for n in range(len(w)) if w.at[n] is not None) else f" (first {len(kept)} positions)"
    ax.set_title(f"{result.states:,} positions{shown}: red — the choice there matters; ringed — merged", fontsize=10)
    return fig
