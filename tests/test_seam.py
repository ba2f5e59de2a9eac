"""The ruleset seam: a third ruleset plugs in alone, files are validated against their ruleset,
the core never branches on a ruleset's name or frame types, rulings are switches, games are pure."""
from __future__ import annotations

import io
import json
import re
import threading
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

import rulekit
from rulekit import Game, ScenarioError, explain, rulesets
from rulekit.cli import main
from rulekit.views.compare import compare, parse_ruling, with_rulings
from rulekit.files.scenario_files import load_scenario, loads_scenario

import stack_ruleset  # noqa: F401  (registers the third ruleset: its one registry line)
from plain_files import STACK

ROOT = Path(__file__).resolve().parents[1]


def run_cli(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


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
AGOT = """
ruleset: agot
title: t
players: [P1, P2]
first_player: P1
cards:
  - id: c1
    title: Ser Test
    owner: P1
    abilities:
      - {id: r, timing: reaction, when: {event: killed}, effect: [{do: draw, target: you}]}
  - {id: d, title: Deck card, owner: P1, zone: draw deck, type: attachment}
script:
  - {do: kill, cards: [c1]}
"""
RIFT = """
ruleset: riftbound
title: t
players: [P1, P2]
first_player: P1
cards:
  - id: u1
    title: Test Unit
    owner: P1
    zone: base
    type: unit
    might: 2
    abilities:
      - {id: t, timing: triggered, when: {event: killed}, effect: [{do: draw, target: you}]}
  - {id: d, title: Deck card, owner: P1, zone: main deck, type: spell}
script:
  - {do: kill, cards: [u1]}
"""


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


# -- rulings ------------------------------------------------------------------------------------------------
def test_every_ruling_has_options_sources_and_a_registry_entry():
    assert {r.name for r in rulesets.all_rulings()} >= {
        "rb.optional", "rb.nth-count", "rb.source-info", "rb.recheck-condition", "rb.replacement-triggers",
        "agot.replacement-triggers"}
    for ruling in rulesets.all_rulings():
        assert len(ruling.options) >= 2
        for option in ruling.options:
            assert option.source and option.reasoning and option.summary
            entry = rulekit.RULES[f"{ruling.name}={option.name}"]
            assert entry.provenance == "ruling"


def test_rulings_json_lists_name_ruleset_options_default():
    code, out, _ = run_cli("rulings", "--json")
    assert code == 0
    data = json.loads(out)
    assert all({"name", "ruleset", "options", "default"} <= set(d) for d in data)
    assert {d["ruleset"] for d in data} >= {"agot", "riftbound"}
    code, out, _ = run_cli("rulings", "riftbound", "--json")
    assert {d["ruleset"] for d in json.loads(out)} == {"riftbound"}


@pytest.mark.parametrize("argument, message", [
    ("rb.optinal=at-resolution", "did you mean 'rb.optional'"),
    ("rb.optional=later", "'later' is not an option of the ruling 'rb.optional'"),
    ("agot.replacement-triggers=trigger", "riftbound has no ruling 'agot.replacement-triggers'"),
    ("rb.optional", "NAME=OPTION"),
])
def test_a_bad_ruling_is_exit_2_with_the_rulings_listed(argument, message):
    path = str(ROOT / "scenarios" / "riftbound" / "sona-at-base.yaml")
    for command in (("trace", path, "--ruling", argument), ("compare", path, "--ruling", argument)):
        code, out, err = run_cli(*command)
        assert code == 2, (command, out, err)
        assert message in err
        assert "Traceback" not in err


def test_a_file_may_set_its_rulings_and_a_bad_one_names_the_field():
    text = RIFT + "rulings: {rb.optional: at-resolution}\n"
    assert loads_scenario(text).scenario.rulings == {"rb.optional": "at-resolution"}
    with pytest.raises(ScenarioError) as e:
        loads_scenario(RIFT + "rulings: {rb.optional: never}\n", "r.yaml")
    assert "rulings.rb.optional" in str(e.value) and "when-fulfilled" in str(e.value)


def test_the_game_state_carries_every_ruling_in_force():
    game = Game.start(with_rulings(loads_scenario(RIFT).scenario, {"rb.source-info": "last-known"}),
                      play_defaults=True)
    assert game.state.ruling("rb.source-info") == "last-known"
    assert game.state.ruling("rb.optional") == "when-fulfilled"


def test_with_rulings_keeps_only_what_differs_from_the_defaults():
    scenario = loads_scenario(RIFT).scenario
    assert with_rulings(scenario, {"rb.optional": "when-fulfilled"}) == scenario
    assert parse_ruling(" rb.optional = at-resolution ") == ("rb.optional", "at-resolution")


def test_compare_the_same_board_under_the_same_reading_is_the_same():
    scenario = loads_scenario(RIFT).scenario
    result = compare(Game.start(scenario, play_defaults=True), Game.start(scenario, play_defaults=True))
    assert result.same and result.to_data() == {"same": True, "a": result.label_a, "b": result.label_b,
                                                 "first_difference": None, "outcome_differences": []}


def test_compare_json_from_the_cli():
    path = str(ROOT / "scenarios" / "agot" / "claim-2-kill.yaml")
    code, out, err = run_cli("compare", path, "--ruling", "agot.replacement-triggers=no-trigger",
                             "--ruling", "agot.replacement-triggers=trigger", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert set(data) >= {"same", "first_difference", "outcome_differences"}
    assert isinstance(data["same"], bool) and isinstance(data["outcome_differences"], list)


# -- a pure engine ---------------------------------------------------------------------------------------
def _records(path):
    game = load_scenario(path).start()
    return [(s.rule, s.what, s.args, s.answer) for s in game.timeline]


def test_two_games_in_two_threads_give_the_same_timelines_as_alone():
    paths = [ROOT / "scenarios" / "agot" / "claim-2-kill.yaml",
             ROOT / "scenarios" / "riftbound" / "simultaneous-triggers-of-both-players.yaml"]
    alone = [_records(p) for p in paths]
    results: dict[int, list] = {}

    def work(i):
        for _ in range(20):
            results.setdefault(i, []).append(_records(paths[i % 2]))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, runs in results.items():
        assert all(run == alone[i % 2] for run in runs)


# -- compare's divergence point on the rulings' own scenarios ---------------------------------------------
RULING_BOARDS = [
    ("riftbound/optional-trigger-declined", "rb.optional", "at-resolution"),
    ("riftbound/first-death-watcher-enters-late", "rb.nth-count", "seen"),
    ("riftbound/control-change-source-gone", "rb.source-info", "last-known"),
    ("riftbound/sona-moved-in-response", "rb.recheck-condition", "intervening-if"),
    ("riftbound/replacement-gear-deathknell", "rb.replacement-triggers", "no-trigger"),
    ("agot/replacement-events-trigger", "agot.replacement-triggers", "trigger"),
]


@pytest.mark.parametrize("name, ruling, other", RULING_BOARDS, ids=[r[1] for r in RULING_BOARDS])
def test_compare_finds_where_two_readings_part_and_names_the_ruling(name, ruling, other):
    loaded = load_scenario(ROOT / "scenarios" / f"{name}.yaml")
    rules = rulesets.get(loaded.scenario.ruleset)
    default = rules.ruling(ruling).default
    a = Game.start(loaded.scenario, loaded.answers, play_defaults=True, rulings={ruling: default})
    b = Game.start(loaded.scenario, loaded.answers, play_defaults=True, rulings={ruling: other})
    result = compare(a, b)
    assert not result.same and result.outcome_differences
    d = result.first_difference
    assert d is not None and d.number > 0
    # the first step where they part is the step the ruling decided, on one side at least
    assert f"{ruling}={default}" in (d.ruling_a, d.ruling_b) or f"{ruling}={other}" in (d.ruling_a, d.ruling_b)
    # the steps before it are the same in both
    assert [s.what for s in a.timeline[:d.number]] == [s.what for s in b.timeline[:d.number]]
    code, out, err = run_cli("compare", str(ROOT / "scenarios" / f"{name}.yaml"), "--ruling", f"{ruling}={default}",
                             "--ruling", f"{ruling}={other}", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["same"] is False and data["first_difference"]["step"] == d.number
    assert data["outcome_differences"] == list(result.outcome_differences)
