"""Property-based tests of the Core Rules points of issue 12, over generated boards and lines of
play: a declined "you may" never reaches the Chain (383.3.a); an item never resolves without a
legal target (402.3); no temporary change survives a move off the board (rule 110)."""
from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, event, given, settings, strategies as st

from strategies import played, riftbound_scenarios
from rulekit.core.abilities import Ability, CardFilter, Instruction, Target, Timing, Trigger, Who
from rulekit.core.events import EventKind, Verb
from rulekit.rulesets.riftbound import ChainFrame, ItemFrame, RbStep
from rulekit.core.scenario import ScriptEntry

SETTINGS = settings(max_examples=int(__import__("os").environ.get("RK_EXAMPLES", 120)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

GIFT = Ability(id="gift", timing=Timing.TRIGGERED, when=Trigger(EventKind.KILLED, CardFilter(type="unit")),
               effect=(Instruction(Verb.DRAW, Target.YOU),), optional=True, text="When a unit dies, you may draw 1.")
STRIKE = Ability(id="strike", timing=Timing.TRIGGERED, when=Trigger(EventKind.ATTACKS, CardFilter(type="unit")),
                 effect=(Instruction(Verb.DEAL_DAMAGE, Target.CHOSEN, CardFilter(type="unit", controller=Who.OPPONENT),
                                     amount=1),), text="When a unit attacks, deal 1 to an enemy unit.")


@st.composite
def boards(draw):
    """Generated Riftbound boards with optional triggers, targeted triggers, and a script that
    buffs, grants, bounces and replays units as well as killing, attacking and moving them."""
    scenario = draw(riftbound_scenarios())
    units = [c.id for c in scenario.cards if c.type == "unit" and c.zone != "main deck"]
    cards = list(scenario.cards)
    for i, card in enumerate(cards):     # some units get an optional trigger or a targeted one
        extra = draw(st.sampled_from([(), (), (GIFT,), (STRIKE,)]))
        if card.type == "unit" and card.zone != "main deck" and extra:
            cards[i] = dataclasses.replace(card, abilities=card.abilities + extra)
    one = st.sampled_from(units).map(lambda u: (u,))
    extra = st.one_of(
        st.builds(ScriptEntry, do=st.just(Verb.BUFF), cards=one, amount=st.integers(1, 3)),
        st.builds(ScriptEntry, do=st.just(Verb.GRANT), cards=one, grant=st.sampled_from([GIFT, STRIKE])),
        st.builds(ScriptEntry, do=st.just(Verb.RETURN_TO_HAND), cards=one),
        st.builds(ScriptEntry, do=st.just(Verb.PUT_INTO_PLAY), cards=one),
        st.builds(ScriptEntry, do=st.just(Verb.KILL), cards=one),
        st.builds(ScriptEntry, do=st.just(Verb.ATTACK), cards=one),
    )
    script = tuple(draw(st.lists(st.one_of(st.sampled_from(scenario.script), extra), min_size=1, max_size=6)))
    rulings = {"rb.optional": draw(st.sampled_from(["when-fulfilled", "at-resolution"]))}
    return dataclasses.replace(scenario, cards=tuple(cards), script=script, rulings=rulings)


@SETTINGS
@given(boards(), st.data())
def test_a_declined_optional_trigger_never_reaches_the_chain(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    declined = {s.args_dict()["item"] for s in game.timeline
                if s.what == RbStep.MAY and s.args_dict()["answer"] == "no" and s.args_dict()["when"] == "fulfilled"}
    on_chain = {i.id for s in game.timeline for f in s.control if isinstance(f, ChainFrame)
                for i in f.items + f.waiting}
    assert not declined & on_chain
    for s in game.timeline:           # and under the current rules nothing is asked at resolution
        if s.what == RbStep.MAY and s.args_dict()["when"] == "resolution":
            assert game.state.rulings["rb.optional"] == "at-resolution"
    if declined:
        event("an optional trigger was declined when fulfilled")


@SETTINGS
@given(boards(), st.data())
def test_an_item_never_resolves_without_a_legal_target(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    removed = {s.args_dict()["item"] for s in game.timeline if s.what == RbStep.REMOVED}
    for s in game.timeline:
        if s.what != RbStep.RESOLVES:
            continue
        item = next(f for f in reversed(s.control) if isinstance(f, ItemFrame)).item
        assert item.id not in removed
        for k, instr in enumerate(item.ability.effect):
            if instr.target.is_chosen and instr.up_to is None:
                assert item.choice(f"effect{k}") is not None, f"{item.id} resolves without a target for effect{k}"
                event("an item with a chosen target resolved")
    if removed:
        event("an item was removed for want of a legal target")


@SETTINGS
@given(boards(), st.data())
def test_no_temporary_change_survives_a_move_off_the_board(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    for s in game.timeline:
        if s.parent is None:
            continue
        state, before = s.state, s.parent.state
        for cid in state.order:
            card, was = state.cards[cid], before.cards.get(cid)
            if was is None or card.incarnation == was.incarnation:
                continue
            # it changed zones to or from a non-board zone: a new object, as printed (rule 110)
            printed = state.printed[cid]
            assert card.might == printed.might and card.abilities == printed.abilities, \
                f"{card.obj} in the {card.zone} keeps a temporary change of {was.obj}"
            assert card.damage == 0
    changed = any(s.what == RbStep.OCCURS and any(":gets-might:" in o or ":gains-an-ability:" in o
                                                  for o in s.args_dict()["occurred"]) for s in game.timeline)
    if changed:
        event("a temporary change was made")
