"""The sequence diagram: the one picture that shows the windows.

Columns are the ruleset's steps (A Game of Thrones' seven steps, Riftbound's Chain stages:
:meth:`~rulekit.rulesets.Ruleset.sequence_columns`), each split into one lane per player; time
runs down, one row per step of the timeline, each with its mark (an opportunity, a pass, a use,
a forced resolution, an occurrence, a cancel…) in the lane of the player concerned
(:meth:`~rulekit.rulesets.Ruleset.sequence_mark`) and what happened, in names, on the right.
Each nested sequence (or item on the Chain: :meth:`~rulekit.rulesets.Ruleset.sequence_nesting`)
is an indented band under the step that opened it, each level outlined in its own colour and line
style with a guide beside its lines of text (so three levels deep read apart); one in which nobody
could respond is folded into a single row. Every lane is labelled with its player. The lines of
text wrap (a row is as tall as its text), the title too: nothing is cut. The current step is
highlighted and the rows around it are shown.
"""
from __future__ import annotations

import numpy as np
from matplotlib.patches import Rectangle

from rulekit.views.figure import (CURRENT, DPI, LINE_H, MIN_FONT, View, fit, key, lines_of, player_color, step_text,
                                  title_text, width_px)
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
#: nesting level (2 = the first nested sequence or item) → (outline colour, line style, fill)
LEVELS = {2: ("#6a51a3", "-", "#f4f2f9"), 3: ("#d94801", "--", "#fff3e6"), 4: ("#238b45", ":", "#eef8ec"),
          5: ("#2171b5", "-.", "#eef5fb")}
