"""Occurrences: turning "do this" into triggering conditions, and making them happen.

One mechanism serves every kind of event: :func:`conditions_for` builds the triggering
conditions one occurrence creates (one per card or player it affects, all sharing one
sequence), :func:`applies` says whether an event can happen to a card at all, :func:`can_happen`
whether it would change the game state now (what an event needs to occur, and the test behind A
Game of Thrones' "an ability can be initiated only if its effect could change the game state",
which that ruleset applies to targets: :meth:`rulekit.core.ruleset.Ruleset.target_refusal`), and
:func:`apply` is what step 5 does.
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core.matching import restricted_by
from rulekit.core.events import EVENTS, VERB_EVENT, EventKind, Subject, Verb
from rulekit.core.frozen import copier, maker, members, replace
from rulekit.core.model import Card, GameState, TriggeringCondition

# Enum members read at every step, through plain classes (rulekit.frozen.members says why)
_EventKind = members(EventKind)
_Subject = members(Subject)
_Verb = members(Verb)
_kneeling = copier(Card, "kneeling")       # a card knelt or stood, as one call (rulekit.core.frozen.copier)
_condition = maker(TriggeringCondition)   # TriggeringCondition(...), as one call (rulekit.core.frozen.maker)
#: events that put a card at the place their ``to`` names (its ruleset's :meth:`~rulekit.core.places.Places.place`)
_PUT_SOMEWHERE = (_EventKind.MOVES, _EventKind.PLACED)


def can_happen(kind: EventKind, state: GameState, *, card: Card | None = None,
               player: str | None = None, amount: int = 1, resource: str | None = None) -> str | None:
    """``None`` if the event would change the game state now, else why it would not."""
    spec = EVENTS[kind]
    if spec.subject is _Subject.CARD:
        assert card is not None
        why = applies(kind, state, card)
        if why is not None:
            return why
        check = _CARD_CHECKS.get(kind)
        why = check(state, card, amount) if check is not None else None
        return why if why is not None else state.rules.event_refusal(kind, state, card, amount)
    if kind is _EventKind.DRAWS:
        if not state.decks.get(player, ()):
            return f"{player}'s {state.rules.deck} is empty"
        return None
    if kind is _EventKind.PAYS:
        if state.rules.spend(state.pool(player), resource, amount) is None:
            return f"{player} has not {amount} {resource} to pay (pool: {_pool_words(state.pool(player))})"
        return None
    if kind is _EventKind.ADDS:
        return "nothing to add" if amount <= 0 else None
    return None


def _pool_words(pool: dict) -> str:
    return ", ".join(f"{v} {k}" for k, v in sorted(pool.items())) or "empty"


def applies(kind: EventKind, state: GameState, card: Card) -> str | None:
    """``None`` if ``card`` is an object the event can happen to at all (whatever it would
    change), else why not: a card out of play for an event that takes a card from play (unless its
    ruleset lets the event take it from that out-of-play area too:
    :attr:`~rulekit.core.ruleset_state.GameOwnState.out_of_play_origins`), a kill of a card that cannot die, a
    discard from an area no card is discarded from, playing a card not in hand."""
    rules = state.rules
    if EVENTS[kind].from_play and card.zone not in rules.in_play and card.zone not in rules.out_of_play_origins.get(kind, ()):
        return f"{card.title} is not in play"
    check = _APPLIES.get(kind)
    return check(state, card) if check is not None else None


# What else a card event needs to change anything, by kind (beyond being an object it applies
# to). Kinds not listed always can: a token, for instance, is created where its effect says,
# since it does not exist yet.
def _killed(state: GameState, card: Card, amount: int) -> str | None:
    if state.constant_abilities():
        by = restricted_by(state, card, _Verb.CANNOT_BE_KILLED)
        if by is not None:
            return f"{card.title} cannot be killed because of {by.title}"
    return None


def _enters_play(state: GameState, card: Card, amount: int) -> str | None:
    return f"{card.title} is already in play" if card.zone in state.rules.in_play else None


def _kneels(state: GameState, card: Card, amount: int) -> str | None:
    return f"{card.title} is already kneeling" if card.kneeling else None


def _stands(state: GameState, card: Card, amount: int) -> str | None:
    return None if card.kneeling else f"{card.title} is already standing"


def _gains_power(state: GameState, card: Card, amount: int) -> str | None:
    return "no power to gain" if amount <= 0 else None


def _damaged(state: GameState, card: Card, amount: int) -> str | None:
    return "no damage to deal" if amount <= 0 else None


def _recycled(state: GameState, card: Card, amount: int) -> str | None:
    return f"{card.title} is already in its {card.zone}" if card.zone == state.rules.recycled_to(card) else None


_CARD_CHECKS = {
    _EventKind.KILLED: _killed,
    _EventKind.ENTERS_PLAY: _enters_play,
    _EventKind.KNEELS: _kneels,
    _EventKind.STANDS: _stands,
    _EventKind.GAINS_POWER: _gains_power,
    _EventKind.DAMAGED: _damaged,
    _EventKind.RECYCLED: _recycled,
}


# The objects an event applies to at all, by kind (beyond being in play, for the kinds that take
# a card from play).
def _dies(state: GameState, card: Card) -> str | None:
    return None if card.type in state.rules.killable_types else f"{card.title} is not a {state.rules.card_noun}"


def _discardable(state: GameState, card: Card) -> str | None:
    """A card is discarded from play or from the out-of-play areas its ruleset names (by default
    the hand; A Game of Thrones: also the deck — Rules Reference, "Discard Pile")."""
    areas = state.rules.out_of_play_origins.get(_EventKind.DISCARDED, (state.rules.hand,))
    if card.zone in state.rules.in_play or card.zone in areas:
        return None
    if areas == (state.rules.hand,):
        return f"{card.title} is neither in play nor in hand"
    return f"{card.title} is neither in play nor in an area cards are discarded from ({', '.join(areas)})"


def _playable(state: GameState, card: Card) -> str | None:
    return None if card.zone == state.rules.hand else f"{card.title} is not in hand"


_APPLIES = {
    _EventKind.KILLED: _dies,
    _EventKind.DISCARDED: _discardable,
    _EventKind.PLAYED: _playable,
}


def conditions_for(verb: Verb, state: GameState, sequence: str, cause: str, *,
                   cards: tuple[Card, ...] = (), players: tuple[str, ...] = (), amount: int = 1,
                   challenge: str | None = None, phase: str | None = None,
                   cannot_be_saved: str = "", source: Card | None = None, to: str | None = None,
                   grant=None, ability: str | None = None,
                   new_controller: str | None = None, this_turn: bool = False,
                   resource: str | None = None, until: str | None = None,
                   challenge_of_cards: bool = False, how: str | None = None) -> tuple[TriggeringCondition, ...]:
    """The triggering conditions of one occurrence, in the order of ``cards``/``players``.

    Subjects for which the event could not change anything create no condition; winning a
    challenge also creates the loss of each opponent, in the same occurrence.
    """
    kind = VERB_EVENT[verb]
    spec = EVENTS[kind]
    out: list[TriggeringCondition] = []
    if kind is _EventKind.ENTERS_PLAY and how is None and state.rules.entry_means:
        how = state.rules.entry_means[0]          # an effect's "put into play" (A Game of Thrones: not marshaled)
    if kind is _EventKind.SACRIFICED and not cannot_be_saved:
        cannot_be_saved = "is being sacrificed"
    if kind is _EventKind.CHANNELED and players:     # the rules pick the cards: the top of each player's deck
        cards = tuple(c for p in players for c in state.rules.channel_from(state, p, amount))
        amount = 1
    if spec.subject is _Subject.CARD:
        for card in cards:
            why = can_happen(kind, state, card=card, amount=amount)
            if why is None and kind in _PUT_SOMEWHERE and state.rules.where(card) == to:
                why = "already there"
            if why is None and kind is _EventKind.POWER_MOVED:     # power goes to another card in play
                why = _power_destination_refusal(state, card, to)
            if why is None and kind is _EventKind.CONTROL_CHANGES and card.controller == new_controller:
                why = "already its controller"
            if why is None and kind is _EventKind.LOSES_ABILITY and card.ability(ability or "") is None:
                why = "no such ability"
            if why is None:
                player = new_controller if spec.player_named else card.controller
                out.append(_condition(ids.triggering_condition(sequence, kind.value, card.obj), kind,
                                               sequence, cause, card=card, player=player, amount=amount,
                                               cannot_be_saved=cannot_be_saved, source=source, to=to, grant=grant,
                                               ability=ability, this_turn=this_turn, until=until,
                                               challenge=challenge if challenge_of_cards else None, how=how))
    elif spec.subject is _Subject.PLAYER:
        for player in players:
            if can_happen(kind, state, player=player, amount=amount, resource=resource) is None:
                out.append(_condition(ids.triggering_condition(sequence, kind.value, player), kind,
                                               sequence, cause, player=player, amount=amount, challenge=challenge,
                                               source=source, resource=resource))
        if kind is _EventKind.WINS_CHALLENGE:
            for player in players:
                for loser in state.opponents(player):
                    out.append(_condition(
                        ids.triggering_condition(sequence, _EventKind.LOSES_CHALLENGE.value, loser),
                        _EventKind.LOSES_CHALLENGE, sequence, cause, player=loser, challenge=challenge))
    else:
        out.append(_condition(ids.triggering_condition(sequence, kind.value, phase or ""), kind,
                                       sequence, cause, phase=phase, player=state.first_player))
    return tuple(out) + state.rules.companion_conditions(kind, state, tuple(out), sequence, cause)


def _power_destination_refusal(state: GameState, card: Card, to: str | None) -> str | None:
    """Power moves from a card to another card in play; with no such card the move cannot be made."""
    other = state.cards.get(to) if to is not None else None
    if other is None or other.zone not in state.rules.in_play:
        return "there is no card in play to move the power to"
    return "it cannot move to the card it is on" if other.id == card.id else None


def still_imminent(tc: TriggeringCondition, state: GameState) -> str | None:
    """``None`` if the condition can still occur, else what pre-empted it."""
    if tc.card is None:
        return can_happen(tc.kind, state, player=tc.player, amount=tc.amount, resource=tc.resource)
    if tc.kind in (_EventKind.INITIATES, _EventKind.CREATED):
        return None     # an effect initiates even if its card has left play meanwhile; a token is new
    now = state.cards[tc.card.id]
    if now.incarnation != tc.card.incarnation:
        return f"{now.title} is no longer the same object (it moved to the {now.zone})"
    if tc.kind is _EventKind.POWER_MOVED:
        why = _power_destination_refusal(state, now, tc.to)
        if why is not None:
            return why
    return can_happen(tc.kind, state, card=now, amount=tc.amount)


def apply(state: GameState, tc: TriggeringCondition) -> GameState:
    """Step 5: the triggering condition occurs."""
    kind = tc.kind
    spec = EVENTS[kind]
    if spec.subject is _Subject.CARD:
        if kind is _EventKind.CREATED:
            return state.add_card(tc.card)
        if spec.ruleset_applies:        # a game's own event (Riftbound: a score, a defender designation)
            return state.rules.apply_event(state, tc)
        card = state.cards[tc.card.id]
        if kind in (_EventKind.SAVED, _EventKind.INITIATES):
            return state     # a saved card stays where it is (not killed, not discarded); an initiation moves nothing
        if kind is _EventKind.PLAYED:
            to, turned = state.rules.played_to(card, tc.to)
            state = state.rules.place(state, card.id, to)
            return state.with_card(replace(state.cards[card.id], kneeling=True)) if turned else state
        if kind in _PUT_SOMEWHERE:          # a move (on the board it keeps its controller); a placing (A Game of Thrones)
            return state.rules.place(state, card.id, tc.to)
        if kind is _EventKind.CHANNELED:
            return state.move(card.id, state.rules.channel_to)
        if kind is _EventKind.RECYCLED:     # to the bottom of its deck (the rules say which deck)
            to = state.rules.recycled_to(card)
            state = state.move(card.id, to)
            if to == state.rules.deck:
                rest = tuple(c for c in state.decks.get(card.owner, ()) if c != card.id)
                state = replace(state, decks=state.decks.set(card.owner, rest + (card.id,)))
            return state
        if kind is _EventKind.ENTERS_PLAY:
            to, exhausted = state.rules.entry(card, tc.to)
            state = state.rules.place(state, card.id, to)
            if exhausted:
                state = state.with_card(replace(state.cards[card.id], kneeling=True))
            return state.rules.entered_play(state, card.id, tc)   # what its game remembers of the entry
        if spec.moves_card:
            return state.move(card.id, state.rules.leave_play_zone[kind])
        if kind is _EventKind.KNEELS:
            return state.with_card(_kneeling(card, True))
        if kind is _EventKind.STANDS:
            return state.with_card(_kneeling(card, False))
        if kind is _EventKind.CONTROL_CHANGES:
            return state.with_card(replace(card, controller=tc.player))
        own = state.rules.card_event(card, tc)
        if own is not None:             # an event of the game's own card fields (Riftbound: buffs, Might)
            return state.with_card(own)
        number = state.rules.card_changes.get(kind)
        if number is not None:          # power gained, damage dealt, Might changed: the game's own numbers
            return state.with_card(card.changed(**{number: getattr(card, number) + tc.amount}))
        if kind in (_EventKind.GAINS_ABILITY, _EventKind.LOSES_ABILITY):
            abilities = (card.abilities + (tc.grant,) if kind is _EventKind.GAINS_ABILITY
                         else tuple(a for a in card.abilities if a.id != tc.ability))
            state = state.with_card(replace(card, abilities=abilities))
            from rulekit.core.model import index_listeners
            return replace(state, listeners=index_listeners(tuple(state.cards[i] for i in state.order)))
        raise AssertionError(f"no application for {kind}")
    if kind is _EventKind.DRAWS:
        for card_id in state.decks.get(tc.player, ())[: tc.amount]:
            state = state.move(card_id, state.rules.hand)
        return state
    if kind is _EventKind.ADDS:
        key = f"{tc.player}|{tc.resource}"
        return replace(state, resources=state.resources.set(key, state.resources.get(key, 0) + tc.amount))
    if kind is _EventKind.PAYS:
        left = state.rules.spend(state.pool(tc.player), tc.resource, tc.amount)
        head = f"{tc.player}|"
        kept = {k: v for k, v in state.resources.items() if not k.startswith(head)}
        kept.update({head + name: v for name, v in left.items() if v > 0})
        return replace(state, resources=type(state.resources)(kept))
    if kind is _EventKind.PHASE_BEGINS:
        # a round's first phase begins a new round (its "per round" counts start again)
        opens = tc.phase is not None and tc.phase == state.rules.round_opening_phase
        return replace(state, phase=tc.phase or "", phase_number=state.phase_number + 1,
                       round=state.round + 1 if opens else state.round)
    if kind is _EventKind.ROUND_BEGINS:
        return replace(state, round=state.round + 1, phase="", phase_number=0)
    if kind is _EventKind.TURN_ENDS:   # the next player's turn: numbered and once-per-turn counts start again
        state = state.rules.turn_ends(state)
        return replace(state, round=state.round + 1, first_player=state.next_player(state.first_player),
                       phase="", phase_number=0)
    if kind is _EventKind.PHASE_ENDS:     # the game's "until the end of the phase" effects expire first
        return replace(state.rules.phase_ends(state), phase="")
    return state   # challenge results change nothing on the board by themselves
