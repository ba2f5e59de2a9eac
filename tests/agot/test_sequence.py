"""One test per step of the A Game of Thrones triggering-condition sequence, named after it."""
from __future__ import annotations

from boards import (ScenarioBuilder, cards, claim2, deck, draw, forced_interrupt, forced_reaction, gain_power, interrupt,
                    kill, killed, on, reaction, would_interrupt)
from helpers import answer_all, steps_where, use_first, window_ids
from shipped_agot import play
from rulekit import PASS, Code, DecisionKind, Game, SeqStep
from rulekit.files.expect import uses_of


def _kill_board(*abilities_by_card, players=("P1", "P2")):
    b = ScenarioBuilder("board", players=players)
    for p in players:
        deck(b, p)
    b.card("v", "Victim", owner="P2")
    for card_id, owner, abilities in abilities_by_card:
        b.card(card_id, f"Card {card_id}", owner=owner, abilities=abilities)
    return b.kill("v", id="k")


def test_step_1_the_triggering_condition_becomes_imminent():
    game = Game.start(claim2().build(), play_defaults=True)
    first = steps_where(game, "imminent")[0]
    assert first.rule == "agot.tc.1"
    assert first.args_dict()["conditions"] == ("s:claim:killed:c3", "s:claim:killed:c4")
    # imminent: nothing has happened yet
    assert first.state.cards["c3"].zone == "play area"


def test_step_2_would_interrupts_come_before_forced_and_plain_interrupts():
    b = _kill_board(("w", "P1", [would_interrupt("w1", killed(), [draw(1)])]),
                    ("f", "P2", [forced_interrupt("f1", killed(), [draw(1)])]),
                    ("i", "P1", [interrupt("i1", killed(), [draw(1)])]))
    game = Game.start(b.build())
    assert game.decision.key.at == "s:k:would"
    assert [o.id for o in game.decision.options] == [PASS, "w.w1@s:k:killed:v"]
    game = game.answer("w.w1@s:k:killed:v")
    game = answer_all(game, lambda d: d.default)
    order = [s.args_dict()["use"] for s in game.timeline if s.what in ("use", "forced")]
    assert order == ["w.w1@s:k:killed:v", "f.f1@s:k:killed:v"]   # i1 offered, passed by default
    rules = [s.rule for s in game.timeline if s.context and s.context.id == "s:k"]
    assert rules.index("agot.tc.2") < rules.index("agot.tc.3") < rules.index("agot.tc.4") < rules.index("agot.tc.5")


def test_step_3_forced_interrupts_resolve_in_the_order_the_first_player_chooses():
    b = _kill_board(("a", "P1", [forced_interrupt("f", killed(), [draw(1)])]),
                    ("b", "P2", [forced_interrupt("f", killed(), [draw(1, "opponent")])]))
    game = Game.start(b.build())
    d = game.decision
    assert d.kind is DecisionKind.ORDER_FORCED and d.chooser == "P1"          # first player, whoever controls them
    assert d.legal_ids() == ("a.f@s:k:killed:v", "b.f@s:k:killed:v")
    game = game.answer("b.f@s:k:killed:v")                                     # P2's forced interrupt first
    assert game.decision is None or game.decision.kind is not DecisionKind.ORDER_FORCED   # one left: no choice
    game = answer_all(game, lambda d: d.default)
    forced = [s.args_dict()["use"] for s in game.timeline if s.what == "forced"]
    assert forced == ["b.f@s:k:killed:v", "a.f@s:k:killed:v"]
    assert all(s.rule in ("agot.tc.3", "agot.forced.order") for s in game.timeline if s.what == "forced")


def test_step_3_forced_interrupt_is_not_optional_and_resolves_before_the_interrupt_window():
    b = _kill_board(("a", "P1", [forced_interrupt("f", killed(), [draw(1)]), interrupt("i", killed(), [draw(1)])]))
    game = Game.start(b.build(), play_defaults=True)
    whats = [(s.what, s.rule) for s in game.timeline]
    assert ("forced", "agot.tc.3") in whats
    assert whats.index(("forced", "agot.tc.3")) < whats.index(("window-opens", "agot.window.open"))


