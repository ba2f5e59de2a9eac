"""Drawings of a step with matplotlib: the flowchart, the windows, the Chain, the state graph.

Each view is a class that draws its fixed parts once and then :meth:`update`\\ s its artists in
place (text, colours, offsets, segments) for another step — the cheap path widgets use — and
a ``draw_*`` function that makes a view for one step and returns its :class:`Figure`.
Importing rulekit does not import matplotlib; importing this module does.
"""
from __future__ import annotations

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from .text import condition_label
from .timeline import Step
from .verdicts import Code

PLAYER_COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b")
KIND_COLORS = {"player": "#7f7f7f", "card": "#aec7e8", "sequence": "#c5b0d5", "condition": "#ffbb78",
               "ability": "#98df8a", "window": "#f7b6d2", "item": "#dbdb8d"}
STATUS_COLORS = {"eligible": "#2ca02c", "forced": "#d62728", "triggers": "#2ca02c", "used": "#bcbd22",
                 "resolving": "#17becf", "not eligible": "#c7c7c7"}
CURRENT, VISITED, IDLE = "#ffd92f", "#c7e9c0", "#ffffff"
MIN_FONT = 8


class DrawingFigure(Figure):
    """A figure that shows itself as a PNG in any notebook, whatever the matplotlib backend."""

    def _repr_png_(self) -> bytes:
        import io
        buf = io.BytesIO()
        self.savefig(buf, format="png")
        return buf.getvalue()


def player_color(state, player: str | None) -> str:
    if player is None or player not in state.players:
        return "#bbbbbb"
    return PLAYER_COLORS[state.players.index(player) % len(PLAYER_COLORS)]


def _axes(ax, figsize=(8, 5)):
    if ax is None:
        fig = DrawingFigure(figsize=figsize, dpi=100)
        FigureCanvasAgg(fig)        # a real renderer: canvas.draw() draws, savefig and notebooks work
        ax = fig.add_axes((0.02, 0.02, 0.96, 0.88))
    ax.set_axis_off()
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 10)
    return ax.figure, ax


def _key(ax, entries, x: float, y: float, dx: float = 0.0, dy: float = -0.35) -> None:
    """A legend drawn as plain markers and texts at fixed places: as readable as
    :meth:`Axes.legend`, without re-laying out an offset box at every draw."""
    for i, (label, color, marker) in enumerate(entries):
        px, py = x + i * dx, y + i * dy
        if marker == "line":
            ax.plot([px - 0.25, px + 0.05], [py, py], color=color[0], linestyle=color[1], linewidth=1)
        else:
            ax.scatter([px - 0.1], [py], s=40, marker=marker, c=[color], edgecolors="#333333", linewidths=0.6)
        ax.text(px + 0.15, py, label, fontsize=MIN_FONT, va="center")


def _curve(start, end, bend: float, n: int = 16) -> list:
    """Points of a quadratic curve from ``start`` to ``end``, its middle pushed sideways by ``bend``."""
    (x1, y1), (x2, y2) = start, end
    cx, cy = (x1 + x2) / 2 + bend * abs(y2 - y1) / 2, (y1 + y2) / 2
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(((1 - t) ** 2 * x1 + 2 * (1 - t) * t * cx + t ** 2 * x2,
                    (1 - t) ** 2 * y1 + 2 * (1 - t) * t * cy + t ** 2 * y2))
    return out


def _arrowhead(before, tip, size: float = 0.18) -> list:
    import math
    angle = math.atan2(tip[1] - before[1], tip[0] - before[0])
    left = (tip[0] - size * math.cos(angle - 0.4), tip[1] - size * math.sin(angle - 0.4))
    right = (tip[0] - size * math.cos(angle + 0.4), tip[1] - size * math.sin(angle + 0.4))
    return [tip, left, right]


def _title(step: Step) -> str:
    text = step.describe()
    return f"#{step.number} [{step.rule}] " + (text if len(text) <= 110 else text[:107] + "…")


