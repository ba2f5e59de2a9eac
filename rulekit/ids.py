"""Stable identities: every id the engine creates is derived from its cause, never from a counter.

The same scenario with the same answers gives the same ids in every process, so graphs,
recorded answers and the explorer can refer to an object across runs and across edits of
unrelated parts of the board.

- a card object: its card id, plus ``@n`` once it has become a new object n times;
- a script occurrence: ``s:`` + its declared id, or one derived from what it does;
- a sequence: the occurrence that opened it (a script entry, or ``<use>/cost<i>``,
  ``<use>/effect<i>`` for the i-th instruction of an ability's cost or effect);
- a triggering condition: ``<sequence>:<event>:<subject>``;
- a window: ``<sequence>:<kind>``;
- a use of an ability: ``<card object>.<ability>@<triggering condition>``.
"""
from __future__ import annotations


def card_object(card_id: str, incarnation: int) -> str:
    return card_id if incarnation == 0 else f"{card_id}@{incarnation}"


def script_occurrence(slug: str) -> str:
    return f"s:{slug}"


def instruction_sequence(use_id: str, part: str, index: int) -> str:
    return f"{use_id}/{part}{index}"


def after_part_sequence(use_id: str, part: str) -> str:
    return f"{use_id}/{part}"


def triggering_condition(sequence_id: str, event: str, subject: str) -> str:
    return f"{sequence_id}:{event.replace(' ', '-')}:{subject}"


def window(sequence_id: str, kind: str) -> str:
    return f"{sequence_id}:{kind.replace(' ', '-')}"


def forced_step(sequence_id: str, step: str) -> str:
    return f"{sequence_id}:{step.replace(' ', '-')}"


def use(card_obj: str, ability_id: str, responds_to: str) -> str:
    return f"{card_obj}.{ability_id}@{responds_to}"
