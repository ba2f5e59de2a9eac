"""Property-based tests of the Riftbound ruleset over generated boards and lines of play; and of
the Core Rules' points over boards whose units have optional and targeted triggers and a script
that buffs, grants, bounces and replays them: a declined "you may" never reaches the Chain
(383.3.a); an item never resolves without a legal target (402.3); no temporary change survives a
move off the board (rule 110); no target meeting its restrictions is refused (355.9, 055); every item
is finalized in the order it was added (337.1.b); no unit keeps lethal damage once the game is at
rest outside a resolution (319, 321, 323.5)."""
from __future__ import annotations

from rulekit.rulesets.riftbound.cards import RiftboundCard, base_might

import dataclasses

from hypothesis import HealthCheck, event, given, settings, strategies as st

from strategies import played, riftbound_scenarios
from rulekit import Code, Game, explain
from rulekit.core.abilities import Ability, CardFilter, Instruction, Target, Timing, Trigger, Which, Who
from rulekit.core.model import Card
from rulekit.core.events import EventKind, Verb
from rulekit.core.scenario import Scenario, ScriptEntry
from rulekit.core.limits import RunawayLoop
from rulekit.rulesets.riftbound import ChainFrame, ItemFrame, RbStep
from rulekit.rulesets.riftbound.chain import adds
from rulekit.rulesets.riftbound.frames import Cleanup, CombatFrame, TriggerCheck

SETTINGS = settings(max_examples=int(__import__("os").environ.get("RK_EXAMPLES", 50)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])