# -- (a) the flowchart --------------------------------------------------------------------------------
class FlowView:
    """The rules flowchart with the current step highlighted and the path so far."""

    def __init__(self, ruleset: str = "agot", ax=None, steps: tuple[Step, ...] | None = None):
        from .graphs import flowchart_graph
        self.figure, self.ax = _axes(ax)
        self.ruleset, self.steps = ruleset, steps
        g = flowchart_graph(ruleset)
        self.nodes = list(g.nodes)
        main = [x for x in self.nodes if g.nodes[x]["kind"] in ("step", "stage")]
        self.pos = {}
        for i, node in enumerate(main):
            self.pos[node] = (2.6, 9.0 - i * (8.0 / max(1, len(main) - 1)))
        side = [x for x in self.nodes if x not in main]
        for i, node in enumerate(side):
            self.pos[node] = (7.6, 7.0 - i * 4.0)
        self.boxes, self.labels = {}, {}
        for node in self.nodes:
            x, y = self.pos[node]
            box = Rectangle((x - 2.3, y - 0.42), 4.6, 0.84, facecolor=IDLE, edgecolor="#555555", linewidth=1)
            self.ax.add_patch(box)
            self.boxes[node] = box
            self.labels[node] = self.ax.text(x, y, g.nodes[node]["label"], ha="center", va="center",
                                             fontsize=MIN_FONT, wrap=True)
        lines, styles, heads = [], [], []
        for a, b, data in g.edges(data=True):
            if a == b:
                continue
            (x1, y1), (x2, y2) = self.pos[a], self.pos[b]
            style = {"next": "-", "cancels": "--", "changes": ":", "nested in": "-.", "opens": "-."}.get(
                data["relation"], "-")
            bend = 0.0
            if x1 == x2 and y2 < y1 and y1 - y2 < 1.6:          # the next box down
                start, end = (x1, y1 - 0.42), (x2, y2 + 0.42)
            elif x1 == x2:                                      # back up or a long jump: around the left side
                start, end, bend = (x1 - 2.3, y1), (x2 - 2.3, y2), -0.6
            elif x1 < x2:                                       # out to the side column
                start, end = (x1 + 2.3, y1), (x2 - 2.3, y2)
            else:                                               # back from the side column
                start, end = (x1 - 2.3, y1), (x2 + 2.3, y2)
            points = _curve(start, end, bend)
            lines.append(points)
            styles.append(style)
            heads.append(_arrowhead(points[-2], points[-1]))
        # one collection for every edge and one for every head: cheap to draw at each update
        self.ax.add_collection(LineCollection(lines, colors="#888888", linewidths=0.8, linestyles=styles))
        self.ax.add_collection(PolyCollection(heads, facecolors="#888888", edgecolors="none"))
        self.title = self.ax.text(0, 10.3, "", fontsize=MIN_FONT + 1, ha="left", va="bottom")
        self.depth = self.ax.text(10, 0.1, "", fontsize=MIN_FONT, ha="right", va="bottom")
        _key(self.ax, [("current step", CURRENT, "s"), ("taken in this sequence", VISITED, "s"),
                       ("cancel", ("#888888", "--"), "line"), ("change", ("#888888", ":"), "line")], 6.0, 2.2)

    def update(self, step: Step) -> None:
        from .graphs import flow_graph
        g = flow_graph(step, self.steps, self.ruleset)
        for node in self.nodes:
            data = g.nodes[node]
            self.boxes[node].set_facecolor(CURRENT if data["current"] else VISITED if data["visited"] else IDLE)
            self.boxes[node].set_linewidth(2.0 if data["current"] else 1.0)
        self.title.set_text(_title(step))
        self.depth.set_text(f"open sequences: {step.level}" if step.level else "")


def draw_flow(step: Step, ax=None, steps: tuple[Step, ...] | None = None) -> Figure:
    view = FlowView(step.state.ruleset, ax, steps)
    view.update(step)
    return view.figure


