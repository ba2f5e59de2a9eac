"""Properties of A Game of Thrones' out-of-play areas and Pillage (rules ``agot.zones``,
``agot.pillage``), over generated boards.

Rules Reference, "Discard Pile": a card is discarded from play or from an out-of-play area such as a
hand or a deck, and placed on top of its owner's discard pile; "In Play and Out of Play" and "Leaves
Play": only a card that goes from play to an out-of-play area leaves play; FAQ (1.5): a card is
returned "from your discard pile to your hand"; the FAQ's errata place a card, even one in play, at
the bottom of its owner's deck. "Pillage" and Appendix I, 4.2.2-4.2.6: after a player wins a challenge, once the reactions to
winning are over, for each participating character with pillage that player controls, that player may
discard the top card of the losing opponent's deck (the FAQ's question "Resolving Keywords": each is optional).

1. Every discard, return to hand and placing of a card, from whatever area it is in, either moves it
   to the area the rules name — with exactly the one triggering condition the rules name, which a
   forced reaction listening for that event from that area hears, and "leaves play" only when it
   came from play — or, where the rules give it nothing to do, changes nothing: it never loads and
   does nothing where the rules say it acts.
2. Pillage: the winner is asked about each usable pillage after the reactions to winning and before
   the challenge ends; each use discards the then top card of the loser's deck, and a reaction to a
   card discarded from that deck hears each.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings, strategies as st

from rulekit import Game
from rulekit.core.abilities import Ability, CardFilter, Instruction, Target, Timing, Trigger
from rulekit.core.events import EventKind, Verb
from rulekit.core.model import Card
from rulekit.core.scenario import Scenario, ScriptEntry
from rulekit.files.builder import ScenarioBuilder, cards, forced_reaction, gain_power, on

SETTINGS = settings(max_examples=int(os.environ.get("RK_EXAMPLES", 40)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
AREAS = ("play area", "hand", "draw deck", "discard pile", "dead pile")
#: verb -> (the event it makes, the areas the rules let it take a card from, where the card goes, its ``to``)
DISCARD_AND_RETURN = {
    "discard": ("discarded", ("play area", "hand", "draw deck", "dead pile"), "discard pile", None),
    "return to hand": ("returned to hand", ("play area", "discard pile", "dead pile"), "hand", None),
}
PLACING = {      # a card already in its deck is already on top of it (Rules Reference, "Move")
    "place on top": ("placed", ("play area", "hand", "discard pile", "dead pile"), "draw deck", "draw deck"),
    "place at the bottom": ("placed", AREAS, "draw deck", "bottom of draw deck"),
}


def _name(kind: str, area: str) -> str:
    return f"w-{kind.replace(' ', '-')}-{area.replace(' ', '-')}"


def _watcher(kind: str, area: str) -> Card:
    """A location of P1's: "Forced Reaction: After a card is <kind> from <area>, this gains 1 power"."""
    return Card(id=_name(kind, area), title=_name(kind, area), owner="P1", type="location",
                abilities=(Ability("f", Timing.FORCED_REACTION, (Instruction(Verb.GAIN_POWER),),
                                   when=Trigger(EventKind(kind), CardFilter(zone=area))),))


def _leaves() -> Card:
    return Card(id="w-leaves", title="Leave-watcher", owner="P1", type="location",
                abilities=(Ability("f", Timing.FORCED_REACTION, (Instruction(Verb.GAIN_POWER),),
                                   when=Trigger(EventKind.LEAVES_PLAY)),))


def moves(table: dict):
    """A card of a generated owner in a generated area, other cards in that owner's deck around it,
    a watcher for each event of ``table`` from each area, and one script entry moving the card."""
    @st.composite
    def build(draw):
        verb = draw(st.sampled_from(sorted(table)))
        kind, _, _, to = table[verb]
        area = draw(st.sampled_from(AREAS))
        owner = draw(st.sampled_from(("P1", "P2")))
        above = draw(st.integers(0, 2)) if area == "draw deck" else 0
        board = [Card(id=f"a{i}", title=f"Deck card above {i}", owner=owner, zone="draw deck", type="event")
                 for i in range(above)]
        board.append(Card(id="x", title="Moved card", owner=owner, zone=area))
        board += [Card(id=f"b{i}", title=f"Deck card below {i}", owner=owner, zone="draw deck", type="event")
                  for i in range(draw(st.integers(0, 2)))]
        board += [_watcher(k, z) for k in sorted({v[0] for v in table.values()}) for z in AREAS] + [_leaves()]
        entry = ScriptEntry(Verb("place" if to else verb), cards=("x",), to=to, id="mv")
        return verb, area, Scenario("out-of-play areas", ("P1", "P2"), "P1", tuple(board), (entry,))
    return build()


