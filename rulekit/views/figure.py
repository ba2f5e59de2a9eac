"""What every drawing shares: the figure, text measured and fitted to a width, the View base
class that keeps a figure and redraws only what changes, colours, keys and arrowheads.

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

import functools
import re
import io
import struct
import zlib

import matplotlib

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg, get_hinting_flag
from matplotlib.colors import to_rgb
from matplotlib.font_manager import FontProperties, findfont, get_font
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from matplotlib.text import Text

from rulekit.core.text import heading, names, without_position
from rulekit.core.timeline import Step

PLAYER_COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b")
CURRENT, VISITED, IDLE, EVENT = "#ffd92f", "#c7e9c0", "#ffffff", "#d62728"
MIN_FONT = 8
LINE_H = 0.135          # one line of 8-point text (and its spacing), in inches
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


def _laid_out(text: str, size: float, weight):
    """matplotlib's font for ``size`` and ``weight`` with one line of ``text`` laid out on it, at
    the drawings' resolution (what both the widths and the cached bitmaps are measured from)."""
    font = get_font(findfont(FontProperties(size=size, weight=weight)))
    font.clear()
    font.set_size(size, DPI)
    font.set_text(text, 0.0, flags=get_hinting_flag())
    return font


def width_px(text: str, size: float = MIN_FONT, weight="normal") -> float:
    """The width of one line of text in pixels, as matplotlib lays it out (cached)."""
    k = (text, size, weight)
    w = _WIDTHS.get(k)
    if w is None:
        w = _laid_out(text, size, weight).get_width_height()[0] / 64.0
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


def lines_of(text: str, width_in: float, size: float = MIN_FONT, weight="normal") -> list[str]:
    """``text`` broken into lines of at most ``width_in`` inches, measured, between words (a word
    wider than the line alone is split); existing line breaks are kept."""
    room = width_in * DPI
    out: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if width_px(candidate, size, weight) <= room:
                line = candidate
                continue
            if line:
                out.append(line)
            while width_px(word, size, weight) > room and len(word) > 1:      # one word wider than a line
                n = len(word) - 1
                while n > 1 and width_px(word[:n], size, weight) > room:
                    n -= 1
                out.append(word[:n])
                word = word[n:]
            line = word
        out.append(line)
    return out or [""]


def wrap(text: str, width_in: float, lines: int, size: float = MIN_FONT, weight="normal") -> str:
    """``text`` wrapped to ``width_in`` inches in at most ``lines`` lines (the last shortened with
    "…" only if the whole text needs more lines than that)."""
    out = lines_of(text, width_in, size, weight)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = fit(out[-1] + " …", width_in, size, weight)
    return "\n".join(out)


def step_text(step: Step) -> str:
    """What a step did, in names: its description without the position the heading gives."""
    state = step.state if step.what != "use" else step.before
    return names(without_position(step.describe()), state)


def title_text(step: Step, width_in: float, lines: int = 3) -> str:
    """``"#5 · step 4, interrupt window — P1 passes …"``, wrapped to the width: whole, as a
    title of at most ``lines`` lines holds it. A title that would not fit drops the gloss in
    parentheses that ends the rules' position (``"cleanup: lethal damage (after a resolution, …)"``)
    before anything is cut: the step's own words come first."""
    text, size = step_text(step), MIN_FONT + 1
    head = heading(step)
    if len(lines_of(f"{head} — {text}", width_in, size)) > lines:
        head = re.sub(r" \([^()]*\)$", "", head)
    return wrap(f"{head} — {text}", width_in, lines, size)


# -- the view base -----------------------------------------------------------------------------------------
def literal_text(draw):
    """``draw`` with every text it makes drawn as written: a name holding ``$`` (matplotlib's math
    text, ``Bounty $\\sqrt{$ Hunter``) is a name, never a formula to typeset (or to fail on)."""
    @functools.wraps(draw)
    def drawn(*args, **kwargs):
        with matplotlib.rc_context({"text.parse_math": False}):
            return draw(*args, **kwargs)
    return drawn


class View:
    """A drawing kept alive across steps: fixed parts drawn once, :meth:`update` in place. Every
    view draws its words literally (:func:`literal_text` wraps each subclass's ``__init__`` and
    ``update``)."""

    size = (8.0, 5.0)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in ("__init__", "update"):
            if name in cls.__dict__:
                setattr(cls, name, literal_text(cls.__dict__[name]))

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
        """The drawing as PNG bytes, encoded from the canvas buffer (the rows the step uses)."""
        self.render()
        canvas = self.figure.canvas
        h = canvas.get_width_height()[1]
        return png_bytes(np.asarray(canvas.buffer_rgba())[:min(h, int(round(self.used * DPI)))])

    def crop(self) -> None:
        """Shrink the figure to the part the step uses (a drawing made once, not updated again)."""
        w, h = self.size
        if self.used < h:
            self.ax.set_ylim(h - self.used, h)
            self.figure.set_size_inches(w, self.used)
            self._background = None


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(rgba) -> bytes:
    """An RGBA pixel array as a PNG: its rows unfiltered, deflated at the fastest level. About
    twice as fast as Pillow's encoder for a drawing (which adds a conversion to RGB and filters each
    row), a little larger; every drawing of the widgets is encoded on each step, so speed wins."""
    rows, width = rgba.shape[:2]
    lines = np.zeros((rows, width * 4 + 1), np.uint8)       # each row: filter type 0 (none), then its pixels
    lines[:, 1:] = rgba.reshape(rows, -1)
    header = struct.pack(">IIBBBBB", width, rows, 8, 6, 0, 0, 0)   # 8 bits, RGBA, deflate, no filter, no interlace
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(lines, 1)) + _chunk(b"IEND", b"")


# -- text drawn from cached bitmaps --------------------------------------------------------------------------
_LINES: dict = {}


def _line_bitmap(line: str, size: float, weight) -> tuple:
    """The anti-aliased coverage bitmap of one line of text and its descent in pixels, cached:
    the same label drawn at the next step costs a lookup instead of a glyph-by-glyph render."""
    k = (line, size, weight)
    hit = _LINES.get(k)
    if hit is None:
        font = _laid_out(line, size, weight)
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


#: line colour and style per relation, in order of first use (flowchart, state graph)
RELATION_STYLES = (("#555555", "-"), ("#d62728", "--"), ("#9467bd", ":"), ("#1f77b4", "-."), ("#2ca02c", "-."),
                   ("#8c564b", "--"), ("#e377c2", ":"), ("#17becf", "-"), ("#bcbd22", "--"), ("#7f7f7f", ":"),
                   ("#ff7f0e", "-"), ("#393b79", "--"), ("#637939", ":"), ("#843c39", "-."), ("#7b4173", "-"),
                   ("#1f77b4", "--"), ("#2ca02c", ":"), ("#d62728", "-."), ("#17becf", "--"), ("#ff7f0e", ":"),
                   ("#9467bd", "-"), ("#8c564b", ":"), ("#bcbd22", "-"), ("#e377c2", "-."), ("#7f7f7f", "--"))
