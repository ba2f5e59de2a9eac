"""Hypothesis generators for boards, abilities, scripts and lines of play.

Reusable by every property test: :func:`scenarios` builds random valid A Game of Thrones
scenarios; :func:`play` answers a game's decisions with random legal options drawn from
``data``.
"""
from __future__ import annotations

from hypothesis import strategies as st

from rulekit import Ability, CardFilter, Condition, Instruction, Scenario, ScriptEntry, Target, Timing, Trigger
from rulekit.core.abilities import Which, Who
from rulekit.core.events import EVENTS, EventKind, Subject, Verb
from rulekit.rulesets.agot.cards import AgotCard
from rulekit.rulesets.riftbound.cards import RiftboundCard
from rulekit.core.model import Card

#: the timings of A Game of Thrones' triggered abilities (not Riftbound's, not constant abilities)
TRIGGERED_TIMINGS = [Timing.WOULD_INTERRUPT, Timing.FORCED_INTERRUPT, Timing.INTERRUPT, Timing.FORCED_REACTION,
                     Timing.REACTION]
CARD_EVENTS = (EventKind.KILLED, EventKind.LEAVES_PLAY, EventKind.KNEELS, EventKind.STANDS, EventKind.GAINS_POWER)
PLAYER_EVENTS = (EventKind.DRAWS, EventKind.ADDS, EventKind.PAYS)   # drawing, gaining gold, paying gold


def card_filters(allow_self: bool = True):
    return st.builds(
        CardFilter,
        which=st.sampled_from([Which.ANY, Which.OTHER, Which.ATTACHED] + ([Which.SELF] if allow_self else [])),
        type=st.sampled_from([None, "character", "location"]),
        controller=st.sampled_from(list(Who)),
    )


def triggers():
    card_trigger = st.builds(Trigger, event=st.sampled_from(CARD_EVENTS),
                             card=st.one_of(st.none(), card_filters()), one_or_more=st.booleans())
    player_trigger = st.builds(Trigger, event=st.sampled_from(PLAYER_EVENTS), player=st.sampled_from(list(Who)))
    # challenges (agot.challenge): declarations, and results read by side, margin and unopposed
    declared = st.builds(Trigger, event=st.sampled_from([EventKind.ATTACKS, EventKind.DEFENDS]),
                         card=st.one_of(st.none(), card_filters()), challenge=st.sampled_from([None, "military"]))
    result = st.builds(Trigger, event=st.sampled_from([EventKind.WINS_CHALLENGE, EventKind.LOSES_CHALLENGE]),
                       player=st.sampled_from(list(Who)), side=st.sampled_from([None, "attacking", "defending"]),
                       margin=st.sampled_from([None, 1, 3]), unopposed=st.sampled_from([None, True, False]))
    return st.one_of(card_trigger, card_trigger, player_trigger, declared, result)


def instructions():
    return st.one_of(
        st.builds(Instruction, do=st.just(Verb.DRAW), target=st.sampled_from([Target.YOU, Target.OPPONENT]),
                  amount=st.integers(1, 2)),
        st.builds(Instruction, do=st.sampled_from([Verb.KNEEL, Verb.STAND, Verb.GAIN_POWER]),
                  target=st.sampled_from([Target.SELF, Target.THAT_CARD])),
        st.builds(Instruction, do=st.sampled_from([Verb.KNEEL, Verb.STAND, Verb.KILL]),
                  target=st.just(Target.CHOSEN), filter=card_filters(allow_self=False)),
        st.builds(Instruction, do=st.just(Verb.GIVE_STRENGTH), target=st.sampled_from([Target.SELF, Target.THAT_CARD]),
                  amount=st.sampled_from([-1, 2]), until=st.sampled_from([None, "challenge", "phase"])),
        st.builds(Instruction, do=st.just(Verb.ADD), target=st.just(Target.YOU), amount=st.integers(1, 2),
                  resource=st.just("gold")),      # "gain N gold" (agot.gold)
    )


def conditions():
    return st.builds(Condition, count=card_filters(), at_least=st.integers(0, 2))


