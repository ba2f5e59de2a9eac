"""Property-based tests of the Riftbound ruleset over generated boards and lines of play."""
from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings, strategies as st

from strategies import played, riftbound_scenarios
from rulekit import Code, Game, explain
from rulekit.rulesets.riftbound import ChainFrame

SETTINGS = settings(max_examples=int(__import__("os").environ.get("RK_EXAMPLES", 120)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])




@SETTINGS
@given(riftbound_scenarios(), st.data())
def test_no_item_for_an_observer_not_in_its_zone_after_the_event_except_deathknell(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    for step in game.timeline:
        if step.what != "rb-triggers":
            continue
        state = step.before
        for v in step.verdicts:
            card = state.cards[v.card.partition("@")[0]]
            ability = card.ability(v.ability)
            if v.code is Code.TRIGGERS:
                assert not ability.deathknell
                assert card.zone in (ability.zones or state.rules.in_play)
        for v in step.verdicts:
            assert v in explain(step, v.card, v.ability).verdicts
        if len(step.args_dict()["items"]) >= 2:
            event("two or more items from one event")


@SETTINGS
@given(riftbound_scenarios(), st.data())
def test_a_numbered_trigger_fires_at_most_once_per_turn_per_ability(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    fired: dict[tuple, int] = {}
    for step in game.timeline:
        if step.what == "rb-triggers":
            for item in step.args_dict()["items"]:
                obj, _, rest = item.partition(".")
                ability_id = rest.partition("@")[0]
                ability = step.before.cards[obj.partition("@")[0]].ability(ability_id)
                if ability is not None and ability.when is not None and ability.when.nth is not None:
                    key = (obj, ability_id, step.before.round)
                    fired[key] = fired.get(key, 0) + 1
                    event("a numbered trigger fired")
    assert all(n <= 1 for n in fired.values())


@SETTINGS
@given(riftbound_scenarios(), st.data())
def test_an_items_controller_never_changes_and_the_chain_resolves_newest_first(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    controllers: dict[str, str] = {}
    longest = 0
    for step in game.timeline:
        for frame in step.control:
            if isinstance(frame, ChainFrame):
                longest = max(longest, len(frame.items))
                for item in frame.items + frame.waiting:
                    assert controllers.setdefault(item.id, item.controller) == item.controller
        if step.what == "rb-resolves":
            chain = step.parent.control[-1]
            assert isinstance(chain, ChainFrame) and chain.items[-1].id == step.args_dict()["item"]
    event(f"longest Chain {min(longest, 3)}{'+' if longest >= 3 else ''}")


@SETTINGS
@given(riftbound_scenarios(), st.data())
def test_riftbound_replays_give_the_same_timeline(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    again = Game.start(scenario, answers=game.line, play_defaults=True)
    assert again.unapplied == ()
    assert [s.record()[:-1] for s in again.timeline] == [s.record()[:-1] for s in game.timeline]
