"""What a game's own state does, as a ruleset sees it: its card fields' events (a buff, a Might
change), what happens as a turn ends, its own script entries and events, and its resources
(channeling, recycling, paying). :class:`~rulekit.core.ruleset.Ruleset` inherits these defaults —
a game without any of them — and a ruleset overrides what its cards need (Riftbound's Might, buffs,
scoring, combat and Rune Pool)."""
from __future__ import annotations

from typing import ClassVar, Mapping

from rulekit.core.events import EventKind


class GameOwnState:
    """The defaults every ruleset starts from."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        extension = cls.__dict__.get("card_extension")
        if extension is not None:       # its cards answer for their own fields (card.power)
            from rulekit.core.model import forward_card_fields
            forward_card_fields(extension)

    def card_facts(self, card) -> list[str]:
        """What a drawing of ``card`` says of its own game's state besides its numbers (Riftbound:
        "buffed", "+2 Might this turn", its keywords). Default: nothing."""
        return []

    def card_mismatch(self, f, card, *, source=None, that=None) -> str | None:
        """What in ``card`` does not match the filter fields of this game (:attr:`filter_fields`),
        or ``None``; ``source`` is the ability's card and ``that`` the card the triggering condition
        is about (what "lower STR than …" compares with). Default: a game without any matches."""
        return None

    def check_filter(self, f, path: str, *, instruction: bool, trigger: bool) -> None:
        """Raise a ScenarioError for a value of this game's own filter fields it refuses (``instruction``:
        an instruction's filter, which knows the triggering condition's card; ``trigger``: a
        trigger's, which reads one card). Default: nothing to refuse."""

    def companion_conditions(self, kind, state, conditions: tuple, sequence: str, cause: str) -> tuple:
        """Conditions the rules add to an occurrence of ``kind`` (A Game of Thrones: the winner of
        dominance gains 1 power on their faction card). Default: none."""
        return ()

    def entered_play(self, state, card_id: str, tc):
        """The state once ``card_id`` has entered play by ``tc`` (an "enters play" occurrence): what
        its game remembers of how and when (A Game of Thrones: marshaled this phase). Default: nothing."""
        return state

    def entered_mismatch(self, when: str, card, state) -> str | None:
        """Why ``card`` did not enter play ``when`` ("this phase"), or ``None`` (a filter's
        ``entered``). Default: a game that does not track it (its files cannot say ``entered``)."""
        return f"{self.name} does not track when a card entered play"

    #: what a player's pool may hold at the start of a scenario (a file's top-level ``pools``)
    pool_resources: ClassVar[tuple[str, ...]] = ()

    #: whether the game's cards can be attached to others (a filter's ``which: attached``)
    attachments: ClassVar[bool] = False

    def host_of(self, card) -> str | None:
        """The id of the card ``card`` is attached to, or ``None``. Default: a game without attachments."""
        return None

    def event_refusal(self, kind, state, card, amount: int) -> str | None:
        """Why an event of the game's own card fields would change nothing for ``card`` now (a
        buff on a unit that has one), or ``None``. Default: nothing to refuse."""
        return None

    def card_event(self, card, tc):
        """``card`` as an event of the game's own card fields leaves it (step 5), or ``None`` when
        the event is not one of those. Default: none."""
        return None

    def turn_ends(self, state):
        """The state as the turn ends, before the next player's turn begins: what the game's
        rules do then (Riftbound: heal units, expire "this turn" effects). Default: nothing."""
        return state

    def trigger_own_mismatch(self, when, tc, state, me: str) -> str | None:
        """What in ``tc`` does not match the pattern's fields of this game (A Game of Thrones:
        ``side``, ``margin``, ``unopposed``), or ``None``. Default: a game without any matches."""
        return None

    def challenges_counted(self, count, state, me: str) -> tuple[int, str]:
        """How many challenges a condition's ``challenges`` counts, and those words (A Game of
        Thrones). Default: a game without challenges counts none."""
        return 0, "challenges"

    def check_condition(self, cond, path: str) -> None:
        """Checks of a condition's fields that are the ruleset's own (``condition_fields``). Default: none."""

    def phase_ends(self, state):
        """The state as the phase ends: what the game's rules do then (A Game of Thrones: lasting
        effects "until the end of the phase" expire). Default: nothing."""
        return state

    def run_entry(self, state, control, entry, occurrence: str, args: tuple):
        """What a script entry whose verb creates no event does (Riftbound: ``combat``): a Progress."""
        raise NotImplementedError(f"{self.name} has no script entry {entry.do.value!r}")

    def apply_event(self, state, tc):
        """The state after ``tc`` occurs, for an event whose table row says its ruleset applies it
        (:attr:`~rulekit.core.events.EventDef.ruleset_applies`)."""
        raise NotImplementedError(f"{self.name} has no event {tc.kind.value!r}")

    #: for events that take a card from play (and the discard, which takes one from play or a hand), the
    #: out-of-play areas they may take it from as well, by event kind. Default: a card is discarded from
    #: play or a hand, and nothing else leaves an out-of-play area that way (A Game of Thrones: a card is
    #: also discarded from its deck, and returned to hand from its discard or dead pile)
    out_of_play_origins: ClassVar[Mapping] = {EventKind.DISCARDED: ("hand",)}

    #: where a channeled card is put (Riftbound: its controller's base); ``None`` where nothing is channeled
    channel_to: ClassVar[str | None] = None

    def channel_from(self, state, player: str, amount: int) -> tuple:
        """The cards ``player`` channels: the top ``amount`` of the deck they come from. Default: none."""
        return ()

    def recycled_to(self, card) -> str:
        """The zone a recycled card goes to the bottom of. Default: the deck."""
        return self.deck

    def spend(self, pool: dict, resource: str | None, amount: int) -> dict | None:
        """``pool`` (resources by name) after paying ``amount`` of ``resource``, or ``None`` if it
        cannot be paid. Default: that resource only."""
        if pool.get(resource, 0) < amount:
            return None
        return {**pool, resource: pool.get(resource, 0) - amount}
