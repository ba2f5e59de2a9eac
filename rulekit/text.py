"""Words for people: labels of options and one-line descriptions of steps.

Steps store codes and ids; sentences are made here, only when something is shown.
"""
from __future__ import annotations

from .events import EventKind
from .model import Card, GameState


def card_label(card: Card) -> str:
    return f"{card.title} ({card.obj})"


def _card_of(state: GameState, obj: str) -> Card | None:
    return state.cards.get(obj.partition("@")[0])


def _obj_label(state: GameState, obj: str) -> str:
    card = _card_of(state, obj)
    return f"{card.title} ({obj})" if card else obj


_EVENT_WORDS = {k.value.replace(" ", "-") for k in EventKind}
_RB_WORDS = {"stands": "is readied", "kneels": "is exhausted", "killed": "dies"}


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
    if state.ruleset == "riftbound":
        event = _RB_WORDS.get(event, event)
    if event == "effect initiates" and head.endswith("/initiation"):
        obj, _, ability_id = head.partition("@")[0].rpartition(".")
        card = _card_of(state, obj)
        ability = card.ability(ability_id) if card else None
        if ability is None:
            return f"the effect of {obj}.{ability_id} initiates"
        return f"the effect of {card.title}'s {ability.timing.value} ({obj}.{ability_id}) initiates"
    if subject in state.players:
        return f"{subject} {event}"
    return f"{_obj_label(state, subject)} {event}"


def use_ref_label(state: GameState, use_id: str) -> str:
    """``"c7.r1@s:claim:killed:c3"`` → ``"Tyrion's reaction (c7.r1) for: Ser Jaime (c3) killed"``."""
    head, _, responds_to = use_id.partition("@")
    obj, _, ability_id = head.rpartition(".")
    card = _card_of(state, obj)
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
    card = _card_of(state, option_id)
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
    if what == "imminent":
        conds = ", ".join(condition_label(state, c) for c in a["conditions"])
        return f"Step 1: imminent — {conds}."
    if what == "window-empty":
        return f"{_step_title(a['step'])}: no player has an eligible ability, so all pass and it closes."
    if what == "window-opens":
        return f"The window opens ({a['window']}); {a['player']} has the first opportunity."
    if what == "window-closes":
        return f"{_step_title(a['step'])} closes: all players passed in a row."
    if what == "pass":
        return _pass_line(a, "no eligible ability")
    if what == "use":
        return f"{a['player']} uses {use_ref_label(state, a['use'])}."
    if what == "no-forced":
        return f"{_step_title(a['step'])}: none."
    if what == "forced":
        return f"Forced: {use_ref_label(state, a['use'])} resolves."
    if what == "occurs":
        happened = ", ".join(condition_label(state, c) for c in a["occurred"]) or "nothing"
        pre = "".join(f"; pre-empted: {condition_label(state, c)} ({why})" for c, why in a["preempted"])
        rep = "".join(f"; replaced by {use_ref_label(state, u)} (it still counts as having occurred)"
                      for c, u in a.get("replaced", ()))
        return f"Step 5: it occurs — {happened}{pre}{rep}."
    if what == "cost-paid":
        return f"The cost of {use_ref_label(state, a['use'])} is paid."
    if what == "target":
        return f"Target chosen for {use_ref_label(state, a['use'])}: {_obj_label(state, a['card'])}."
    if what == "initiation":
        return f"The effect of {use_ref_label(state, a['use'])} is about to initiate: a sequence opens for its initiation."
    if what == "initiates":
        return f"Step 5: it initiates — the effect of {use_ref_label(state, a['use'])}; it resolves now."
    if what == "cancelled":
        return (f"Cancelled by {use_ref_label(state, a['by'])}: "
                f"{', '.join(condition_label(state, c) for c in a['conditions'])} is no longer imminent; its sequence ends.")
    if what == "changed":
        rest = ", ".join(condition_label(state, c) for c in a["rest"])
        changed = ", ".join(condition_label(state, c) for c in a["conditions"])
        became = ", ".join(condition_label(state, c) for c in a["became"])
        tail = f"; the rest of the occurrence goes on: {rest}" if rest else "; its sequence ends"
        return f"Changed: {changed} is no longer imminent (it became: {became}){tail}."
    if what == "cancels":
        return f"{use_ref_label(state, a['use'])} cancels {condition_label(state, a['condition'])}."
    if what == "replaces":
        return f"{use_ref_label(state, a['use'])} will replace {condition_label(state, a['condition'])} when it occurs."
    if what == "saves":
        return f"{use_ref_label(state, a['use'])} saves: {condition_label(state, a['condition'])} is changed into a save."
    if what == "played":
        return f"{use_ref_label(state, a['use'])}: its event card is played and goes to the discard pile."
    if what == "effect-cancelled":
        return f"The effect of {use_ref_label(state, a['use'])} was cancelled: it does not resolve (the ability stays used, its costs stay paid)."
    if what == "delays":
        return f"{use_ref_label(state, a['use'])} sets up a delayed effect ({a['instruction']})."
    if what == "delayed":
        return (f"A delayed effect of {use_ref_label(state, a['use'].rpartition('/')[0])} resolves, "
                f"before the reactions to {condition_label(state, a['condition'])}.")
    if what == "then-skipped":
        return f"\"Then\" ({a['instruction']} of {a['use'].partition('@')[0]}): the part before did not resolve in full, so the rest does not resolve."
    if what == "instruction":
        return f"{a['verb'].capitalize()} ({a['instruction']} of {a['use'].partition('@')[0]}): a nested sequence opens."
    if what == "condition-false":
        return f"{a['verb'].capitalize()} ({a['instruction']}): its condition is false ({a['why']}), so it does nothing."
    if what == "nothing":
        why = f" ({a['why']})" if a.get("why") else ""
        return f"{a['verb'].capitalize()} ({a['instruction']}): nothing it could change{why}, so nothing happens."
    if what == "resolved":
        return f"{use_ref_label(state, a['use'])} has resolved."
    rb = _describe_riftbound(what, a, state)
    if rb is not None:
        return rb
    return f"{what} {a}"