def special_abilities(ability_id: str):
    """Cancels, saves and replacements: the abilities that act on a triggering condition."""
    cancel = st.builds(Ability, id=st.just(ability_id), timing=st.just(Timing.WOULD_INTERRUPT),
                       when=st.builds(Trigger, event=st.just(EventKind.INITIATES), player=st.sampled_from(list(Who))),
                       effect=st.just((Instruction(Verb.CANCEL, Target.THAT_EFFECT),)),
                       cannot_be_cancelled=st.booleans())
    save = st.builds(Ability, id=st.just(ability_id), timing=st.sampled_from([Timing.WOULD_INTERRUPT, Timing.INTERRUPT]),
                     when=st.builds(Trigger, event=st.sampled_from([EventKind.KILLED, EventKind.LEAVES_PLAY]),
                                    card=st.one_of(st.none(), card_filters())),
                     effect=st.just((Instruction(Verb.SAVE, Target.THAT_CARD),)))
    replacement = st.builds(Ability, id=st.just(ability_id), timing=st.just(Timing.INTERRUPT),
                            when=st.builds(Trigger, event=st.sampled_from(CARD_EVENTS)),
                            effect=st.just((Instruction(Verb.REPLACE, Target.THAT_CARD, instead=(
                                Instruction(Verb.GAIN_POWER, Target.THAT_CARD),)),)))
    return st.one_of(cancel, cancel, save, replacement)


@st.composite
def abilities(draw, ability_id: str):
    if draw(st.integers(0, 2)) == 0:
        return draw(special_abilities(ability_id))
    return Ability(
        id=ability_id,
        timing=draw(st.sampled_from(TRIGGERED_TIMINGS)),
        when=draw(triggers()),
        effect=tuple(draw(st.lists(instructions(), min_size=1, max_size=2))),
        condition=tuple(draw(st.lists(conditions(), max_size=1))),
        cost=tuple(draw(st.lists(st.one_of(
            st.builds(Instruction, do=st.just(Verb.KNEEL), target=st.just(Target.SELF)),
            st.builds(Instruction, do=st.just(Verb.PAY), target=st.just(Target.YOU), amount=st.integers(1, 2),
                      resource=st.just("gold"))), max_size=1))),
    )


@st.composite
def scenarios(draw, min_players: int = 2, max_players: int = 3, max_cards: int = 6):
    n = draw(st.integers(min_players, max_players))
    players = tuple(f"P{i + 1}" for i in range(n))
    first = draw(st.sampled_from(players))
    cards = []
    for i in range(draw(st.integers(2, max_cards))):
        owner = draw(st.sampled_from(players))
        n_ab = draw(st.integers(0, 2))
        kind = draw(st.sampled_from(["character", "character", "location", "event"]))
        cards.append(Card(
            id=f"c{i}", title=f"Card {i}", owner=owner, type=kind, zone="hand" if kind == "event" else "play area",
            kneeling=draw(st.booleans()),
            abilities=tuple(draw(abilities(f"a{j}")) for j in range(n_ab)),
            extension=AgotCard(strength=draw(st.integers(0, 3))) if kind == "character" else None))
        if kind == "character" and draw(st.integers(0, 4)) == 0:
            cards.append(Card(id=f"c{i}dup", title=f"Card {i}", owner=owner, extension=AgotCard(duplicate_of=f"c{i}")))
        if kind == "character" and draw(st.integers(0, 2)) == 0:     # an attachment on it (agot.attachment)
            cards.append(Card(id=f"c{i}att", title=f"Attachment {i}", owner=draw(st.sampled_from(players)),
                              type="attachment", abilities=tuple(draw(abilities(f"a{j}")) for j in range(draw(st.integers(0, 1)))),
                              extension=AgotCard(attached_to=f"c{i}", terminal=draw(st.booleans()))))
    for p in players:
        for k in range(draw(st.integers(0, 3))):
            cards.append(Card(id=f"{p.lower()}d{k}", title=f"{p} deck {k}", owner=p, zone="draw deck",
                              type="attachment"))
    in_play = [c.id for c in cards if c.zone in (None, "play area") and not c.id.endswith("dup")]
    player_entry = st.builds(ScriptEntry, do=st.just(Verb.DRAW), player=st.sampled_from(players))
    entry = player_entry if not in_play else st.one_of(
        st.builds(ScriptEntry, do=st.sampled_from([Verb.KILL, Verb.KILL, Verb.KNEEL, Verb.STAND, Verb.GAIN_POWER,
                                                   Verb.RETURN_TO_HAND]),
                  cards=st.lists(st.sampled_from(in_play), min_size=1, max_size=2, unique=True).map(tuple)),
        player_entry,
    )
    characters = {p: [c.id for c in cards if c.type == "character" and c.owner == p and c.zone == "play area"]
                  for p in players}
    attacking = [p for p in players if characters[p]]
    if attacking and draw(st.booleans()):          # a challenge (agot.challenge), before or after the rest
        attacker = draw(st.sampled_from(attacking))
        against = draw(st.sampled_from([p for p in players if p != attacker]))
        challenge = ScriptEntry(
            Verb.CHALLENGE, tuple(draw(st.lists(st.sampled_from(characters[attacker]), min_size=1, unique=True))),
            attacker, challenge=draw(st.sampled_from(["military", "intrigue", "power"])),
            defenders=tuple(draw(st.lists(st.sampled_from(characters[against]), unique=True)))
            if characters[against] else (), against=against)
        entry = st.one_of(entry, st.just(challenge))
    script = tuple(draw(st.lists(entry, min_size=1, max_size=3)))
    pools = {p: {"gold": g} for p in players if (g := draw(st.integers(0, 3)))}     # gold pools (agot.gold)
    return Scenario("generated", players, first, tuple(cards), script, pools=pools)


