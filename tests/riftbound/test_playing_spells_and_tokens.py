"""Playing a spell with priority is playing a card, and a token an effect plays is played (rules
``rb.play-spell``, ``rb.tokens``, ``rb.keywords``; Core Rules 350.1, 350.2, 419.4.a, 359.3.e.10,
182.1.a, 182, 052, 727.1, 812.1.b.1, 812.1.c).

The property, over generated boards: whatever a player plays — spells with priority (Action or
Reaction, on their turn or in response), units and gears from hand, tokens an effect plays — every
"When you play a …" watcher of a matching kind triggers once per play, a spell's play being seen
as it resolves and not before; a token is a unit but no card; "When you play your second card"
counts cards; and a Legion text is active exactly when its controller has played (or, for a spell,
finalized) another card this turn. What was played is read from the board, step by step (a spell
reaching the trash from the Chain, a card leaving the hand for the board, a new token), not from
the engine's events."""
from __future__ import annotations

import os

from hypothesis import HealthCheck, event, given, settings, strategies as st

from strategies import play
from rulekit import Code, Game, explain
from rulekit.core import ids
from rulekit.core.abilities import Ability, CardFilter, Instruction, Target, Timing, Token, Trigger, Which, Who
from rulekit.core.events import EventKind, Verb
from rulekit.core.model import Card
from rulekit.core.scenario import Scenario, ScriptEntry
from rulekit.rulesets.riftbound.cards import RiftboundCard

SETTINGS = settings(max_examples=int(os.environ.get("RK_EXAMPLES", 40)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

PLAYS = Verb.PLAY
_RECRUIT = Token(title="Recruit", might=1, traits=("Recruit",))
_TOKEN = Instruction(Verb.CREATE, Target.SELF, token=_RECRUIT, to="base")     # "Play a 1 Might Recruit unit token."
_DRAW = Instruction(Verb.DRAW, Target.YOU)
_MIGHT = Instruction(Verb.GIVE_MIGHT, Target.SELF, amount=1, this_turn=True)

#: the watchers: "When you play a spell / a unit / a gear / a card / another card", "When an opponent
#: plays a card", "When you play your second card each turn", "[Legion] When you play a unit"
WATCHERS = {
    "spell": Trigger(EventKind.PLAYED, CardFilter(type="spell"), Who.YOU),
    "unit": Trigger(EventKind.PLAYED, CardFilter(type="unit"), Who.YOU),
    "gear": Trigger(EventKind.PLAYED, CardFilter(type="gear"), Who.YOU),
    "card": Trigger(EventKind.PLAYED, None, Who.YOU),
    "another": Trigger(EventKind.PLAYED, CardFilter(which=Which.OTHER), Who.YOU),
    "theirs": Trigger(EventKind.PLAYED, None, Who.OPPONENT),
    "second": Trigger(EventKind.PLAYED, None, Who.YOU, nth=2),
    "legion": Trigger(EventKind.PLAYED, CardFilter(type="unit"), Who.YOU),
}


@st.composite
def playing_boards(draw):
    """P1's turn: watchers on both sides, spells in both hands (P1's Action or Reaction, P2's
    Reaction: P2 plays only in response), units and gears in P1's hand for the script to play, and
    perhaps a P1 gear whose ability plays a token with no card played."""
    players = ("P1", "P2")
    cards = []
    names = draw(st.lists(st.sampled_from(sorted(set(WATCHERS) - {"legion"})), min_size=1, max_size=4, unique=True))
    for name in names + (["legion"] if draw(st.booleans()) else []):
        owner = "P1" if name == "legion" else draw(st.sampled_from(players))     # P1 plays tokens with no card
        cards.append(Card(id=f"w-{name}-{owner.lower()}", title=f"{owner} {name} watcher", owner=owner, type="unit",
                          zone="base", extension=RiftboundCard(might=2),
                          abilities=(Ability(id="w", timing=Timing.TRIGGERED, when=WATCHERS[name], effect=(_MIGHT,),
                                             legion=name == "legion"),)))
    for p, most in (("P1", 3), ("P2", 2)):
        for k in range(draw(st.integers(0, most))):
            timing = draw(st.sampled_from([Timing.ACTION, Timing.PRIORITY])) if p == "P1" else Timing.PRIORITY
            cards.append(Card(id=f"{p.lower()}s{k}", title=f"{p} spell {k}", owner=p, type="spell", zone="hand",
                              abilities=(Ability(id="x", timing=timing,
                                                 effect=(draw(st.sampled_from([_DRAW, _TOKEN])),)),)))
        for k in range(draw(st.integers(0, 2))):
            cards.append(Card(id=f"{p.lower()}m{k}", title=f"{p} deck {k}", owner=p, type="unit", zone="main deck"))
    if draw(st.integers(0, 2)):     # "[E]: [Action] Play a 1 Might Recruit unit token." — no card is played
        cards.append(Card(id="post", title="Recruiting Post", owner="P1", type="gear", zone="base",
                          abilities=(Ability(id="t", timing=Timing.ACTION, cost=(Instruction(Verb.EXHAUST, Target.SELF),),
                                             effect=(_TOKEN,)),)))
    in_hand = []
    for k in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["unit", "gear"]))
        cards.append(Card(id=f"h{k}", title=f"P1 {kind} {k}", owner="P1", type=kind, zone="hand",
                          extension=RiftboundCard(might=1)))
        in_hand.append(f"h{k}")
    script = [ScriptEntry(PLAYS, (c,)) for c in in_hand]
    script.insert(draw(st.integers(0, len(script))), ScriptEntry(Verb.BEGIN_PHASE, phase="main"))
    return Scenario("generated plays", players, "P1", tuple(cards), tuple(script), ruleset="riftbound")


