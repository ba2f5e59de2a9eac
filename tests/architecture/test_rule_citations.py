"""A rule's name leads to its code in one step (issue 41, point 1).

A rule is cited where a string literal equal to its id is the value the engine records on the
step that applies it — a row of a table of steps (``SeqStep``'s ``"agot.tc.4"``), the rule a
handler gives the step or decision it makes — never an id built from parts, a comment or a
docstring. ``rulekit rules ID`` prints those places (:mod:`rulekit.cli.citations` finds them with
``ast``). A ruling's option (``name=option``) is cited where the ruling is read.

What these tests hold:

- every rule id a step of a shipped scenario or corpus card records (its ``rule``, and the ruling
  option in its arguments) is printed by ``rulekit rules ID`` with places, and each place's line
  holds that literal (for a ruling's option, the ruling's name);
- no literal of the engine's code is written like a rule id the registry lacks, and no id is
  built from parts (an f-string or a sum starting with a registry prefix);
- every registry rule is named by such a literal, with two principled exceptions:

  * an **umbrella** rule, whose id is the dotted parent of cited rules (``agot.initiate`` of
    ``agot.initiate.cost-paid``, ``.targets``, ``.effect``): a section header whose parts are the
    steps that apply it (``rulekit rules`` names them);
  * a **descriptive** rule (:data:`DESCRIPTIVE`): it says what a verb, a filter, a check or a
    piece of state does — behaviour the engine carries out inside steps that record another rule
    (``agot.power``: how moved power is counted), so no step records it today. Giving each a step
    of its own would change every trace this point must keep byte-identical; the way left is a
    check's or verb's declared rule recorded on its verdict. The list only shrinks: a rule on it
    that gains a citing literal must leave it, and a new registry rule must be cited or umbrella.
"""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from rulekit.cli import main
from rulekit.cli import citations
from rulekit.core import rules as _registry
from rulekit.core.rules import RULES as _EVERY


class _Shipped(dict):
    """The registry of what rulekit ships: its own rules and those of the rulesets under ``rulekit/``
    (read when asked: a test ruleset that another test registers in the same process, such as
    ``tests/support/stack_ruleset``, is no code of rulekit's, and citations read only rulekit's code)."""

    def _now(self) -> dict:
        foreign = set()
        for rs in _registry._RULESETS["all"]():
            if not type(rs).__module__.startswith("rulekit."):
                foreign |= {r.id for r in rs.rules}
                foreign |= {f"{ruling.name}={o.name}" for ruling in rs.rulings for o in ruling.options}
        return {k: v for k, v in _EVERY.items() if k not in foreign}

    def __iter__(self):
        return iter(self._now())

    def __contains__(self, key) -> bool:
        return key in self._now()

    def __getitem__(self, key):
        return self._now()[key]


RULES = _Shipped()

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(ROOT.glob("scenarios/*/*.yaml")) + sorted(ROOT.glob("tests/cards/*/*.yaml"))

#: registry rules that describe behaviour carried out inside steps recording other rules (see the
#: module docstring); each must stay uncited while it is listed
DESCRIPTIVE = frozenset({
    "agot.abilities.zones", "agot.attachment", "agot.challenge-history", "agot.constant", "agot.dominance",
    "agot.entered-play", "agot.factions", "agot.filters", "agot.gold", "agot.limit", "agot.once",
    "agot.power", "agot.save.duplicate", "agot.tc.several", "agot.tc.shared", "agot.zones",
    "rb.battlefields", "rb.buffs", "rb.chance", "rb.channel-recycle", "rb.conquer", "rb.control", "rb.granted",
    "rb.keywords", "rb.might", "rb.new-object", "rb.play", "rb.recall", "rb.targets", "rb.this-turn",
    "rb.tokens", "rb.trigger-condition", "rb.turn", "rb.zones",
    "rulekit.card-text", "rulekit.default-zones", "rulekit.defaults", "rulekit.incarnation", "rulekit.limits",
    "rulekit.rb.nth-count", "rulekit.rb.own-leaving", "rulekit.replacement", "rulekit.save.pre-empted",
    "rulekit.trigger.player",
})


