"""The newest item on the Chain resolving, instruction by instruction (rules ``rb.resolve``,
``rb.source-info``, ``rb.optional`` at resolution, ``rb.recheck-condition``): what it reads of
its source, the tokens it creates, the items it takes control of, and the cleanup after it."""
from __future__ import annotations

from rulekit.core import chance, ids, judge
from rulekit.core import occur
from rulekit.core.abilities import Instruction, Target
from rulekit.core.decisions import NO, YES, AnswerKey, Decision, DecisionKind
from rulekit.core.events import CONDITION_VERBS, EventKind, Verb
from rulekit.core.frames import Ask, Control, Progress
from rulekit.core.frozen import replace
from rulekit.rulesets.riftbound import cards
from rulekit.rulesets.riftbound.cards import RiftboundCard, with_keyword_abilities
from rulekit.core.model import Card, GameState, TriggeringCondition
from rulekit.core.ruleset import ruling_arg
from rulekit.rulesets.riftbound.codes import RbStep
from rulekit.rulesets.riftbound.frames import ChainFrame, ChainItem, ItemFrame
from rulekit.rulesets.riftbound.triggers import occurrence
from rulekit.rulesets.riftbound.replacing import delayed_key
from rulekit.rulesets.riftbound.judging import deathknell_me
from rulekit.rulesets.riftbound.cleanup import lethal
from rulekit.rulesets.riftbound import choosing
from rulekit.rulesets.riftbound import effectplay


def advance_item(frame: ItemFrame, state: GameState, control: Control) -> Progress | Ask:
    item = frame.item
    if _asks_may(frame, state):
        key = AnswerKey(DecisionKind.MAY, item.id, item.controller)
        return Ask(Decision(key, (YES, NO), YES, "rb.optional",
                            f"{item.controller} may resolve {item.id} (\"you may\", decided at resolution)", state))
    if (not frame.rechecked and item.ability.condition and item.ability.when is not None
            and state.ruling("rb.recheck-condition") == "intervening-if"):
        return _recheck(frame, state, control)
    if frame.index < len(item.ability.effect):
        return _execute(frame, state, control, item.ability.effect[frame.index])
    return _finish(frame, state, control)


def _asks_may(frame: ItemFrame, state: GameState) -> bool:
    """Whether the item asks its "you may" now (ruling ``rb.optional=at-resolution``)."""
    return frame.item.ability.optional and not frame.decided and state.ruling("rb.optional") == "at-resolution"


def answer_item(frame: ItemFrame, state: GameState, control: Control, option: str, verdicts=()) -> Progress:
    if not _asks_may(frame, state):
        instr = frame.item.ability.effect[frame.index] if frame.index < len(frame.item.ability.effect) else None
        waiting = None if instr is None else choosing.pending(frame, state, instr, _acting_source(state, frame.item))
        if waiting is not None:         # a player's choice as it resolves (rb.each-chooses)
            return choosing.answer(frame, state, control, option, waiting)
        return _answer_chance(frame, state, control, option)
    args = (("item", frame.item.id), ("answer", option), ("when", "resolution"), ruling_arg(state, "rb.optional"))
    if option == YES:
        return Progress(state, control[:-1] + (replace(frame, decided=True),), "rb.optional", RbStep.MAY, args)
    done = replace(frame, decided=True, index=len(frame.item.ability.effect))
    return Progress(state, control[:-1] + (done,), "rb.optional", RbStep.MAY, args)


def _recheck(frame: ItemFrame, state: GameState, control: Control) -> Progress:
    """Magic's intervening "if" (ruling ``rb.recheck-condition=intervening-if``): the condition
    written with the trigger condition is checked again; if false, the item does nothing."""
    item = frame.item
    source = _live_source(state, item) or item.source
    why = judge.condition_failure(item.ability.condition, state, item.controller, source)
    moved = replace(frame, rechecked=True, index=len(item.ability.effect) if why else frame.index)
    return Progress(state, control[:-1] + (moved,), "rb.recheck-condition=intervening-if", RbStep.RECHECK,
                    (("item", item.id), ("holds", why is None), ("why", why or ""),
                     ruling_arg(state, "rb.recheck-condition")))


