"""Property-based tests, over generated boards, of five general Riftbound rules (issue "Rules
fidelity, fourth pass"; each is a shipped scenario too):

- a cleanup follows only a change of the game, and one that changes nothing is not repeated (Core
  Rules 319, 322; a death replaced by what changes nothing — 370.2, 414.1.c): the game ends, and a
  unit left with lethal damage is one whose death a printed replacement replaces
  (``cleanup-ends-when-a-replaced-death-changes-nothing``);
- a Deathknell is added to the Chain before its card moves, so the Deathknells of a group of
  deaths go on before the items of the abilities that see those deaths, whoever controls them
  (323.4-323.5, 808.1.d.2, 383.2.c, 337.1.b; ``deathknells-go-on-the-chain-before-death-watchers``);
- a combat's attack and defend triggers are placed by the attacking player first, then the players
  who are not the defender in turn order, the defending player last, whoever's turn it is
  (459.2.d.1; ``combat-attacker-places-triggers-first-on-the-defenders-turn``);
- cards chosen in a hand or a deck are no targets and are chosen as the item resolves, among the
  cards there then; such an item is never removed for want of them (355.10.a, 355.17, 402.3;
  ``look-at-the-top-three-chosen-as-it-resolves``);
- combat's recall of its attackers is a recall: an ``is recalled`` event for each, which "when … is
  recalled" triggers on, and no move (461.1.a.2, 449-451; ``combat-recall-of-attackers-is-a-recall``).
"""
from __future__ import annotations

import os

from hypothesis import event, given, settings, strategies as st

from strategies import play
from rulekit import Game
from rulekit.core import ids
from rulekit.core.abilities import Ability, CardFilter, Instruction, Target, Timing, Trigger, Which, Who
from rulekit.core.decisions import DecisionKind
from rulekit.core.events import EventKind, Verb
from rulekit.core.model import Card
from rulekit.core.scenario import Scenario, ScriptEntry
from rulekit.rulesets.riftbound import ItemFrame
from rulekit.rulesets.riftbound.cards import RiftboundCard

SETTINGS = settings(max_examples=int(os.environ.get("RK_EXAMPLES", 30)), deadline=None)

_DRAW = (Instruction(Verb.DRAW, Target.YOU),)


def _deck(players, n: int = 4) -> list[Card]:
    return [Card(id=f"{p.lower()}m{k}", title=f"{p} deck {k}", owner=p, type="unit", zone="main deck")
            for p in players for k in range(n)]


def _unit(uid: str, owner: str, might: int, abilities=(), *, damage: int = 0, at: str | None = None,
          kneeling: bool = False) -> Card:
    return Card(id=uid, title=f"Unit {uid}", owner=owner, type="unit", zone="battlefield" if at else "base",
                kneeling=kneeling, abilities=tuple(abilities),
                extension=RiftboundCard(might=might, damage=damage, at=at))


def _bridge(holder: str | None = None) -> Card:
    return Card(id="ford", title="Reed Ford", owner="P1", controller=holder, type="battlefield", zone="battlefield",
                extension=RiftboundCard(uncontrolled=holder is None))


# -- 1. a cleanup that changes nothing is not repeated (319, 322) ---------------------------------------
#: printed replacements of the unit's own death: "If I would die, exhaust me (recall me, ready me) instead."
_INSTEAD = {verb: Ability(id="stay", timing=Timing.REPLACEMENT, when=Trigger(EventKind.KILLED, CardFilter(which=Which.SELF)),
                          effect=(Instruction(verb, Target.SELF),), text=f"If I would die, {verb.value} me instead.")
            for verb in (Verb.EXHAUST, Verb.RECALL, Verb.READY)}
_KNELL = Ability(id="dk", timing=Timing.TRIGGERED, deathknell=True, when=Trigger(EventKind.KILLED), effect=_DRAW,
                 text="Deathknell — Draw 1.")


