"""Drawings of a step with matplotlib: the sequence diagram, the flowchart, the windows, the
Chain and the state graph.

Each view is a class that lays out and draws its fixed parts once, then :meth:`View.update`\\ s
its artists in place for another step. :meth:`View.png` is the widgets' path: the fixed parts
come from a cached background, only the artists that change are drawn again, and the PNG is
encoded straight from the canvas buffer (no second render by ``savefig``). Every view is drawn
in inches (one data unit is one inch) at the size it is shown, and its texts are wrapped or
shortened to the room they have, so none leaves the figure or runs into another.
Drawn text names cards and abilities, never the engine's ids (:func:`rulekit.text.names`).
Importing rulekit does not import matplotlib; importing this module does.
"""
from __future__ import annotations

import io
import textwrap

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg, get_hinting_flag
from matplotlib.colors import to_rgb
from matplotlib.font_manager import FontProperties, findfont, get_font
from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from matplotlib.text import Text

from .text import heading, names, without_position
from .timeline import Step

PLAYER_COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b")
CURRENT, VISITED, IDLE, EVENT = "#ffd92f", "#c7e9c0", "#ffffff", "#d62728"
MIN_FONT = 8
DPI = 100


class DrawingFigure(Figure):
    """A figure that shows itself as a PNG in any notebook, whatever the matplotlib backend."""

    def _repr_png_(self) -> bytes:
        buf = io.BytesIO()
        self.savefig(buf, format="png")
        return buf.getvalue()


def player_color(state, player: str | None) -> str:
    if player is None or player not in state.players:
        return "#bbbbbb"
    return PLAYER_COLORS[state.players.index(player) % len(PLAYER_COLORS)]


# -- text that fits ---------------------------------------------------------------------------------------
def chars(width_in: float, size: float = MIN_FONT) -> int:
    """How many characters of ``size`` points fit in ``width_in`` inches (DejaVu Sans, with room)."""
    return max(4, int(width_in * 72 / (0.6 * size)))


_WIDTHS: dict = {}


def width_px(text: str, size: float = MIN_FONT, weight="normal") -> float:
    """The width of one line of text in pixels, as matplotlib lays it out (cached)."""
    k = (text, size, weight)
    w = _WIDTHS.get(k)
    if w is None:
        font = get_font(findfont(FontProperties(size=size, weight=weight)))
        font.clear()
        font.set_size(size, DPI)
        font.set_text(text, 0.0, flags=get_hinting_flag())
        w = font.get_width_height()[0] / 64.0
        if len(_WIDTHS) > 20000:
            _WIDTHS.clear()
        _WIDTHS[k] = w
    return w