def _plays(game) -> list[tuple[int, str, str, str, bool]]:
    """What was played, read from the board step by step: (step, card id, type, player, token) — a
    spell that went from the Chain to the trash (its owner played it: nothing here changes its
    control), a card that left its owner's hand for the board, a token that appeared (played by its
    owner, 182.1.a)."""
    out = []
    for step in game.timeline[1:]:
        before, after = step.before, step.state
        for cid in after.order:
            now = after.cards[cid]
            was = before.cards.get(cid)
            if was is None:
                assert ids.is_token(cid)
                out.append((step.number, cid, now.type, now.owner, True))
            elif was.zone == "chain" and now.zone == "trash" and now.type == "spell":
                out.append((step.number, cid, "spell", now.owner, False))
            elif was.zone == "hand" and now.zone in after.rules.in_play:
                out.append((step.number, cid, now.type, now.owner, False))
    return out


def _finalized(game) -> list[tuple[int, str]]:
    """(step, player) for each spell finalized on the Chain (812.1.c)."""
    out = []
    for step in game.timeline:
        if step.what == "rb-finalized":
            use = ids.parse_use(step.args_dict()["item"])
            card = step.state.cards.get(ids.card_id(use.obj))
            if card is not None and card.type == "spell":
                out.append((step.number, card.owner))
    return out


def _expected(name: str, watcher_owner: str, plays, finalized) -> int:
    mine = [p for p in plays if p[3] == watcher_owner]
    cards = [p for p in mine if not p[4]]
    if name in ("spell", "unit", "gear"):
        return sum(1 for p in mine if p[2] == name)
    if name in ("card", "another"):
        return len(cards)
    if name == "theirs":
        return sum(1 for p in plays if p[3] != watcher_owner and not p[4])
    if name == "second":
        return 1 if len(cards) >= 2 else 0
    assert name == "legion"     # a unit card is another card itself; a token needs a card played (or finalized) before
    return sum(1 for p in mine if p[2] == "unit" and (not p[4] or any(
        c[0] < p[0] for c in cards) or any(f[0] < p[0] and f[1] == watcher_owner for f in finalized)))


@SETTINGS
@given(playing_boards(), st.data())
def test_every_play_watcher_of_a_matching_kind_triggers_once_per_play_and_legion_counts_cards(scenario, data):
    game = play(Game.start(scenario), data)
    plays, finalized = _plays(game), _finalized(game)
    triggered: dict[str, int] = {}
    for step in game.timeline:
        if step.what != "rb-triggers":
            continue
        events = {tc.id: tc for tc in step.parent.control[-1].events}
        for v in step.verdicts:
            if v.code is not Code.TRIGGERS or not v.card.startswith("w-"):
                continue
            triggered[v.card] = triggered.get(v.card, 0) + 1
            played = events[v.condition].card
            if played is not None and played.type == "spell":
                # a spell's play is seen once it has resolved, with the play completed (419.4.a)
                assert played.zone == "chain" and step.args_dict()["group"].endswith("/played")
            assert v in explain(step, v.card, v.ability).verdicts
    for card in scenario.cards:
        if card.id.startswith("w-"):
            name = card.id.split("-")[1]
            assert triggered.get(card.id, 0) == _expected(name, card.owner, plays, finalized), (card.id, plays)
    event(f"{sum(1 for p in plays if p[2] == 'spell')} spell(s) played")
    if any(p[4] for p in plays):
        event("a token played")
    first_card = min((p[0] for p in plays if not p[4] and p[3] == "P1"), default=None)
    first_spell = min((f[0] for f in finalized if f[1] == "P1"), default=None)
    if any(p[4] and p[3] == "P1" and all(t is None or t > p[0] for t in (first_card, first_spell)) for p in plays):
        event("P1 played a token before any card")


