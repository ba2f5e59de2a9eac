"""The ruleset seam: a third ruleset plugs in alone; files are validated against their ruleset's
own vocabulary and zones; put into play lands where each ruleset says; and the core never branches
on a ruleset's name or frame types."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import rulekit
from rulekit import Game, ScenarioError, explain
from rulekit.files import loads_scenario

import stack_ruleset  # noqa: F401  (registers the third ruleset: its one registry line)
from cli_output import run_cli
from plain_files import AGOT, RIFT, STACK

ROOT = Path(__file__).resolve().parents[2]


# -- the third ruleset -------------------------------------------------------------------------------
def test_a_third_ruleset_plugs_in_through_the_seam():
    loaded = loads_scenario(STACK, "stack.yaml")
    game = loaded.start()
    assert game.finished
    # the newest response (P2's, added last) resolves first: P2 draws before P1
    draws = [s.args_dict()["events"] for s in game.timeline if s.what == "stack-happens" and s.rule == "stack.resolve"]
    assert draws == [("w.r@s:k:killed:g/effect:draws:P2",), ("w.r@s:k:killed:g/effect:draws:P1",)] or \
        [d[0].rsplit(":", 1)[-1] for d in draws] == ["P2", "P1"]
    from rulekit.files.expect import check_expect
    assert check_expect(game, loaded.expect) == []
    assert {s.rule for s in game.timeline} <= set(rulekit.RULES)


def test_the_third_ruleset_has_a_flowchart_drawings_and_explanations():
    pytest.importorskip("networkx")
    pytest.importorskip("matplotlib")
    from rulekit.views.draw import draw_view
    from rulekit.views.graphs import flow_graph, flowchart_graph, state_graph
    game = loads_scenario(STACK).start()
    g = flowchart_graph("stack")
    assert set(g.nodes) == {"happens", "respond", "resolve"}
    step = next(s for s in game.timeline if s.what == "stack-responds")
    assert flow_graph(step, game.timeline).nodes["respond"]["current"]
    assert state_graph(step).number_of_nodes() > 0
    for view in ("flow", "windows", "chain", "graph"):
        draw_view(view, step, game.timeline)
    why = explain(step, "m", "r")
    assert why.usable and "Mourner" in str(why)


def test_the_third_ruleset_refuses_what_it_does_not_have():
    bad = STACK.replace("{do: draw, target: you}]}\n  - id: m", "{do: kneel, target: self}]}\n  - id: m", 1)
    with pytest.raises(ScenarioError, match="'kneel' is not a verb of stack"):
        loads_scenario(bad)


def test_the_cli_runs_a_registered_ruleset(tmp_path):
    path = tmp_path / "stack.yaml"
    path.write_text(STACK)
    code, out, err = run_cli("trace", str(path))
    assert code == 0, err
    assert "goes on the stack" in out
    code, out, _ = run_cli("rulings", "stack", "--json")
    assert json.loads(out)[0]["name"] == "stack.resolve-order"


# -- no branching on a ruleset outside its package -----------------------------------------------------
FRAME_TYPES = ("SequenceFrame", "ResolutionFrame", "ChainFrame", "ItemFrame", "TriggerCheck")


def test_no_ruleset_name_comparison_or_frame_type_test_outside_rulesets():
    offenders = []
    for path in list((ROOT / "rulekit").rglob("*.py")) + list((ROOT / "widgets").rglob("*.py")):
        if "rulesets" in path.parts:
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"""[=!]=\s*["'](agot|riftbound)["']|["'](agot|riftbound)["']\s*[=!]=""", line):
                offenders.append(f"{path.name}:{n}: {line.strip()}")
            if re.search(r"isinstance\([^)]*(" + "|".join(FRAME_TYPES) + ")", line):
                offenders.append(f"{path.name}:{n}: {line.strip()}")
            # a ruleset's own zones are its data (in_play, shared_zones, hand, deck …), never compared here
            if re.search(r"""[=!]=\s*["'](base|battlefield|legend zone|dead pile)["']|["'](base|battlefield)["']\s*[=!]=""", line):
                offenders.append(f"{path.name}:{n}: {line.strip()}")
    assert offenders == []


# -- vocabulary per ruleset ----------------------------------------------------------------------------
def test_the_plain_files_load():
    loads_scenario(AGOT)
    loads_scenario(RIFT)


