"""Property-based tests of combat's Resolution Step (rule ``rb.resolution-step``; Core Rules 320,
320.1, 335.1-335.2, 337.1.b, 460.3, 461.1.a, 461.2-461.7) over generated combats whose units have
Deathknells, "When I'm dealt damage", "When I conquer" and death watchers that draw or deal damage
(a replaced death in combat is the scenario combat-replaced-death-healed-before-the-next-cleanup):

- once combat damage is dealt, no item is finalized or resolves and no one gets priority until the
  Combat Cleanup is complete — its deaths, the heal of every unit, the recall — so every unit that
  survived the combat damage is healed before any item resolves;
- until combat ends, the Chain moves only once a completed task of the step has released it (under
  the ruling's whole-step option: not at all);
- every item triggered by the combat damage, in the Combat Cleanup or by the conquer is shown
  waiting on the Chain (a step of rule ``rb.resolution-step``) before it is finalized.
"""
from __future__ import annotations

from hypothesis import event, given, settings, strategies as st

from strategies import played
from rulekit.core.abilities import Ability, CardFilter, Instruction, Target, Timing, Trigger, Which, Who
from rulekit.core.events import EventKind, Verb
from rulekit.core.model import Card
from rulekit.core.scenario import Scenario, ScriptEntry, with_rulings
from rulekit.rulesets.riftbound import RIFTBOUND, ChainFrame
from rulekit.rulesets.riftbound.cards import RiftboundCard

SETTINGS = settings(max_examples=int(__import__("os").environ.get("RK_EXAMPLES", 40)), deadline=None)

#: steps at which the Chain moves on: an item finalized, chosen for, removed or resolving, priority
CHAIN_MOVES = frozenset({"rb-finalized", "rb-target", "rb-event-chosen", "rb-removed", "rb-resolves",
                         "rb-priority", "rb-pass", "rb-adds"})

_ENEMY = CardFilter(type="unit", controller=Who.OPPONENT)
_DRAW = Instruction(Verb.DRAW, Target.YOU)
#: what the generated units say: Deathknells, damage and conquer triggers, a death watcher
ABILITIES = (
    dict(timing=Timing.TRIGGERED, deathknell=True, when=Trigger(EventKind.KILLED),
         effect=(Instruction(Verb.DEAL_DAMAGE, Target.CHOSEN, _ENEMY, amount=2),)),      # Deathknell — Deal 2 …
    dict(timing=Timing.TRIGGERED, deathknell=True, when=Trigger(EventKind.KILLED), effect=(_DRAW,)),
    dict(timing=Timing.TRIGGERED, when=Trigger(EventKind.DAMAGED, CardFilter(which=Which.SELF)),
         effect=(Instruction(Verb.DEAL_DAMAGE, Target.CHOSEN, _ENEMY),)),                # When I'm dealt damage, …
    dict(timing=Timing.TRIGGERED, when=Trigger(EventKind.CONQUERS, CardFilter(here=True), Who.YOU),
         effect=(Instruction(Verb.DEAL_DAMAGE, Target.CHOSEN, _ENEMY, amount=3),)),      # When I conquer, deal 3 …
    dict(timing=Timing.TRIGGERED, when=Trigger(EventKind.KILLED, CardFilter(which=Which.OTHER, type="unit",
                                                                            controller=Who.YOU)), effect=(_DRAW,)),
)


def _readings() -> list[dict[str, str]]:
    """The default reading, and each other option of the ruling rb.resolution-step."""
    ruling = next((r for r in RIFTBOUND.rulings if r.name == "rb.resolution-step"), None)
    return [{}] + ([{ruling.name: o} for o in ruling.option_names()[1:]] if ruling is not None else [])


@st.composite
def combats(draw):
    """A battlefield held by a player or by no one, units of both players at it (and some in their
    bases, as targets), each with one or two of :data:`ABILITIES`, and one or two combats there."""
    players = ("P1", "P2")
    holder = draw(st.sampled_from([None, "P1", "P2"]))
    cards = [Card(id="ford", title="Reed Ford", owner="P1", controller=holder, type="battlefield",
                  zone="battlefield", extension=RiftboundCard(uncontrolled=holder is None))]
    for i in range(draw(st.integers(2, 6))):
        owner = players[i] if i < 2 else draw(st.sampled_from(players))
        at_base = i >= 2 and draw(st.integers(0, 3)) == 0
        might = draw(st.integers(0, 4))
        abilities = tuple(Ability(id=f"a{j}", **draw(st.sampled_from(ABILITIES)))
                          for j in range(draw(st.integers(1, 2))))
        cards.append(Card(id=f"u{i}", title=f"Unit {i}", owner=owner, type="unit",
                          zone="base" if at_base else "battlefield",
                          extension=RiftboundCard(might=might, damage=draw(st.integers(0, max(might - 1, 0))),
                                                  at=None if at_base else "ford"),
                          abilities=abilities))
    for p in players:
        cards += [Card(id=f"{p.lower()}m{k}", title=f"{p} deck {k}", owner=p, type="unit", zone="main deck")
                  for k in range(3)]
    script = tuple(ScriptEntry(Verb.COMBAT, cards=("ford",), player=draw(st.sampled_from(players)), id=f"fight{k}")
                   for k in range(draw(st.integers(1, 2))))
    scenario = Scenario("generated combat", players, draw(st.sampled_from(players)), tuple(cards), script,
                        ruleset="riftbound")
    return with_rulings(scenario, draw(st.sampled_from(_readings())))


