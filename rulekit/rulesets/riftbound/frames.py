"""Riftbound's control frames: the Chain (its items, those waiting to be ordered onto it, who has
priority), the newest item resolving, a trigger check after events, and the turn player's
priority while no Chain exists. A new Chain or item is pushed on top: that is nesting."""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core.abilities import Ability
from rulekit.core.frozen import immutable, replace
from rulekit.core.model import Card, TriggeringCondition
from rulekit.core.ruleset import Frame
from rulekit.core.verdicts import Verdict


@immutable(quick_new=True)
class ChainItem:
    """A triggered ability (or a played spell/ability) on the Chain. ``source`` is the card as
    it was when the item was created (a Deathknell's: as noted before the card moved); ``event``
    the triggering event (for a numbered trigger with several simultaneous candidates, chosen at
    finalization from ``candidates``); ``chosen`` the choices made at finalization, as
    (slot, card object or item id) pairs — an "up to" slot may hold several, and ``""`` marks
    that its controller chose no more. A card an effect plays (rule ``rb.play-effect``) is an item
    with ``played`` and ``played_from``: its own ability if it is a spell, none if a permanent."""

    id: str
    ability: Ability
    source: Card
    controller: str
    event: TriggeringCondition | None = None
    candidates: tuple[TriggeringCondition, ...] = ()
    pending: bool = True
    chosen: tuple[tuple[str, str], ...] = ()
    played: str | None = None      # the spell card played for this item (to the trash when it resolves)
    played_by: str | None = None   # who played that spell, once its control has changed (else its controller)
    batch: int = 0                 # which batch added it: items are placed batch by batch (337.1.b; ChainFrame.batch_rules)
    paid: int = 0                  # cost instructions paid so far (at finalization: 383.3.b.1, 404)
    played_from: str | None = None  # an effect played the card from this zone (419.3; None: with priority, from hand)
    to: str | None = None          # where an effect's play puts a permanent ("here" read as it executed; None: base)
    ignoring: str | None = None    # the costs that effect's play sets to 0 (356.1.b): "cost", "energy cost", …

    def choice(self, slot: str) -> str | None:
        for s, value in self.chosen:
            if s == slot and value:
                return value
        return None

    def choices(self, slot: str) -> tuple[str, ...]:
        return tuple(value for s, value in self.chosen if s == slot and value)

    def stopped(self, slot: str) -> bool:
        return (slot, "") in self.chosen


@immutable(quick_new=True)
class TriggerCheck(Frame):
    """Evaluate triggers for events that have just been processed. ``deathknells`` holds the
    verdicts of the dying cards' Deathknells on their own deaths, judged from each card as it was
    before it moved (``captured`` the items of those that triggered); they are recorded with the
    other listeners' verdicts, at the step the items are added. ``decided`` holds the "you may"
    answers given when the trigger conditions were fulfilled: (item id, yes/no)."""

    group: str
    events: tuple[TriggeringCondition, ...]
    captured: tuple[ChainItem, ...] = ()     # Deathknell items captured before the events
    decided: tuple[tuple[str, str], ...] = ()
    deathknells: tuple[Verdict, ...] = ()    # every dying card's Deathknells, judged before the events
    order: tuple[str, ...] = ()              # who places their items first, if not the turn player (459.2.d.1)


