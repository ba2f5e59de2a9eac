"""Riftbound in words: one sentence per step code of trigger evaluation and the Chain."""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core.text import card_of, condition_label, not_modelled_outcome, obj_label, pass_line, verb_head


def item_label(state, item_id: str) -> str:
    item = ids.parse_use(item_id)
    card = card_of(state, item.obj) if item is not None else None
    ability = card.ability(item.ability) if card else None
    kind = "spell" if card is not None and card.type == "spell" else (
        "Deathknell" if ability is not None and ability.deathknell else "ability")
    return f"{card.title}'s {kind} ({item_id})" if card else item_id


def describe(what: str, a: dict, state) -> str | None:
    if what == "rb-occurs":
        head = f"Script: {a['label'] or a['occurrence']}. " if "occurrence" in a else (
            f"{verb_head(a)} ({a['instruction']} of {item_label(state, a['item'])}): " if "verb" in a
            else f"Cleanup after {a['after']} (a change of status, no item resolving): units with lethal damage die "
                 f"together. " if "after" in a
            else "Cleanup: units with lethal damage die together. ")
        happened = ", ".join(condition_label(state, c) for c in a["occurred"]) or "nothing"
        captured = "".join(f"; Deathknell captured before the move: {item_label(state, i)}" for i in a["captured"])
        replaced = "".join(f"; {condition_label(state, c)} is replaced by {item_label(state, u)}: it does not happen"
                           for c, u in a.get("replaced", ()))
        entered = "".join(f"; it becomes a game object on the board (rb.play): {obj_label(state, obj)} enters "
                          f"{player}'s {zone} "
                          f"{'exhausted' if exhausted else 'ready'}"
                          for obj, player, zone, exhausted in a.get("entered", ()))
        might = "".join(f"; {obj_label(state, obj)}: {change}, Might {was} → {now}"
                        for obj, change, was, now in a.get("might", ()))
        expired = "".join(f"; Expiration Step (rb.this-turn): {obj_label(state, obj)}"
                          + (f" is healed of {healed} damage" if healed else "")
                          + (f"{',' if healed else ''} its 'this turn' Might expires, {was} → {now}" if was != now else "")
                          for obj, healed, was, now in a.get("expired", ()))
        return f"{head}Processed at once — {happened}{might}{entered}{captured}{replaced}{expired}."
    if what == "rb-triggers":
        made = ", ".join(item_label(state, i) for i in a["items"])
        declined = "".join(f"; declined, not placed on the Chain: {item_label(state, i)}" for i in a.get("declined", ()))
        return f"Triggers are evaluated after the events: {made or 'nothing triggers'}{declined}."
    if what == "rb-placed":
        return f"On the Chain, pending: {item_label(state, a['item'])}."
    if what == "rb-finalized":
        return f"Finalized (targets chosen; priority does not pass): {item_label(state, a['item'])}."
    if what == "rb-target":
        return f"Target for {item_label(state, a['item'])}: {obj_label(state, a['card'])}."
    if what == "rb-event-chosen":
        return f"The triggering event of {item_label(state, a['item'])} is {condition_label(state, a['event'])}."
    if what == "rb-priority":
        return f"{a['player']}, controller of the newest item ({item_label(state, a['item'])}), has priority."
    if what == "rb-pass":
        return pass_line(a, "nothing to play")
    if what == "rb-adds":
        return f"{a['player']} adds {item_label(state, a['item'])} to the Chain."
    if what == "rb-resolves":
        return f"All players passed in a row: the newest item resolves — {item_label(state, a['item'])}."
    if what == "rb-resolved":
        return f"{item_label(state, a['item'])} has resolved."
    if what == "rb-chain-empty":
        return "The Chain is empty."
    if what == "rb-may":
        if a.get("when") == "fulfilled":
            placed = "it is placed on the Chain" if a["answer"] == "yes" else \
                "it is not placed on the Chain and has not triggered"
            return f"\"You may\", decided as the trigger condition is fulfilled: {a['answer']} for " \
                   f"{item_label(state, a['item'])} — {placed}."
        return f"\"You may\", decided at resolution: {a['answer']} for {item_label(state, a['item'])}."
    if what == "rb-open-pass":
        how = "with nothing to play" if a.get("auto") else "and plays nothing more"
        return f"No Chain exists and {a['player']}, the turn player, passes {how}: the open window closes."
    if what == "rb-removed":
        return f"{item_label(state, a['item'])} is removed from the Chain at finalization ({a['why']}): it never " \
               f"becomes a Chain Item."
    if what == "rb-recheck":
        verdict = "still true" if a["holds"] else f"now false ({a['why']}): the item does nothing"
        return f"The trigger condition's \"if\" is checked again as {item_label(state, a['item'])} resolves: {verdict}."
    if what == "rb-ability-control":
        return f"{a['to']} gains control of {item_label(state, a['target'])} (its source keeps its controller)."
    if what == "rb-condition-false":
        return f"{verb_head(a)} ({a['instruction']}): its condition is checked now and is false ({a['why']})."
    if what == "rb-null":
        why = a.get("why") or "the information is not available"
        return f"{verb_head(a)} ({a['instruction']}): {why}; the calculation is skipped."
    if what == "rb-replaces":
        return f"{item_label(state, a['item'])}: the next death of {', '.join(a['cards'])} will be replaced."
    if what == "rb-not-modelled":
        return f"{verb_head(a)} ({a['instruction']} of {item_label(state, a['item'])}): {not_modelled_outcome(a)}"
    if what == "rb-chance":
        taken = " and ".join(obj_label(state, c) for c in a["cards"])
        return f"Chance: the game takes {taken} at random for {verb_head(a).lower()} ({a['instruction']} of " \
               f"{item_label(state, a['item'])})."
    if what == "rb-shuffled":
        deck = f"{a['player']}'s {state.rules.deck}"
        if not a["cards"]:
            return f"Chance: {deck} is shuffled; it is empty, so nothing is decided."
        top = ", then ".join(obj_label(state, c) for c in a["cards"])
        beneath = "" if a["outcomes"] <= 1 else "; the cards beneath keep their order"
        return f"Chance: {deck} is shuffled ({a['instruction']} of {item_label(state, a['item'])}); on top: {top} " \
               f"(1 of {a['outcomes']} possible outcome(s){beneath})."
    if what == "rb-nothing":
        return f"{verb_head(a)} ({a['instruction']}): nothing it could change."
    return None


