"""Bounds that keep a game from running away (rule ``rulekit.limits``).

Abilities can keep triggering each other (A's reaction kneels what B's reaction stands …).
Each such round opens one more nested sequence, so a bound on how many sequences may be open
at once stops every loop; the error names the abilities on the stack and how often each
appears there.
"""
from __future__ import annotations

from collections import Counter

from rulekit.core.errors import RulekitError

MAX_NESTING = 64


#: steps one script entry may take before it is a runaway loop (a script of thousands of
#: entries still runs: the count starts again at every entry)
MAX_STEPS = 10_000


class RunawayLoop(RulekitError):
    """More sequences were open at once than the nesting bound allows (or a run took more
    steps than the step bound). ``step`` is the last step taken, so the timeline up to the
    loop (``rulekit.timeline.steps(error.step)``) is kept for inspection."""

    def __init__(self, message: str, *, abilities: tuple[tuple[str, int], ...], depth: int, step=None):
        super().__init__(message)
        self.abilities = abilities
        self.depth = depth
        self.step = step


def check_nesting(control: tuple, limit: int = MAX_NESTING, step=None) -> None:
    """Raise :class:`RunawayLoop` if the frames count for more open sequences (or Chain items)
    than ``limit``; every frame says what it counts for (:meth:`~rulekit.rulesets.Frame.nesting`)."""
    depth = sum(f.nesting() for f in control)
    if depth <= limit:
        return
    uses = Counter(use for f in control for use in f.loop_uses())
    ranked = tuple(sorted(uses.items(), key=lambda kv: (-kv[1], kv[0])))
    names = ", ".join(f"{a} ×{n}" for a, n in ranked[:6])
    raise RunawayLoop(f"runaway loop: more than {limit} nested sequences (or Chain items) are open; the "
                      f"abilities that keep triggering each other: {names}", abilities=ranked, depth=depth, step=step)
