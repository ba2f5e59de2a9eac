"""A walk with many outcomes reads as a summary: the 40 with the most lines are listed and the
rest counted (``--all``, ``describe(most=None)``, ``table(None)`` and the JSON list every one);
each option's outcomes are written in runs (``1–4, 6``). Outcomes are numbered by lines, ties
by the canonical text of their keys."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from rulekit.cli import main
from rulekit.explore import explore, key_text
from rulekit.explore.result import SHOWN, SHOWN_RUNS, numbered
from rulekit.files import dump_scenario

from boards import optional_reactions

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def many():
    result = explore(optional_reactions(6), progress=False)
    assert result.complete and len(result.outcomes) == 2 ** 6 > SHOWN
    return result


def _expand(text: str) -> list[int]:
    out = []
    for part in text.split(", "):
        a, _, b = part.partition("–")
        out += list(range(int(a), int(b or a) + 1))
    return out


@given(st.sets(st.integers(1, 400), max_size=60))
def test_outcome_numbers_in_runs_read_back_to_the_same_numbers(numbers):
    ordered = tuple(sorted(numbers))
    said = numbered(ordered)
    if not ordered:
        assert said == "none"
        return
    assert _expand(said) == list(ordered)
    for part in said.split(", "):           # a run is three or more in a row; two in a row are written out
        if "–" in part:
            a, b = map(int, part.split("–"))
            assert b - a >= 2


@given(st.sets(st.integers(1, 400), min_size=1, max_size=80), st.integers(1, 6))
def test_a_shortened_list_of_runs_says_how_many_outcomes_there_are(numbers, runs):
    ordered = tuple(sorted(numbers))
    said = numbered(ordered, runs)
    full = numbered(ordered)
    if full.count(", ") + 1 <= runs:
        assert said == full
    else:
        head, _, tail = said.partition(", … (")
        assert tail == f"{len(ordered):,} outcomes in all)"
        assert full.startswith(head + ", ") and head.count(", ") + 1 == runs


def test_a_description_lists_the_most_common_outcomes_and_counts_the_rest(many):
    text = many.describe(cost=False)
    listed = re.findall(r"^  (\d+)\. ([\d,]+) line", text, flags=re.M)
    assert [int(n) for n, _ in listed] == list(range(1, SHOWN + 1))
    rest = many.outcomes[SHOWN:]
    assert (f"… and {len(rest):,} more outcome(s) with {sum(o.lines for o in rest):,} line(s) among them "
            f"(none with more lines than outcome {SHOWN})") in text
    assert all(o.lines <= many.outcomes[SHOWN - 1].lines for o in rest)
    assert "--all" in text and "describe(most=None)" in text
    everything = many.describe(cost=False, most=None)
    assert len(re.findall(r"^  \d+\. ", everything, flags=re.M)) == len(many.outcomes)
    assert "more outcome(s)" not in everything and ", … (" not in everything
    assert many.describe(cost=False, most=len(many.outcomes)).splitlines()[:len(many.outcomes) + 2] == \
        everything.splitlines()[:len(many.outcomes) + 2]


def test_a_shortened_description_keeps_each_options_outcomes_to_a_few_runs(many):
    for line in many.describe(cost=False).splitlines():
        for reached in re.findall(r"→ outcome\(s\) ([^;]+)", line):
            if ", … (" in reached:
                assert reached.split(", … (")[0].count(", ") + 1 == SHOWN_RUNS


@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "10"])
def test_a_bad_number_of_outcomes_to_list_is_refused_naming_it(many, bad):
    with pytest.raises(ValueError, match=r"most=.*whole number"):
        many.describe(most=bad)
    with pytest.raises(ValueError, match=r"most=.*whole number"):
        many.table(bad)


def test_the_table_lists_the_most_common_outcomes_and_a_row_for_the_rest(many):
    html = many._repr_html_()
    assert html.count("<tr>") == 1 + SHOWN + 1 and "more outcome(s)" in html
    assert len(str(many.table()).splitlines()) == SHOWN + 1
    assert len(many.table(None).rows()) == len(many.outcomes) and "more outcome(s)" not in str(many.table(None))


def test_the_command_line_lists_40_outcomes_unless_told_all(tmp_path, capsys):
    path = tmp_path / "six.yaml"
    path.write_text(dump_scenario(optional_reactions(6)))
    assert main(["explore", str(path)]) == 0
    out = capsys.readouterr().out
    assert len(re.findall(r"^  \d+\. ", out, flags=re.M)) == SHOWN and "24 more outcome(s)" in out
    assert main(["explore", str(path), "--all"]) == 0
    out = capsys.readouterr().out
    assert len(re.findall(r"^  \d+\. ", out, flags=re.M)) == 64 and "more outcome(s)" not in out
    assert main(["explore", str(path), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["outcomes"]) == 64


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").rglob("*.yaml"))[:40], ids=lambda p: p.stem)
def test_outcomes_are_numbered_by_lines_then_by_the_text_of_their_keys(path):
    result = explore(path, progress=False, limit="3000")
    order = sorted(result.outcomes, key=lambda o: (-o.lines, key_text(o.key)))
    assert [o.number for o in order] == list(range(1, len(result.outcomes) + 1))


def test_outcomes_tied_on_lines_are_numbered_by_the_text_of_their_keys(many):
    order = sorted(many.outcomes, key=lambda o: (-o.lines, key_text(o.key)))
    assert [o.number for o in order] == list(range(1, len(many.outcomes) + 1))
    assert len({o.lines for o in many.outcomes}) < len(many.outcomes)       # there are ties to break


_plain = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                      lambda inner: st.tuples(inner, inner) | st.lists(inner, max_size=3) | st.frozensets(
                          st.integers() | st.text(max_size=3), max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                                           max_size=3), max_leaves=12)


@given(_plain)
def test_the_canonical_text_of_a_key_is_the_json_of_its_plain_form(value):
    from rulekit.explore.walker import _jsonable
    assert key_text(value) == json.dumps(_jsonable(value), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def test_the_outcomes_widget_lists_the_most_common_outcomes_and_names_the_choices(many, monkeypatch):
    pytest.importorskip("ipywidgets")
    import rulekit_widgets.explore as view_module
    from rulekit_widgets import explorer
    monkeypatch.setattr(view_module, "LISTED", 10)
    e = explorer(many.scenario)
    view = view_module.OutcomesView(e.model, many)
    assert [n for _, n in view.outcomes.options] == list(range(1, 11))
    assert "the 10 with the most lines are listed" in view.info.value and "54 more outcome(s)" in view.info.value
    assert "Watcher 0&#x27;s reaction" in view.info.value and "→ outcome(s) 1" in view.info.value
    assert "|" not in view.info.value and ".r@" not in view.info.value     # names, not answer keys or ids


@given(st.sets(st.integers(0, 5000), max_size=50))
def test_a_reach_held_as_bits_gives_back_its_outcome_indices(chosen):
    from rulekit.explore.counting import indices
    bits = 0
    for i in chosen:
        bits |= 1 << i
    assert indices(bits) == sorted(chosen)


def test_the_choices_in_lines_are_those_the_description_writes(many):
    text = many.describe(cost=False, most=None)
    said = many.choice_lines()
    assert said and all(f"  {line}" in text.splitlines() for line in said)
    assert "(first time)" in said[0] and "|" not in said[0]
    assert all("[" in line and "|" in line for line in many.choice_lines(ids=True) if "matters" in line)
