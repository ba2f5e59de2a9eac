"""A card an effect plays (rule ``rb.play-effect``; Core Rules 419.3, 354.1-354.3, 337.1.c, 350.1,
359.2.c, 359.3, 359.3.e.4, 359.3.f.1-359.3.f.2, 188.1, 419.4.a).

The property, over generated boards: an ability — a Deathknell of a unit at its base or at a named
battlefield, or a gear's "When a friendly unit dies" — plays a card (a unit, a gear or a spell, owned
by either player) from a hand, a trash, a Main Deck, a banishment or a champion zone, or the
Deathknell plays its own card from the trash ("play me"), to its player's base, to a named
battlefield or "here", its Cost ignored or paid from the Rune Pool. Whatever the board: a unit or
gear ends on the board at that destination ("here": where the ability's card was, for a Deathknell
where its unit died) as a new object, controlled by the ability's controller, a unit exhausted and a
gear ready; a spell ends in its owner's trash, a new object; and every "When you play a …" watcher
that matches triggers exactly once — the ability's controller's for a unit, a gear, a spell, a card,
the opponent's "When an opponent plays a card" — and none that does not match."""
from __future__ import annotations

import os

from hypothesis import HealthCheck, event, given, settings, strategies as st

from strategies import play
from rulekit import Code, Game, explain
from rulekit.core.abilities import Ability, CardFilter, Instruction, Target, Timing, Trigger, Who
from rulekit.core.events import EventKind, Verb
from rulekit.core.model import Card
from rulekit.core.scenario import Scenario, ScriptEntry
from rulekit.rulesets.riftbound.cards import RiftboundCard

