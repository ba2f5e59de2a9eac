"""The model: players, cards, zones and the immutable game state.

The state is a frozen value. Cards live in a persistent map keyed by card id
(:class:`immutables.Map`), so one change copies a path of the map, not the board; the order
in which the scenario lists cards is kept separately, because a hash map's iteration order is
not stable across processes and rulekit never lets it decide anything.
"""
from __future__ import annotations

from dataclasses import field

from immutables import Map

from rulekit.core import ids
from rulekit.core.abilities import Ability, Timing
from rulekit.core.events import EventKind
from rulekit.core.frozen import immutable, replace


@immutable
class Card:
    """A card as a scenario lists it and as the state holds it.

    ``controller`` defaults to the owner. ``type`` left out (``None``) is the type its
    ruleset gives a card that says none (:attr:`~rulekit.rulesets.Ruleset.default_card_type`:
    ``"character"`` in A Game of Thrones); a ruleset without one, such as Riftbound, refuses the
    card when the scenario is checked. ``incarnation`` counts how many times the card has become
    a new object; :attr:`obj` is its stable object id.
    """

    __pydantic_config__ = {"extra": "forbid"}   # file keys are checked: no unknown keys

    id: str
    title: str
    owner: str
    controller: str | None = None
    zone: str = "play area"
    type: str | None = None
    strength: int = 0
    power: int = 0
    kneeling: bool = False
    traits: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    incarnation: int = 0
    duplicate_of: str | None = None
    might: int = 0
    damage: int = 0

    def __post_init__(self):
        if self.controller is None:
            object.__setattr__(self, "controller", self.owner)

    @property
    def obj(self) -> str:
        """Its object id (:func:`rulekit.ids.card_object`)."""
        return ids.card_object(self.id, self.incarnation)

    def ability(self, ability_id: str) -> Ability | None:
        for a in self.abilities:
            if a.id == ability_id:
                return a
        return None


@immutable
class TriggeringCondition:
    """One triggering condition of an occurrence.

    ``card`` is the subject card as it was when the condition became imminent (what patterns
    such as "a character you control" are judged against); ``player`` is the subject player
    (who draws, who wins) or, for a card event, that card's controller.
    """

    id: str
    kind: EventKind
    sequence: str
    cause: str
    card: Card | None = None
    player: str | None = None
    amount: int = 1
    challenge: str | None = None
    phase: str | None = None
    cannot_be_saved: str = ""          # why a save is not allowed ("cannot be saved", "sacrificed", …)
    cannot_be_cancelled: bool = False
    source: Card | None = None         # the card whose effect made it happen (a spell that kills, …)
    to: str | None = None              # where a move takes the card
    grant: object = None               # the Ability a grant gives
    ability: str | None = None         # the ability id a removal takes away

    @property
    def subject(self) -> str:
        if self.card is not None:
            return self.card.obj
        return self.player if self.player is not None else (self.phase or "")


@immutable
class DelayedEffect:
    """An effect set up now to resolve the next time ``at`` occurs (``agot.delayed``)."""

    id: str
    use: str
    source: Card
    controller: str
    at: object            # a Trigger
    effect: tuple         # of Instruction


Listener = tuple[str, int]   # (card id, index of the ability on the card)
ListenKey = tuple[str, str]   # (event kind, timing) values: what an ability listens for, and when
CONSTANT_KEY: ListenKey = ("", "constant")   # where the index lists constant abilities


