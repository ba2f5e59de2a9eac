"""Exploring every line of play: merged and naive walks agree, counts are exact, examples
replay, parallel walks equal serial ones, limits stop a walk and say so."""
from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from math import factorial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings

from rulekit import Game, RulekitError
from rulekit.files.builder import ScenarioBuilder, forced_reaction, gain_power, killed
from rulekit.cli import main
from rulekit.explore import ExplorationError, RUNAWAY, as_limit, board, explore

from strategies import riftbound_scenarios, scenarios

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios").rglob("*.yaml"))
NAIVE_CAP = 1500          # positions: a shipped walk bigger than this is compared up to it, merged and naive alike


def forced(n: int, *, interacting: bool = False):
    """``n`` cards each with "Forced Reaction: after a character is killed, gain 1 power"."""
    b = ScenarioBuilder(f"{n} forced reactions", players=["P1", "P2"], first_player="P1")
    b.card("v", "Victim", owner="P2")
    for i in range(n):
        b.card(f"f{i}", f"Watcher {i}", owner="P1", type="location", abilities=[
            forced_reaction("r", killed(type="character"), [gain_power(1)])])
    return b.kill("v", id="k", label="kill").build()


def hand_sizes(state):
    """A user key: how many cards each player holds."""
    return tuple(len(state.cards_in("hand", p)) for p in state.players)


def startable(scenario) -> bool:
    """Whether a generated scenario starts (the generator can outrun the engine's checks, and
    some boards loop at once)."""
    try:
        Game.start(scenario)
    except RulekitError:
        return False
    return True


def check_examples(result):
    """Every outcome's example replays to that outcome, and the counts add up."""
    assert sum(o.lines for o in result.outcomes) == result.lines
    for o in result.outcomes:
        if o.key == RUNAWAY:
            continue
        game = Game.start(result.scenario, o.example)
        assert game.finished and not game.unapplied
        assert board(game.state) == o.key


# -- the rules of counting ---------------------------------------------------------------------------
def test_every_ordering_of_independent_forced_reactions_is_one_outcome():
    merged = explore(forced(5), progress=False)
    naive = explore(forced(5), progress=False, merge=False)
    assert [o.lines for o in merged.outcomes] == [factorial(5)] == [o.lines for o in naive.outcomes]
    assert merged.summary() == naive.summary()
    assert merged.states == 2 ** 5 - 5 and naive.states > 7 * merged.states    # the last one left resolves unasked
    assert merged.complete and not merged.matters()      # "the order of the forced reactions never matters"
    check_examples(merged)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_merged_and_naive_walks_agree_on_every_shipped_scenario(path):
    kw = {"max_nesting": 6} if "cancel-the-cancel" in path.name else {}
    merged = explore(path, progress=False, limit=NAIVE_CAP, **kw)
    naive = explore(path, progress=False, merge=False, limit=NAIVE_CAP, **kw)
    if naive.complete:
        assert merged.complete
        assert merged.summary() == naive.summary()
        assert merged.states <= naive.states
    check_examples(merged)


def test_a_save_matters_and_is_reported_with_its_outcomes():
    result = explore(ROOT / "scenarios/agot/claim-2-kill.yaml", progress=False)
    assert result.lines == 25 and len(result.outcomes) == 16
    matters = {c.key.at for c in result.matters()}
    assert "s:claim:interrupt" in matters and "s:claim:reaction" in matters
    for choice in result.choices:
        assert all(o.lines > 0 and o.outcomes for o in choice.options)
        if not choice.matters:
            assert len({o.outcomes for o in choice.options}) == 1


def test_a_user_key_groups_outcomes():
    result = explore(ROOT / "scenarios/agot/claim-2-kill.yaml", key=hand_sizes, progress=False)
    assert result.lines == 25
    assert len(result.outcomes) == len({o.key for o in result.outcomes}) < 16
    for o in result.outcomes:
        assert hand_sizes(result.game(o).state) == o.key


def test_exploring_from_a_game_in_progress_keeps_its_answers_in_every_example():
    game = Game.start(forced(3))
    first = game.decision.key
    game = game.answer("f2.r@s:k:killed:v")
    result = explore(game, progress=False)
    assert result.lines == 2 and all(o.example.get(first) == "f2.r@s:k:killed:v" for o in result.outcomes)
    check_examples(result)


