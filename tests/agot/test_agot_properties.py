"""Property tests of A Game of Thrones: on generated boards and lines of play, the triggering
condition sequence (windows, steps in order, reactions after the condition, cancels, nesting);
and on boards made to exercise each rule of the Rules Reference, events and cancels of cancels,
"would" interrupts that replace or save, and "then" after draws from short decks and kneels that
can be pre-empted."""
from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings, strategies as st

from rulekit import Ability, CardFilter, Code, Game, Instruction, Scenario, ScriptEntry, Target, Timing, Trigger
from rulekit.core.abilities import Who
from rulekit.core.events import EventKind, Verb
from rulekit.core.limits import RunawayLoop
from rulekit.core.model import Card
from strategies import play, played, scenarios

SETTINGS = settings(max_examples=int(__import__("os").environ.get("RK_EXAMPLES", 50)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
PLAYERS = ("P1", "P2")


def _played(scenario, data):
    try:
        return play(Game.start(scenario), data)
    except RunawayLoop:
        event("runaway loop stopped")
        return None


def _use_parts(use: str) -> tuple[str, str, str]:
    """(card object, ability id, what it responds to) of a use id: a card object holds no '.'
    and an ability id no '@'."""
    obj, _, rest = use.partition(".")
    ability, _, responds_to = rest.partition("@")
    return obj, ability, responds_to


# -- events: never offered twice for one play -------------------------------------------------------
@st.composite
def event_boards(draw):
    first = draw(st.sampled_from(PLAYERS))
    cards = [Card(id="v", title="Victim", owner=draw(st.sampled_from(PLAYERS))),
             Card(id="g1", title="Guard", owner="P1"), Card(id="g2", title="Guard", owner="P2")]
    for p in PLAYERS:
        for k in range(3):
            cards.append(Card(id=f"{p.lower()}d{k}", title="Deck", owner=p, zone="draw deck", type="attachment"))
        for k in range(draw(st.integers(1, 3))):
            kind = draw(st.sampled_from(["cancel", "cancel", "draw", "kneel-cost"]))
            if kind == "cancel":
                ability = Ability("x", Timing.WOULD_INTERRUPT, (Instruction(Verb.CANCEL, Target.THAT_EFFECT),),
                                  when=Trigger(EventKind.INITIATES, player=draw(st.sampled_from(list(Who)))))
            elif kind == "draw":
                ability = Ability("x", Timing.REACTION, (Instruction(Verb.DRAW, Target.YOU),),
                                  when=Trigger(EventKind.KILLED))
            else:          # a cost that opens a nested sequence the same card listens for
                ability = Ability("x", Timing.REACTION, (Instruction(Verb.DRAW, Target.YOU),),
                                  when=Trigger(EventKind.KNEELS),
                                  cost=(Instruction(Verb.KNEEL, Target.CHOSEN,
                                                    CardFilter(type="character", controller=Who.YOU)),))
            cards.append(Card(id=f"{p.lower()}e{k}", title=f"Event {k}", owner=p, type="event", zone="hand",
                              abilities=(ability,)))
    script = draw(st.lists(st.sampled_from([ScriptEntry(Verb.KILL, cards=("v",)), ScriptEntry(Verb.KNEEL, cards=("g1",)),
                                            ScriptEntry(Verb.KNEEL, cards=("g2",))]), min_size=1, max_size=3))
    return Scenario("events", PLAYERS, first, tuple(cards), tuple(script))


@settings(SETTINGS, max_examples=SETTINGS.max_examples * 3)
@given(event_boards(), st.data())
def test_an_event_card_is_never_offered_twice_for_one_play(scenario, data):
    game = _played(scenario, data)
    if game is None:
        return
    events = {c.id for c in scenario.cards if c.type == "event"}
    used_at: dict[str, int] = {}
    for i, step in enumerate(game.timeline):
        if step.decision is not None:
            for option in step.decision.legal_ids():
                obj = option.partition(".")[0]
                if obj.partition("@")[0] in events and option != "pass":
                    assert obj not in used_at, f"{obj} offered again after its play began at step {used_at.get(obj)}"
        if step.what in ("use", "forced"):
            obj = step.args_dict()["use"].partition(".")[0]
            if obj.partition("@")[0] in events:
                assert obj not in used_at, f"{obj} used twice"
                used_at[obj] = i
                event("an event played")
        if step.what == "initiation" and step.args_dict()["use"].partition(".")[0] in used_at:
            card = step.args_dict()["use"].partition(".")[0].partition("@")[0]
            # FAQ (1.5) "Playing Events": it has left the hand, and is in no out-of-play area
            assert step.state.cards[card].zone == "being played", "an event initiated from the hand"
    for card in events:
        if any(u.partition(".")[0].partition("@")[0] == card for u in used_at):
            assert game.state.cards[card].zone == "discard pile"
            event("cancel of a cancel" if sum(s.what == "cancels" for s in game.timeline) > 1 else "no double cancel")


# -- "would": no interrupt to the original once it has been changed ------------------------------------
@st.composite
def would_boards(draw):
    first = draw(st.sampled_from(PLAYERS))
    cards = [Card(id="v1", title="Victim", owner="P2"), Card(id="v2", title="Victim", owner="P1")]
    for i in range(draw(st.integers(2, 5))):
        kind = draw(st.sampled_from(["would-replace", "would-save", "replace", "interrupt", "forced", "reaction"]))
        killed = Trigger(EventKind.KILLED, CardFilter(type="character", which=draw(st.sampled_from(["any", "other"]))))
        if kind == "would-replace":
            ability = Ability("a", Timing.WOULD_INTERRUPT, (Instruction(Verb.REPLACE, Target.THAT_CARD, instead=(
                Instruction(draw(st.sampled_from([Verb.RETURN_TO_HAND, Verb.GAIN_POWER])), Target.THAT_CARD),)),),
                when=killed)
        elif kind == "would-save":
            ability = Ability("a", Timing.WOULD_INTERRUPT, (Instruction(Verb.SAVE, Target.THAT_CARD),), when=killed)
        elif kind == "replace":
            ability = Ability("a", Timing.INTERRUPT, (Instruction(Verb.REPLACE, Target.THAT_CARD, instead=(
                Instruction(Verb.GAIN_POWER, Target.THAT_CARD),)),), when=killed)
        else:
            timing = {"interrupt": Timing.INTERRUPT, "forced": Timing.FORCED_INTERRUPT, "reaction": Timing.REACTION}[kind]
            ability = Ability("a", timing, (Instruction(Verb.GAIN_POWER, Target.SELF),), when=killed)
        cards.append(Card(id=f"c{i}", title=f"Card {i}", owner=draw(st.sampled_from(PLAYERS)), type="location",
                          abilities=(ability,)))
    kills = draw(st.lists(st.sampled_from(["v1", "v2"]), min_size=1, max_size=2, unique=True))
    return Scenario("would", PLAYERS, first, tuple(cards), (ScriptEntry(Verb.KILL, cards=tuple(kills)),),
                    rulings={"agot.would-instead": draw(st.sampled_from(["replacement", "change"]))})


INTERRUPTS = (Timing.WOULD_INTERRUPT, Timing.FORCED_INTERRUPT, Timing.INTERRUPT)


@SETTINGS
@given(would_boards(), st.data())
def test_after_a_would_interrupt_changes_a_condition_no_interrupt_to_it_is_offered(scenario, data):
    game = _played(scenario, data)
    if game is None:
        return
    timing = {(c.id, a.id): a.timing for c in scenario.cards for a in c.abilities}
    changed: set[str] = set()
    for step in game.timeline:
        options = step.decision.legal_ids() if step.decision is not None else ()
        used = (step.args_dict()["use"],) if step.what in ("use", "forced") else ()
        for use in tuple(options) + used:
            if use == "pass" or "@s:" not in use:
                continue
            obj, ability, responds_to = _use_parts(use)
            if timing.get((obj.partition("@")[0], ability)) in INTERRUPTS:
                assert responds_to not in changed, f"{use} offered after {responds_to} was changed"
        if step.what == "changed":
            changed.update(step.args_dict()["conditions"])
            event("a would save")
        # a replacement ("replaces"), "would" or not, lets later interrupts in (Rules Reference,
        # "Replacement Effects"); a "would … instead" read as a change ends them (agot.would-instead)
        if step.what == "changes":
            changed.add(step.args_dict()["condition"])
            event("a would replacement read as a change")


# -- "then": never after a partial first part ----------------------------------------------------------
@st.composite
def then_boards(draw):
    amount = draw(st.integers(1, 3))
    first_part = draw(st.sampled_from(["draw", "kneel"]))
    if first_part == "draw":
        part = Instruction(Verb.DRAW, Target.YOU, amount=amount)
    else:
        part = Instruction(Verb.KNEEL, Target.CHOSEN, CardFilter(type="character", controller=Who.OPPONENT))
    ability = Ability("r", Timing.REACTION, (part, Instruction(Verb.GAIN_POWER, Target.SELF, then=True)),
                      when=Trigger(EventKind.KILLED))
    cards = [Card(id="v", title="Victim", owner="P2"), Card(id="t", title="Thinker", owner="P1", abilities=(ability,)),
             Card(id="b", title="Tobin", owner="P2")]
    if draw(st.booleans()):      # an interrupt that can pre-empt the kneel
        cards.append(Card(id="h", title="Stable Giant", owner="P2", abilities=(Ability(
            "i", Timing.INTERRUPT, (Instruction(Verb.RETURN_TO_HAND, Target.THAT_CARD),),
            when=Trigger(EventKind.KNEELS, CardFilter(which="other", type="character", controller=Who.YOU))),)))
    for k in range(draw(st.integers(0, 3))):
        cards.append(Card(id=f"d{k}", title="Deck", owner="P1", zone="draw deck", type="attachment"))
    return Scenario("then", PLAYERS, draw(st.sampled_from(PLAYERS)), tuple(cards), (ScriptEntry(Verb.KILL, cards=("v",)),))


@SETTINGS
@given(then_boards(), st.data())
def test_then_never_resolves_after_a_partial_first_part(scenario, data):
    game = _played(scenario, data)
    if game is None:
        return
    ability = scenario.card("t").abilities[0]
    asked = ability.effect[0]
    for step in game.timeline:
        if step.what not in ("use",) or not step.args_dict()["use"].startswith("t.r@"):
            continue
        use = step.args_dict()["use"]
        first = [s for s in game.timeline if s.context is not None and s.context.id == f"{use}/effect0"
                 and s.what == "occurs"]
        if asked.do is Verb.DRAW:
            drawn = sum(len(s.state.cards_in("hand", "P1")) - len(s.before.cards_in("hand", "P1")) for s in first)
            in_full = drawn == asked.amount
        else:
            in_full = bool(first) and all(not s.args_dict()["preempted"] and s.args_dict()["occurred"] for s in first)
        skipped = any(s.what == "then-skipped" and s.args_dict()["use"] == use for s in game.timeline)
        then_ran = any(s.context is not None and s.context.id == f"{use}/effect1" for s in game.timeline)
        assert not (then_ran and not in_full), "the part after \"then\" resolved after a partial first part"
        assert then_ran or skipped
        if in_full:
            assert then_ran
        event("then resolved" if then_ran else "then skipped")


# -- the sequence on generated boards --------------------------------------------------------------
@SETTINGS
@given(scenarios(), st.data())
def test_no_window_closes_before_every_player_has_passed_in_a_row(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    n = len(scenario.players)
    for step in game.timeline:
        if step.what == "window-closes":
            assert step.parent.control[-1].window.passes == n
        if step.what == "window-empty":
            assert not any(v.code is Code.ELIGIBLE for v in step.verdicts)
        if step.what == "use":
            event(f"nesting depth {step.depth}")


@SETTINGS
@given(scenarios(), st.data())
def test_forced_abilities_resolve_before_their_steps_window_and_steps_run_in_order(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    last_step_of: dict[str, int] = {}
    for step in game.timeline:
        frame = step.context
        if frame is None:
            continue
        assert frame.step.number >= last_step_of.get(frame.id, 0), "a sequence went back a step"
        last_step_of[frame.id] = frame.step.number
        if step.what == "no-forced":
            assert not any(v.code is Code.MUST_RESOLVE for v in step.verdicts)
        if step.what in ("window-opens", "use", "pass"):
            assert frame.step.is_window


@SETTINGS
@given(scenarios(), st.data())
def test_no_reaction_to_a_condition_runs_before_it_occurs(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    occurred: set[str] = set()
    for step in game.timeline:
        if step.what == "occurs":
            occurred.update(step.args_dict()["occurred"])
        if step.what in ("use", "forced"):
            use = step.args_dict()["use"]
            card_obj, _, rest = use.partition(".")
            ability_id, _, responds_to = rest.partition("@")
            card = step.before.cards[card_obj.partition("@")[0]]
            ability = card.ability(ability_id)
            if ability.timing in (Timing.REACTION, Timing.FORCED_REACTION):
                if ability.when.one_or_more:   # responds to the occurrence: one of its conditions occurred
                    assert any(o.startswith(responds_to + ":") for o in occurred)
                else:
                    assert responds_to in occurred


@SETTINGS
@given(scenarios(), st.data())
def test_a_cancelled_condition_never_reaches_steps_3_to_7_and_a_changed_one_never_occurs(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    cancelled_sequences, changed, occurred = set(), set(), set()
    for step in game.timeline:
        if step.what == "cancelled":
            cancelled_sequences.add(step.context.id)
            event("a cancel")
        if step.what == "changed":
            changed.update(step.args_dict()["conditions"])
            event("a change (save)")
        if step.what == "occurs":
            occurred.update(step.args_dict()["occurred"])
            if step.args_dict()["replaced"]:
                event("a replacement")
    for step in game.timeline:
        if step.context is not None and step.context.id in cancelled_sequences:
            assert step.context.step.number <= 2 or step.what == "cancelled"
    assert not (changed & occurred)


@SETTINGS
@given(scenarios(), st.data())
def test_nesting_always_unwinds_last_in_first_out(scenario, data):
    from rulekit.rulesets.agot import SequenceFrame
    game = played(scenario, data)
    if game is None:
        return
    deepest = 0
    for step in game.timeline[1:]:
        before, after = step.parent.control, step.control
        keep = max(0, len(before) - 2)
        assert after[:keep] == before[:keep], "a frame below the top two changed"
        open_before = [f.id for f in before if isinstance(f, SequenceFrame)]
        open_after = [f.id for f in after if isinstance(f, SequenceFrame)]
        closed = [i for i in open_before if i not in open_after]
        assert closed in ([], open_before[-1:]), "a sequence closed before the one opened after it"
        deepest = max(deepest, len(open_after))
    event(f"deepest nesting {min(deepest, 4)}{'+' if deepest >= 4 else ''}")
