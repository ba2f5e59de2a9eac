"""Expected outcomes: what a scenario file says the rules require, and checking a run against it.

An ``expect`` block is written from the rules text, not from what the engine did: final zones
and stats of cards, hands, the abilities used in order, the windows that opened, and verdicts
(why an ability was or was not offered) at named steps. :func:`check_expect` returns every
difference as a line ``field: expected …, got …`` — an empty list means the run agrees.
"""
from __future__ import annotations

import dataclasses

from dataclasses import dataclass, field
from typing import Literal, Mapping

from rulekit.core import ids
from rulekit.core.decisions import DecisionKind
from rulekit.core.verdicts import Code

#: a step of the ruleset's sequence ("interrupt window" …), checked against the ruleset's
#: :meth:`~rulekit.rulesets.Ruleset.step_names` when the file is loaded
StepName = str


@dataclass(frozen=True)
class CardExpect:
    __pydantic_config__ = {"extra": "forbid"}

    zone: str | None = None
    controller: str | None = None
    kneeling: bool | None = None
    power: int | None = None
    strength: int | None = None
    incarnation: int | None = None
    might: int | None = None
    damage: int | None = None
    buffed: bool | None = None
    at: str | None = None            # Riftbound: the battlefield a permanent is at
    attached_to: str | None = None   # A Game of Thrones: the card an attachment is attached to


@dataclass(frozen=True)
class VerdictExpect:
    """The verdict of ``card``'s ``ability`` at ``step`` of ``sequence`` (the first time the
    sequence is at that step, or the last with ``when: last``), for ``condition`` — or for
    every condition of the sequence when none is named."""

    __pydantic_config__ = {"extra": "forbid"}

    sequence: str
    step: StepName
    card: str
    ability: str
    code: Code
    condition: str | None = None
    when: Literal["first", "last"] = "first"


@dataclass(frozen=True)
class Expect:
    __pydantic_config__ = {"extra": "forbid"}

    cards: Mapping[str, CardExpect] = field(default_factory=dict)
    hands: Mapping[str, int | list[str]] = field(default_factory=dict)
    uses: tuple[str, ...] | None = None
    windows: tuple[str, ...] | None = None
    verdicts: tuple[VerdictExpect, ...] = ()
    phase: str | None = None
    resolved: tuple[str, ...] | None = None      # items (Riftbound) or uses (A Game of Thrones) in the order they resolved
    priority: tuple[str, ...] | None = None      # every grant of priority, in order, passes included (Riftbound)
    targets: tuple[str, ...] | None = None       # targets chosen, in order, as "CHOOSER:CARD"
    never_offered: tuple[str, ...] = ()          # uses no decision may ever offer
    pools: Mapping[str, Mapping[str, int]] = field(default_factory=dict)   # player -> resource -> amount held at the end


def uses_of(game) -> tuple[str, ...]:
    """Every ability used (or forced to resolve), in order, as use ids."""
    return tuple(s.args_dict()["use"] for s in game.timeline if s.what in ("use", "forced"))


def windows_of(game) -> tuple[str, ...]:
    """The windows that opened, in order (a window nobody could act in does not open)."""
    return tuple(s.args_dict()["window"] for s in game.timeline if s.what == "window-opens")


def resolved_of(game) -> tuple[str, ...]:
    """Chain items (Riftbound) or uses whose effects resolved (A Game of Thrones), in order."""
    return tuple(s.args_dict()["item"] if s.what == "rb-resolves" else s.args_dict()["use"]
                 for s in game.timeline if s.what in ("rb-resolves", "resolved"))


def targets_of(game) -> tuple[str, ...]:
    """Every target chosen, in order, as ``CHOOSER:CARD``."""
    return tuple(f"{s.decision.chooser}:{s.answer}" for s in game.timeline
                 if s.decision is not None and s.decision.kind is DecisionKind.CHOOSE_TARGET)


def offered_of(game) -> set[str]:
    """Every option any decision of the game offered."""
    return {o for s in game.timeline if s.decision is not None for o in s.decision.legal_ids()}


def priority_of(game) -> tuple[str, ...] | None:
    """Every grant of priority, in order, passes included, as the player who received it — as the
    game's ruleset defines a grant (Riftbound: Core Rules 312.2); ``None`` for a game without
    priority (A Game of Thrones)."""
    return game.state.rules.priority_grants(game.timeline)


_NO_SUCH_FIELD = object()