def _live_source(state: GameState, item: ChainItem) -> Card | None:
    """The source as it is now, or ``None`` if it is gone (a new object, or off the board)."""
    now = state.cards.get(item.source.id)
    if now is None or now.incarnation != item.source.incarnation:
        return None
    return now


def _last_known(state: GameState, item: ChainItem) -> Card:
    """The source as it last existed on the board (for ``rb.source-info=last-known``): the card as
    it was just before the last event that took it off the board, else as the item noted it."""
    for _, tc in state.events_newest_first():
        if (tc.card is not None and tc.card.id == item.source.id and tc.card.incarnation == item.source.incarnation
                and tc.card.zone in state.rules.in_play):
            return tc.card
    return item.source


def _execute(frame: ItemFrame, state: GameState, control: Control, instr: Instruction) -> Progress:
    item = frame.item
    slot = f"effect{frame.index}"
    moved_on = replace(frame, index=frame.index + 1, chance=())
    me = item.controller
    args = (("item", item.id), ("instruction", slot), ("verb", instr.words))
    captured = item.source if item.ability.deathknell else None   # noted before it moved (808.1.d.3)
    why = judge.condition_failure(instr.condition, state, me, item.source, captured=captured)
    if why:
        return Progress(state, control[:-1] + (moved_on,), "rb.effect-condition", RbStep.CONDITION_FALSE,
                        args + (("why", why),))
    if instr.do is Verb.NOT_MODELLED:
        # rulekit.not-modelled: nothing changes and no event occurs, so nothing is processed or triggers
        return Progress(state, control[:-1] + (moved_on,), "rulekit.not-modelled", RbStep.NOT_MODELLED,
                        args + (("changes_state", instr.changes_state),))
    if instr.do is Verb.SHUFFLE:
        return _shuffle(frame, moved_on, state, control, instr, args)
    amount = instr.amount
    if instr.amount_of is not None:
        if instr.amount_of == "that card's might":
            if item.event is None or item.event.card is None:
                return Progress(state, control[:-1] + (moved_on,), "rb.source-info", RbStep.NULL, args)
            amount = item.event.card.might          # fixed when the trigger condition was met
        elif item.ability.deathknell:
            amount = item.source.might               # Deathknell: as it was on the board (rb.deathknell)
        else:
            live = _live_source(state, item)
            if live is None or live.zone not in state.rules.in_play:
                if state.ruling("rb.source-info") == "null":
                    return Progress(state, control[:-1] + (moved_on,), "rb.source-info", RbStep.NULL,
                                    args + (("why", f"{item.source.title} is gone: its Might is null"),
                                            ruling_arg(state, "rb.source-info")))
                amount = _last_known(state, item).might   # Magic's last known information
                args += (ruling_arg(state, "rb.source-info"),)
            else:
                amount = live.might                  # read now
        amount = max(amount, 0)                      # a Might below 0 is read as 0 (143.2.b, rb.might)
    live = _live_source(state, item)
    source = _acting_source(state, item)
    to = instr.to
    if to == cards.HERE:        # read as the instruction executes (359.3.f.1-2): where the source is now
        to = cards.here_of(source)
        if to is None:          # information about the source that is not available is null (359.3.e.12)
            why = f"\"here\" is nowhere: {source.title} is at no location on the board"
            gone = (ruling_arg(state, "rb.source-info"),) if captured is None and live is None else ()
            return Progress(state, control[:-1] + (moved_on,), "rb.source-info", RbStep.NULL,
                            args + (("why", why), ("ignored", True)) + gone)
        args += (("here", to),)
    effective = replace(instr, amount=amount)
    rule = "rb.resolve"
    if instr.target is Target.CHOSEN_ABILITY:
        return _take_ability(frame, moved_on, state, control, item, slot, args)
    if instr.target.by_others:          # each player chooses now, in turn order (rb.each-chooses)
        waiting = choosing.pending(frame, state, instr, source)
        if waiting is not None:
            return choosing.ask(frame, state, instr, waiting)
        wanted = choosing.chosen_cards(frame, state, instr)
        targets = tuple(c for c in judge.changeable_targets(effective, state, me, source, item.event) if c.obj in wanted)
    elif choosing.hidden_choice(instr):     # in a hand or a deck: no target, chosen now (rb.hidden-choice)
        waiting = choosing.pending(frame, state, instr, source)
        if waiting is not None:
            return choosing.ask(frame, state, instr, waiting)
        wanted = choosing.chosen_cards(frame, state, instr)
        targets = tuple(c for c in judge.chooser_targets(effective, state, me, source, item.event) if c.obj in wanted)
    elif instr.target.is_chosen:
        wanted = item.choices(slot)
        targets = tuple(c for c in judge.chooser_targets(effective, state, me, source, item.event) if c.obj in wanted)
    elif instr.target is Target.RANDOM:
        candidates = judge.changeable_targets(effective, state, me, source, item.event)
        outcomes = _random_outcomes(instr, state, candidates, amount)
        if len(outcomes) > 1 and not frame.chance:
            return Ask(chance.decision(ids.nested(item.id, slot), outcomes,
                                       f"chance: {_random_words(instr, state, candidates, amount)} taken at random to "
                                       f"{instr.do.value} ({slot} of {item.id})", state))
        picked = chance.cards_of(frame.chance[0] if frame.chance else (outcomes[0] if outcomes else ""))
        targets = tuple(c for c in candidates if c.obj in picked)
    elif (instr.target is Target.SELF and live is None and item.ability.deathknell
          and instr.do is not Verb.CREATE and instr.do not in CONDITION_VERBS):
        # "me" of a Deathknell: its card in the trash, where the instruction can act on it (rb.deathknell-me)
        card, acted, why = deathknell_me(state, item.source, item.ability, instr)
        args += (ruling_arg(state, "rb.deathknell-me"),)
        if card is None:
            return Progress(state, control[:-1] + (moved_on,), "rb.deathknell-me", RbStep.NOTHING,
                            args + (("why", why),) if why else args)
        targets, rule, args = (card,), "rb.deathknell-me", args + (("me", card.obj),)
        if acted is not instr:      # turned into a move (return to hand: to its owner's hand)
            instr, to = acted, acted.to
    elif instr.target is Target.SELF:
        targets = (live,) if live is not None else ()
    else:
        targets = judge.changeable_targets(effective, state, me, source, item.event)
    if instr.do is Verb.PLAY:           # an effect plays a card: on the Chain, pending (rb.play-effect)
        return effectplay.to_chain(state, control[:-1] + (moved_on,), item, slot, instr, targets, to, args)
    group = ids.nested(item.id, slot)
    if instr.do is Verb.REPLACE:
        # "the next time it would die (this turn), … instead": a delayed replacement (390.3) waits for that
        # object's death, and is ordered there with any other replacement (rb.standing-replacement)
        for card in targets:
            key = delayed_key(card.obj, instr.this_turn)
            entry = (item.id, item.source.id, me, instr.instead)
            state = replace(state, replacements=state.replacements.set(key, state.replacements.get(key, ()) + (entry,)))
        return Progress(state, control[:-1] + (moved_on,), "rb.replacement", RbStep.REPLACES,
                        args + (("cards", tuple(c.id for c in targets)), ("this turn", instr.this_turn)))
    if instr.do is Verb.CREATE:
        targets = _tokens(state, instr, me, to)
    kw = {"players": targets} if instr.target.is_player else {"cards": targets}
    conditions = occur.conditions_for(instr.do, state, group, item.id, amount=amount, source=item.source,
                                      to=to, grant=instr.grant, ability=instr.ability, new_controller=me,
                                      this_turn=instr.this_turn, resource=instr.resource, **kw)
    if not conditions:
        return Progress(state, control[:-1] + (moved_on,), "rb.effect-nothing", RbStep.NOTHING, args)
    return occurrence(state, control[:-1] + (moved_on,), conditions, group, rule, args)