@immutable
class GameState:
    """Everything the rules look at, as one immutable value."""

    ruleset: str
    players: tuple[str, ...]
    first_player: str
    cards: Map
    order: tuple[str, ...]
    decks: Map
    used: Map = field(default_factory=Map)
    phase: str = ""
    round: int = 1
    phase_number: int = 0
    usage: Map = field(default_factory=Map)          # limit/max key -> uses in the current period
    cancelled: Map = field(default_factory=Map)      # triggering condition id -> the use that cancelled it
    changed: Map = field(default_factory=Map)        # triggering condition id -> the condition it became
    replacements: Map = field(default_factory=Map)   # triggering condition id -> ((use, card id, controller), …)
    delayed: tuple = ()                              # DelayedEffect waiting for their timing point
    counts: Map = field(default_factory=Map)         # numbered triggers: "card.ability|turn" -> events seen
    rulings: Map = field(default_factory=Map)        # ruling name -> the option in force (every ruling of the ruleset)
    playing: Map = field(default_factory=Map)        # card object being played -> its use (an event, until it is played)
    would_changed: Map = field(default_factory=Map)  # condition id -> the use that changed what is about to happen (agot.would)
    history: Map = field(default_factory=Map)        # Riftbound: n -> (turn, TriggeringCondition), the n-th event processed
    printed: Map = field(default_factory=Map, compare=False, repr=False)   # card id -> the Card as printed (or created)
    listeners: Map = field(default_factory=Map, compare=False, repr=False)
    duplicated: frozenset = field(default=frozenset(), compare=False, repr=False)   # ids of cards with duplicates
    rules: object = field(default=None, compare=False, repr=False)   # the Ruleset object named by ``ruleset``

    # -- reading -------------------------------------------------------------------------
    def ruling(self, name: str) -> str:
        """The option in force for a ruling of this game's ruleset."""
        return self.rulings[name]

    def events_newest_first(self):
        """The events processed so far, newest first, as (turn, TriggeringCondition). (A
        persistent map, not a tuple: adding an event shares the rest instead of copying it.)"""
        h = self.history
        for n in range(len(h) - 1, -1, -1):
            yield h[n]

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def seat_order(self) -> tuple[str, ...]:
        """Players in seat order starting with the first player."""
        i = self.players.index(self.first_player)
        return self.players[i:] + self.players[:i]

    def next_player(self, player: str) -> str:
        i = self.players.index(player)
        return self.players[(i + 1) % len(self.players)]

    def opponents(self, player: str) -> tuple[str, ...]:
        return tuple(p for p in self.seat_order() if p != player)

    def cards_in(self, zone: str, player: str | None = None) -> tuple[Card, ...]:
        """Cards in a zone in listing order (draw decks: top first), optionally one owner's."""
        if zone == self.rules.deck:
            owners = (player,) if player else self.players
            return tuple(self.cards[c] for p in owners for c in self.decks.get(p, ()))
        return tuple(c for c in (self.cards[i] for i in self.order)
                     if c.zone == zone and (player is None or c.owner == player))

    def constant_abilities(self) -> tuple[Listener, ...]:
        """Every constant ability on the board (active or not), in listing order."""
        return self.listeners.get(CONSTANT_KEY, ())

    def listeners_for(self, kind: EventKind, timing) -> tuple[Listener, ...]:
        """Abilities of this timing that listen for this kind of event, in listing order. (The
        index is keyed by the values; a member hashes and compares as its value.)"""
        return self.listeners.get((kind, timing), ())

    # -- changing ------------------------------------------------------------------------
    def with_card(self, card: Card) -> "GameState":
        return replace(self, cards=self.cards.set(card.id, card))

    def move(self, card_id: str, to_zone: str, *, controller: str | None = None) -> "GameState":
        """Move a card between zones; it becomes a new object where the ruleset says so."""
        card = self.cards[card_id]
        new_object = self.rules.new_object(card.zone, to_zone)
        new = replace(card, zone=to_zone, kneeling=card.kneeling if not new_object else False,
                      power=card.power if to_zone in self.rules.in_play else 0,
                      damage=card.damage if not new_object else 0,
                      controller=controller or (card.controller if to_zone in self.rules.in_play else card.owner),
                      incarnation=card.incarnation + (1 if new_object else 0))
        printed = self.printed.get(card_id) if new_object else None
        regranted = False
        if printed is not None and (new.might != printed.might or new.abilities != printed.abilities):
            # a new object has none of the old one's temporary changes: printed Might and abilities
            regranted = new.abilities != printed.abilities
            new = replace(new, might=printed.might, abilities=printed.abilities)
        cards = self.cards.set(card_id, new)
        if card_id in self.duplicated and card.zone in self.rules.in_play and to_zone not in self.rules.in_play:
            # its duplicates leave with it (to their owner's discard pile), as part of the same move
            for other in self.order:
                dup = cards[other]
                if dup.duplicate_of == card_id and dup.zone in self.rules.in_play:
                    cards = cards.set(other, replace(dup, zone=self.rules.leave_play_zone[EventKind.DISCARDED],
                                                     incarnation=dup.incarnation + 1))
        decks = self.decks
        if card.zone == self.rules.deck:
            decks = decks.set(card.owner, tuple(c for c in decks.get(card.owner, ()) if c != card_id))
        if to_zone == self.rules.deck:
            decks = decks.set(card.owner, (card_id,) + decks.get(card.owner, ()))
        if regranted:
            return replace(self, cards=cards, decks=decks,
                           listeners=index_listeners(tuple(cards[i] for i in self.order)))
        return replace(self, cards=cards, decks=decks)

    def add_card(self, card: Card) -> "GameState":
        """A new object that was not in the scenario (a token): listed last, printed as created."""
        order = self.order + (card.id,)
        cards = self.cards.set(card.id, card)
        return replace(self, cards=cards, order=order, printed=self.printed.set(card.id, card),
                       listeners=index_listeners(tuple(cards[i] for i in order)))

    def mark_used(self, use_id: str, responds_to: str) -> "GameState":
        return replace(self, used=self.used.set(use_id, responds_to))


