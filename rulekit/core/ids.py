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

Ids derived from causes grow with every round of a loop (``a.x@…b.y@…a.x@…``). Every id
shorter than :data:`MAX_ID` characters keeps exactly the form above; a longer one is folded
(:func:`fold`) into its first :data:`HEAD` characters, ``~`` and a BLAKE2b digest of the whole
id, so ids stay deterministic in every process and bounded in length. The head keeps the
card object and ability a use starts with, which is all the engine ever reads back from an id.
"""
from __future__ import annotations

MAX_ID = 256     #: ids shorter than this keep their full form
HEAD = 160       #: characters of a folded id kept as they were
FOLD_MARK = "~"  #: what separates a folded id's head from its digest


def fold(text: str) -> str:
    """``text`` itself when shorter than :data:`MAX_ID`; otherwise its head, ``~`` and a
    20-hex-digit BLAKE2b digest of all of it (never Python's ``hash()``, which changes per
    process). The result is at most ``HEAD + 21`` characters."""
    if len(text) < MAX_ID:
        return text
    from hashlib import blake2b     # only long ids need it (importing hashlib loads OpenSSL: ~3 ms at start-up)
    digest = blake2b(text.encode("utf-8", "surrogatepass"), digest_size=10).hexdigest()
    return f"{text[:HEAD]}{FOLD_MARK}{digest}"


def card_object(card_id: str, incarnation: int) -> str:
    return card_id if incarnation == 0 else f"{card_id}@{incarnation}"


def script_occurrence(slug: str) -> str:
    return fold(f"s:{slug}")


def instruction_sequence(use_id: str, part: str, index: int) -> str:
    return fold(f"{use_id}/{part}{index}")


def after_part_sequence(use_id: str, part: str) -> str:
    return fold(f"{use_id}/{part}")


def triggering_condition(sequence_id: str, event: str, subject: str) -> str:
    return fold(f"{sequence_id}:{event.replace(' ', '-')}:{subject}")


def window(sequence_id: str, kind: str) -> str:
    return fold(f"{sequence_id}:{kind.replace(' ', '-')}")


def forced_step(sequence_id: str, step: str) -> str:
    return fold(f"{sequence_id}:{step.replace(' ', '-')}")


def use(card_obj: str, ability_id: str, responds_to: str) -> str:
    return fold(f"{card_obj}.{ability_id}@{responds_to}")
