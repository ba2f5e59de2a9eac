"""The model: players, cards, zones and the immutable game state.

The state is a frozen value. Cards live in a persistent map keyed by card id
(:class:`immutables.Map`), so one change copies a path of the map, not the board; the order
in which the scenario lists cards is kept separately, because a hash map's iteration order is
not stable across processes and rulekit never lets it decide anything.
"""
from __future__ import annotations

import dataclasses
from dataclasses import field
from typing import Any

from immutables import Map

from rulekit.core import ids
from rulekit.core.abilities import Ability, Timing
from rulekit.core.events import EventKind
from rulekit.core.frozen import HashedOnce, copier, immutable, replace


@immutable
class Card(HashedOnce):
    """A card as a scenario lists it and as the state holds it: the fields every game has, and
    its ruleset's own (:attr:`extension`).

    ``controller`` defaults to the owner. ``type`` and ``zone`` left out (``None``) are the ones
    its ruleset gives a card that says none (:attr:`~rulekit.core.ruleset.Ruleset.default_card_type`,
    :attr:`~rulekit.core.ruleset.Ruleset.default_zone`); a ruleset without one refuses the card
    when the scenario is checked. ``kneeling`` is the card turned sideways, which every game
    here has and words its own way (:attr:`~rulekit.core.ruleset.Ruleset.turned_word`:
    "kneeling", "exhausted"). ``incarnation`` counts how many times the card has become a new
    object; :attr:`obj` is its stable object id.

    ``extension`` holds the fields only its game has (A Game of Thrones: strength, power,
    duplicates; Riftbound: Might and damage), as the frozen dataclass its ruleset names in
    :attr:`~rulekit.core.ruleset.Ruleset.card_extension`. A file writes them as the card's own
    keys (``strength: 3``), and they read as the card's attributes (``card.strength``); they are
    changed with :meth:`changed`.
    """

    __pydantic_config__ = {"extra": "forbid"}   # file keys are checked: no unknown keys

    id: str
    title: str
    owner: str
    controller: str | None = None
    zone: str | None = None
    type: str | None = None
    kneeling: bool = False
    traits: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    incarnation: int = 0
    extension: Any = None

    def __post_init__(self):
        if self.controller is None:
            object.__setattr__(self, "controller", self.owner)

    def changed(self, **changes) -> "Card":
        """This card with fields changed: its own fields and its ruleset's alike."""
        own = {k: v for k, v in changes.items() if k in _CARD_FIELDS}
        theirs = {k: v for k, v in changes.items() if k not in _CARD_FIELDS}
        if theirs:
            if self.extension is None or not set(theirs) <= set(_extension_names(type(self.extension))):
                unknown = sorted(set(theirs) - set(_extension_names(type(self.extension))))
                raise TypeError(f"card {self.id!r} has no field {', '.join(map(repr, unknown))}"
                                + (" (it has no fields of its game yet: build it with its extension)"
                                   if self.extension is None else ""))
            own["extension"] = replace(self.extension, **theirs)
        return replace(self, **own)

    def own_fields(self) -> dict:
        """Its own game's fields and their values, in the order the game lists them."""
        ext = self.extension
        return {} if ext is None else {n: getattr(ext, n) for n in _extension_names(type(ext))}

    @property
    def obj(self) -> str:
        """Its object id (:func:`rulekit.ids.card_object`)."""
        return ids.card_object(self.id, self.incarnation)

    def ability(self, ability_id: str) -> Ability | None:
        for a in self.abilities:
            if a.id == ability_id:
                return a
        return None


_NAMES: dict[type, tuple[str, ...]] = {}


def _extension_names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls)) if cls is not type(None) else ()
    return names


_CARD_FIELDS = frozenset(f.name for f in dataclasses.fields(Card))