def _acting_source(state: GameState, item: ChainItem) -> Card:
    """The item's source as its instructions read it now (rb.source-info): a Deathknell's as it was
    where it died; the live card on the board; else, gone, as the ruling says."""
    if item.ability.deathknell:
        return item.source                           # "here", "I": where it died (808.1.d.3)
    live = _live_source(state, item)
    if live is not None and live.zone in state.rules.in_play:
        return live
    if state.ruling("rb.source-info") == "last-known":
        return _last_known(state, item)              # Magic: where it last was
    return replace(item.source, zone="")             # gone: no location (359.3.e.12)


def _random_outcomes(instr, state: GameState, candidates, amount: int) -> tuple[str, ...]:
    """What a random pick can take (rule ``rb.chance``; 422.1, 422.4): :func:`rulekit.core.chance.pick_outcomes`."""
    return chance.pick_outcomes(instr, state, candidates, amount)


def _random_words(instr, state: GameState, candidates, amount: int) -> str:
    """What a random pick's decision asks, in words: "which 1 of the 3 card(s) found are", or, when
    each player gives their own, "which 1 card(s) of each player's (P2: 2 found, P3: 1 found) are"."""
    owners: dict[str, int] = {}
    for c in candidates:
        owners[c.owner] = owners.get(c.owner, 0) + 1
    if chance.per_player(instr, state) and len(owners) > 1:
        found = ", ".join(f"{p}: {n} found" for p, n in owners.items())
        return f"which {amount} card(s) of each player's ({found}) are"
    return f"which {min(amount, len(candidates))} of the {len(candidates)} card(s) found are"


