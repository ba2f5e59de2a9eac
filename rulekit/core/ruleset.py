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
  abilities), ability fields; a file is validated against it (:meth:`Ruleset.check_scenario`);
- **the machine**: a handler table from frame type to :class:`Handler` (how the frame advances
  and how it takes an answer) and :meth:`Ruleset.open_occurrence`, what happens when the
  script makes something occur;
- **the verdicts**: :meth:`Ruleset.explain_step`, the verdicts of one ability at one step,
  computed by the same function the machine uses;
- **the words**: :meth:`Ruleset.describe` (a sentence for each step code) and event words;
- **the flowchart**: :attr:`Ruleset.flow`, the same table the machine's step codes come from;
- **the rules registry** entries (:attr:`Ruleset.rules`) and **rulings** (:attr:`Ruleset.rulings`):
  the points where the texts are contested, changed, or decided differently elsewhere, each
  with its options, its default and its sources.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, ClassVar, Mapping

from rulekit.core.events import EventKind, Verb
from rulekit.core.abilities import Timing


# -- frames ------------------------------------------------------------------------------------------
class Frame:
    """The neutral protocol every control frame follows (frames are frozen dataclasses).

    ``is_sequence`` marks a triggering-condition sequence: the step taken at it has it as its
    :attr:`~rulekit.timeline.Step.context`. :meth:`nesting` is how many open sequences (or items
    waiting on a Chain) the frame counts for against the nesting bound; :meth:`loop_uses` names the
    uses of abilities it holds, to say which abilities keep triggering each other.
    """

    __slots__ = ()
    is_sequence: ClassVar[bool] = False

    def nesting(self) -> int:
        return 0

    def loop_uses(self) -> tuple[str, ...]:
        return ()


@dataclass(frozen=True, slots=True)
class Handler:
    """How one kind of frame moves: ``advance(frame, state, control) -> Progress | Ask`` and
    ``answer(frame, state, control, option, verdicts) -> Progress``."""

    advance: Callable
    answer: Callable | None = None


# -- rulings -----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RulingOption:
    """One reading of a contested point: its name, what it says, its source and why."""

    name: str
    summary: str
    source: str
    reasoning: str


@dataclass(frozen=True, slots=True)
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


# -- flowchart ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FlowNode:
    id: str
    label: str
    rule: str
    kind: str = "step"          # "step", "end", "nested", "stage"
    window: bool = False
    forced: bool = False
    codes: tuple[str, ...] = ()  # the step codes the machine records at this node


@dataclass(frozen=True, slots=True)
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
    "instruction": frozenset({"do", "target", "filter", "amount", "condition"}),
    "card": frozenset({"id", "title", "owner", "controller", "zone", "type", "abilities", "traits", "kneeling",
                       "incarnation"}),
    "entry": frozenset({"do", "cards", "player", "amount", "phase", "id", "label"}),
}


def ruling_arg(state, name: str) -> tuple[str, str]:
    """The step argument that records which ruling (and option) decided a step."""
    return ("ruling", f"{name}={state.rulings[name]}")


# -- the ruleset -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class WindowEntry:
    """An open window (or priority on a stack) as the drawings show it."""

    title: str
    status: str
    may_act: str
    player: str | None


@dataclass(frozen=True, slots=True)
class StackEntry:
    """One entry of the last-in-first-out stack (an open sequence, a resolving ability, a Chain
    item) as the drawings show it."""

    id: str
    title: str
    detail: str
    pending: bool
    controller: str | None


@dataclass(frozen=True, slots=True)
class SequenceMark:
    """Where the sequence diagram puts one step: its column (a flowchart node id of
    :meth:`Ruleset.sequence_columns`), the player whose lane it is in (``None``: the column
    itself) and its mark: ``"opportunity"``, ``"pass"``, ``"auto-pass"``, ``"use"``, ``"forced"``,
    ``"occurs"``, ``"cancel"``, ``"change"``, ``"save"``, ``"replace"``, ``"add"``,
    ``"resolve"``, ``"empty"`` (a step or window nobody could act in) or ``"step"``."""

    column: str | None
    player: str | None
    mark: str


MARKS = ("opportunity", "pass", "auto-pass", "use", "forced", "occurs", "cancel", "change", "save", "replace",
         "add", "resolve", "empty", "step")