def played(scenario, data):
    """The scenario played with random legal answers, or ``None`` when its abilities loop
    without end (the nesting bound stops them; see test_limits)."""
    from hypothesis import event
    from rulekit import Game
    from rulekit.core.limits import RunawayLoop
    try:
        return play(Game.start(scenario), data)
    except RunawayLoop:
        event("runaway loop stopped")
        return None


def play(game, data, max_answers: int = 60):
    """Answer with random legal options until the game ends (or ``max_answers`` is reached,
    after which defaults finish it)."""
    answered = 0
    while game.decision and answered < max_answers:
        option = data.draw(st.sampled_from(game.decision.options), label=str(game.decision.key))
        game = game.answer(option)
        answered += 1
    return game.play_defaults()


# -- Riftbound -----------------------------------------------------------------------------------
RB_EVENTS = (EventKind.KILLED, EventKind.ATTACKS, EventKind.MOVES, EventKind.PHASE_BEGINS, EventKind.PLAYED,
             EventKind.CHANNELED, EventKind.RETURNED_TO_HAND, EventKind.LEAVES_PLAY, EventKind.PAYS)


def rb_effects():
    return st.one_of(
        st.builds(Instruction, do=st.just(Verb.DRAW), target=st.just(Target.YOU)),
        st.builds(Instruction, do=st.just(Verb.DRAW), target=st.just(Target.YOU),
                  amount_of=st.sampled_from(["that card's might", "this card's might"])),
        st.builds(Instruction, do=st.just(Verb.KILL), target=st.just(Target.CHOSEN),
                  filter=st.just(CardFilter(type="unit", controller=Who.OPPONENT))),
        st.builds(Instruction, do=st.just(Verb.DEAL_DAMAGE), target=st.just(Target.CHOSEN), amount=st.integers(1, 3),
                  filter=st.just(CardFilter(type="unit"))),
        st.builds(Instruction, do=st.just(Verb.READY), target=st.just(Target.EACH),
                  filter=st.just(CardFilter(type="unit", controller=Who.YOU))),
        st.builds(Instruction, do=st.sampled_from([Verb.READY, Verb.EXHAUST]), target=st.just(Target.CHOSEN),
                  filter=st.just(CardFilter(type="unit", controller=Who.YOU))),
        # chance (rulekit.chance): "discard N at random", "kill an enemy unit at random", "shuffle your deck"
        st.builds(Instruction, do=st.just(Verb.DISCARD), target=st.just(Target.RANDOM), amount=st.integers(1, 2),
                  filter=st.sampled_from([CardFilter(zone="hand", owner=Who.YOU),
                                          CardFilter(zone="hand", owner=Who.OPPONENT)])),
        st.builds(Instruction, do=st.just(Verb.KILL), target=st.just(Target.RANDOM),
                  filter=st.just(CardFilter(type="unit", controller=Who.OPPONENT))),
        st.builds(Instruction, do=st.just(Verb.SHUFFLE), target=st.sampled_from([Target.YOU, Target.OPPONENT]),
                  amount=st.integers(1, 2)),
        st.builds(Instruction, do=st.just(Verb.ADD), target=st.just(Target.YOU), amount=st.integers(1, 2),
                  resource=st.sampled_from(["energy", "fury"])),
        st.builds(Instruction, do=st.just(Verb.CHANNEL), target=st.just(Target.YOU)),
        st.builds(Instruction, do=st.just(Verb.RETURN_TO_HAND), target=st.just(Target.CHOSEN),
                  filter=st.just(CardFilter(type="unit"))),
    )