def _check_move(table: dict, verb: str, area: str, scenario) -> None:
    kind, origins, destination, to = table[verb]
    game = Game.start(scenario).play_defaults()
    state = game.state
    x = state.cards["x"]
    legal = area in origins
    if legal:
        assert x.zone == destination, f"{verb} from the {area}: the card is in the {x.zone}, not the {destination}"
        deck = state.decks.get(x.owner, ())
        if to is not None:
            assert deck[-1 if to.startswith("bottom") else 0] == "x", (verb, deck)
        occurred = [tc for s in game.timeline if s.what == "occurs" for tc in s.args_dict()["occurred"]]
        about_x = [tc for tc in occurred if tc.endswith(":x")]
        assert about_x == [f"s:mv:{kind.replace(' ', '-')}:x"], about_x
    else:
        assert x.zone == area and x.incarnation == 0, f"{verb} from the {area} moved the card to the {x.zone}"
        assert any(s.what == "script-nothing" for s in game.timeline)
    for k in sorted({v[0] for v in table.values()}):
        for z in AREAS:
            heard = legal and k == kind and z == area
            assert state.cards[_name(k, z)].power == (1 if heard else 0), (_name(k, z), verb, area)
    # a card leaves play only when it goes from play to an out-of-play area ("Leaves Play")
    assert state.cards["w-leaves"].power == (1 if legal and area == "play area" else 0), (verb, area)


@SETTINGS
@given(moves(DISCARD_AND_RETURN))
def test_a_card_discarded_or_returned_to_hand_goes_where_the_rules_say_with_the_event_they_name(case):
    _check_move(DISCARD_AND_RETURN, *case)


@SETTINGS
@given(moves(PLACING))
def test_a_card_placed_in_its_owners_deck_goes_on_top_or_at_the_bottom_with_one_placed_event(case):
    _check_move(PLACING, *case)


# -- Pillage -------------------------------------------------------------------------------------
@st.composite
def pillage_boards(draw):
    """P1 attacks P2 with 1-3 characters, P2 defends with 0-2; any of them may have pillage (its
    printed keyword, "Pillage."); each deck holds 0-3 cards; each player's location reacts to a card
    discarded from that player's deck, and P1's to a challenge won."""
    b = ScenarioBuilder("pillage", phase="challenges")
    attackers, defenders, pillage = [], [], set()
    for side, player, names in (("a", "P1", attackers), ("d", "P2", defenders)):
        for i in range(draw(st.integers(1, 3) if side == "a" else st.integers(0, 2))):
            has = draw(st.booleans())
            b.card(f"{side}{i}", f"{'Raider' if side == 'a' else 'Warden'} {i}", player,
                   strength=draw(st.integers(0, 3)), text="Pillage." if has else None)
            names.append(f"{side}{i}")
            if has:
                pillage.add(f"{side}{i}")
    for p in ("P1", "P2"):
        for i in range(draw(st.integers(0, 3))):
            b.card(f"{p.lower()}deck{i}", f"{p} deck card {i}", p, zone="draw deck", type="event")
        b.card(f"{p.lower()}watch", f"{p} Deck Watch", p, type="location", abilities=[
            forced_reaction("f", on("discarded", card=cards(zone="draw deck"), player="you"), [gain_power()])])
    b.card("horn", "Victory Horn", "P1", type="location", abilities=[
        forced_reaction("f", on("wins a challenge"), [gain_power()])])
    b.challenge("P1", "military", attackers, defenders, id="ch")
    return b.build(), pillage


@SETTINGS
@given(pillage_boards(), st.data())
def test_pillage_discards_the_top_card_of_the_losers_deck_once_per_use_after_the_reactions_to_winning(board, data):
    scenario, pillage = board
    game = Game.start(scenario)
    before = game.state
    asked = 0
    while game.decision:
        d = game.decision
        if d.key.at == "s:ch/keywords":
            asked += 1
            game = game.answer(data.draw(st.sampled_from(d.option_ids), label=str(d.key)))
        else:
            game = game.answer(d.default)
    state = game.state
    challenge = state.challenges[-1]
    timeline = game.timeline
    uses = [s.args_dict()["use"] for s in timeline if s.rule == "agot.pillage" and s.what == "use"]
    if challenge.winner is None:
        assert asked == 0 and not uses
        return
    winner, loser = challenge.winner, challenge.loser
    side = "a" if winner == "P1" else "d"
    pillagers = [c for c in pillage if c.startswith(side)]      # each participates: nothing removes one
    loser_deck = before.decks.get(loser, ())
    if pillagers and loser_deck:
        assert asked >= 1, "the winner has a participating character with pillage, but was never asked (4.2.5)"
    assert len(uses) <= min(len(pillagers), len(loser_deck))
    assert len(set(uses)) == len(uses), "a pillage used twice"
    # each use discards the then top card: the top len(uses) cards of the loser's deck, in order
    assert state.decks.get(loser, ()) == loser_deck[len(uses):]
    assert all(state.cards[c].zone == "discard pile" for c in loser_deck[:len(uses)])
    assert state.decks.get(winner, ()) == before.decks.get(winner, ())
    assert state.cards[f"{loser.lower()}watch"].power == len(uses)
    assert state.cards[f"{winner.lower()}watch"].power == 0
    # 4.2.5 comes after the reactions to winning (4.2.2) and before the challenge ends (4.2.6)
    result_over = max(i for i, s in enumerate(timeline)
                      if any(getattr(f, "id", None) == "s:ch/result" for f in s.control))
    ends = next(i for i, s in enumerate(timeline) if s.what == "challenge-ends")
    for i, s in enumerate(timeline):
        if s.rule == "agot.pillage":
            assert result_over < i < ends, (i, result_over, ends)
    assert state.cards["horn"].power == 1
