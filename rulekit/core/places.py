"""Where cards are, as a ruleset sees it: the places a ``to`` may name, the place a card is at, the
location "here" compares, and putting a card at a place. :class:`~rulekit.core.ruleset.Ruleset`
inherits these defaults (a place is a zone; a zone all players share is one location, any other
its controller's own); Riftbound's named battlefields override them."""
from __future__ import annotations

from typing import ClassVar


class Places:
    """The defaults every ruleset starts from (its ``zones`` and ``shared_zones``)."""

    __slots__ = ()

    #: verbs only the rules use elsewhere that an ability's effect may use in this game (Riftbound:
    #: ``play``, a card an effect plays, Core Rules 419.3); none by default
    effect_verbs: ClassVar[frozenset] = frozenset()

    def effect_play_refusal(self, state, card) -> str | None:
        """Why an effect cannot play ``card`` now (when ``play`` is one of :attr:`effect_verbs`), or
        ``None``: the script's ``play`` takes a card from its hand, an effect's may take it from
        wherever the effect says. Default: an effect plays no card."""
        return "no effect plays a card in this game"

    def place_names(self, cards: tuple) -> tuple[str, ...]:
        """What a ``to`` (a move's, a play's, a token's destination) may name, given the scenario's
        cards: the ruleset's zones by default (Riftbound: also each battlefield on the board)."""
        return self.zones

    def effect_place_names(self, verb) -> tuple[str, ...]:
        """What else a ``to`` may name in an ability's effect with this verb: a place the ability's
        card names as the instruction executes. Nothing by default (Riftbound: "here", where an
        effect creates or plays a token or a card)."""
        return ()

    def where(self, card) -> str:
        """The place name ``card`` is at, as a ``to`` names it (a move there is no move). Default:
        its zone."""
        return card.zone

    def location(self, card) -> tuple[str, str]:
        """The location ``card`` is at, for "here": a zone all players share (a battlefield) is one
        location; any other (a base) is its controller's own."""
        return (card.zone, "" if card.zone in self.shared_zones else card.controller)

    def place(self, state, card_id: str, to: str, controller: str | None = None):
        """The state with the card put at ``to`` (a name :meth:`place_names` allows). Default: the
        zone of that name (:meth:`~rulekit.core.model.GameState.move`)."""
        return state.move(card_id, to, controller=controller)
