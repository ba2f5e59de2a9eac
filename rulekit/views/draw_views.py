"""The flowchart, the open window and the Chain (or stack of open sequences), drawn: the views of
:mod:`rulekit.draw` that show the rules' structure and the stack at one step."""
from __future__ import annotations

from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.patches import Rectangle

from rulekit.views.figure import (CURRENT, EVENT, IDLE, LINE_H, MIN_FONT, RELATION_STYLES, VISITED, View, _arrowhead,
                                  fit, key, lines_of, player_color, title_text)
from rulekit.core.text import names
from rulekit.core.timeline import Step


# -- the flowchart -----------------------------------------------------------------------------------------
#: which flowchart relation a step's mark makes happen (highlighted when it does)
MARK_RELATIONS = {"cancel": ("cancels",), "change": ("changes",), "save": ("changes",), "replace": ("changes",)}


class FlowView(View):
    """The rules flowchart: the ruleset's steps (or stages) in a column, the current one
    highlighted and the path taken in this sequence shaded; every relation has its own colour
    and line style, all in the legend; a cancel, change, save or replace lights its edge."""

    def __init__(self, ruleset: str = "agot", ax=None, steps: tuple[Step, ...] | None = None):
        from rulekit.views.graphs import flowchart_graph
        g = flowchart_graph(ruleset)
        nodes = list(g.nodes)
        main = [n for n in nodes if g.nodes[n]["kind"] in ("step", "stage")]
        ends = [n for n in nodes if g.nodes[n]["kind"] == "end"]
        side = [n for n in nodes if n not in main and n not in ends]
        column = main + ends
        x0, bw = 1.0, 3.3
        # every box holds its label whole: as many lines as the longest needs, the figure as tall as that takes
        bh = max(0.3, 0.08 + LINE_H * max(len(lines_of(g.nodes[n]["label"], bw - 0.1)) for n in column))
        super().__init__(ax, (8.0, max(5.0, 1.15 + (len(column) - 1) * (bh + 0.12))))
        self.ruleset, self.steps, self.nodes = ruleset, steps, nodes
        top, bottom = self.size[1] - 0.85, 0.3
        gap = (top - bottom) / max(1, len(column) - 1)
        self.box = {}
        for i, n in enumerate(column):
            self.box[n] = (x0, top - i * gap - bh / 2, bw, bh)
        for i, n in enumerate(side):
            self.box[n] = (5.0, top - 0.45 - i * 0.8, 2.8, 0.45)
        self.patches, self.labels = {}, {}
        for n, (x, y, w, h) in self.box.items():
            patch = Rectangle((x, y), w, h, facecolor=IDLE, edgecolor="#555555", linewidth=1)
            self.ax.add_patch(patch)
            self.patches[n] = patch
            self.labels[n] = self.text(x + w / 2, y + h / 2, "\n".join(lines_of(g.nodes[n]["label"], w - 0.1)),
                                       ha="center", va="center", zorder=3, linespacing=1.15)
        self.dynamic = list(self.patches.values()) + self.dynamic     # the boxes first, their labels over them
        relations = ["next"] if any(d["relation"] == "next" for _, _, d in g.edges(data=True)) else []
        for _, _, data in g.edges(data=True):          # "next" first: the plain line
            if data["relation"] not in relations:
                relations.append(data["relation"])
        self.style = {r: RELATION_STYLES[i % len(RELATION_STYLES)] for i, r in enumerate(relations)}
        self.edges = {}          # relation -> LineCollection (to light when it happens)
        by_relation: dict[str, tuple[list, list]] = {r: ([], []) for r in relations}
        left = right = 0
        order = {n: i for i, n in enumerate(column)}
        for a, b, data in g.edges(data=True):
            xa, ya, wa, ha = self.box[a]
            xb, yb, wb, hb = self.box[b]
            if a == b:                                             # a loop: a small arc on the right
                pts = [(xa + wa, ya + ha * 0.7), (xa + wa + 0.25, ya + ha * 0.7), (xa + wa + 0.25, ya + ha * 0.3),
                       (xa + wa, ya + ha * 0.3)]
            elif a in order and b in order and order[b] == order[a] + 1:
                pts = [(xa + wa / 2, ya), (xb + wb / 2, yb + hb)]
            elif a in order and b in order and order[b] < order[a]:          # back up: a lane on the left
                left += 1
                lx = x0 - 0.13 * left
                pts = [(xa, ya + ha / 2), (lx, ya + ha / 2), (lx, yb + hb / 2), (xb, yb + hb / 2)]
            elif a in order and b in order:                                   # a jump down: a lane on the right
                right += 1
                rx = x0 + bw + 0.12 * right
                pts = [(xa + wa, ya + ha / 2), (rx, ya + ha / 2), (rx, yb + hb / 2), (xb + wb, yb + hb / 2)]
            elif b in side:                                                  # out to the side column
                pts = [(xa + wa, ya + ha / 2), (xb - 0.35, ya + ha / 2), (xb - 0.35, yb + hb / 2), (xb, yb + hb / 2)]
            else:                                                            # back from the side column
                pts = [(xa + wa / 2, ya + ha), (xa + wa / 2, yb + hb / 2 + 0.0), (xb + wb + 0.02, yb + hb / 2)]
            lines, heads = by_relation[data["relation"]]
            lines.append(pts)
            heads.append(_arrowhead(pts[-2], pts[-1]))
        for relation, (lines, heads) in by_relation.items():
            color, style = self.style[relation]
            lc = LineCollection(lines, colors=color, linewidths=1.0, linestyles=style, zorder=1)
            hc = PolyCollection(heads, facecolors=color, edgecolors="none", zorder=2)
            self.ax.add_collection(lc)
            self.ax.add_collection(hc)
            self.edges[relation] = lc
        self.dynamic += list(self.edges.values())
        self.title = self.text(0.1, self.size[1] - 0.05, "", MIN_FONT + 1, va="top")
        self.note = self.text(5.0, 0.15, "", MIN_FONT, va="bottom", color=EVENT)
        y = top - 0.45 - len(side) * 0.8 + 0.1 if side else top - 0.25
        entries = [("current step", CURRENT, "box"), ("taken in this sequence", VISITED, "box"),
                   ("a cancel, change, save or replace", "#fde0dd", "box")]
        entries += [(r, self.style[r][0], ("line", self.style[r][1])) for r in relations]
        # the key fills the room down to the note (0.15 to 0.3): a game with many relations gets
        # closer lines, never lines over the note
        room = y - 0.42
        key(self, entries, 5.0, y, dy=min(0.2, room / max(1, len(entries) - 1)), width=2.9)

    def update(self, step: Step, steps: tuple[Step, ...] | None = None) -> None:
        from rulekit.views.graphs import flow_graph
        steps = steps if steps is not None else self.steps
        g = flow_graph(step, steps, self.ruleset)
        mark = step.state.rules.sequence_mark(step).mark
        happening = MARK_RELATIONS.get(mark, ())
        for node, patch in self.patches.items():
            data = g.nodes[node]
            color = CURRENT if data["current"] else VISITED if data["visited"] else IDLE
            patch.set_facecolor("#fde0dd" if data["current"] and happening else color)
            patch.set_edgecolor(EVENT if data["current"] and happening else "#555555")
            patch.set_linewidth(2.0 if data["current"] else 1.0)
        for relation, lc in self.edges.items():
            lc.set_linewidth(2.6 if relation in happening else 1.0)
        self.title.set_text(title_text(step, 7.8))
        depth = f"open sequences: {step.level}" if step.level > 1 else ""
        self.note.set_text(fit((f"{mark}: " + ", ".join(happening) if happening else "") + (
            "  ·  " if happening and depth else "") + depth, 2.9))




