"""A Game of Thrones' control frames: an open sequence (with its window) and a resolving ability.

A :class:`SequenceFrame` is one open triggering-condition sequence, shared by every condition of
one occurrence, with its open window if any; a :class:`ResolutionFrame` is one ability being
initiated and resolved. A new triggering condition pushes a sequence frame on top: that is
nesting, last in, first out.
"""
from __future__ import annotations

from dataclasses import field

from rulekit.core import ids
from rulekit.core.abilities import Ability
from rulekit.core.frozen import Word, immutable
from rulekit.core.model import Card, TriggeringCondition
from rulekit.core.ruleset import Frame
from rulekit.rulesets.agot.steps import SeqStep


class Role(Word):
    """What follows step 5 of a sequence (:attr:`SequenceFrame.role`)."""

    OCCURRENCE = "occurrence"    # an occurrence's own sequence: steps 6 and 7
    NESTED = "nested"            # opened while an effect resolves: its conditions go to that effect
    INITIATION = "initiation"    # the initiation of an effect: then the effect resolves

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


class Stage(Word):
    """Where a use of an ability is (:attr:`ResolutionFrame.stage`): cost, targets, initiation, effect."""

    COST = "cost"                # its cost is paid, instruction by instruction
    TARGETS = "targets"          # its targets are chosen
    INITIATION = "initiation"    # the initiation of its effect is a triggering condition of its own
    EFFECT = "effect"            # its effect resolves, instruction by instruction

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


@immutable(quick_new=True)
class Window:
    """An open window: whose opportunity it is, how many players have passed in a row, and
    how many opportunities it has given so far."""

    id: str
    opportunity: str
    passes: int = 0
    number: int = 0

    @property
    def ordinal(self) -> int:
        """The current opportunity counted as a person counts (the first is #1): what its answer
        is keyed by and what views show."""
        return self.number + 1


@immutable(quick_new=True)
class SequenceFrame(Frame):
    """One triggering-condition sequence, shared by every condition of one occurrence.

    ``role`` says what follows step 5: :attr:`Role.OCCURRENCE` — steps 6 and 7;
    :attr:`Role.NESTED` — a sequence opened while an effect resolves hands its conditions to that
    effect, whose reactions open in one window once it has fully resolved;
    :attr:`Role.INITIATION` — the initiation of an effect, after which the effect resolves.
    ``planned`` is how many conditions the occurrence created (to tell whether it resolved in
    full).
    """

    id: str
    conditions: tuple[TriggeringCondition, ...]
    step: SeqStep = SeqStep.IMMINENT
    window: Window | None = None
    forced_done: int = 0
    role: Role = Role.OCCURRENCE
    planned: int = 0
    #: the verdicts of this step, kept while players pass on the same state: (state, verdicts,
    #: usable uses). Not part of the frame's identity (equality, hash, replay ignore it).
    judged: tuple = field(default=(), compare=False, hash=False, repr=False)

    is_sequence = True

    @property
    def deferred(self) -> bool:
        return self.role is not Role.OCCURRENCE

    def nesting(self) -> int:
        return 1

    def loop_uses(self) -> tuple[str, ...]:
        return (ids.use_head(self.id),) if ids.parse_use(self.id) is not None else ()


@immutable(quick_new=True)
class ResolutionFrame(Frame):
    """One use of a triggered ability, from paying its cost to the end of its effect.

    ``stage`` (a :class:`Stage`) runs cost → targets → initiation → effect; ``index`` is the next
    instruction of that stage;
    ``chosen`` holds the targets chosen so far as (instruction slot, card id), a slot once per card
    chosen for it; ``occurred``
    collects the conditions that occurred during the current stage, for its reaction window;
    ``chance`` holds the outcomes the game has answered for the instruction at ``index`` (rule
    ``rulekit.chance``): the cards taken at random, or each shuffled deck's new top so far.
    """

    use: str
    source: Card
    ability: Ability
    controller: str
    condition: TriggeringCondition
    stage: Stage = Stage.COST
    index: int = 0
    chosen: tuple[tuple[str, str], ...] = ()
    occurred: tuple[TriggeringCondition, ...] = ()
    shortfall: bool = False      # an instruction so far did not resolve in full (for "then")
    replaced: bool = False       # a condition an instruction so far created was replaced ("instead")
    cancelled: bool = False      # its effect was cancelled: it will not resolve
    played: bool = False         # its event card has been played (at the initiation of its effect)
    delayed: bool = False        # a delayed effect: it resolves without initiating again (agot.delayed)
    chance: tuple[str, ...] = ()   # the game's answers for the instruction at ``index`` (rulekit.chance)

    def choice(self, slot: str) -> str | None:
        for s, card_id in self.chosen:
            if s == slot:
                return card_id
        return None

    def choices(self, slot: str) -> tuple[str, ...]:
        """Every card chosen for ``slot`` so far, in the order chosen ("choose 2": up to two)."""
        return tuple(card_id for s, card_id in self.chosen if s == slot)

    def loop_uses(self) -> tuple[str, ...]:
        return (ids.use_head(self.use),)