# -- (b) the windows ------------------------------------------------------------------------------------
class WindowsView:
    """Open windows stacked by nesting level (innermost on top): whose opportunity it is, who
    has passed in a row, and what is eligible for whom. In Riftbound: who has priority."""

    ROWS = 6

    def __init__(self, ax=None):
        self.figure, self.ax = _axes(ax)
        self.rows = []
        for i in range(self.ROWS):
            y = 0.4 + i * 1.55
            box = Rectangle((0.1, y), 9.8, 1.4, facecolor=IDLE, edgecolor="#555555", linewidth=1, visible=False)
            self.ax.add_patch(box)
            head = self.ax.text(0.3, y + 1.05, "", fontsize=MIN_FONT + 1, va="center", fontweight="bold")
            who = self.ax.text(0.3, y + 0.65, "", fontsize=MIN_FONT, va="center")
            what = self.ax.text(0.3, y + 0.25, "", fontsize=MIN_FONT, va="center")
            self.rows.append((box, head, who, what))
        self.title = self.ax.text(0, 10.3, "", fontsize=MIN_FONT + 1, ha="left", va="bottom")
        self.empty = self.ax.text(5, 5, "", fontsize=MIN_FONT + 2, ha="center", va="center", color="#777777")
        self.legend = None

    def _entries(self, step: Step) -> list[tuple[str, str, str, str]]:
        return [(e.title, e.status, e.may_act, e.player) for e in step.state.rules.window_entries(step)]

    def update(self, step: Step) -> None:
        entries = self._entries(step)[-self.ROWS:]
        for i, (box, head, who, what) in enumerate(self.rows):
            visible = i < len(entries)
            for artist in (box, head, who, what):
                artist.set_visible(visible)
            if visible:
                title, line1, line2, player = entries[i]
                box.set_edgecolor(player_color(step.state, player))
                box.set_linewidth(2.5 if i == len(entries) - 1 else 1.0)
                head.set_text(title if len(title) <= 100 else title[:97] + "…")
                who.set_text(line1)
                what.set_text(line2 if len(line2) <= 110 else line2[:107] + "…")
        self.empty.set_text("" if entries else "no window is open")
        self.title.set_text(_title(step))
        if self.legend is None:
            self.legend = step.state.players
            self.ax.text(8.6, 9.9, "opportunity:", fontsize=MIN_FONT, va="center")
            _key(self.ax, [(p, player_color(step.state, p), "s") for p in step.state.players], 8.9, 9.5)


def draw_windows(step: Step, ax=None) -> Figure:
    view = WindowsView(ax)
    view.update(step)
    return view.figure


# -- (c) the Chain --------------------------------------------------------------------------------------
class ChainView:
    """The Chain as a stack of cards, newest on top; A Game of Thrones has no Chain, so there
    the view shows its last-in-first-out stack of open sequences and resolving abilities."""

    SLOTS = 8

    def __init__(self, ax=None):
        self.figure, self.ax = _axes(ax)
        self.cards = []
        for i in range(self.SLOTS):
            y = 0.3 + i * 1.15
            box = Rectangle((1.0, y), 8.0, 1.0, facecolor=IDLE, edgecolor="#555555", linewidth=1, visible=False)
            self.ax.add_patch(box)
            line1 = self.ax.text(1.2, y + 0.7, "", fontsize=MIN_FONT + 1, va="center")
            line2 = self.ax.text(1.2, y + 0.3, "", fontsize=MIN_FONT, va="center")
            mark = self.ax.text(0.9, y + 0.5, "", fontsize=MIN_FONT + 1, ha="right", va="center", fontweight="bold")
            self.cards.append((box, line1, line2, mark))
        self.title = self.ax.text(0, 10.3, "", fontsize=MIN_FONT + 1, ha="left", va="bottom")
        self.note = self.ax.text(9.0, 9.9, "", fontsize=MIN_FONT, ha="right", va="top", color="#555555")
        self.previous: set[str] | None = None        # unknown until a previous step is shown
        _key(self.ax, [("added since the last step", "#e5f5e0", "s"), ("pending (not finalized)", "#f0f0f0", "s")],
             0.3, 9.8)

    @staticmethod
    def entries(step: Step) -> list[tuple[str, str, str, bool, str]]:
        """(id, first line, second line, pending, controller), oldest first."""
        return [(e.id, e.title, e.detail, e.pending, e.controller) for e in step.state.rules.stack_entries(step)]

    def update(self, step: Step) -> None:
        entries = self.entries(step)
        shown = entries[-self.SLOTS:]
        current = {e[0] for e in entries}
        for i, (box, line1, line2, mark) in enumerate(self.cards):
            visible = i < len(shown)
            for artist in (box, line1, line2, mark):
                artist.set_visible(visible)
            if not visible:
                continue
            ident, first, second, pending, controller = shown[i]
            added = self.previous is not None and ident not in self.previous
            box.set_edgecolor(player_color(step.state, controller))
            box.set_linewidth(2.0)
            box.set_facecolor("#e5f5e0" if added else ("#f0f0f0" if pending else IDLE))
            line1.set_text(first if len(first) <= 90 else first[:87] + "…")
            line2.set_text(second if len(second) <= 100 else second[:97] + "…")
            mark.set_text(("new, newest" if added else "newest") if i == len(shown) - 1 else ("new" if added else ""))
        gone = len(self.previous - current) if self.previous is not None else 0
        kind = step.state.rules.stack_kind()
        self.note.set_text(kind + (f"  ·  {gone} resolved/closed since the last step" if gone else "")
                           + ("" if entries else "  ·  empty"))
        self.title.set_text(_title(step))
        self.previous = current