#: replacements printed on cards (rb.standing-replacement): "If a friendly unit (or I) would die, … instead"
RB_REPLACEMENTS = (
    Ability(id="r", timing=Timing.REPLACEMENT, when=Trigger(EventKind.KILLED, CardFilter(which=Which.SELF)),
            effect=(Instruction(Verb.EXHAUST, Target.SELF),)),
    Ability(id="r", timing=Timing.REPLACEMENT,
            when=Trigger(EventKind.KILLED, CardFilter(which=Which.OTHER, type="unit", controller=Who.YOU)),
            effect=(Instruction(Verb.KILL, Target.SELF),)),
    Ability(id="r", timing=Timing.REPLACEMENT,
            when=Trigger(EventKind.KILLED, CardFilter(type="unit", controller=Who.YOU)),
            effect=(Instruction(Verb.MOVE, Target.THAT_CARD, to="base"),)),
)


#: Riftbound conditions: "if I'm at a battlefield", "if I'm your only unit" (a count of the board)
RB_CONDITIONS = (Condition(count=CardFilter(which=Which.SELF, zone="battlefield"), at_least=1),
                 Condition(count=CardFilter(type="unit", controller=Who.YOU), at_most=1))


@st.composite
def rb_abilities(draw, ability_id: str):
    event = draw(st.sampled_from(RB_EVENTS))
    deathknell = event is EventKind.KILLED and draw(st.integers(0, 4)) == 0
    card = None if deathknell else draw(st.one_of(st.none(), st.builds(
        CardFilter, which=st.sampled_from([w for w in Which if w is not Which.ATTACHED]), type=st.just("unit"),
        controller=st.sampled_from(list(Who)))))     # Riftbound has no attachments (which: attached is A Game of Thrones')
    if EVENTS[event].subject is not Subject.CARD:
        card = None          # a phase's or a player's event has no card for a filter to read (rule rulekit.fields)
    return Ability(
        id=ability_id, timing=Timing.TRIGGERED,
        when=Trigger(event, card, nth=draw(st.sampled_from([None, None, 1, 2])) if not deathknell else None),
        effect=tuple(draw(st.lists(rb_effects(), min_size=1, max_size=2))),
        condition=tuple(draw(st.lists(st.sampled_from(RB_CONDITIONS), max_size=1))),
        cost=draw(st.sampled_from([(), (), (), (Instruction(Verb.EXHAUST, Target.SELF),),      # "exhaust me to …"
                                   (Instruction(Verb.PAY, Target.YOU, resource="energy"),)])),   # "pay [1] to …"
        zones=("trash",) if draw(st.integers(0, 6)) == 0 else (),
        once_per_turn=draw(st.booleans()), optional=draw(st.integers(0, 4)) == 0, deathknell=deathknell)