@pytest.mark.parametrize("text, old, new, message", [
    (AGOT, "timing: reaction", "timing: triggered", "'triggered' is not a timing of agot"),
    (AGOT, "{do: draw, target: you}", "{do: deal damage, target: self}", "'deal damage' is not a verb of agot"),
    (AGOT, "{do: kill, cards: [c1]}", "{do: end turn, player: P1}", "'end turn' is not a verb of agot"),
    (AGOT, "effect: [{do: draw, target: you}]}", "deathknell: true, effect: [{do: draw, target: you}]}",
     "'deathknell' of ability 'r' of card 'c1' belongs to another ruleset"),
    (AGOT, "owner: P1\n    abilities", "owner: P1\n    zone: base\n    abilities", "zone 'base' of card 'c1' does not exist in agot"),
    (RIFT, "timing: triggered", "timing: reaction", "'reaction' is not a timing of riftbound"),
    (RIFT, "{do: draw, target: you}", "{do: gain power, target: self}", "'gain power' is not a verb of riftbound"),
    (RIFT, "{do: draw, target: you}", "{do: cancel, target: that effect}", "'cancel' is not a verb of riftbound"),
    (RIFT, "effect: [{do: draw, target: you}]}", "limit: {times: 1}, effect: [{do: draw, target: you}]}",
     "'limit' of ability 't' of card 'u1' belongs to another ruleset"),
    (RIFT, "zone: base\n    type: unit", "zone: play area\n    type: unit", "zone 'play area' of card 'u1' does not exist in riftbound"),
])
def test_a_foreign_timing_verb_field_or_zone_is_refused(text, old, new, message):
    assert old in text
    with pytest.raises(ScenarioError) as e:
        loads_scenario(text.replace(old, new, 1), "f.yaml")
    assert message in str(e.value)
    assert "f.yaml" in str(e.value)


def test_granted_abilities_are_checked_like_printed_ones():
    text = RIFT.replace("  - {do: kill, cards: [u1]}",
                        "  - {do: grant, cards: [u1], grant: {id: g, timing: reaction, when: {event: killed}, "
                        "effect: [{do: draw, target: you}]}}")
    with pytest.raises(ScenarioError, match="'reaction' is not a timing of riftbound"):
        loads_scenario(text)


# -- put into play ---------------------------------------------------------------------------------------
PUT = RIFT.replace("  - {do: kill, cards: [u1]}", "  - {do: put into play, cards: [h1]}").replace(
    "  - {id: d, title", "  - {id: h1, title: Recruit, owner: P2, zone: hand, type: unit, might: 1}\n  - {id: d, title")


def test_a_riftbound_unit_put_into_play_lands_in_its_base_exhausted():
    game = Game.start(loads_scenario(PUT).scenario, play_defaults=True)
    card = game.state.cards["h1"]
    assert (card.zone, card.kneeling, card.controller) == ("base", True, "P2")


def test_a_riftbound_unit_put_into_play_at_a_battlefield():
    game = Game.start(loads_scenario(PUT.replace("cards: [h1]}", "cards: [h1], to: battlefield}")).scenario,
                      play_defaults=True)
    assert (game.state.cards["h1"].zone, game.state.cards["h1"].kneeling) == ("battlefield", True)


def test_an_agot_character_put_into_play_lands_in_the_play_area_standing():
    text = AGOT.replace("  - {do: kill, cards: [c1]}", "  - {do: put into play, cards: [h]}").replace(
        "  - {id: d, title", "  - {id: h, title: Recruit, owner: P2, zone: hand}\n  - {id: d, title")
    game = Game.start(loads_scenario(text).scenario, play_defaults=True)
    assert (game.state.cards["h"].zone, game.state.cards["h"].kneeling) == ("play area", False)


def test_the_stack_ruleset_needs_only_the_required_part_and_stays_short():
    """A ruleset is a small required part plus optional capabilities (rulekit.core.ruleset.REQUIRED):
    the stack ruleset of docs/adding-a-ruleset.md sets the required part and a few capabilities its
    game has, and its package stays short: 238 lines when the seam was first proved, 241 once its step
    codes became an enum with a words table keyed by it (issue 41, point 3)."""
    from pathlib import Path

    from rulekit.core.ruleset import missing
    from rulekit.rulesets import get
    import stack_ruleset
    assert missing(get("stack")) == ()
    assert get("stack").card_extension is None and get("stack").default_zone is None
    assert len(Path(stack_ruleset.__file__).read_text().splitlines()) <= 241


def test_a_ruleset_that_lacks_a_required_part_is_refused_naming_it():
    import pytest

    from rulekit.core.ruleset import Ruleset
    from rulekit.rulesets import register

    class Half(Ruleset):
        name = "half"
        title = "Half a ruleset"
        zones = ("board",)
        in_play = ("board",)

    with pytest.raises(TypeError) as err:
        register(Half())
    assert "timings, verbs, handlers, flow, open_occurrence, explain_step" in str(err.value)


def test_every_step_of_a_window_cites_the_rules_step_it_was_taken_at():
    """position_rule: the rule of the step of the rules a step was taken at (A Game of Thrones'
    window opens, passes and closes all at agot.tc.4 in the interrupt window); a ruleset that says
    nothing (the stack ruleset) falls back on the step's own rule."""
    from rulekit.files.scenario_files import load_scenario
    game = load_scenario(ROOT / "scenarios/agot/claim-2-kill.yaml").start()
    rules = game.state.rules
    in_window = [s for s in game.timeline if rules.position(s) == "step 4, interrupt window"]
    assert in_window and {rules.position_rule(s) for s in in_window} == {"agot.tc.4"}
    assert {s.rule for s in in_window} > {"agot.tc.4"}          # their own rules differ (window.open, pass …)
    assert rules.position_rule(game.timeline[0]) == game.timeline[0].rule
    stack = Game.start(loads_scenario(STACK).scenario, play_defaults=True)
    assert all(stack.state.rules.position_rule(s) == s.rule for s in stack.timeline)
