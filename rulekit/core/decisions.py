"""Decisions the engine stops at, and answers keyed by what they answer.

A decision is data: who chooses, what kind of choice, the legal options (each with a stable
id and a readable label), the documented default, and the rule that asks. An answer is
recorded under an :class:`AnswerKey` made of the decision kind, the stable id of what is being
decided (a window, a forced step, a use of an ability), the chooser and a number counted as a
person counts, from 1 (the opportunity's number within its window: the first is #1; or which
choice of forced abilities at that step, the first #1), so a line of play can be replayed on an edited board: answers whose keys still
come up are applied, the rest are reported.

Documented defaults: order forced abilities → the first in listing order; act or pass →
pass; choose a target → the first legal target in listing order; chance → the first outcome in
its stable order (:mod:`rulekit.core.chance`); search → the first card that fits, in listing order.

A *chance* decision is answered by the game, not by a player (its chooser is :data:`GAME`):
which card a "discard 1 at random" takes, which card a shuffle leaves on top. Its answer is
recorded, keyed and replayed like a player's, so the engine itself never draws a random number
(rule ``rulekit.chance``).
"""
from __future__ import annotations

from dataclasses import field

from immutables import Map

from rulekit.core.frozen import Word, immutable


class DecisionKind(Word):
    ORDER_FORCED = "order forced"
    ACT_OR_PASS = "act or pass"
    CHOOSE_TARGET = "choose target"
    ORDER_TRIGGERS = "order triggers"
    CHOOSE_EVENT = "choose event"
    MAY = "you may"
    ORDER_REPLACEMENTS = "order replacements"
    CHANCE = "chance"           # the game answers it: a random pick, a shuffle (rulekit.chance)
    SEARCH = "search"           # a player finds a card that fits a search, or nothing (A Game of Thrones)


#: The chooser of a chance decision: the game itself, never a player.
GAME = "the game"


PASS = "pass"
YES, NO = "yes", "no"


@immutable
class Option:
    """A legal option of one decision. ``decision`` is the key of the decision it belongs to
    (not compared: two options are equal when their ids and labels are), so
    :meth:`rulekit.Game.answer` can refuse an option taken from another decision."""

    id: str
    label: str
    decision: "AnswerKey | None" = field(default=None, compare=False, repr=False)


#: The first number of a decision: decisions are counted as a person counts, from 1 (``#1``).
FIRST = 1


@immutable(order=True, quick_new=True)
class AnswerKey:
    """What one answer answers. ``number`` counts from :data:`FIRST`: the first opportunity in a
    window is ``#1`` (views show the same number), so ``#0`` is refused."""

    kind: DecisionKind
    at: str
    chooser: str
    number: int = FIRST

    def __post_init__(self) -> None:
        if not isinstance(self.number, int) or self.number < FIRST:
            raise ValueError(not_a_number(self.number))

    def __str__(self) -> str:
        return f"{self.kind.value} | {self.at} | {self.chooser} | #{self.number}"


def not_a_number(number) -> str:
    """Why ``number`` cannot number a decision, and how to write it."""
    if isinstance(number, int) and 0 <= number < FIRST:
        return (f"#{number} is not an opportunity: decisions are counted from {FIRST} since rulekit 0.2 "
                f"(the first opportunity is #{FIRST}); write #{number + 1}")
    return f"#{number} is not an opportunity: decisions are counted from {FIRST} (the first opportunity is #{FIRST})"


@immutable(quick_new=True)
class Decision:
    """``option_ids`` are the legal options; :attr:`options` adds their readable labels,
    written from ``state`` only when someone reads them (the engine never does)."""

    key: AnswerKey
    option_ids: tuple[str, ...]
    default: str
    rule: str
    prompt: str
    state: object = field(default=None, compare=False, repr=False)

    @property
    def options(self) -> tuple[Option, ...]:
        return tuple(self._option(i) for i in self.option_ids)

    def _option(self, option_id: str) -> Option:
        from rulekit.core.text import option_label
        return Option(option_id, option_label(self.key.kind, option_id, self.state, self.key.chooser), self.key)

    @property
    def kind(self) -> DecisionKind:
        return self.key.kind

    @property
    def chooser(self) -> str:
        return self.key.chooser

    @property
    def by_chance(self) -> bool:
        """A chance decision: the game answers it, not a player (rule ``rulekit.chance``)."""
        return self.key.kind is DecisionKind.CHANCE

    def option(self, choice: "Option | str") -> Option | None:
        wanted = choice.id if isinstance(choice, Option) else choice
        return self._option(wanted) if wanted in self.option_ids else None

    def is_legal(self, option_id: str) -> bool:
        return option_id in self.option_ids

    def legal_ids(self) -> tuple[str, ...]:
        return self.option_ids

    def describe(self) -> str:
        listed = "; ".join(f"{o.id!r} ({o.label})" for o in self.options)
        if self.by_chance:
            return f"chance: the game must answer [{self.key}] — possible outcomes: {listed}"
        return f"{self.chooser} must {self.kind.value} [{self.key}] — legal options: {listed}"


@immutable
class Line:
    """Answers that differ from the defaults, keyed by what they answer. Immutable."""

    answers: Map = Map()

    def with_answer(self, key: AnswerKey, option_id: str) -> "Line":
        return Line(self.answers.set(key, option_id))

    def get(self, key: AnswerKey) -> str | None:
        return self.answers.get(key)

    def __len__(self) -> int:
        return len(self.answers)

    def items(self) -> list[tuple[AnswerKey, str]]:
        """Answers sorted by key (a stable order in every process)."""
        return sorted(self.answers.items(), key=lambda kv: (kv[0].at, kv[0].kind.value, kv[0].chooser, kv[0].number))

    def __eq__(self, other) -> bool:
        return isinstance(other, Line) and dict(self.answers.items()) == dict(other.answers.items())

    def __hash__(self) -> int:
        return hash(frozenset(self.answers.items()))


@immutable
class Unapplied:
    """A recorded answer that did not apply on replay, and why."""

    key: AnswerKey
    option: str
    why: str
