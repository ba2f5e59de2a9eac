"""How much of the card library rulekit reads: per ruleset, the cards parsed and refused, and the
phrases most often refused (each with the nearest wording its reader knows) — what to teach the
reader next."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rulekit.library.store import Library


@dataclass(frozen=True)
class Coverage:
    """One ruleset's cards in the library: how many, how many parsed and refused, and the refused
    phrases with how many cards each stopped (most first), and the nearest wording."""

    ruleset: str
    cards: int
    parsed: int
    refused: int
    phrases: tuple[tuple[str, int, str | None], ...]

    def lines(self) -> list[str]:
        share = f" ({100 * self.parsed / self.cards:.0f}%)" if self.cards else ""
        out = [f"{self.ruleset}: {self.cards} cards, {self.parsed} parsed{share}, {self.refused} refused"]
        if self.phrases:
            out.append("  most common refused phrases:")
            for phrase, count, near in self.phrases:
                out.append(f"    {count:4}  {phrase!r}" + (f"  (nearest: {near!r})" if near else ""))
        return out


def coverage(library: Library | None = None, top: int = 10) -> list[Coverage]:
    """Each ruleset's :class:`Coverage`, by ruleset name."""
    by: dict[str, list] = {}
    for card in (library or Library()).cards():
        by.setdefault(card.ruleset, []).append(card)
    out = []
    for ruleset, cards in sorted(by.items()):
        refused = [c for c in cards if c.status == "refused"]
        counts = Counter(" ".join((c.phrase or c.refusal or "").split()).lower() for c in refused)
        nearest = {}
        for c in refused:
            nearest.setdefault(" ".join((c.phrase or c.refusal or "").split()).lower(), c.nearest)
        phrases = tuple((p, n, nearest[p]) for p, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:top])
        out.append(Coverage(ruleset, len(cards), len(cards) - len(refused), len(refused), phrases))
    return out
