"""Triggered abilities as plain data.

An ability is a timing (interrupt, reaction, their forced forms, or a "would" interrupt), a
trigger pattern (``when``: the event it listens for and what the event must be about), an
optional condition, a cost and an effect. Costs and effects are sequences of instructions from
a closed vocabulary (:class:`rulekit.events.Verb`) with data-only targets and filters, so a
card survives ``json.dumps`` and rebuilds an equal card: nothing here is ever a callable.

"You", "opponent", "self" and "other" are always judged from the ability's controller and
card when the engine looks at them.
"""
from __future__ import annotations

from rulekit.core.events import QUANTITY_VERBS, EventKind, Verb
from rulekit.core.frozen import HashedOnce, Word, immutable


class Timing(Word):
    WOULD_INTERRUPT = "would interrupt"
    FORCED_INTERRUPT = "forced interrupt"
    INTERRUPT = "interrupt"
    FORCED_REACTION = "forced reaction"
    REACTION = "reaction"
    TRIGGERED = "triggered"          # Riftbound: "When …", "At …", "The Nth time …"
    PRIORITY = "priority"            # Riftbound: a spell or ability with Reaction, used with priority
    ACTION = "action"                # Riftbound: a spell or ability without Reaction (only while no Chain exists)
    CONSTANT = "constant"            # A Game of Thrones: applies while its card is in play; never used
    REPLACEMENT = "replacement"      # Riftbound: a replacement printed on a card ("If … would …, instead …")
    WHEN_REVEALED = "when revealed"  # A Game of Thrones: a plot's "When Revealed:", mandatory as it is revealed
    KEYWORD = "keyword"              # A Game of Thrones: a keyword a framework step processes (pillage); never in a window

    def __init__(self, value: str):
        # a plain attribute, not a property: the judge reads it for every ability it judges
        self.forced = value in ("forced interrupt", "forced reaction", "when revealed")


class Who(Word):
    """A player relative to the ability's controller."""

    YOU = "you"
    OPPONENT = "opponent"
    ANY = "any"


class Which(Word):
    """A card relative to the ability's own card."""

    SELF = "self"
    OTHER = "other"
    ANY = "any"
    ATTACHED = "attached"     # the card the ability's card is attached to ("attached character")


class Posture(Word):
    STANDING = "standing"
    KNEELING = "kneeling"


@immutable
class Bounds:
    """A test on one of a card's numbers (A Game of Thrones: STR, power): every bound set must
    hold. ``lower_than`` / ``higher_than`` compare with another card's same number: ``self`` (this
    ability's card) or ``that card`` (the card the triggering condition is about)."""

    __pydantic_config__ = {"extra": "forbid"}   # file keys are checked: no unknown keys

    at_least: int | None = None      # "STR 3 or higher", "with 1 or more power"
    at_most: int | None = None       # "STR 3 or lower"
    lower_than: str | None = None    # "with lower STR than this card" (self | that card)
    higher_than: str | None = None   # "with higher STR than that character"


@immutable
class CardFilter(HashedOnce):
    """Which cards qualify: every field that is set must hold."""

    __pydantic_config__ = {"extra": "forbid"}   # file keys are checked: no unknown keys

    which: Which = Which.ANY
    type: str | None = None
    title: str | None = None
    trait: str | None = None
    controller: Who = Who.ANY
    owner: Who = Who.ANY
    zone: str | None = None
    posture: Posture | None = None
    not_title: str | None = None     # "non-X": any title but this one
    not_trait: str | None = None     # "non-Recruit": without this trait (tag)
    here: bool = False               # at the same location as the ability's card ("here", "at this battlefield")
    id: str | None = None            # one card, by its id
    combat: str | None = None        # Riftbound: "attacker", "defender" or "in combat" (either designation)
    top: int | None = None           # among the top N cards of its owner's deck ("look at the top 3 cards")
    buffed: bool | None = None       # Riftbound: with a buff ("buffed units") or, false, without one
    keyword: str | None = None       # Riftbound: with this keyword ("a unit with Tank")
    faction: str | None = None       # A Game of Thrones: of this faction ("a Stark character"; "neutral")
    unique: bool | None = None       # A Game of Thrones: unique ("a unique character") or, false, not unique
    any_of: "tuple[CardFilter, ...]" = ()   # "a Knight or Lord character": at least one of these holds too
    strength: Bounds | None = None   # A Game of Thrones: "STR 3 or lower", "with lower STR than this card"
    power: Bounds | None = None      # A Game of Thrones: "with 1 or more power"
    lowest: str | None = None        # "the lowest STR character": the cards found whose number is lowest
    highest: str | None = None       # "the highest STR character": the cards found whose number is highest
    challenge: str | None = None     # A Game of Thrones: "attacking", "defending" or "participating"
    entered: str | None = None       # A Game of Thrones: entered play "this phase" / "this round" (its ruleset judges)