def _answer_chance(frame: ItemFrame, state: GameState, control: Control, outcome: str) -> Progress:
    """The game's answer to the chance decision of the instruction at ``frame.index`` (rule
    ``rulekit.chance``): the cards a random pick takes (they are affected as the instruction then
    executes), or the new top of a shuffled deck."""
    instr = frame.item.ability.effect[frame.index]
    slot = f"effect{frame.index}"
    args = (("item", frame.item.id), ("instruction", slot), ("verb", instr.words))
    if instr.do is Verb.SHUFFLE:
        return _shuffle(frame, replace(frame, index=frame.index + 1, chance=()), state, control, instr, args, outcome)
    return Progress(state, control[:-1] + (replace(frame, chance=(outcome,)),), "rulekit.chance", RbStep.CHANCE,
                    args + (("outcome", outcome), ("cards", chance.cards_of(outcome))))


def _shuffle(frame: ItemFrame, moved_on: ItemFrame, state: GameState, control: Control, instr: Instruction,
             args: tuple, answer: str | None = None) -> Progress | Ask:
    """Shuffle each target player's main deck in turn (rule ``rulekit.chance``; Core Rules 108.4.d:
    its order is secret): the game answers which cards end on top, ``amount`` deep; the cards
    beneath keep their order. A deck with one possible order asks nothing."""
    item = frame.item
    players = judge.player_targets(instr, state, item.controller, item.event)
    i = len(frame.chance)
    if i >= len(players):
        return Progress(state, control[:-1] + (moved_on,), "rb.effect-nothing", RbStep.NOTHING, args)
    player = players[i]
    outcomes = chance.shuffle_outcomes(state.decks.get(player, ()), instr.amount)
    if answer is None and len(outcomes) > 1:
        return Ask(chance.decision(ids.nested(item.id, f"effect{frame.index}"), outcomes,
                                   f"chance: which card(s) end on top of {player}'s {state.rules.deck} after the "
                                   f"shuffle ({item.id})", state, number=i + 1))
    outcome = answer if answer is not None else (outcomes[0] if outcomes else "")
    state = chance.shuffled(state, player, outcome)
    after = moved_on if i + 1 >= len(players) else replace(frame, chance=frame.chance + (outcome,))
    return Progress(state, control[:-1] + (after,), "rulekit.chance", RbStep.SHUFFLED,
                    args + (("player", player), ("outcome", outcome), ("cards", chance.cards_of(outcome)),
                            ("outcomes", len(outcomes))))


def _tokens(state: GameState, instr: Instruction, me: str, to: str | None) -> tuple[Card, ...]:
    """The tokens a ``create`` makes: owned and controlled by the item's controller (179, 180),
    entering exhausted unless ready (182.1.d), created directly where the instruction says — a zone,
    or a battlefield on the board, in the battlefield zone at it — its controller's base by default
    (439.2, 439.2.a, 439.2.b)."""
    token = instr.token
    slug = ids.token_slug(token.title)
    n = ids.tokens_so_far(state.order, slug)
    return tuple(with_keyword_abilities(cards.placed(state,
        Card(id=ids.token(slug, n + k + 1), title=token.title, owner=me, controller=me, zone="base",
             type=token.type, traits=token.traits, kneeling=token.type == "unit" and not token.ready,
             extension=RiftboundCard(might=token.might, keywords=token.keywords)), to or "base"))
        for k in range(max(instr.amount, 0)))


