"""Properties: when each choice of an effect is made (A Game of Thrones).

- **Targets after "then"** (rule ``agot.then.targets``; Rules Reference, "Target", "The word
  'Then'", "Initiating Abilities / Marshaling Cards", "Cancel"): on generated boards a forced
  reaction's effect has a part before "then" (kneel, stand or kill, each or chosen) and a part after it that
  chooses a character (with a posture), maybe followed by a gain of power. The opponent may cancel
  the effect or save a character. Every choice of a post-then target is made after the effect
  initiated and after the whole part before "then" resolved, only if that part resolved in full,
  and among exactly the characters valid at that moment; where none is valid then, that part fails
  to resolve, whole: its gain of power does not happen.
- **Cards picked from a hand** (rule ``agot.choose.resolving``; FAQ, Definitions and Terms,
  "Choose"; FAQ (1.5) "Playing Events"; RR "Priority of Simultaneous Resolution", "Effects"): a
  forced reaction — on a location, or an event played from its owner's hand — may draw first, then
  discards cards from hands, picked by its controller, each player or each opponent. Every pick is
  made after the effect initiated (so never of the event being played), among exactly the cards
  in the picker's hand at that moment, as many as there are up to the number, first player first;
  and exactly the picked cards are discarded.
- **A search is never a cost** (Rules Reference, "Search", "Target", "Costs"): an ability whose
  costs include a search of a draw deck, wherever it stands among them, is refused, naming the
  field.
"""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from rulekit import Ability, CardFilter, Game, Instruction, Scenario, ScriptEntry, Target, Timing, Trigger
from rulekit.core.abilities import Posture, Who
from rulekit.core.decisions import DecisionKind
from rulekit.core.errors import ScenarioError
from rulekit.core.events import EventKind, Verb
from rulekit.core.model import Card
from strategies import played

