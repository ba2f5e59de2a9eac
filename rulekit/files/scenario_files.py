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
import enum
import json
import os
import re
import stat
import sys
import typing
from dataclasses import dataclass, field
from pathlib import Path

from rulekit.core.abilities import Ability
from rulekit.core.decisions import AnswerKey, DecisionKind, Line
from rulekit.core.errors import RulekitError, ScenarioError, escaped, shortened, shown
from rulekit.core.events import Verb
from rulekit.core.game import use_validator
from rulekit.files.expect import Expect
from rulekit.core.model import Card
from rulekit.core.scenario import Scenario, ScriptEntry, check, suggest, with_card_types
from rulekit.files.yamlnodes import MAX_BYTES, Mark, load_json, load_text, path_text


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
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "rulekit scenario"
    return schema


# -- loading ------------------------------------------------------------------------------------
def read_text(path: "str | Path") -> str:
    """A file's text, read safely: ``-`` is standard input; only a regular file is opened (a
    FIFO, device or folder is refused without waiting on it); at most :data:`~rulekit.files.yamlnodes.MAX_BYTES` plus
    one byte is ever read, so a huge or endless input is refused without being read."""
    name = str(path)
    if name == "-":
        raw = sys.stdin.buffer.read(MAX_BYTES + 1)
    else:
        try:
            info = os.stat(name)
        except (OSError, ValueError) as e:
            raise ScenarioError(f"cannot read the file: {getattr(e, 'strerror', None) or e}", file=name) from None
        _regular_file(info, name)
        try:
            fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError as e:
            raise ScenarioError(f"cannot read the file: {e.strerror}", file=name) from None
        with os.fdopen(fd, "rb") as f:
            _regular_file(os.fstat(fd), name)          # the same file it was a moment ago
            try:
                raw = f.read(MAX_BYTES + 1)
            except OSError as e:
                raise ScenarioError(f"cannot read the file: {e.strerror}", file=name) from None
    if len(raw) > MAX_BYTES:
        raise ScenarioError(f"the file is larger than {MAX_BYTES:,} bytes", file=name,
                            expected="a scenario file of at most 1 MB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ScenarioError(f"the file is not UTF-8 text (byte {e.start})", file=name) from None


def _regular_file(info: os.stat_result, name: str) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise ScenarioError("this is a folder, not a scenario file", file=name)
    if not stat.S_ISREG(info.st_mode):
        kind = "a FIFO (named pipe)" if stat.S_ISFIFO(info.st_mode) else \
            "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else \
            "a socket" if stat.S_ISSOCK(info.st_mode) else "not a regular file"
        raise ScenarioError(f"this is {kind}, not a regular file: rulekit reads only files (or '-' for standard input)",
                            file=name)
    if info.st_size > MAX_BYTES:
        raise ScenarioError(f"the file is larger than {MAX_BYTES:,} bytes ({info.st_size:,})", file=name,
                            expected="a scenario file of at most 1 MB")


def load_scenario(path: "str | Path") -> LoadedScenario:
    name = str(path)
    return loads_scenario(read_text(name), name)


def loads_scenario(text: str, file: str = "<string>") -> LoadedScenario:
    """Read a scenario from text (strict JSON when ``file`` ends in ``.json``, else YAML).
    Every problem is one :class:`ScenarioError`; nothing else ever escapes."""
    try:
        return _loads(text, file)
    except RulekitError:
        raise
    except RecursionError:
        raise ScenarioError("the file nests too deeply to be read", file=file) from None
    except Exception as e:  # noqa: BLE001 - a file must never end in a traceback
        raise ScenarioError(f"rulekit could not read this file ({type(e).__name__}: "
                            f"{shortened(escaped(str(e)), 80)}); this is a bug in rulekit, please report it "
                            "with the file", file=file) from e


def _parse(text: str, file: str) -> tuple[object, dict]:
    if "\x00" in text:
        raise ScenarioError("the file contains a NUL byte: it is not a text file", file=file)
    if str(file).lower().endswith(".json"):
        return load_json(text, file)
    return load_text(text, file)


def _loads(text: str, file: str) -> LoadedScenario:
    data, marks = _parse(text, file)
    if not isinstance(data, dict):
        raise ScenarioError("the top level must be a mapping", file=file, line=1, column=1,
                            expected="keys such as ruleset, title, players, first_player, cards, script")
    _strict(data, ScenarioFile, (), marks, file)
    document = _validate(data, marks, file)
    _check_document(document, marks, file)
    hints = typing.get_type_hints(Scenario)
    scenario = Scenario(**{name: getattr(document, name) for name in hints if not name.startswith("_")
                           and name in {f.name for f in dataclasses.fields(Scenario)}})
    try:
        check(resolved(scenario))
    except ScenarioError as e:
        raise _locate(e, marks, file) from None
    scenario = with_card_types(scenario)
    scenario.__dict__["_rulekit_valid"] = True      # Game.start need not validate it again
    line = _line_from(document.answers, scenario, marks, file)
    if document.expect is not None:
        _check_expect_refs(document.expect, scenario, marks, file)
    return LoadedScenario(scenario, line, document.expect, file, marks)


def _validate(data: dict, marks: dict, file: str):
    from pydantic import ValidationError
    try:
        return _adapter().validate_python(data)
    except ValidationError as exc:
        raise _from_pydantic(_first_error(exc.errors()), data, marks, file) from None


def _first_error(errors: list) -> dict:
    """The error to report: the first, except that an unknown key beside a missing required key
    of the same mapping comes first (a misspelt key is then named with its suggestion, not
    reported as missing)."""
    missing = {tuple(e["loc"][:-1]) for e in errors if e["type"] in ("missing", "missing_argument")}
    for err in errors:
        if err["type"] in ("unexpected_keyword_argument", "extra_forbidden") and tuple(err["loc"][:-1]) in missing:
            return err
    return errors[0]


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
        return _at(path, marks, file, f"{shown(given)} is not a valid {name}{suggest(given, choices)}"
                                      f"{_yaml_hint(path, marks)}", f"one of {expected}" if expected else None)
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return _at(path, marks, file, f"{shown(given)} is not a whole number{_yaml_hint(path, marks)}",
                   "a whole number")
    if kind in ("bool_type", "bool_parsing"):
        return _at(path, marks, file, f"{shown(given)} is not true or false", "true or false")
    if kind in ("string_type",):
        return _at(path, marks, file, f"{name} must be text, not {_kind_of(given)}{_yaml_hint(path, marks)}")
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
    return {dict: "a mapping", list: "a list", str: f"the text {shown(value)}", bool: f"{value}",
            int: f"the number {value}", float: f"the number {value}"}.get(type(value), escaped(type(value).__name__))


def _ability_ids(scenario: Scenario, card_id: str) -> list[str]:
    """The card's abilities, with those the rules give it (a duplicate's save), those the script
    grants it, and those any effect could grant (to a card it chooses)."""
    from rulekit.rulesets import get
    card = next(c for c in get(scenario.ruleset).setup_cards(scenario.cards) if c.id == card_id)
    granted = [e.grant.id for e in scenario.script if e.grant is not None and card_id in e.cards]
    own = [a.id for a in card.abilities] + granted
    return own + [g for g in _granted_by_effects(scenario) if g not in own]


def _granted_by_effects(scenario: Scenario) -> list[str]:
    """Ids of the abilities an instruction of any ability (printed or granted) may grant."""
    out: list[str] = []

    def walk(instructions):
        for instr in instructions:
            if instr.grant is not None:
                if instr.grant.id not in out:
                    out.append(instr.grant.id)
                walk(instr.grant.cost + instr.grant.effect)
            walk(instr.instead + instr.later)
    for c in scenario.cards:
        for a in c.abilities:
            walk(a.cost + a.effect)
    for e in scenario.script:
        if e.grant is not None:
            walk(e.grant.cost + e.grant.effect)
    return out


#: a use as the engine names it: CARD[@N].ABILITY[@CONDITION] (a card object, then its ability)
_USE = re.compile(r"^(?P<card>[A-Za-z0-9_\-]+)(?:@\d+)?\.(?P<ability>[A-Za-z0-9_\-]+)(?P<condition>@.*)?$", re.S)


def _names_new_object(name: str, scenario: Scenario) -> bool:
    """Whether ``name`` names a card object the rules make: a listed card's new object
    (``phoenix@1``) or a token an effect creates (``token-recruit-1``)."""
    head, at, n = name.partition("@")
    if at and n.isdigit() and any(c.id == head for c in scenario.cards):
        return True
    if not head.startswith("token-") or at:
        return False

    def titles(instructions):
        for instr in instructions:
            token = getattr(instr, "token", None)
            if token is not None:
                yield "".join(ch if ch.isalnum() else "-" for ch in token.title.lower()).strip("-")
            if instr.grant is not None:
                yield from titles(instr.grant.cost + instr.grant.effect)
            yield from titles(instr.instead + instr.later)
    made = {t for c in scenario.cards for a in c.abilities for t in titles(a.cost + a.effect)}
    slug, _, number = head[len("token-"):].rpartition("-")
    return slug in made and number.isdigit()


def _check_answer(spec: AnswerSpec, scenario: Scenario, path: tuple, marks: dict, file: str) -> None:
    if spec.chooser not in scenario.players:
        raise _at(path + ("chooser",), marks, file,
                  f"chooser {spec.chooser!r} is not a player{suggest(spec.chooser, scenario.players)}",
                  "one of " + ", ".join(scenario.players))
    card_ids = [c.id for c in scenario.cards]
    if spec.decision is DecisionKind.CHOOSE_TARGET:
        # a card, one of its objects (CARD@N), a token the effects create, an item on the Chain
        # (a chosen ability: CARD.ABILITY@…), or "done" (no more targets for "up to N")
        if _names_new_object(spec.answer, scenario) or spec.answer == "done" or (
                "." in spec.answer.partition("@")[0] and spec.answer.partition("@")[0].rpartition(".")[0]
                .partition("@")[0] in card_ids):
            return
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
    use = _USE.match(spec.answer)
    card_id, ability = (use["card"], use["ability"]) if use else ("", "")
    from rulekit.core.abilities import Timing
    from rulekit.rulesets import get
    # an ability used with priority is answered as CARD.ABILITY (it responds to no condition)
    played = Timing.PRIORITY in get(scenario.ruleset).timings and spec.decision is DecisionKind.ACT_OR_PASS
    if not use or (use["condition"] is None and not played):
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
        if card_id not in card_ids and not _names_new_object(card_id, scenario):
            raise _at(("expect", "cards", card_id), marks, file,
                      f"no card has id {card_id!r}{suggest(card_id, card_ids)}")
    for player in expect.hands:
        if player not in scenario.players:
            raise _at(("expect", "hands", player), marks, file,
                      f"{player!r} is not a player{suggest(player, scenario.players)}")
    from rulekit.rulesets import get
    step_names = get(scenario.ruleset).step_names()
    for i, v in enumerate(expect.verdicts):
        if v.step not in step_names:
            raise _at(("expect", "verdicts", i, "step"), marks, file,
                      f"{v.step!r} is not a step of {scenario.ruleset}{suggest(v.step, step_names)}",
                      "one of " + ", ".join(repr(n) for n in step_names))
        card_id = re.sub(r"@\d+$", "", v.card)      # a card, or one of its objects (CARD@N)
        if card_id not in card_ids:
            raise _at(("expect", "verdicts", i, "card"), marks, file,
                      f"no card has id {v.card!r}{suggest(v.card, card_ids)}")
        abilities = _ability_ids(scenario, card_id)
        if v.ability not in abilities:
            raise _at(("expect", "verdicts", i, "ability"), marks, file,
                      f"card {v.card!r} has no ability {v.ability!r}{suggest(v.ability, abilities)}")


# -- writing --------------------------------------------------------------------------------------
def answer_specs(line: Line, state=None) -> list[dict]:
    """A line of answers in the file's mapping form (with a readable note when a state is given)."""
    from rulekit.core.text import option_label
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


# -- every value checked: strict types, names, ids, counts, what each verb needs ---------------------
#: Fields where empty text means "none" (for people, or the top-level phase "not given").
_MAY_BE_EMPTY = {"label", "text", "note"}
_ID = re.compile(r"[A-Za-z0-9_\-]+")
MAX_ID_LENGTH = 64
_ID_KIND = {Card: "card", Ability: "ability", ScriptEntry: "occurrence"}
_HINTS: dict = {}

#: Verbs that act on an ability's triggering condition (or are the rules' own), so a script
#: entry cannot do them, and why.
NOT_IN_A_SCRIPT = {
    Verb.CANCEL: "it cancels the effect an ability responds to",
    Verb.REPLACE: "it replaces the triggering condition an ability responds to",
    Verb.DELAY: "it sets up a delayed effect of an ability",
    Verb.SAVE: "it saves a card from the triggering condition an ability responds to",
    Verb.INITIATE: "the rules initiate an ability's effect",
}
#: The values ``amount_of`` can name.
AMOUNT_OF = ("that card's might", "this card's might")


def _hints(tp) -> dict:
    if tp not in _HINTS:
        _HINTS[tp] = typing.get_type_hints(tp)
    return _HINTS[tp]


def _yaml_hint(path: tuple, marks: dict) -> str:
    """`` — YAML reads 'no' as false: put it in quotes`` when the value at ``path`` was one of
    YAML 1.1's surprising booleans."""
    mark = marks.get(path)
    if mark is None or not getattr(mark, "raw", None):
        return ""
    read = "true" if mark.raw.lower() in ("yes", "on", "y") else "false"
    return f" — YAML reads {mark.raw!r} as {read}: put it in quotes"


def _arms(tp) -> list:
    return [a for a in typing.get_args(tp) if a is not type(None)]


def _fits(value, tp) -> bool:
    origin = typing.get_origin(tp)
    if dataclasses.is_dataclass(tp):
        return isinstance(value, dict)
    if origin in (tuple, list):
        return isinstance(value, list)
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is str:
        return isinstance(value, str)
    return False


def _strict(value, tp, path: tuple, marks: dict, file) -> None:
    """What pydantic's lax mode would let through: ``true`` or ``"6"`` for a number, ``1`` or
    ``"yes"`` for true/false, empty names, ids that only begin like an id (``"c1\\\\n"``),
    ``incarnation`` written in a file."""
    origin = typing.get_origin(tp)
    if origin is typing.Union or type(tp).__name__ == "UnionType":
        if value is None:
            return
        arms = _arms(tp)
        if len(arms) == 1:
            return _strict(value, arms[0], path, marks, file)
        for arm in arms:
            if _fits(value, arm):
                return _strict(value, arm, path, marks, file)
        return
    name = path[-1] if path else "value"
    if tp is bool:
        if not isinstance(value, bool):
            raise _at(path, marks, file, f"{shown(value)} is not true or false", "true or false")
    elif tp is int:
        if isinstance(value, bool):
            raise _at(path, marks, file, f"{str(value).lower()} is not a number{_yaml_hint(path, marks)}",
                      "a whole number")
        if not isinstance(value, int):
            raise _at(path, marks, file, f"{shown(value)} is not a whole number", "a whole number")
    elif tp is str:
        if isinstance(value, str) and not value.strip() and name not in _MAY_BE_EMPTY and path != ("phase",):
            raise _at(path, marks, file, f"{name} is empty" + (" text" if value else ""),
                      "a name (empty text names nothing)")
    elif isinstance(tp, type) and issubclass(tp, enum.Enum):
        return
    elif dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            return
        hints = _hints(tp)
        if tp is Card and "incarnation" in value:
            raise _at(path + ("incarnation",), marks, file, "incarnation is kept by the rules (it counts how often "
                      "a card became a new object), not written in a scenario", "no 'incarnation' key on a card")
        kind = _ID_KIND.get(tp)
        if kind and isinstance(value.get("id"), str):
            ident = value["id"]
            if not _ID.fullmatch(ident):
                raise _at(path + ("id",), marks, file,
                          f"{kind} id {shown(ident)} may use only letters, digits, '_' and '-'")
            if len(ident) > MAX_ID_LENGTH:
                raise _at(path + ("id",), marks, file, f"{kind} id {shown(ident)} is longer than "
                          f"{MAX_ID_LENGTH} characters", f"an id of at most {MAX_ID_LENGTH} characters")
        for key, item in value.items():
            if key in hints:
                _strict(item, hints[key], path + (key,), marks, file)
    elif origin in (tuple, list):
        args = typing.get_args(tp)
        if isinstance(value, list) and args:
            for i, item in enumerate(value):
                _strict(item, args[0], path + (i,), marks, file)
    elif origin in (dict, typing.Mapping, collections.abc.Mapping):
        args = typing.get_args(tp)
        if isinstance(value, dict) and len(args) == 2:
            for key, item in value.items():
                _strict(item, args[1], path + (key,), marks, file)


def _zones(ruleset: str):
    """The zones of a ruleset, or ``None`` for a ruleset rulekit does not know (``check``
    reports that)."""
    from rulekit.rulesets import get
    try:
        return tuple(get(ruleset).zones)
    except KeyError:
        return None


def _check_document(doc, marks: dict, file) -> None:
    """File-level checks of the validated document, before a :class:`Scenario` is built: what
    each verb needs, counts that must be positive, zones that must exist, known formulas."""
    checker = _Checker(_zones(doc.ruleset), marks, file)
    for i, card in enumerate(doc.cards):
        for j, ability in enumerate(card.abilities):
            checker.ability(ability, ("cards", i, "abilities", j))
    for i, entry in enumerate(doc.script):
        checker.entry(entry, ("script", i))
    expect = getattr(doc, "expect", None)
    if expect is not None:
        for card_id, wanted in expect.cards.items():
            if wanted.incarnation is not None and wanted.incarnation < 0:
                raise _at(("expect", "cards", card_id, "incarnation"), marks, file,
                          f"incarnation {wanted.incarnation} is negative", "0 or more")


class _Checker:
    def __init__(self, zones, marks: dict, file):
        self.zones, self.marks, self.file = zones, marks, file

    def fail(self, path: tuple, problem: str, expected: str | None = None) -> ScenarioError:
        return _at(path, self.marks, self.file, problem, expected)

    def zone(self, zone, path: tuple) -> None:
        if zone is not None and self.zones is not None and zone not in self.zones:
            raise self.fail(path, f"zone {shown(zone)} does not exist{suggest(zone, self.zones)}",
                            "one of " + ", ".join(self.zones))

    def filter(self, f, path: tuple) -> None:
        if f is not None:
            self.zone(f.zone, path + ("zone",))

    def trigger(self, t, path: tuple) -> None:
        if t is None:
            return
        if t.nth is not None and t.nth < 1:
            raise self.fail(path + ("nth",), f"nth {t.nth} is not a count: the first time is 1", "1 or more")
        self.filter(t.card, path + ("card",))
        self.filter(t.by, path + ("by",))

    def condition(self, c, path: tuple) -> None:
        bounded = c.at_least is not None or c.at_most is not None
        if c.count is None and bounded:
            raise self.fail(path + ("at_least" if c.at_least is not None else "at_most",),
                            "'at_least' and 'at_most' bound a 'count' of cards, but there is no 'count'",
                            "a 'count' filter")
        if c.count is None and c.phase is None:
            raise self.fail(path, "the condition tests nothing", "'count' with 'at_least' or 'at_most', or 'phase'")
        if c.count is not None and not bounded:
            raise self.fail(path + ("count",), "'count' needs 'at_least' or 'at_most'", "a bound on the count")
        for key in ("at_least", "at_most"):
            bound = getattr(c, key)
            if bound is not None and bound < 0:
                raise self.fail(path + (key,), f"{key} {bound} is negative", "0 or more")
        if c.at_least is not None and c.at_most is not None and c.at_least > c.at_most:
            raise self.fail(path + ("at_least",), f"at_least {c.at_least} is more than at_most {c.at_most}: "
                            "no count lies between them", "at_least <= at_most")
        self.filter(c.count, path + ("count",))

    def ability(self, a, path: tuple) -> None:
        self.trigger(a.when, path + ("when",))
        for part in ("condition", "active_if"):
            for k, c in enumerate(getattr(a, part)):
                self.condition(c, path + (part, k))
        for part in ("cost", "effect"):
            for k, instr in enumerate(getattr(a, part)):
                self.instruction(instr, path + (part, k))
        for part in ("limit", "max"):
            bound = getattr(a, part)
            if bound is not None and bound.times < 1:
                raise self.fail(path + (part, "times"), f"{part} of {bound.times} times allows no use at all",
                                "1 or more")

    def _what_verbs_need(self, do, item, path: tuple) -> None:
        if do is Verb.MOVE and item.to is None:
            raise self.fail(path + ("to",), "'move' needs 'to': the zone the cards go to", "a zone")
        if item.to is not None:
            if do not in (Verb.MOVE, Verb.PUT_INTO_PLAY, Verb.CREATE):
                raise self.fail(path + ("to",), f"only 'move' and 'put into play' take 'to', not {do.value!r}")
            self.zone(item.to, path + ("to",))
        if do is Verb.GRANT and item.grant is None:
            raise self.fail(path + ("grant",), "'grant' needs 'grant': the ability it gives", "an ability")
        if item.grant is not None:
            if do is not Verb.GRANT:
                raise self.fail(path + ("grant",), f"only 'grant' takes 'grant', not {do.value!r}")
            self.ability(item.grant, path + ("grant",))
        if do is Verb.REMOVE_ABILITY and not item.ability:
            raise self.fail(path + ("ability",), "'remove ability' needs 'ability': the id of the ability it removes",
                            "an ability id")

    def instruction(self, instr, path: tuple) -> None:
        self._what_verbs_need(instr.do, instr, path)
        if instr.amount_of is not None and instr.amount_of not in AMOUNT_OF:
            raise self.fail(path + ("amount_of",), f"{shown(instr.amount_of)} is not a known amount"
                            f"{suggest(instr.amount_of, AMOUNT_OF)}", " or ".join(repr(a) for a in AMOUNT_OF))
        self.filter(instr.filter, path + ("filter",))
        for k, c in enumerate(instr.condition):
            self.condition(c, path + ("condition", k))
        self.trigger(instr.at, path + ("at",))
        for part in ("instead", "later"):
            for k, inner in enumerate(getattr(instr, part)):
                self.instruction(inner, path + (part, k))

    def entry(self, entry, path: tuple) -> None:
        if entry.do in NOT_IN_A_SCRIPT:
            raise self.fail(path + ("do",), f"{entry.do.value!r} cannot be a step of the script: "
                            f"{NOT_IN_A_SCRIPT[entry.do]}",
                            "something that happens on its own, such as kill, kneel, draw or move")
        self._what_verbs_need(entry.do, entry, path)
        if entry.do is Verb.TAKE_CONTROL and entry.player is None:
            raise self.fail(path + ("player",), "'take control' needs 'player': who takes control", "a player")


def _line_from(specs, scenario: Scenario, marks: dict, file) -> Line:
    answers = []
    for i, spec in enumerate(specs):
        if isinstance(spec, str):
            try:
                spec = AnswerSpec.parse(spec)
            except ValueError as e:
                raise _at(("answers", i), marks, file, f"cannot read the answer {shown(spec)}: {e}") from None
        _check_answer(spec, scenario, ("answers", i), marks, file)
        answers.append(spec)
    line = Line()
    for i, spec in enumerate(answers):
        if line.get(spec.key) is not None:
            raise _at(("answers", i), marks, file, f"two answers for the same decision {escaped(str(spec.key))}")
        line = line.with_answer(spec.key, spec.answer)
    return line


_ANSWERS_ADAPTER = None


def load_answers(path: "str | Path", scenario: Scenario) -> Line:
    """A file of recorded answers (a list, or a mapping with an ``answers`` list) for
    ``scenario``; every problem names the answers file's own line and field."""
    global _ANSWERS_ADAPTER
    name = str(path)
    text = read_text(name)
    try:
        data, marks = _parse(text, name)
        if isinstance(data, list):
            data, marks = {"answers": data}, {("answers",) + k: v for k, v in marks.items()}
        elif isinstance(data, dict) and "answers" in data:
            data = {"answers": data["answers"]}
        else:
            raise ScenarioError("expected a list of answers (or a mapping with an 'answers' list)", file=name,
                                line=1, column=1)
        if _ANSWERS_ADAPTER is None:
            from pydantic import TypeAdapter
            AnswersFile = dataclasses.make_dataclass(
                "AnswersFile", [("answers", tuple[typing.Union[AnswerSpec, str], ...], field(default=()))], frozen=True)
            _ANSWERS_ADAPTER = TypeAdapter(AnswersFile)
        _strict(data, ScenarioFile, (), marks, name)
        from pydantic import ValidationError
        try:
            document = _ANSWERS_ADAPTER.validate_python(data)
        except ValidationError as exc:
            raise _from_pydantic(_first_error(exc.errors()), data, marks, name) from None
        return _line_from(document.answers, scenario, marks, name)
    except RulekitError:
        raise
    except Exception as e:  # noqa: BLE001 - a file must never end in a traceback
        raise ScenarioError(f"rulekit could not read this answers file ({type(e).__name__}); this is a bug in "
                            "rulekit, please report it with the file", file=name) from e


# -- scenarios built in Python are validated like files ----------------------------------------------
def _as_data(value):
    """A scenario (or card, ability, …) built in Python as the plain data a file would hold."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _as_data(getattr(value, f.name)) for f in dataclasses.fields(value)
                if not f.name.startswith("_")}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_as_data(v) for v in value]
    if isinstance(value, collections.abc.Mapping):
        return {k: _as_data(v) for k, v in value.items()}
    return value


def validate_scenario(scenario) -> Scenario:
    """Validate a scenario built in Python exactly like a scenario file (types, ``None``,
    names, ids, counts, what each verb needs, cross-references) and return it with every
    collection frozen into tuples. Raises :class:`ScenarioError` naming the field."""
    if isinstance(scenario, Scenario) and scenario.__dict__.get("_rulekit_valid"):
        return scenario
    if not isinstance(scenario, Scenario):
        raise ScenarioError(f"expected a Scenario, not {escaped(type(scenario).__name__)}")
    data = _as_data(scenario)
    cards = data.get("cards")
    if isinstance(cards, list):          # what the rules keep, not what a scenario says
        for card in cards:
            if isinstance(card, dict) and card.get("incarnation") == 0:
                del card["incarnation"]
    _strict(data, ScenarioFile, (), {}, None)
    document = _validate(data, {}, None)
    _check_document(document, {}, None)
    built = resolved(Scenario(**{f.name: getattr(document, f.name) for f in dataclasses.fields(Scenario)}))
    check(built)
    built = with_card_types(built)
    result = scenario if built == scenario else built
    result.__dict__["_rulekit_valid"] = True
    return result


def resolved(scenario: Scenario) -> Scenario:
    """``scenario``, its ruleset name resolved to the ruleset object (an unknown name is a
    :class:`ScenarioError` at ``ruleset`` naming the nearest known one)."""
    scenario.rules
    return scenario


use_validator(validate_scenario)         # Game.start validates a scenario built in Python like a file