@st.composite
def lethal_boards(draw):
    """Units of both players, at a battlefield or in their bases, exhausted or ready, some saying "If I
    would die, exhaust (recall, ready) me instead.", some with a Deathknell; the script deals damage
    to some of them, once or twice."""
    players = ("P1", "P2")
    cards = [_bridge()]
    units = []
    for i in range(draw(st.integers(1, 4))):
        abilities = []
        verb = draw(st.sampled_from([None, Verb.EXHAUST, Verb.RECALL, Verb.READY]))
        if verb is not None:
            abilities.append(_INSTEAD[verb])
        if draw(st.booleans()):
            abilities.append(_KNELL)
        units.append(_unit(f"u{i}", draw(st.sampled_from(players)), draw(st.integers(1, 3)), abilities,
                           at="ford" if draw(st.booleans()) else None, kneeling=draw(st.booleans())))
    cards += units + _deck(players)
    script = tuple(ScriptEntry(Verb.DEAL_DAMAGE, cards=tuple(draw(st.sets(st.sampled_from([u.id for u in units]),
                                                                             min_size=1))),
                               amount=draw(st.integers(1, 4)), id=f"blast{k}")
                   for k in range(draw(st.integers(1, 2))))
    return Scenario("generated cleanups", players, draw(st.sampled_from(players)), tuple(cards), script,
                    ruleset="riftbound")


@SETTINGS
@given(lethal_boards(), st.data())
def test_a_cleanup_that_changes_nothing_is_not_repeated(scenario, data):
    """322: another cleanup follows a cleanup only if something happened in it; so the game ends (no
    runaway loop), and a unit left on the board with lethal damage is one whose death its own printed
    replacement replaced (370.2: again in each cleanup, a new event)."""
    game = play(Game.start(scenario), data)
    occurrences = [s for s in game.timeline if s.what == "rb-occurs"]
    for before, after in zip(occurrences, occurrences[1:]):
        if after.rule == "rb.cleanup" and "after" in after.args_dict():      # a cleanup a change called for
            assert before.args_dict()["occurred"], f"#{after.number}: a cleanup after #{before.number}, which changed nothing"
    left = [c for c in game.state.cards.values() if c.zone in game.state.rules.in_play and c.type == "unit"
            and c.damage > 0 and c.damage >= c.might]
    for card in left:
        assert any(a.timing is Timing.REPLACEMENT for a in card.abilities), f"{card.id} has lethal damage and lives"
        event("a unit kept its lethal damage: its replaced death changed nothing")


# -- 2. Deathknells before the abilities that see the deaths (808.1.d.2, 323.4-323.5) -----------------
_WATCHERS = (
    Ability(id="w", timing=Timing.TRIGGERED, when=Trigger(EventKind.KILLED, CardFilter(type="unit")), effect=_DRAW,
            text="When a unit dies, draw 1."),
    Ability(id="w", timing=Timing.TRIGGERED, when=Trigger(EventKind.KILLED, CardFilter(type="unit", controller=Who.OPPONENT)),
            effect=_DRAW, text="When an enemy unit dies, draw 1."),
    Ability(id="w", timing=Timing.TRIGGERED,
            when=Trigger(EventKind.KILLED, CardFilter(which=Which.OTHER, type="unit", controller=Who.YOU)),
            effect=_DRAW, text="When another friendly unit dies, draw 1."),
)


@st.composite
def deaths(draw):
    """Units and gear of two or three players with Deathknells and death watchers; the script kills
    some units at once, or deals them lethal damage (their deaths in one cleanup)."""
    players = ("P1", "P2", "P3")[:draw(st.integers(2, 3))]
    cards, units = [], []
    for i in range(draw(st.integers(2, 5))):
        abilities = []
        if draw(st.booleans()):
            abilities.append(_KNELL)
        if draw(st.booleans()):
            abilities.append(draw(st.sampled_from(_WATCHERS)))
        units.append(_unit(f"u{i}", draw(st.sampled_from(players)), 2, abilities))
    cards += units + _deck(players, 6)
    victims = tuple(sorted(draw(st.sets(st.sampled_from([u.id for u in units]), min_size=1))))
    entry = (ScriptEntry(Verb.KILL, cards=victims, id="wipe") if draw(st.booleans())
             else ScriptEntry(Verb.DEAL_DAMAGE, cards=victims, amount=3, id="blast"))
    return Scenario("generated deaths", players, draw(st.sampled_from(players)), tuple(cards), (entry,),
                    ruleset="riftbound")


def _owner(scenario, item: str) -> str:
    """The owner of the card whose ability an item is."""
    card = ids.card_id(ids.parse_use(item).obj)
    return next(c.owner for c in scenario.cards if c.id == card)


def _seat(scenario) -> tuple[str, ...]:
    """The players in turn order from the turn player."""
    k = scenario.players.index(scenario.first_player)
    return scenario.players[k:] + scenario.players[:k]