@lru_cache(maxsize=1)
def recorded() -> dict[str, str]:
    """Every rule id a step of a shipped scenario or corpus card records → the first file that
    records it (each file run once, with its own answers and the defaults)."""
    from rulekit.core.game import Game
    from rulekit.files.scenario_files import load_scenario
    found: dict[str, str] = {}
    for path in FILES:
        loaded = load_scenario(str(path))
        game = Game.start(loaded.scenario, loaded.answers, play_defaults=True)
        where = str(path.relative_to(ROOT))
        for step in game.timeline:
            found.setdefault(step.rule, where)
            ruling = step.args_dict().get("ruling") if step.args else None
            if ruling:
                found.setdefault(ruling, where)
    return found


def _shown_sites(rule_id: str, capsys) -> list[tuple[str, int]]:
    """The places ``rulekit rules ID`` prints, as (file, line)."""
    assert main(["rules", rule_id]) == 0
    out = capsys.readouterr().out
    head = "Read at:" if "=" in rule_id else "Applied at:"
    assert head in out, f"rulekit rules {rule_id} names no place:\n{out}"
    listed = out.split(head, 1)[1]
    return [(m[1], int(m[2])) for m in re.finditer(r"^  (\S+\.py):(\d+): ", listed, re.M)]


def test_the_walk_covers_both_games_and_their_rulings():
    ids = recorded()
    assert len(FILES) > 300
    assert {"agot.tc.4", "rb.chain", "rulekit.setup"} <= set(ids)
    assert any("=" in i for i in ids)          # ruling options recorded on steps are walked too


def test_every_rule_a_step_records_points_at_a_line_holding_its_literal(capsys):
    lines: dict[str, list[str]] = {}
    for rule_id, where in sorted(recorded().items()):
        assert rule_id in RULES, f"{where} records {rule_id!r}, which the registry lacks"
        places = _shown_sites(rule_id, capsys)
        assert places, f"rulekit rules {rule_id} (recorded by {where}) points at no line of the code"
        literals = {rule_id, rule_id.split("=", 1)[0]}     # a ruling's option: or where the ruling is read
        for file, number in places:
            text = lines.setdefault(file, (ROOT / file).read_text(encoding="utf-8").splitlines())[number - 1]
            assert any(f'"{x}"' in text or f"'{x}'" in text for x in literals), f"{file}:{number} lacks {rule_id!r}"


def _umbrella(rule_id: str) -> bool:
    return bool(citations.parts(rule_id))


def test_every_registry_rule_is_cited_by_a_literal_or_is_an_umbrella_or_listed_descriptive():
    cited = set(citations.index())
    assert DESCRIPTIVE <= set(RULES), sorted(DESCRIPTIVE - set(RULES))
    assert sorted(DESCRIPTIVE & cited) == [], "cited now: take these off DESCRIPTIVE"
    assert sorted(r for r in DESCRIPTIVE if _umbrella(r)) == [], "umbrellas now: take these off DESCRIPTIVE"
    missing = sorted(r for r in RULES if r not in cited and r not in DESCRIPTIVE and not _umbrella(r))
    assert missing == [], f"registry rules no literal of the code names: {missing}"
    assert {r for r in RULES if r not in cited and not _umbrella(r)} == DESCRIPTIVE


def test_every_ruling_option_points_at_where_the_ruling_is_read():
    options = [r for r in RULES if "=" in r]
    assert options and all(citations.sites(o) for o in options), [o for o in options if not citations.sites(o)]


def test_no_literal_of_the_engine_is_written_like_a_rule_id_the_registry_lacks():
    assert citations.strays() == ()


def test_no_rule_id_is_built_from_parts():
    """In the engine's code (``rulekit/core``, ``rulekit/rulesets``): an f-string or a ``+`` whose
    first part starts with a registry prefix (``f"agot.tc.{n}"``)."""
    prefixes = tuple(sorted({i.split(".", 1)[0] + "." for i in RULES}))
    built = []
    engine = sorted((ROOT / "rulekit" / "core").rglob("*.py")) + sorted((ROOT / "rulekit" / "rulesets").rglob("*.py"))
    for path in engine:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            first = (node.values[0] if isinstance(node, ast.JoinedStr) and node.values else
                     node.left if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) else None)
            if isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value.startswith(prefixes):
                built.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert built == []


