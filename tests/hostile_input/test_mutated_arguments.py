"""Random command lines for the commands that run a reading or write a file (trace, check, graph,
draw, explore, compare, app): whatever the arguments, the exit code is 0, 1 or 2 — never 3 — with
no traceback and no raw control character in any output. The app's server is replaced by a stub:
only its arguments are checked here."""
from __future__ import annotations

import contextlib
import io
import os

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rulekit.cli import main

RULINGS = ["rb.optional=at-resolution", "rb.optional=when-fulfilled", "agot.would-instead=change",
           "agot.would-instead=replacement", "rb.optinal=x", "rb.optional", "=", "agot.would-instead=\x1b[31m",
           "x\ny=z", "rb.nth-count=seen"]
FILES = ["agot/claim-2-kill", "riftbound/optional-trigger-declined", "no/such", "\x07bell", "agot"]
JUNK = st.sampled_from(["-1", "0", "nan", "1e999", "\x1b[2J", "a\nb", "--", "-", "70000", "3", "none", "1ms",
                        "--force", "--json", "\t"])


def _vector(command: str):
    ruling = st.lists(st.sampled_from(RULINGS), max_size=3).map(lambda rs: [a for r in rs for a in ("--ruling", r)])
    file = st.sampled_from(FILES)
    extra = {
        "trace": st.lists(st.sampled_from(["--json", "--quiet", "--ids", "--no-verdicts"]), max_size=2),
        "check": st.lists(st.sampled_from(["--strict"]), max_size=1),
        "graph": st.tuples(st.sampled_from(["--step"]), st.sampled_from(["0", "3", "-1", "999", "x"])).map(list),
        "draw": st.tuples(st.sampled_from(["--step"]), st.sampled_from(["0", "-2", "999"]), st.sampled_from(["-o"]),
                          st.sampled_from(["OUT.png", "OUT.txt", "LINK.png", "EXISTING.svg", "NODIR/x.png"])).map(list),
        "explore": st.lists(st.sampled_from(["--limit=50", "--limit=nan", "--limit=-3", "--limit=1ms", "--limit=x\x1b",
                                             "--workers=0", "--workers=-4", "--json", "--limit=2GB,20"]), max_size=2),
        "compare": st.lists(st.sampled_from(["--json"]), max_size=1),
        "app": st.lists(st.sampled_from(["--port=0", "--port=-1", "--port=70000", "--port=8123", "--open"]), max_size=2),
    }[command]
    return st.tuples(st.just([command]), file.map(lambda f: [f]), ruling, extra, st.lists(JUNK, max_size=1)).map(
        lambda parts: [a for part in parts for a in part])


VECTORS = st.sampled_from(["trace", "check", "graph", "draw", "explore", "compare", "app"]).flatmap(_vector)
CONTROL = {chr(c) for c in range(32) if chr(c) not in "\n\t"} | {"\x7f"}


def _run(argv, tmp_path) -> tuple[int, str]:
    argv = [a.replace("OUT", str(tmp_path / "out")).replace("LINK", str(tmp_path / "link"))
            .replace("EXISTING", str(tmp_path / "existing")).replace("NODIR", str(tmp_path / "nodir")) for a in argv]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:                    # argparse's own refusals
            code = e.code
    return code, out.getvalue() + err.getvalue()


@pytest.fixture
def quiet_app(monkeypatch, tmp_path):
    import rulekit.app.explorer_page as app
    monkeypatch.setattr(app, "serve", lambda *a, **k: 0)
    (tmp_path / "existing.svg").write_text("<svg/>")
    if not (tmp_path / "link.png").is_symlink():
        (tmp_path / "link.png").symlink_to(tmp_path / "existing.svg")
    return tmp_path


def _check(argv, tmp_path):
    code, output = _run(argv, tmp_path)
    assert code in (0, 1, 2), (argv, code, output[-2000:])
    assert "Traceback" not in output, (argv, output[-2000:])
    assert not CONTROL & set(output), (argv, [c for c in output if c in CONTROL][:5])
    if "--force" not in argv:
        assert (tmp_path / "existing.svg").read_text() == "<svg/>"        # never overwritten without --force
    (tmp_path / "existing.svg").write_text("<svg/>")
    assert (tmp_path / "link.png").is_symlink()                           # never replaced, never written through
    assert not [p for p in os.listdir(tmp_path) if ".tmp" in p]            # no temporary file left


@settings(max_examples=int(os.environ.get("RK_FUZZ_ARGS", 60)), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(VECTORS)
def test_mutated_command_lines_never_end_in_a_traceback(quiet_app, argv):
    _check(argv, quiet_app)


@pytest.mark.slow                 # python -m pytest -m slow
@settings(max_examples=600, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(VECTORS)
def test_mutated_command_lines_never_end_in_a_traceback_long_run(quiet_app, argv):
    _check(argv, quiet_app)