# -- the windows -------------------------------------------------------------------------------------------
TITLE_H = 0.58          # room for a title of three lines of 9 points


class WindowsView(View):
    """The innermost open window (or priority on the Chain): whose opportunity it is, who has
    passed in a row, and what each player may use, every line whole (wrapped); the outer windows
    in one line each."""

    size = (8.0, 3.2)
    OUTER = 2

    def __init__(self, ax=None):
        super().__init__(ax)
        h = self.size[1]
        self.title = self.text(0.1, h - 0.08, "", MIN_FONT + 1, va="top")
        self.box = Rectangle((0.1, 0), 7.8, 1.0, facecolor="#fafafa", edgecolor="#555555", linewidth=2)
        self.ax.add_patch(self.box)
        self.dynamic.insert(0, self.box)
        self.head = self.text(0.25, 0, "", MIN_FONT + 1, va="top", fontweight="bold", linespacing=1.15)
        self.who = self.text(0.25, 0, "", va="top", linespacing=1.15)
        self.what = self.text(0.25, 0, "", va="top", linespacing=1.15)
        self.outer = [self.text(0.1, 0, "", va="top", color="#555555", linespacing=1.15) for _ in range(self.OUTER)]
        self.legend = None

    def update(self, step: Step, steps: tuple[Step, ...] | None = None) -> None:
        state = step.state
        entries = state.rules.window_entries(step)
        self.title.set_text(title_text(step, 7.8))
        y = self.size[1] - TITLE_H - 0.22            # below the title and the key of whose opportunity
        top = y
        y -= 0.1
        if entries:
            e = entries[-1]
            self.box.set_edgecolor(player_color(state, e.player))
            texts = ((self.head, names(e.title, state), MIN_FONT + 1, "bold"), (self.who, names(e.status, state),
                     MIN_FONT, "normal"), (self.what, names(e.may_act, state), MIN_FONT, "normal"))
        else:
            self.box.set_edgecolor("#bbbbbb")
            texts = ((self.head, "no window is open", MIN_FONT + 1, "bold"), (self.who, "", MIN_FONT, "normal"),
                     (self.what, "", MIN_FONT, "normal"))
        for artist, words, size, weight in texts:
            lines = lines_of(words, 7.5, size, weight) if words else []
            artist.set_text("\n".join(lines))
            artist.set_y(y)
            y -= len(lines) * size * 1.15 / 72 + (0.06 if lines else 0.0)
        self.box.set_bounds(0.1, y - 0.04, 7.8, top - y + 0.04)
        y -= 0.12
        outer = list(reversed(entries[:-1]))
        for i, t in enumerate(self.outer):
            if i < len(outer):
                more = f" (and {len(outer) - self.OUTER} more)" if i == self.OUTER - 1 and len(outer) > self.OUTER else ""
                lines = lines_of("also open, outside it: " + names(outer[i].title, state) + more, 7.8)
                t.set_text("\n".join(lines))
                t.set_y(y)
                y -= len(lines) * LINE_H
            else:
                t.set_text("")
        self.used = min(self.size[1], self.size[1] - y + 0.05)
        if self.legend is None:
            self.legend = state.players
            h = self.size[1] - TITLE_H - 0.06
            x = 7.9 - 0.75 * len(state.players)
            for i, p in enumerate(state.players):
                self.ax.add_patch(Rectangle((x + i * 0.75, h - 0.06), 0.18, 0.12, facecolor="none",
                                            edgecolor=player_color(state, p), linewidth=2))
                self.ax.text(x + i * 0.75 + 0.24, h, fit(p, 0.45), fontsize=MIN_FONT, va="center")
            self.ax.text(x - 0.08, h, "whose opportunity:", fontsize=MIN_FONT, va="center", ha="right")
            self._background = None


