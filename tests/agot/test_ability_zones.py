"""Where a card's abilities work (Rules Reference, "Abilities"; ``agot.abilities.zones``): in play,
unless the ability says it is used from out of play, or needs its card out of play to resolve."""
from __future__ import annotations

from rulekit import RULES, Ability, Code, Game, Instruction, Scenario, ScriptEntry, Target, Timing, Trigger
from rulekit.core.abilities import CardFilter, Which
from rulekit.core.events import EventKind, Verb
from rulekit.core.model import Card
from rulekit.rulesets.agot import AGOT, OUT_OF_PLAY, needs_its_card_out_of_play

from shipped_agot import play

BACK = Ability("back", Timing.REACTION, (Instruction(Verb.PUT_INTO_PLAY, Target.SELF),),
               when=Trigger(EventKind.KILLED, CardFilter(which=Which.SELF)))
DRAW = Ability("draw", Timing.REACTION, (Instruction(Verb.DRAW, Target.YOU),),
               when=Trigger(EventKind.KILLED, CardFilter(which=Which.SELF)))


def test_an_ability_that_puts_its_own_card_into_play_works_from_out_of_play():
    assert needs_its_card_out_of_play(BACK) and not needs_its_card_out_of_play(DRAW)
    character = Card(id="c", title="C", owner="P1", abilities=(BACK, DRAW))
    # Rules Reference, "In Play and Out of Play": the plot deck and the used pile are out of play too
    assert AGOT.works_in(character, BACK) == OUT_OF_PLAY == ("hand", "discard pile", "dead pile", "draw deck",
                                                             "plot deck", "used pile")
    assert AGOT.works_in(character, DRAW) == ("play area",)
    # an ability that names its zones keeps them; an event's work from hand, as its type says
    said = Ability("back", Timing.REACTION, BACK.effect, when=BACK.when, zones=("dead pile",))
    assert AGOT.works_in(character, said) == ("dead pile",)
    event = Card(id="e", title="E", owner="P1", type="event", zone="hand", abilities=(BACK,))
    assert AGOT.works_in(event, BACK) == ("hand",)


def test_the_shipped_case_offers_the_reaction_that_needs_the_dead_pile_and_not_the_other():
    game = play("ability-that-needs-its-card-out-of-play")
    assert game.state.cards["rev"].zone == "play area"
    window = next(s for s in game.timeline if s.what == "window-opens" and s.args_dict()["window"] == "s:k:reaction")
    codes = {v.ability: (v.code, v.detail) for v in window.verdicts if v.card.partition("@")[0] == "rev"}
    assert codes["back"][0] is Code.ELIGIBLE
    assert codes["draw"] == (Code.NOT_ACTIVE, "Ashen Revenant is in the dead pile")


def test_while_its_card_is_in_play_such_an_ability_is_not_offered():
    """The other side of the same rule: an ability that needs its card out of play does not
    work from play ("After a character is killed, put this card into play", while it is in play)."""
    back = Ability("back", Timing.REACTION, (Instruction(Verb.PUT_INTO_PLAY, Target.SELF),),
                   when=Trigger(EventKind.KILLED, CardFilter(type="character")))
    scenario = Scenario("zones", ("P1", "P2"), "P1", (
        Card(id="v", title="Victim", owner="P2"),
        Card(id="w", title="Watcher", owner="P1", abilities=(back,)),
        Card(id="h", title="Waiting", owner="P1", zone="hand", abilities=(back,)),
    ), (ScriptEntry(Verb.KILL, cards=("v",), id="k"),))
    game = Game.start(scenario, play_defaults=True)
    window = next(s for s in game.timeline if s.what == "window-opens" and s.args_dict()["window"] == "s:k:reaction")
    got = {v.card: v.code for v in window.verdicts}
    assert got == {"w": Code.NOT_ACTIVE, "h": Code.ELIGIBLE}


def test_the_registry_cites_the_whole_rule():
    rule = RULES["agot.abilities.zones"]
    assert rule.source.endswith('"Abilities"') and "out of play to resolve" in rule.text