def typed_cards(rules, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` with each card that says no type given its ruleset's default type (a card
    stays untyped where ``rules`` has no default: :func:`rulekit.scenario.check` refuses it)."""
    default = rules.default_card_type
    if default is None or all(c.type is not None for c in cards):
        return cards
    return tuple(replace(c, type=default) if c.type is None else c for c in cards)


def index_listeners(cards: tuple[Card, ...]) -> Map:
    """Abilities indexed by the event kind they listen for and their timing, in listing order,
    so a step looks only at the abilities that could be used at it, whatever the board's size."""
    index: dict[ListenKey, list[Listener]] = {}
    for card in cards:
        for i, ability in enumerate(card.abilities):
            if ability.timing is Timing.CONSTANT:   # constant abilities listen for nothing: listed apart
                index.setdefault(CONSTANT_KEY, []).append((card.id, i))
            elif ability.when is not None:   # abilities used with priority listen for nothing
                index.setdefault((ability.when.event.value, ability.timing.value), []).append((card.id, i))
    return Map({k: tuple(v) for k, v in index.items()})


def initial_state(rules, players: tuple[str, ...], first_player: str,
                  cards: tuple[Card, ...], phase: str = "", round: int = 1,
                  rulings: dict | None = None) -> GameState:
    """The state a game starts from, under ``rules`` (a :class:`~rulekit.core.ruleset.Ruleset`
    object: the core never looks a ruleset up by its name)."""
    ruleset = rules.name
    cards = rules.setup_cards(typed_cards(rules, tuple(cards)))
    deck = rules.deck
    in_force = rules.default_rulings()
    in_force.update(rulings or {})
    decks = {p: tuple(c.id for c in cards if c.owner == p and c.zone == deck) for p in players}
    return GameState(ruleset=ruleset, rules=rules, players=players, first_player=first_player,
                     cards=Map({c.id: c for c in cards}), order=tuple(c.id for c in cards),
                     decks=Map(decks), phase=phase, round=round, rulings=Map(in_force),
                     printed=Map({c.id: c for c in cards}),
                     listeners=index_listeners(cards),
                     duplicated=frozenset(c.duplicate_of for c in cards if c.duplicate_of))