def test_step_4_the_interrupt_window_closes_after_all_players_consecutively_pass():
    b = _kill_board(("i", "P2", [interrupt("i1", killed(), [draw(1)])]))
    game = Game.start(b.build())
    assert game.decision.key.at == "s:k:interrupt" and game.decision.chooser == "P2"
    game = game.answer(PASS)
    closes = [s for s in game.timeline if s.what == "window-closes"]
    assert closes[0].rule == "agot.tc.4"
    assert closes[0].parent.control[-1].window.passes == 2


def test_step_5_the_triggering_condition_occurs():
    game = Game.start(claim2().build(), play_defaults=True)
    occurs = [s for s in game.timeline if s.what == "occurs" and s.context.id == "s:claim"][0]
    assert occurs.rule == "agot.tc.5"
    assert occurs.before.cards["c3"].zone == "play area"
    assert occurs.state.cards["c3"].zone == "dead pile" and occurs.state.cards["c4"].zone == "dead pile"
    assert occurs.state.cards["c3"].obj == "c3@1"            # it is a new object now


def test_step_5_a_condition_pre_empted_by_an_interrupt_does_not_occur_and_gets_no_reactions():
    # P1's interrupt kneels... no: it kills the victim first, so the imminent "kneel" is pre-empted.
    b = ScenarioBuilder("pre-empted", players=["P1", "P2"])
    b.card("v", "Victim", owner="P2")
    b.card("a", "Assassin", owner="P1", abilities=[
        interrupt("i", on("kneels", type="character"), [kill("that card")])])
    b.card("r", "Watcher", owner="P1", abilities=[reaction("r", on("kneels"), [gain_power(1)])])
    b.kneel("v", id="kn")
    game = Game.start(b.build())
    game = game.answer("a.i@s:kn:kneels:v")
    game = answer_all(game, lambda d: d.default)
    occurs = [s for s in game.timeline if s.what == "occurs" and s.context.id == "s:kn"][0]
    assert occurs.args_dict()["occurred"] == ()
    assert occurs.args_dict()["preempted"][0][0] == "s:kn:kneels:v"
    assert not any(s.what == "use" and s.args_dict()["use"].startswith("r.") for s in game.timeline)
    assert game.state.cards["v"].zone == "dead pile"


def test_step_6_forced_reactions_resolve_before_the_reaction_window():
    b = _kill_board(("a", "P1", [forced_reaction("f", killed(), [draw(1)]), reaction("r", killed(), [draw(1)])]),
                    ("b", "P2", [forced_reaction("f", killed(), [draw(1)])]))
    game = Game.start(b.build())
    assert game.decision.kind is DecisionKind.ORDER_FORCED and game.decision.key.at == "s:k:forced_reactions"
    game = answer_all(game, lambda d: d.default)
    whats = [(s.what, s.rule, s.args_dict().get("use")) for s in game.timeline if s.context and s.context.id == "s:k"]
    forced = [w for w in whats if w[0] == "forced"]
    assert [w[2] for w in forced] == ["a.f@s:k:killed:v", "b.f@s:k:killed:v"]   # default: listing order
    opens = whats.index(("window-opens", "agot.window.open", None))
    assert all(whats.index(f) < opens for f in forced)


def test_step_7_the_reaction_window_offers_reactions_after_the_condition_occurred():
    b = _kill_board(("a", "P1", [reaction("r", killed(), [draw(1)])]))
    game = Game.start(b.build())
    assert game.decision.key.at == "s:k:reaction"
    assert game.state.cards["v"].zone == "dead pile"
    game = game.answer("a.r@s:k:killed:v")
    game = answer_all(game, lambda d: d.default)
    assert len(game.state.cards_in("hand", "P1")) == 1
    assert [s for s in game.timeline if s.what == "window-closes"][-1].rule == "agot.tc.7"


