"""The versioned JSON trace (``"format": "rulekit-trace/3"``), documented in docs/trace-format.md.

The structure is defined once, as the dataclasses below; :func:`trace_schema` derives the
JSON Schema from them and :func:`trace_data` fills them from a game.
"""
from __future__ import annotations

import typing

from dataclasses import asdict, dataclass

from rulekit.core import ids
from rulekit.core.verdicts import reason

FORMAT = "rulekit-trace/3"


@dataclass(frozen=True)
class VerdictRecord:
    card: str
    title: str
    ability: str
    condition: str
    code: str
    reason: str


@dataclass(frozen=True)
class DecisionRecord:
    kind: str
    at: str
    chooser: str
    number: int                 # which decision of its kind at ``at``, counted from 1: an answer's #N (since /3)
    options: list[str]
    default: str
    answer: str
    answered_by: str
    #: a chance decision: the game answered it (chooser "the game"), not a player (rule rulekit.chance)
    by_chance: bool = False


@dataclass(frozen=True)
class StepRecord:
    number: int
    rule: str
    what: str
    text: str
    level: int
    sequence: str | None
    sequence_step: int | None
    args: dict
    verdicts: list[VerdictRecord]
    decision: DecisionRecord | None


@dataclass(frozen=True)
class CardRecord:
    id: str
    object: str
    title: str
    owner: str
    controller: str
    zone: str
    type: str
    kneeling: bool
    #: the card's own game's fields (A Game of Thrones: strength, power, duplicate_of, participating,
    #: until_challenge, until_phase; Riftbound:
    #: might, damage, buffed, might_this_turn, keywords, at, uncontrolled, role, energy_cost, and
    #: power_cost: a list of domains)
    fields: dict[str, typing.Union[bool, int, str, list[str], None]]


@dataclass(frozen=True)
class PlayerRecord:
    name: str
    hand: list[str]
    draw_deck: list[str]


@dataclass(frozen=True)
class UnappliedRecord:
    answer: str
    why: str


@dataclass(frozen=True)
class CorpusRecord:
    """A corpus card's block: the card the file is about, its title, its printed text and the
    vocabulary items it covers."""

    card: str
    title: str
    text: str
    covers: list[str]


@dataclass(frozen=True)
class Trace:
    format: str
    title: str
    ruleset: str
    players: list[str]
    first_player: str
    steps: list[StepRecord]
    finished: bool
    cards: list[CardRecord]
    final_players: list[PlayerRecord]
    phase: str
    unapplied: list[UnappliedRecord]
    corpus: CorpusRecord | None = None     # added within rulekit-trace/2: a corpus card's printed text


def _json_args(args: tuple) -> dict:
    def conv(v):
        if isinstance(v, tuple):
            return [conv(x) for x in v]
        return v
    return {k: conv(v) for k, v in args}


def trace_data(game) -> dict:
    steps = []
    for s in game.timeline:
        ctx = s.context
        state = s.before
        verdicts = [VerdictRecord(v.card, state.cards[ids.card_id(v.card)].title, v.ability, v.condition,
                                  v.code.value, reason(v)) for v in s.verdicts]
        d = None
        if s.decision is not None:
            k = s.decision.key
            d = DecisionRecord(k.kind.value, k.at, k.chooser, k.number, list(s.decision.option_ids),
                               s.decision.default, s.answer, s.answered_by, s.decision.by_chance)
        steps.append(StepRecord(s.number, s.rule, s.what, s.describe(), s.level, ctx.id if ctx else None,
                                ctx.step.number if ctx else None, _json_args(s.args), verdicts, d))
    final = game.state
    cards = [CardRecord(c.id, c.obj, c.title, c.owner, c.controller, c.zone, c.type, c.kneeling,
                        {k: list(v) if isinstance(v, tuple) else v for k, v in c.own_fields().items()})
             for c in (final.cards[i] for i in final.order)]
    players = [PlayerRecord(p, [c.id for c in final.cards_in("hand", p)], list(final.decks.get(p, ())))
               for p in final.players]
    unapplied = [UnappliedRecord(f"{u.key} -> {u.option}", u.why) for u in game.unapplied]
    sc = game.scenario
    corpus = None if sc.corpus is None else CorpusRecord(sc.corpus.card, sc.card(sc.corpus.card).title,
                                                         sc.corpus.text, list(sc.corpus.covers))
    return asdict(Trace(FORMAT, sc.title, sc.ruleset, list(sc.players), sc.first_player, steps, game.finished,
                        cards, players, final.phase, unapplied, corpus))


def trace_schema() -> dict:
    from pydantic import TypeAdapter
    schema = TypeAdapter(Trace).json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "rulekit trace, format rulekit-trace/3"
    schema["properties"]["format"]["const"] = FORMAT
    return schema