class _Forwarded:
    """A ruleset's own card field read on the card itself (``card.power`` for
    ``card.extension.power``). One is put on :class:`Card` for each field a ruleset's card
    extension has (:func:`forward_card_fields`), rather than a ``__getattr__``: a class with
    ``__getattr__`` has none of its attribute reads specialised by the interpreter, and the
    engine reads cards' own fields at every step."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __get__(self, card, owner=None):
        if card is None:
            return self
        extension = card.extension
        if extension is not None and self.name in _extension_names(type(extension)):
            return getattr(extension, self.name)
        raise AttributeError(f"{type(card).__name__!s} {card.id!r} has no field {self.name!r}")


def forward_card_fields(extension: type) -> None:
    """Let every :class:`Card` answer for the fields of a ruleset's card extension (a frozen
    dataclass, :attr:`~rulekit.core.ruleset.Ruleset.card_extension`): a card of that game reads
    them from its extension; a card of another game has no such field (``AttributeError``)."""
    for name in _extension_names(extension):
        if name in _CARD_FIELDS:
            raise TypeError(f"{extension.__qualname__}.{name}: a ruleset's card field cannot share a name with Card's own")
        known = Card.__dict__.get(name)
        if known is None:
            setattr(Card, name, _Forwarded(name))
        elif not isinstance(known, _Forwarded):
            raise TypeError(f"{extension.__qualname__}.{name}: Card already has an attribute {name!r}")


@immutable(quick_new=True)
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
    this_turn: bool = False            # a change that lasts until the end of the turn ("+2 Might this turn")
    resource: str | None = None        # what a player adds or pays (Riftbound: energy, or a domain's power)
    until: str | None = None           # a lasting change's end (A Game of Thrones: "until the end of the challenge")
    how: str | None = None             # how a card enters play (its ruleset's means: "marshal", "put into play" …)

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


@immutable(quick_new=True)
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
    playing: Map = field(default_factory=Map)        # card object being played -> its use (an event, until it is played;
                                                     # Riftbound: a spell finalized on the Chain -> who plays it)
    history: Map = field(default_factory=Map)        # Riftbound: n -> (turn, TriggeringCondition), the n-th event processed
    resources: Map = field(default_factory=Map)      # "player|resource" -> amount a player holds (Riftbound: the Rune Pool)
    challenges: tuple = ()                           # A Game of Thrones: every challenge initiated, oldest first
    printed: Map = field(default_factory=Map, compare=False, repr=False)   # card id -> the Card as printed (or created)
    listeners: Map = field(default_factory=Map, compare=False, repr=False)
    dependents: Map = field(default_factory=Map, compare=False, repr=False)  # card id -> cards leaving play with it
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

    def pool(self, player: str) -> dict[str, int]:
        """The resources ``player`` holds, by name (only those above zero)."""
        head = f"{player}|"
        return {k[len(head):]: v for k, v in self.resources.items() if k.startswith(head) and v > 0}

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
        return _with_cards(self, self.cards.set(card.id, card))

    def move(self, card_id: str, to_zone: str, *, controller: str | None = None) -> "GameState":
        """Move a card between zones; it becomes a new object where the ruleset says so, and a
        new object has none of the old one's temporary changes (it stands, with its printed
        abilities); what its ruleset's own fields become, and what else moves with it, is the
        ruleset's (:meth:`~rulekit.core.ruleset.Ruleset.moved_card`,
        :meth:`~rulekit.core.ruleset.Ruleset.after_move`)."""
        rules = self.rules
        card = self.cards[card_id]
        new_object = rules.new_object(card.zone, to_zone)
        new = replace(card, zone=to_zone, kneeling=card.kneeling if not new_object else False,
                      controller=controller or (card.controller if to_zone in rules.in_play else card.owner),
                      incarnation=card.incarnation + (1 if new_object else 0))
        printed = self.printed.get(card_id) if new_object else None
        regranted = printed is not None and new.abilities != printed.abilities
        if regranted:
            new = replace(new, abilities=printed.abilities)
        if new.extension is not None:
            new = rules.moved_card(card, new, printed)
        decks = self.decks
        if card.zone == rules.deck:
            decks = decks.set(card.owner, tuple(c for c in decks.get(card.owner, ()) if c != card_id))
        if to_zone == rules.deck:
            decks = decks.set(card.owner, (card_id,) + decks.get(card.owner, ()))
        cards = self.cards.set(card_id, new)
        if regranted:
            moved = replace(self, cards=cards, decks=decks,
                            listeners=index_listeners(tuple(cards[i] for i in self.order)))
        else:
            moved = _with_cards_and_decks(self, cards, decks)
        return rules.after_move(moved, card, to_zone)

    def add_card(self, card: Card) -> "GameState":
        """A new object that was not in the scenario (a token): listed last, printed as created."""
        order = self.order + (card.id,)
        cards = self.cards.set(card.id, card)
        return replace(self, cards=cards, order=order, printed=self.printed.set(card.id, card),
                       listeners=index_listeners(tuple(cards[i] for i in order)))

    def mark_used(self, use_id: str, responds_to: str) -> "GameState":
        return _with_used(self, self.used.set(use_id, responds_to))


# the copies of a state made at every event, changing just these fields, as one call (rulekit.core.frozen.copier)
_with_cards, _with_used = copier(GameState, "cards"), copier(GameState, "used")
_with_cards_and_decks = copier(GameState, "cards", "decks")


def typed_cards(rules, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` with each card that says no type or no zone given its ruleset's default, and
    each card of a game with its own card fields given their defaults (a card keeps no type or
    zone where ``rules`` has no default: :func:`rulekit.scenario.check` refuses it)."""
    kind, zone, extension = rules.default_card_type, rules.default_zone, rules.card_extension
    if all((c.type is not None or kind is None) and (c.zone is not None or zone is None)
           and (c.extension is not None or extension is None) for c in cards):
        return cards
    return tuple(replace(c, type=c.type if c.type is not None else kind,
                         zone=c.zone if c.zone is not None else zone,
                         extension=c.extension if c.extension is not None or extension is None else extension())
                 for c in cards)


def index_listeners(cards: tuple[Card, ...]) -> Map:
    """Abilities indexed by the event kind they listen for and their timing, in listing order,
    so a step looks only at the abilities that could be used at it, whatever the board's size."""
    index: dict[ListenKey, list[Listener]] = {}
    for card in cards:
        for i, ability in enumerate(card.abilities):
            if ability.timing is Timing.CONSTANT:   # constant abilities listen for nothing: listed apart
                index.setdefault(CONSTANT_KEY, []).append((card.id, i))
            elif ability.when is not None:   # abilities used with priority listen for nothing
                for event in ability.when.events:    # "sacrificed or killed": listed under each
                    index.setdefault((event.value, ability.timing.value), []).append((card.id, i))
    return Map({k: tuple(v) for k, v in index.items()})


def initial_state(rules, players: tuple[str, ...], first_player: str,
                  cards: tuple[Card, ...], phase: str = "", round: int = 1,
                  rulings: dict | None = None, pools: dict | None = None) -> GameState:
    """The state a game starts from, under ``rules`` (a :class:`~rulekit.core.ruleset.Ruleset`
    object: the core never looks a ruleset up by its name); ``pools``: what each player holds at
    the start (player -> resource -> amount: A Game of Thrones' gold pool, Riftbound's Rune Pool)."""
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
                     dependents=Map(rules.dependents(cards)),
                     resources=Map({f"{p}|{r}": n for p, held in (pools or {}).items() for r, n in held.items() if n > 0}))