def test_claim_2_kill_goes_through_steps_1_to_7_with_one_shared_interrupt_and_reaction_window():
    game = Game.start(claim2().build())
    game = answer_all(game, use_first)
    outer = [s for s in game.timeline if s.context is not None and s.context.id == "s:claim"]
    assert [SeqStep[s.context.step.name].number for s in outer][0] == 1
    numbers = sorted({s.context.step.number for s in outer})
    assert numbers == [1, 2, 3, 4, 5, 6, 7]
    assert {w for w in window_ids(game) if w.startswith("s:claim:")} == {"s:claim:interrupt", "s:claim:reaction"}
    used = [s.args_dict()["use"] for s in game.timeline if s.what == "use"]
    # Orwyn interrupts for each of his characters, Raven reacts to each kill: used twice each.
    assert used == ["c7.i1@s:claim:killed:c3", "c7.i1@s:claim:killed:c4",
                    "c6.r1@s:claim:killed:c3", "c6.r1@s:claim:killed:c4"]
    assert len(game.state.cards_in("hand", "P1")) == 2 and len(game.state.cards_in("hand", "P2")) == 2


def test_a_reaction_cannot_be_used_twice_for_the_same_triggering_condition():
    game = Game.start(claim2().build())
    game = answer_all(game, use_first)
    last_reaction = [s for s in game.timeline if s.what in ("pass",) and s.context and s.context.id == "s:claim"][-1]
    codes = {(v.card, v.condition): v.code for v in last_reaction.verdicts}
    assert codes[("c6", "s:claim:killed:c3")] is Code.ALREADY_USED
    assert codes[("c6", "s:claim:killed:c4")] is Code.ALREADY_USED


def test_one_or_more_wording_triggers_once_per_occurrence():
    b = claim2()
    b.card("c8", "Grieving Widow", owner="P1", abilities=[
        reaction("r", on("killed", type="character", one_or_more=True), [gain_power(1)])])
    game = answer_all(Game.start(b.build()), lambda d: "c8.r@s:claim" if "c8.r@s:claim" in d.legal_ids() else d.default)
    uses = [s.args_dict()["use"] for s in game.timeline if s.what == "use"]
    assert uses == ["c8.r@s:claim"]
    assert game.state.cards["c8"].power == 1


def test_three_players_a_player_who_passed_gets_the_opportunity_again_after_another_acts():
    b = ScenarioBuilder("three players", players=["P1", "P2", "P3"], first_player="P1")
    for p in ("P1", "P2", "P3"):
        deck(b, p)
    b.card("v", "Victim", owner="P3")
    for p in ("P1", "P2", "P3"):
        b.card(f"{p.lower()}a", f"{p}'s Raven", owner=p, abilities=[reaction("r", killed(), [draw(1)]),
                                                                     reaction("s", killed(), [draw(1)])])
    game = Game.start(b.kill("v", id="k").build())
    seen = []
    # P1 passes, P2 acts, then P3, P1 (again, though they passed) and P2 must all pass before it closes.
    script = {1: PASS, 2: "p2a.r@s:k:killed:v"}
    while game.decision:
        d = game.decision
        seen.append((d.key.number, d.chooser))
        game = game.answer(script.get(d.key.number, PASS))
    assert seen == [(1, "P1"), (2, "P2"), (3, "P3"), (4, "P1"), (5, "P2")]   # counted from #1
    reaction_window = [s for s in game.timeline if s.context and s.context.id == "s:k" and s.context.step is SeqStep.REACTION_WINDOW]
    closing = [s for s in reaction_window if s.what == "window-closes"][0]
    assert closing.parent.control[-1].window.passes == 3
    passes = [(s.args_dict()["player"], s.args_dict()["passes"]) for s in reaction_window if s.what == "pass"]
    assert passes[-3:] == [("P3", 1), ("P1", 2), ("P2", 3)]


