"""The sequence diagram: the one picture that shows the windows.

Columns are the ruleset's steps (A Game of Thrones' seven steps, Riftbound's Chain stages:
:meth:`~rulekit.rulesets.Ruleset.sequence_columns`), each split into one lane per player; time
runs down, one row per step of the timeline, each with its mark (an opportunity, a pass, a use,
a forced resolution, an occurrence, a cancel…) in the lane of the player concerned
(:meth:`~rulekit.rulesets.Ruleset.sequence_mark`) and what happened, in names, on the right.
Each nested sequence (or item on the Chain: :meth:`~rulekit.rulesets.Ruleset.sequence_nesting`)
is an indented band under the step that opened it; one in which nobody could respond is folded
into a single row. The current step is highlighted and the rows around it are shown.
"""
from __future__ import annotations

import numpy as np
from matplotlib.patches import Rectangle

from rulekit.views.figure import CURRENT, DPI, MIN_FONT, View, fit, key, player_color, step_text, title_text, width_px
from rulekit.core.timeline import Step, steps as walk

#: mark → (matplotlib marker, size, face "player"/"white"/colour, edge "player"/colour, legend words)
MARKERS = {
    "opportunity": ("o", 42, "white", "player", "opportunity"),
    "use": ("*", 110, "player", "#333333", "uses an ability"),
    "pass": ("s", 26, "player", "player", "passes"),
    "auto-pass": ("s", 26, "white", "player", "passes: nothing to use"),
    "forced": ("D", 34, "player", "#d62728", "forced, resolves"),
    "occurs": ("o", 40, "#222222", "#222222", "occurs"),
    "cancel": ("X", 70, "#d62728", "#d62728", "cancel"),
    "change": ("^", 55, "#9467bd", "#333333", "change"),
    "save": ("P", 60, "#2ca02c", "#333333", "save"),
    "replace": ("h", 55, "#8c564b", "#333333", "replace"),
    "add": ("p", 50, "player", "#333333", "added to the Chain"),
    "resolve": (">", 45, "player", "#333333", "resolves"),
    "empty": ("o", 10, "#bbbbbb", "#bbbbbb", "nobody could act"),
    "step": ("o", 14, "player", "player", "other step"),
}
EVENTFUL = {"opportunity", "use", "pass", "forced", "cancel", "change", "save", "replace", "add", "resolve"}
BAND = "#dadaeb"


class _Fold:
    """Rows folded into one: a nested sequence in which nobody could respond."""

    def __init__(self, block: list[Step], label: str):
        self.first, self.last, self.label = block[0], block[-1], label


def rows_of(timeline: tuple[Step, ...], current: Step) -> list:
    """The diagram's rows: steps, and nested sequences nobody could respond to folded."""
    rules = current.state.rules
    levels = [len(rules.sequence_nesting(s)) for s in timeline]
    marks = [rules.sequence_mark(s) for s in timeline]
    rows: list = []
    i, n = 0, len(timeline)
    while i < n:
        lv = levels[i]
        if i > 0 and lv > levels[i - 1] and lv > 1:
            j = i
            while j < n and levels[j] >= lv:
                j += 1
            block = timeline[i:j]
            if not any(m.mark in EVENTFUL for m in marks[i:j]) and not (i <= current.number < j) and len(block) > 1:
                nesting = rules.sequence_nesting(timeline[i])
                rows.append(_Fold(list(block), nesting[-1][1] if nesting else "a nested sequence"))
                i = j
                continue
        rows.append(timeline[i])
        i += 1
    return rows