# -- generated scenarios ---------------------------------------------------------------------------------
@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
@given(scenarios(max_players=2, max_cards=4))
def test_merged_and_naive_walks_agree_on_generated_boards(scenario):
    check_merged_equals_naive(scenario)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
@given(riftbound_scenarios(max_units=4))
def test_merged_and_naive_walks_agree_on_generated_riftbound_boards(scenario):
    check_merged_equals_naive(scenario)


def check_merged_equals_naive(scenario):
    """On a board small enough to walk naively, the merged walk finds the same outcomes and
    counts, and its example lines replay."""
    assume(startable(scenario))
    naive = explore(scenario, progress=False, merge=False, limit=200)
    if not naive.complete:
        return
    merged = explore(scenario, progress=False)
    assert merged.summary() == naive.summary()
    check_examples(merged)


# -- in parallel ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def pool():
    with ProcessPoolExecutor(2) as executor:
        yield executor


@pytest.mark.parametrize("merge", [True, False])
def test_a_parallel_walk_equals_the_serial_one(pool, merge):
    for source in (forced(4), ROOT / "scenarios/agot/claim-2-kill.yaml",
                   ROOT / "scenarios/riftbound/control-change-timeline.yaml"):
        serial = explore(source, progress=False, merge=merge)
        parallel = explore(source, progress=False, merge=merge, executor=pool, split=4)
        assert parallel.subtrees >= 4
        assert parallel.summary() == serial.summary()


def test_a_parallel_walk_needs_a_key_that_pickles(pool):
    with pytest.raises(ExplorationError, match="module-level function"):
        explore(forced(2), key=lambda state: 0, executor=pool, progress=False)


@pytest.mark.slow          # starting a LocalCluster of two processes takes a few seconds
def test_a_dask_local_cluster_walks_subtrees():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        serial = explore(forced(4), progress=False)
        parallel = explore(forced(4), progress=False, executor=client, split=4)
    assert parallel.subtrees >= 4 and parallel.summary() == serial.summary()


# -- limits ---------------------------------------------------------------------------------------------------
def test_a_walk_over_its_position_limit_says_so_and_returns_what_it_found():
    full = explore(ROOT / "scenarios/agot/claim-2-kill.yaml", progress=False)
    part = explore(ROOT / "scenarios/agot/claim-2-kill.yaml", progress=False, limit=12)
    assert not part.complete and "12 positions" in part.stopped and part.unexplored > 0
    assert part.states == 12 and 0 < part.lines < full.lines
    found = {o.key: o.lines for o in full.outcomes}
    assert all(o.key in found and o.lines <= found[o.key] for o in part.outcomes)
    assert "INCOMPLETE" in part.describe() and "Incomplete" in part._repr_html_()


def test_a_walk_over_its_time_limit_says_so():
    part = explore(forced(8), progress=False, limit="1ms")
    assert not part.complete and "time limit" in part.stopped


@pytest.mark.parametrize("bad", [0, -3, "abc", "0s", True, 2.5])
def test_a_bad_limit_is_a_clear_error(bad):
    with pytest.raises(ExplorationError, match="limit"):
        as_limit(bad)


def test_limits_read_positions_and_times():
    assert as_limit(5000).states == 5000 and as_limit("5000").states == 5000
    assert as_limit("30s").seconds == 30 and as_limit("2m").seconds == 120 and as_limit("250ms").seconds == 0.25


def test_bad_input_is_a_clear_error():
    with pytest.raises(ExplorationError, match="needs a Game, a Scenario"):
        explore(42, progress=False)
    with pytest.raises(ExplorationError, match="key must be a function"):
        explore(forced(1), key="zone", progress=False)
    with pytest.raises(ExplorationError, match="hashable"):
        explore(forced(1), key=lambda state: [1], progress=False)
    with pytest.raises(ExplorationError, match="executor must be"):
        explore(forced(2), executor=object(), progress=False)


