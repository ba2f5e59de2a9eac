"""libyaml and PyYAML's pure reader give rulekit the same nodes, marks and messages.

``rulekit.files.yamlnodes`` reads with libyaml when PyYAML was built with it and falls back on the
pure reader for everything libyaml might read differently and for every error; these tests
compare the two readings node by node, and every message with libyaml present and hidden.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from rulekit import ScenarioError
from rulekit.files import yamlnodes
from rulekit.files import dump_scenario, load_scenario, loads_scenario

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios").rglob("*.yaml"))
TEST_FILES = sorted(p for p in (ROOT / "tests").rglob("*") if p.suffix in (".yaml", ".yml", ".json"))
BAD = sorted(p for p in (Path(__file__).parent / "bad_scenarios").glob("*.yaml") if p.name != "expected.yaml")
assert BAD, "the bad files are next to this test, in bad_scenarios/"

needs_libyaml = pytest.mark.skipif(yamlnodes.C_LOADER is None, reason="PyYAML was built without libyaml")


def _mark(mark) -> tuple:
    return mark.name, mark.index, mark.line, mark.column


def assert_same_tree(fast, pure, where="root") -> None:
    """Two node trees are equal: kind, tag, value, style, flow style, start and end marks."""
    assert type(fast) is type(pure), where
    assert fast.tag == pure.tag, where
    assert _mark(fast.start_mark) == _mark(pure.start_mark), f"{where}: start"
    assert _mark(fast.end_mark) == _mark(pure.end_mark), f"{where}: end"
    if isinstance(pure, yaml.ScalarNode):
        assert (fast.value, fast.style) == (pure.value, pure.style), where
        return
    assert fast.flow_style == pure.flow_style, where
    assert len(fast.value) == len(pure.value), where
    if isinstance(pure, yaml.MappingNode):
        for i, ((fk, fv), (pk, pv)) in enumerate(zip(fast.value, pure.value)):
            assert_same_tree(fk, pk, f"{where}.key{i}")
            assert_same_tree(fv, pv, f"{where}[{pk.value!r}]")
    else:
        for i, (f, p) in enumerate(zip(fast.value, pure.value)):
            assert_same_tree(f, p, f"{where}[{i}]")


def pure_compose(text: str):
    return yaml.compose(text, Loader=yaml.SafeLoader)


def compare(text: str) -> bool:
    """Check rulekit's libyaml reading of ``text`` against the pure reader; True when libyaml read it."""
    fast = yamlnodes._compose_fast(text)
    if fast is yamlnodes._PURE:
        return False
    pure = pure_compose(text)           # libyaml read it: the pure reader must read it too, the same
    if pure is None:
        assert fast is None
    else:
        assert_same_tree(fast, pure)
    return True


def outcome(load, *args):
    """What a load gives: the data and marks, or the error with every part of its message."""
    try:
        result = load(*args)
    except ScenarioError as e:
        return "error", str(e), e.problem, e.path, e.file, e.line, e.column, e.expected
    if hasattr(result, "marks"):
        return "ok", result, result.marks
    return "ok", result


@pytest.fixture
def without_libyaml(monkeypatch):
    """Call a function with libyaml hidden from rulekit."""
    def call(function, *args):
        with monkeypatch.context() as m:
            m.setattr(yamlnodes, "C_LOADER", None)
            return function(*args)
    return call


# -- the same nodes --------------------------------------------------------------------------------
@needs_libyaml
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_libyaml_reads_every_shipped_scenario_to_the_same_nodes_and_marks(path):
    assert compare(path.read_text(encoding="utf-8")), "the shipped scenario was not read by libyaml"


@needs_libyaml
@pytest.mark.parametrize("path", TEST_FILES, ids=lambda p: p.name)
def test_every_yaml_and_json_file_of_the_tests_reads_the_same(path):
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        pytest.skip("not UTF-8 (refused before any YAML is read)")
    try:
        pure_compose(text)
    except Exception as e:  # noqa: BLE001 - a bad file: rulekit's reading raises the same error
        with pytest.raises(type(e)) as err:
            yamlnodes.compose(text)
        assert str(err.value) == str(e)
        return
    compare(text)