@st.composite
def riftbound_scenarios(draw, max_units: int = 6):
    players = ("P1", "P2")
    cards = []
    for i in range(draw(st.integers(2, max_units))):
        buffed = draw(st.integers(0, 3)) == 0            # a buffed unit: its Might includes the buff (rb.buffs)
        keywords = ("Temporary",) if draw(st.integers(0, 4)) == 0 else ()       # killed at its Beginning Phase
        cards.append(Card(id=f"u{i}", title=f"Unit {i}", owner=draw(st.sampled_from(players)), type="unit",
                          extension=RiftboundCard(might=draw(st.integers(1, 3)) + buffed, buffed=buffed,
                                                  keywords=keywords),
                          zone=draw(st.sampled_from(["base", "battlefield"])),
                          kneeling=draw(st.integers(0, 3)) == 0,
                          abilities=tuple(draw(rb_abilities(f"a{j}")) for j in range(draw(st.integers(0, 2))))
                          + ((draw(st.sampled_from(RB_REPLACEMENTS)),) if draw(st.integers(0, 5)) == 0 else ())))
    rune_add = Ability(id="e", timing=Timing.PRIORITY, cost=(Instruction(Verb.EXHAUST, Target.SELF),),
                       effect=(Instruction(Verb.ADD, Target.YOU, resource="energy"),))
    for p in players:
        for k in range(draw(st.integers(0, 2))):      # runes: in the Rune Deck to channel, on the board to Add
            cards.append(Card(id=f"{p.lower()}r{k}", title=f"{p} rune {k}", owner=p, type="rune",
                              zone=draw(st.sampled_from(["rune deck", "base"])), abilities=(rune_add,)))
        for k in range(draw(st.integers(0, 2))):
            cards.append(Card(id=f"{p.lower()}s{k}", title=f"{p} spell {k}", owner=p, type="spell", zone="hand",
                              abilities=(Ability(id="x", timing=Timing.PRIORITY, effect=(draw(rb_effects()),)),)))
        for k in range(draw(st.integers(0, 4))):
            cards.append(Card(id=f"{p.lower()}m{k}", title=f"{p} deck {k}", owner=p, type="unit", zone="main deck"))
        for k in range(draw(st.integers(0, 1))):
            cards.append(Card(id=f"{p.lower()}t{k}", title=f"Unit {k}", owner=p, type="unit", zone="trash"))
        for k in range(draw(st.integers(0, 2))):      # permanents in hand, for the script to play (rb.play)
            cards.append(Card(id=f"{p.lower()}h{k}", title=f"{p} permanent {k}", owner=p,
                              type=draw(st.sampled_from(["unit", "gear"])), zone="hand",
                              extension=RiftboundCard(might=1, energy_cost=draw(st.sampled_from([0, 0, 1]))),
                              abilities=tuple(draw(rb_abilities(f"a{j}")) for j in range(draw(st.integers(0, 1))))))
    units = [c.id for c in cards if c.type == "unit" and c.zone in ("base", "battlefield")]
    in_hand = [c.id for c in cards if c.zone == "hand" and c.type in ("unit", "gear")]
    entry = st.one_of(
        st.builds(ScriptEntry, do=st.just(Verb.KILL),
                  cards=st.lists(st.sampled_from(units), min_size=1, max_size=3, unique=True).map(tuple)),
        st.builds(ScriptEntry, do=st.just(Verb.ATTACK), cards=st.sampled_from(units).map(lambda u: (u,))),
        st.builds(ScriptEntry, do=st.just(Verb.MOVE), cards=st.sampled_from(units).map(lambda u: (u,)),
                  to=st.sampled_from(["base", "battlefield"])),
        st.builds(ScriptEntry, do=st.just(Verb.BEGIN_PHASE), phase=st.sampled_from(["beginning", "ending"])),
        st.builds(ScriptEntry, do=st.just(Verb.BUFF), cards=st.sampled_from(units).map(lambda u: (u,))),
        st.builds(ScriptEntry, do=st.just(Verb.DEAL_DAMAGE),    # lethal or not: the cleanup after it (rb.cleanup)
                  cards=st.lists(st.sampled_from(units), min_size=1, max_size=2, unique=True).map(tuple),
                  amount=st.integers(1, 3)),
        st.builds(ScriptEntry, do=st.just(Verb.GIVE_MIGHT), cards=st.sampled_from(units).map(lambda u: (u,)),
                  amount=st.integers(-2, 2).filter(bool), this_turn=st.booleans()),
        st.builds(ScriptEntry, do=st.just(Verb.END_TURN), player=st.sampled_from(players)),
        st.builds(ScriptEntry, do=st.just(Verb.CHANNEL), player=st.sampled_from(players)),
        st.builds(ScriptEntry, do=st.just(Verb.RETURN_TO_HAND), cards=st.sampled_from(units).map(lambda u: (u,))),
        st.builds(ScriptEntry, do=st.just(Verb.END_PHASE), phase=st.just("draw")),
        *([st.builds(ScriptEntry, do=st.just(Verb.PLAY), cards=st.sampled_from(in_hand).map(lambda c: (c,)))]
          if in_hand else []),
    )
    return Scenario("generated riftbound", players, draw(st.sampled_from(players)), tuple(cards),
                    tuple(draw(st.lists(entry, min_size=1, max_size=3))), ruleset="riftbound")