@immutable
class Token:
    """A token an effect creates ("play a 1 Might Recruit unit token"): its characteristics."""

    __pydantic_config__ = {"extra": "forbid"}   # file keys are checked: no unknown keys

    title: str
    type: str = "unit"
    might: int = 0
    traits: tuple[str, ...] = ()
    ready: bool = False              # "a ready … token": it enters ready instead of exhausted
    keywords: tuple[str, ...] = ()   # "a 3 Might Sprite token with Temporary"


@immutable
class Trigger(HashedOnce):
    """The triggering condition an ability refers to (the text after "when" or "after").

    ``one_or_more`` is the "one or more" wording: the ability may then be used once per
    occurrence instead of once per triggering condition. ``player`` is the player the
    condition is about: who draws or wins; for a card event, the card's controller (the new
    controller for a change of control, the ability's controller for an effect's initiation).
    ``or_events`` are the other events one triggering condition names ("After a character is
    sacrificed or killed"): either meets it; it stays one ability, with one limit.
    """

    __pydantic_config__ = {"extra": "forbid"}   # file keys are checked: no unknown keys

    event: EventKind
    card: CardFilter | None = None
    player: Who = Who.ANY
    challenge: str | None = None
    phase: str | None = None
    one_or_more: bool = False
    by: CardFilter | None = None      # the card whose effect made it happen ("with a spell you control")
    nth: int | None = None            # "the Nth time … each turn"
    turn: Who | None = None           # "on your turn" / "on an opponent's turn": whose turn it must be
    side: str | None = None           # A Game of Thrones: "as the attacking player" / "as the defending player"
    margin: int | None = None         # A Game of Thrones: "by N or more STR"
    unopposed: bool | None = None     # A Game of Thrones: "an unopposed challenge" (false: an opposed one)

    or_events: tuple[EventKind, ...] = ()   # "is sacrificed or killed": the other events it names (one ability)
    how: str | None = None            # how a card entered play ("marshal", "ambush", "put into play"): its ruleset's means

    @property
    def events(self) -> tuple[EventKind, ...]:
        """Every event the triggering condition names: ``event``, then ``or_events``."""
        return (self.event,) + self.or_events

    def listens_for(self, kinds) -> bool:
        """Whether it names one of ``kinds`` (an event kind and every kind it also counts as)."""
        return self.event in kinds or any(k in kinds for k in self.or_events)


class Period(Word):
    CHALLENGE = "challenge"         # A Game of Thrones: "Max 1 per challenge"
    PHASE = "phase"
    ROUND = "round"


@immutable
class ChallengeCount:
    """A Game of Thrones' challenges history, for a condition: the challenges ``player`` has
    ``result`` (``won``, ``lost``, or ``initiated`` as the attacking player) this ``round`` or
    this ``phase``, of ``type`` if given ("if you have not lost a challenge this round")."""

    __pydantic_config__ = {"extra": "forbid"}   # file keys are checked: no unknown keys

    result: str
    player: Who = Who.YOU
    this: Period = Period.ROUND
    type: str | None = None


@immutable
class Condition:
    """A test on the state: the number of cards matching ``count`` (or, with ``total``, the sum of
    that card number over them: "if you have 10 or more power") lies within the bounds, and/or the
    current phase is ``phase``."""

    __pydantic_config__ = {"extra": "forbid"}   # file keys are checked: no unknown keys

    count: CardFilter | None = None
    at_least: int | None = None
    at_most: int | None = None
    phase: str | None = None
    total: str | None = None         # bound the sum of this card number over the cards counted ("if you have 10 power")
    challenges: ChallengeCount | None = None   # A Game of Thrones: counts challenges, not cards


class Target(Word):
    SELF = "self"                   # this ability's card
    THAT_CARD = "that card"         # the card the triggering condition is about
    THAT_EFFECT = "that effect"     # the effect whose initiation the ability responds to (cancel)
    DUPLICATE = "a duplicate"       # a duplicate of this ability's card, chosen by its controller
    EACH_PLAYER = "each player chooses"   # each player, first player first, chooses a card among ``filter``
    EACH_OPPONENT = "each opponent chooses"   # each opponent of the controller, in player order, chooses one
    CHOSEN = "chosen"               # a card the controller chooses among ``filter``
    CHOSEN_ABILITY = "chosen ability"   # Riftbound: another item on the Chain ("gain control of a triggered ability")
    EACH = "each"                   # every card matching ``filter``
    RANDOM = "random"               # ``amount`` cards matching ``filter``, taken at random: the game answers (rulekit.chance)
    YOU = "you"                     # the ability's controller
    OPPONENT = "opponent"           # each opponent of the controller
    THAT_PLAYER = "that player"     # the player the triggering condition is about

    def __init__(self, value: str):
        # plain attributes, not properties: the judge reads them for every instruction it checks
        self.is_player = value in ("you", "opponent", "that player")                       # a player, not a card
        self.is_chosen = value in ("chosen", "a duplicate", "each player chooses", "each opponent chooses",
                                   "chosen ability")   # chosen on use
        # cards one or more players choose, ``amount`` of them each for a verb whose amount is no quantity
        self.picks_cards = value in ("chosen", "each player chooses", "each opponent chooses")
        self.by_others = value in ("each player chooses", "each opponent chooses")   # not (only) the controller


