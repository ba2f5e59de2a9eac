"""The state graph of a step, drawn: one column per kind of node, each node's full name wrapped
beside it, directed edges coloured and styled by their relation (all in the legend).

No edge crosses a label: a node is its dot and its label, so an edge leaves to the right from the
end of its label and comes in from the left to the dot; between columns it runs in the gaps, and
it crosses a column in between through a free height of that column (between its labels, or
above or below them); an edge within one column runs down its left side."""
from __future__ import annotations

import numpy as np
from matplotlib.collections import LineCollection, PolyCollection

from rulekit.views.figure import (DPI, MIN_FONT, RELATION_STYLES, View, _arrowhead, key, player_color, title_text,
                                  lines_of, width_px, wrap)
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
LABEL_LINE = MIN_FONT / 72          # a label's lines are set at line spacing 1.0
GAP = 0.45                          # the room kept free between a column's labels and the next column


class _Columns:
    """Where the nodes and their labels are: the room an edge must go around."""

    def __init__(self, pos, column_of, xs, boxes, top, bottom):
        self.pos, self.column_of, self.xs, self.boxes = pos, column_of, xs, boxes
        self.top, self.bottom = top, bottom
        self.right = {}
        for n, c in column_of.items():
            x0, x1, _, _ = boxes.get(n, (pos[n][0] - 0.05, pos[n][0] + 0.05, 0, 0))
            self.right[c] = max(self.right.get(c, xs[c] + 0.05), x1)

    def enter(self, c: int) -> float:
        return self.xs[c] - 0.1

    def leave(self, c: int) -> float:
        return self.right[c] + 0.04

    def free_y(self, c: int, want: float) -> float:
        """The height nearest ``want`` at which a line crosses column ``c`` touching no dot or label."""
        taken = sorted([(y0 - 0.03, y1 + 0.03) for n, (_, _, y0, y1) in self.boxes.items() if self.column_of[n] == c]
                       + [(self.pos[n][1] - 0.07, self.pos[n][1] + 0.07) for n in self.pos if self.column_of[n] == c])
        free, low = [], self.bottom - 0.15
        for y0, y1 in taken:
            if y0 > low:
                free.append((low, y0))
            low = max(low, y1)
        free.append((low, self.top + 0.08))
        best = None
        for y0, y1 in free:
            y = min(max(want, y0 + min(0.02, (y1 - y0) / 2)), y1 - min(0.02, (y1 - y0) / 2))
            if best is None or abs(y - want) < abs(best - want):
                best = y
        return best

    def route(self, a, b, lane: int) -> list[tuple[float, float]]:
        """The line from node ``a`` to node ``b``, its last point at ``b``."""
        (xa, ya), (xb, yb) = self.pos[a], self.pos[b]
        ca, cb = self.column_of[a], self.column_of[b]
        if ca == cb:                                   # down the column's left side
            lx = xa - 0.12 - 0.03 * (lane % 4)
            return [(xa - 0.05, ya), (lx, ya), (lx, yb), (xb - 0.06, yb)]
        step = 1 if cb > ca else -1
        if step == 1:
            out = [(self.boxes[a][1] + 0.02 if a in self.boxes else xa + 0.05, ya), (self.leave(ca), ya)]
        else:
            out = [(xa - 0.05, ya), (self.enter(ca), ya)]
        for c in range(ca + step, cb, step):
            x_in, x_out = (self.enter(c), self.leave(c)) if step == 1 else (self.leave(c), self.enter(c))
            t = (x_in - xa) / (xb - xa) if xb != xa else 0.5
            y = self.free_y(c, ya + t * (yb - ya))
            out += [(x_in, y), (x_out, y)]
        if step == 1:
            out += [(self.enter(cb), yb), (xb - 0.06, yb)]
        else:
            out += [(self.leave(cb), yb), (self.boxes[b][1] + 0.02 if b in self.boxes else xb + 0.06, yb)]
        return out