def fit(text: str, width_in: float, size: float = MIN_FONT, weight="normal") -> str:
    """``text`` on one line of ``width_in`` inches, shortened with "…" if it must be (measured)."""
    room = width_in * DPI
    if len(text) <= chars(width_in, size) * 0.8:         # surely fits: no need to measure
        return text
    w = width_px(text, size, weight)
    if w <= room:
        return text
    n = int(len(text) * room / w)
    while n > 1:
        candidate = text[:n].rstrip() + "…"
        if width_px(candidate, size, weight) <= room:
            return candidate
        n -= max(1, n // 16)
    return "…"


def wrap(text: str, width_in: float, lines: int, size: float = MIN_FONT) -> str:
    """``text`` wrapped to ``width_in`` inches in at most ``lines`` lines (the last shortened)."""
    out = textwrap.wrap(text, chars(width_in, size), break_long_words=True) or [""]
    if len(out) > lines:
        out = out[:lines]
        out[-1] = fit(out[-1] + " …", width_in, size) if len(out[-1]) + 2 <= chars(width_in, size) else \
            out[-1][: chars(width_in, size) - 1] + "…"
    return "\n".join(out)


def step_text(step: Step) -> str:
    """What a step did, in names: its description without the position the heading gives."""
    state = step.state if step.what != "use" else step.before
    return names(without_position(step.describe()), state)


def title_text(step: Step, width_in: float, lines: int = 2) -> str:
    """``"#5 · step 4, interrupt window — P1 passes …"``, wrapped to the width."""
    return wrap(f"{heading(step)} — {step_text(step)}", width_in, lines, MIN_FONT + 1)


# -- the view base -----------------------------------------------------------------------------------------
class View:
    """A drawing kept alive across steps: fixed parts drawn once, :meth:`update` in place."""

    size = (8.0, 5.0)

    def __init__(self, ax=None, size: tuple[float, float] | None = None):
        self.size = size or self.size
        w, h = self.size
        if ax is None:
            fig = DrawingFigure(figsize=(w, h), dpi=DPI)
            FigureCanvasAgg(fig)     # a real renderer: canvas.draw() draws, savefig and notebooks work
            ax = fig.add_axes((0, 0, 1, 1))
        self.figure, self.ax = ax.figure, ax
        ax.set_axis_off()
        ax.set_xlim(0, w)
        ax.set_ylim(0, h)
        self.dynamic: list = []      # the artists update() changes; the rest is the cached background
        self._background = None
        self.used = h                # inches used from the top by the step shown (the rest is cropped)

    def text(self, x, y, s="", size=MIN_FONT, dynamic=True, **kw):
        t = self.ax.text(x, y, s, fontsize=size, **kw)
        if dynamic:
            self.dynamic.append(t)
        return t

    def update(self, step: Step, steps: tuple[Step, ...] | None = None) -> None:
        raise NotImplementedError

    def render(self) -> None:
        """Draw into the canvas buffer: the cached fixed parts, then the changing artists."""
        canvas = self.figure.canvas
        if self._background is None:
            for a in self.dynamic:
                a.set_animated(True)
            canvas.draw()
            self._background = canvas.copy_from_bbox(self.figure.bbox)
            for a in self.dynamic:
                a.set_animated(False)
        else:
            canvas.restore_region(self._background)
        renderer = canvas.get_renderer()
        texts = []
        for a in self.dynamic:
            if not a.get_visible():
                continue
            if isinstance(a, Text) and a.get_rotation() == 0:
                texts.append(a)          # drawn last, from cached glyph bitmaps
            else:
                a.draw(renderer)
        if texts:
            buffer = np.asarray(canvas.buffer_rgba())
            for t in texts:
                _blit_text(buffer, t)

    def png(self) -> bytes:
        """The drawing as PNG bytes, encoded from the canvas buffer."""
        from PIL import Image
        self.render()
        canvas = self.figure.canvas
        w, h = canvas.get_width_height()
        rows = min(h, int(round(self.used * DPI)))
        buf = io.BytesIO()
        Image.frombuffer("RGBA", (w, rows), np.ascontiguousarray(np.asarray(canvas.buffer_rgba())[:rows]), "raw",
                         "RGBA", 0, 1).convert("RGB").save(buf, format="png", compress_level=1)
        return buf.getvalue()

    def crop(self) -> None:
        """Shrink the figure to the part the step uses (a drawing made once, not updated again)."""
        w, h = self.size
        if self.used < h:
            self.ax.set_ylim(h - self.used, h)
            self.figure.set_size_inches(w, self.used)
            self._background = None


# -- text drawn from cached bitmaps --------------------------------------------------------------------------
_LINES: dict = {}


def _line_bitmap(line: str, size: float, weight) -> tuple:
    """The anti-aliased coverage bitmap of one line of text and its descent in pixels, cached:
    the same label drawn at the next step costs a lookup instead of a glyph-by-glyph render."""
    k = (line, size, weight)
    hit = _LINES.get(k)
    if hit is None:
        font = get_font(findfont(FontProperties(size=size, weight=weight)))
        font.clear()
        font.set_size(size, DPI)
        font.set_text(line, 0.0, flags=get_hinting_flag())
        font.draw_glyphs_to_bitmap(antialiased=True)
        w, h = font.get_width_height()
        hit = (np.asarray(font.get_image()).astype(np.float32) / 255.0, font.get_descent() / 64.0, h / 64.0,
               w / 64.0, font.get_bitmap_offset()[0] / 64.0)
        if len(_LINES) > 5000:
            _LINES.clear()
        _LINES[k] = hit
    return hit


def _lp_metrics(size: float, weight) -> tuple[float, float]:
    k = ("\0lp", size, weight)
    hit = _LINES.get(k)
    if hit is None:
        font = get_font(findfont(FontProperties(size=size, weight=weight)))
        font.clear()
        font.set_size(size, DPI)
        font.set_text("lp", 0.0, flags=get_hinting_flag())
        h, d = font.get_width_height()[1] / 64.0, font.get_descent() / 64.0
        hit = _LINES[k] = (h - d, d)
    return hit


def _blit_text(buffer, t: Text) -> None:
    """Composite ``t`` into the RGBA canvas ``buffer`` (what :meth:`Text.draw` draws, placed the
    same way to within a pixel, at a fraction of the cost)."""
    s = t.get_text()
    if not s:
        return
    size, weight = t.get_fontsize(), t.get_fontweight()
    lines = s.split("\n")
    spacing = t.get_linespacing()
    spacing = spacing if isinstance(spacing, (int, float)) else 1.2
    lp_asc, lp_desc = _lp_metrics(size, weight)  # matplotlib's layout: each line at least as tall as "lp"
    x, y = t.get_transform().transform(t.get_unitless_position())
    height = buffer.shape[0]
    bitmaps = [_line_bitmap(line, size, weight) if line else None for line in lines]
    baselines, below = [], 0.0
    for i, b in enumerate(bitmaps):
        asc = max(lp_asc, b[2] - b[1]) if b else lp_asc
        desc = max(lp_desc, b[1]) if b else lp_desc
        below = asc if i == 0 else below + max(lp_asc * spacing, asc * spacing)
        baselines.append(below)
        below += desc
    total = below
    va = t.get_verticalalignment()
    top = y + (total / 2 if va in ("center", "center_baseline") else 0 if va == "top" else total if va == "bottom"
               else baselines[0])
    color = np.asarray(to_rgb(t.get_color()), dtype=np.float32) * 255.0
    alpha = t.get_alpha()
    ha = t.get_horizontalalignment()
    for line_bitmap, offset in zip(bitmaps, baselines):
        if line_bitmap is None:
            continue
        bitmap, descent, _, width, xo = line_bitmap
        h, w = bitmap.shape
        baseline = top - offset
        left = int(round(x + xo - (width / 2 if ha == "center" else width if ha == "right" else 0)))
        row = int(round(height - baseline - (h - descent)))
        r0, r1, c0, c1 = max(0, row), min(height, row + h), max(0, left), min(buffer.shape[1], left + w)
        if r0 >= r1 or c0 >= c1:
            continue
        a = bitmap[r0 - row:r1 - row, c0 - left:c1 - left, None]
        if alpha is not None:
            a = a * alpha
        region = buffer[r0:r1, c0:c1, :3]
        region[...] = (region * (1.0 - a) + color * a).astype(np.uint8)


def key(view: View, entries, x: float, y: float, dy: float = 0.2, width: float = 2.0, dx: float = 0.0) -> float:
    """A legend drawn once as plain markers and texts (cheaper than :meth:`Axes.legend`, which
    re-lays out its box at every draw). ``entries``: (label, colour, marker) with marker a
    matplotlib marker, ``"box"``, or ``("line", linestyle)``. Returns the y below it."""
    ax = view.ax
    for label, color, marker in entries:
        if isinstance(marker, tuple):
            ax.plot([x, x + 0.3], [y, y], color=color, linestyle=marker[1], linewidth=1.4)
        elif marker == "box":
            ax.add_patch(Rectangle((x + 0.05, y - 0.06), 0.2, 0.12, facecolor=color, edgecolor="#555555",
                                   linewidth=0.8))
        else:
            ax.scatter([x + 0.15], [y], s=30, marker=marker, c=[color], edgecolors="#333333", linewidths=0.5)
        ax.text(x + 0.4, y, fit(label, width - 0.4), fontsize=MIN_FONT, va="center")
        y -= dy
        x += dx
    return y


def _arrowhead(before, tip, size: float = 0.08) -> list:
    import math
    angle = math.atan2(tip[1] - before[1], tip[0] - before[0])
    return [tip, (tip[0] - size * math.cos(angle - 0.45), tip[1] - size * math.sin(angle - 0.45)),
            (tip[0] - size * math.cos(angle + 0.45), tip[1] - size * math.sin(angle + 0.45))]


# -- the flowchart -----------------------------------------------------------------------------------------
RELATION_STYLES = (("#555555", "-"), ("#d62728", "--"), ("#9467bd", ":"), ("#1f77b4", "-."), ("#2ca02c", "-."),
                   ("#8c564b", "--"), ("#e377c2", ":"), ("#17becf", "-"), ("#bcbd22", "--"), ("#7f7f7f", ":"),
                   ("#ff7f0e", "-"), ("#393b79", "--"), ("#637939", ":"), ("#843c39", "-."), ("#7b4173", "-"))
#: which flowchart relation a step's mark makes happen (highlighted when it does)
MARK_RELATIONS = {"cancel": ("cancels",), "change": ("changes",), "save": ("changes",), "replace": ("changes",)}


class FlowView(View):
    """The rules flowchart: the ruleset's steps (or stages) in a column, the current one
    highlighted and the path taken in this sequence shaded; every relation has its own colour
    and line style, all in the legend; a cancel, change, save or replace lights its edge."""

    def __init__(self, ruleset: str = "agot", ax=None, steps: tuple[Step, ...] | None = None):
        from .graphs import flowchart_graph
        super().__init__(ax)
        self.ruleset, self.steps = ruleset, steps
        g = flowchart_graph(ruleset)
        self.nodes = list(g.nodes)
        main = [n for n in self.nodes if g.nodes[n]["kind"] in ("step", "stage")]
        ends = [n for n in self.nodes if g.nodes[n]["kind"] == "end"]
        side = [n for n in self.nodes if n not in main and n not in ends]
        column = main + ends
        top, bottom = 4.15, 0.3
        gap = (top - bottom) / max(1, len(column) - 1)
        bh = min(0.3, gap * 0.7)
        x0, bw = 1.0, 3.3
        self.box = {}
        for i, n in enumerate(column):
            self.box[n] = (x0, top - i * gap - bh / 2, bw, bh)
        for i, n in enumerate(side):
            self.box[n] = (5.0, 3.7 - i * 0.8, 2.8, 0.45)
        self.patches, self.labels = {}, {}
        for n, (x, y, w, h) in self.box.items():
            patch = Rectangle((x, y), w, h, facecolor=IDLE, edgecolor="#555555", linewidth=1)
            self.ax.add_patch(patch)
            self.patches[n] = patch
            lines = 1 if h < 0.28 else 2
            self.labels[n] = self.text(x + w / 2, y + h / 2, wrap(g.nodes[n]["label"], w - 0.1, lines),
                                       ha="center", va="center", zorder=3)
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
        self.title = self.text(0.1, 4.95, "", MIN_FONT + 1, va="top")
        self.note = self.text(5.0, 0.15, "", MIN_FONT, va="bottom", color=EVENT)
        y = 3.7 - len(side) * 0.8 + 0.1 if side else 3.9
        entries = [("current step", CURRENT, "box"), ("taken in this sequence", VISITED, "box"),
                   ("a cancel, change, save or replace", "#fde0dd", "box")]
        entries += [(r, self.style[r][0], ("line", self.style[r][1])) for r in relations]
        key(self, entries, 5.0, y, dy=0.2, width=2.9)

    def update(self, step: Step, steps: tuple[Step, ...] | None = None) -> None:
        from .graphs import flow_graph
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


def draw_flow(step: Step, ax=None, steps: tuple[Step, ...] | None = None) -> Figure:
    return draw_view("flow", step, steps, ax)


# -- the windows -------------------------------------------------------------------------------------------
class WindowsView(View):
    """The innermost open window (or priority on the Chain): whose opportunity it is, who has
    passed in a row, and what each player may use; the outer windows in one line each."""

    size = (8.0, 2.3)
    OUTER = 2

    def __init__(self, ax=None):
        super().__init__(ax)
        h = self.size[1]
        self.title = self.text(0.1, h - 0.08, "", MIN_FONT + 1, va="top")
        self.box = Rectangle((0.1, h - 1.72), 7.8, 1.0, facecolor="#fafafa", edgecolor="#555555", linewidth=2)
        self.ax.add_patch(self.box)
        self.dynamic.insert(0, self.box)
        self.head = self.text(0.25, h - 0.87, "", MIN_FONT + 1, va="center", fontweight="bold")
        self.who = self.text(0.25, h - 1.08, "", va="center")
        self.what = self.text(0.25, h - 1.2, "", va="top")
        self.outer = [self.text(0.1, h - 1.85 - i * 0.18, "", va="center", color="#555555")
                      for i in range(self.OUTER)]
        self.legend = None

    def update(self, step: Step, steps: tuple[Step, ...] | None = None) -> None:
        state = step.state
        entries = state.rules.window_entries(step)
        self.title.set_text(title_text(step, 7.8))
        if entries:
            e = entries[-1]
            self.box.set_edgecolor(player_color(state, e.player))
            self.head.set_text(fit(names(e.title, state), 7.5, MIN_FONT + 1))
            self.who.set_text(fit(names(e.status, state), 7.5))
            self.what.set_text(wrap(names(e.may_act, state), 7.5, 3))
        else:
            self.box.set_edgecolor("#bbbbbb")
            self.head.set_text("no window is open")
            self.who.set_text("")
            self.what.set_text("")
        outer = list(reversed(entries[:-1]))
        for i, t in enumerate(self.outer):
            if i < len(outer):
                more = f" (and {len(outer) - self.OUTER} more)" if i == self.OUTER - 1 and len(outer) > self.OUTER else ""
                t.set_text(fit("also open, outside it: " + names(outer[i].title, state) + more, 7.8))
            else:
                t.set_text("")
        self.used = 1.78 + 0.18 * min(len(outer), self.OUTER)
        if self.legend is None:
            self.legend = state.players
            h = self.size[1]
            x = 7.9 - 0.75 * len(state.players)
            for i, p in enumerate(state.players):
                self.ax.add_patch(Rectangle((x + i * 0.75, h - 0.62), 0.18, 0.12, facecolor="none",
                                            edgecolor=player_color(state, p), linewidth=2))
                self.ax.text(x + i * 0.75 + 0.24, h - 0.56, fit(p, 0.45), fontsize=MIN_FONT, va="center")
            self.ax.text(x - 0.08, h - 0.56, "whose opportunity:", fontsize=MIN_FONT, va="center", ha="right")
            self._background = None


def draw_windows(step: Step, ax=None) -> Figure:
    return draw_view("windows", step, None, ax)


# -- the Chain ---------------------------------------------------------------------------------------------
class ChainView(View):
    """The Chain as a stack of cards, newest on top, pending and finalized items told apart;
    A Game of Thrones has no Chain, so there the view shows its last-in-first-out stack of
    open sequences and resolving abilities."""

    size = (8.0, 3.9)
    SLOTS = 6

    def __init__(self, ax=None):
        super().__init__(ax)
        h = self.size[1]
        self.title = self.text(0.1, h - 0.08, "", MIN_FONT + 1, va="top")
        key(self, [("added by this step", "#e5f5e0", "box"), ("pending (not yet finalized)", "#eeeeee", "box"),
                   ("finalized, or an open sequence", IDLE, "box")], 0.1, h - 0.56, dy=0, width=2.6, dx=2.6)
        self.note = self.text(0.1, h - 0.78, "", va="center", color="#555555")
        self.cards = []
        for i in range(self.SLOTS):
            y = h - 1.35 - i * 0.45          # slot 0 at the top: the newest
            box = Rectangle((1.2, y), 6.6, 0.4, facecolor=IDLE, edgecolor="#555555", linewidth=1.5, visible=False)
            self.ax.add_patch(box)
            line1 = self.text(1.3, y + 0.29, "", MIN_FONT + 1, va="center")
            line2 = self.text(1.3, y + 0.11, "", va="center", color="#333333")
            mark = self.text(1.1, y + 0.2, "", MIN_FONT, ha="right", va="center", fontweight="bold")
            self.dynamic.insert(0, box)
            self.cards.append((box, line1, line2, mark))
        self.more = self.text(1.2, h - 1.35 - self.SLOTS * 0.45 + 0.3, "", va="center", color="#555555")

    @staticmethod
    def entries(step: Step) -> list[tuple[str, str, str, bool, str]]:
        """(id, first line, second line, pending, controller), oldest first."""
        return [(e.id, e.title, e.detail, e.pending, e.controller) for e in step.state.rules.stack_entries(step)]

    def update(self, step: Step, steps: tuple[Step, ...] | None = None) -> None:
        state = step.state
        entries = self.entries(step)
        previous = {e[0] for e in self.entries(step.parent)} if step.parent is not None else set()
        shown = list(reversed(entries))[:self.SLOTS]          # newest first, from the top
        for i, (box, line1, line2, mark) in enumerate(self.cards):
            visible = i < len(shown)
            for artist in (box, line1, line2, mark):
                artist.set_visible(visible)
            if not visible:
                continue
            ident, first, second, pending, controller = shown[i]
            added = ident not in previous
            box.set_edgecolor(player_color(state, controller))
            box.set_facecolor("#e5f5e0" if added else ("#eeeeee" if pending else IDLE))
            line1.set_text(fit(names(first, state), 6.4, MIN_FONT + 1))
            line2.set_text(fit(names(second, state), 6.4))
            mark.set_text("newest" if i == 0 else ("oldest" if i == len(entries) - 1 else ""))
        gone = len(previous - {e[0] for e in entries})
        self.more.set_text(f"… and {len(entries) - self.SLOTS} older below" if len(entries) > self.SLOTS else "")
        self.note.set_text(fit(state.rules.stack_kind() + f": {len(entries)} "
                               + ("entry" if len(entries) == 1 else "entries")
                               + (f"  ·  {gone} resolved or closed by this step" if gone else ""), 7.8))
        self.title.set_text(title_text(step, 7.8))
        self.used = 0.95 + 0.45 * max(1, len(shown)) + (0.2 if len(entries) > self.SLOTS else 0.0)


def draw_chain(step: Step, ax=None, previous: Step | None = None) -> Figure:
    return draw_view("chain", step, None, ax)


# -- every view --------------------------------------------------------------------------------------------
VIEWS = ("sequence", "flow", "windows", "chain", "graph")


def make_view(view: str, ruleset: str, steps: tuple[Step, ...] | None = None, ax=None) -> View:
    """A new view object of kind ``view`` (one of :data:`VIEWS`), to :meth:`~View.update` in place."""
    if view == "sequence":
        from .draw_sequence import SequenceView
        return SequenceView(ax)
    if view == "flow":
        return FlowView(ruleset, ax, steps)
    if view == "windows":
        return WindowsView(ax)
    if view == "chain":
        return ChainView(ax)
    if view == "graph":
        from .draw_graph import StateGraphView
        return StateGraphView(ax)
    raise ValueError(f"no view {view!r}; the views are {', '.join(VIEWS)}")


def draw_view(view: str, step: Step, steps: tuple[Step, ...] | None = None, ax=None) -> Figure:
    """One of :data:`VIEWS` for ``step``; ``steps`` (the timeline) gives the sequence diagram
    and the flowchart the path around the step."""
    v = make_view(view, step.state.ruleset, steps, ax)
    v.update(step, steps)
    if ax is None:
        v.crop()
    return v.figure


def draw_state(step: Step, ax=None) -> Figure:
    return draw_view("graph", step, None, ax)


def draw_sequence(step: Step, steps: tuple[Step, ...] | None = None, ax=None) -> Figure:
    return draw_view("sequence", step, steps, ax)
