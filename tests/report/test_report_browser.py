"""The ruling page in Debian's Chromium, driven by Playwright: opened from a file (``file://``), its
slider moved with the keyboard and its buttons, with no console error, no request outside the
file and no script of a hostile name run (its text shown literally instead). A screenshot goes to
``tests/artifacts/`` (ignored by git).

Skipped (with the reason) where Chromium or Playwright is missing — except in CI (``CI`` set) with
Chromium installed, where a missing piece fails the test instead.
"""
from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile import ATTRIBUTE_NAME, HOSTILE, SCRIPT_NAME, TEXT  # noqa: E402

from rulekit.cli import main  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
REQUIRED = bool(os.environ.get("CI")) and Path(CHROMIUM).exists()


def need(condition: bool, reason: str) -> None:
    if not condition:
        (pytest.fail if REQUIRED else pytest.skip)(reason + (" (required in CI)" if REQUIRED else ""))


@pytest.fixture
def hostile_report(tmp_path):
    need(Path(CHROMIUM).exists(), "Debian's chromium is not installed (.ci/run installs it)")
    need(importlib.util.find_spec("playwright") is not None, "playwright is not installed")
    source = tmp_path / "hostile.yaml"
    source.write_text(HOSTILE)
    out = tmp_path / "hostile.html"
    assert main(["report", str(source), "-o", str(out), "--view", "sequence"]) == 0
    return out


def test_the_page_opens_from_a_file_steps_with_its_slider_and_runs_no_hostile_name(hostile_report):
    from playwright.sync_api import expect, sync_playwright
    url = hostile_report.as_uri()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            problems, requests, dialogs = [], [], []
            page.on("console", lambda m: problems.append(f"{m.type}: {m.text}") if m.type in ("error", "warning")
                    else None)
            page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
            page.on("request", lambda r: requests.append(r.url))
            page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
            page.goto(url)

            at, steps = page.locator("#rk-at"), page.locator(".rk-step")
            last = steps.count() - 1
            assert last > 3
            expect(at).to_have_text(f"#0 of #{last}")
            expect(page.locator("#rk-step-0")).to_be_visible()
            expect(page.locator("#rk-step-1")).to_be_hidden()

            page.locator("#rk-slider").focus()              # the slider moves with the keyboard
            for _ in range(3):
                page.keyboard.press("ArrowRight")
            expect(at).to_have_text(f"#3 of #{last}")
            expect(page.locator("#rk-step-3")).to_be_visible()
            expect(page.locator("#rk-step-0")).to_be_hidden()
            expect(page.locator("#rk-step-3 .rk-board-slot .rk-card").first).to_be_visible()   # the board after #3
            expect(page.locator("#rk-step-3 svg.rk-svg")).to_be_visible()                     # its drawing
            expect(page.locator(".rk-lines li.rk-here")).to_contain_text("#3")

            page.locator("#rk-next").click()
            expect(at).to_have_text(f"#4 of #{last}")
            page.locator(".rk-lines li button").nth(last).click()       # a step's number in the list
            expect(at).to_have_text(f"#{last} of #{last}")
            expect(page.locator(f"#rk-step-{last}")).to_be_visible()
            page.locator("#rk-prev").click()
            expect(at).to_have_text(f"#{last - 1} of #{last}")

            # the hostile names and texts are shown as the file wrote them, and ran nothing
            for shown in (SCRIPT_NAME, ATTRIBUTE_NAME, TEXT):
                expect(page.get_by_text(shown, exact=True).first).to_be_visible()
            assert page.locator("img").count() == 0
            assert page.locator("script").count() == 1
            assert page.evaluate("typeof window.alert") == "function" and dialogs == []

            page.goto(f"{url}#rk-step-5")                 # a link to one step opens the page at it
            expect(at).to_have_text(f"#5 of #{last}")
            expect(page.locator("#rk-step-5")).to_be_visible()

            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "report-hostile.png"), full_page=False)
        finally:
            browser.close()
    assert problems == []
    assert requests and all(r in (url, f"{url}#rk-step-5") for r in requests), requests
