"""Properties: an optional ability is offered exactly where its whole effect could change the game
state as it stands (Rules Reference, "Abilities"), and "no legal target" is only ever the verdict
of an ability that must choose a target ("Target", "Choose"; FAQ, Definitions and Terms, "Choose").

On generated boards a reaction's effect mixes what the verdict must read beyond its targets: a
condition inside the effect ("if you control a Knight character"), a lasting effect until the end
of the challenge (with or without a challenge under way), "then", a random discard, a deck search,
a shuffle, a not modelled effect. The verdict is compared with a brute-force oracle that ignores
it: the ability's resolution is run straight from the state the verdict judged — every answer to
every decision of its own (targets, the search, chance), with no other ability on the board — and
the oracle says whether some line of it changes the game state (a not modelled effect changes it
where its file says so: rule ``rulekit.not-modelled``). The verdict must be "eligible" exactly
where every target to choose before "then" exists and some line changes the game state.

The searches run under the ruling ``agot.search-potential=a-card-that-fits`` (the potential read
from the whole board, as the oracle reads it); the default reading — a search could change the game
state wherever the searched deck holds a card, whether or not one fits — has a property of its own.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, event, given, settings, strategies as st

from rulekit import Ability, CardFilter, Condition, Instruction, Scenario, ScriptEntry, Target, Timing, Trigger
from rulekit import Code, Game
from rulekit.core import ids
from rulekit.core.abilities import Who
from rulekit.core.engine import advance, apply_answer
from rulekit.core.events import EventKind, Verb
from rulekit.core.frames import Ask
from rulekit.core.judge import use_id
from rulekit.core.model import Card
from rulekit.rulesets import get
from rulekit.rulesets.agot.cards import AgotCard
from rulekit.rulesets.agot.frames import ResolutionFrame, Stage

SETTINGS = settings(max_examples=int(os.environ.get("RK_EXAMPLES", 50)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
PLAYERS = ("P1", "P2")
SOURCE = "src"
_RULINGS = {r.name for r in get("agot").rulings}

KNIGHT_YOU = Condition(count=CardFilter(type="character", controller=Who.YOU, trait="Knight"), at_least=1)
SMALL_HAND = Condition(count=CardFilter(zone="hand", owner=Who.YOU), at_most=1)


def _search_filter(top):
    return CardFilter(zone="draw deck", owner=Who.YOU, trait="Knight", top=top)


def _is_search(instr: Instruction) -> bool:
    return instr.target is Target.CHOSEN and instr.filter is not None and instr.filter.zone == "draw deck"


def instructions():
    mine = CardFilter(type="character", controller=Who.YOU)
    theirs = CardFilter(type="character", controller=Who.OPPONENT)
    return st.one_of(
        st.just(Instruction(Verb.GAIN_POWER, Target.SELF)),
        st.just(Instruction(Verb.DRAW, Target.YOU)),
        st.builds(Instruction, do=st.just(Verb.GIVE_STRENGTH), target=st.sampled_from([Target.EACH, Target.CHOSEN]),
                  filter=st.just(mine), amount=st.just(2), until=st.sampled_from(["challenge", "phase"])),
        st.builds(Instruction, do=st.just(Verb.KNEEL), target=st.sampled_from([Target.EACH, Target.CHOSEN]),
                  filter=st.sampled_from([theirs, CardFilter(type="character", controller=Who.OPPONENT,
                                                             trait="Knight")])),
        st.builds(Instruction, do=st.just(Verb.DISCARD), target=st.just(Target.RANDOM),
                  filter=st.sampled_from([CardFilter(zone="hand", owner=Who.OPPONENT),
                                          CardFilter(zone="hand", owner=Who.YOU)])),
        st.builds(Instruction, do=st.just(Verb.MOVE), target=st.just(Target.CHOSEN), to=st.just("hand"),
                  filter=st.sampled_from([None, 2]).map(_search_filter)),
        st.just(Instruction(Verb.SHUFFLE, Target.YOU)),
        st.builds(Instruction, do=st.just(Verb.NOT_MODELLED), text=st.just("look at the top 2 cards of your deck"),
                  changes_state=st.booleans()),
    )


@st.composite
def effects(draw):
    out = []
    for k, instr in enumerate(draw(st.lists(instructions(), min_size=1, max_size=3))):
        condition = draw(st.sampled_from([(), (), (KNIGHT_YOU,), (SMALL_HAND,)]))
        out.append(Instruction(**{**{f: getattr(instr, f) for f in ("do", "target", "filter", "amount", "to",
                                                                   "until", "text", "changes_state")},
                                  "condition": condition, "then": k > 0 and draw(st.booleans())}))
    return tuple(out)


@st.composite
def boards(draw, effect=None, rulings=None):
    """P1's location "src" with the reaction under test (no cost, no other ability anywhere): after a
    character is killed (no challenge under way), or after defenders are declared (one is)."""
    in_challenge = draw(st.booleans())
    when = (Trigger(EventKind.DEFENDS, one_or_more=True) if in_challenge
            else Trigger(EventKind.KILLED, CardFilter(type="character")))
    ability = Ability("r", Timing.REACTION, effect if effect is not None else draw(effects()), when=when)
    cards = [Card(id=SOURCE, title="Wayside Shrine", owner="P1", type="location", abilities=(ability,))]
    for p, n in (("P1", draw(st.integers(1, 2))), ("P2", draw(st.integers(1, 2)))):
        for i in range(n):
            knight = draw(st.booleans())
            cards.append(Card(id=f"{p.lower()}c{i}", title=f"{p} {'Knight' if knight else 'Steward'} {i}", owner=p,
                              traits=("Knight",) if knight else (), kneeling=draw(st.booleans()),
                              extension=AgotCard(strength=draw(st.integers(1, 3)))))
        for i in range(draw(st.integers(0, 2))):
            cards.append(Card(id=f"{p.lower()}h{i}", title=f"{p} hand card {i}", owner=p, zone="hand", type="event"))
        for i in range(draw(st.integers(0, 3))):
            knight = draw(st.booleans())
            cards.append(Card(id=f"{p.lower()}d{i}", title=f"{p} deck card {i}", owner=p, zone="draw deck",
                              type="character" if knight else "event", traits=("Knight",) if knight else ()))
    if in_challenge:
        cards = [c.changed(kneeling=False) if c.id in ("p1c0", "p2c0") else c for c in cards]
        script = (ScriptEntry(Verb.CHALLENGE, ("p1c0",), "P1", challenge="military", defenders=("p2c0",),
                              against="P2", id="c"),)
    else:
        script = (ScriptEntry(Verb.KILL, ("p2c0",), id="k"),)
    chosen = rulings if rulings is not None else {
        "agot.search-potential": "a-card-that-fits",
        "agot.then-after-search": draw(st.sampled_from(["not-in-full", "in-full"]))}
    return Scenario("potential", PLAYERS, "P1", tuple(cards), script, phase="challenges",
                    rulings={k: v for k, v in chosen.items() if k in _RULINGS})


def _judged(game):
    """(the step whose verdicts first judged the reaction under test, that verdict)."""
    for step in game.timeline:
        for v in step.verdicts:
            if ids.card_id(v.card) == SOURCE and v.ability == "r":
                return step, v
    return None, None


def _board(state):
    return (state.cards, state.decks, state.resources, state.delayed)


def _oracle(state, tc, max_lines: int = 400):
    """Resolve the reaction from ``state`` on every line of its own decisions: (whether some line
    changes the game state, the target slots asked for)."""
    source = state.cards[SOURCE]
    ability = source.ability("r")
    frame = ResolutionFrame(use=use_id(source, ability, tc), source=source, ability=ability,
                            controller=source.controller, condition=tc, stage=Stage.TARGETS)
    start, asked, changed = _board(state), set(), False
    pending = [(state, (frame,), False)]
    lines = 0
    while pending and lines < max_lines:
        now, control, claimed = pending.pop()
        while control:
            got = advance(now, control, None)
            if isinstance(got, Ask):
                d = got.decision
                if d.kind.value == "choose target":
                    asked.add(d.key.at.rpartition("/")[2])
                for option in d.option_ids[1:]:
                    p = apply_answer(now, control, option, ())
                    pending.append((p.state, p.control, claimed))
                got = apply_answer(now, control, d.option_ids[0], ())
            claimed = claimed or (got.what == "not-modelled" and dict(got.args).get("changes_state") is True)
            now, control = got.state, got.control
        lines += 1
        changed = changed or claimed or _board(now) != start
    return changed, asked


@SETTINGS
@given(boards())
def test_an_optional_ability_is_offered_exactly_where_its_effect_could_change_the_game_state(scenario):
    game = Game.start(scenario, play_defaults=True)
    step, verdict = _judged(game)
    if verdict is None:         # the trigger never occurred (the attacker could not be declared)
        event("no trigger")
        return
    state = step.before
    tc = next(c for c in step.context.conditions if c.id == verdict.condition)
    effect = state.cards[SOURCE].ability("r").effect
    first = effect[:next((k for k, i in enumerate(effect) if i.then and k > 0), len(effect))]
    to_choose = {f"effect{k}" for k, i in enumerate(first) if i.target.is_chosen and not _is_search(i)}
    changed, asked = _oracle(state, tc)
    targets_ok = to_choose <= asked
    event(f"{verdict.code.value}")
    assert verdict.code in (Code.ELIGIBLE, Code.NO_EFFECT, Code.NO_TARGET), verdict
    assert (verdict.code is Code.ELIGIBLE) == (targets_ok and changed), (verdict, targets_ok, changed)
    if verdict.code is Code.NO_TARGET:      # only a target to choose, before "then", can be missing
        assert not targets_ok, verdict


@SETTINGS
@given(boards())
def test_no_legal_target_is_only_the_verdict_of_an_ability_that_must_choose_one(scenario):
    game = Game.start(scenario, play_defaults=True)
    for step in game.timeline:
        for v in step.verdicts:
            if v.code is Code.NO_TARGET:
                effect = step.before.cards[ids.card_id(v.card)].ability(v.ability).effect
                first = effect[:next((k for k, i in enumerate(effect) if i.then and k > 0), len(effect))]
                assert any(i.target.is_chosen and not _is_search(i) for i in first), v


@st.composite
def search_boards(draw):
    """Under the default ruling: an effect that only searches (and, maybe, shuffles after it)."""
    effect = (Instruction(Verb.MOVE, Target.CHOSEN, _search_filter(draw(st.sampled_from([None, 2]))), to="hand"),)
    if draw(st.booleans()):
        effect += (Instruction(Verb.SHUFFLE, Target.YOU),)
    return draw(boards(effect=effect, rulings={}))


@SETTINGS
@given(search_boards(), st.sampled_from([0, -1]))
def test_a_search_is_offered_wherever_its_deck_holds_a_card_and_resolves_even_finding_nothing(scenario, pick):
    """RR "Search": a player is never obliged to find the card, and which cards fit is hidden
    information; so (ruling agot.search-potential, default) a search is offered wherever the searched
    deck holds a card, fitting or not — or a shuffle after it could change the deck — and, used, it
    resolves: the card found is in its player's hand, or nothing was found."""
    game = Game.start(scenario)
    step, verdict = _judged(game)
    if verdict is None:
        return
    state = step.before
    search = state.cards[SOURCE].ability("r").effect[0]
    deck = state.decks.get("P1", ())
    looked_at = deck[:search.filter.top] if search.filter.top else deck
    shuffles = len(state.cards[SOURCE].ability("r").effect) > 1 and len(deck) > 1
    assert verdict.code is (Code.ELIGIBLE if looked_at or shuffles else Code.NO_EFFECT), verdict
    if verdict.code is not Code.ELIGIBLE:
        return
    use = next(o for o in game.decision.option_ids if o.startswith(f"{SOURCE}.r@"))
    game = game.answer(use)
    while game.decision is not None and game.decision.kind.value == "search":
        game = game.answer(game.decision.option_ids[pick])       # the first card that fits, or nothing
    game = game.play_defaults()
    assert use in game.state.used
    found = [s for s in game.timeline if s.what == "search" and s.args_dict()["use"] == use]
    assert len(found) == 1 and any(s.what == "resolved" and s.args_dict()["use"] == use for s in game.timeline)
    card = found[0].args_dict()["found"]
    fits = [c for c in looked_at if "Knight" in state.cards[c].traits]
    assert card == (fits[0] if fits and pick == 0 else "nothing")
    if card != "nothing":
        assert game.state.cards[card].zone == "hand"
    event("found a card" if card != "nothing" else "found nothing")
