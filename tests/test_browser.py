"""One test drives the real thing: the explorer in Voila, in Debian's Chromium, with Playwright.

Skipped (with the reason) only where Chromium or Voila/Playwright are not installed; `.ci/run`
installs all three.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[1]

pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed (.ci/run installs it)"),
    pytest.mark.skipif(shutil.which("voila") is None, reason="voila is not installed"),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _notebook(folder: Path) -> Path:
    import nbformat
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        "from rulekit import Line\n"
        "from rulekit_widgets import explorer\n"
        f"explorer({str(ROOT / 'scenarios' / 'agot' / 'claim-2-kill.yaml')!r}, answers=Line())")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = folder / "explore.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.fixture
def voila(tmp_path):
    """A Voila server on the explorer notebook, with every Jupyter folder in a temporary one."""
    pytest.importorskip("playwright.sync_api")
    port, token = _free_port(), "rulekit-test"
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path / "config"), JUPYTER_DATA_DIR=str(tmp_path / "data"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), IPYTHONDIR=str(tmp_path / "ipython"),
               MPLCONFIGDIR=str(tmp_path / "mpl"), TMPDIR=str(tmp_path))
    env.pop("MPLBACKEND", None)
    notebook = _notebook(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "voila", str(notebook), "--no-browser", "--Voila.ip=127.0.0.1",
                             f"--port={port}", f"--token={token}"], env=env, cwd=tmp_path, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=open(tmp_path / "voila.log", "w"))
    url = f"http://127.0.0.1:{port}/?token={token}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url, timeout=2)
                break
            except urllib.error.HTTPError:
                break          # it answers: good enough
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("voila did not start: " + (tmp_path / "voila.log").read_text()[-2000:])
                time.sleep(0.3)
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def test_a_reader_answers_a_decision_in_the_browser(voila, tmp_path):
    from playwright.sync_api import expect, sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        try:
            page = browser.new_page()
            page.goto(voila)
            decision = page.locator(".rk-decision")
            expect(decision).to_be_visible(timeout=90_000)
            expect(decision).to_contain_text("P2 has the opportunity in the interrupt window", timeout=30_000)
            options = page.locator(".rk-option")
            expect(options).to_have_count(3, timeout=30_000)
            options.filter(has_text="Winterfell Steward").click()
            expect(decision).to_contain_text("#3", timeout=30_000)          # the next opportunity's decision
            expect(page.locator(".rk-option")).to_have_count(2, timeout=30_000)
            # the timeline follows to the newest step, whose line is shown with its rule
            expect(page.locator(".rk-log")).to_contain_text("P1 passes (no eligible ability)", timeout=30_000)
            time.sleep(1.0)       # let any late message from the browser arrive before reading the slider
            expect(page.locator(".rk-log")).to_contain_text("#23", timeout=30_000)
            page.screenshot(path=str(tmp_path / "explorer.png"))
        finally:
            browser.close()