# -- views and the command line ------------------------------------------------------------------------------
def test_the_outcome_table_and_the_result_as_json():
    result = explore(ROOT / "scenarios/agot/claim-2-kill.yaml", progress=False)
    html = result._repr_html_()
    assert html.count("<tr>") == 1 + len(result.outcomes) and "Choices that matter" in html
    data = json.loads(json.dumps(result.to_dict()))
    assert [o["lines"] for o in data["outcomes"]] == [o.lines for o in result.outcomes]
    assert data["outcomes"][0]["state"]["cards"]["c3"]["zone"] == "dead pile"


def test_the_exploration_graph():
    nx = pytest.importorskip("networkx")
    from rulekit.explore.graph import exploration_graph
    result = explore(forced(4), progress=False)
    g = exploration_graph(result)
    outcomes = [n for n, d in g.nodes(data=True) if d["kind"] == "outcome"]
    assert len(outcomes) == 1 and g.nodes[outcomes[0]]["lines"] == 24
    assert nx.is_directed_acyclic_graph(g)
    merged = [n for n, d in g.nodes(data=True) if d["kind"] == "position" and d["merged"]]
    assert merged                      # {f0, f1} resolved is reached two ways
    for _, _, d in g.edges(data=True):
        assert all(isinstance(v, (str, int, float, bool)) for v in d.values())


def test_the_command_line_prints_outcomes_as_json(capsys):
    assert main(["explore", str(ROOT / "scenarios/agot/claim-2-kill.yaml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["complete"] and sum(o["lines"] for o in data["outcomes"]) == 25
    assert all(isinstance(o["lines"], int) and o["example"] and "cards" in o["state"] for o in data["outcomes"])


@pytest.mark.parametrize("args, message", [
    (["explore", "no-such-file.yaml"], "cannot read"),
    (["explore", "scenarios/agot/claim-2-kill.yaml", "--limit", "soon"], "limit must be"),
    (["explore", "scenarios/agot/claim-2-kill.yaml", "--workers", "0"], "--workers"),
])
def test_the_command_line_says_what_is_wrong_with_exit_2(args, message, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_import_rulekit_does_not_import_the_explorer_or_its_views():
    code = ("import sys, rulekit; assert 'rulekit.explore' not in sys.modules; "
            "from rulekit.explore import explore; "
            "assert not {'tqdm', 'networkx', 'matplotlib', 'ipywidgets'} & set(sys.modules), sorted(sys.modules); "
            "import rulekit as r; assert callable(r.explore.explore)")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_drawings_of_an_exploration():
    pytest.importorskip("matplotlib")
    from rulekit.explore.draw import draw_exploration, draw_outcomes
    result = explore(ROOT / "scenarios/agot/claim-2-kill.yaml", progress=False)
    for fig in (draw_exploration(result), draw_outcomes(result)):
        assert fig._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
    drawn = [" ".join(t.get_text().split()) for t in fig.axes[0].get_yticklabels()]     # each summary whole
    assert drawn == [" ".join(f"#{o.number} {o.summary}".split()) for o in result.outcomes[:20]]
    assert result.common == "Hollowfield Steward → dead pile; Septa Orlaine → dead pile"


def test_the_outcomes_widget_loads_an_example_line_into_the_explorer():
    pytest.importorskip("ipywidgets")
    from rulekit import Line
    from rulekit_widgets import explorer
    from rulekit_widgets.explore import OutcomesView
    e = explorer(ROOT / "scenarios/agot/claim-2-kill.yaml", answers=Line())
    view = OutcomesView(e.model)
    assert len(view.outcomes.options) == 16 and "Choices that matter" in view.info.value
    view.outcomes.value = 8
    view.load.click()
    assert e.model.game.finished and board(e.model.game.state) == view.result.outcomes[7].key
    e.model.undo()
    assert not e.model.game.finished
    view.again.click()                              # from the first decision: every line again
    assert view.result.lines == 25


def test_a_parallel_walk_over_its_limit_says_so(pool):
    part = explore(ROOT / "scenarios/riftbound/control-change-timeline.yaml", progress=False, executor=pool,
                   split=4, limit=20)
    assert not part.complete and "limit of 20 positions" in part.stopped and part.outcomes


def test_progress_is_a_tqdm_bar_that_can_be_switched_off(capsys):
    pytest.importorskip("tqdm")
    explore(forced(6), progress=True)
    assert "positions" in capsys.readouterr().err
    explore(forced(6), progress=False)
    assert capsys.readouterr().err == ""
