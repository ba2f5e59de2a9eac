"""Factions, the faction card and power (Rules Reference "Faction, Faction Cards", "Neutral",
"In Play and Out of Play", "Power", "Moving Power", "Dominance Phase"): which factions a card may
belong to, a faction card that cannot leave play, power moved from a card to another (not
gained) and power discarded, and winning dominance, whose winner's faction card gains 1 power in
the same occurrence."""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core.errors import ScenarioError
from rulekit.core.events import EventKind, Verb
from rulekit.core.model import TriggeringCondition

#: the eight factions (RR "Faction, Faction Cards"), and "neutral" for a card of none (RR "Neutral")
FACTIONS = ("Baratheon", "Greyjoy", "Lannister", "Martell", "Night's Watch", "Stark", "Targaryen", "Tyrell",
            "neutral")

#: the card type of a player's faction card
FACTION_CARD = "faction"

#: where ``move power`` may put the power it moves, in an ability's words
POWER_DESTINATIONS = ("your faction card", "self", "that card")

_LEAVING = (EventKind.KILLED, EventKind.DISCARDED, EventKind.SACRIFICED, EventKind.RETURNED_TO_HAND,
            EventKind.LEAVES_PLAY, EventKind.PLACED)


def check_factions(cards: tuple) -> None:
    """A faction is one of the game's; a faction card is in play, and each player has one at most."""
    from rulekit.core.scenario import suggest
    seen: dict[str, str] = {}
    for i, card in enumerate(cards):
        ext = card.extension
        if ext is not None and ext.faction not in FACTIONS:
            raise ScenarioError(f"{ext.faction!r} is not a faction of A Game of Thrones{suggest(ext.faction, FACTIONS)}",
                                path=f"cards[{i}].faction", expected="one of " + ", ".join(FACTIONS))
        if card.type != FACTION_CARD:
            continue
        if card.zone not in (None, "play area"):     # None: the default zone, the play area
            raise ScenarioError(f"faction card {card.id!r} is in the {card.zone}: a faction card is in play and "
                                "cannot leave it (Rules Reference, \"In Play and Out of Play\")",
                                path=f"cards[{i}].zone", expected="play area")
        if card.owner in seen:
            raise ScenarioError(f"{card.owner} has two faction cards, {seen[card.owner]!r} and {card.id!r}: a player "
                                "has one", path=f"cards[{i}].type", expected="one faction card per player")
        seen[card.owner] = card.id


def faction_card_of(state, player: str):
    """The faction card ``player`` controls, or ``None``."""
    return next((c for c in (state.cards[i] for i in state.order)
                 if c.type == FACTION_CARD and c.controller == player and c.zone in state.rules.in_play), None)


#: the event kinds :func:`event_refusal` may refuse (the ruleset asks it about no other)
REFUSES = frozenset(_LEAVING) | {EventKind.POWER_MOVED, EventKind.POWER_DISCARDED}


def event_refusal(kind, state, card, amount: int) -> str | None:
    """A faction card cannot leave play (RR "In Play and Out of Play"); power can be moved or
    discarded only from a card that has some (RR "Initiating Abilities / Marshaling Cards": the effect must be able
    to change the game state)."""
    if kind in _LEAVING and card.type == FACTION_CARD:
        return f"{card.title} is a faction card, which cannot leave play"
    if kind in (EventKind.POWER_MOVED, EventKind.POWER_DISCARDED):
        if amount <= 0:
            return "no power to take"
        if card.power <= 0:
            return f"{card.title} has no power"
    return None


def destination(instr_to: str, state, me: str, source, tc):
    """The card ``move power`` puts power on, from the ability's words: the controller's faction
    card, this card, or the card the triggering condition is about — or ``None``."""
    if instr_to == "your faction card":
        return faction_card_of(state, me)
    if instr_to == "self":
        now = state.cards.get(source.id)
        return now if now is not None and now.incarnation == source.incarnation else None
    if instr_to == "that card" and tc is not None and tc.card is not None:
        now = state.cards.get(tc.card.id)
        return now if now is not None and now.incarnation == tc.card.incarnation else None
    return None


def apply_event(state, tc: TriggeringCondition):
    """Step 5 of a power event: as much of the power as the card has moves to the other card (it
    is not gained there: RR "Moving Power") or goes back to the treasury."""
    card = state.cards[tc.card.id]
    taken = min(tc.amount, card.power)
    state = state.with_card(card.changed(power=card.power - taken))
    if tc.kind is EventKind.POWER_MOVED:     # to a card in play: occur.still_imminent saw to it
        other = state.cards[tc.to]
        state = state.with_card(other.changed(power=other.power + taken))
    return state


def companion_conditions(kind, state, conditions: tuple, sequence: str, cause: str) -> tuple:
    """Winning dominance: the winner gains 1 power for their faction, on their faction card, in the
    same step (RR "Appendix I: Timing and Gameplay", 5.2) — so in the same occurrence."""
    if kind is not EventKind.WINS_DOMINANCE:
        return ()
    out = []
    for won in conditions:
        faction = faction_card_of(state, won.player)
        if faction is not None:
            out.append(TriggeringCondition(ids.triggering_condition(sequence, EventKind.GAINS_POWER.value, faction.obj),
                                           EventKind.GAINS_POWER, sequence, cause, card=faction,
                                           player=faction.controller, amount=1))
    return tuple(out)


def check_move_power_entry(entry, path: str, scenario) -> None:
    """A script's ``move power`` names the card the power goes to, by id, in ``to``."""
    from rulekit.core.scenario import suggest
    if entry.do is not Verb.MOVE_POWER:
        return
    card_ids = [c.id for c in scenario.cards]
    if entry.to not in card_ids:
        raise ScenarioError(f"'move power' needs 'to', the card the power goes to; {entry.to!r} is no card"
                            f"{suggest(entry.to or '', card_ids)}", path=f"{path}.to", expected="a card id")
    if entry.to in entry.cards:
        raise ScenarioError(f"power cannot move from {entry.to!r} to itself", path=f"{path}.to",
                            expected="another card")
