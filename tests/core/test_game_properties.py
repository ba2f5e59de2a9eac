"""Property-based tests over generated boards and lines of play: what every game promises — the
same answers give the same timeline, an illegal answer changes nothing, explain agrees with the
recorded verdicts, every decision has unique options and a legal default. (What A Game of
Thrones' sequence promises is in tests/agot/test_agot_properties.py.)"""
from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings, strategies as st

from strategies import played, riftbound_scenarios, scenarios
from rulekit import Code, Game, IllegalAnswer, explain
from rulekit.core.digest import digest
from rulekit.core.limits import RunawayLoop

SETTINGS = settings(max_examples=int(__import__("os").environ.get("RK_EXAMPLES", 50)), deadline=None, suppress_health_check=[HealthCheck.too_slow])




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
        try:
            game = game.answer(data.draw(st.sampled_from(d.options)))
        except RunawayLoop:     # a generated board may loop after any answer, not only at its start
            return


@SETTINGS
@given(st.one_of(scenarios(), riftbound_scenarios()))
def test_a_count_never_sees_a_card_off_the_board_unless_its_filter_names_a_zone(scenario):
    """Adding copies of every character or unit to a discard pile or trash changes no verdict:
    "a unit", "characters you control" are cards in play unless the filter names a zone (Riftbound
    Core Rules 355.9.a.1; rule rulekit.default-zones)."""
    import dataclasses

    from rulekit.rulesets.riftbound.cards import RiftboundCard
    pile = {"agot": "discard pile", "riftbound": "trash"}[scenario.ruleset]
    copies = tuple(dataclasses.replace(c, id=f"{c.id}copy", zone=pile, abilities=(), kneeling=False,
                                       extension=RiftboundCard(might=1))
                   if scenario.ruleset == "riftbound" else
                   dataclasses.replace(c, id=f"{c.id}copy", zone=pile, abilities=(), kneeling=False)
                   for c in scenario.cards
                   if c.type in ("character", "unit") and getattr(c, "duplicate_of", None) is None)
    try:
        plain = Game.start(scenario, play_defaults=True)
        piled = Game.start(dataclasses.replace(scenario, cards=scenario.cards + copies), play_defaults=True)
    except RunawayLoop:
        return
    def verdicts(game):
        return [(s.what, s.rule, tuple((v.card, v.ability, v.condition, v.code) for v in s.verdicts))
                for s in game.timeline[1:]]
    assert verdicts(piled) == verdicts(plain)
    if any(cond.count is not None and cond.count.zone is None
           for c in scenario.cards for a in c.abilities for cond in a.condition):
        event("a count that names no zone")
