"""Words for people: labels of options and one-line descriptions of steps.

Steps store codes and ids; sentences are made here, only when something is shown.
"""
from __future__ import annotations

from .events import EventKind
from .model import Card, GameState


def card_label(card: Card) -> str:
    return f"{card.title} ({card.obj})"


def card_of(state: GameState, obj: str) -> Card | None:
    return state.cards.get(obj.partition("@")[0])


def obj_label(state: GameState, obj: str) -> str:
    card = card_of(state, obj)
    return f"{card.title} ({obj})" if card else obj


_EVENT_WORDS = {k.value.replace(" ", "-") for k in EventKind}


def split_condition(tc_id: str) -> tuple[str, str, str] | None:
    """``"s:claim:killed:c3"`` → ``("s:claim", "killed", "c3")``; ``None`` for an id that is
    not a triggering condition (a sequence, answered by a "one or more" ability)."""
    parts = tc_id.rsplit(":", 2)
    if len(parts) == 3 and parts[1] in _EVENT_WORDS and "/" not in parts[2]:
        return parts[0], parts[1], parts[2]
    return None


def condition_label(state: GameState, tc_id: str) -> str:
    """``"s:claim:killed:c3"`` → ``"Ser Jaime (c3) killed"``."""
    parts = split_condition(tc_id)
    if parts is None:
        return f"the occurrence {tc_id}"
    head, event, subject = parts
    event = event.replace("-", " ")
    event = state.rules.event_words.get(event, event)
    if event == "effect initiates" and head.endswith("/initiation"):
        obj, _, ability_id = head.partition("@")[0].rpartition(".")
        card = card_of(state, obj)
        ability = card.ability(ability_id) if card else None
        if ability is None:
            return f"the effect of {obj}.{ability_id} initiates"
        return f"the effect of {card.title}'s {ability.timing.value} ({obj}.{ability_id}) initiates"
    if subject in state.players:
        return f"{subject} {event}"
    return f"{obj_label(state, subject)} {event}"


def use_ref_label(state: GameState, use_id: str) -> str:
    """``"c7.r1@s:claim:killed:c3"`` → ``"Tyrion's reaction (c7.r1) for: Ser Jaime (c3) killed"``."""
    head, _, responds_to = use_id.partition("@")
    obj, _, ability_id = head.rpartition(".")
    card = card_of(state, obj)
    if card is None:
        return use_id
    ability = card.ability(ability_id)
    kind = ability.timing.value if ability else "ability"
    target = condition_label(state, responds_to)
    return f"{card.title}'s {kind} ({obj}.{ability_id}) for: {target}"


def option_label(kind, option_id: str, state: GameState, chooser: str) -> str:
    """The readable label of a decision's option."""
    if option_id == "pass":
        return f"{chooser} passes"
    if "@" in option_id and "." in option_id.partition("@")[0]:
        return use_ref_label(state, option_id)
    card = card_of(state, option_id)
    return card_label(card) if card else option_id


def describe(what: str, args: tuple, state: GameState) -> str:
    """One line for a step, from its code and arguments, naming cards by title."""
    a = dict(args)
    if what == "setup":
        return f"The game is set up: {len(state.cards)} cards, {', '.join(state.players)}; first player {state.first_player}."
    if what == "script":
        label = a.get("label") or a["occurrence"]
        return f"Script: {label}."
    if what == "script-nothing":
        return f"Script: {a.get('label') or a['occurrence']} — it could change nothing, so nothing happens."
    if what == "script-done":
        return "The script is over."
    own = state.rules.describe(what, a, state)
    if own is not None:
        return own
    return f"{what} {a}"


def pass_line(a: dict, auto_reason: str) -> str:
    why = f" ({auto_reason})" if a["auto"] else ""
    return f"{a['player']} passes{why}; {a['passes']} pass(es) in a row."
