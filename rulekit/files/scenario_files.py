"""Scenario files: YAML or JSON in, validated scenarios with answers and expectations out.

``load_scenario(path)`` reads a file safely (:mod:`.reading`), validates it against the format
(pydantic, from the engine's own dataclasses: :mod:`.document`; every value strictly,
:mod:`.strict`; the document as a whole, :mod:`.checks`), checks its cross-references
(:mod:`.references`), and raises one :class:`~rulekit.errors.ScenarioError` naming the file,
line, column and field path of the first problem (:mod:`.locate`), with a suggestion for a
near-miss key or id. ``load_answers`` reads a file of answers the same way. Writing a scenario
back is :mod:`.writing`; a scenario built in Python is validated by :mod:`.validation`.
"""
from __future__ import annotations

import dataclasses
import typing
from dataclasses import field
from pathlib import Path

from rulekit.core.decisions import Line
from rulekit.core.errors import RulekitError, ScenarioError, escaped, shortened
from rulekit.core.scenario import Scenario, check, with_card_types
from rulekit.files import card_text, cardkeys, library_cards
from rulekit.files.checks import _check_document
from rulekit.files.document import AnswerSpec, LoadedScenario, ScenarioFile
from rulekit.files.locate import _first_error, _from_pydantic, _locate, _validate
from rulekit.files.reading import _parse, read_text
from rulekit.files.references import _check_expect_refs, _line_from
from rulekit.files.strict import _strict


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


def _loads(text: str, file: str) -> LoadedScenario:
    data, marks = _parse(text, file)
    if not isinstance(data, dict):
        raise ScenarioError("the top level must be a mapping", file=file, line=1, column=1,
                            expected="keys such as ruleset, title, players, first_player, cards, script")
    library_cards.expand(data, marks, file)
    texts = card_text.take(data, marks, file)
    cardkeys.gather(data, marks, file)
    _strict(data, ScenarioFile, (), marks, file)
    cardkeys.check_values(data, marks, file)
    document = cardkeys.finish(_validate(data, marks, file), marks, file)
    document = card_text.apply(document, texts, marks, file, text)
    _check_document(document, marks, file)
    hints = typing.get_type_hints(Scenario)
    scenario = Scenario(**{name: getattr(document, name) for name in hints if not name.startswith("_")
                           and name in {f.name for f in dataclasses.fields(Scenario)}})
    try:
        check(scenario)          # reads scenario.rules: an unknown ruleset is refused at `ruleset`
    except ScenarioError as e:
        raise _locate(e, marks, file) from None
    scenario = with_card_types(scenario)
    scenario.__dict__["_rulekit_valid"] = True      # Game.start need not validate it again
    line = _line_from(document.answers, scenario, marks, file)
    if document.expect is not None:
        _check_expect_refs(document.expect, scenario, marks, file)
    return LoadedScenario(scenario, line, document.expect, file, marks)


_ANSWERS_ADAPTER = None


def load_answers(path: "str | Path", scenario: Scenario) -> Line:
    """A file of recorded answers (a list, or a mapping with an ``answers`` list) for
    ``scenario``; every problem names the answers file's own line and field."""
    global _ANSWERS_ADAPTER
    name = str(path)
    text = read_text(name)
    if not text.strip():
        raise ScenarioError("the answers file is empty", file=name,
                            expected="a list of answers, or a mapping with an 'answers' list (docs/scenario-format.md, "
                                     "\"Answers\")")
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
