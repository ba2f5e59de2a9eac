"""Property: who chooses, when, and how many (Riftbound Core Rules 355.5, 355.8, 355.10.e, 355.17,
303.2.a, 402.3).

On generated boards the turn player plays a unit whose Play Effect kills or exhausts units that its
controller (``chosen``), each player or each opponent chooses, ``amount`` of them each:

- ``chosen``: the controller chooses that many targets as the item is finalized — numbered
  decisions #1..#N, different units, all made before the item resolves — or, with fewer legal
  targets, the item is removed from the Chain and nothing is chosen;
- ``each player chooses`` / ``each opponent chooses``: no target, so the item is never removed for
  want of them; each chooser, in turn order from the turn player, chooses as the item resolves
  (after it resolves, not at finalization) as many as they can, up to the number, among the units
  they may choose;
- and exactly the units chosen are killed or exhausted.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, event, given, settings, strategies as st

from rulekit import Ability, CardFilter, Instruction, Scenario, ScriptEntry, Target, Timing, Trigger
from rulekit.core.abilities import Which, Who
from rulekit.core.decisions import DecisionKind
from rulekit.core.events import EventKind, Verb
from rulekit.core.model import Card
from rulekit.rulesets.riftbound.cards import RiftboundCard
from strategies import played

SETTINGS = settings(max_examples=int(os.environ.get("RK_EXAMPLES", 40)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
CHOOSERS = (Target.CHOSEN, Target.EACH_PLAYER, Target.EACH_OPPONENT)


@st.composite
def boards(draw):
    players = ("P1", "P2", "P3")[:draw(st.integers(2, 3))]
    turn = draw(st.sampled_from(players))
    verb = draw(st.sampled_from([Verb.KILL, Verb.EXHAUST]))
    target = draw(st.sampled_from(CHOOSERS))
    whose = draw(st.sampled_from([Who.YOU, Who.OPPONENT, Who.ANY])) if target is Target.CHOSEN else Who.YOU
    instr = Instruction(verb, target, CardFilter(type="unit", controller=whose), amount=draw(st.integers(1, 3)))
    ability = Ability("p", Timing.TRIGGERED, (instr,), when=Trigger(EventKind.PLAYED, CardFilter(which=Which.SELF)),
                      text="When you play me, … choose … .")
    cards = [Card(id="src", title="Herald", owner=turn, type="unit", zone="hand",
                  extension=RiftboundCard(might=1), abilities=(ability,))]
    for p in players:
        for k in range(draw(st.integers(0, 3))):
            cards.append(Card(id=f"{p.lower()}u{k}", title=f"{p} unit {k}", owner=p, type="unit",
                              zone=draw(st.sampled_from(["base", "battlefield"])),
                              extension=RiftboundCard(might=draw(st.integers(1, 3)))))
    return Scenario("choosers", players, turn, tuple(cards), (ScriptEntry(Verb.PLAY, cards=("src",), id="play"),),
                    ruleset="riftbound")


@SETTINGS
@given(boards(), st.data())
def test_the_choosers_the_text_names_choose_in_turn_order_when_the_rules_say_and_only_their_choices_change(
        scenario, data):
    game = played(scenario, data)
    source = scenario.cards[0]
    instr = source.abilities[0].effect[0]
    me = source.owner
    i = scenario.players.index(scenario.first_player)
    seats = list(scenario.players[i:] + scenario.players[:i])
    choosers = {Target.CHOSEN: [me], Target.EACH_PLAYER: seats,
                Target.EACH_OPPONENT: [p for p in seats if p != me]}[instr.target]
    # the units on the board when the item is finalized: the played unit (a new object) among its owner's
    board = {c.id: c.owner for c in scenario.cards if c.zone in ("base", "battlefield")}
    board["src@1"] = me

    def may_choose(player: str) -> list[str]:
        who = instr.filter.controller
        return [u for u, owner in board.items()
                if who is Who.ANY or (owner == player) == (who is Who.YOU)]

    item = "src@1.p@s:play:played:src"
    decisions = [(n, s) for n, s in enumerate(game.timeline)
                 if s.decision is not None and s.decision.kind is DecisionKind.CHOOSE_TARGET]
    removed = [s for s in game.timeline if s.what == "rb-removed" and s.args_dict()["item"] == item]
    resolves = [n for n, s in enumerate(game.timeline) if s.what == "rb-resolves" and s.args_dict()["item"] == item]
    if instr.target is Target.CHOSEN and len(may_choose(me)) < instr.amount:     # 355.8, 402.3
        event(f"chosen, amount {instr.amount}: removed")
        assert removed and not decisions and not resolves
        return
    event(f"{instr.target.value}, amount {instr.amount}: resolved")
    assert not removed and len(resolves) == 1
    wanted = {p: min(instr.amount, len(may_choose(p))) for p in choosers}
    expected = [(p, k) for p in choosers for k in range(1, wanted[p] + 1)]
    assert [(s.decision.chooser, s.decision.key.number) for _, s in decisions] == expected
    for p in choosers:
        picked = [s.answer for _, s in decisions if s.decision.chooser == p]
        assert len(set(picked)) == len(picked) and set(picked) <= set(may_choose(p))
    if instr.target is Target.CHOSEN:       # targets: chosen as the item is finalized, before it resolves
        assert all(n < resolves[0] for n, _ in decisions)
    else:                                   # each player's own choice: as the item resolves (355.10.e, 355.17)
        assert all(n > resolves[0] for n, _ in decisions)
    chosen = {s.answer for _, s in decisions}
    changed = set()
    for unit in board:
        now = game.state.cards[unit.split("@")[0]]
        if instr.do is Verb.KILL and now.zone == "trash":
            changed.add(unit)
        if instr.do is Verb.EXHAUST and unit != "src@1" and now.kneeling:     # every other unit starts ready
            changed.add(unit)
    if instr.do is Verb.EXHAUST:
        chosen.discard("src@1")        # the played unit enters exhausted (359.2.c): exhausting it changes nothing
    assert changed == chosen