# -- the Chain ---------------------------------------------------------------------------------------------
class ChainView(View):
    """The Chain as a stack of cards, newest on top, pending and finalized items told apart, each
    card's words whole (wrapped); A Game of Thrones has no Chain, so there the view shows its
    last-in-first-out stack of open sequences and resolving abilities."""

    size = (8.0, 5.0)
    SLOTS = 6

    def __init__(self, ax=None):
        super().__init__(ax)
        h = self.size[1]
        self.title = self.text(0.1, h - 0.08, "", MIN_FONT + 1, va="top")
        key(self, [("added by this step", "#e5f5e0", "box"), ("pending (not yet finalized)", "#eeeeee", "box"),
                   ("finalized, or an open sequence", IDLE, "box")], 0.1, h - TITLE_H - 0.06, dy=0, width=2.6, dx=2.6)
        self.note = self.text(0.1, h - TITLE_H - 0.28, "", va="center", color="#555555")
        self.cards = []
        for _ in range(self.SLOTS):
            box = Rectangle((1.2, 0), 6.6, 0.4, facecolor=IDLE, edgecolor="#555555", linewidth=1.5, visible=False)
            self.ax.add_patch(box)
            line1 = self.text(1.3, 0, "", MIN_FONT + 1, va="top", linespacing=1.15)
            line2 = self.text(1.3, 0, "", va="top", color="#333333", linespacing=1.15)
            mark = self.text(1.1, 0, "", MIN_FONT, ha="right", va="center", fontweight="bold")
            self.dynamic.insert(0, box)
            self.cards.append((box, line1, line2, mark))
        self.more = self.text(1.2, 0, "", va="top", color="#555555")

    @staticmethod
    def entries(step: Step) -> list[tuple[str, str, str, bool, str]]:
        """(id, first line, second line, pending, controller), oldest first."""
        return [(e.id, e.title, e.detail, e.pending, e.controller) for e in step.state.rules.stack_entries(step)]

    def update(self, step: Step, steps: tuple[Step, ...] | None = None) -> None:
        state = step.state
        entries = self.entries(step)
        previous = {e[0] for e in self.entries(step.parent)} if step.parent is not None else set()
        shown = list(reversed(entries))[:self.SLOTS]          # newest first, from the top
        y = self.size[1] - TITLE_H - 0.46
        drawn = 0
        for i, (box, line1, line2, mark) in enumerate(self.cards):
            first_lines = lines_of(names(shown[i][1], state), 6.4, MIN_FONT + 1) if i < len(shown) else []
            second_lines = lines_of(names(shown[i][2], state), 6.4) if i < len(shown) else []
            tall = 0.1 + len(first_lines) * 0.155 + len(second_lines) * LINE_H
            visible = i < len(shown) and y - tall >= 0.25
            for artist in (box, line1, line2, mark):
                artist.set_visible(visible)
            if not visible:
                continue
            drawn += 1
            ident, first, second, pending, controller = shown[i]
            added = ident not in previous
            box.set_bounds(1.2, y - tall, 6.6, tall)
            box.set_edgecolor(player_color(state, controller))
            box.set_facecolor("#e5f5e0" if added else ("#eeeeee" if pending else IDLE))
            line1.set_text("\n".join(first_lines))
            line1.set_y(y - 0.04)
            line2.set_text("\n".join(second_lines))
            line2.set_y(y - 0.05 - len(first_lines) * 0.155)
            mark.set_text("newest" if i == 0 else ("oldest" if i == len(entries) - 1 else ""))
            mark.set_y(y - tall / 2)
            y -= tall + 0.05
        gone = len(previous - {e[0] for e in entries})
        self.more.set_text(f"… and {len(entries) - drawn} older below" if len(entries) > drawn else "")
        self.more.set_y(y)
        self.note.set_text(fit(state.rules.stack_kind() + f": {len(entries)} "
                               + ("entry" if len(entries) == 1 else "entries")
                               + (f"  ·  {gone} resolved or closed by this step" if gone else ""), 7.8))
        self.title.set_text(title_text(step, 7.8))
        self.used = self.size[1] - y + (0.2 if len(entries) > drawn else 0.0)