def _take_ability(frame: ItemFrame, moved_on: ItemFrame, state: GameState, control: Control, item: ChainItem,
                  slot: str, args: tuple) -> Progress:
    """Gain control of another item on the Chain (188.4, 359.3.f.4): the item's controller
    changes, its source's does not."""
    wanted = item.choice(slot)
    rest = control[:-1]
    chain_at = next((i for i in range(len(rest) - 1, -1, -1) if isinstance(rest[i], ChainFrame)), None)
    target = None if chain_at is None else next((i for i in rest[chain_at].items if i.id == wanted), None)
    if target is None or target.controller == item.controller:
        return Progress(state, rest + (moved_on,), "rb.effect-nothing", RbStep.NOTHING, args)
    chain = rest[chain_at]
    # a played spell keeps who played it (rb.played-by): a change of its control changes no past action
    items = tuple(replace(i, controller=item.controller,
                          played_by=i.played_by or (i.controller if i.played else None)) if i is target else i
                  for i in chain.items)
    rest = rest[:chain_at] + (replace(chain, items=items),) + rest[chain_at + 1:]
    return Progress(state, rest + (moved_on,), "rb.ability-control", RbStep.ABILITY_CONTROL,
                    args + (("target", target.id), ("from", target.controller), ("to", item.controller)))


def _finish(frame: ItemFrame, state: GameState, control: Control) -> Progress:
    """After an item resolves: a played spell's play is complete (it goes to the trash and is
    played: :func:`_complete_play`), then the cleanup (units with lethal damage die together: rule
    ``rb.cleanup``, :mod:`.cleanup`)."""
    item = frame.item
    if item.played and not frame.completed and state.cards[item.played].zone == "chain":
        return _complete_play(frame, state, control)
    dying = lethal(state)
    rest = control[:-1]
    if dying:       # the Cleanup its events called for waits until it has resolved (321.1)
        group = ids.nested(item.id, "cleanup")
        conditions = occur.conditions_for(Verb.KILL, state, group, group, cards=dying)
        return occurrence(state, rest, conditions, group, "rb.cleanup", (("item", item.id),))
    return Progress(state, rest, "rb.chain", RbStep.RESOLVED, (("item", item.id),))


def played_by(state: GameState, item: ChainItem) -> str:
    """Who played the spell of ``item`` (ruling ``rb.played-by``): the player who played it — put
    it on the Chain and paid for it (419.1, 411.1, 411.4) — even if its control has changed since;
    or, under the other option, its controller as its play is completed (155, 188.2, 419.4.a)."""
    if item.played_by is not None and state.ruling("rb.played-by") == "who-played":
        return item.played_by
    return item.controller


def _complete_play(frame: ItemFrame, state: GameState, control: Control) -> Progress:
    """A spell played with priority is played once its play is complete: when it has resolved,
    even if none of its instructions could be followed (350.1, 419.4.a, 359.3.e.10). It goes to its
    owner's trash (359.3.d) in the event of its being played, whose triggers — "When you play a
    spell" — are evaluated after it, their items added after those its own instructions added (rule
    ``rb.play-spell``). The cleanup its resolution calls for follows (321.1)."""
    item = frame.item
    card = state.cards[item.played]
    player = played_by(state, item)
    group = ids.after_part_sequence(item.id, "played")
    tc = TriggeringCondition(ids.triggering_condition(group, EventKind.PLAYED.value, card.obj), EventKind.PLAYED,
                             group, item.id, card=card, player=player)
    if card.obj in state.playing:          # finalized, waiting to be played (rb.legion-counts): played now
        state = replace(state, playing=state.playing.delete(card.obj))
    args = (("item", item.id), ("completed", player))
    if item.played_by is not None and item.played_by != item.controller:
        args += (ruling_arg(state, "rb.played-by"),)     # its control changed on the Chain: who played it?
    return occurrence(state, control[:-1] + (replace(frame, completed=True),), (tc,), group, "rb.play-spell", args)
