"""The real thing in Debian's Chromium, driven by Playwright: ``rulekit app`` (Voila), and the
explorer and a lesson's quiz in JupyterLab. Each test picks an option, steps the timeline, asks why (not), edits the
board and switches views, asserting each time that the page changed as it should; it checks
that no code is shown in the app and that the page asks no outside host for anything, and saves
screenshots (to ``tests/artifacts/``, ignored by git).

Skipped (with the reason) where Chromium, Voila, JupyterLab or Playwright is missing — except in
CI (``CI`` set) with Chromium installed, where a missing piece fails the test instead.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CLAIM = ROOT / "scenarios" / "agot" / "claim-2-kill.yaml"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
REQUIRED = bool(os.environ.get("CI")) and Path(CHROMIUM).exists()
WAIT = 60_000


def need(condition: bool, reason: str) -> None:
    if not condition:
        (pytest.fail if REQUIRED else pytest.skip)(reason + (" (required in CI)" if REQUIRED else ""))


def _module(name: str) -> bool:
    import importlib.util
    return importlib.util.find_spec(name) is not None


@pytest.fixture
def env(tmp_path):
    """Every Jupyter, IPython and matplotlib folder in a temporary one."""
    need(Path(CHROMIUM).exists(), "Debian's chromium is not installed (.ci/run installs it)")
    need(_module("playwright"), "playwright is not installed")
    e = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path / "config"), JUPYTER_DATA_DIR=str(tmp_path / "data"),
             JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), IPYTHONDIR=str(tmp_path / "ipython"),
             MPLCONFIGDIR=str(tmp_path / "mpl"), TMPDIR=str(tmp_path),
             JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "settings"), JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "ws"))
    e.pop("MPLBACKEND", None)
    notification = tmp_path / "settings" / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    notification.parent.mkdir(parents=True)
    notification.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    return e


def _wait_http(url: str, proc, log: Path) -> None:
    deadline = time.monotonic() + 90
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return                      # it answers: good enough
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError("the server did not start: " + log.read_text()[-3000:])
            time.sleep(0.3)


def _stop(proc) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


@pytest.fixture
def app(env, tmp_path):
    """``rulekit app claim-2-kill.yaml`` as a user starts it; yields the URL it prints."""
    yield from _serve(env, tmp_path, str(CLAIM))


@pytest.fixture
def bare_app(env, tmp_path):
    """``rulekit app`` with no scenario given, as a user first starts it; yields the URL it prints."""
    yield from _serve(env, tmp_path)


def _serve(env, tmp_path, *args):
    need(_module("voila"), "voila is not installed")
    log = tmp_path / "app.log"
    proc = subprocess.Popen([sys.executable, "-c", "from rulekit.cli import main; raise SystemExit(main())", "app",
                             *args], env=env, cwd=tmp_path, start_new_session=True, stdout=subprocess.PIPE,
                            stderr=open(log, "w"), text=True)
    try:
        line = proc.stdout.readline()
        m = re.search(r"(http://127\.0\.0\.1:\d+/\?token=\S+)", line)
        assert m, f"rulekit app printed {line!r}; log: {log.read_text()[-2000:]}"
        _wait_http(m.group(1), proc, log)
        yield m.group(1)
    finally:
        _stop(proc)


@pytest.fixture
def lab(env, tmp_path):
    """JupyterLab on a folder holding a notebook whose one cell shows the explorer."""
    yield from _lab(env, tmp_path, "from rulekit import Line\nfrom rulekit_widgets import explorer\n"
                                   f"explorer({str(CLAIM)!r}, answers=Line())")


@pytest.fixture
def quiz_lab(env, tmp_path):
    """JupyterLab on a notebook whose one cell asks a lesson's question as a quiz."""
    yield from _lab(env, tmp_path, "from rulekit.lesson import Lesson\nfrom rulekit_widgets import quiz\n"
                                   f"quiz(Lesson({str(CLAIM)!r}).ask_draws('P1'))")


