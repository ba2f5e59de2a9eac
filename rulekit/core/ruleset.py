"""What a ruleset provides: one explicit interface, and the neutral frame protocol.

A ruleset is a subclass of :class:`Ruleset` whose single instance is registered with
:func:`rulekit.rulesets.register`. The core — matching filters, ids, the timeline, answers,
explain, files, trace, graphs, drawings and widgets — never compares a ruleset's name and never
tests a ruleset's frame types: it asks the ruleset of the game's state (``state.rules``) or the
frame itself. ``docs/adding-a-ruleset.md`` walks through a third ruleset.

What a ruleset declares, in the order the engine meets it:

- **the board**: its card types (and the type of a card that says none, if the game has one),
  its zones, the zones where a card's abilities work unless they say otherwise
  (``in_play``), where each way of leaving play puts a card, where "put into play" puts it;
- **the vocabulary** its scenario files may use: timings, verbs (for the script and for
  abilities), ability fields; a file is validated against it (``rulekit.core.checking.check``);
- **the machine**: a handler table from frame type to :class:`Handler` (how the frame advances
  and how it takes an answer) and :meth:`Ruleset.open_occurrence`, what happens when the
  script makes something occur;
- **the verdicts**: :meth:`Ruleset.explain_step` (one ability at one step, as the machine judges
  it); **the words**: :meth:`Ruleset.describe`, event words, card text (:mod:`rulekit.core.cardtext`);
- **the flowchart**: :attr:`Ruleset.flow`, the same table the machine's step codes come from;
- **the rules registry** entries (:attr:`Ruleset.rules`) and **rulings** (:attr:`Ruleset.rulings`):
  the points where the texts are contested, changed, or decided differently elsewhere, each
  with its options, its default and its sources.
"""
from __future__ import annotations

import dataclasses
from typing import Callable, ClassVar, Mapping

from rulekit.core.abilities import Timing
from rulekit.core.cardtext import CardTextReading
from rulekit.core.events import EventKind, Verb
from rulekit.core.frozen import immutable
from rulekit.core.places import Places
from rulekit.core.ruleset_state import GameOwnState
from rulekit.core.ruleset_views import MARKS, RulesetViews, SequenceMark, StackEntry, WindowEntry  # noqa: F401 (re-exported)


# -- frames ------------------------------------------------------------------------------------------
class Frame:
    """The neutral protocol every control frame follows (frames are frozen dataclasses).

    ``is_sequence`` marks a triggering-condition sequence: the step taken at it has it as its
    :attr:`~rulekit.timeline.Step.context`. :meth:`nesting` is how many open sequences (or items
    waiting on a Chain) the frame counts for against the nesting bound; :meth:`loop_uses` names the
    uses of abilities it holds, to say which abilities keep triggering each other."""

    __slots__ = ()
    is_sequence: ClassVar[bool] = False

    def nesting(self) -> int:
        return 0

    def loop_uses(self) -> tuple[str, ...]:
        return ()


@immutable
class Handler:
    """How one kind of frame moves: ``advance(frame, state, control) -> Progress | Ask`` and
    ``answer(frame, state, control, option, verdicts) -> Progress``; optionally, by the frame's
    ``step``, the tables ``steps`` and ``answers`` of what those call (for rulekit.core.speed.loop)."""

    advance: Callable
    answer: Callable | None = None
    steps: Mapping | None = None
    answers: Mapping | None = None


# -- rulings -----------------------------------------------------------------------------------------
@immutable
class RulingOption:
    """One reading of a contested point: its name, what it says, its source and why."""

    name: str
    summary: str
    source: str
    reasoning: str


@immutable
class Ruling:
    """A point where the rules texts are contested, changed between versions, or decided
    differently by a neighbouring game. The first option is the default."""

    name: str
    ruleset: str
    question: str
    options: tuple[RulingOption, ...]

    @property
    def default(self) -> str:
        return self.options[0].name

    def option(self, name: str) -> RulingOption | None:
        return next((o for o in self.options if o.name == name), None)

    def option_names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.options)

    def to_data(self) -> dict:
        return {"name": self.name, "ruleset": self.ruleset, "question": self.question,
                "default": self.default,
                "options": [{"name": o.name, "summary": o.summary, "source": o.source, "reasoning": o.reasoning}
                            for o in self.options]}