class Ruleset:
    """The interface every ruleset implements (see the module docstring)."""

    #: a short name used in files (``ruleset: agot``) and the registry
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""

    # -- the board -------------------------------------------------------------------------------
    zones: ClassVar[tuple[str, ...]] = ()
    in_play: ClassVar[tuple[str, ...]] = ()
    #: zones every player shares (a Riftbound battlefield); each other zone is each player's own,
    #: so "here" in one of them means the same player's (a base)
    shared_zones: ClassVar[tuple[str, ...]] = ()
    deck: ClassVar[str] = "draw deck"
    hand: ClassVar[str] = "hand"
    leave_play_zone: ClassVar[Mapping[EventKind, str]] = {}
    played_zone: ClassVar[str] = "discard pile"     # where a played card goes once played
    board_moves_keep_object: ClassVar[bool] = False
    card_noun: ClassVar[str] = "character"
    #: the card types of this game, as a card's ``type:`` names them (checked when a scenario
    #: is; empty: any type is accepted)
    card_types: ClassVar[tuple[str, ...]] = ()
    #: the type of a card whose scenario says none; ``None``: every card must say its type
    default_card_type: ClassVar[str | None] = None
    #: card types whose abilities work in hand (they are played from there)
    played_types: ClassVar[tuple[str, ...]] = ()
    #: card types a kill can kill
    killable_types: ClassVar[tuple[str, ...]] = ("character",)
    #: how the rules name a turned card ("kneeling", "exhausted") and the numbers a card shows
    turned_word: ClassVar[str] = "kneeling"
    card_numbers: ClassVar[tuple[str, ...]] = ("strength", "power")
    #: how the rules name an event kind in this game ("killed" → "dies")
    event_words: ClassVar[Mapping[str, str]] = {}

    # -- the vocabulary --------------------------------------------------------------------------
    timings: ClassVar[frozenset[Timing]] = frozenset()
    verbs: ClassVar[frozenset[Verb]] = frozenset()
    #: optional fields a file may set on an ability, its trigger, an instruction and a card
    #: (besides the fields every ruleset has: see :data:`COMMON_FIELDS`)
    ability_fields: ClassVar[frozenset[str]] = frozenset()
    trigger_fields: ClassVar[frozenset[str]] = frozenset()
    instruction_fields: ClassVar[frozenset[str]] = frozenset()
    card_fields: ClassVar[frozenset[str]] = frozenset()
    entry_fields: ClassVar[frozenset[str]] = frozenset()

    # -- the machine -----------------------------------------------------------------------------
    handlers: ClassVar[Mapping[type, Handler]] = {}
    flow: ClassVar[Flow] = Flow((), ())
    rules: ClassVar[tuple] = ()
    rulings: ClassVar[tuple[Ruling, ...]] = ()
    #: the version of the rules this ruleset follows
    version: ClassVar[str] = ""

    def new_object(self, from_zone: str, to_zone: str) -> bool:
        """Whether a move between these zones makes the card a new object."""
        if from_zone == to_zone:
            return False
        if self.board_moves_keep_object:
            return not (from_zone in self.in_play and to_zone in self.in_play)
        return True

    def entry(self, card, to: str | None) -> tuple[str, bool]:
        """Where "put into play" puts ``card`` (``to`` if the instruction names a zone) and
        whether it enters exhausted/kneeling."""
        return (to or self.in_play[0]), False

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

    def open_occurrence(self, state, control, conditions, occurrence: str, rule: str, args: tuple):
        """What the script's occurrence does: push its sequence, or process it. Returns Progress."""
        raise NotImplementedError

    def explain_step(self, step, source, ability, later=None):
        """The verdicts of ``ability`` on ``source`` at ``step``, as
        ``(verdicts, condition ids)``, or ``None`` if nothing was being judged there."""
        raise NotImplementedError

    def steps_at(self, timeline, sequence: str, step_name: str) -> list:
        """The steps of ``timeline`` taken at ``step_name`` of the sequence (or occurrence)
        ``sequence``: what an ``expect`` verdict refers to."""
        return []

    def step_names(self) -> tuple[str, ...]:
        """The names a file's ``expect.verdicts[].step`` may use."""
        return ()

    def describe(self, what: str, args: dict, state) -> str | None:
        """A sentence for a step code of this ruleset, or ``None`` if the code is not its own."""
        return None

    # -- the views' data: a ruleset's ``views`` module answers where it has the function ---------
    #: a module of view functions named like the methods below (``flow_node(step)``,
    #: ``window_entries(step)``, ``stack_entries(step)``, ``graph_sequences(g, step, add)``,
    #: ``graph_frames(g, step, add)``, ``sequence_columns()``, ``sequence_mark(step)``,
    #: ``sequence_nesting(step)``, ``position(step)``); where it lacks one, the default here applies
    views: ClassVar[object] = None

    def _view(self, name: str):
        return getattr(self.views, name, None) if self.views is not None else None

    def flow_node(self, step) -> str | None:
        """The flowchart node a step was taken at."""
        own = self._view("flow_node")
        return own(step) if own is not None else self.flow.node_of_code(step.what)

    def window_entries(self, step) -> list[WindowEntry]:
        """The open windows (or priority), outermost first; the drawings show the last."""
        own = self._view("window_entries")
        return own(step) if own is not None else []

    def position(self, step) -> str:
        """Where ``step`` stands in the rules, in their words (``"step 4, interrupt window"``):
        its flowchart node's label, else its rule's title, else ``""``."""
        own = self._view("position")
        said = own(step) if own is not None else None
        if said:
            return said
        node = self.flow_node(step)
        for n in self.flow.nodes:
            if n.id == node:
                return n.label
        from rulekit.core.rules import RULES
        rule = RULES.get(step.rule)
        return rule.title[:1].lower() + rule.title[1:] if rule is not None and rule.title else ""

    def sequence_columns(self) -> tuple[tuple[str, str], ...]:
        """The sequence diagram's columns, in order: (flowchart node id, short label)."""
        own = self._view("sequence_columns")
        if own is not None:
            return own()
        return tuple((n.id, n.label) for n in self.flow.nodes if n.kind in ("step", "stage"))

    def sequence_mark(self, step) -> SequenceMark:
        """Where the sequence diagram puts ``step`` (see :class:`SequenceMark`)."""
        own = self._view("sequence_mark")
        if own is not None:
            return own(step)
        a = step.args_dict()
        player = a.get("player") if isinstance(a.get("player"), str) else None
        if "pass" in step.what:
            mark = "auto-pass" if a.get("auto") else "pass"
        elif step.decision is not None:
            player = step.decision.chooser
            mark = "pass" if step.answer == "pass" else "use"
        else:
            mark = "step"
        return SequenceMark(self.flow_node(step), player, mark)

    def sequence_nesting(self, step) -> tuple[tuple[str, str], ...]:
        """What ``step`` was taken inside, outermost first, as (stable id, label): the open
        sequences (or the items on a Chain). The diagram draws one band for each beyond the first."""
        own = self._view("sequence_nesting")
        if own is not None:
            return own(step)
        control = step.parent.control if step.parent is not None else ()
        return tuple((getattr(f, "id", str(i)), "a sequence") for i, f in enumerate(control) if f.is_sequence)

    def stack_entries(self, step) -> list[StackEntry]:
        own = self._view("stack_entries")
        return own(step) if own is not None else []

    def graph_sequences(self, g, step, add_condition) -> None:
        """Add this ruleset's open sequences (and their windows) to a state graph."""
        own = self._view("graph_sequences")
        if own is not None:
            own(g, step, add_condition)

    def graph_frames(self, g, step, add_condition) -> None:
        """Add this ruleset's other frames (resolving abilities, Chain items) to a state graph."""
        own = self._view("graph_frames")
        if own is not None:
            own(g, step, add_condition)

    def flow_path_scope(self, step, other) -> bool:
        """Whether step ``other`` belongs to the flowchart path drawn for ``step``."""
        return True

    def stack_kind(self) -> str:
        return "open sequences and resolving abilities (last in, first out)"

    def check_ability(self, ability, path: str, card_id: str) -> None:
        """Raise :class:`~rulekit.errors.ScenarioError` for an ability this ruleset cannot run
        (besides the vocabulary checks every ruleset gets)."""

    def ruling(self, name: str) -> Ruling | None:
        return next((r for r in self.rulings if r.name == name), None)

    def default_rulings(self) -> dict[str, str]:
        return {r.name: r.default for r in self.rulings}

    def __repr__(self) -> str:
        return f"<Ruleset {self.name}>"


# -- naming a ruleset ----------------------------------------------------------------------------------
#: How a ruleset's name becomes the ruleset object. The core never looks a ruleset up itself: the
#: registry (:mod:`rulekit.rulesets`) installs its lookup here when it is imported.
_NAMED: dict = {"lookup": None, "known": tuple}


def look_up_rulesets_with(lookup, known) -> None:
    """Install the registry's lookup (a name to its :class:`Ruleset`, KeyError if unknown) and the
    list of known names (for the message that names the nearest one)."""
    _NAMED["lookup"], _NAMED["known"] = lookup, known


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
