"""Initiating and resolving an ability: costs, targets, effects, nested sequences."""
from __future__ import annotations

from boards import ScenarioBuilder, cards, condition, deck, draw, kneel, killed, on, reaction
from helpers import answer_all
from shipped_agot import play
from rulekit import DecisionKind, Game


def _board(*abilities, extra=()):
    b = ScenarioBuilder("resolution", players=["P1", "P2"])
    deck(b, "P1")
    deck(b, "P2")
    b.card("v", "Victim", owner="P2")
    b.card("a", "Actor", owner="P1", abilities=list(abilities))
    b.card("o1", "Opponent's Knight", owner="P2")
    b.card("o2", "Opponent's Squire", owner="P2")
    for card in extra:
        b.card(*card[:2], **card[2])
    return b.kill("v", id="k")


def test_cost_is_paid_then_targets_chosen_then_the_effect_initiates():
    ability = reaction("r", killed(), [kneel("chosen", cards(type="character", controller="opponent"))],
                       cost=[kneel()])
    game = Game.start(_board(ability).build())
    game = game.answer("a.r@s:k:killed:v")
    assert game.decision.kind is DecisionKind.CHOOSE_TARGET
    assert game.decision.key.at == "a.r@s:k:killed:v/effect0"
    assert game.decision.legal_ids() == ("o1", "o2")
    assert game.state.cards["a"].kneeling                         # the cost was paid first
    game = answer_all(game.answer("o2"), lambda d: d.default)
    whats = [s.what for s in game.timeline if s.args_dict().get("use") == "a.r@s:k:killed:v"]
    assert whats[:5] == ["use", "instruction", "cost-paid", "target", "initiation"]
    assert "initiates" in whats[5:]                                # after the initiation's own sequence
    assert game.state.cards["o2"].kneeling and not game.state.cards["o1"].kneeling


def test_reactions_to_a_cost_resolve_before_the_effect():
    watcher = ("w", "Watcher", {"owner": "P2", "abilities": [reaction("r", on("kneels", which="other"), [draw(1)])]})
    ability = reaction("r", killed(), [draw(1)], cost=[kneel()])
    game = Game.start(_board(ability, extra=[watcher]).build())
    game = game.answer("a.r@s:k:killed:v")
    # the kneel paid as a cost has occurred; its reaction window comes before the draw
    assert game.decision.key.at == "a.r@s:k:killed:v/cost:reaction"
    assert len(game.state.cards_in("hand", "P1")) == 0
    game = answer_all(game.answer("w.r@a.r@s:k:killed:v/cost0:kneels:a"), lambda d: d.default)
    assert len(game.state.cards_in("hand", "P1")) == 1 and len(game.state.cards_in("hand", "P2")) == 1


def test_a_condition_inside_the_effect_is_checked_when_it_executes():
    small_hand = [condition(cards(zone="hand", owner="you"), at_most=0)]
    ability = reaction("r", killed(), [draw(1), draw(1, condition=small_hand)])
    game = answer_all(Game.start(_board(ability).build()).answer("a.r@s:k:killed:v"), lambda d: d.default)
    # the first draw put a card in hand, so the second draw's condition was false when it executed
    assert len(game.state.cards_in("hand", "P1")) == 1
    skipped = [s for s in game.timeline if s.what == "condition-false"]
    assert len(skipped) == 1 and "needs at most 0" in skipped[0].describe()


def test_each_chosen_target_goes_to_its_own_instruction():
    # The first instruction's only target (the actor itself) is knelt by the cost, so when
    # targets are chosen it has none; the choice asked for belongs to the second instruction.
    ability = reaction("r", killed(), [kneel("chosen", cards(type="character", controller="you")),
                                       kneel("chosen", cards(type="character", controller="opponent"))],
                       cost=[kneel()])
    game = Game.start(_board(ability).build()).answer("a.r@s:k:killed:v")
    assert game.decision.key.at == "a.r@s:k:killed:v/effect1"
    game = answer_all(game.answer("o2"), lambda d: d.default)
    assert game.state.cards["o2"].kneeling and not game.state.cards["o1"].kneeling
    assert [s.what for s in game.timeline if s.args_dict().get("instruction") == "effect0"] == ["nothing"]


def test_the_reactions_to_what_an_effect_made_occur_share_one_window_after_it_resolves():
    watcher = ("w", "Watcher", {"owner": "P2", "abilities": [reaction("r", on("kneels"), [draw(1)])]})
    ability = reaction("r", killed(), [kneel("each", cards(type="character", controller="opponent"))])
    game = Game.start(_board(ability, extra=[watcher]).build()).answer("a.r@s:k:killed:v")
    # both kneels (two instructions' worth of conditions would be two sequences; here one
    # instruction kneels two cards: one occurrence) occurred; one shared reaction window
    assert game.decision.key.at == "a.r@s:k:killed:v/effect:reaction"
    assert set(game.decision.legal_ids()) == {"pass", "w.r@a.r@s:k:killed:v/effect0:kneels:o1",
                                             "w.r@a.r@s:k:killed:v/effect0:kneels:o2",
                                             "w.r@a.r@s:k:killed:v/effect0:kneels:w"}


# -- on shipped scenarios ---------------------------------------------------------------------------
def test_a_sacrifice_cost_opens_a_nested_sequence_before_the_effect():
    game = play("sacrifice-cost-opens-a-nested-sequence")
    whats = [s.what for s in game.timeline]
    sacrificed = next(i for i, s in enumerate(game.timeline) if s.what == "occurs"
                      and s.args_dict()["occurred"] == ("priest.r@s:kill:killed:c3/cost0:sacrificed:priest",))
    initiates = whats.index("initiates")
    assert sacrificed < initiates


def test_each_player_chooses_first_player_first_and_the_effect_resolves_for_all_at_once():
    game = play("each-player-chooses")
    choices = [(s.decision.chooser, s.answer) for s in game.timeline if s.what == "target"]
    assert choices == [("P2", "b1"), ("P1", "a2")]
    occurs = [s for s in game.timeline if s.what == "occurs" and s.context.id == "horn.r@s:kill:killed:c3/effect0"]
    assert occurs[0].args_dict()["occurred"] == ("horn.r@s:kill:killed:c3/effect0:kneels:b1",
                                                 "horn.r@s:kill:killed:c3/effect0:kneels:a2")