SETTINGS = settings(max_examples=int(os.environ.get("RK_EXAMPLES", 40)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

_MIGHT = Instruction(Verb.GIVE_MIGHT, Target.SELF, amount=1, this_turn=True)
#: the watchers, by who has them and what they watch: (owner, card type or None for any card, whose play)
WATCHERS = {"w-unit": ("P1", "unit", Who.YOU), "w-gear": ("P1", "gear", Who.YOU), "w-spell": ("P1", "spell", Who.YOU),
            "w-card": ("P1", None, Who.YOU), "w-theirs": ("P2", None, Who.OPPONENT), "w-mine": ("P2", None, Who.YOU)}
ZONES = ("hand", "trash", "main deck", "banishment", "champion zone")


@st.composite
def effect_plays(draw):
    """A board on which one ability of P1's plays one card, and what the rules say of it."""
    battlefields = [f"bf{k}" for k in range(draw(st.integers(0, 2)))]
    cards = [Card(id=b, title=f"Battlefield {b}", owner="P1", type="battlefield", zone="battlefield",
                  extension=RiftboundCard(uncontrolled=True)) for b in battlefields]
    cards += [Card(id=f"d{k}", title=f"P1 deck {k}", owner="P1", type="unit", zone="main deck") for k in range(2)]
    for wid, (owner, kind, whose) in WATCHERS.items():
        if draw(st.booleans()):
            cards.append(Card(id=wid, title=f"{owner} watcher {wid}", owner=owner, type="unit", zone="base",
                              extension=RiftboundCard(might=2),
                              abilities=(Ability(id="w", timing=Timing.TRIGGERED, effect=(_MIGHT,),
                                                 when=Trigger(EventKind.PLAYED,
                                                              CardFilter(type=kind) if kind else None, whose)),)))
    to = draw(st.sampled_from([None, "base", "here"] + battlefields))
    ignoring = draw(st.sampled_from([None, "cost"]))
    waived = {"ignoring": ignoring} if ignoring else {}     # "ignoring its cost" (356.1.b.1), or the Cost paid
    deathknell = draw(st.booleans())
    itself = deathknell and draw(st.booleans())            # "Deathknell — Play me …"
    where = draw(st.sampled_from(["base"] + battlefields)) if deathknell else "base"
    kind = "unit" if itself else draw(st.sampled_from(["unit", "gear", "spell"]))
    played_id = "src" if itself else "card"
    if itself:
        play = Instruction(Verb.PLAY, Target.SELF, to=to, **waived)
    else:
        zone = draw(st.sampled_from(ZONES))
        owner = draw(st.sampled_from(["P1", "P2"])) if zone in ("trash", "banishment") else "P1"
        cost = draw(st.integers(0, 3))
        cards.append(Card(id="card", title=f"Played {kind}", owner=owner, type=kind, zone=zone,
                          extension=RiftboundCard(might=2 if kind == "unit" else 0, energy_cost=cost),
                          abilities=(Ability(id="x", timing=Timing.ACTION,
                                             effect=(Instruction(Verb.DRAW, Target.YOU),)),) if kind == "spell" else ()))
        play = Instruction(Verb.PLAY, Target.CHOSEN, CardFilter(id="card", zone=zone), to=to, **waived)
    if deathknell:
        source_owner = draw(st.sampled_from(["P1", "P2"]))
        cards.append(Card(id="src", title="Player", owner=source_owner, controller="P1", type="unit",
                          zone="battlefield" if where != "base" else "base",
                          extension=RiftboundCard(might=2, energy_cost=draw(st.integers(0, 3)),
                                                  at=where if where != "base" else None),
                          abilities=(Ability(id="p", timing=Timing.TRIGGERED, deathknell=True,
                                             when=Trigger(EventKind.KILLED), effect=(play,)),)))
        script = (ScriptEntry(Verb.KILL, ("src",), id="fall"),)
    else:
        cards.append(Card(id="src", title="Player", owner="P1", type="gear", zone="base",
                          abilities=(Ability(id="p", timing=Timing.TRIGGERED, effect=(play,),
                                             when=Trigger(EventKind.KILLED, CardFilter(type="unit", controller=Who.YOU))),)))
        cards.append(Card(id="fodder", title="Fodder", owner="P1", type="unit", zone="base",
                          extension=RiftboundCard(might=1)))
        script = (ScriptEntry(Verb.KILL, ("fodder",), id="fall"),)
    pools = {} if ignoring else {"P1": {"energy": 3}}
    dest = "base" if to in (None, "base") or (to == "here" and where == "base") else (where if to == "here" else to)
    scenario = Scenario("generated effect play", ("P1", "P2"), "P1", tuple(cards), script, ruleset="riftbound",
                        pools=pools)
    return scenario, played_id, kind, dest


def _triggered(game) -> dict[str, int]:
    """How often each watcher triggered, read from the verdicts of every trigger check; each verdict
    is the one ``explain`` gives."""
    out: dict[str, int] = {}
    for step in game.timeline:
        if step.what != "rb-triggers":
            continue
        for v in step.verdicts:
            if v.code is Code.TRIGGERS and v.card.startswith("w-"):
                out[v.card] = out.get(v.card, 0) + 1
                assert v in explain(step, v.card, v.ability).verdicts
    return out


@SETTINGS
@given(effect_plays(), st.data())
def test_a_card_an_effect_plays_ends_where_the_effect_says_as_a_new_object_and_is_played_once(board, data):
    scenario, played_id, kind, dest = board
    before = next(c for c in scenario.cards if c.id == played_id)
    game = play(Game.start(scenario), data)
    card = game.state.cards[played_id]
    assert card.incarnation > before.incarnation + (1 if played_id == "src" else 0)       # a new object (359.3.e.4)
    if kind == "spell":
        assert card.zone == "trash" and card.owner == before.owner       # resolved, then to its owner's trash (359.3.d)
    else:
        assert game.state.rules.where(card) == dest, (card.zone, card.extension.at, dest)
        assert card.controller == "P1"                                   # who played it controls it (188.1)
        assert card.kneeling == (kind == "unit")                         # a unit enters exhausted (359.2.c)
    triggered = _triggered(game)
    for wid, (owner, watched, whose) in WATCHERS.items():
        if not any(c.id == wid for c in scenario.cards):
            continue
        expected = 1 if whose is Who.OPPONENT or (owner == "P1" and watched in (None, kind)) else 0
        assert triggered.get(wid, 0) == expected, (wid, kind, triggered)
    event(f"{kind} to {'a battlefield' if dest.startswith('bf') else dest}"
          + (" (itself, from the trash)" if played_id == "src" else f" from the {before.zone}"))
