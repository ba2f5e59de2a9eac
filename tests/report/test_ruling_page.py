"""The ruling page (``rulekit report``, :mod:`rulekit.report`): what it holds — card faces, the rules
cited, every step with its drawing and why-not lines, both readings from where they part — that it
asks nothing from outside the file, that hostile names come out inert, that it refuses to overwrite,
and that the page of the largest shipped scenario stays under the documented size."""
from __future__ import annotations

import base64
import hashlib
import re
import subprocess
import sys
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile import ATTRIBUTE_NAME, HOSTILE, SCRIPT_NAME, TEXT, TITLE  # noqa: E402

from rulekit.cli import main  # noqa: E402
from rulekit.core.explain import explain  # noqa: E402
from rulekit.core.rules import RULES  # noqa: E402
from rulekit.core.verdicts import reason  # noqa: E402
from rulekit.files.output import OutputError  # noqa: E402
from rulekit.files.scenario_files import load_scenario, loads_scenario  # noqa: E402
from rulekit.report import POLICY, SIZE_BOUND, ruling_page, write_ruling_page  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
OPTIONAL = ROOT / "scenarios" / "riftbound" / "optional-trigger-declined.yaml"
TWO_READINGS = ["--ruling", "rb.optional=when-fulfilled", "--ruling", "rb.optional=at-resolution"]