def _placed_batches(game):
    """For each trigger check that added items: its items, in the order they were placed on the Chain."""
    placed = [s.args_dict()["item"] for s in game.timeline if s.what == "rb-placed"]
    for step in game.timeline:
        if step.what == "rb-triggers" and step.args_dict().get("items"):
            items = set(step.args_dict()["items"])
            yield [i for i in placed if i in items]


@SETTINGS
@given(deaths(), st.data())
def test_deathknells_go_on_the_chain_before_the_abilities_that_see_the_deaths(scenario, data):
    """808.1.d.2, 428.1.a.1.b, 323.4-323.5, 383.2.c, 337.1.b: every Deathknell of a group of deaths is
    placed before every item of an ability that saw those deaths, whoever controls either — and among
    the Deathknells, the turn player's first, then turn order (383.3.d.1)."""
    game = play(Game.start(scenario), data)
    order = _seat(scenario)
    for batch in _placed_batches(game):
        kinds = ["dk" if ".dk@" in i else "w" for i in batch]
        assert kinds == sorted(kinds), f"a watcher placed before a Deathknell: {batch}"
        owners = [order.index(_owner(scenario, i)) for i in batch if ".dk@" in i]
        assert owners == sorted(owners), f"Deathknells not in turn order from the turn player: {batch}"
        if "dk" in kinds and "w" in kinds:
            event("Deathknells and watchers of one group of deaths")


# -- 3. the attacking player's triggers first (459.2.d.1) --------------------------------------------------
_ATTACK = Ability(id="atk", timing=Timing.TRIGGERED, when=Trigger(EventKind.ATTACKS, CardFilter(which=Which.SELF)),
                  effect=_DRAW, text="When I attack, draw 1.")
_DEFEND = Ability(id="def", timing=Timing.TRIGGERED, when=Trigger(EventKind.DEFENDS, CardFilter(which=Which.SELF)),
                  effect=_DRAW, text="When I defend, draw 1.")
_SEES_ATTACK = Ability(id="see", timing=Timing.TRIGGERED, when=Trigger(EventKind.ATTACKS, CardFilter(type="unit")),
                       effect=_DRAW, text="When a unit attacks, draw 1.")


@st.composite
def combats(draw):
    """Two or three players; the two fighting at the Reed Ford have units there saying "When I attack"
    and "When I defend"; any player may have a unit in base saying "When a unit attacks"; the attacker
    and the turn player are drawn independently."""
    players = ("P1", "P2", "P3")[:draw(st.integers(2, 3))]
    attacker, defender = draw(st.permutations(players))[:2]
    cards = [_bridge(defender)]
    for i in range(draw(st.integers(2, 5))):
        side = attacker if i == 0 else defender if i == 1 else draw(st.sampled_from((attacker, defender)))
        cards.append(_unit(f"u{i}", side, 2, (_ATTACK, _DEFEND)[: draw(st.integers(1, 2))], at="ford"))
    for i, p in enumerate(players):
        if draw(st.booleans()):
            cards.append(_unit(f"s{i}", p, 2, (_SEES_ATTACK,)))
    cards += _deck(players, 8)
    return Scenario("generated combat", players, draw(st.sampled_from(players)), tuple(cards),
                    (ScriptEntry(Verb.COMBAT, cards=("ford",), player=attacker, id="fight"),), ruleset="riftbound")


@SETTINGS
@given(combats(), st.data())
def test_the_attacking_player_places_the_designations_triggers_first(scenario, data):
    """459.2.d.1: the items the designations trigger are placed by the attacking player first, then by
    every player who is not the defender in turn order, then by the defending player — whoever's turn
    it is."""
    game = play(Game.start(scenario), data)
    attacker = next(s.args_dict()["attacker"] for s in game.timeline if s.args_dict().get("combat") == "designate")
    defender = next(p for p in scenario.players if p != attacker and
                    any(c.owner == p and c.zone == "battlefield" for c in scenario.cards if c.type == "unit"))
    rank = [attacker] + [p for p in _seat(scenario) if p not in (attacker, defender)] + [defender]
    first = next(batch for batch in _placed_batches(game))
    placed = [rank.index(_owner(scenario, i)) for i in first]
    assert placed == sorted(placed), f"attacker {attacker}, turn player {scenario.first_player}: {first}"
    if scenario.first_player != attacker and len(set(placed)) > 1:
        event("the attacker is not the turn player")