def test_nesting_a_reaction_that_kills_runs_the_new_sequence_before_the_outer_window_continues():
    b = ScenarioBuilder("nesting", players=["P1", "P2"])
    deck(b, "P1")
    deck(b, "P2")
    b.card("v", "Victim", owner="P2")
    b.card("w", "Second Victim", owner="P2")
    b.card("a", "Avenger", owner="P1", abilities=[
        reaction("r", killed(which="other"), [kill("chosen", cards(type="character", controller="opponent"))])])
    b.card("l", "Listener", owner="P2", abilities=[
        interrupt("i", killed(), [draw(1)]), reaction("r", killed(), [draw(1)])])
    game = Game.start(b.kill("v", id="k").build())
    # P1 (first player) has no interrupt; P2 may interrupt the kill of v: pass.
    game = game.answer(PASS)
    assert game.decision.key.at == "s:k:reaction" and game.decision.chooser == "P1"
    game = game.answer("a.r@s:k:killed:v")
    # choose the target, then the nested kill's interrupt window is offered at once (depth 2)
    assert game.decision.kind is DecisionKind.CHOOSE_TARGET
    game = game.answer("w")
    assert game.decision.key.at == "a.r@s:k:killed:v/effect0:interrupt"
    assert game.last_step.depth == 2
    game = game.answer(PASS)
    # the nested kill's reactions open after the effect resolved, still above the outer window
    assert game.decision.key.at == "a.r@s:k:killed:v/effect:reaction"
    assert game.state.cards["w"].zone == "dead pile"
    depth_reaction = game.last_step.depth
    game = game.answer(PASS)
    game = answer_all(game, lambda d: d.default)
    # last in, first out: the outer reaction window continues only after the nested one closed
    closes = [s.parent.control[-1].window.id for s in game.timeline if s.what == "window-closes"]
    assert closes.index("a.r@s:k:killed:v/effect:reaction") < closes.index("s:k:reaction")
    assert depth_reaction == 2


def test_an_ability_whose_card_left_play_in_the_same_kill_is_not_offered_reactions():
    b = ScenarioBuilder("dying watcher", players=["P1", "P2"])
    deck(b, "P2")
    b.card("v", "Victim", owner="P2")
    b.card("raven", "Raven", owner="P2", abilities=[reaction("r", killed(which="other"), [draw(1)])])
    game = Game.start(b.kill("v", "raven", id="k").build(), play_defaults=True)
    window = [s for s in game.timeline if s.what == "window-empty" and s.context.step is SeqStep.REACTION_WINDOW][0]
    assert {v.code for v in window.verdicts if v.card.startswith("raven")} == {Code.NOT_ACTIVE}


# -- on shipped scenarios ---------------------------------------------------------------------------
def test_forced_interrupts_are_ordered_by_the_first_player_whoever_controls_them():
    game = play("forced-interrupts-ordered-by-the-first-player")
    first = next(s for s in game.timeline if s.decision is not None)
    assert first.decision.chooser == "P2" and first.answer == "a.f@s:kill:killed:c3"
    assert uses_of(game) == ("a.f@s:kill:killed:c3", "b.f@s:kill:killed:c3")


def test_delayed_effects_resolve_before_the_reactions_to_their_timing_point():
    game = play("delayed-effect-before-reactions")
    whats = [(s.what, s.context.id if s.context else None) for s in game.timeline]
    delayed = whats.index(("delayed", "s:end"))
    opens = whats.index(("window-opens", "s:end"))
    assert delayed < opens
    assert game.state.delayed == ()          # it resolved once


def test_a_delayed_effect_does_not_initiate_again():
    """Rules Reference, "Delayed Effects": a delayed effect is not a new triggered ability when it
    resolves, so it has no initiation and no cancel is ever offered against it."""
    game = play("delayed-effect-does-not-initiate")
    delayed = "oath.r@s:win:wins-a-challenge:P1/effect0"
    assert [s.args_dict()["use"] for s in game.timeline if s.what == "initiation"] == ["oath.r@s:win:wins-a-challenge:P1"]
    assert not any(s.decision is not None and any(o.startswith("vow.x@" + delayed) for o in s.decision.legal_ids())
                   for s in game.timeline)
    assert [s.args_dict()["use"] for s in game.timeline if s.what == "resolved"][-1] == delayed
    assert [c.id for c in game.state.cards_in("hand", "P1")] == ["p1d0"]