def _item_label(state: GameState, item_id: str) -> str:
    head = item_id.partition("@")[0]
    obj, _, ability_id = head.rpartition(".")
    card = _card_of(state, obj)
    ability = card.ability(ability_id) if card else None
    kind = "spell" if card is not None and card.type == "spell" else (
        "Deathknell" if ability is not None and ability.deathknell else "ability")
    return f"{card.title}'s {kind} ({item_id})" if card else item_id


def _describe_riftbound(what: str, a: dict, state: GameState) -> str | None:
    if what == "rb-occurs":
        head = f"Script: {a['label'] or a['occurrence']}. " if "occurrence" in a else (
            f"{a['verb'].capitalize()} ({a['instruction']} of {_item_label(state, a['item'])}): " if "verb" in a
            else "Cleanup: units with lethal damage die together. ")
        happened = ", ".join(condition_label(state, c) for c in a["occurred"]) or "nothing"
        captured = "".join(f"; Deathknell captured before the move: {_item_label(state, i)}" for i in a["captured"])
        replaced = "".join(f"; {condition_label(state, c)} is replaced by {_item_label(state, u)}: it does not happen"
                           for c, u in a.get("replaced", ()))
        return f"{head}Processed at once — {happened}{captured}{replaced}."
    if what == "rb-triggers":
        made = ", ".join(_item_label(state, i) for i in a["items"])
        return f"Triggers are evaluated after the events: {made or 'nothing triggers'}."
    if what == "rb-placed":
        return f"On the Chain, pending: {_item_label(state, a['item'])}."
    if what == "rb-finalized":
        return f"Finalized (targets chosen; priority does not pass): {_item_label(state, a['item'])}."
    if what == "rb-target":
        return f"Target for {_item_label(state, a['item'])}: {_obj_label(state, a['card'])}."
    if what == "rb-event-chosen":
        return f"The triggering event of {_item_label(state, a['item'])} is {condition_label(state, a['event'])}."
    if what == "rb-priority":
        return f"{a['player']}, controller of the newest item ({_item_label(state, a['item'])}), has priority."
    if what == "rb-pass":
        return _pass_line(a, "nothing to play")
    if what == "rb-adds":
        return f"{a['player']} adds {_item_label(state, a['item'])} to the Chain."
    if what == "rb-resolves":
        return f"All players passed in a row: the newest item resolves — {_item_label(state, a['item'])}."
    if what == "rb-resolved":
        return f"{_item_label(state, a['item'])} has resolved."
    if what == "rb-chain-empty":
        return "The Chain is empty."
    if what == "rb-may":
        return f"\"You may\": {a['answer']} for {_item_label(state, a['item'])}."
    if what == "rb-condition-false":
        return f"{a['verb'].capitalize()} ({a['instruction']}): its condition is checked now and is false ({a['why']})."
    if what == "rb-null":
        why = a.get("why") or "the information is not available"
        return f"{a['verb'].capitalize()} ({a['instruction']}): {why}; the calculation is skipped."
    if what == "rb-replaces":
        return f"{_item_label(state, a['item'])}: the next death of {', '.join(a['cards'])} will be replaced."
    if what == "rb-nothing":
        return f"{a['verb'].capitalize()} ({a['instruction']}): nothing it could change."
    return None


def _pass_line(a: dict, auto_reason: str) -> str:
    why = f" ({auto_reason})" if a["auto"] else ""
    return f"{a['player']} passes{why}; {a['passes']} pass(es) in a row."


def _step_title(step_name: str) -> str:
    from .steps import SeqStep
    step = SeqStep[step_name]
    return f"Step {step.number}, {step.title}"