# -- 4. cards in a hand or a deck chosen as the item resolves (355.10.a, 355.17) --------------------------
@st.composite
def hidden_choices(draw):
    """P1 plays a unit whose play trigger takes cards from a hidden zone: "look at the top N cards of
    your Main Deck; you may put a unit from among them into your hand" (up to 1 or 2), or "discard
    N"; P1's hand and deck hold units and spells, or nothing to take; P1 may hold a Reaction "Draw 1."
    to play before the item resolves."""
    deck_zone = draw(st.booleans())
    if deck_zone:
        pick = Instruction(Verb.MOVE, Target.CHOSEN, CardFilter(zone="main deck", owner=Who.YOU, type="unit",
                                                                 top=draw(st.integers(1, 3))),
                           up_to=draw(st.integers(1, 2)), to="hand")
    else:
        pick = Instruction(Verb.DISCARD, Target.CHOSEN, CardFilter(zone="hand", owner=Who.YOU),
                           amount=draw(st.integers(1, 2)))
    cards = [Card(id="scout", title="Lanternfen Scout", owner="P1", type="unit", zone="hand",
                  abilities=(Ability(id="p", timing=Timing.TRIGGERED,
                                     when=Trigger(EventKind.PLAYED, CardFilter(which=Which.SELF)), effect=(pick,)),),
                  extension=RiftboundCard(might=2))]
    if draw(st.booleans()):
        cards.append(Card(id="study", title="Quick Study", owner="P1", type="spell", zone="hand",
                          abilities=(Ability(id="x", timing=Timing.PRIORITY, effect=_DRAW, text="Reaction — Draw 1."),)))
    cards += [Card(id=f"h{k}", title=f"Hand card {k}", owner="P1", type="spell", zone="hand")
              for k in range(draw(st.integers(0, 2)))]
    cards += [Card(id=f"d{k}", title=f"Deck card {k}", owner="P1", zone="main deck",
                   type=draw(st.sampled_from(["unit", "spell"]))) for k in range(draw(st.integers(0, 5)))]
    return Scenario("generated hidden choice", ("P1", "P2"), "P1", tuple(cards),
                    (ScriptEntry(Verb.PLAY, cards=("scout",), id="play-scout"),), ruleset="riftbound")


@SETTINGS
@given(hidden_choices(), st.data())
def test_cards_in_a_hand_or_a_deck_are_chosen_as_the_item_resolves(scenario, data):
    """355.10.a, 355.17: every choice of a card in a hand or a deck is made while the item resolves,
    among exactly the cards its filter finds then; the item is never removed at finalization for want
    of them (402.3), and it resolves."""
    game = play(Game.start(scenario), data)
    item = next((s for s in game.timeline if s.what == "rb-placed" and s.args_dict()["item"].startswith("scout")), None)
    assert item is not None
    item_id = item.args_dict()["item"]
    for step in game.timeline:
        if step.decision is None or step.decision.kind is not DecisionKind.CHOOSE_TARGET:
            continue
        top = step.parent.control[-1]
        assert isinstance(top, ItemFrame) and top.item.id == item_id, \
            f"#{step.number}: {step.decision.key} asked while the item is not resolving ({type(top).__name__})"
        before = step.parent.state
        pick = top.item.ability.effect[0]
        found = {c.obj for c in before.cards.values() if c.owner == "P1" and c.zone == pick.filter.zone
                 and (pick.filter.type is None or c.type == pick.filter.type)
                 and (pick.filter.top is None or c.id in before.decks.get("P1", ())[:pick.filter.top])}
        offered = set(step.decision.legal_ids()) - {"done"}
        assert offered <= found and offered, f"#{step.number}: offered {offered}, there {found}"
        event("a card chosen in a hidden zone as the item resolves")
    assert not [s for s in game.timeline if s.what == "rb-removed"]
    assert item_id in [s.args_dict()["item"] for s in game.timeline if s.what == "rb-resolves"]


# -- 5. combat's recall of its attackers is a recall (461.1.a.2, 449-451) -------------------------------------
#: "If I would die, I get +4 Might this turn instead.": a defender that stays, no longer with lethal damage
_STAY = Ability(id="stay", timing=Timing.REPLACEMENT, when=Trigger(EventKind.KILLED, CardFilter(which=Which.SELF)),
                effect=(Instruction(Verb.GIVE_MIGHT, Target.SELF, amount=4, this_turn=True),),
                text="If I would die, I get +4 Might this turn instead.")
