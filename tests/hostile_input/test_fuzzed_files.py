"""Fuzzed files (shipped ones truncated, bitten, and salted with junk and random unicode) either
load and run or give a ScenarioError naming the file; random bytes through the command line exit
0, 1 or 2."""
from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from rulekit import ScenarioError
from rulekit.cli import main
from rulekit.core.limits import RunawayLoop
from rulekit.files import loads_scenario

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios").rglob("*.yaml"))


def _mutations():
    texts = [p.read_text() for p in SHIPPED[:12]]
    junk = st.sampled_from(["\x00", "{", "}", "[", "]", ":", "- ", "&a", "*a", "!!python/name:os.system", "\t",
                            "\u2603", "9" * 30, "\n  - ", "<<: {}", "'", '"', "#", "%YAML 1.1\n", "---\n"])

    @st.composite
    def mutate(draw):
        text = draw(st.sampled_from(texts))
        for _ in range(draw(st.integers(1, 4))):
            where = draw(st.integers(0, len(text)))
            kind = draw(st.integers(0, 3))
            if kind == 0:
                text = text[:where]                                            # truncation
            elif kind == 1:
                text = text[:where] + draw(junk) + text[where:]                # junk in the middle
            elif kind == 2:
                cut = draw(st.integers(where, min(len(text), where + 40)))
                text = text[:where] + text[cut:]                               # a bite out
            else:
                text = text[:where] + draw(st.text(max_size=8)) + text[where:]  # random unicode
        return text
    return mutate()


@settings(max_examples=int(os.environ.get("RK_FUZZ", 300)), deadline=2000,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(_mutations())
def test_fuzzed_files_either_load_and_run_or_give_a_scenario_error(text):
    try:
        loaded = loads_scenario(text, "fuzzed.yaml")
    except ScenarioError as e:
        assert e.file == "fuzzed.yaml" and str(e)
        return
    try:
        loaded.start()
    except RunawayLoop:
        pass


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_random_bytes_through_the_command_line_exit_0_1_or_2(data):
    import tempfile
    with tempfile.NamedTemporaryFile("wb", suffix=".yaml", delete=False) as f:
        f.write(data)
    try:
        assert main(["check", f.name]) in (0, 1, 2)
    finally:
        os.unlink(f.name)