@needs_libyaml
def test_the_exported_json_form_of_a_scenario_reads_the_same():
    loaded = load_scenario(SHIPPED[0])
    text = dump_scenario(loaded.scenario, loaded.answers, loaded.expect, format="json")
    assert compare(text)


_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
_scalars = st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False) | _text
_documents = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text, inner, max_size=4),
    max_leaves=25)
_dump_options = st.fixed_dictionaries({
    "default_flow_style": st.sampled_from([False, True, None]),
    "allow_unicode": st.booleans(),
    "default_style": st.sampled_from([None, '"', "'"]),
    "width": st.sampled_from([20, 80, 1000]),
    "indent": st.sampled_from([2, 4]),
    "explicit_start": st.booleans(),
    "sort_keys": st.booleans(),
})


@needs_libyaml
@settings(derandomize=True, max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_documents, _dump_options)
def test_generated_documents_in_every_dump_style_read_the_same(document, options):
    compare(yaml.safe_dump(document, **options))


@needs_libyaml
@pytest.mark.parametrize("text", [
    "a: b\n", "- 1\n- [2, {c: d}]\n", "a: |\n  x\n  y\nb: >-\n  z\n", "a: 'q'\nb: \"r\\u00e9\"\n",
    "title: Ser Osric — “The Thorn”\nx: 😀\n", "a: \r\nb: c\r\n", "a: b\x85c: d\u2028e: f\n",
    "---\na: b\n...\n", "{\"a\": [1, 2.5, true, null], \"b\": {}}\n", "{\"a\":}\n", "# only a comment\n", "\n",
    "k: " + "é" * 1020 + "\n", "é" * 1020 + ": v\n", "r:\n- a\n- b\n", "{\"😀\":}\n",
])
def test_plain_documents_are_read_by_libyaml_and_read_the_same(text):
    assert compare(text)


# What libyaml reads differently from the pure reader: each is left to the pure reader.
DIFFERENT = {
    "a tab after a colon (libyaml allows it)": "a:\tb\n",
    "a byte order mark (libyaml counts no column for it)": "\ufeffa: b\n",
    "a byte order mark at a line's start (libyaml skips it)": "a: b\n\ufeffc: d\n",
    "no line break at the end (libyaml ends the last line on the next)": "a: [b, c]",
    "a non-specific tag on an empty value (libyaml resolves it as text)": "a: !\n",
    "a question mark in a plain scalar in brackets (the pure reader ends the scalar there)": "a: [t?]\n",
    "a question mark after a space in brackets": "a: [x ?y]\n",
    "a block scalar header with a comment and no space (libyaml allows it)": "a: |#\n  x\n",
    "an empty value in braces (libyaml begins it at the next token)": "s: {e: }\n",
    "an empty value in a pair in brackets": "s: [e: ]\n",
    "an empty value before a comment in braces": "s: {e:  # c\n  }\n",
}


@needs_libyaml
@pytest.mark.parametrize("text", DIFFERENT.values(), ids=DIFFERENT.keys())
def test_what_libyaml_reads_differently_is_read_by_the_pure_reader(text, without_libyaml):
    assert yamlnodes._compose_fast(text) is yamlnodes._PURE
    assert outcome(yamlnodes.load_text, text, "x.yaml") == without_libyaml(outcome, yamlnodes.load_text, text, "x.yaml")


@needs_libyaml
@pytest.mark.parametrize("text", [
    "a: &x 1\n", "a: &x 1\nb: *x\n", "a: !!str 1\n", "%YAML 1.1\n---\na: 1\n", "a: 1\n---\nb: 2\n",
    "a: " + "[" * 40 + "]" * 40 + "\n", "a: \ud800\n",
])
def test_what_a_scenario_file_refuses_anyway_is_left_to_the_pure_reader(text, without_libyaml):
    assert yamlnodes._compose_fast(text) is yamlnodes._PURE
    assert outcome(yamlnodes.load_text, text, "x.yaml") == without_libyaml(outcome, yamlnodes.load_text, text, "x.yaml")


