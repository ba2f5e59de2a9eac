"""The scenario file's document types: an answer as written, the file's structure (every field of
:class:`~rulekit.core.scenario.Scenario`, plus ``answers`` and ``expect``), a loaded scenario, and
the format's JSON Schema."""
from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field

from rulekit.core.decisions import FIRST, AnswerKey, DecisionKind, Line, not_a_number
from rulekit.core.scenario import Scenario
from rulekit.files.expect import Expect


@dataclass(frozen=True)
class AnswerSpec:
    """One recorded answer: the decision it answers (kind, the id of what is decided, the
    chooser and the number) and the option chosen. ``note`` is for people and ignored."""

    __pydantic_config__ = {"extra": "forbid"}

    decision: DecisionKind
    at: str
    chooser: str
    answer: str
    number: int = FIRST
    note: str = ""

    @property
    def key(self) -> AnswerKey:
        return AnswerKey(self.decision, self.at, self.chooser, self.number)

    @classmethod
    def parse(cls, text: str) -> "AnswerSpec":
        """``"act or pass | s:claim:reaction | P1 | #1 -> c6.r1@s:claim:killed:c3"`` (decisions are
        counted from 1: the first opportunity is ``#1``)."""
        head, arrow, answer = text.partition("->")
        parts = [p.strip() for p in head.split("|")]
        if arrow and len(parts) == 4 and parts[3].startswith("#-") and parts[3][2:].isdigit():
            raise ValueError(not_a_number(-int(parts[3][2:])))
        if arrow and len(parts) == 4 and parts[3].startswith("#") and parts[3][1:].isdigit() \
                and int(parts[3][1:]) < FIRST:
            raise ValueError(not_a_number(int(parts[3][1:])))
        if not arrow or len(parts) != 4 or not parts[3].startswith("#") or not parts[3][1:].isdigit():
            raise ValueError("expected 'DECISION | AT | CHOOSER | #NUMBER -> ANSWER'")
        return cls(DecisionKind(parts[0]), parts[1], parts[2], answer.strip(), int(parts[3][1:]))


def _document_type():
    """The file's structure: every field of :class:`Scenario`, plus ``answers`` and ``expect``."""
    hints = typing.get_type_hints(Scenario)
    fields = [(f.name, hints[f.name], f) for f in dataclasses.fields(Scenario)]
    fields += [("answers", tuple[typing.Union[AnswerSpec, str], ...], field(default=())),
               ("expect", typing.Optional[Expect], field(default=None))]
    cls = dataclasses.make_dataclass("ScenarioFile", fields, frozen=True)
    cls.__pydantic_config__ = {"extra": "forbid"}
    cls.__doc__ = "A scenario file: the scenario, its recorded answers and its expected outcome."
    return cls


ScenarioFile = _document_type()


@dataclass(frozen=True)
class LoadedScenario:
    scenario: Scenario
    answers: Line
    expect: Expect | None
    file: str
    marks: dict = field(compare=False, repr=False, default_factory=dict)

    def start(self, *, play_defaults: bool = True):
        from rulekit.core.game import Game
        return Game.start(self.scenario, self.answers, play_defaults=play_defaults)


_ADAPTER = None


def _adapter():
    global _ADAPTER
    if _ADAPTER is None:
        from pydantic import TypeAdapter
        _ADAPTER = TypeAdapter(ScenarioFile)
    return _ADAPTER


def json_schema() -> dict:
    """The JSON Schema of the scenario file format."""
    schema = _adapter().json_schema()
    _card_keys_in(schema)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "rulekit scenario"
    return schema


def _card_keys_in(schema: dict) -> None:
    """A card's own game's fields are written as its own keys (:mod:`.cardkeys`), not under
    ``extension``: the schema lists every registered game's, each saying whose it is (the check
    refuses another game's)."""
    from pydantic import TypeAdapter

    from rulekit.rulesets import get, names
    card = schema["$defs"]["Card"]
    card["properties"].pop("extension", None)
    for name in names():
        rules = get(name)
        if rules.card_extension is None:
            continue
        theirs = TypeAdapter(rules.card_extension).json_schema()
        for key, prop in theirs.get("properties", {}).items():
            prop = dict(prop, description=f"{rules.title} ({rules.name}) cards only")
            card["properties"].setdefault(key, prop)
    card["properties"]["text"] = {
        "type": "string", "minLength": 1,
        "description": "the card's printed text: its abilities are read from it (or, where the card also lists "
                       "abilities, checked against it); rule rulekit.card-text"}
    card["properties"]["library"] = {
        "type": "string", "minLength": 1,
        "description": "a card of the card library, by name or code (rulekit cards search): it gives the card's "
                       "title, type, traits, own fields and printed text; the entry gives only its board keys "
                       "(docs/card-library.md)"}
    card["required"] = [k for k in card.get("required", ()) if k != "title"]
    card["if"] = {"not": {"required": ["library"]}}
    card["then"] = {"required": ["title"]}
    card["dependentSchemas"] = {"library": {"not": {"anyOf": [{"required": ["title"]}, {"required": ["text"]}]}}}
