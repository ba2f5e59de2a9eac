"""Property-based tests over generated boards and lines of play."""
from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings, strategies as st

from strategies import played, scenarios
from rulekit import Code, Game, IllegalAnswer, Timing, explain
from rulekit.core.digest import digest
from rulekit.core.limits import RunawayLoop

SETTINGS = settings(max_examples=int(__import__("os").environ.get("RK_EXAMPLES", 120)), deadline=None, suppress_health_check=[HealthCheck.too_slow])




@SETTINGS
@given(scenarios(), st.data())
def test_no_window_closes_before_every_player_has_passed_in_a_row(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    n = len(scenario.players)
    for step in game.timeline:
        if step.what == "window-closes":
            assert step.parent.control[-1].window.passes == n
        if step.what == "window-empty":
            assert not any(v.code is Code.ELIGIBLE for v in step.verdicts)
        if step.what == "use":
            event(f"nesting depth {step.depth}")


@SETTINGS
@given(scenarios(), st.data())
def test_forced_abilities_resolve_before_their_steps_window_and_steps_run_in_order(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    last_step_of: dict[str, int] = {}
    for step in game.timeline:
        frame = step.context
        if frame is None:
            continue
        assert frame.step.number >= last_step_of.get(frame.id, 0), "a sequence went back a step"
        last_step_of[frame.id] = frame.step.number
        if step.what == "no-forced":
            assert not any(v.code is Code.MUST_RESOLVE for v in step.verdicts)
        if step.what in ("window-opens", "use", "pass"):
            assert frame.step.is_window


@SETTINGS
@given(scenarios(), st.data())
def test_no_reaction_to_a_condition_runs_before_it_occurs(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    occurred: set[str] = set()
    for step in game.timeline:
        if step.what == "occurs":
            occurred.update(step.args_dict()["occurred"])
        if step.what in ("use", "forced"):
            use = step.args_dict()["use"]
            card_obj, _, rest = use.partition(".")
            ability_id, _, responds_to = rest.partition("@")
            card = step.before.cards[card_obj.partition("@")[0]]
            ability = card.ability(ability_id)
            if ability.timing in (Timing.REACTION, Timing.FORCED_REACTION):
                if ability.when.one_or_more:   # responds to the occurrence: one of its conditions occurred
                    assert any(o.startswith(responds_to + ":") for o in occurred)
                else:
                    assert responds_to in occurred


@SETTINGS
@given(scenarios(), st.data())
def test_the_same_answers_give_the_same_timeline_and_ids(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    again = Game.start(scenario, answers=game.line, play_defaults=True)
    assert again.unapplied == ()
    assert [s.record()[:-1] for s in again.timeline] == [s.record()[:-1] for s in game.timeline]
    assert digest(again.state) == digest(game.state)


@SETTINGS
@given(scenarios(), st.data(), st.text(min_size=1, max_size=12))
def test_an_illegal_answer_leaves_the_game_equal_to_before(scenario, data, junk):
    try:
        game = Game.start(scenario)
    except RunawayLoop:
        return
    steps = data.draw(st.integers(0, 5))
    for _ in range(steps):
        if not game.decision:
            break
        try:
            game = game.answer(data.draw(st.sampled_from(game.decision.options)))
        except RunawayLoop:
            event("runaway loop stopped")
            return
    before = (digest((game.state, game.control)), game.decision, game.line, game.last_step)
    if game.decision and junk in game.decision.legal_ids():
        return
    try:
        game.answer(junk)
    except IllegalAnswer:
        pass
    else:
        raise AssertionError("an illegal answer was accepted")
    assert (digest((game.state, game.control)), game.decision, game.line, game.last_step) == before


@SETTINGS
@given(scenarios(), st.data())
def test_explain_always_agrees_with_the_recorded_verdicts(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    for step in game.timeline:
        for v in step.verdicts:
            assert v in explain(step, v.card.partition("@")[0], v.ability).verdicts
        if step.context is not None:
            for cid in step.before.order:
                for ability in step.before.cards[cid].abilities:
                    exp = explain(step, cid, ability.id)
                    assert len(exp.verdicts) == len(step.context.conditions)
                    for rec in exp.verdicts:
                        if rec.code not in (Code.NOT_LISTENING, Code.WRONG_TIMING):
                            assert rec in step.verdicts or not step.verdicts


@SETTINGS
@given(scenarios(), st.data())
def test_every_decision_has_unique_options_and_a_legal_default(scenario, data):
    try:
        game = Game.start(scenario)
    except RunawayLoop:
        return
    for _ in range(30):
        d = game.decision
        if d is None:
            break
        ids = d.legal_ids()
        assert len(set(ids)) == len(ids) and d.default in ids
        event(d.kind.value)
        game = game.answer(data.draw(st.sampled_from(d.options)))


@SETTINGS
@given(scenarios(), st.data())
def test_a_cancelled_condition_never_reaches_steps_3_to_7_and_a_changed_one_never_occurs(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    cancelled_sequences, changed, occurred = set(), set(), set()
    for step in game.timeline:
        if step.what == "cancelled":
            cancelled_sequences.add(step.context.id)
            event("a cancel")
        if step.what == "changed":
            changed.update(step.args_dict()["conditions"])
            event("a change (save)")
        if step.what == "occurs":
            occurred.update(step.args_dict()["occurred"])
            if step.args_dict()["replaced"]:
                event("a replacement")
    for step in game.timeline:
        if step.context is not None and step.context.id in cancelled_sequences:
            assert step.context.step.number <= 2 or step.what == "cancelled"
    assert not (changed & occurred)


@SETTINGS
@given(scenarios(), st.data())
def test_nesting_always_unwinds_last_in_first_out(scenario, data):
    from rulekit.rulesets.agot import SequenceFrame
    game = played(scenario, data)
    if game is None:
        return
    deepest = 0
    for step in game.timeline[1:]:
        before, after = step.parent.control, step.control
        keep = max(0, len(before) - 2)
        assert after[:keep] == before[:keep], "a frame below the top two changed"
        open_before = [f.id for f in before if isinstance(f, SequenceFrame)]
        open_after = [f.id for f in after if isinstance(f, SequenceFrame)]
        closed = [i for i in open_before if i not in open_after]
        assert closed in ([], open_before[-1:]), "a sequence closed before the one opened after it"
        deepest = max(deepest, len(open_after))
    event(f"deepest nesting {min(deepest, 4)}{'+' if deepest >= 4 else ''}")