@immutable(quick_new=True)
class ChainFrame(Frame):
    """The Chain: items on it (oldest first), items triggered together and not yet ordered onto
    it, and who has priority. ``waits`` names the combat (:class:`CombatFrame`) in whose Resolution
    Step the Chain's items were added: while it is set they stay pending, and the Chain lies beneath
    the combat until a task of the step is done (rule ``rb.resolution-step``; 320.1, 335.1, 460.3)."""

    id: str
    items: tuple[ChainItem, ...] = ()        # oldest first; the newest is last
    waiting: tuple[ChainItem, ...] = ()      # triggered, not yet ordered onto the Chain (by batch: see ChainItem)
    batches: int = 0                         # trigger checks that have added items so far
    priority: str | None = None
    passes: int = 0
    number: int = 0                          # priority opportunities given so far
    placed: int = 0                          # items ordered onto the Chain so far
    waits: str = ""                          # the combat whose Resolution Step the items wait for
    batch_rules: tuple[tuple[int, str, tuple[str, ...]], ...] = ()   # (batch, rule, players in order) if not
                                             # rb.simultaneous's turn order (Deathknells: 808.1.d.2; 459.2.d.1)

    def batch_rule(self, batch: int, turn_order: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
        """The rule a batch of waiting items is placed by, and the players in the order they place
        theirs: the turn player's first, then turn order (383.3.d.1), unless the batch says otherwise."""
        for number, rule, order in self.batch_rules:
            if number == batch:
                return rule, order or turn_order
        return "rb.simultaneous", turn_order

    def with_batches(self, groups) -> "ChainFrame":
        """The Chain with new items waiting to be placed, ``groups`` — (items, rule, players in order) —
        one batch each, after every batch added before them (337.1.b)."""
        waiting, rules, batch = self.waiting, self.batch_rules, self.batches
        for items, rule, order in groups:
            waiting += tuple(replace(item, batch=batch) for item in items)
            if rule != "rb.simultaneous" or order:
                rules += ((batch, rule, tuple(order)),)
            batch += 1
        return replace(self, waiting=waiting, batch_rules=rules, batches=batch)

    @property
    def ordinal(self) -> int:
        """The current priority opportunity counted as a person counts (the first is #1): what its
        answer is keyed by and what the windows view shows."""
        return self.number + 1

    def nesting(self) -> int:
        return len(self.items) + len(self.waiting)

    def loop_uses(self) -> tuple[str, ...]:
        return tuple(ids.use_head(item.id) for item in self.items + self.waiting)


@immutable(quick_new=True)
class OpenFrame(Frame):
    """The turn player's priority while no Chain exists, in their Main Phase (a Neutral Open
    State: 312.2.a, 335.3): they may play a spell or ability, with Action or with Reaction, which
    starts a Chain, or pass, which closes the window. After each Chain they have priority again."""

    id: str
    number: int = 0                          # priority opportunities given so far

    @property
    def ordinal(self) -> int:
        """The current priority opportunity counted as a person counts (the first is #1): what its
        answer is keyed by and what the windows view shows."""
        return self.number + 1


@immutable(quick_new=True)
class ItemFrame(Frame):
    """The newest item, resolving instruction by instruction. ``chance`` holds the outcomes the
    game has answered for the instruction at ``index`` (rule ``rulekit.chance``): the cards taken at
    random, or each shuffled deck's new top so far; ``chosen`` the cards players chose as it
    resolves ("each player kills a unit they control", rule ``rb.each-chooses``; cards in a hand or a
    deck, rule ``rb.hidden-choice``)."""

    item: ChainItem
    index: int = 0
    decided: bool = False
    rechecked: bool = False
    chance: tuple[str, ...] = ()
    completed: bool = False          # a played spell's play has been completed (rb.play-spell)
    chosen: tuple[tuple[str, str], ...] = ()   # choices made as it resolves: (slot, card object; "" for done)

    def choices(self, slot: str) -> tuple[str, ...]:
        return tuple(value for s, value in self.chosen if s == slot)

    def loop_uses(self) -> tuple[str, ...]:
        return (ids.use_head(self.item.id),)


@immutable
class ScoringFrame(Frame):
    """The Beginning Phase's Scoring Step, once the start-of-phase triggers are dealt with: the
    turn player holds every battlefield they control (315.2.b.2; :mod:`.scoring`)."""

    group: str


@immutable
class CombatFrame(Frame):
    """A combat at one battlefield (:mod:`.combat`): the occurrence that began it, the battlefield,
    the attacker and defender, and the step it is at (``damage``; then the Resolution Step:
    ``cleanup``, ``heal``, ``control``, ``end``, and ``over`` once combat has ended with items still
    waiting on the Chain)."""

    id: str
    battlefield: str
    attacker: str
    defender: str
    stage: str = "damage"


#: the stages of a combat from the moment combat damage has been dealt (or found not to be): its
#: Resolution Step, in which no Chain item resolves while a task is under way (rb.resolution-step)
RESOLUTION_STAGES = ("cleanup", "heal", "control", "end", "over")


def resolution_combat(control) -> CombatFrame | None:
    """The combat in its Resolution Step that an event just processed belongs to — so the items it
    triggers wait on the Chain (460.3, 320.1, 335.1) — or ``None``: the nearest combat below the
    top of ``control``, unless an item is resolving or a Chain is being played above it (a Chain
    released after a task of the step: its items' events are ordinary)."""
    for frame in reversed(control):
        if isinstance(frame, CombatFrame):
            return frame if frame.stage in RESOLUTION_STAGES else None
        if isinstance(frame, ItemFrame) or (isinstance(frame, ChainFrame) and not frame.waits):
            return None
    return None


@immutable
class ShowdownFrame(Frame):
    """A Showdown (:mod:`.combat`): who has Focus, how many players have passed in sequence, how
    many priority opportunities it has given, and whether the player with Focus has just started a
    Chain (when it is gone, Focus passes: 346)."""

    id: str
    focus: str
    passes: int = 0
    number: int = 0
    played: bool = False

    @property
    def ordinal(self) -> int:
        """The current priority opportunity counted as a person counts (the first is #1): what its
        answer is keyed by and what the windows view shows."""
        return self.number + 1


@immutable
class ReplacementOrder(Frame):
    """Several replacements printed on cards apply to one event (``condition``): ``owner``, the owner
    of the card acted on, chooses which applies first (372). The occurrence is processed again with
    the choice (``choices``: (condition id, replacement) pairs chosen so far)."""

    group: str
    condition: str
    owner: str
    options: tuple[str, ...]
    conditions: tuple[TriggeringCondition, ...]
    rule: str
    args: tuple
    choices: tuple[tuple[str, str], ...] = ()
    order: tuple[str, ...] = ()          # who places their triggered items first (TriggerCheck.order)


@immutable
class Cleanup(Frame):
    """A Cleanup made an outstanding task by a change of the game's status while no item is
    resolving (319, 321): the units with lethal damage die together (323.4-323.5). ``after`` is the
    occurrence whose change called for it; ``group`` names the Cleanup's own deaths."""

    after: str
    group: str