class _Page(HTMLParser):
    """The page taken apart: its elements' attributes, its visible text, its scripts."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.attrs: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.scripts: list[str] = []
        self._in: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.attrs.append((tag, dict(attrs)))
        if tag in ("script", "style"):
            self._in.append(tag)

    def handle_endtag(self, tag):
        if self._in and self._in[-1] == tag:
            self._in.pop()

    def handle_data(self, data):
        if "script" in self._in:
            self.scripts.append(data)
        elif not self._in:
            self.text.append(data)

    def visible(self) -> str:
        return " ".join(self.text)


@pytest.fixture(scope="module")
def optional():
    loaded = load_scenario(OPTIONAL)
    return loaded, loaded.start()


@pytest.fixture(scope="module")
def page(optional):
    return ruling_page(optional[1], source="optional-trigger-declined")


@pytest.fixture(scope="module")
def hostile_page():
    return ruling_page(loads_scenario(HOSTILE).start(), view="sequence")


def _sections(page: str) -> list[str]:
    starts = [m.start() for m in re.finditer(r"<section class='rk-step'", page)]
    return [page[a:b] for a, b in zip(starts, starts[1:] + [page.index("<section id='rk-rules'")])]


def test_the_board_is_shown_as_card_faces(optional, page):
    loaded, game = optional
    shown = [c for c in loaded.scenario.cards if c.zone != game.state.rules.deck]
    assert page.count("class='rk-card'") >= len(shown)
    for card in shown:
        assert f">{card.title}</div>" in page


def test_every_rule_cited_is_quoted_with_its_source(optional, page):
    _, game = optional
    cited = {s.rule for s in game.timeline if s.rule in RULES}
    assert cited
    for rule_id in cited:
        r = RULES[rule_id]
        assert f"id='rule-{rule_id}'" in page
        assert escape(f"Source: {r.cited}") in page and escape(r.text) in page


def test_one_panel_per_step_and_the_slider_spans_them(optional, page):
    _, game = optional
    count = len(game.timeline)
    assert len(_sections(page)) == count
    assert f"max='{count - 1}'" in page and "id='rk-slider'" in page
    assert page.count("<li><button type='button'") == count
    assert page.count("<svg class='rk-svg'") == count          # each step's drawing, inline


def test_why_not_names_every_ability_at_every_step_with_the_engines_reasons(optional, page):
    _, game = optional
    sections = _sections(page)
    for step, section in zip(game.timeline, sections):
        assert "Carrion Crow&#x27;s ability" in section, step.number
    judged = next(s for s in game.timeline if s.verdicts)
    e = explain(judged, "crow", "w", later=game.last_step)
    for v in e.verdicts:
        assert escape(reason(v)) in sections[judged.number]


@pytest.mark.parametrize("name", ["riftbound/optional-trigger-declined", "agot/claim-2-kill",
                                  "agot/three-players-a-passed-player-acts-again", "riftbound/two-deathknells"])
def test_what_a_person_reads_names_cards_never_ids(name):
    loaded = load_scenario(ROOT / "scenarios" / f"{name}.yaml")
    text = _Page(ruling_page(loaded.start(), view=None)).visible()
    for card in loaded.scenario.cards:
        if not any(ch.isdigit() for ch in card.id):      # an id such as "a" or "crow" is also a word
            continue
        assert not re.search(rf"(?<![\w-]){re.escape(card.id)}(?![\w-])", text), card.id
    assert "@s:" not in text and "@" not in text


def test_the_policy_forbids_outside_requests_and_allows_only_the_pages_script(page):
    parsed = _Page(page)
    metas = [a for tag, a in parsed.attrs if tag == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
    assert len(metas) == 1 and metas[0]["content"] == POLICY
    assert "default-src 'none'" in POLICY and "'unsafe-inline'" not in POLICY.split("style-src")[0]
    (script,) = parsed.scripts
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in POLICY


@pytest.mark.parametrize("which", ["page", "hostile_page"])
def test_no_source_or_link_leaves_the_file(which, request):
    parsed = _Page(request.getfixturevalue(which))
    for tag, attrs in parsed.attrs:
        for name in ("src", "href", "xlink:href", "action", "srcset", "data", "poster"):
            value = (attrs.get(name) or "").strip().lower()
            assert not value.startswith(("http:", "https:", "//", "ftp:", "file:")), (tag, name, value)
            assert not value or value.startswith("#"), (tag, name, value)     # only links inside the page
    assert not any(tag in ("link", "iframe", "object", "embed", "img", "base") for tag, _ in parsed.attrs)


def test_hostile_names_and_texts_come_out_inert(hostile_page):
    for raw in (SCRIPT_NAME, ATTRIBUTE_NAME, TITLE, TEXT, "<script>alert(", "</template><script>alert"):
        assert raw not in hostile_page
    parsed = _Page(hostile_page)
    assert len(parsed.scripts) == 1 and "alert" not in parsed.scripts[0]
    assert not any("onerror" in attrs for _, attrs in parsed.attrs)
    text = parsed.visible()
    for shown in (SCRIPT_NAME, ATTRIBUTE_NAME, TEXT, TITLE):
        assert shown in text                                   # shown literally, as the file wrote it


def test_two_readings_side_by_side_from_the_step_where_they_part(tmp_path, capsys):
    out = tmp_path / "two.html"
    assert main(["report", str(OPTIONAL), "-o", str(out), "--view", "chain", *TWO_READINGS]) == 0
    page = out.read_text()
    loaded = load_scenario(OPTIONAL)
    from rulekit.views.compare import compare_rulings
    result = compare_rulings(loaded.scenario, {"rb.optional": "when-fulfilled"}, {"rb.optional": "at-resolution"},
                             loaded.answers)
    parting = result.first_difference.number
    sections = _sections(page)
    assert len(sections) == max(len(result.game_a.timeline), len(result.game_b.timeline))
    assert all("rk-pair" not in s for s in sections[:parting])
    assert all("rk-pair" in s and "<h4>A: rb.optional=when-fulfilled (default)</h4>" in s
               and "<h4>B: rb.optional=at-resolution</h4>" in s for s in sections[parting:])
    assert f"The readings part at #{parting}" in page
    assert "rb.optional=when-fulfilled" in page and "rb.optional=at-resolution" in page
    assert "two readings" in capsys.readouterr().out
    svg_ids = re.findall(r'<(?:g|clipPath|path|defs|text|use)\b[^>]* id="([^"]+)"', page)
    assert svg_ids and len(svg_ids) == len(set(svg_ids))                  # no id twice in the page
    assert "from optional-trigger-declined.yaml" in page and str(OPTIONAL.parent) not in page   # no folder named


def test_it_refuses_to_overwrite_and_leaves_the_file(tmp_path, capsys):
    out = tmp_path / "page.html"
    out.write_text("kept")
    assert main(["report", str(OPTIONAL), "-o", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err and out.read_text() == "kept"
    game = load_scenario(OPTIONAL).start()
    with pytest.raises(OutputError, match="already exists"):
        write_ruling_page(out, game, view=None)
    assert out.read_text() == "kept"
    write_ruling_page(out, game, force=True, view=None)
    assert out.read_text().startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("argv, says", [
    (["--ruling", "rb.optional=bogus", "--ruling", "rb.optional=at-resolution"],
     "'bogus' is not an option of the ruling 'rb.optional' (expected one of when-fulfilled, at-resolution)"),
    (["--ruling", "rb.optional=at-resolution", "--ruling", "rb.optional=at-resolution"], "identical"),
    (["--ruling", "agot.would-instead=change"], "it is a ruling of agot"),
])
def test_a_bad_ruling_is_refused_naming_the_legal_options(tmp_path, capsys, argv, says):
    out = tmp_path / "page.html"
    assert main(["report", str(OPTIONAL), "-o", str(out), *argv]) == 2
    assert says in capsys.readouterr().err and not out.exists()


def test_only_an_html_name_is_written(tmp_path, capsys):
    assert main(["report", str(OPTIONAL), "-o", str(tmp_path / "page.png")]) == 2
    assert ".html" in capsys.readouterr().err


def test_the_page_of_the_largest_shipped_scenario_stays_under_the_documented_size(tmp_path):
    from rulekit import shipped
    games = [(len(g.timeline), s.name, g) for s in shipped.all_scenarios() for g in [load_scenario(s.path).start()]]
    steps, name, largest = max(games, key=lambda t: (t[0], t[1]))
    out = write_ruling_page(tmp_path / "largest.html", largest, source=name)
    size = out.stat().st_size
    assert size <= SIZE_BOUND, f"{name} ({steps} steps): {size:,} bytes, over the bound of {SIZE_BOUND:,}"
    mb = SIZE_BOUND // (1024 * 1024)
    from rulekit.cli.parser import build_parser
    assert f"under {mb} MB" in build_parser()._subparsers._group_actions[0].choices["report"].description
    assert f"{mb} MB" in (ROOT / "docs" / "ruling-page.md").read_text()


def test_importing_rulekit_does_not_import_the_page():
    code = "import sys, rulekit; print('rulekit.report' in sys.modules, 'matplotlib' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]


def test_a_chance_step_says_in_words_that_the_game_chose():
    loaded = load_scenario(ROOT / "scenarios" / "riftbound" / "discard-one-at-random.yaml")
    game = loaded.start()
    chance = next(s for s in game.timeline if s.decision is not None and s.decision.by_chance)
    section = _sections(ruling_page(game, view=None))[chance.number]
    assert "chance: the game, not a player, chose the outcome at this step" in section
    text = _Page(section).visible()
    assert "| the game |" not in text and "@" not in text
