"""Random new surfaces (issue 27): generated ``rulings:`` blocks, generated answers files and
random assignments to the widget model's traits. A file is read or refused with a
:class:`~rulekit.core.errors.ScenarioError` naming a line — never "this is a bug", never another
exception, never a raw control character; the widget model refuses a bad assignment and keeps
working (reset, an edit and an answer after it)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from rulekit.core.errors import ScenarioError
from rulekit.files import load_answers, load_scenario, loads_scenario

ROOT = Path(__file__).resolve().parents[2]
CLAIM = ROOT / "scenarios" / "agot" / "claim-2-kill.yaml"
EXAMPLES = int(os.environ.get("RK_EXAMPLES", 50))
ODD = st.lists(st.sampled_from(list("ab.-_[]\"'\\ \t\n\x1b\x00é|:#{}") + ["agot.", "rb.", "would-instead"]),
               max_size=8).map("".join)
NAMES = st.one_of(st.sampled_from(["agot.would-instead", "agot.replacement-triggers", "rb.optional",
                                   "agot.then-after-replacement"]), ODD)
VALUES = st.one_of(st.sampled_from(["change", "replacement", "trigger", "no-trigger", "occurred"]), ODD,
                   st.integers(-3, 3), st.none(), st.booleans(), st.lists(st.text(max_size=3), max_size=2))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
CONTROL = {chr(c) for c in range(32)} | {"\x7f"}


def _said(e: ScenarioError) -> str:
    text = str(e)
    assert "this is a bug" not in text, text
    assert not (CONTROL & set(text)), repr(text)
    return text


@SETTINGS
@given(rulings=st.one_of(st.dictionaries(NAMES, VALUES, max_size=3), ODD, st.lists(NAMES, max_size=2)))
def test_a_generated_rulings_block_is_read_or_refused_at_a_line(rulings):
    data = yaml.safe_load(CLAIM.read_text(encoding="utf-8"))
    data["rulings"] = rulings
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    try:
        loaded = loads_scenario(text, "rulings.yaml")
    except ScenarioError as e:
        _said(e)
        assert e.line is not None, str(e)
    else:
        loaded.start()


ANSWER = st.one_of(
    st.builds(lambda d, at, who, n, a: f"{d} | {at} | {who} | #{n} -> {a}",
              st.sampled_from(["act or pass", "choose", "order", "nonsense"]), st.sampled_from(["s:claim:reaction", "x"]),
              st.sampled_from(["P1", "P2", "P9", "P\n1"]), st.integers(-2, 9), ODD),
    st.fixed_dictionaries({"decision": st.sampled_from(["act or pass", "x"]), "at": ODD, "chooser": NAMES,
                           "number": VALUES, "answer": ODD}),
    ODD, st.integers(), st.none())


@SETTINGS
@given(answers=st.one_of(st.lists(ANSWER, max_size=4), st.dictionaries(ODD, st.lists(ANSWER, max_size=2), max_size=2),
                         ODD))
def test_a_generated_answers_file_is_read_or_refused_at_a_line(answers, tmp_path):
    path = tmp_path / "answers.yaml"
    path.write_text(yaml.safe_dump(answers, allow_unicode=True), encoding="utf-8")
    scenario = load_scenario(CLAIM).scenario
    try:
        load_answers(path, scenario)
    except ScenarioError as e:
        _said(e)
        assert e.file == str(path)


ipywidgets = pytest.importorskip("ipywidgets")


@SETTINGS
@given(name=st.sampled_from(["scenario", "cursor", "game", "error", "message"]),
       value=st.one_of(st.none(), st.integers(-5, 500), ODD, st.booleans(), st.just(object())))
def test_a_random_trait_assignment_leaves_the_model_working(name, value):
    import traitlets
    from rulekit import Line
    from rulekit_widgets import explorer
    e = explorer(CLAIM, answers=Line())
    try:
        setattr(e.model, name, value)
    except traitlets.TraitError:
        pass
    e.model.reset()
    assert e.model.edit_card("c7", zone="hand")
    decision = e.model.game.decision
    if decision is not None:
        assert e.model.answer(decision.legal_ids()[0])
