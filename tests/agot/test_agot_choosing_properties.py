"""Properties of choosing several cards and of paying several costs (A Game of Thrones).

- Choosing (Rules Reference, "Choose", "Target", "Priority of Simultaneous Resolution"): on generated
  boards a forced reaction kneels, stands or kills cards that the controller (``chosen``), each
  player or each opponent chooses, ``amount`` of them each. The decisions follow the text: every
  one is the named chooser's, the choosers go in player order from the first player, each makes
  ``min(amount, eligible)`` choices numbered from #1, never the same card twice — and exactly the
  cards chosen are affected. The controller's "choose N" with fewer than N eligible cards cannot be
  initiated at all; a chooser of "each player chooses" short of N chooses what they have, or —
  under the ruling ``agot.each-chooses-short=all-or-none`` — the ability cannot be initiated.
- Costs (Rules Reference, "Costs": paid simultaneously; rules text, "Triggering Condition": one
  occurrence, shared windows): an ability with two or three costs pays them in one nested
  sequence — one step 1, one interrupt window (step 4), one step 5 where every cost occurs — and
  one reaction sequence after the costs, whatever the board and whoever responds.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, event, given, settings, strategies as st

from rulekit import Ability, CardFilter, Instruction, Scenario, ScriptEntry, Target, Timing, Trigger
from rulekit.core.abilities import Who
from rulekit.core.decisions import DecisionKind
from rulekit.core.events import EventKind, Verb
from rulekit.core.model import Card
from strategies import played

SETTINGS = settings(max_examples=int(os.environ.get("RK_EXAMPLES", 40)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
CHOOSERS = (Target.CHOSEN, Target.EACH_PLAYER, Target.EACH_OPPONENT)
RULING = "agot.each-chooses-short"


def _eligible(verb: Verb, card: Card) -> bool:
    """Whether the verb could change the card (RR "Target": a card it could not affect is no target)."""
    return card.kneeling if verb is Verb.STAND else (not card.kneeling if verb is Verb.KNEEL else True)


@st.composite
def choosing_boards(draw):
    players = ("P1", "P2", "P3")[:draw(st.integers(2, 3))]
    first = draw(st.sampled_from(players))
    owner = draw(st.sampled_from(players))
    verb = draw(st.sampled_from([Verb.KNEEL, Verb.STAND, Verb.KILL]))
    target = draw(st.sampled_from(CHOOSERS))
    mine = target is not Target.CHOSEN or draw(st.booleans())     # "they control" / "you control", or any character
    instr = Instruction(verb, target, CardFilter(type="character", controller=Who.YOU if mine else Who.ANY),
                        amount=draw(st.integers(1, 3)))
    ability = Ability("f", Timing.FORCED_REACTION, (instr,), when=Trigger(EventKind.PHASE_BEGINS, phase="dominance"),
                      text="Forced Reaction: After the dominance phase begins, … choose … .")
    cards = [Card(id="src", title="Pass", owner=owner, type="location", abilities=(ability,))]
    for p in players:
        for k in range(draw(st.integers(0, 4))):
            cards.append(Card(id=f"{p.lower()}c{k}", title=f"{p} character {k}", owner=p, kneeling=draw(st.booleans())))
    rulings = {} if draw(st.booleans()) else {RULING: "all-or-none"}     # the default (as-able), or the other reading
    return Scenario("choose several", players, first, tuple(cards),
                    (ScriptEntry(Verb.BEGIN_PHASE, phase="dominance", id="dom"),), phase="challenges", rulings=rulings)


def _expected_choosers(scenario: Scenario, target: Target, controller: str) -> list[str]:
    i = scenario.players.index(scenario.first_player)
    seats = list(scenario.players[i:] + scenario.players[:i])
    if target is Target.EACH_PLAYER:
        return seats
    if target is Target.EACH_OPPONENT:
        return [p for p in seats if p != controller]
    return [controller]


@SETTINGS
@given(choosing_boards(), st.data())
def test_each_chooser_named_by_the_text_makes_min_amount_eligible_choices_and_only_those_cards_change(scenario, data):
    game = played(scenario, data)
    source = scenario.cards[0]
    instr = source.abilities[0].effect[0]
    controller = source.owner
    characters = [c for c in scenario.cards if c.id != "src"]
    choosers = _expected_choosers(scenario, instr.target, controller)

    def fitting(player: str) -> list[str]:
        return [c.id for c in characters if _eligible(instr.do, c)
                and (instr.filter.controller is Who.ANY or c.owner == player)]

    wanted = {p: min(instr.amount, len(fitting(p))) for p in choosers}
    if instr.target is Target.CHOSEN or scenario.rulings.get(RULING) == "all-or-none":
        initiable = all(len(fitting(p)) >= instr.amount for p in choosers)    # RR "Target": enough targets
    else:
        initiable = any(fitting(p) for p in choosers)      # its effect could change the game state
    used = [s for s in game.timeline if s.what == "forced"]
    event(f"{instr.target.value}, amount {instr.amount}: {'initiated' if initiable else 'not initiable'}")
    assert bool(used) == initiable, (scenario.rulings, {p: fitting(p) for p in choosers}, instr)
    decisions = [(s.decision.key, s.answer) for s in game.timeline
                 if s.decision is not None and s.decision.kind is DecisionKind.CHOOSE_TARGET]
    if not initiable:
        assert decisions == []
        return
    expected_order = [(p, n) for p in choosers for n in range(1, wanted[p] + 1)]
    assert [(key.chooser, key.number) for key, _ in decisions] == expected_order
    for p in choosers:
        picked = [answer for key, answer in decisions if key.chooser == p]
        assert len(set(picked)) == len(picked), "a card chosen twice by one chooser"
        assert set(picked) <= set(fitting(p)), "a card the chooser may not choose"
    chosen = {answer for _, answer in decisions}
    changed = set()
    for card in characters:
        now = game.state.cards[card.id]
        if (instr.do is Verb.KILL and now.zone == "dead pile") or (
                instr.do is not Verb.KILL and now.kneeling != card.kneeling):
            changed.add(card.id)
    assert changed == chosen


# -- costs paid together ---------------------------------------------------------------------------
_COSTS = {
    "kneel self": Instruction(Verb.KNEEL, Target.SELF),
    "discard": Instruction(Verb.DISCARD, Target.CHOSEN, CardFilter(zone="hand", owner=Who.YOU)),
    "discard 2": Instruction(Verb.DISCARD, Target.CHOSEN, CardFilter(zone="hand", owner=Who.YOU), amount=2),
    "pay gold": Instruction(Verb.PAY, Target.YOU, amount=1, resource="gold"),
    "kneel a character": Instruction(Verb.KNEEL, Target.CHOSEN, CardFilter(type="character", controller=Who.YOU)),
}
_LISTENED = (EventKind.KNEELS, EventKind.DISCARDED, EventKind.PAYS, EventKind.LEAVES_PLAY)


@st.composite
def cost_boards(draw):
    first = draw(st.sampled_from(("P1", "P2")))
    names = draw(st.lists(st.sampled_from(["kneel self", "discard", "pay gold", "kneel a character"]), min_size=2,
                          max_size=3, unique=True))
    if "discard" in names and draw(st.booleans()):
        names[names.index("discard")] = "discard 2"
    ability = Ability("f", Timing.FORCED_REACTION, (Instruction(Verb.GAIN_POWER, Target.SELF),),
                      when=Trigger(EventKind.KILLED, CardFilter(type="character")),
                      cost=tuple(_COSTS[n] for n in names), text="Forced Reaction: … , " + " and ".join(names) + " to …")
    cards = [Card(id="src", title="Shrine", owner="P1", type="location", abilities=(ability,)),
             Card(id="victim", title="Victim", owner="P2"), Card(id="c1", title="Squire", owner="P1")]
    cards += [Card(id=f"h{k}", title=f"Hand card {k}", owner="P1", zone="hand", type="attachment")
              for k in range(draw(st.integers(1, 3)))]     # "discard 2" with one card: not payable
    for k in range(draw(st.integers(0, 3))):       # responders to what the costs make occur
        timing = draw(st.sampled_from([Timing.INTERRUPT, Timing.REACTION, Timing.FORCED_INTERRUPT,
                                       Timing.FORCED_REACTION, Timing.WOULD_INTERRUPT]))
        when = Trigger(draw(st.sampled_from(_LISTENED)), one_or_more=draw(st.booleans()))
        cards.append(Card(id=f"r{k}", title=f"Responder {k}", owner=draw(st.sampled_from(("P1", "P2"))),
                          type="location", abilities=(Ability("r", timing, (Instruction(Verb.GAIN_POWER, Target.SELF),),
                                                              when=when),)))
    return Scenario("costs", ("P1", "P2"), first, tuple(cards), (ScriptEntry(Verb.KILL, cards=("victim",), id="k"),),
                    pools={"P1": {"gold": draw(st.sampled_from([0, 1, 1, 2]))}})


@SETTINGS
@given(cost_boards(), st.data())
def test_several_costs_are_one_occurrence_with_one_interrupt_window_and_one_reaction_window(scenario, data):
    game = played(scenario, data)
    use = "src.f@s:k:killed:victim"
    if use not in [s.args_dict().get("use") for s in game.timeline if s.what == "forced"]:
        event("costs not payable: not initiated")
        return      # its costs could not be paid in full: not initiated
    k = len(scenario.cards[0].abilities[0].cost)
    event(f"{k} costs paid")
    prefix = f"{use}/cost"

    def sequences(step_what: str, step_number: int | None = None) -> set[str]:
        out = set()
        for s in game.timeline:
            frame = s.context
            if frame is None or not frame.id.startswith(prefix) or "@" in frame.id[len(prefix):]:
                continue        # not one of this use's own cost sequences (a responder's nests deeper)
            if s.what == step_what and (step_number is None or frame.step.number == step_number):
                out.add(frame.id)
        return out

    paid = sequences("imminent")
    assert paid == {f"{use}/cost0"}, paid                         # one occurrence for all k costs
    assert len([s for s in game.timeline if s.what == "occurs" and s.context is not None
                and s.context.id == f"{use}/cost0"]) == 1
    interrupt_windows = {s.context.id for s in game.timeline if s.context is not None
                         and s.context.id.startswith(prefix) and "@" not in s.context.id[len(prefix):]
                         and s.context.step.number == 4}
    assert interrupt_windows == {f"{use}/cost0"}                  # one interrupt window (step 4)
    reaction_windows = {s.context.id for s in game.timeline if s.context is not None
                        and s.context.id.startswith(prefix) and "@" not in s.context.id[len(prefix):]
                        and s.context.step.number == 7}
    assert reaction_windows == {f"{use}/cost"}                    # one reaction window after the costs
    occurred = [s for s in game.timeline if s.what == "occurs" and s.context is not None
                and s.context.id == f"{use}/cost0"][0].args_dict()["occurred"]
    assert len(occurred) >= k                                      # every cost occurred in that one step 5
