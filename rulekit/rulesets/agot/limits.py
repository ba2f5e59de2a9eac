"""Limits and maxima (rule ``agot.limit``; Rules Reference, "Limits and Maxima").

"Limit X per [period]" lets each copy of an ability be used X times in the period (a card that
leaves play and comes back brings a new copy); "Max X per [period]" caps the initiations from
every copy of a title. Both are player specific: each is counted for the player who uses the
ability, so one player's uses never count against another's. A cancelled use still counts
(it is counted when the ability is initiated).
"""
from __future__ import annotations

from rulekit.core.abilities import Ability, Period
from rulekit.core.model import Card, GameState


def period_key(state: GameState, per: Period) -> str:
    if per is Period.CHALLENGE:         # "Max 1 per challenge": each challenge is a period of its own
        from rulekit.rulesets.agot.challenges import period_key as challenge_period
        return f"round {state.round}, {challenge_period(state)}"
    return f"round {state.round}" if per is Period.ROUND else f"round {state.round}, phase {state.phase_number} ({state.phase})"


def limit_keys(state: GameState, source: Card, ability: Ability) -> tuple[tuple[str, int, str], ...]:
    """(usage key, allowed uses, wording) for the ability's limit and max, both counted for the
    player who would use it (the source's controller): a limit per copy (card object), a max
    across that player's copies of the title."""
    player = source.controller
    out = []
    if ability.limit is not None:
        period = period_key(state, ability.limit.per)
        out.append((f"limit|{source.obj}.{ability.id}|{player}|{period}", ability.limit.times,
                    f"limit {ability.limit.times} per {ability.limit.per.value} for {player}"))
    if ability.max is not None:
        period = period_key(state, ability.max.per)
        out.append((f"max|{source.title}|{ability.id}|{player}|{period}", ability.max.times,
                    f"max {ability.max.times} per {ability.max.per.value} for {player}'s copies of {source.title}"))
    return tuple(out)


def limit_reached(state: GameState, source: Card, ability: Ability) -> str | None:
    """Why the ability's limit or max stops its controller from using it now, or ``None``."""
    for key, times, wording in limit_keys(state, source, ability):
        used = state.usage.get(key, 0)
        if used >= times:
            return f"{wording}; used {used} time(s) already"
    return None