def _lab(env, tmp_path, source: str):
    need(_module("jupyterlab"), "jupyterlab is not installed")
    import nbformat
    folder = tmp_path / "root"
    folder.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / "explore.ipynb")
    port, token = _free_port(), "rulekit-test"
    log = tmp_path / "lab.log"
    proc = subprocess.Popen([sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
                             "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
                             f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={folder}",
                             "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None"],
                            env=env, cwd=tmp_path, start_new_session=True, stdout=subprocess.DEVNULL,
                            stderr=open(log, "w"))
    try:
        base = f"http://127.0.0.1:{port}"
        _wait_http(f"{base}/api/status?token={token}", proc, log)
        yield f"{base}/lab/tree/explore.ipynb?token={token}"
    finally:
        _stop(proc)


def _free_port() -> int:
    from rulekit.app.explorer_page import free_port
    return free_port()


class Browser:
    """A Chromium page that records every host it asks and saves numbered screenshots."""

    def __init__(self, p, name: str, viewport: tuple[int, int] = (1200, 1400)):
        self.browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        self.page = self.browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
        self.hosts: set[str] = set()
        self.urls: list[str] = []
        self.page.on("request", self._request)
        self.name, self.shots = name, 0
        ARTIFACTS.mkdir(exist_ok=True)

    def _request(self, request) -> None:
        parts = urllib.parse.urlsplit(request.url)
        host = parts.scheme + "://" + (parts.hostname or "")
        self.hosts.add(host)
        if host not in ("http://127.0.0.1", "ws://127.0.0.1", "data://", "blob://"):
            self.urls.append(request.url)

    def shot(self, what: str) -> None:
        self.shots += 1
        self.page.screenshot(path=str(ARTIFACTS / f"{self.name}-{self.shots:02d}-{what}.png"), full_page=True)

    def outside(self) -> set[str]:
        return {h for h in self.hosts if h not in ("http://127.0.0.1", "ws://127.0.0.1", "data://", "blob://")}

    def close(self) -> None:
        self.browser.close()


