"""Write docs/images/ruling-page.png: the ruling page of a Riftbound scenario under two readings of
rb.optional (``rulekit report … --ruling rb.optional=when-fulfilled --ruling
rb.optional=at-resolution``), opened from its file in Debian's Chromium at the step where the
readings part. Run after a deliberate change to the page, and look at it."""
from __future__ import annotations

import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from rulekit.cli import main
from rulekit.files.scenario_files import load_scenario
from rulekit.views.compare import compare_rulings

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios" / "riftbound" / "optional-trigger-declined.yaml"
OUT = ROOT / "docs" / "images" / "ruling-page.png"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

loaded = load_scenario(SCENARIO)
parting = compare_rulings(loaded.scenario, {"rb.optional": "when-fulfilled"}, {"rb.optional": "at-resolution"},
                          loaded.answers).first_difference.number
with tempfile.TemporaryDirectory() as folder:
    page_file = Path(folder) / "optional.html"
    assert main(["report", str(SCENARIO), "-o", str(page_file), "--ruling", "rb.optional=when-fulfilled",
                 "--ruling", "rb.optional=at-resolution"]) == 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.goto(page_file.as_uri() + f"#rk-step-{parting}")
        page.evaluate(f"window.scrollTo(0, document.getElementById('rk-step-{parting}').getBoundingClientRect().top"
                      f" + window.scrollY - 250)")
        page.wait_for_timeout(200)
        page.screenshot(path=str(OUT))
        browser.close()
print("wrote", OUT.relative_to(ROOT), f"(the readings part at #{parting})")