ROW_H = 0.19            # a row of one line


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
    size = (8.0, 6.6)
    ROWS = 24            # the most rows shown (all of one line)
    LINES = 8            # the most lines of text in one row (a cleanup with several replaced deaths takes 7)
    TEXT_X = 4.35
    TITLE_LINES = 3

    def __init__(self, ax=None):
        super().__init__(ax)
        h = self.size[1]
        self.ruleset = None
        self.head_top = h - 0.1 - self.TITLE_LINES * 0.155
        self.top, self.bottom = self.head_top - 0.5, 0.95
        self.columns, self.players = [], ()
        self.title = self.text(0.1, h - 0.08, "", MIN_FONT + 1, va="top")
        self.current = Rectangle((0.05, 0), 7.9, ROW_H, facecolor=CURRENT, edgecolor="none", zorder=0.6,
                                 visible=False)
        self.ax.add_patch(self.current)
        self.bands, self.guides = [], []
        for _ in range(12):
            band = Rectangle((0, 0), 1, 1, linewidth=1.0, zorder=0.5, visible=False)
            self.ax.add_patch(band)
            self.bands.append(band)
            guide, = self.ax.plot([], [], linewidth=1.6, zorder=0.7, visible=False, solid_capstyle="butt")
            self.guides.append(guide)
        self.lines = [self.text(self.TEXT_X, 0, "", va="center", visible=False, linespacing=1.15)
                      for _ in range(self.ROWS)]
        self.scatters = {}
        for mark, (marker, size, _, _, _) in MARKERS.items():
            self.scatters[mark] = self.ax.scatter([], [], s=size, marker=marker, linewidths=0.8, zorder=3)
        self.dynamic = [*self.bands, self.current, *self.guides, *self.scatters.values(), *self.dynamic]

    def _layout(self, state) -> None:
        """The columns and lanes of a ruleset, each lane labelled with its player, drawn once
        (the cached background)."""
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
        tall = max(len(lb.split("\n")) for lb in labels) * LINE_H
        self.top = self.head_top - 0.24 - tall - (0.3 if stagger else 0.0)
        across = all(width_px(p) <= self.lane_w * DPI - 2 for p in self.players)      # else upright, turned
        labelled = across or all(width_px(p) <= 0.3 * DPI for p in self.players) and self.lane_w * DPI >= 10
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
                if labelled:
                    self.ax.text(lx, self.top + 0.1, player, fontsize=MIN_FONT, ha="center", va="center",
                                 color=player_color(state, player), rotation=0 if across else 90)
        self.ax.plot([x1 + 0.05] * 2, [self.bottom, self.top + 0.25], color="#cccccc", linewidth=0.6, zorder=0.2)
        self.ax.text(self.TEXT_X, self.top + 0.1, "what happened (#: the timeline)", fontsize=MIN_FONT, va="center",
                     color="#555555")
        entries = [(words, "#ffffff" if face == "white" else ("#9ecae1" if face == "player" else face), marker)
                   for marker, _, face, _, words in MARKERS.values()]
        entries += [(f"nested, level {d}", color, ("line", style)) for d, (color, style, _) in list(LEVELS.items())[:3]]
        if not labelled:                # a name too wide for its lane: the lanes' colours in the key
            entries += [(f"lane of {p}", player_color(state, p), "s") for p in self.players]
        per_row = 4
        for r in range((len(entries) + per_row - 1) // per_row):
            key(self, entries[r * per_row:(r + 1) * per_row], 0.05, 0.82 - r * 0.16, dy=0, width=7.9 / per_row,
                dx=7.9 / per_row)
        self._background = None

    def _x(self, mark) -> float | None:
        if mark.column not in self.columns:
            return None
        i = self.columns.index(mark.column)
        if mark.player in self.players:
            return self.x0 + i * self.col_w + (self.players.index(mark.player) + 0.5) * self.lane_w
        return self.x0 + (i + 0.5) * self.col_w

    def _row(self, row, rules) -> tuple[str, tuple, list[str]]:
        """A row's text, its nesting and its lines wrapped to the room beside its indent."""
        if isinstance(row, _Fold):
            nesting = rules.sequence_nesting(row.first)
            text = f"#{row.first.number}–#{row.last.number} · nested: {row.label} — nobody could respond"
        else:
            nesting = rules.sequence_nesting(row)
            text = f"#{row.number} · {step_text(row)}"
        indent = 0.1 * max(0, len(nesting) - 1)
        lines = lines_of(text, 7.95 - self.TEXT_X - indent)
        if len(lines) > self.LINES:
            lines = lines[:self.LINES - 1] + [fit(" ".join(lines[self.LINES - 1:]), 7.95 - self.TEXT_X - indent)]
        return text, nesting, lines

    def _window(self, rows, at, rules) -> tuple[int, int, dict]:
        """Which rows are shown: as many as the room holds, the current one about two thirds down."""
        room, n = self.top - self.bottom, len(rows)
        laid = {}

        def height(i):
            if i not in laid:
                laid[i] = self._row(rows[i], rules)
            return ROW_H + LINE_H * (len(laid[i][2]) - 1)

        def fits(first, last, used, share=1.0):     # with a row saying "earlier/later steps" where some are
            marks = (first > 0) + (last < n - 1)
            return used + ROW_H * marks <= room * share and last - first + 1 + marks <= self.ROWS
        used = height(at)
        first = last = at
        while first > 0 and fits(first - 1, last, used + height(first - 1), 2 / 3):
            first -= 1
            used += height(first)
        while last + 1 < n and fits(first, last + 1, used + height(last + 1)):
            last += 1
            used += height(last)
        while first > 0 and fits(first - 1, last, used + height(first - 1)):
            first -= 1
            used += height(first)
        return first, last + 1, laid

    def update(self, step: Step, steps: tuple[Step, ...] | None = None) -> None:
        state = step.state
        if self.ruleset != state.ruleset or self.players != state.players:
            self._layout(state)
        rules = state.rules
        timeline = steps if steps is not None and step.number < len(steps) and steps[step.number] is step \
            else walk(step)
        rows = rows_of(timeline, step)
        at = next(i for i, r in enumerate(rows) if r is step)
        start, end, laid = self._window(rows, at, rules)
        shown = ([None] if start > 0 else []) + list(range(start, end)) + ([None] if end < len(rows) else [])
        points = {m: ([], [], []) for m in MARKERS}
        self.current.set_visible(False)
        spans: dict[tuple, list] = {}            # nesting prefix -> [top y, bottom y, level]
        y_top = self.top
        for r, index in enumerate(shown):
            t = self.lines[r]
            t.set_visible(True)
            if index is None:                    # the edge of what is shown
                h = ROW_H
                y = y_top - h / 2
                t.set_text("… earlier steps above" if r == 0 else "… later steps below")
                t.set_color("#555555")
                t.set_x(self.TEXT_X)
                t.set_y(y)
                y_top -= h
                continue
            row = rows[index]
            _, nesting, lines = laid[index]
            level = len(nesting)
            h = ROW_H + LINE_H * (len(lines) - 1)
            y = y_top - h / 2
            if isinstance(row, _Fold):
                color = "#555555"
            else:
                color = "#000000" if row.number <= step.number else "#888888"
                mark = rules.sequence_mark(row)
                x = self._x(mark)
                if x is not None and mark.mark in MARKERS:
                    xs, ys, cs = points[mark.mark]
                    xs.append(x)
                    ys.append(y)
                    cs.append(player_color(state, mark.player))
                if row is step:
                    self.current.set_bounds(0.05, y_top - h, 7.9, h)
                    self.current.set_visible(True)
            for depth in range(2, level + 1):
                span = spans.setdefault(tuple(k for k, _ in nesting[:depth]), [y_top, y_top - h, depth])
                span[1] = y_top - h
            t.set_x(self.TEXT_X + 0.1 * max(0, level - 1))
            t.set_y(y)
            t.set_text("\n".join(lines))
            t.set_color(color)
            y_top -= h
        for t in self.lines[len(shown):]:
            t.set_visible(False)
        ordered = sorted(spans.values(), key=lambda s: (s[2], -s[0]))
        for band, guide, span in zip(self.bands, self.guides, ordered):
            high, low, depth = span
            color, style, fill = LEVELS[2 + (depth - 2) % len(LEVELS)]
            inset = 0.05 * (depth - 2)
            band.set_bounds(self.x0 - 0.05 + inset, low + 0.01 + inset / 2, self.TEXT_X - 0.1 - self.x0 - inset,
                            high - low - 0.02 - inset)
            band.set_facecolor(fill)
            band.set_edgecolor(color)
            band.set_linestyle(style)
            band.set_visible(True)
            gx = self.TEXT_X + 0.1 * (depth - 2) + 0.04
            guide.set_data([gx, gx], [high - 0.02, low + 0.02])
            guide.set_color(color)
            guide.set_linestyle(style)
            guide.set_visible(True)
        for artist in self.bands[len(ordered):] + self.guides[len(ordered):]:
            artist.set_visible(False)
        for mark, (xs, ys, cs) in points.items():
            _, _, face, edge_color, _ = MARKERS[mark]
            sc = self.scatters[mark]
            sc.set_offsets(list(zip(xs, ys)) if xs else np.empty((0, 2)))
            sc.set_facecolors(cs if face == "player" else ([face] * len(xs) if xs else face))
            sc.set_edgecolors(cs if edge_color == "player" else ([edge_color] * len(xs) if xs else edge_color))
        self.title.set_text(title_text(step, 7.8, self.TITLE_LINES))