@SETTINGS
@given(riftbound_scenarios(), st.data())
def test_no_item_for_an_observer_not_in_its_zone_after_the_event_except_deathknell(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    for step in game.timeline:
        if step.what != "rb-triggers":
            continue
        state = step.before
        events = {tc.id: tc for tc in step.parent.control[-1].events}
        for v in step.verdicts:
            card = state.cards[v.card.partition("@")[0]]
            ability = card.ability(v.ability)
            if v.code is Code.TRIGGERS:
                died = events[v.condition].card
                own = died is not None and died.obj == v.card and died.ability(v.ability) is not None
                if own and died.ability(v.ability).deathknell:    # its own death, judged before it moved
                    assert died.zone in state.rules.in_play
                    event("a Deathknell triggered")
                elif own and died.zone in state.rules.in_play and state.ruling("rb.own-leaving") == "sees" \
                        and _about_itself(died.ability(v.ability)):
                    # its own card leaving the board, judged before it moved (ruling rb.own-leaving)
                    event("an ability saw its own card leave the board")
                else:
                    # any other trigger works where its card is after the event: a card that died into
                    # the zone where its ability works sees its own death (riftbound-trigger-conditions)
                    assert not ability.deathknell
                    assert card.zone in (ability.zones or state.rules.in_play)
        for v in step.verdicts:
            assert v in explain(step, v.card, v.ability).verdicts
        if len(step.args_dict()["items"]) >= 2:
            event("two or more items from one event")


def _about_itself(ability) -> bool:
    """An ability whose trigger is about its own card ("When I die", "When I leave the board")."""
    return ability.when is not None and ability.when.card is not None and ability.when.card.which is Which.SELF


def _numbered(state, card_obj: str, ability_id: str) -> bool:
    ability = state.cards[card_obj.partition("@")[0]].ability(ability_id)
    return ability is not None and ability.when is not None and ability.when.nth is not None


def _items_have_their_verdicts(game) -> int:
    """At every step that adds triggered items: each item has its TRIGGERS verdict recorded there
    (a Deathknell's too: captured before its card moved, recorded with the rest), and each
    TRIGGERS verdict its item. Returns how many Deathknell items were added."""
    deathknells = 0
    for step in game.timeline:
        if step.what != "rb-triggers":
            continue
        added = set(step.args_dict()["items"])
        items = [i for f in step.control if isinstance(f, ChainFrame) for i in f.waiting if i.id in added]
        assert len(items) == len(added)
        single = {(i.source.obj, i.ability.id, i.event.id) for i in items if i.ability.when.nth is None}
        numbered = {(i.source.obj, i.ability.id) for i in items if i.ability.when.nth is not None}
        triggers = {(v.card, v.ability, v.condition) for v in step.verdicts if v.code is Code.TRIGGERS}
        assert single <= triggers, "an item added with no verdict recorded for it"
        assert {(card, ability) for card, ability, _ in triggers} >= numbered
        # (a numbered trigger's verdict says it triggers at each qualifying event, its item comes at the Nth)
        unnumbered = {t for t in triggers if not _numbered(step.before, *t[:2])}
        assert unnumbered == single, "a verdict triggers, but no item"
        for v in step.verdicts:
            assert v in explain(step, v.card, v.ability).verdicts
        deathknells += sum(i.ability.deathknell for i in items)
    return deathknells


@SETTINGS
@given(riftbound_scenarios(), st.data())
def test_the_step_that_adds_triggered_items_records_a_triggers_verdict_for_each_and_no_other(scenario, data):
    game = played(scenario, data)
    if game is not None and _items_have_their_verdicts(game):
        event("a Deathknell's item added")


DEATHKNELL = Ability(id="dk", timing=Timing.TRIGGERED, deathknell=True, when=Trigger(EventKind.KILLED),
                     effect=(Instruction(Verb.DRAW, Target.YOU),), text="Deathknell — Draw 1.")


@st.composite
def deathknell_boards(draw):
    """A generated board on which units with a Deathknell die, alone or together, among the
    other listeners, after the generated script."""
    scenario = draw(riftbound_scenarios())
    units = [c.id for c in scenario.cards if c.type == "unit" and c.zone != "main deck"]
    knells = draw(st.lists(st.sampled_from(units), min_size=1, max_size=2, unique=True))
    dying = draw(st.lists(st.sampled_from(units), min_size=1, max_size=3, unique=True).filter(
        lambda ds: set(ds) & set(knells)))
    cards = tuple(dataclasses.replace(c, abilities=c.abilities + (DEATHKNELL,)) if c.id in knells else c
                  for c in scenario.cards)
    return dataclasses.replace(scenario, cards=cards,
                               script=scenario.script + (ScriptEntry(do=Verb.KILL, cards=tuple(dying)),))


@SETTINGS
@given(deathknell_boards(), st.data())
def test_a_dying_units_deathknell_is_recorded_where_its_item_is_added(scenario, data):
    game = played(scenario, data)
    if game is not None and _items_have_their_verdicts(game):
        event("a Deathknell's item added")


@SETTINGS
@given(riftbound_scenarios(), st.data())
def test_a_numbered_trigger_fires_at_most_once_per_turn_per_ability(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    fired: dict[tuple, int] = {}
    for step in game.timeline:
        if step.what == "rb-triggers":
            for item in step.args_dict()["items"]:
                obj, _, rest = item.partition(".")
                ability_id = rest.partition("@")[0]
                ability = step.before.cards[obj.partition("@")[0]].ability(ability_id)
                if ability is not None and ability.when is not None and ability.when.nth is not None:
                    key = (obj, ability_id, step.before.round)
                    fired[key] = fired.get(key, 0) + 1
                    event("a numbered trigger fired")
    assert all(n <= 1 for n in fired.values())


@SETTINGS
@given(riftbound_scenarios(), st.data())
def test_an_items_controller_never_changes_and_the_chain_resolves_newest_first(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    controllers: dict[str, str] = {}
    longest = 0
    for step in game.timeline:
        for frame in step.control:
            if isinstance(frame, ChainFrame):
                longest = max(longest, len(frame.items))
                for item in frame.items + frame.waiting:
                    assert controllers.setdefault(item.id, item.controller) == item.controller
        if step.what == "rb-resolves":
            chain, args = step.parent.control[-1], step.args_dict()
            assert isinstance(chain, ChainFrame)
            if args.get("at once"):
                # an ability that Adds resolves as soon as it is finalized, wherever it stands on the
                # Chain (400.2, 429.2, 429.2.a): a finalized item of this Chain whose every
                # instruction adds
                item = next(i for i in chain.items if i.id == args["item"])
                assert not item.pending and adds(item.ability)
            else:
                assert chain.items[-1].id == args["item"]
    event(f"longest Chain {min(longest, 3)}{'+' if longest >= 3 else ''}")


@SETTINGS
@given(riftbound_scenarios(), st.data())
def test_riftbound_replays_give_the_same_timeline(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    again = Game.start(scenario, answers=game.line, play_defaults=True)
    assert again.unapplied == ()
    assert [s.record()[:-1] for s in again.timeline] == [s.record()[:-1] for s in game.timeline]


# -- the Core Rules' points: optional triggers (383.3.a), legal targets (402.3), temporary changes (110) ----
GIFT = Ability(id="gift", timing=Timing.TRIGGERED, when=Trigger(EventKind.KILLED, CardFilter(type="unit")),
               effect=(Instruction(Verb.DRAW, Target.YOU),), optional=True, text="When a unit dies, you may draw 1.")


STRIKE = Ability(id="strike", timing=Timing.TRIGGERED, when=Trigger(EventKind.ATTACKS, CardFilter(type="unit")),
                 effect=(Instruction(Verb.DEAL_DAMAGE, Target.CHOSEN, CardFilter(type="unit", controller=Who.OPPONENT),
                                     amount=1),), text="When a unit attacks, deal 1 to an enemy unit.")


@st.composite
def boards(draw):
    """Generated Riftbound boards with optional triggers, targeted triggers, and a script that
    buffs, grants, bounces and replays units as well as killing, attacking and moving them."""
    scenario = draw(riftbound_scenarios())
    units = [c.id for c in scenario.cards if c.type == "unit" and c.zone != "main deck"]
    cards = list(scenario.cards)
    for i, card in enumerate(cards):     # some units get an optional trigger or a targeted one
        extra = draw(st.sampled_from([(), (), (GIFT,), (STRIKE,)]))
        if card.type == "unit" and card.zone != "main deck" and extra:
            cards[i] = dataclasses.replace(card, abilities=card.abilities + extra)
        if cards[i].type == "unit" and cards[i].zone in ("base", "battlefield") and draw(st.booleans()):   # a buffed unit: its Might includes the buff
            cards[i] = cards[i].changed(buffed=True, might=cards[i].might + 1)
    one = st.sampled_from(units).map(lambda u: (u,))
    extra = st.one_of(
        st.builds(ScriptEntry, do=st.just(Verb.BUFF), cards=one),
        st.builds(ScriptEntry, do=st.just(Verb.SPEND_BUFF), cards=one),
        st.builds(ScriptEntry, do=st.just(Verb.GIVE_MIGHT), cards=one,
                  amount=st.integers(-3, 3).filter(bool), this_turn=st.booleans()),
        st.builds(ScriptEntry, do=st.just(Verb.END_TURN), player=st.just(scenario.first_player)),
        st.builds(ScriptEntry, do=st.just(Verb.GRANT), cards=one, grant=st.sampled_from([GIFT, STRIKE])),
        st.builds(ScriptEntry, do=st.just(Verb.RETURN_TO_HAND), cards=one),
        st.builds(ScriptEntry, do=st.just(Verb.PUT_INTO_PLAY), cards=one),
        st.builds(ScriptEntry, do=st.just(Verb.KILL), cards=one),
        st.builds(ScriptEntry, do=st.just(Verb.ATTACK), cards=one),
    )
    script = tuple(draw(st.lists(st.one_of(st.sampled_from(scenario.script), extra), min_size=1, max_size=6)))
    rulings = {"rb.optional": draw(st.sampled_from(["when-fulfilled", "at-resolution"]))}
    return dataclasses.replace(scenario, cards=tuple(cards), script=script, rulings=rulings)


@SETTINGS
@given(boards(), st.data())
def test_a_declined_optional_trigger_never_reaches_the_chain(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    declined = {s.args_dict()["item"] for s in game.timeline
                if s.what == RbStep.MAY and s.args_dict()["answer"] == "no" and s.args_dict()["when"] == "fulfilled"}
    on_chain = {i.id for s in game.timeline for f in s.control if isinstance(f, ChainFrame)
                for i in f.items + f.waiting}
    assert not declined & on_chain
    for s in game.timeline:           # and under the current rules nothing is asked at resolution
        if s.what == RbStep.MAY and s.args_dict()["when"] == "resolution":
            assert game.state.rulings["rb.optional"] == "at-resolution"
    if declined:
        event("an optional trigger was declined when fulfilled")


@SETTINGS
@given(boards(), st.data())
def test_an_item_never_resolves_without_a_legal_target(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    removed = {s.args_dict()["item"] for s in game.timeline if s.what == RbStep.REMOVED}
    for s in game.timeline:
        if s.what != RbStep.RESOLVES:
            continue
        item = next(f for f in reversed(s.control) if isinstance(f, ItemFrame)).item
        assert item.id not in removed
        for k, instr in enumerate(item.ability.effect):
            if instr.target.is_chosen and instr.up_to is None:
                assert item.choice(f"effect{k}") is not None, f"{item.id} resolves without a target for effect{k}"
                event("an item with a chosen target resolved")
    if removed:
        event("an item was removed for want of a legal target")


@SETTINGS
@given(boards(), st.data())
def test_no_temporary_change_survives_a_move_off_the_board(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    for s in game.timeline:
        if s.parent is None:
            continue
        state, before = s.state, s.parent.state
        for cid in state.order:
            card, was = state.cards[cid], before.cards.get(cid)
            if was is None or card.incarnation == was.incarnation:
                continue
            # it changed zones to or from a non-board zone: a new object, as printed (rule 110, 705)
            printed = state.printed[cid]
            assert card.might == base_might(printed) and card.abilities == printed.abilities, \
                f"{card.obj} in the {card.zone} keeps a temporary change of {was.obj}"
            assert card.damage == 0 and not card.buffed and card.might_this_turn == 0
    changed = any(s.what == RbStep.OCCURS and any(":gets-might:" in o or ":gains-an-ability:" in o
                                                  for o in s.args_dict()["occurred"]) for s in game.timeline)
    if changed:
        event("a temporary change was made")


def _events_of(step, kind):
    """The triggering conditions of ``kind`` processed at ``step``."""
    if step.what != RbStep.OCCURS:
        return ()
    return tuple(tc for tc in step.state.history.values() if tc[1].id in step.args_dict()["occurred"]
                 and tc[1].kind is kind)


@SETTINGS
@given(boards(), st.data())
def test_a_unit_has_at_most_one_buff(scenario, data):
    """426.1.b, 702.3, 703: a buff is placed only on a unit without one, and adds +1 Might; a buff
    is spent only from a unit that has one (702.2.b.1), and takes that +1 away."""
    game = played(scenario, data)
    if game is None:
        return
    for s in game.timeline:
        if s.parent is None:
            continue
        before = s.parent.state
        for kind, had, delta in ((EventKind.BUFFED, False, 1), (EventKind.BUFF_SPENT, True, -1)):
            for _, tc in _events_of(s, kind):
                was, now = before.cards[tc.card.id], s.state.cards[tc.card.id]
                assert was.buffed is had and now.buffed is not had
                assert now.might == was.might + delta or now.incarnation != was.incarnation
                event(f"{kind.value}")
        for cid in s.state.order:      # a buffed card is a unit on the board
            card = s.state.cards[cid]
            if card.buffed:
                assert card.type == "unit" and card.zone in s.state.rules.in_play


@SETTINGS
@given(boards(), st.data())
def test_this_turn_might_expires_when_the_turn_ends(scenario, data):
    """317.2.b-c: as the turn ends every unit is healed and every "this turn" Might change
    expires; a change with no duration, and a buff, stay."""
    game = played(scenario, data)
    if game is None:
        return
    for s in game.timeline:
        if s.parent is None or not _events_of(s, EventKind.TURN_ENDS):
            continue
        before = s.parent.state
        for cid in s.state.order:
            was, now = before.cards[cid], s.state.cards[cid]
            assert now.might_this_turn == 0 and now.damage == 0
            assert now.might == was.might - was.might_this_turn and now.buffed == was.buffed
            if was.might_this_turn:
                event("a 'this turn' change expired")


def _item_instruction(game, key):
    """The item a "choose target" decision is about, and the instruction its slot names."""
    item_id, _, slot = key.at.rpartition("/")
    for frame in reversed(game.control):
        if isinstance(frame, ChainFrame):
            item = next((i for i in frame.items if i.id == item_id), None)
            if item is not None and slot.startswith("effect"):
                return item, item.ability.effect[int(slot[len("effect"):])]
    return None, None


@SETTINGS
@given(riftbound_scenarios(), st.data())
def test_no_target_meeting_its_restrictions_is_refused(scenario, data):
    """355.9, 055: every card where the instruction looks that passes its filter is offered,
    whatever the instruction would change; no verdict says "could not change the game state"."""
    from rulekit.core import judge, occur
    from rulekit.core.decisions import DecisionKind
    from rulekit.core.events import VERB_EVENT
    try:
        game = Game.start(scenario)
    except RunawayLoop:
        return
    for _ in range(60):
        if not game.decision:
            break
        key = game.decision.key
        if key.kind is DecisionKind.CHOOSE_TARGET:
            item, instr = _item_instruction(game, key)
            if instr is not None and instr.target is Target.CHOSEN:
                state = game.state
                meets = {c.obj for c in judge.card_targets(instr, state, item.controller, item.source, item.event)
                         if occur.applies(VERB_EVENT[instr.do], state, c) is None}
                already = set(item.choices(key.at.rpartition("/")[2]))
                assert meets - already <= {o.id for o in game.decision.options}
                if any(state.cards[o.partition("@")[0]].kneeling is False and instr.do is Verb.READY
                       for o in meets):
                    event("a ready unit offered for \"ready\"")
        try:
            game = game.answer(data.draw(st.sampled_from(game.decision.options), label=str(key)))
        except RunawayLoop:
            return
    try:
        game = game.play_defaults()
    except RunawayLoop:
        return
    assert not any(v.code is Code.NO_EFFECT for s in game.timeline for v in s.verdicts)
    for step in game.timeline:
        if step.what == RbStep.REMOVED and step.rule == "rb.no-target":
            event("an item removed for want of a target")


@st.composite
def _resolution_then_cleanup(draw):
    """Boards where an item's resolution triggers abilities (a unit killed) and the cleanup after it
    triggers more (a unit with lethal damage dies), watched by both players' units."""
    players = ("P1", "P2")
    striker = Card(id="striker", title="Striker", owner=draw(st.sampled_from(players)), type="unit", extension=RiftboundCard(might=3),
                   zone="base", abilities=(Ability(
                       id="s", timing=Timing.TRIGGERED, when=Trigger(EventKind.PHASE_BEGINS, phase="beginning"),
                       effect=(Instruction(Verb.KILL, Target.CHOSEN, CardFilter(type="unit", controller=Who.OPPONENT)),
                               Instruction(Verb.DEAL_DAMAGE, Target.CHOSEN, CardFilter(type="unit"), amount=3))),))
    cards = [striker]
    for i in range(draw(st.integers(2, 4))):
        watches = CardFilter(type="unit", controller=draw(st.sampled_from(list(Who))))
        cards.append(Card(id=f"w{i}", title=f"Watcher {i}", owner=draw(st.sampled_from(players)), type="unit",
                          extension=RiftboundCard(might=draw(st.integers(1, 4))), zone="base", abilities=(Ability(
                              id="w", timing=Timing.TRIGGERED, when=Trigger(EventKind.KILLED, watches),
                              effect=(Instruction(Verb.DRAW, Target.YOU),)),)))
    return Scenario("resolution then cleanup", players, draw(st.sampled_from(players)), tuple(cards),
                    (ScriptEntry(Verb.BEGIN_PHASE, phase="beginning"),), ruleset="riftbound")


@SETTINGS
@given(st.one_of(riftbound_scenarios(), _resolution_then_cleanup()), st.data())
def test_every_item_is_finalized_in_the_order_it_was_added(scenario, data):
    """337.1.b: items are finalized (or removed at finalization) in the order they were added;
    items triggered by a later trigger check are never added before those of an earlier one."""
    game = played(scenario, data)
    if game is None:
        return
    added, done, checked_at = [], [], {}
    for n, step in enumerate(game.timeline):
        args = step.args_dict()
        if step.what == RbStep.TRIGGERS:
            for item in args["items"]:
                checked_at.setdefault(item, n)
        elif step.what in (RbStep.PLACED, RbStep.ADDS):
            added.append(args["item"])
        elif step.what in (RbStep.FINALIZED, RbStep.REMOVED):
            done.append(args["item"])
    assert done == added
    batches = [checked_at[i] for i in added if i in checked_at]
    assert batches == sorted(batches)
    if len(set(batches)) >= 2:
        event("items from several trigger checks")


# -- several battlefields, conquer and hold, combat (rb.battlefields, rb.conquer, rb.hold, rb.combat) ----------
from strategies import battlefield_scenarios  # noqa: E402


@SETTINGS
@given(battlefield_scenarios(), st.data())
def test_a_battlefield_is_scored_at_most_once_per_player_per_turn_and_a_conquer_gives_control(scenario, data):
    """465: a player scores each battlefield once per turn, by conquer or hold; 464.1: a conquer is a
    player gaining control of it."""
    game = played(scenario, data)
    if game is None:
        return
    scores: dict[tuple, int] = {}
    for turn, tc in game.state.history.values():
        if tc.kind in (EventKind.CONQUERS, EventKind.HOLDS):
            key = (tc.player, tc.card.id, turn)
            scores[key] = scores.get(key, 0) + 1
            event(f"a battlefield {tc.kind.value}")
    assert all(n == 1 for n in scores.values())
    for step in game.timeline:
        if step.what == RbStep.OCCURS:
            for tc_id in step.args_dict()["occurred"]:
                tc = next(tc for _, tc in step.state.history.values() if tc.id == tc_id)
                if tc.kind is EventKind.CONQUERS:
                    assert tc.card.controller != tc.player            # it gained control …
                    assert step.state.cards[tc.card.id].controller == tc.player    # … and has it


@SETTINGS
@given(battlefield_scenarios(), st.data())
def test_a_combat_designates_before_its_damage_and_ends_with_no_designation(scenario, data):
    """459.2.b before 460.2; 461.7.a: the designations are removed as combat ends; combat damage
    only between units of the two sides at that battlefield."""
    game = played(scenario, data)
    if game is None:
        return
    for card in game.state.cards.values():
        assert card.extension is None or card.role is None
    seen: set[str] = set()
    for _, tc in game.state.history.values():
        head = tc.sequence.partition("/")[0]
        if tc.kind in (EventKind.ATTACKS, EventKind.DEFENDS) and tc.sequence == head:
            seen.add(head)
        if tc.kind is EventKind.DAMAGED and tc.sequence.endswith("/damage"):
            assert head in seen
            assert tc.card.role in ("attacker", "defender")
            event("combat damage dealt")


@SETTINGS
@given(battlefield_scenarios(), st.data())
def test_here_never_reaches_another_location(scenario, data):
    """107.2.b, 359.3.f.2: a target chosen for "an enemy unit here" is at the location of the item's
    source when it is chosen."""
    game = played(scenario, data)
    if game is None:
        return
    rules = game.state.rules
    for step in game.timeline:
        if step.what != RbStep.TARGET:
            continue
        a = step.args_dict()
        item = next(i for f in step.parent.control if isinstance(f, ChainFrame) for i in f.items if i.id == a["item"])
        if any(instr.filter is not None and instr.filter.here for instr in item.ability.effect):
            source = step.before.cards[item.source.id]
            target = step.before.cards[a["card"].partition("@")[0]]
            assert rules.location(target) == rules.location(source)
            event("a target here")


def _lethal(state):
    return [c.id for c in (state.cards[i] for i in state.order)
            if c.zone in state.rules.in_play and c.type == "unit" and c.damage > 0 and c.damage >= c.might]


@SETTINGS
@given(st.one_of(riftbound_scenarios(), _resolution_then_cleanup()), st.data())
def test_no_unit_keeps_lethal_damage_once_the_game_is_at_rest(scenario, data):
    """319.7, 321, 322, 323.5: a change of status (damage dealt, Might lowered) calls for a Cleanup,
    which waits while an item resolves; so after any step at which no item is resolving and no
    trigger check or Cleanup is outstanding, no unit on the board has nonzero damage equal to or
    above its Might."""
    game = played(scenario, data)
    if game is None:
        return
    for step in game.timeline:
        if any(isinstance(f, (ItemFrame, TriggerCheck, Cleanup, CombatFrame)) for f in step.control):
            continue
        assert not _lethal(step.state), f"step #{step.number} ({step.what}): lethal damage at rest"
    for step in game.timeline:
        if step.rule == "rb.cleanup" and "after" in step.args_dict():
            event("a cleanup outside a resolution killed units")
            break