def _spans(game):
    """Each combat's steps: (its id, the damage step's number — or the step saying there is none —,
    the Combat Cleanup's heal (an occurrence when it recalls attackers), the end of combat)."""
    out, damage, heal = [], None, None
    for step in game.timeline:
        a = step.args_dict()
        if (step.what == "rb-occurs" and a.get("combat") == "damage") or step.what == "rb-no-damage":
            damage = step.number
        elif step.what == "rb-combat-cleanup" or (step.what == "rb-occurs" and a.get("combat") == "recall"):
            heal = step.number      # the heal, with the recall of the attackers if any (461.1.a.1-2)
        elif step.what == "rb-combat-ends":
            out.append((step.parent.control[-1].id, damage, heal, step.number))
    return out


@SETTINGS
@given(combats(), st.data())
def test_no_item_moves_on_the_chain_before_the_combat_cleanup_is_complete(scenario, data):
    """460.3, 320-320.1, 461.1.a: from combat damage to the end of the Combat Cleanup (its heal and
    recall), no item is finalized or resolves and no one gets priority; so every unit that survived
    the combat damage is healed before any item resolves."""
    game = played(scenario, data)
    if game is None:
        return
    steps = game.timeline
    for combat, damage, heal, end in _spans(game):
        assert damage is not None and heal is not None and damage < heal < end
        moved = [s.what for s in steps[damage:heal + 1] if s.what in CHAIN_MOVES]
        assert not moved, f"{combat}: {moved} between combat damage (#{damage}) and the heal (#{heal})"
        healed = steps[heal].state
        assert all(c.damage == 0 for c in healed.cards.values() if c.zone in healed.rules.in_play and c.type == "unit")
        if any(s.what == "rb-resolves" for s in steps[heal:]):
            event("an item resolved after a combat's heal")


@SETTINGS
@given(combats(), st.data())
def test_until_combat_ends_the_chain_moves_only_once_a_task_has_released_it(scenario, data):
    """335.1-335.2, 461.2-461.7 (ruling rb.resolution-step): between combat damage and the end of
    combat the Chain moves only after a completed task of the Resolution Step has released the items
    waiting on it; under whole-step, not at all."""
    game = played(scenario, data)
    if game is None:
        return
    whole = game.state.rulings.get("rb.resolution-step") == "whole-step"
    for combat, damage, heal, end in _spans(game):
        released = False
        for step in game.timeline[damage:end + 1]:
            if step.what == "rb-chain-waits":
                released = False
            if step.what == "rb-chain-released":
                assert step.rule == "rb.resolution-step" and not whole
                released = True
                event(f"released after the task: {step.args_dict()['task']}")
            if step.what in CHAIN_MOVES:
                assert released, f"{combat}: {step.what} at #{step.number} before any task released the Chain"


@SETTINGS
@given(combats(), st.data())
def test_every_item_triggered_in_the_resolution_step_is_shown_waiting_before_it_is_finalized(scenario, data):
    """The trace says when the waiting items are placed: each item triggered by combat damage, in the
    Combat Cleanup or by the conquer is listed by a step of rule rb.resolution-step, waiting on the
    Chain, before it is finalized (337.1.b)."""
    game = played(scenario, data)
    if game is None:
        return
    waiting: set[str] = set()
    for step in game.timeline:
        if step.what == "rb-chain-waits":
            assert step.rule == "rb.resolution-step"
            waiting.update(step.args_dict()["items"])
        if step.what != "rb-finalized":
            continue
        item_id = step.args_dict()["item"]
        item = next(i for f in step.parent.control if isinstance(f, ChainFrame) for i in f.items if i.id == item_id)
        combat, _, part = (item.event.sequence if item.event is not None else "").rpartition("/")
        if combat.startswith("s:") and "/" not in combat and part in ("damage", "cleanup", "conquer"):
            assert item_id in waiting, f"{item_id} finalized at #{step.number} without waiting on the Chain"
            event(f"an item of the combat's {part} waited")