@contextlib.contextmanager
def browsing(name: str, url: str, viewport: tuple[int, int] = (1200, 1400)):
    """A :class:`Browser` opened on ``url``; when the test's steps pass, the page must have asked
    no outside host; the browser is closed either way."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = Browser(p, name, viewport)
        try:
            b.page.goto(url)
            yield b
            assert b.outside() == set(), f"the page asked outside hosts: {b.urls[:5]}"
        finally:
            b.close()


def explore(b: Browser) -> None:
    """Pick an option, step the timeline, ask why not, switch views, edit the board."""
    from playwright.sync_api import expect
    page = b.page
    decision, where, image = page.locator(".rk-decision"), page.locator(".rk-where"), page.locator(".rk-image")
    expect(decision).to_contain_text("P2 has the opportunity in the interrupt window", timeout=WAIT)
    expect(page.locator(".rk-option")).to_have_count(3, timeout=WAIT)
    expect(page.locator(".rk-option", has_text="(c")).to_have_count(0)          # names, not ids
    b.shot("start")

    # pick an option: the next opportunity's decision, the timeline at its newest step
    page.locator(".rk-option", has_text="Maester Orwyn's interrupt, for Hollowfield Steward killed").click()
    expect(page.locator(".rk-option")).to_have_count(2, timeout=WAIT)
    expect(where).to_contain_text("#23 · step 4, interrupt window", timeout=WAIT)
    b.shot("picked")

    # step the timeline back: the position and the log follow
    page.locator(".rk-explorer button", has_text="◀").click()
    expect(where).to_contain_text("#22 · step 7, reaction window", timeout=WAIT)
    expect(page.locator(".rk-log")).to_contain_text("#22", timeout=WAIT)
    b.shot("stepped")

    # switch views: each redraws the picture
    before = image.get_attribute("src")
    page.locator(".rk-views button", has_text="chain").click()
    expect(image).not_to_have_attribute("src", before or "", timeout=WAIT)
    b.shot("chain-view")
    before = image.get_attribute("src")
    page.locator(".rk-views button", has_text="flow").click()
    expect(image).not_to_have_attribute("src", before or "", timeout=WAIT)
    b.shot("flow-view")

    # ask why (not)
    page.locator(".lm-TabBar-tab", has_text="why (not)?").click()
    why = page.locator(".rk-why")
    why.locator("select").select_option(label="Maester Orwyn — interrupt: when a character you control is killed, "
                                              "draw 1 card")
    expect(why).to_contain_text("#22 · step 7, reaction window — Maester Orwyn for P2 draws", timeout=WAIT)
    why.locator("select").select_option(label="Barrowhill Raven — reaction: after a character is killed, draw 1 card")
    expect(why).to_contain_text("Barrowhill Raven for P2 draws: does not listen for this event", timeout=WAIT)
    b.shot("why-not")

    # edit the board: Maester Orwyn to his owner's hand, and the line replays without him
    page.locator(".lm-TabBar-tab", has_text="board").click()
    board = page.locator(".rk-board select")
    board.nth(0).select_option(label="Maester Orwyn — P2's, play area")
    board.nth(1).select_option(label="hand")
    page.locator(".rk-board button", has_text="apply and replay").click()
    expect(page.locator(".rk-log")).to_contain_text("#8 · step 7, reaction window", timeout=WAIT)
    expect(page.locator(".rk-log")).to_contain_text("1 recorded answer not applied yet", timeout=WAIT)
    expect(decision).not_to_contain_text("Maester Orwyn", timeout=WAIT)
    b.shot("board-edited")


def test_the_app_serves_the_explorer_with_a_scenario_picker_and_no_code(app):
    from playwright.sync_api import expect
    from rulekit.app.explorer_page import shipped
    with browsing("app", app) as b:
        page = b.page
        expect(page.locator(".rk-app")).to_be_visible(timeout=120_000)
        assert "from rulekit" not in page.content()                 # no code on the page
        expect(page.locator(".rk-picker option")).to_have_count(len(shipped()), timeout=WAIT)
        expect(page.locator(".rk-explorer h3")).to_have_text("Claim 2 military kill", timeout=WAIT)
        explore(b)
        # another scenario, picked by its title
        riftbound = next(label for label, path in shipped() if path.endswith("simultaneous-triggers-of-both-players.yaml"))
        page.locator(".rk-picker select").select_option(label=riftbound)
        expect(page.locator(".rk-explorer h3")).to_have_text("Simultaneous triggers of both players", timeout=WAIT)
        expect(page.locator(".rk-image")).to_be_visible(timeout=WAIT)
        b.shot("riftbound")


def _run_all(page, shown: str) -> None:
    """Open the notebook, run its cells, wait for ``shown`` to appear."""
    from playwright.sync_api import expect
    page.wait_for_function("window.jupyterapp && window.jupyterapp.shell", timeout=120_000)
    expect(page.locator(".jp-Notebook")).to_be_visible(timeout=120_000)
    expect(page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle'], "
                        ".jp-Notebook-ExecutionIndicator")).to_have_count(1, timeout=WAIT)
    page.wait_for_timeout(1500)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    expect(page.locator(shown)).to_be_visible(timeout=120_000)


#: Everything on the page, and every scrolling box in it, fits its width: nothing runs off the edge.
_OVERFLOW = """() => {
    const wide = [document.documentElement, ...document.querySelectorAll('.rk-app, .rk-app *')]
        .filter(e => e.scrollWidth > e.clientWidth + 1 && (e === document.documentElement
                     || !['visible', 'hidden', 'clip'].includes(getComputedStyle(e).overflowX)));
    const past = [...document.querySelectorAll('.rk-app, .rk-app *')]
        .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5);
    return {scrollWidth: document.documentElement.scrollWidth,
            wide: wide.map(e => e.className || e.tagName), past: past.map(e => e.className || e.tagName)};
}"""


def test_the_app_opens_on_lesson_01_at_its_first_decision_and_fits_1280_by_800(bare_app):
    """The first screen (issue 29, point 6): ``rulekit app`` with no scenario opens on lesson 01's
    board at its first decision; the board tab shows the cards as faces beside the controls; at
    1280×800 nothing runs off the page, whichever tab is open; a screenshot to look at."""
    from playwright.sync_api import expect
    from rulekit.files.scenario_files import load_scenario
    scenario = load_scenario(CLAIM).scenario
    with browsing("first-screen", bare_app, viewport=(1280, 800)) as b:
        page = b.page
        expect(page.locator(".rk-explorer h3")).to_have_text(scenario.title, timeout=120_000)
        picked = page.locator(".rk-picker select").evaluate("s => s.options[s.selectedIndex].text.replace(/\\s/g, ' ')")
        assert picked.endswith(f"— {scenario.title}")
        expect(page.locator(".rk-where")).to_have_text("#6 · step 4, interrupt window", timeout=WAIT)
        expect(page.locator(".rk-decision")).to_contain_text("P2 has the opportunity in the interrupt window",
                                                             timeout=WAIT)
        expect(page.locator(".rk-option")).to_have_count(3, timeout=WAIT)
        expect(page.locator(".rk-image")).to_be_visible(timeout=WAIT)
        page.wait_for_timeout(500)
        b.page.screenshot(path=str(ARTIFACTS / "first-screen.png"))        # the screen as a reader first sees it
        seen = page.evaluate(_OVERFLOW)
        assert seen["scrollWidth"] <= 1280 and not seen["wide"] and not seen["past"], seen
        for tab in ("why (not)?", "card text", "board"):
            page.locator(".lm-TabBar-tab", has_text=tab).click()
            page.wait_for_timeout(300)
            seen = page.evaluate(_OVERFLOW)
            assert seen["scrollWidth"] <= 1280 and not seen["wide"] and not seen["past"], (tab, seen)
        # the board tab: a face for every card not in a draw deck, beside the controls
        shown = [c.title for c in scenario.cards if c.zone != scenario.rules.deck]
        faces = page.locator(".rk-board-faces .rk-card")
        expect(faces).to_have_count(len(shown), timeout=WAIT)
        expect(faces.first).to_be_visible()
        for title in shown:
            expect(page.locator(".rk-board-faces")).to_contain_text(title)
        controls = page.locator(".rk-board select").first.bounding_box()
        face = faces.first.bounding_box()
        assert face["x"] > controls["x"] + controls["width"] - 1, "the faces are beside the controls"
        # every ability's name shows whole in the why (not) picker
        page.locator(".lm-TabBar-tab", has_text="why (not)?").click()
        cut = page.locator(".rk-why select").evaluate(
            "s => { const c = document.createElement('canvas').getContext('2d'); c.font = getComputedStyle(s).font;"
            " return [...s.options].filter(o => c.measureText(o.text).width > s.clientWidth - 24).map(o => o.text); }")
        assert cut == [], f"ability names cut in the why (not) picker: {cut}"
        page.locator(".lm-TabBar-tab", has_text="board").click()
        page.locator(".rk-board-faces").scroll_into_view_if_needed()
        b.shot("board-faces")


def test_the_explorer_in_jupyterlab(lab):
    with browsing("lab", lab) as b:
        _run_all(b.page, ".rk-explorer")
        explore(b)


def test_a_quiz_in_jupyterlab(quiz_lab):
    """The reader picks a choice, checks it, and is told right or wrong with the engine's why."""
    from playwright.sync_api import expect
    with browsing("quiz", quiz_lab) as b:
        page = b.page
        _run_all(page, ".rk-quiz")
        feedback = page.locator(".rk-quiz-feedback")
        expect(page.locator(".rk-quiz-question")).to_contain_text("How many cards does P1 draw?", timeout=WAIT)
        expect(page.locator(".rk-quiz details")).to_have_count(0)     # the widget, not the folded fallback
        b.shot("asked")
        page.locator(".rk-quiz-choices label", has_text="B) 1").click()
        page.locator("button.rk-quiz-check").click()
        expect(feedback).to_contain_text("Not quite. The engine's answer: C) 2.", timeout=WAIT)
        expect(feedback).to_contain_text("P1 uses Barrowhill Raven's reaction", timeout=WAIT)
        expect(feedback).to_contain_text("Rule: agot.tc.5", timeout=WAIT)
        b.shot("wrong")
        page.locator(".rk-quiz-choices label", has_text="C) 2").click()
        page.locator("button.rk-quiz-check").click()
        expect(feedback).to_contain_text("Right. The engine's answer: C) 2.", timeout=WAIT)
        b.shot("right")