SETTINGS = settings(max_examples=int(os.environ.get("RK_EXAMPLES", 40)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
PLAYERS = ("P1", "P2")
WIN = Trigger(EventKind.WINS_CHALLENGE, player=Who.YOU)
USE = "keep.r@s:win:wins-a-challenge:P1"


def _changes(verb: Verb, card: Card) -> bool:
    """Whether the verb could change the character (RR "Target": a card it could not affect is no target)."""
    return not card.kneeling if verb is Verb.KNEEL else card.kneeling if verb is Verb.STAND else True


def _cancel() -> Ability:
    return Ability("x", Timing.WOULD_INTERRUPT, (Instruction(Verb.CANCEL, Target.THAT_EFFECT),),
                   when=Trigger(EventKind.INITIATES, player=Who.OPPONENT))


def _steps_of(game, what: str, use: str) -> list[int]:
    return [i for i, s in enumerate(game.timeline) if s.what == what and s.args_dict().get("use") == use]


def _choices(game, prefix: str) -> list[tuple[int, object]]:
    """(timeline index, step) of every target or pick decision whose slot begins with ``prefix``."""
    return [(i, s) for i, s in enumerate(game.timeline) if s.decision is not None
            and s.decision.kind is DecisionKind.CHOOSE_TARGET and s.decision.key.at.startswith(prefix)]


# -- targets after "then" --------------------------------------------------------------------------
@st.composite
def then_target_boards(draw):
    pre_verb = draw(st.sampled_from([Verb.KNEEL, Verb.STAND, Verb.KILL]))
    pre = Instruction(pre_verb, draw(st.sampled_from([Target.EACH, Target.CHOSEN])),
                      CardFilter(type="character", controller=Who.OPPONENT))
    post_verb = draw(st.sampled_from([Verb.KNEEL, Verb.STAND, Verb.KILL]))
    posture = draw(st.sampled_from([None, Posture.KNEELING, Posture.STANDING]))
    post = Instruction(post_verb, Target.CHOSEN, CardFilter(type="character", posture=posture), then=True)
    effect = (pre, post) + ((Instruction(Verb.GAIN_POWER, Target.SELF),) if draw(st.booleans()) else ())
    cards = [Card(id="keep", title="Warden's Keep", owner="P1", type="location",
                  abilities=(Ability("r", Timing.FORCED_REACTION, effect, when=WIN),))]
    for p in PLAYERS:
        cards += [Card(id=f"{p.lower()}c{k}", title=f"{p} character {k}", owner=p, kneeling=draw(st.booleans()))
                  for k in range(draw(st.integers(0 if p == "P1" else 1, 3)))]
    if draw(st.booleans()):
        cards.append(Card(id="nay", title="Nay", owner="P2", zone="hand", type="event", abilities=(_cancel(),)))
    if draw(st.booleans()):
        cards.append(Card(id="ward", title="Septry Ward", owner="P2", type="location", abilities=(
            Ability("s", Timing.WOULD_INTERRUPT, (Instruction(Verb.SAVE, Target.THAT_CARD),),
                    when=Trigger(EventKind.KILLED, CardFilter(type="character", controller=Who.YOU))),)))
    return Scenario("then targets", PLAYERS, draw(st.sampled_from(PLAYERS)), tuple(cards),
                    (ScriptEntry(Verb.WIN_CHALLENGE, player="P1", challenge="military", id="win"),), phase="challenges")


def _valid(post: Instruction, state) -> set[str]:
    """The characters the post-then instruction may choose in ``state``, by its text."""
    return {c.id for c in state.cards.values() if c.type == "character" and c.zone == "play area"
            and (post.filter.posture is None or c.kneeling == (post.filter.posture is Posture.KNEELING))
            and _changes(post.do, c)}


@SETTINGS
@given(then_target_boards(), st.data())
def test_a_target_after_then_is_chosen_as_its_part_begins_among_the_cards_valid_then(scenario, data):
    game = played(scenario, data)
    effect = scenario.cards[0].abilities[0].effect
    post = effect[1]
    if game is None or USE not in [s.args_dict().get("use") for s in game.timeline if s.what == "forced"]:
        event("not used")
        return
    after = _choices(game, f"{USE}/effect1")
    initiated = _steps_of(game, "initiates", USE)
    if not initiated:       # cancelled: no target after "then" is ever chosen
        assert any(s.what == "effect-cancelled" for s in game.timeline)
        assert after == []
        event("cancelled")
        return
    # the part before "then" ends where the effect moves on to effect1 (its nested sequence done)
    reached = [i for i, s in enumerate(game.timeline) if s.args_dict().get("use") == USE
               and s.args_dict().get("instruction") == "effect1" and s.what != "target"]
    pre_done = [i for i, s in enumerate(game.timeline) if s.context is not None
                and s.context.id == f"{USE}/effect0"]
    skipped = any(game.timeline[i].what == "then-skipped" for i in reached)
    if skipped or not reached:
        assert after == [], "a target after \"then\" chosen though the part before did not resolve in full"
        event("then skipped")
        return
    for i, s in after:
        assert i > initiated[0], "a target after \"then\" was chosen before the effect initiated"
        assert not pre_done or i > pre_done[-1], "a target after \"then\" was chosen before the part before resolved"
        assert set(s.decision.legal_ids()) == _valid(post, s.decision.state), "not the cards valid when it is chosen"
    start = game.timeline[reached[0]]
    valid_then = _valid(post, start.before)
    failed = [i for i in reached if game.timeline[i].what == "then-no-target"]
    assert bool(failed) == (not valid_then), "the part after \"then\" fails exactly where no target is valid then"
    if failed and len(effect) == 3:
        assert game.state.cards["keep"].power == 0, "a failed part after \"then\" still gained power"
    event("then part failed" if failed else f"then target chosen among {len(valid_then)}")


# -- cards picked from a hand ----------------------------------------------------------------------
@st.composite
def hand_pick_boards(draw):
    picker = draw(st.sampled_from([Target.CHOSEN, Target.EACH_PLAYER, Target.EACH_OPPONENT]))
    discard = Instruction(Verb.DISCARD, picker, CardFilter(zone="hand", owner=Who.YOU), amount=draw(st.integers(1, 2)))
    effect = ((Instruction(Verb.DRAW, Target.YOU, amount=draw(st.integers(1, 2))),) if draw(st.booleans()) else ()) + (discard,)
    event_card = draw(st.booleans())
    cards = [Card(id="keep", title="Bitter Tithe" if event_card else "Tithe Hall", owner="P1",
                  type="event" if event_card else "location", zone="hand" if event_card else "play area",
                  abilities=(Ability("r", Timing.FORCED_REACTION, effect, when=WIN),))]
    for p in PLAYERS:
        cards += [Card(id=f"{p.lower()}h{k}", title=f"{p} hand card {k}", owner=p, zone="hand", type="attachment")
                  for k in range(draw(st.integers(0, 3)))]
        cards += [Card(id=f"{p.lower()}d{k}", title=f"{p} deck card {k}", owner=p, zone="draw deck", type="attachment")
                  for k in range(draw(st.integers(0, 2)))]
    if draw(st.booleans()):
        cards.append(Card(id="nay", title="Nay", owner="P2", zone="hand", type="event", abilities=(_cancel(),)))
    return Scenario("hand picks", PLAYERS, draw(st.sampled_from(PLAYERS)), tuple(cards),
                    (ScriptEntry(Verb.WIN_CHALLENGE, player="P1", challenge="intrigue", id="win"),), phase="challenges")


@SETTINGS
@given(hand_pick_boards(), st.data())
def test_cards_discarded_from_a_hand_are_picked_as_the_instruction_resolves(scenario, data):
    game = played(scenario, data)
    effect = scenario.cards[0].abilities[0].effect
    k = len(effect) - 1
    discard = effect[k]
    if game is None or USE not in [s.args_dict().get("use") for s in game.timeline if s.what == "forced"]:
        event("not used")
        return
    picks = _choices(game, f"{USE}/effect{k}")
    initiated = _steps_of(game, "initiates", USE)
    if not initiated:
        assert picks == [], "cards picked for an effect that was cancelled"
        event("cancelled")
        return
    reached = [i for i, s in enumerate(game.timeline) if s.args_dict().get("use") == USE
               and s.args_dict().get("instruction") == f"effect{k}" and s.what != "target"]
    at = reached[0]
    state = game.timeline[at].before             # the hands as the discard resolves
    first = scenario.players.index(scenario.first_player)
    seats = scenario.players[first:] + scenario.players[:first]
    pickers = [p for p in seats if discard.target is not Target.CHOSEN and (
        discard.target is Target.EACH_PLAYER or p != "P1")] or ["P1"]
    chosen: dict[str, list[str]] = {}
    for i, s in picks:
        assert i > initiated[0], "a card picked from a hand before the effect initiated"
        assert "keep" not in s.decision.legal_ids(), "the event being played was offered from its owner's hand"
        player = s.decision.chooser
        hand = {c.id for c in s.decision.state.cards_in("hand", player)} - set(chosen.get(player, ()))
        assert set(s.decision.legal_ids()) == hand, "not the cards in the picker's hand as the instruction resolves"
        chosen.setdefault(player, []).append(s.answer)
    # as many as there are, up to the number (RR "Effects"), first player first ("Priority of Simultaneous Resolution")
    expected = [(p, n) for p in pickers for n in range(1, min(discard.amount, len(state.cards_in("hand", p))) + 1)]
    assert [(s.decision.chooser, s.decision.key.number) for _, s in picks] == expected
    picked = {c for cs in chosen.values() for c in cs}
    discarded = {c.id for c in game.state.cards.values() if c.zone == "discard pile" and state.cards[c.id].zone == "hand"}
    assert discarded == picked, "exactly the picked cards are discarded"
    event(f"{discard.target.value}: {len(picks)} pick(s)")


# -- a search is never a cost ----------------------------------------------------------------------
_COSTS = [Instruction(Verb.KNEEL, Target.SELF), Instruction(Verb.PAY, Target.YOU, amount=1, resource="gold"),
          Instruction(Verb.DISCARD, Target.CHOSEN, CardFilter(zone="hand", owner=Who.YOU))]


@st.composite
def searching_costs(draw):
    others = draw(st.lists(st.sampled_from(_COSTS), max_size=2, unique=True))
    into_play = draw(st.booleans())     # "… put it into play", or "… add it to your hand"
    search = Instruction(Verb.PUT_INTO_PLAY if into_play else Verb.MOVE, Target.CHOSEN,
                         CardFilter(zone="draw deck", owner=draw(st.sampled_from([Who.YOU, Who.ANY])),
                                    trait=draw(st.sampled_from([None, "Knight"]))),
                         to=None if into_play else "hand")
    at = draw(st.integers(0, len(others)))
    return tuple(others[:at]) + (search,) + tuple(others[at:]), at


@SETTINGS
@given(searching_costs())
def test_an_ability_whose_cost_searches_a_deck_is_refused_naming_the_field(costs_at):
    costs, at = costs_at
    ability = Ability("r", Timing.REACTION, (Instruction(Verb.GAIN_POWER, Target.SELF),),
                      when=Trigger(EventKind.KILLED), cost=costs)
    cards = (Card(id="hall", title="Hall", owner="P1", type="location", abilities=(ability,)),
             Card(id="c", title="Steward", owner="P2"),
             Card(id="k", title="Deck Knight", owner="P1", zone="draw deck", traits=("Knight",)))
    with pytest.raises(ScenarioError) as raised:
        Game.start(Scenario("search cost", PLAYERS, "P1", cards, (ScriptEntry(Verb.KILL, cards=("c",), id="k"),)))
    assert f"cost[{at}].filter.zone" in str(raised.value) and "a cost does not search" in str(raised.value)