# -- vocabulary --------------------------------------------------------------------------------------
@immutable
class VocabularyItem:
    """One item of what a game's printed cards say that a ruleset models ("play": "When you play
    me / a gear / another unit"), named by a corpus card's ``covers``. ``built`` is ``False`` for
    an item the ruleset lists but does not model yet: a corpus card may still name it, and the
    corpus test expects its coverage to fail until it is built."""

    name: str
    description: str
    built: bool = True


# -- flowchart ---------------------------------------------------------------------------------------
@immutable
class FlowNode:
    id: str
    label: str
    rule: str
    kind: str = "step"          # "step", "end", "nested", "stage"
    window: bool = False
    forced: bool = False
    codes: tuple[str, ...] = ()  # the step codes the machine records at this node


@immutable
class Flow:
    """The flowchart as data: nodes in order and (from, to, relation) edges."""

    nodes: tuple[FlowNode, ...]
    edges: tuple[tuple[str, str, str], ...]

    def node_of_code(self, what: str) -> str | None:
        for node in self.nodes:
            if what in node.codes:
                return node.id
        return None


#: fields every ruleset accepts (the rest must be listed by the ruleset)
COMMON_FIELDS = {
    "ability": frozenset({"id", "timing", "effect", "when", "condition", "cost", "text"}),
    "trigger": frozenset({"event", "card", "player"}),
    "instruction": frozenset({"do", "target", "filter", "amount", "condition", "text", "changes_state"}),
    "card": frozenset({"id", "title", "owner", "controller", "zone", "type", "abilities", "traits", "kneeling",
                       "incarnation", "extension"}),
    "entry": frozenset({"do", "cards", "player", "amount", "phase", "id", "label"}),
    "condition": frozenset({"count", "at_least", "at_most", "phase", "total"}),
    "filter": frozenset({"which", "type", "title", "trait", "controller", "owner", "zone", "posture", "not_title",
                         "not_trait", "here", "id", "top"}),
}


def ruling_arg(state, name: str) -> tuple[str, str]:
    """The step argument that records which ruling (and option) decided a step."""
    return ("ruling", f"{name}={state.rulings[name]}")