#: what a unit or a battlefield listens for on a board of named battlefields (rb.battlefields,
#: rb.conquer, rb.hold, rb.combat)
BF_TRIGGERS = (
    Trigger(EventKind.CONQUERS, CardFilter(here=True), Who.YOU),          # "When I conquer"
    Trigger(EventKind.CONQUERS, None, Who.YOU),                           # "When you conquer"
    Trigger(EventKind.HOLDS, CardFilter(here=True), Who.YOU),             # "When I hold"
    Trigger(EventKind.ATTACKS, CardFilter(which=Which.SELF)),             # "When I attack"
    Trigger(EventKind.DEFENDS, CardFilter(which=Which.SELF)),             # "When I defend"
    Trigger(EventKind.MOVES, CardFilter(which=Which.SELF)),               # "When I move"
)
#: effects that read "here"
BF_EFFECTS = (
    Instruction(Verb.DEAL_DAMAGE, Target.CHOSEN, CardFilter(type="unit", controller=Who.OPPONENT, here=True)),
    Instruction(Verb.EXHAUST, Target.EACH, CardFilter(type="unit", controller=Who.OPPONENT, here=True)),
    Instruction(Verb.DRAW, Target.YOU),
)


@st.composite
def battlefield_scenarios(draw):
    """Boards of two or three named battlefields, each controlled by a player or by no one, units
    at them and in the bases with conquer, hold, attack, defend and move triggers reading "here",
    and a script of combats, conquers, moves between battlefields, Beginning Phases and turns."""
    players = ("P1", "P2")
    names = [f"bf{i}" for i in range(draw(st.integers(2, 3)))]
    cards = []
    for i, bf in enumerate(names):
        controller = draw(st.sampled_from([None, "P1", "P2"]))
        cards.append(Card(id=bf, title=f"Battlefield {i}", owner=players[i % 2], controller=controller,
                          type="battlefield", zone="battlefield",
                          extension=RiftboundCard(uncontrolled=controller is None)))
    for i in range(draw(st.integers(2, 6))):
        where = draw(st.sampled_from(names[:1] * 3 + names + ["base"]))     # the first battlefield is busy
        abilities = tuple(Ability(id=f"a{j}", timing=Timing.TRIGGERED, when=draw(st.sampled_from(BF_TRIGGERS)),
                                  effect=(draw(st.sampled_from(BF_EFFECTS)),))
                          for j in range(draw(st.integers(1, 2))))
        cards.append(Card(id=f"u{i}", title=f"Unit {i}", owner=draw(st.sampled_from(players)), type="unit",
                          zone="base" if where == "base" else "battlefield",
                          extension=RiftboundCard(might=draw(st.integers(0, 4)), at=None if where == "base" else where),
                          kneeling=draw(st.integers(0, 3)) == 0, abilities=abilities))
    for p in players:
        for k in range(draw(st.integers(0, 3))):
            cards.append(Card(id=f"{p.lower()}m{k}", title=f"{p} deck {k}", owner=p, type="unit", zone="main deck"))
    units = [c.id for c in cards if c.type == "unit" and c.zone != "main deck"]
    entry = st.one_of(
        st.builds(ScriptEntry, do=st.just(Verb.COMBAT), cards=st.sampled_from(names[:1] * 2 + names).map(lambda b: (b,)),
                  player=st.sampled_from(players)),
        st.builds(ScriptEntry, do=st.just(Verb.CONQUER), cards=st.sampled_from(names).map(lambda b: (b,)),
                  player=st.sampled_from(players)),
        st.builds(ScriptEntry, do=st.just(Verb.MOVE), cards=st.sampled_from(units).map(lambda u: (u,)),
                  to=st.sampled_from(names + ["base"])),
        st.builds(ScriptEntry, do=st.just(Verb.BEGIN_PHASE), phase=st.just("beginning")),
        st.builds(ScriptEntry, do=st.just(Verb.END_TURN), player=st.sampled_from(players)),
    )
    return Scenario("generated battlefields", players, draw(st.sampled_from(players)), tuple(cards),
                    tuple(draw(st.lists(entry, min_size=1, max_size=4))), ruleset="riftbound")