@needs_libyaml
def test_nesting_libyaml_would_recurse_on_is_handed_over_without_a_crash():
    # PyYAML's own libyaml composer recurses in C: 100,000 brackets overflow the C stack
    code = ("from rulekit import yamlnodes\n"
            "for o, c in (('[', ']'), ('{k: ', '}')):\n"
            "    text = 'a: ' + o * 150_000 + c * 150_000 + '\\n'\n"
            "    assert yamlnodes._compose_fast(text) is yamlnodes._PURE\n"
            "print('handed over')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert (done.returncode, done.stdout) == (0, "handed over\n"), done.stderr


# -- the same messages -----------------------------------------------------------------------------
@pytest.mark.parametrize("path", BAD, ids=lambda p: p.name)
def test_every_bad_file_gives_the_same_error_with_and_without_libyaml(path, without_libyaml):
    assert outcome(load_scenario, path) == without_libyaml(outcome, load_scenario, path)


@pytest.mark.parametrize("path", SHIPPED[:12], ids=lambda p: p.name)
def test_shipped_scenarios_load_the_same_with_and_without_libyaml(path, without_libyaml):
    assert outcome(load_scenario, path) == without_libyaml(outcome, load_scenario, path)


def _mutations():
    texts = [p.read_text(encoding="utf-8") for p in SHIPPED[:12]]
    junk = st.sampled_from(["{", "}", "[", "]", ":", ": ", "- ", "?", " ?", "&a ", "*a", "!", "! ", "!!str ", "\t",
                            "\ufeff", "|#", "\n  - ", "'", '"', "#", " # c", "%YAML 1.1\n", "---\n", "\r", "\x85",
                            "\u2028", "é", "😀", "{a: }", "[a: ]", ""])

    @st.composite
    def mutate(draw):
        text = draw(st.sampled_from(texts))
        for _ in range(draw(st.integers(1, 3))):
            where = draw(st.integers(0, len(text)))
            kind = draw(st.integers(0, 2))
            if kind == 0:
                text = text[:where] + draw(junk) + text[where:]
            elif kind == 1:
                text = text[:where] + text[min(len(text), where + draw(st.integers(1, 30))):]
            else:
                text = text[:where] + draw(st.text(max_size=4)) + text[where:]
        return text
    return mutate()


@settings(derandomize=True, max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=_mutations())
def test_edited_files_give_the_same_result_with_and_without_libyaml(text, without_libyaml):
    if yamlnodes.C_LOADER is not None:
        compare(text)
    for load in (yamlnodes.load_text, loads_scenario):
        assert outcome(load, text, "edited.yaml") == without_libyaml(outcome, load, text, "edited.yaml")


# -- libyaml is the one reading --------------------------------------------------------------------
@needs_libyaml
def test_libyaml_is_used_when_pyyaml_has_it():
    assert yamlnodes.C_LOADER is yaml.CSafeLoader


@needs_libyaml
@pytest.mark.skipif(yamlnodes.PLAIN, reason="RULEKIT_PLAIN=1 reads every file with the pure reader (rulekit.core.speed)")
def test_valid_files_are_read_by_libyaml_alone_and_bad_ones_again_by_the_pure_reader(monkeypatch):
    used = []

    class CSpy(yaml.CSafeLoader):
        def __init__(self, stream):
            used.append("libyaml")
            super().__init__(stream)

    class PureSpy(yaml.SafeLoader):
        def __init__(self, stream):
            used.append("pure")
            super().__init__(stream)

    monkeypatch.setattr(yamlnodes, "C_LOADER", CSpy)
    monkeypatch.setattr(yamlnodes, "PURE_LOADER", PureSpy)
    for path in SHIPPED:
        used.clear()
        load_scenario(path)
        assert used == ["libyaml"], path.name
    used.clear()
    loaded = load_scenario(SHIPPED[0])
    loads_scenario(dump_scenario(loaded.scenario, loaded.answers, loaded.expect, format="json"), "x.json")
    assert used == ["libyaml", "libyaml"]
    used.clear()
    with pytest.raises(ScenarioError, match="not valid YAML"):
        load_scenario(Path(__file__).parent / "bad_scenarios" / "yaml-syntax.yaml")
    assert used == ["libyaml", "pure"]