# -- the same from the builder, with explain and the trace's words ---------------------------------
def _spell_board():
    from rulekit.files.builder import ScenarioBuilder, ability, do, draw, play_token, played, triggered
    b = ScenarioBuilder("a spell and its token", players=["P1", "P2"], ruleset="riftbound")
    b.card("p1m0", "P1 card 0", owner="P1", zone="main deck", type="unit")
    b.card("adept", "Emberglass Adept", owner="P1", zone="base", type="unit", might=2, abilities=[
        triggered("d", played(type="spell", player="you"), [draw()], text="When you play a spell, draw 1.")])
    b.card("drill", "Drillmaster Orsa", owner="P1", zone="base", type="unit", might=2, abilities=[
        triggered("u", played(type="unit", player="you"), [do("give might", "self")],
                  text="When you play a unit, give me +1 Might."),
        triggered("c", played(player="you"), [do("give might", "self")], text="When you play a card, give me +1 Might.")])
    b.card("call", "Call to Muster", owner="P1", zone="hand", type="spell", abilities=[
        ability("x", "action", None, [play_token("Recruit", 1, traits=["Recruit"])],
                text="Action — Play a 1 Might Recruit unit token.")])
    b.card("raider", "Dune Raider", owner="P2", zone="battlefield", type="unit", might=2)
    return b.begin_phase("main", id="main").build()


def test_the_builder_plays_a_spell_whose_play_is_seen_as_it_resolves_and_its_token_is_no_card():
    from rulekit.core.decisions import AnswerKey, DecisionKind
    from rulekit.core.text import describe
    scenario = _spell_board()
    game = Game.start(scenario, {AnswerKey(DecisionKind.ACT_OR_PASS, "open:s:main", "P1", 1): "call.x"},
                      play_defaults=True)
    token = game.state.cards["token-recruit-1"]
    assert (token.zone, token.owner, token.kneeling) == ("base", "P1", True)
    assert game.state.cards["call"].zone == "trash" and game.state.cards["p1m0"].zone == "hand"
    # the token is played as the spell resolves: a unit, but no card
    made = next(s for s in game.timeline if s.what == "rb-triggers"
                and s.args_dict()["group"] == "call.x@open:s:main#0/effect0")
    assert explain(made, "drill", "u").verdicts[0].code is Code.TRIGGERS
    no_card = explain(made, "drill", "c").verdicts[0]
    assert no_card.code is Code.NO_MATCH and "token, not a card" in no_card.detail
    # then the spell's play is complete: "When you play a spell" and "a card" trigger, not "a unit"
    done = next(s for s in game.timeline if s.what == "rb-occurs" and s.rule == "rb.play-spell")
    said = describe(done.what, done.args, done.state)
    assert "its play is complete, played by P1" in said and "Call to Muster (call@1) is played" in said
    seen = next(s for s in game.timeline if s.what == "rb-triggers"
                and s.args_dict()["group"] == "call.x@open:s:main#0/played")
    assert {v.card + "." + v.ability: v.code for v in seen.verdicts} == {
        "adept.d": Code.TRIGGERS, "drill.u": Code.NO_MATCH, "drill.c": Code.TRIGGERS}
    assert game.state.cards["drill"].might == 4      # +1 for the token (a unit), +1 for the spell (a card)
    from rulekit.core.rules import RULES
    assert "350.1" in RULES["rb.play-spell"].source and "182.1.a" in RULES["rb.tokens"].source


def test_a_spell_whose_only_target_is_gone_does_nothing_but_is_still_played():
    """Core Rules 359.3.e.10 and its example: a spell whose every instruction lost its target has no
    effect, but is still played, and "When you play a spell" triggers as it resolves."""
    from rulekit.core.decisions import AnswerKey, DecisionKind
    from rulekit.files.builder import ScenarioBuilder, ability, cards, do, played, triggered
    b = ScenarioBuilder("a spell with no target left", players=["P1", "P2"], ruleset="riftbound")
    b.card("adept", "Emberglass Adept", owner="P1", zone="base", type="unit", might=2, abilities=[
        triggered("s", played(type="spell", player="you"), [do("give might", "self")],
                  text="When you play a spell, give me +1 Might.")])
    b.card("jab", "Cinder Jab", owner="P1", zone="hand", type="spell", abilities=[
        ability("x", "action", None, [do("kill", "chosen", cards(type="unit", controller="opponent"))],
                text="Action — Kill an enemy unit.")])
    b.card("flee", "Sudden Retreat", owner="P2", zone="hand", type="spell", abilities=[
        ability("x", "priority", None, [do("return to hand", "chosen", cards(type="unit", controller="you"))],
                text="Reaction — Return a friendly unit to its owner's hand.")])
    b.card("raider", "Dune Raider", owner="P2", zone="battlefield", type="unit", might=2)
    game = Game.start(b.begin_phase("main", id="main").build(),
                      {AnswerKey(DecisionKind.ACT_OR_PASS, "open:s:main", "P1", 1): "jab.x",
                       AnswerKey(DecisionKind.ACT_OR_PASS, "chain:open:s:main#0", "P2", 2): "flee.x"},
                      play_defaults=True)
    assert game.state.cards["raider"].zone == "hand" and game.state.cards["jab"].zone == "trash"
    assert any(s.what == "rb-nothing" and s.args_dict()["item"] == "jab.x@open:s:main#0" for s in game.timeline)
    seen = next(s for s in game.timeline if s.what == "rb-triggers"
                and s.args_dict()["group"] == "jab.x@open:s:main#0/played")
    assert [v.code for v in seen.verdicts if v.card == "adept"] == [Code.TRIGGERS]
    assert game.state.cards["adept"].might == 3