_ON_RECALL = Ability(id="r", timing=Timing.TRIGGERED,
                     when=Trigger(EventKind.RECALLED, CardFilter(type="unit", controller=Who.YOU)), effect=_DRAW,
                     text="When a friendly unit is recalled, draw 1.")
_ON_MOVE = Ability(id="m", timing=Timing.TRIGGERED,
                   when=Trigger(EventKind.MOVES, CardFilter(type="unit", controller=Who.YOU)), effect=_DRAW,
                   text="When a friendly unit moves, draw 1.")


@st.composite
def recalls(draw):
    """A combat at the Reed Ford: attackers and defenders of any Might, some defenders saying "If I would
    die, I get +4 Might this turn instead." (so defenders often remain); each player may have, in base, a unit
    saying "When a friendly unit is recalled, draw 1." or "When a friendly unit moves, draw 1."."""
    players = ("P1", "P2")
    attacker = draw(st.sampled_from(players))
    defender = next(p for p in players if p != attacker)
    cards = [_bridge(defender)]
    for i in range(draw(st.integers(2, 4))):
        side = attacker if i == 0 else defender if i == 1 else draw(st.sampled_from(players))
        stay = (_STAY,) if side == defender and draw(st.booleans()) else ()
        cards.append(_unit(f"u{i}", side, draw(st.integers(1, 4)), stay, at="ford"))
    for p in players:
        watchers = draw(st.lists(st.sampled_from((_ON_RECALL, _ON_MOVE)), max_size=2, unique=True))
        if watchers:
            cards.append(_unit(f"w{p.lower()}", p, 5, tuple(watchers)))
    cards += _deck(players, 6)
    return Scenario("generated recall", players, draw(st.sampled_from(players)), tuple(cards),
                    (ScriptEntry(Verb.COMBAT, cards=("ford",), player=attacker, id="fight"),), ruleset="riftbound")


@SETTINGS
@given(recalls(), st.data())
def test_combats_recall_of_its_attackers_is_a_recall(scenario, data):
    """461.1.a.2, 449-451: when defenders remain after the Combat Cleanup's deaths, each attacker left
    at the battlefield is recalled to its base by an ``is recalled`` event — not a move — and every
    "When a friendly unit is recalled" of its controller's on the board triggers on it."""
    game = play(Game.start(scenario), data)
    cleanup = next((s for s in game.timeline if s.args_dict().get("combat") == "cleanup"
                    or s.what == "rb-combat-cleanup" or s.args_dict().get("combat") == "recall"), None)
    if cleanup is None:
        return                              # no combat damage was dealt: nobody to recall
    heal = next(s for s in game.timeline[cleanup.number:]
                if s.what == "rb-combat-cleanup" or s.args_dict().get("combat") == "recall")
    before = heal.parent.state
    attackers = [c for c in before.cards.values() if c.extension is not None and c.extension.role == "attacker"
                 and c.zone == "battlefield"]
    defenders = [c for c in before.cards.values() if c.extension is not None and c.extension.role == "defender"
                 and c.zone == "battlefield"]
    events = [tc for _, tc in game.state.events_newest_first()]
    recalled = {tc.card.id: tc for tc in events if tc.kind is EventKind.RECALLED}
    moved = {tc.card.id for tc in events if tc.kind is EventKind.MOVES}
    if not (attackers and defenders):
        assert not recalled
        return
    event("attackers recalled")
    for unit in attackers:
        assert unit.id in recalled, f"{unit.id} was not recalled by an event"
        assert unit.id not in moved and heal.state.cards[unit.id].zone == "base"
        tc = recalled[unit.id]
        for watcher in before.cards.values():
            if watcher.controller == unit.controller and watcher.zone in before.rules.in_play and any(
                    a.id == "r" for a in watcher.abilities):
                placed = [s.args_dict()["item"] for s in game.timeline if s.what == "rb-placed"]
                assert f"{watcher.obj}.r@{tc.id}" in placed, f"{watcher.id} did not trigger on {tc.id}"
    assert not [s for s in game.timeline if s.what == "rb-placed" and ".m@" in s.args_dict()["item"]]
