"""Scenario files: YAML or JSON in, validated scenarios with answers and expectations out.

``load_scenario(path)`` reads a file safely (:mod:`rulekit.yamlnodes`), validates it against
the format (pydantic, from the engine's own dataclasses: one definition for Python and files),
checks its cross-references, and raises one :class:`~rulekit.errors.ScenarioError` naming the
file, line, column and field path of the first problem, with a suggestion for a near-miss key
or id. ``dump_scenario`` writes a scenario, a line of answers and an ``expect`` block back to
YAML (or JSON); loading that text gives the same timeline.
"""
from __future__ import annotations

import collections.abc
import dataclasses
import json
import typing
from dataclasses import dataclass, field
from pathlib import Path

from .decisions import AnswerKey, DecisionKind, Line
from .errors import ScenarioError
from .expect import Expect
from .scenario import Scenario, check, suggest
from .yamlnodes import Mark, load_text, path_text


@dataclass(frozen=True)
class AnswerSpec:
    """One recorded answer: the decision it answers (kind, the id of what is decided, the
    chooser and the number) and the option chosen. ``note`` is for people and ignored."""

    __pydantic_config__ = {"extra": "forbid"}

    decision: DecisionKind
    at: str
    chooser: str
    answer: str
    number: int = 0
    note: str = ""

    @property
    def key(self) -> AnswerKey:
        return AnswerKey(self.decision, self.at, self.chooser, self.number)

    @classmethod
    def parse(cls, text: str) -> "AnswerSpec":
        """``"act or pass | s:claim:reaction | P1 | #0 -> c6.r1@s:claim:killed:c3"``."""
        head, arrow, answer = text.partition("->")
        parts = [p.strip() for p in head.split("|")]
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
        from .game import Game
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
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "rulekit scenario"
    return schema