@immutable
class Instruction(HashedOnce):
    """One instruction of a cost or an effect. ``condition`` is checked when it executes.

    ``then`` marks the first instruction after "then": it and the rest resolve only if every
    instruction before it resolved in full. ``cannot_be_saved`` is the "(cannot be saved)"
    wording of a kill or discard. ``instead`` holds what a ``replace`` instruction does in
    place of the triggering condition it responds to; ``later`` what a ``delay`` instruction
    does when the triggering condition ``at`` next occurs (a delayed effect).

    A ``not modelled`` instruction names in ``text`` an effect rulekit does not simulate ("look
    at the top 3 cards of your deck …"): it changes nothing when it resolves, and it counts as
    able to change the game state only if ``changes_state`` says so (rule ``rulekit.not-modelled``).
    """

    __pydantic_config__ = {"extra": "forbid"}   # file keys are checked: no unknown keys

    do: Verb
    target: Target = Target.SELF
    filter: CardFilter | None = None
    amount: int = 1
    condition: tuple[Condition, ...] = ()
    then: bool = False
    cannot_be_saved: bool = False
    instead: "tuple[Instruction, ...]" = ()
    at: "Trigger | None" = None
    later: "tuple[Instruction, ...]" = ()
    to: str | None = None                      # where ``move`` puts the card
    grant: "Ability | None" = None             # what ``grant`` gives
    ability: str | None = None                 # which ability ``remove ability`` removes
    amount_of: str | None = None               # "that card's might" (fixed) or "this card's might" (live)
    up_to: int | None = None                   # ``chosen``: "up to N" targets (any number from 0 to N)
    token: "Token | None" = None               # what ``create`` creates
    text: str | None = None                    # ``not modelled``: the effect, in words
    changes_state: bool = False                # ``not modelled``: whether it could change the game state
    this_turn: bool = False                    # ``give might``: the change expires at the end of the turn
    resource: str | None = None                # ``add`` / ``pay``: what is added or paid (Riftbound: energy, a domain)
    until: str | None = None                   # A Game of Thrones' lasting effects: "challenge" or "phase"
    ignoring: str | None = None                # Riftbound's ``play``: the costs it sets to 0 ("cost", "energy cost", …)

    @property
    def picks(self) -> int:
        """How many cards each chooser chooses: ``amount`` when the cards are chosen (``chosen``,
        ``each player chooses``, ``each opponent chooses``) and the verb's amount is no quantity
        ("choose 2 characters", "discard 2 cards from your hand"); otherwise 1."""
        return self.amount if self.target.picks_cards and self.do not in QUANTITY_VERBS else 1

    @property
    def not_modelled(self) -> bool:
        """An effect rulekit names in words but does not simulate."""
        return self.do is Verb.NOT_MODELLED

    @property
    def words(self) -> str:
        """What the instruction does, as traces, verdicts and drawings word it: its verb
        (``"kill"``), or ``"not modelled: <text>"``."""
        return f"not modelled: {self.text}" if self.do is Verb.NOT_MODELLED else self.do.value

    @property
    def acts_on_condition(self) -> bool:
        """Cancel, save and replace act on the triggering condition the ability responds to
        (a Riftbound death replacement instead targets a unit, like a kill)."""
        return self.do is Verb.CANCEL or (self.do in (Verb.SAVE, Verb.REPLACE) and self.target is Target.THAT_CARD)


@immutable
class Limit:
    """"Limit N times per period" (per copy) or, as ``max``, "Max N per period" (across the
    copies of the card's title); how a ruleset counts them is its own (A Game of Thrones:
    per player, ``agot.limit``)."""

    __pydantic_config__ = {"extra": "forbid"}   # file keys are checked: no unknown keys

    times: int
    per: Period = Period.ROUND


@immutable
class Ability(HashedOnce):
    """A triggered ability printed on (or given to) a card.

    ``zones`` lists where the ability works; empty means where the ruleset says a card's
    abilities work (in play for A Game of Thrones).
    """

    __pydantic_config__ = {"extra": "forbid"}   # file keys are checked: no unknown keys

    id: str
    timing: Timing
    effect: tuple[Instruction, ...]
    when: Trigger | None = None            # what it triggers on (none for an ability used with priority)
    condition: tuple[Condition, ...] = ()
    cost: tuple[Instruction, ...] = ()
    zones: tuple[str, ...] = ()
    text: str = ""
    limit: Limit | None = None
    max: Limit | None = None
    cannot_be_cancelled: bool = False
    once_per_turn: bool = False
    optional: bool = False                     # "you may …" (Riftbound: decided as the ruling rb.optional says)
    deathknell: bool = False                   # Riftbound "Deathknell": when I die (captured before I move)
    active_if: tuple[Condition, ...] = ()      # a dependent keyword's condition (e.g. Legion)
    legion: bool = False                       # Riftbound "[Legion]": active only if you played another card this turn