def test_a_site_is_the_literal_not_a_docstring_or_comment(tmp_path, monkeypatch):
    """The reader keeps a literal a step records and leaves out docstrings, comments, f-string parts,
    the registry's own declaration and a comparison reading a recorded rule."""
    module = tmp_path / "rulekit" / "m.py"
    module.parent.mkdir()
    module.write_text('"""Cites "agot.tc.4" in a docstring."""\n'
                      '# "agot.tc.4" in a comment\n'
                      'x = f"agot.tc.4 {1}"\n'
                      'Rule("agot.tc.4", "title")\n'
                      'step = ("agot.tc.4", 1)\n'
                      'seen = step[0] == "agot.tc.4"\n', encoding="utf-8")
    monkeypatch.setattr(citations, "_SHOWN_FROM", tmp_path)
    found = citations._literals_of(module)
    assert [(lit.value, lit.site.line) for lit in found] == [("agot.tc.4", 5)]


def test_import_rulekit_does_not_read_the_code_for_citations():
    done = subprocess.run([sys.executable, "-c", "import sys, rulekit; print('rulekit.cli.citations' in sys.modules)"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


@pytest.mark.parametrize("rule_id, line", [
    ("agot.tc.4", 'INTERRUPT_WINDOW = (4, "interrupt window", Timing.INTERRUPT, "agot.tc.4")'),
])
def test_rulekit_rules_prints_the_place_with_the_text_and_the_source(rule_id, line, capsys):
    assert main(["rules", rule_id]) == 0
    out = capsys.readouterr().out
    assert RULES[rule_id].text in out and RULES[rule_id].cited in out
    assert f"rulekit/rulesets/agot/steps.py:" in out and line in out


def test_a_literal_the_registry_lacks_is_a_stray(monkeypatch):
    site = citations.Site("rulekit/rulesets/agot/sequence.py", 1, 'rule = "agot.tc.8"')
    elsewhere = citations.Site("rulekit/app/explorer_page.py", 1, 'path = "rulekit.ipynb"')
    found = (citations._Literal("agot.tc.8", site, False), citations._Literal("agot.tc.4", site, False),
             citations._Literal("agot.replacement-ends-interrupts", site, False),    # a removed ruling's name
             citations._Literal("rulekit.ipynb", elsewhere, False))                   # outside the engine
    monkeypatch.setattr(citations, "_all_literals", lambda: found)
    assert citations.strays() == (("agot.tc.8", site),)


def test_an_umbrella_rule_names_its_parts(capsys):
    assert main(["rules", "agot.initiate"]) == 0
    out = capsys.readouterr().out
    assert "Applied at: through its parts — agot.initiate.cost-paid, agot.initiate.effect, agot.initiate.targets" in out


def test_the_walks_in_the_architecture_doc_name_places_rulekit_rules_prints():
    """docs/architecture.md walks three rules to their code: every ``file.py:N`` it names in a walk
    is a place ``rulekit rules`` prints for a rule that walk names (lines move; the doc must follow)."""
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = doc.split("## From a rule's name to its code", 1)[1].split("\n## ", 1)[0]
    walks = re.findall(r"^- \*\*`([^`]+)`\*\*(.*?)(?=^- \*\*|^\S|\Z)", section, re.S | re.M)
    assert [w[0] for w in walks] == ["agot.tc.4", "agot.cancel", "rb.optional=at-resolution"]
    for rule_id, text in walks:
        named = {rule_id} | set(re.findall(r"`([a-z]+(?:\.[a-z0-9-]+)+(?:=[a-z0-9-]+)?)`", text)) & set(RULES)
        places = {(s.file, s.line) for r in named for s in citations.sites(r)}
        shown = re.findall(r"(\w+\.py):(\d+)", text)
        assert shown, rule_id
        for name, number in shown:
            assert any(f.endswith("/" + name) and n == int(number) for f, n in places), \
                f"docs/architecture.md, walk {rule_id}: {name}:{number} is no place of {sorted(named)}"