def check_expect(game, expect: Expect) -> list[str]:
    """Every way ``game`` differs from ``expect``, one line each (an empty list: it agrees). A
    verdict expected of an ability the card does not have at that step is such a difference,
    never an error."""
    from rulekit.core.explain import explain
    diffs: list[str] = []
    state = game.state
    if game.decision is not None:
        diffs.append(f"finished: expected the run to end, but it waits for {game.decision.describe()}")
    for card_id, want in expect.cards.items():
        card = state.cards.get(ids.card_id(card_id))
        if card is not None and ids.new_object(card_id) is not None and card.obj != card_id:
            diffs.append(f"cards.{card_id}: that object is gone; the card is now {card.obj} in the {card.zone}")
            continue
        if card is None:
            diffs.append(f"cards.{card_id}: no such card")
            continue
        for f in dataclasses.fields(CardExpect):
            wanted = getattr(want, f.name)
            if wanted is None:
                continue
            got = getattr(card, f.name, _NO_SUCH_FIELD)
            if got is _NO_SUCH_FIELD:
                diffs.append(f"cards.{card_id}.{f.name}: a {state.rules.name} card has no {f.name}")
            elif got != wanted:
                diffs.append(f"cards.{card_id}.{f.name}: expected {wanted!r}, got {got!r}")
    for player, held in expect.pools.items():
        for resource, amount in held.items():
            got = state.pool(player).get(resource, 0)
            if got != amount:
                diffs.append(f"pools.{player}.{resource}: expected {amount}, got {got}")
    for player, want in expect.hands.items():
        hand = [c.id for c in state.cards_in("hand", player)]
        if isinstance(want, int) and len(hand) != want:
            diffs.append(f"hands.{player}: expected {want} card(s), got {len(hand)} {hand}")
        elif isinstance(want, list) and sorted(hand) != sorted(want):
            diffs.append(f"hands.{player}: expected {sorted(want)}, got {sorted(hand)}")
    if expect.uses is not None and uses_of(game) != tuple(expect.uses):
        diffs.append(f"uses: expected {list(expect.uses)}, got {list(uses_of(game))}")
    if expect.windows is not None and windows_of(game) != tuple(expect.windows):
        diffs.append(f"windows: expected {list(expect.windows)}, got {list(windows_of(game))}")
    if expect.resolved is not None and resolved_of(game) != tuple(expect.resolved):
        diffs.append(f"resolved: expected {list(expect.resolved)}, got {list(resolved_of(game))}")
    if expect.priority is not None:
        got = priority_of(game)
        if got is None:
            rules = state.rules
            diffs.append(f"priority: {rules.title} has no priority ({rules.no_priority})")
        elif got != tuple(expect.priority):
            diffs.append(f"priority: expected {list(expect.priority)}, got {list(got)}")
    if expect.targets is not None and targets_of(game) != tuple(expect.targets):
        diffs.append(f"targets: expected {list(expect.targets)}, got {list(targets_of(game))}")
    if expect.never_offered:
        offered = offered_of(game) | ({o for o in game.decision.legal_ids()} if game.decision else set())
        for use in expect.never_offered:
            if use in offered:
                diffs.append(f"never_offered: {use} was offered")
    if expect.phase is not None and state.phase != expect.phase:
        diffs.append(f"phase: expected {expect.phase!r}, got {state.phase!r}")
    for i, want in enumerate(expect.verdicts):
        diffs.extend(_check_verdict(game, want, f"verdicts[{i}]", explain))
    return diffs


def _steps_at(game, want: VerdictExpect) -> list:
    """The steps taken at ``want.step`` of the sequence (or occurrence) ``want.sequence``, as the
    game's ruleset finds them."""
    return game.state.rules.steps_at(game.timeline, want.sequence, want.step)


def _check_verdict(game, want: VerdictExpect, where: str, explain) -> list[str]:
    from rulekit.core.explain import NoSuchAbility
    steps = _steps_at(game, want)
    if not steps:
        return [f"{where}: the sequence {want.sequence!r} never reached the step {want.step!r}"]
    step = steps[0] if want.when == "first" else steps[-1]
    try:
        found = explain(step, want.card, want.ability, later=game.last_step)
    except NoSuchAbility as e:
        if not e.title:
            return [f"{where}: there is no card {want.card!r} in this game, so it has no verdict"]
        return [f"{where}: {e.title} ({want.card}) has no ability {want.ability!r} at step #{step.number} "
                f"(its abilities then: {', '.join(e.having) or 'none'}), nor gains it later, so it has "
                "no verdict there"]
    got = [v for v in found.verdicts if want.condition is None or v.condition == want.condition]
    if not got:
        return [f"{where}: {want.card}.{want.ability} has no verdict for {want.condition!r} at step #{step.number}"]
    bad = [v for v in got if v.code is not want.code]
    return [f"{where}: {want.card}.{want.ability} for {v.condition} at step #{step.number}: expected "
            f"{want.code.value!r}, got {v.code.value!r} ({v.detail})" for v in bad]