class Ruleset(Places, GameOwnState, RulesetViews, CardTextReading):
    """The interface every ruleset implements (see the module docstring).

    **Required** (:data:`REQUIRED`; :func:`missing` names what a ruleset lacks, and the registry
    refuses it): its ``name`` and ``title``, its ``zones`` and the zones ``in_play``, the
    ``timings`` and ``verbs`` its files may use, the ``handlers`` of its frames, its ``flow``,
    and the methods :meth:`open_occurrence` and :meth:`explain_step`.

    **Optional capabilities**, each with a neutral default that assumes no game: a draw deck,
    a default card type or zone, cards of its own fields, duplicates, rulings, words. A ruleset
    that sets none of them (the stack ruleset of ``docs/adding-a-ruleset.md``) still runs.
    """

    # == required ===================================================================================
    #: a short name used in files (``ruleset: agot``) and the registry
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    zones: ClassVar[tuple[str, ...]] = ()
    #: the zones where a card's abilities work unless they say otherwise, the first being where
    #: "put into play" puts a card
    in_play: ClassVar[tuple[str, ...]] = ()
    timings: ClassVar[frozenset[Timing]] = frozenset()
    verbs: ClassVar[frozenset[Verb]] = frozenset()
    handlers: ClassVar[Mapping[type, Handler]] = {}
    flow: ClassVar[Flow] = Flow((), ())

    def open_occurrence(self, state, control, conditions, occurrence: str, rule: str, args: tuple):
        """What the script's occurrence does: push its sequence, or process it. Returns Progress."""
        raise NotImplementedError(f"ruleset {self.name!r} does not say what an occurrence does")

    def explain_step(self, step, source, ability, later=None):
        """The verdicts of ``ability`` on ``source`` at ``step``, as
        ``(verdicts, condition ids)``, or ``None`` if nothing was being judged there."""
        raise NotImplementedError(f"ruleset {self.name!r} gives no verdicts")

    # == optional: the board =========================================================================
    #: zones every player shares (a Riftbound battlefield); each other zone is each player's own,
    #: so "here" in one of them means the same player's (a base)
    shared_zones: ClassVar[tuple[str, ...]] = ()
    #: the zone cards are drawn from (listed top first), if the game draws
    deck: ClassVar[str | None] = None
    hand: ClassVar[str] = "hand"
    #: where each way of leaving play puts a card
    leave_play_zone: ClassVar[Mapping[EventKind, str]] = {}
    #: where a played card goes once it is played, if cards are played
    played_zone: ClassVar[str | None] = None
    #: where a card is while it is being played, between leaving its owner's hand and reaching
    #: :attr:`played_zone` (``None``: it goes straight there). Not one of :attr:`zones`: no file
    #: can put a card there, and no filter naming a zone finds it
    playing_zone: ClassVar[str | None] = None
    #: whether a card that moves between two in-play zones stays the same object
    board_moves_keep_object: ClassVar[bool] = False
    #: what the rules call the cards a kill can kill, in a sentence ("is not a character")
    card_noun: ClassVar[str] = "card"
    #: how a card can enter play, the default first (a trigger's and a script entry's ``how``)
    entry_means: ClassVar[tuple[str, ...]] = ()
    #: the card types of this game, as a card's ``type:`` names them (checked when a scenario
    #: is; empty: any type is accepted)
    card_types: ClassVar[tuple[str, ...]] = ()
    #: the type of a card whose scenario says none; ``None``: every card must say its type
    default_card_type: ClassVar[str | None] = None
    #: the zone of a card whose scenario says none; ``None``: every card must say its zone
    default_zone: ClassVar[str | None] = None
    #: card types whose abilities work in hand (they are played from there)
    played_types: ClassVar[tuple[str, ...]] = ()
    #: card types a kill can kill
    killable_types: ClassVar[tuple[str, ...]] = ()
    #: how the rules name a turned card ("kneeling", "exhausted")
    turned_word: ClassVar[str] = "turned"
    #: the phase whose beginning also begins a new round, if the game has one (a round's first
    #: phase): "per round" limits count again from it
    round_opening_phase: ClassVar[str | None] = None
    #: how the rules name an event kind in this game ("killed" → "dies")
    event_words: ClassVar[Mapping[str, str]] = {}

    # == optional: the game's own card fields ==========================================================
    #: the frozen dataclass of the fields only this game's cards have (every field with a
    #: default), read from a card's own keys in a file (``strength: 3``); ``None``: none
    card_extension: ClassVar[type | None] = None
    #: the numbers a card face shows, in order (fields of :attr:`card_extension`)
    card_numbers: ClassVar[tuple[str, ...]] = ()
    #: the events that add their amount to a number of the card (``gains power`` → ``power``)
    card_changes: ClassVar[Mapping[EventKind, str]] = {}

    @property
    def card_fields(self) -> frozenset[str]:
        """The keys a file may set on a card besides the ones every card has."""
        return frozenset(f.name for f in dataclasses.fields(self.card_extension)) \
            if self.card_extension is not None else frozenset()

    def moved_card(self, before, after, printed):
        """The card ``before`` as it is after a move (``after``: zone, object and controller
        already changed; ``printed``: the card as printed when the move makes it a new object,
        else ``None``): what its own fields become. Default: they stay."""
        return after

    def after_move(self, state, before, to_zone: str):
        """The state after ``before`` moved to ``to_zone``, with whatever the rules move with it
        (A Game of Thrones: a card's duplicates leave play with it). Default: nothing."""
        return state

    def dependents(self, cards: tuple) -> dict:
        """The cards that leave play with another, by that card's id (A Game of Thrones: its
        duplicates), worked out once when the game starts so a move need not look at the board."""
        return {}

    def duplicates_of(self, state, card) -> tuple:
        """The cards in play that are duplicates of ``card`` (what ``target: duplicate`` means)."""
        return ()

    def check_cards(self, cards: tuple) -> None:
        """Raise :class:`~rulekit.core.errors.ScenarioError` for what this game refuses in a
        scenario's cards taken together (a duplicate of no card …)."""

    # == optional: the vocabulary =====================================================================
    #: optional fields a file may set on an ability, its trigger, an instruction, a script entry, a
    #: card filter and a condition (besides the fields every ruleset has: see :data:`COMMON_FIELDS`)
    ability_fields: ClassVar[frozenset[str]] = frozenset()
    trigger_fields: ClassVar[frozenset[str]] = frozenset()
    instruction_fields: ClassVar[frozenset[str]] = frozenset()
    entry_fields: ClassVar[frozenset[str]] = frozenset()
    filter_fields: ClassVar[frozenset[str]] = frozenset()     # on a card filter (Riftbound: ``combat``)
    condition_fields: ClassVar[frozenset[str]] = frozenset()

    #: whether the game answers chance decisions (``target: random``, and ``shuffle`` if it is one of
    #: :attr:`verbs`): rule ``rulekit.chance``. A ruleset without it refuses them in a file.
    chance: ClassVar[bool] = False

    #: the values a filter's ``combat`` may take (Riftbound: attacker, defender, in combat)
    combat_roles: ClassVar[tuple[str, ...]] = ()

    def combat_role(self, card) -> str | None:
        """The designation ``card`` has in a combat in progress (Riftbound), else ``None``."""
        return None

    def check_entry(self, entry, path: str, scenario) -> None:
        """Raise :class:`~rulekit.errors.ScenarioError` for a script entry this ruleset cannot run."""

    #: what this game's printed cards say that the ruleset models, item by item: the names a
    #: corpus card's ``covers`` may use (:class:`VocabularyItem`; empty: a corpus card of this
    #: ruleset can name none)
    vocabulary: ClassVar[tuple[VocabularyItem, ...]] = ()

    def vocabulary_item(self, name: str) -> VocabularyItem | None:
        return next((v for v in self.vocabulary if v.name == name), None)

    def check_ability(self, ability, path: str, card_id: str) -> None:
        """Raise :class:`~rulekit.errors.ScenarioError` for an ability this ruleset cannot run
        (besides the vocabulary checks every ruleset gets)."""

    # == optional: the machine ========================================================================
    rules: ClassVar[tuple] = ()
    rulings: ClassVar[tuple[Ruling, ...]] = ()
    #: rulings this ruleset once had: name -> what replaced it (a file that sets one is refused)
    removed_rulings: ClassVar[Mapping[str, str]] = {}
    #: the version of the rules this ruleset follows
    version: ClassVar[str] = ""

    def new_object(self, from_zone: str, to_zone: str) -> bool:
        """Whether a move between these zones makes the card a new object."""
        if from_zone == to_zone:
            return False
        if from_zone is not None and from_zone == self.playing_zone and to_zone == self.played_zone:
            return False     # the card that was played is the card placed where played cards go
        if self.board_moves_keep_object:
            return not (from_zone in self.in_play and to_zone in self.in_play)
        return True

    def entry(self, card, to: str | None) -> tuple[str, bool]:
        """Where "put into play" puts ``card`` (``to`` if the instruction names a zone) and
        whether it enters turned."""
        return (to or self.in_play[0]), False

    def played_to(self, card, to: str | None) -> tuple[str, bool]:
        """Where ``card`` is put as the event of its being played happens (``to``: the zone the
        script entry names, if any) and whether it is turned there. Default: where cards are
        while being played, else where played cards go."""
        return (self.playing_zone or self.played_zone), False

    def setup_cards(self, cards: tuple) -> tuple:
        """The cards as the game starts with them: with the abilities the rules themselves give
        (A Game of Thrones: each duplicate's save)."""
        return cards

    def works_in(self, card, ability) -> tuple[str, ...]:
        """Where ``ability`` on ``card`` works: what it says, or the ruleset's default."""
        if ability is not None and ability.zones:
            return ability.zones
        return (self.hand,) if card.type in self.played_types else self.in_play

    def target_refusal(self, kind: EventKind, state, card, amount: int) -> str | None:
        """Why ``card`` — which meets an instruction's filter in the zones it looks in, and is an
        object the event can happen to at all (:func:`rulekit.core.occur.applies`) — is still not a
        legal choice for an event of ``kind``, or ``None``. By default nothing more; a ruleset whose
        rules add a test says so here (A Game of Thrones: the effect must be able to change the game
        state). Riftbound adds none: a target meeting its restrictions is legal, and impossible
        instructions do nothing."""
        return None

    def steps_at(self, timeline, sequence: str, step_name: str) -> list:
        """The steps of ``timeline`` taken at ``step_name`` of the sequence (or occurrence)
        ``sequence``: what an ``expect`` verdict refers to."""
        return []

    def step_names(self) -> tuple[str, ...]:
        """The names a file's ``expect.verdicts[].step`` may use."""
        return ()

    #: for a game without priority, what it has instead, in a sentence: said when a file asks for
    #: ``expect.priority`` (refused for such a game)
    no_priority: ClassVar[str] = "nothing in its rules grants priority"

    def priority_grants(self, timeline) -> tuple[str, ...] | None:
        """Every grant of priority in ``timeline``, in order, as the player who received it (what a
        file's ``expect.priority`` pins); ``None`` for a game that has no priority (the default)."""
        return None

    def describe(self, what: str, args: dict, state) -> str | None:
        """A sentence for a step code of this ruleset, or ``None`` if the code is not its own."""
        return None

    def ruling(self, name: str) -> Ruling | None:
        return next((r for r in self.rulings if r.name == name), None)

    def default_rulings(self) -> dict[str, str]:
        return {r.name: r.default for r in self.rulings}

    def __repr__(self) -> str:
        return f"<Ruleset {self.name}>"


