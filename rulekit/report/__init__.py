"""The ruling page: a played scenario as one self-contained HTML file a judge can post.

``rulekit report FILE -o page.html`` and the explorer's "save the ruling page" both write it with
:func:`write_ruling_page`: the board as card faces, the rules cited with their sources, the timeline
with a step slider, each step's drawing as inline SVG, "why (not)?" for every ability at every step,
and — given a second game under another reading of one ruling — both readings side by side from
the step where they part. The file needs no server and asks nothing from outside itself (a
Content-Security-Policy in the page forbids it); an existing file is replaced only when asked.

:data:`SIZE_BOUND` is the size the page of the largest shipped scenario stays under (a test holds
it). Importing :mod:`rulekit` does not import this package; drawing imports matplotlib.
"""
from __future__ import annotations

from pathlib import Path

from rulekit.report.page import POLICY, ruling_page

__all__ = ["POLICY", "SIZE_BOUND", "ruling_page", "write_ruling_page"]

#: the page of the largest shipped scenario (by steps), with its default drawing, stays under this
SIZE_BOUND = 4 * 1024 * 1024


def write_ruling_page(path, game, other=None, *, force: bool = False, force_hint: str = "force=True",
                      source: str = "", view: str | None = "flow") -> Path:
    """Write the ruling page of ``game`` (and ``other``, see :func:`ruling_page`) to ``path``
    through rulekit's one output writer (:mod:`rulekit.files.output`): an existing file is refused
    unless ``force``, a symbolic link always, and a failure leaves no half-written page. Raises
    :class:`~rulekit.files.output.OutputError` saying why a path cannot be written."""
    from rulekit.files.output import check_output, write_text
    check_output(path, force=force, force_hint=force_hint)          # refused before the drawing
    return write_text(path, ruling_page(game, other, source=source, view=view), force=force, force_hint=force_hint)
