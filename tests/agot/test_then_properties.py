"""Property: no "then" part resolves after a pre-then part that did not resolve in full (Rules
Reference, "The word 'Then'"), and one that did resolve in full is followed by its "then" part.

On generated boards a reaction kills one or two characters, then gains power. The opponent may
save a character (a "would" interrupt, or a duplicate), replace its kill ("instead", plain or
"would"), or cancel the reaction's effect; the ruling agot.then-after-replacement is drawn too.
Whether the kill resolved in full is read from the cards, not from the engine's bookkeeping:
every chosen character is in its owner's dead pile, or — under the ruling's "occurred" option —
its kill was replaced."""
from __future__ import annotations

from rulekit.rulesets.agot.cards import AgotCard

import os

from hypothesis import HealthCheck, event, given, settings, strategies as st

from rulekit import Ability, CardFilter, Instruction, Scenario, ScriptEntry, Target, Timing, Trigger
from rulekit.core.abilities import Who
from rulekit.core.events import EventKind, Verb
from rulekit.core.model import Card
from strategies import played

SETTINGS = settings(max_examples=int(os.environ.get("RK_EXAMPLES", 50)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
PLAYERS = ("P1", "P2")
RULING = "agot.then-after-replacement"


def _responder(kind: str) -> Ability:
    mine = Trigger(EventKind.KILLED, CardFilter(type="character", controller=Who.YOU))
    if kind == "save":
        return Ability("a", Timing.WOULD_INTERRUPT, (Instruction(Verb.SAVE, Target.THAT_CARD),), when=mine)
    if kind in ("replace", "would-replace"):
        timing = Timing.INTERRUPT if kind == "replace" else Timing.WOULD_INTERRUPT
        return Ability("a", timing, (Instruction(Verb.REPLACE, Target.THAT_CARD, instead=(
            Instruction(Verb.RETURN_TO_HAND, Target.THAT_CARD),)),), when=mine)
    return Ability("a", Timing.WOULD_INTERRUPT, (Instruction(Verb.CANCEL, Target.THAT_EFFECT),),
                   when=Trigger(EventKind.INITIATES, player=Who.OPPONENT))


@st.composite
def then_kill_boards(draw):
    each = draw(st.booleans())
    kill = (Instruction(Verb.KILL, Target.EACH, CardFilter(type="character", controller=Who.OPPONENT)) if each else
            Instruction(Verb.KILL, Target.CHOSEN, CardFilter(type="character", controller=Who.OPPONENT)))
    ability = Ability("r", Timing.REACTION, (kill, Instruction(Verb.GAIN_POWER, Target.SELF, then=True)),
                      when=Trigger(EventKind.WINS_CHALLENGE, player=Who.YOU))
    cards = [Card(id="t", title="Headsman", owner="P1", type="location", abilities=(ability,))]
    victims = ["v1"] + (["v2"] if draw(st.booleans()) else [])
    cards += [Card(id=v, title=f"Victim {v}", owner="P2") for v in victims]
    for k, kind in enumerate(draw(st.lists(st.sampled_from(["save", "replace", "would-replace", "cancel", "duplicate"]),
                                           max_size=3))):
        if kind == "duplicate":
            cards.append(Card(id=f"dup{k}", title="Victim v1", owner="P2", type="attachment", extension=AgotCard(duplicate_of="v1")))
        elif kind == "cancel":
            cards.append(Card(id=f"r{k}", title=f"Nay {k}", owner="P2", type="event", zone="hand",
                              abilities=(_responder(kind),)))
        else:
            cards.append(Card(id=f"r{k}", title=f"Responder {k}", owner="P2", type="location",
                              abilities=(_responder(kind),)))
    rulings = {RULING: draw(st.sampled_from(["occurred", "not-in-full"]))}
    script = (ScriptEntry(Verb.WIN_CHALLENGE, player="P1", challenge="military", id="win"),)
    return Scenario("then-kill", PLAYERS, draw(st.sampled_from(PLAYERS)), tuple(cards), script, rulings=rulings)


@SETTINGS
@given(then_kill_boards(), st.data())
def test_no_then_part_resolves_after_a_pre_then_part_that_did_not_resolve_in_full(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    uses = [s.args_dict()["use"] for s in game.timeline if s.what == "use" and s.args_dict()["use"].startswith("t.r@")]
    for use in uses:
        pre = f"{use}/effect0"
        started = [i for i, s in enumerate(game.timeline) if s.what == "instruction"
                   and s.args_dict()["use"] == use and s.args_dict()["instruction"] == "effect0"]
        then_at = [i for i, s in enumerate(game.timeline) if s.what in ("instruction", "then-skipped", "nothing")
                   and s.args_dict().get("use") == use and s.args_dict().get("instruction") == "effect1"]
        if not then_at:     # the effect was cancelled: neither part resolved
            assert any(s.what == "effect-cancelled" and s.args_dict()["use"] == use for s in game.timeline)
            event("effect cancelled")
            continue
        if not started:     # the kill had no target
            in_full = False
        else:
            begun, decided = game.timeline[started[0]], game.timeline[then_at[0]]
            targets = [tc.card.id for tc in next(s for s in game.timeline[started[0]:]
                                                 if s.what == "imminent" and s.args_dict()["sequence"] == pre).context.conditions]
            # a replacement counts only where it was applied as the condition occurred (step 5
            # lists it under "replaced"); one initiated to replace a kill that a later interrupt
            # turned into a save never applied
            replaced = {tc.rpartition(":")[2] for s in game.timeline
                        for tc, _ in s.args_dict().get("replaced", ()) if tc.startswith(pre + ":")}
            counts = scenario.rulings[RULING] == "occurred"
            in_full = all(decided.before.cards[v].zone == "dead pile" or (v in replaced and counts) for v in targets)
            assert begun.before.cards[targets[0]].zone == "play area"
        then_ran = game.timeline[then_at[0]].what == "instruction"
        assert not (then_ran and not in_full), f"\"then\" resolved after a pre-then kill that did not resolve in full ({use})"
        assert then_ran or not in_full, f"the kill resolved in full, yet \"then\" did not resolve ({use})"
        event("then resolved" if then_ran else "then skipped")