#: what every ruleset must set (class attributes) or define (methods)
REQUIRED = ("name", "title", "zones", "in_play", "timings", "verbs", "handlers", "flow",
            "open_occurrence", "explain_step")


def missing(ruleset: Ruleset) -> tuple[str, ...]:
    """The required parts ``ruleset`` lacks: an attribute left empty, a method not defined."""
    out = []
    for part in REQUIRED:
        value = getattr(type(ruleset), part, None)
        base = getattr(Ruleset, part)
        if callable(base) and not isinstance(base, type):
            if value is base:
                out.append(part)
        elif not value or (part == "flow" and not value.nodes):
            out.append(part)
    return tuple(out)


# -- naming a ruleset ----------------------------------------------------------------------------------
#: How a ruleset's name becomes the ruleset object. The core never looks a ruleset up itself: the
#: registry (:mod:`rulekit.rulesets`) installs its lookup here when it is imported.
_NAMED: dict = {"lookup": None, "known": tuple, "default": None}


def look_up_rulesets_with(lookup, known, default: str | None = None) -> None:
    """Install the registry's lookup (a name to its :class:`Ruleset`, KeyError if unknown), the
    list of known names (for the message that names the nearest one) and the name of the ruleset
    of a scenario that names none."""
    _NAMED["lookup"], _NAMED["known"], _NAMED["default"] = lookup, known, default


def default_ruleset_name() -> str | None:
    """The ruleset a scenario that names none is played under (the registry's, once installed)."""
    return _NAMED["default"]


def ruleset_named(name: str) -> "Ruleset":
    """The ruleset registered as ``name``, or a :class:`~rulekit.core.errors.ScenarioError` at
    ``ruleset`` naming the known ones."""
    from difflib import get_close_matches

    from rulekit.core.errors import ScenarioError
    lookup = _NAMED["lookup"]
    if lookup is None:
        raise ScenarioError("no ruleset registry is installed: import rulekit first")
    try:
        return lookup(name)
    except (KeyError, TypeError):
        known = tuple(_NAMED["known"]())
        close = get_close_matches(str(name), known, n=1, cutoff=0.6)
        raise ScenarioError(f"unknown ruleset {name!r}" + (f" (did you mean {close[0]!r}?)" if close else ""),
                            path="ruleset", expected=" or ".join(repr(r) for r in known)) from None
