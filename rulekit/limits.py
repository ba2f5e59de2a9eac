"""Bounds that keep a game from running away (rule ``rulekit.limits``).

Abilities can keep triggering each other (A's reaction kneels what B's reaction stands …).
Each such round opens one more nested sequence, so a bound on how many sequences may be open
at once stops every loop; the error names the abilities on the stack and how often each
appears there.
"""
from __future__ import annotations

from collections import Counter

from .errors import RulekitError

MAX_NESTING = 64


class RunawayLoop(RulekitError):
    """More sequences were open at once than the nesting bound allows."""

    def __init__(self, message: str, *, abilities: tuple[tuple[str, int], ...], depth: int):
        super().__init__(message)
        self.abilities = abilities
        self.depth = depth


def check_nesting(control: tuple, limit: int = MAX_NESTING) -> None:
    from .frames import ResolutionFrame, SequenceFrame
    depth = sum(1 for f in control if isinstance(f, SequenceFrame))
    if depth <= limit:
        return
    uses = Counter()
    for f in control:
        if isinstance(f, SequenceFrame) and "@" in f.id:
            uses[f.id.partition("@")[0]] += 1
        elif isinstance(f, ResolutionFrame):
            uses[f.use.partition("@")[0]] += 1
    ranked = tuple(sorted(uses.items(), key=lambda kv: (-kv[1], kv[0])))
    names = ", ".join(f"{a} ×{n}" for a, n in ranked[:6])
    raise RunawayLoop(f"runaway loop: more than {limit} nested sequences are open; the abilities that keep "
                      f"triggering each other: {names}", abilities=ranked, depth=depth)
