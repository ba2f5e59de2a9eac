"""The state graph of a step, drawn: one column per kind of node, each node's full name wrapped
beside it, directed edges coloured and styled by their relation (all in the legend)."""
from __future__ import annotations

import numpy as np
from matplotlib.collections import LineCollection, PolyCollection

from rulekit.views.figure import MIN_FONT, RELATION_STYLES, View, _arrowhead, fit, key, player_color, title_text, wrap
from rulekit.core.text import names
from rulekit.core.timeline import Step

KIND_COLORS = {"player": "#7f7f7f", "card": "#aec7e8", "sequence": "#c5b0d5", "condition": "#ffbb78",
               "ability": "#98df8a", "window": "#f7b6d2", "item": "#dbdb8d"}
STATUS_COLORS = {"eligible": "#2ca02c", "forced": "#d62728", "triggers": "#2ca02c", "used": "#bcbd22",
                 "resolving": "#17becf", "not eligible": "#c7c7c7"}
RELATIONS = ("controls", "source of", "subject of", "triggers", "created", "responds to", "nested in", "cancels",
             "changes", "replaces")
RELATION_STYLE = {r: RELATION_STYLES[i] for i, r in enumerate(RELATIONS)}
COLUMN_TITLES = {0: "players", 1: "cards", 2: "sequences, conditions", 3: "abilities", 4: "windows", 5: "Chain"}
MAX_LABELS = 60


class StateGraphView(View):
    """The state graph at a step; updates move points, segments and labels in place."""

    size = (8.0, 5.2)

    def __init__(self, ax=None):
        super().__init__(ax)
        self.top, self.bottom = 4.45, 0.8
        self.title = self.text(0.1, 5.12, "", MIN_FONT + 1, va="top")
        self.edges = LineCollection([], linewidths=0.9, zorder=1)
        self.heads = PolyCollection([], edgecolors="none", zorder=2)
        self.ax.add_collection(self.edges)
        self.ax.add_collection(self.heads)
        self.points = self.ax.scatter([], [], s=45, zorder=3, edgecolors="#333333", linewidths=0.6)
        self.labels = [self.text(0, 0, "", va="center", ha="left", visible=False, zorder=4, linespacing=1.0)
                       for _ in range(MAX_LABELS)]
        self.headers = [self.text(0, self.top + 0.22, "", va="center", ha="left", color="#555555", visible=False)
                        for _ in range(6)]
        self.dynamic += [self.edges, self.heads, self.points]
        key(self, [(k, c, "o") for k, c in KIND_COLORS.items()], 0.1, 0.58, dy=0, width=1.1, dx=1.1)
        key(self, [(r, RELATION_STYLE[r][0], ("line", RELATION_STYLE[r][1])) for r in RELATIONS[:5]], 0.1, 0.36,
            dy=0, width=1.55, dx=1.55)
        key(self, [(r, RELATION_STYLE[r][0], ("line", RELATION_STYLE[r][1])) for r in RELATIONS[5:]], 0.1, 0.14,
            dy=0, width=1.55, dx=1.55)

    def update(self, step: Step, steps: tuple[Step, ...] | None = None) -> None:
        from rulekit.views.graphs import state_graph
        state = step.state
        g = state_graph(step)
        columns: dict[int, list] = {}
        for n in sorted(g.nodes, key=str):
            columns.setdefault(g.nodes[n]["subset"], []).append(n)
        keys = sorted(columns)
        width = 7.8 / max(1, len(keys))
        pos, label_of, shown = {}, {}, []
        for i, k in enumerate(keys):
            x = 0.15 + i * width
            column = columns[k]
            room = (self.top - self.bottom) / max(1, len(column))
            lines = max(1, min(6, int((room - 0.02) / 0.135)))
            for j, n in enumerate(column):
                y = self.top - (j + 0.5) * room
                pos[n] = (x, y)
                if room >= 0.15:
                    label_of[n] = wrap(names(str(g.nodes[n]["label"]), state), width - 0.3, lines)
                    shown.append(n)
            header = self.headers[i] if i < len(self.headers) else None
            if header is not None:
                header.set_position((x - 0.05, self.top + 0.2))
                header.set_text(fit(COLUMN_TITLES.get(k, ""), width - 0.1))
                header.set_visible(True)
        for header in self.headers[len(keys):]:
            header.set_visible(False)
        nodes = list(pos)
        colors = []
        for n in nodes:
            data = g.nodes[n]
            if data["kind"] == "ability":
                colors.append(STATUS_COLORS.get(data.get("status", ""), KIND_COLORS["ability"]))
            elif data["kind"] in ("card", "item"):
                colors.append(player_color(state, data.get("controller")))
            else:
                colors.append(KIND_COLORS.get(data["kind"], "#cccccc"))
        self.points.set_offsets([pos[n] for n in nodes] if nodes else np.empty((0, 2)))
        self.points.set_facecolors(colors)
        segments, heads, seg_colors, seg_styles = [], [], [], []
        for a, b, data in g.edges(data=True):
            (x1, y1), (x2, y2) = pos[a], pos[b]
            if (x1, y1) == (x2, y2):
                continue
            dx, dy = x2 - x1, y2 - y1
            length = (dx * dx + dy * dy) ** 0.5
            tip = (x2 - 0.07 * dx / length, y2 - 0.07 * dy / length)
            segments.append([(x1, y1), tip])
            heads.append(_arrowhead((x1, y1), tip, 0.09))
            color, style = RELATION_STYLE.get(data.get("relation", ""), ("#999999", "-"))
            seg_colors.append(color)
            seg_styles.append(style)
        self.edges.set_segments(segments)
        self.edges.set_color(seg_colors or "#999999")
        self.edges.set_linestyle(seg_styles or "-")
        self.heads.set_verts(heads)
        self.heads.set_facecolor(seg_colors or "#999999")
        for i, t in enumerate(self.labels):
            if i < len(shown) and i < MAX_LABELS:
                n = shown[i]
                x, y = pos[n]
                t.set_text(label_of[n])
                t.set_position((x + 0.09, y))
                t.set_visible(True)
            else:
                t.set_visible(False)
        self.title.set_text(title_text(step, 7.8))
