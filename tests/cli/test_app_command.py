"""``rulekit app``: a port outside 1–65535 and a ruling of another ruleset are refused before any
server starts; SIGTERM and SIGHUP stop Voila and its kernels and remove the temporary folder; the
page shows the reading in use."""
from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from rulekit.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("port", ["0", "-1", "70000", "65536"])
def test_a_port_outside_1_to_65535_is_exit_2(port, capsys, monkeypatch):
    import rulekit.app.explorer_page as app
    monkeypatch.setattr(app, "serve", lambda *a, **k: pytest.fail("the server must not start"))
    assert main(["app", f"--port={port}"]) == 2
    err = capsys.readouterr().err
    assert "--port must be between 1 and 65535" in err and "Traceback" not in err


def test_app_refuses_two_options_and_another_ruleset_before_starting(capsys, monkeypatch):
    import rulekit.app.explorer_page as app
    monkeypatch.setattr(app, "serve", lambda *a, **k: pytest.fail("the server must not start"))
    assert main(["app", "agot/claim-2-kill", "--ruling", "rb.optional=at-resolution"]) == 2
    err = capsys.readouterr().err
    assert "ruling of riftbound" in err and "scenario of agot" in err
    assert main(["app", "--ruling", "rb.optional=at-resolution", "--ruling", "rb.optional=when-fulfilled"]) == 2
    assert "two options" in capsys.readouterr().err


def test_app_opens_under_the_ruling_given_and_shows_the_reading(monkeypatch, capsys):
    import rulekit.app.explorer_page as app
    seen = {}
    monkeypatch.setattr(app, "serve", lambda initial, port, browser, rulings: seen.update(rulings=rulings) or 0)
    assert main(["app", "agot/would-instead-as-a-replacement", "--ruling", "agot.would-instead=change"]) == 0
    assert seen["rulings"] == {"agot.would-instead": "change"}
    pytest.importorskip("ipywidgets")
    box = app.page(str(ROOT / "scenarios/agot/would-instead-as-a-replacement.yaml"), seen["rulings"])
    shown = box.children[3].children[0]
    assert "agot.would-instead=change" in shown.children[0].value and "(default)" in shown.children[0].value
    opened = app._scenario_under(str(ROOT / "scenarios/agot/would-instead-as-a-replacement.yaml"), seen["rulings"])
    assert opened.rulings["agot.would-instead"] == "change"          # the explorer's scenario
    riftbound = app._scenario_under(str(ROOT / "scenarios/riftbound/ilse-at-base.yaml"), seen["rulings"])
    assert "agot.would-instead" not in riftbound.rulings               # another ruleset's scenario: its own


def _descendants(pid: int) -> list[int]:
    from rulekit.app.explorer_page import _descendants as below
    return below(pid)


def _alive(pid: int) -> bool:
    from rulekit.app.explorer_page import _alive as alive
    return alive(pid)


@pytest.mark.skipif(importlib.util.find_spec("voila") is None, reason="voila is not installed")
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to find Voila's kernels")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_stops_voila_and_its_kernels_and_removes_the_folder(sig, tmp_path):
    from rulekit.app.explorer_page import free_port
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path), JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
               JUPYTER_DATA_DIR=str(tmp_path / "data"), JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
               IPYTHONDIR=str(tmp_path / "ipython"), MPLCONFIGDIR=str(tmp_path / "mpl"))
    proc = subprocess.Popen([sys.executable, "-m", "rulekit", "app", "agot/claim-2-kill", f"--port={port}"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            start_new_session=True)
    try:
        url = proc.stdout.readline().split()[2]
        deadline = time.monotonic() + 120
        while True:                                # the page renders: Voila has started a kernel for it
            try:
                urllib.request.urlopen(url, timeout=60).read()
                break
            except (urllib.error.URLError, OSError):
                assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read()[-3000:]
                time.sleep(0.5)
        below = _descendants(proc.pid)
        assert len(below) >= 2                     # Voila and at least one kernel
        assert [p for p in tmp_path.iterdir() if p.name.startswith("rulekit-app-")]
        proc.send_signal(sig)                      # to rulekit alone, as a service manager or a closed terminal does
        assert proc.wait(timeout=60) == 0
        deadline = time.monotonic() + 15
        while any(_alive(p) for p in below) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert [p for p in below if _alive(p)] == []
        assert not [p for p in tmp_path.iterdir() if p.name.startswith("rulekit-app-")]
        assert "Traceback" not in proc.stderr.read()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)


def test_the_app_opens_on_lesson_01_at_its_first_decision_and_help_says_so(capsys):
    """Issue 29, point 6: without a scenario the page opens on lesson 01's board
    (agot/claim-2-kill) at its first decision; a scenario with no decision to take opens at its
    set-up, #0; ``rulekit app --help`` says so."""
    with pytest.raises(SystemExit):
        main(["app", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "opens on the board of lesson 01 (agot/claim-2-kill) at its first decision" in said
    pytest.importorskip("ipywidgets")
    import rulekit.app.explorer_page as app
    assert app.FIRST == "agot/claim-2-kill" and Path(app.first()).resolve() == (ROOT / "scenarios/agot/claim-2-kill.yaml")
    box = app.page()
    picker = box.children[2]
    assert Path(picker.value).resolve() == ROOT / "scenarios/agot/claim-2-kill.yaml"
    explorer_box = box.children[3].children[0].children[1]
    assert "Claim 2 military kill" in explorer_box.children[0].value
    decision = explorer_box.children[1]
    assert "P2 has the opportunity in the interrupt window" in decision.children[0].value
    slider = explorer_box.children[2].children[0].children[1]
    assert slider.value == slider.max == 6                           # #6, the step the first decision comes at
    picker.value = str(ROOT / "scenarios/agot/a-new-plot-sends-the-old-one-to-the-used-pile.yaml")
    quiet = box.children[3].children[0].children[1]
    assert "no decision is pending" in quiet.children[1].children[0].value
    assert quiet.children[2].children[0].children[1].value == 0       # nothing to decide: from the set-up
