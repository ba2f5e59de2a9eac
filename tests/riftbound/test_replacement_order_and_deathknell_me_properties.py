"""Properties over generated Riftbound boards (issue "Rules fidelity, fourth pass", points 4 and 5).

Replacements from any source are ordered together (Core Rules 370.2, 372, 390.3): whenever two or
more replacements — made by an ability for an object's next death, or printed on cards — apply to
one death, its owner is asked which applies first, and each applies at most once to that death and
to the events that replace it.

A Deathknell acts on its own card in the trash (808.1.c-808.1.d, 385.2, 416.1.a; ruling
``rb.deathknell-me``): "recycle me" and "return me to my owner's hand" — as an effect, or as a cost
"recycle me to draw 1" — move the card its death put there; "give me +1 Might" finds no unit there.
"""
from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings, strategies as st

from strategies import RB_REPLACEMENTS, played
from rulekit.core.abilities import Ability, CardFilter, Instruction, Target, Timing, Trigger, Who
from rulekit.core.events import EventKind, Verb
from rulekit.core.model import Card
from rulekit.core.scenario import Scenario, ScriptEntry
from rulekit.rulesets.riftbound.cards import RiftboundCard

SETTINGS = settings(max_examples=int(__import__("os").environ.get("RK_EXAMPLES", 50)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
PLAYERS = ("P1", "P2")

#: a gear's printed replacement: "If a friendly unit would die, kill this instead."
GEAR_WARD = Ability(id="ward", timing=Timing.REPLACEMENT,
                    when=Trigger(EventKind.KILLED, CardFilter(type="unit", controller=Who.YOU)),
                    effect=(Instruction(Verb.KILL, Target.SELF),))
#: "At the start of the Beginning Phase, choose a unit. The next time it would die, recall it instead."
#: — an ability that makes a delayed replacement (390.3) when it resolves
WARDEN = Ability(id="w", timing=Timing.TRIGGERED, when=Trigger(EventKind.PHASE_BEGINS, phase="beginning"),
                 effect=(Instruction(Verb.REPLACE, Target.CHOSEN, CardFilter(type="unit"),
                                     instead=(Instruction(Verb.RECALL, Target.THAT_CARD),)),))


@st.composite
def replacement_boards(draw):
    """Units and gear of both players, some units owned by one player and controlled by the other,
    with printed replacements; one or two wardens that make delayed replacements at the start of
    the Beginning Phase; then the script kills units one at a time."""
    cards = []
    for i in range(draw(st.integers(2, 4))):
        owner = draw(st.sampled_from(PLAYERS))
        printed = (draw(st.sampled_from(RB_REPLACEMENTS)),) if draw(st.integers(0, 2)) == 0 else ()
        cards.append(Card(id=f"u{i}", title=f"Unit {i}", owner=owner, controller=draw(st.sampled_from(PLAYERS)),
                          type="unit", zone=draw(st.sampled_from(["base", "battlefield"])),
                          extension=RiftboundCard(might=draw(st.integers(1, 3))), abilities=printed))
    for i in range(draw(st.integers(0, 2))):
        cards.append(Card(id=f"g{i}", title="Warding Idol", owner=draw(st.sampled_from(PLAYERS)), type="gear",
                          zone="base", abilities=(GEAR_WARD,)))
    for i in range(draw(st.integers(1, 2))):
        cards.append(Card(id=f"w{i}", title="Warden", owner=draw(st.sampled_from(PLAYERS)), type="gear",
                          zone="base", abilities=(WARDEN,)))
    units = [c.id for c in cards if c.type == "unit"]
    kills = draw(st.lists(st.sampled_from(units), min_size=1, max_size=3))
    script = (ScriptEntry(Verb.BEGIN_PHASE, phase="beginning", id="begin"),) + tuple(
        ScriptEntry(Verb.KILL, cards=(u,), id=f"k{n}") for n, u in enumerate(kills))
    return Scenario("replacements from any source", PLAYERS, "P1", tuple(cards), script, ruleset="riftbound")


def _printed_that_apply(state, unit) -> int:
    """How many replacements printed on cards apply to ``unit``'s death (365.1, 370.1): on the board,
    with a filter this board's abilities spell out."""
    n = 0
    for card in (state.cards[i] for i in state.order):
        if card.zone not in state.rules.in_play:
            continue
        for ability in card.abilities:
            if ability.timing is not Timing.REPLACEMENT:
                continue
            f = ability.when.card
            if f.which.value == "self":
                n += card.id == unit.id
            elif f.which.value == "other":
                n += card.id != unit.id and card.controller == unit.controller
            else:
                n += card.controller == unit.controller
    return n


def _delayed_for(state, unit) -> tuple[str, ...]:
    """The delayed replacements waiting for ``unit``'s next death (the items that made them)."""
    waiting = (f"next death of {unit.obj}", f"next death of {unit.obj} this turn")
    return tuple(entry[0] for key, entries in state.replacements.items() if key in waiting for entry in entries)


@SETTINGS
@given(replacement_boards(), st.data())
def test_replacements_from_any_source_are_ordered_by_the_owner_and_apply_once(scenario, data):
    game = played(scenario, data)
    kills = [e for e in scenario.script if e.do is Verb.KILL]
    for entry in kills:
        occurrence = f"s:{entry.id}"
        first = next(s for s in game.timeline
                     if (s.what == "rb-replacement-order" and s.args_dict()["condition"].startswith(occurrence + ":"))
                     or (s.args_dict().get("occurrence") == occurrence))
        before = first.before
        unit = before.cards[entry.cards[0]]
        if first.what == "script-nothing":
            assert unit.zone not in before.rules.in_play    # already gone: no death to replace
            continue
        death = f"{occurrence}:killed:{unit.obj}"
        delayed = _delayed_for(before, unit)
        applying = len(delayed) + _printed_that_apply(before, unit)
        orders = [s.args_dict() for s in game.timeline
                  if s.what == "rb-replacement-order" and s.args_dict()["condition"] == death]
        if applying >= 2:
            # 372: the owner of the object acted on — not its controller — orders them, whatever made them
            assert orders, f"{applying} replacements apply to {death} and nobody was asked to order them"
            assert orders[0]["owner"] == unit.owner
            assert set(delayed) <= set(orders[0]["options"])
            event("a spell's and a printed replacement ordered together" if delayed and applying > len(delayed)
                  else "several replacements ordered")
            if unit.owner != unit.controller:
                event("the owner, not the controller, ordered them")
        else:
            assert not orders
        occurs = next(s for s in game.timeline
                      if s.what == "rb-occurs" and s.args_dict().get("occurrence") == occurrence)
        # 370.2: each replacement applies at most once to the death and the events that replace it
        applied = [use if use in delayed else use.partition("@")[0] for _, use in occurs.args_dict()["replaced"]]
        assert len(applied) == len(set(applied)), applied


DK = dict(id="dk", timing=Timing.TRIGGERED, deathknell=True, when=Trigger(EventKind.KILLED))
#: Deathknells about their own card: what each leaves the card as, once it has resolved
DEATHKNELLS = {
    "recycle me": (Ability(effect=(Instruction(Verb.RECYCLE, Target.SELF),), **DK), "main deck"),
    "return me to my owner's hand": (Ability(effect=(Instruction(Verb.MOVE, Target.SELF, to="hand"),), **DK), "hand"),
    "return me to your hand": (Ability(effect=(Instruction(Verb.RETURN_TO_HAND, Target.SELF),), **DK), "hand"),
    "give me +1 Might; draw 1": (Ability(effect=(Instruction(Verb.GIVE_MIGHT, Target.SELF),
                                                 Instruction(Verb.DRAW, Target.YOU)), **DK), "trash"),
    "recycle me to draw 1": (Ability(cost=(Instruction(Verb.RECYCLE, Target.SELF),),
                                     effect=(Instruction(Verb.DRAW, Target.YOU),), **DK), "main deck"),
}


@st.composite
def deathknell_boards(draw):
    cards = []
    for i in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(sorted(DEATHKNELLS)))
        cards.append(Card(id=f"u{i}", title=f"Unit {i} ({kind})", owner=draw(st.sampled_from(PLAYERS)),
                          controller=draw(st.sampled_from(PLAYERS)), type="unit",
                          zone=draw(st.sampled_from(["base", "battlefield"])),
                          extension=RiftboundCard(might=draw(st.integers(1, 3))), abilities=(DEATHKNELLS[kind][0],)))
    for p in PLAYERS:
        for k in range(draw(st.integers(0, 3))):
            cards.append(Card(id=f"{p.lower()}m{k}", title=f"{p} deck {k}", owner=p, type="unit", zone="main deck"))
    units = [c.id for c in cards if c.type == "unit" and c.zone != "main deck"]
    script = tuple(ScriptEntry(Verb.KILL, cards=tuple(group), id=f"k{n}") for n, group in enumerate(
        draw(st.lists(st.lists(st.sampled_from(units), min_size=1, max_size=3, unique=True), min_size=1,
                      max_size=2))))
    return Scenario("Deathknells about their own card", PLAYERS, "P1", tuple(cards), script, ruleset="riftbound")


@SETTINGS
@given(deathknell_boards(), st.data())
def test_a_deathknell_acts_on_its_own_card_in_the_trash(scenario, data):
    game = played(scenario, data)
    killed = {u for e in scenario.script for u in e.cards}
    removed = {s.args_dict()["item"] for s in game.timeline if s.what == "rb-removed"}   # a cost declined (404.2)
    # what happened to each card while it was in the trash: the events that took it from there
    from_trash = {tc.card.id: tc for _, (_, tc) in game.state.history.items()
                  if tc.card is not None and tc.card.zone == "trash" and tc.kind.value in ("recycled", "moves")}
    for card in scenario.cards:
        if card.id not in killed:
            continue
        kind = next(k for k, (a, _) in DEATHKNELLS.items() if a == card.abilities[0])
        where = DEATHKNELLS[kind][1]
        if any(item.startswith(f"{card.id}.dk@") for item in removed):
            where = "trash"                  # its controller declined to recycle it: no item, no move
            event("a Deathknell's cost declined")
        # the card its death put in its owner's trash is what "me" names there (808.1.d, 056): it left the
        # trash by its own Deathknell only, to where that says (a card recycled may be drawn again later)
        taken = from_trash.get(card.id)
        if where == "trash":
            assert taken is None and game.state.cards[card.id].zone == "trash"
            continue
        assert taken is not None, f"{card.title} never left the trash"
        assert taken.kind.value == "recycled" if where == "main deck" else (taken.kind.value, taken.to) == ("moves", "hand")
        assert game.state.cards[card.id].owner == card.owner
        event(f"a Deathknell moved its card from the trash: {kind}")
        # the step that moved it says why: the rule and the card "me" named
        moved = [s for s in game.timeline if s.args_dict().get("me", "").partition("@")[0] == card.id]
        assert moved and all("rb.deathknell-me" in (s.rule, s.args_dict().get("ruling", "").partition("=")[0])
                             for s in moved)