class SequenceView(View):
    size = (8.0, 6.0)
    ROWS = 22
    TEXT_X = 4.35

    def __init__(self, ax=None):
        super().__init__(ax)
        self.ruleset = None
        self.top, self.bottom = 4.95, 0.8
        self.row_h = (self.top - self.bottom) / self.ROWS
        self.columns, self.players = [], ()
        self.title = self.text(0.1, 5.92, "", MIN_FONT + 1, va="top")
        self.current = Rectangle((0.05, 0), 7.9, self.row_h, facecolor=CURRENT, edgecolor="none", zorder=0.6,
                                 visible=False)
        self.ax.add_patch(self.current)
        self.bands = []
        for _ in range(12):
            band = Rectangle((0, 0), 1, 1, facecolor=BAND, edgecolor="#9e9ac8", linewidth=0.6, alpha=0.45,
                             zorder=0.5, visible=False)
            self.ax.add_patch(band)
            self.bands.append(band)
        self.lines = [self.text(self.TEXT_X, 0, "", va="center", visible=False) for _ in range(self.ROWS)]
        self.scatters = {}
        for mark, (marker, size, _, _, _) in MARKERS.items():
            self.scatters[mark] = self.ax.scatter([], [], s=size, marker=marker, linewidths=0.8, zorder=3)
        self.dynamic = [*self.bands, self.current, *self.scatters.values(), *self.dynamic]

    def _layout(self, state) -> None:
        """The columns and lanes of a ruleset, drawn once (the cached background)."""
        rules = state.rules
        self.ruleset = state.ruleset
        self.players = state.players
        self.columns = [c for c, _ in rules.sequence_columns()]
        labels = [label for _, label in rules.sequence_columns()]
        x0, x1 = 0.1, self.TEXT_X - 0.15
        self.col_w = (x1 - x0) / max(1, len(self.columns))
        self.lane_w = self.col_w / max(1, len(self.players))
        self.x0 = x0
        stagger = any(width_px(line) > self.col_w * DPI - 4 for lb in labels for line in lb.split("\n"))
        self.top = 4.65 if stagger else 4.95
        self.row_h = (self.top - self.bottom) / self.ROWS
        self.current.set_height(self.row_h)
        for i, label in enumerate(labels):
            cx = x0 + (i + 0.5) * self.col_w
            lines = label.split("\n")
            y = self.top + 0.2 + (0.3 if stagger and i % 2 else 0.0)
            self.ax.text(cx, y + 0.02, "\n".join(fit(t, self.col_w * (2 if stagger else 1) - 0.04) for t in lines),
                         fontsize=MIN_FONT, ha="center", va="bottom", linespacing=1.0)
            self.ax.plot([x0 + i * self.col_w] * 2, [self.bottom, self.top + 0.25], color="#cccccc", linewidth=0.6,
                         zorder=0.2)
            for p, player in enumerate(self.players):
                lx = x0 + i * self.col_w + (p + 0.5) * self.lane_w
                self.ax.plot([lx, lx], [self.bottom, self.top], color=player_color(state, player), linewidth=0.4,
                             alpha=0.35, zorder=0.2)
                if self.lane_w >= 0.22:
                    self.ax.text(lx, self.top + 0.12, fit(player, self.lane_w), fontsize=MIN_FONT, ha="center",
                                 va="center", color=player_color(state, player))
        self.ax.plot([x1 + 0.05] * 2, [self.bottom, self.top + 0.25], color="#cccccc", linewidth=0.6, zorder=0.2)
        self.ax.text(self.TEXT_X, self.top + 0.12, "what happened (#: the timeline)", fontsize=MIN_FONT, va="center",
                     color="#555555")
        entries = [(words, "#ffffff" if face == "white" else ("#9ecae1" if face == "player" else face), marker)
                   for marker, _, face, _, words in MARKERS.values()]
        entries += [(f"lane of {p}", player_color(state, p), "s") for p in self.players]
        per_row = (len(entries) + 3) // 4
        for r in range(4):
            key(self, entries[r * per_row:(r + 1) * per_row], 0.05, 0.68 - r * 0.18, dy=0, width=7.9 / per_row,
                dx=7.9 / per_row)
        self._background = None

    def _x(self, mark) -> float | None:
        if mark.column not in self.columns:
            return None
        i = self.columns.index(mark.column)
        if mark.player in self.players:
            return self.x0 + i * self.col_w + (self.players.index(mark.player) + 0.5) * self.lane_w
        return self.x0 + (i + 0.5) * self.col_w

    def update(self, step: Step, steps: tuple[Step, ...] | None = None) -> None:
        state = step.state
        if self.ruleset != state.ruleset or self.players != state.players:
            self._layout(state)
        rules = state.rules
        timeline = steps if steps is not None and step.number < len(steps) and steps[step.number] is step \
            else walk(step)
        rows = rows_of(timeline, step)
        at = next(i for i, r in enumerate(rows) if r is step)
        start = max(0, min(at - (2 * self.ROWS) // 3, len(rows) - self.ROWS))
        shown = rows[start:start + self.ROWS]
        points = {m: ([], [], []) for m in MARKERS}
        self.current.set_visible(False)
        spans: dict[tuple, list] = {}            # nesting prefix -> [first row, last row, level]
        for r, row in enumerate(shown):
            y = self.top - (r + 0.5) * self.row_h
            t = self.lines[r]
            t.set_visible(True)
            t.set_y(y)
            edge = (r == 0 and start > 0) or (r == len(shown) - 1 and start + self.ROWS < len(rows))
            if isinstance(row, _Fold):
                nesting = rules.sequence_nesting(row.first)
                level = len(nesting)
                text = f"#{row.first.number}–#{row.last.number} · nested: {row.label} — nobody could respond"
                color = "#555555"
            else:
                nesting = rules.sequence_nesting(row)
                level = len(nesting)
                text = f"#{row.number} · {step_text(row)}"
                color = "#000000" if row.number <= step.number else "#888888"
                mark = rules.sequence_mark(row)
                x = self._x(mark)
                if x is not None and mark.mark in MARKERS:
                    xs, ys, cs = points[mark.mark]
                    xs.append(x)
                    ys.append(y)
                    cs.append(player_color(state, mark.player))
                if row is step:
                    self.current.set_y(y - self.row_h / 2)
                    self.current.set_visible(True)
            if edge:
                text = ("… earlier steps above" if r == 0 else "… later steps below")
                color = "#555555"
            for depth in range(2, (level if not edge else 0) + 1):
                span = spans.setdefault(tuple(k for k, _ in nesting[:depth]), [r, r, depth])
                span[1] = r
            indent = 0.1 * max(0, level - 1)
            t.set_x(self.TEXT_X + indent)
            t.set_text(fit(text, 7.95 - self.TEXT_X - indent))
            t.set_color(color)
        for t in self.lines[len(shown):]:
            t.set_visible(False)
        for band, span in zip(self.bands, sorted(spans.values(), key=lambda s: (s[2], s[0]))):
            first, last, depth = span
            inset = 0.06 * (depth - 1)
            band.set_bounds(self.x0 - 0.05 + inset, self.top - (last + 1) * self.row_h + 0.01,
                            7.95 - self.x0 + 0.05 - inset, (last - first + 1) * self.row_h - 0.02)
            band.set_visible(True)
        for band in self.bands[len(spans):]:
            band.set_visible(False)
        for mark, (xs, ys, cs) in points.items():
            _, _, face, edge_color, _ = MARKERS[mark]
            sc = self.scatters[mark]
            sc.set_offsets(list(zip(xs, ys)) if xs else np.empty((0, 2)))
            sc.set_facecolors(cs if face == "player" else ([face] * len(xs) if xs else face))
            sc.set_edgecolors(cs if edge_color == "player" else ([edge_color] * len(xs) if xs else edge_color))
        self.title.set_text(title_text(step, 7.8, 1))