# -- loading ------------------------------------------------------------------------------------
def load_scenario(path: "str | Path") -> LoadedScenario:
    path = Path(path)
    name = str(path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise ScenarioError(f"cannot read the file: {e.strerror}", file=name) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ScenarioError(f"the file is not UTF-8 text (byte {e.start})", file=name) from None
    return loads_scenario(text, name)


def loads_scenario(text: str, file: str = "<string>") -> LoadedScenario:
    if "\x00" in text:
        raise ScenarioError("the file contains a NUL byte: it is not a text file", file=file)
    data, marks = load_text(text, file)
    if not isinstance(data, dict):
        raise ScenarioError("the top level must be a mapping", file=file, line=1, column=1,
                            expected="keys such as ruleset, title, players, first_player, cards, script")
    document = _validate(data, marks, file)
    hints = typing.get_type_hints(Scenario)
    scenario = Scenario(**{name: getattr(document, name) for name in hints if not name.startswith("_")
                           and name in {f.name for f in dataclasses.fields(Scenario)}})
    try:
        check(scenario)
    except ScenarioError as e:
        raise _locate(e, marks, file) from None
    answers = []
    for i, spec in enumerate(document.answers):
        if isinstance(spec, str):
            try:
                spec = AnswerSpec.parse(spec)
            except ValueError as e:
                raise _at(("answers", i), marks, file, f"cannot read the answer {spec!r}: {e}") from None
        _check_answer(spec, scenario, ("answers", i), marks, file)
        answers.append(spec)
    line = Line()
    for spec in answers:
        if line.get(spec.key) is not None:
            raise _at(("answers",), marks, file, f"two answers for the same decision {spec.key}")
        line = line.with_answer(spec.key, spec.answer)
    if document.expect is not None:
        _check_expect_refs(document.expect, scenario, marks, file)
    return LoadedScenario(scenario, line, document.expect, file, marks)


def _validate(data: dict, marks: dict, file: str):
    from pydantic import ValidationError
    try:
        return _adapter().validate_python(data)
    except ValidationError as exc:
        raise _from_pydantic(exc.errors()[0], data, marks, file) from None


def _at(path: tuple, marks: dict, file: str, problem: str, expected: str | None = None) -> ScenarioError:
    mark = _mark_for(path, marks)
    return ScenarioError(problem, path=path_text(path), file=file, line=mark.line if mark else None,
                         column=mark.column if mark else None, expected=expected)


def _mark_for(path: tuple, marks: dict) -> Mark | None:
    while path not in marks and path:
        path = path[:-1]
    return marks.get(path)


def _locate(e: ScenarioError, marks: dict, file: str) -> ScenarioError:
    path = _parse_path(e.path)
    mark = _mark_for(path, marks)
    return e.located(file=file, line=mark.line if mark else None, column=mark.column if mark else None)


def _parse_path(text: str) -> tuple:
    out: list = []
    for part in text.replace("[", ".[").split("."):
        if not part:
            continue
        out.append(int(part[1:-1]) if part.startswith("[") else part)
    return tuple(out)


def _data_path(loc: tuple, data) -> tuple:
    """Keep the parts of a pydantic location that exist in the data (drop union tags)."""
    out, node = [], data
    for i, part in enumerate(loc):
        if isinstance(node, dict) and part in node:
            out.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            out.append(part)
            node = node[part]
        elif i == len(loc) - 1 and isinstance(part, str) and isinstance(node, dict):
            out.append(part)
    return tuple(out)


def _type_at(path: tuple):
    """The Python type the format expects at a data path (for listing allowed keys)."""
    tp = ScenarioFile
    for part in path:
        tp = _unwrap(tp)
        if isinstance(part, int):
            args = typing.get_args(tp)
            tp = args[0] if args else None
        elif dataclasses.is_dataclass(tp):
            tp = typing.get_type_hints(tp).get(part)
        elif typing.get_origin(tp) in (dict, typing.Mapping, collections.abc.Mapping):
            tp = typing.get_args(tp)[1]
        else:
            return None
        if tp is None:
            return None
    return _unwrap(tp)


def _unwrap(tp):
    while typing.get_origin(tp) is typing.Union or type(tp).__name__ == "UnionType":
        args = [a for a in typing.get_args(tp) if a is not type(None) and a is not str]
        if not args:
            return str
        tp = args[0]
    return tp


def _allowed_keys(path: tuple) -> list[str]:
    tp = _type_at(path)
    if tp is not None and dataclasses.is_dataclass(tp):
        return [f.name for f in dataclasses.fields(tp)]
    return []


def _from_pydantic(err: dict, data: dict, marks: dict, file: str) -> ScenarioError:
    kind, loc = err["type"], tuple(err["loc"])
    path = _data_path(loc, data)
    given = err.get("input")
    name = path[-1] if path else ""
    if kind in ("unexpected_keyword_argument", "extra_forbidden"):
        allowed = _allowed_keys(path[:-1])
        return _at(path, marks, file, f"unknown key {name!r}{suggest(name, allowed)}",
                   "one of " + ", ".join(allowed) if allowed else None)
    if kind == "missing" or kind == "missing_argument":
        return _at(path, marks, file, f"missing required key {name!r}")
    if kind in ("enum", "literal_error"):
        expected = err.get("ctx", {}).get("expected", "")
        choices = [c.strip().strip("'") for c in expected.replace(" or ", ",").split(",") if c.strip()]
        return _at(path, marks, file, f"{given!r} is not a valid {name}{suggest(given, choices)}",
                   f"one of {expected}" if expected else None)
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return _at(path, marks, file, f"{given!r} is not a whole number", "a whole number")
    if kind in ("bool_type", "bool_parsing"):
        return _at(path, marks, file, f"{given!r} is not true or false", "true or false")
    if kind in ("string_type",):
        return _at(path, marks, file, f"{name} must be text, not {_kind_of(given)}")
    if kind in ("tuple_type", "list_type"):
        return _at(path, marks, file, f"{name} must be a list, not {_kind_of(given)}")
    if kind in ("dataclass_type", "dict_type", "model_type", "dataclass_exact_type", "mapping_type"):
        allowed = _allowed_keys(path)
        return _at(path, marks, file, f"{name or 'this'} must be a mapping, not {_kind_of(given)}",
                   "keys among " + ", ".join(allowed) if allowed else None)
    return _at(path, marks, file, err.get("msg", "invalid value"))


def _kind_of(value) -> str:
    if value is None:
        return "nothing (null)"
    return {dict: "a mapping", list: "a list", str: f"the text {value!r}", bool: f"{value}",
            int: f"the number {value}", float: f"the number {value}"}.get(type(value), type(value).__name__)


def _ability_ids(scenario: Scenario, card_id: str) -> list[str]:
    """The card's abilities, with those the rules give it (a duplicate's save)."""
    from .rulesets import get
    card = next(c for c in get(scenario.ruleset).setup_cards(scenario.cards) if c.id == card_id)
    granted = [e.grant.id for e in scenario.script if e.grant is not None and card_id in e.cards]
    return [a.id for a in card.abilities] + granted


def _check_answer(spec: AnswerSpec, scenario: Scenario, path: tuple, marks: dict, file: str) -> None:
    if spec.chooser not in scenario.players:
        raise _at(path + ("chooser",), marks, file,
                  f"chooser {spec.chooser!r} is not a player{suggest(spec.chooser, scenario.players)}",
                  "one of " + ", ".join(scenario.players))
    card_ids = [c.id for c in scenario.cards]
    if spec.decision is DecisionKind.CHOOSE_TARGET:
        if spec.answer not in card_ids:
            raise _at(path + ("answer",), marks, file,
                      f"no card has id {spec.answer!r}{suggest(spec.answer, card_ids)}", "a card id")
        return
    if spec.answer == "pass" and spec.decision is DecisionKind.ACT_OR_PASS:
        return
    if spec.decision is DecisionKind.MAY:
        if spec.answer not in ("yes", "no"):
            raise _at(path + ("answer",), marks, file, f"{spec.answer!r} is not an answer to \"you may\"",
                      "'yes' or 'no'")
        return
    if spec.decision is DecisionKind.CHOOSE_EVENT:
        return   # an event id; whether it is among the candidates is known only when the choice comes up
    head = spec.answer.partition("@")[0]
    obj, _, ability = head.rpartition(".")
    card_id = obj.partition("@")[0]
    from .abilities import Timing
    from .rulesets import get
    # an ability used with priority is answered as CARD.ABILITY (it responds to no condition)
    played = Timing.PRIORITY in get(scenario.ruleset).timings and spec.decision is DecisionKind.ACT_OR_PASS
    if not obj or ("@" not in spec.answer and not played):
        raise _at(path + ("answer",), marks, file, f"{spec.answer!r} is not a use of an ability",
                  "'pass' or CARD.ABILITY@CONDITION, e.g. 'c6.r1@s:claim:killed:c3'")
    if card_id not in card_ids:
        raise _at(path + ("answer",), marks, file, f"no card has id {card_id!r}{suggest(card_id, card_ids)}")
    abilities = _ability_ids(scenario, card_id)
    if ability not in abilities:
        raise _at(path + ("answer",), marks, file,
                  f"card {card_id!r} has no ability {ability!r}{suggest(ability, abilities)}",
                  "one of " + ", ".join(abilities) if abilities else "a card with abilities")


def _check_expect_refs(expect: Expect, scenario: Scenario, marks: dict, file: str) -> None:
    card_ids = [c.id for c in scenario.cards]
    for card_id in expect.cards:
        if card_id not in card_ids:
            raise _at(("expect", "cards", card_id), marks, file,
                      f"no card has id {card_id!r}{suggest(card_id, card_ids)}")
    for player in expect.hands:
        if player not in scenario.players:
            raise _at(("expect", "hands", player), marks, file,
                      f"{player!r} is not a player{suggest(player, scenario.players)}")
    from .rulesets import get
    step_names = get(scenario.ruleset).step_names()
    for i, v in enumerate(expect.verdicts):
        if v.step not in step_names:
            raise _at(("expect", "verdicts", i, "step"), marks, file,
                      f"{v.step!r} is not a step of {scenario.ruleset}{suggest(v.step, step_names)}",
                      "one of " + ", ".join(repr(n) for n in step_names))
        if v.card not in card_ids:
            raise _at(("expect", "verdicts", i, "card"), marks, file,
                      f"no card has id {v.card!r}{suggest(v.card, card_ids)}")
        abilities = _ability_ids(scenario, v.card)
        if v.ability not in abilities:
            raise _at(("expect", "verdicts", i, "ability"), marks, file,
                      f"card {v.card!r} has no ability {v.ability!r}{suggest(v.ability, abilities)}")


# -- writing --------------------------------------------------------------------------------------
def answer_specs(line: Line, state=None) -> list[dict]:
    """A line of answers in the file's mapping form (with a readable note when a state is given)."""
    from .text import option_label
    out = []
    for key, option in line.items():
        entry = {"decision": key.kind.value, "at": key.at, "chooser": key.chooser, "number": key.number,
                 "answer": option}
        if state is not None:
            entry["note"] = option_label(key.kind, option, state, key.chooser)
        out.append(entry)
    return out


def scenario_data(scenario: Scenario, line: Line | None = None, expect: Expect | None = None, state=None) -> dict:
    data = {"ruleset": scenario.ruleset, **scenario.to_data()}
    if line is not None and len(line):
        data["answers"] = answer_specs(line, state)
    if expect is not None:
        from pydantic import TypeAdapter
        data["expect"] = TypeAdapter(Expect).dump_python(expect, mode="json", exclude_defaults=True)
    return data


def dump_scenario(scenario: Scenario, line: Line | None = None, expect: Expect | None = None, *,
                  format: str = "yaml", state=None) -> str:
    """The scenario (and answers, and expect) as file text; :func:`loads_scenario` reads it back."""
    data = scenario_data(scenario, line, expect, state)
    if format == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    import yaml
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def export_game(game, *, format: str = "yaml") -> str:
    """A game — built in Python or edited in the widgets — as a scenario file with its answers."""
    return dump_scenario(game.scenario, game.line, format=format, state=game.timeline[0].state)