class StateGraphView(View):
    """The state graph at a step; updates move points, segments and labels in place."""

    size = (8.0, 5.4)

    def __init__(self, ax=None):
        super().__init__(ax)
        self.top, self.bottom = 4.45, 0.8
        self.title = self.text(0.1, self.size[1] - 0.08, "", MIN_FONT + 1, va="top")
        self.edges = LineCollection([], linewidths=0.9, zorder=1)
        self.heads = PolyCollection([], edgecolors="none", zorder=2)
        self.ax.add_collection(self.edges)
        self.ax.add_collection(self.heads)
        self.points = self.ax.scatter([], [], s=45, zorder=3, edgecolors="#333333", linewidths=0.6)
        self.labels = [self.text(0, 0, "", va="center", ha="left", visible=False, zorder=4, linespacing=1.0)
                       for _ in range(MAX_LABELS)]
        self.headers = [self.text(0, self.top + 0.12, "", va="bottom", ha="left", color="#555555", visible=False,
                                  linespacing=1.0)
                        for _ in range(6)]
        self.dynamic += [self.edges, self.heads, self.points]
        key(self, [(k, c, "o") for k, c in KIND_COLORS.items()], 0.1, 0.58, dy=0, width=1.1, dx=1.1)
        key(self, [(r, RELATION_STYLE[r][0], ("line", RELATION_STYLE[r][1])) for r in RELATIONS[:5]], 0.1, 0.36,
            dy=0, width=1.55, dx=1.55)
        key(self, [(r, RELATION_STYLE[r][0], ("line", RELATION_STYLE[r][1])) for r in RELATIONS[5:]], 0.1, 0.14,
            dy=0, width=1.55, dx=1.55)

    @staticmethod
    def _widths(labels: list[list[str]], total: float = 7.8, least: float = 0.8) -> list[float]:
        """Each column's width: what its longest label needs on one line (at most 3 inches), the
        room left shared equally, or, when the needs exceed the room, shared in proportion."""
        need = [max(least, min(3.0, max((width_px(t) for t in column), default=0.0) / DPI + GAP + 0.1))
                for column in labels]
        if sum(need) <= total:
            return [w + (total - sum(need)) / len(need) for w in need]
        share = (total - least * len(need)) / (sum(need) - least * len(need))
        return [least + (w - least) * share for w in need]

    @staticmethod
    def _place(n, xy, label, pos, label_of, boxes, shown) -> None:
        """Put node ``n`` at ``xy`` with its label (``None``: no room for one) and the box it takes."""
        pos[n] = xy
        if label is None:
            return
        x, y = xy
        label_of[n] = label
        parts = label.split("\n")
        half = len(parts) * LABEL_LINE * 1.2 / 2 + 0.01
        boxes[n] = (x + 0.09, x + 0.09 + max(width_px(p) for p in parts) / DPI, y - half, y + half)
        shown.append(n)

    def update(self, step: Step, steps: tuple[Step, ...] | None = None) -> None:
        from rulekit.views.graphs import state_graph
        state = step.state
        g = state_graph(step)
        columns: dict[int, list] = {}
        for n in sorted(g.nodes, key=str):
            columns.setdefault(g.nodes[n]["subset"], []).append(n)
        keys = sorted(columns)
        widths = self._widths([[names(str(g.nodes[n]["label"]), state) for n in columns[k]] for k in keys])
        pos, label_of, shown = {}, {}, []
        xs, column_of, boxes = {}, {}, {}
        for i, k in enumerate(keys):
            x = 0.15 + sum(widths[:i])
            width = widths[i]
            xs[i] = x
            column = columns[k]
            avail = self.top - self.bottom
            whole = [lines_of(names(str(g.nodes[n]["label"]), state), width - GAP) for n in column]
            tall = [len(lines) * LABEL_LINE * 1.2 + 0.06 for lines in whole]
            if sum(tall) <= avail and len(shown) + len(column) <= MAX_LABELS:      # every label whole
                extra = (avail - sum(tall)) / len(column)
                y = self.top
                for n, lines, h in zip(column, whole, tall):
                    self._place(n, (x, y - (h + extra) / 2), "\n".join(lines), pos, label_of, boxes, shown)
                    y -= h + extra
            else:                                    # too many to hold whole: each its share of the height
                room = avail / max(1, len(column))
                lines = max(1, min(6, int((room - 0.02) / 0.135)))
                for j, n in enumerate(column):
                    label = wrap(names(str(g.nodes[n]["label"]), state), width - GAP, lines) \
                        if room >= 0.15 and len(shown) < MAX_LABELS else None
                    self._place(n, (x, self.top - (j + 0.5) * room), label, pos, label_of, boxes, shown)
            for n in column:
                column_of[n] = i
            header = self.headers[i] if i < len(self.headers) else None
            if header is not None:
                header.set_position((x - 0.05, self.top + 0.12))
                header.set_text(wrap(COLUMN_TITLES.get(k, ""), width - 0.1, 2))
                header.set_visible(True)
        layout = _Columns(pos, column_of, xs, boxes, self.top, self.bottom)
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
        lanes: dict[int, int] = {}
        for a, b, data in g.edges(data=True):
            if pos[a] == pos[b]:
                continue
            lane = 0
            if column_of[a] == column_of[b]:
                lane = lanes[column_of[a]] = lanes.get(column_of[a], -1) + 1
            line = layout.route(a, b, lane)
            segments.append(line)
            heads.append(_arrowhead(line[-2], line[-1], 0.09))
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