def draw_chain(step: Step, ax=None, previous: Step | None = None) -> Figure:
    view = ChainView(ax)
    if previous is not None:
        view.previous = {e[0] for e in ChainView.entries(previous)}
    view.update(step)
    return view.figure


# -- (d) the state graph -----------------------------------------------------------------------------------
class StateGraphView:
    """The state graph with a deterministic layered layout (one column per kind of node);
    updates move points and segments instead of redrawing."""

    LABELS = 48

    def __init__(self, ax=None):
        self.figure, self.ax = _axes(ax)
        self.ax.set_xlim(-1.25, 1.25)
        self.ax.set_ylim(-1.15, 1.15)
        self.edges = LineCollection([], colors="#999999", linewidths=0.7, zorder=1)
        self.ax.add_collection(self.edges)
        self.points = self.ax.scatter([], [], s=80, zorder=2, edgecolors="#333333", linewidths=0.6)
        self.heads = self.ax.scatter([], [], s=12, marker="o", color="#555555", zorder=3)
        self.texts = [self.ax.text(0, 0, "", fontsize=MIN_FONT, ha="center", va="bottom", visible=False, zorder=4)
                      for _ in range(self.LABELS)]
        self.title = self.ax.text(-1.25, 1.2, "", fontsize=MIN_FONT + 1, ha="left", va="bottom")
        _key(self.ax, [(k, c, "o") for k, c in KIND_COLORS.items()], -1.1, -1.1, dx=0.33, dy=0.0)

    def update(self, step: Step) -> None:
        from .graphs import layered_layout, state_graph
        g = state_graph(step)
        nodes = sorted(g.nodes, key=lambda n: (g.nodes[n]["subset"], str(n)))
        pos = layered_layout(g)
        offsets = [pos[n] for n in nodes]
        colors = []
        for n in nodes:
            data = g.nodes[n]
            if data["kind"] == "ability":
                colors.append(STATUS_COLORS.get(data.get("status", ""), KIND_COLORS["ability"]))
            elif data["kind"] in ("card", "item"):
                colors.append(player_color(step.state, data.get("controller")))
            else:
                colors.append(KIND_COLORS.get(data["kind"], "#cccccc"))
        self.points.set_offsets(offsets if offsets else [[0.0, 0.0]][:0])
        self.points.set_facecolors(colors)
        segments, heads = [], []
        for a, b in g.edges:
            (x1, y1), (x2, y2) = pos[a], pos[b]
            segments.append(((x1, y1), (x2, y2)))
            heads.append((x1 + 0.85 * (x2 - x1), y1 + 0.85 * (y2 - y1)))
        self.edges.set_segments(segments)
        self.heads.set_offsets(heads if heads else [[0.0, 0.0]][:0])
        for i, text in enumerate(self.texts):
            if i < len(nodes):
                n = nodes[i]
                label = str(g.nodes[n]["label"])
                text.set_text(label if len(label) <= 22 else label[:20] + "…")
                x, y = pos[n]
                text.set_position((x, y + 0.03))
                text.set_visible(True)
            else:
                text.set_visible(False)
        self.title.set_text(_title(step))


def draw_state(step: Step, ax=None) -> Figure:
    view = StateGraphView(ax)
    view.update(step)
    return view.figure


VIEWS = ("flow", "windows", "chain", "graph")


def draw_view(view: str, step: Step, steps: tuple[Step, ...] | None = None, ax=None) -> Figure:
    """One of :data:`VIEWS` for ``step``; ``steps`` (the timeline) gives the flowchart its path
    and the Chain view what changed since the previous step."""
    if view == "flow":
        return draw_flow(step, ax, steps)
    if view == "windows":
        return draw_windows(step, ax)
    if view == "chain":
        previous = steps[step.number - 1] if steps is not None and step.number else None
        return draw_chain(step, ax, previous)
    if view == "graph":
        return draw_state(step, ax)
    raise ValueError(f"no view {view!r}; the views are {', '.join(VIEWS)}")
