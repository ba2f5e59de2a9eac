"""Riftbound in words: one sentence per step code of trigger evaluation and the Chain."""
from __future__ import annotations

from rulekit.core import ids
from rulekit.rulesets.riftbound.effectplay import PLAY_ID
from rulekit.core.text import card_of, condition_label, not_modelled_outcome, obj_label, pass_line, verb_head


def item_label(state, item_id: str, with_id: bool = True) -> str:
    """``"Stubborn Sentinel's ability (a.sentinel@…)"``; without its id where the sentence already
    says what it answers (a replacement named beside the event it replaces)."""
    item = ids.parse_use(item_id)
    card = card_of(state, item.obj) if item is not None else None
    ability = card.ability(item.ability) if card else None
    kind = "spell" if card is not None and card.type == "spell" else (
        "Deathknell" if ability is not None and ability.deathknell else
        "play" if ability is None and card is not None and item.ability == PLAY_ID else "ability")
    if card is None:
        return item_id
    return f"{card.title}'s {kind} ({item_id})" if with_id else f"{card.title}'s {kind}"


def _ability_ref(state, ref: str) -> str:
    """``"a.ward"`` (a card's ability, as a script answers) → ``"Ward Charm's replacement (a.ward)"``."""
    use = ids.parse_use(ref)
    card = card_of(state, use.obj) if use is not None else None
    ability = card.ability(use.ability) if card is not None else None
    return f"{card.title}'s {ability.timing.value} ({ref})" if ability is not None else ref


def _replacement_ref(state, ref: str) -> str:
    """A replacement a player may order: printed on a card (``card.ability``), or made by an item for
    an object's next death (the item's id)."""
    use = ids.parse_use(ref)
    return item_label(state, ref) if use is not None and use.responds_to else _ability_ref(state, ref)


def describe(what: str, a: dict, state) -> str | None:
    if what == "rb-occurs":
        head = f"Script: {a['label'] or a['occurrence']}. " if "occurrence" in a else (
            f"{item_label(state, a['item'])} is finalized: a permanent, it resolves at once, leaves the Chain and "
            f"becomes a game object on the board, played by {a['finalized']} (rb.play-effect). " if "finalized" in a else
            f"{item_label(state, a['item'])} has resolved: its play is complete, played by {a['completed']}, and it "
            f"goes to its owner's trash (rb.play-spell). " if "completed" in a else
            f"{verb_head(a)} ({a['instruction']} of {item_label(state, a['item'])}"
            f"{_here(state, a)}): " if "verb" in a
            else f"Scoring Step: {a['scoring']} holds every battlefield they control (rb.hold). " if "scoring" in a
            else words_of_combat(a, state) if "combat" in a
            else f"Cleanup after {a['after']}: units with lethal damage die together — " if "after" in a
            else "Cleanup: units with lethal damage die together — ")
        at_once = "" if head.startswith("Cleanup") else "Processed at once — "
        happened = ", ".join(condition_label(state, c) for c in a["occurred"]) or "nothing"
        if "me" in a:     # a Deathknell's "me": its card in the trash (rb.deathknell-me)
            head += f"\"me\" is {obj_label(state, a['me'])}, its card in the trash. "
        captured = "".join(f"; Deathknell captured before the move: {item_label(state, i)}" for i in a["captured"])
        replaced = "".join(f"; {condition_label(state, c)} is replaced by {item_label(state, u, with_id=False)}: it does not happen"
                           for c, u in a.get("replaced", ()))
        entered = "".join(f"; it becomes a game object on the board (rb.play): {obj_label(state, obj)} enters "
                          f"{player}'s {zone} "
                          f"{'exhausted' if exhausted else 'ready'}"
                          for obj, player, zone, exhausted in a.get("entered", ()))
        might = "".join(f"; {obj_label(state, obj)}: {change}, Might {was} → {now}"
                        for obj, change, was, now in a.get("might", ()))
        expired = "".join(f"; Expiration Step (rb.this-turn): the replacement of {item_label(state, u)} expires "
                          "unapplied" for u in a.get("replacements expired", ()))
        expired += "".join(f"; Expiration Step (rb.this-turn): {obj_label(state, obj)}"
                          + (f" is healed of {healed} damage" if healed else "")
                          + (f"{',' if healed else ''} its 'this turn' Might expires, {was} → {now}" if was != now else "")
                          for obj, healed, was, now in a.get("expired", ()))
        moved = "".join(f"; {obj_label(state, obj)} is now at {_place(state, to)}" for obj, to in a.get("moved", ()))
        entered += moved
        not_conquers = "".join(f"; not a conquer: {why}" for _, why in a.get("not_conquers", ()))
        own = "".join(f"; captured before the move, judged from the card as it was on the board (rb.own-leaving): "
                      f"{item_label(state, i)}" for i in a.get("own leaving", ()))
        unpaid = "".join(f"; {obj_label(state, obj)} is not played: {why}" for obj, why in a.get("unpaid", ()))
        emptied = (f"; every Rune Pool empties, unspent resources are lost ({', '.join(a['pools emptied'])})"
                   if a.get("pools emptied") else "")
        return (f"{head}{at_once}{happened}{might}{entered}{captured}{own}{replaced}{unpaid}{expired}"
                f"{emptied}{not_conquers}.")
    if what == "rb-replacement-order":
        options = ", ".join(_replacement_ref(state, o) for o in a["options"])
        return (f"Several replacements apply to {condition_label(state, a['condition'])}: {a['owner']}, the "
                f"{a.get('by', 'owner')} of the card acted on, chooses which applies first ({options}); each applies "
                f"once to it and to the events that replace it.")
    if what == "rb-triggers":
        made = ", ".join(item_label(state, i) for i in a["items"])
        declined = "".join(f"; declined, not placed on the Chain: {item_label(state, i)}" for i in a.get("declined", ()))
        kept = ", ".join(obj_label(state, c) for c in a.get("no cleanup", ()))
        kept = (f"; nothing happened, so no cleanup follows (Core Rules 322) — still with lethal damage: {kept}"
                if kept else "")
        return f"Triggers are evaluated after the events: {made or 'nothing triggers'}{declined}{kept}."
    if what == "rb-placed":
        return f"On the Chain, pending: {item_label(state, a['item'])}."
    if what == "rb-finalized":
        return f"Finalized (targets chosen; priority does not pass): {item_label(state, a['item'])}."
    if what == "rb-target":
        return f"Target for {item_label(state, a['item'])}: {obj_label(state, a['card'])}."
    if what == "rb-chosen" and a.get("hidden"):
        card = "no more cards" if a["card"] == "done" else obj_label(state, a["card"])
        return (f"{a['player']} chooses {card} as {item_label(state, a['item'])} resolves (a card in a hand or a "
                "deck, not a target).")
    if what == "rb-chosen":
        return (f"{a['player']} chooses {obj_label(state, a['card'])} as {item_label(state, a['item'])} resolves "
                "(each player's own choice, not a target).")
    if what == "rb-event-chosen":
        return f"The triggering event of {item_label(state, a['item'])} is {condition_label(state, a['event'])}."
    if what == "rb-priority":
        return f"{a['player']}, controller of the newest item ({item_label(state, a['item'])}), has priority."
    if what == "rb-pass":
        return pass_line(a, "nothing to play")
    if what == "rb-adds":
        return f"{a['player']} adds {item_label(state, a['item'])} to the Chain."
    if what == "rb-resolves" and a.get("at once"):
        return f"An ability that Adds resources resolves as soon as it is finalized; priority does not pass " \
               f"(rb.resources) — {item_label(state, a['item'])}."
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
    if what == "rb-removed" and a.get("back"):
        card, zone = a["back"]
        return (f"{item_label(state, a['item'])} cannot be finalized ({a['why']}): its play is undone and "
                f"{obj_label(state, card)} goes back to the {zone} it was played from.")
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
        skipped = "the instruction is ignored" if a.get("ignored") else "the calculation is skipped"
        return f"{verb_head(a)} ({a['instruction']}): {why}; {skipped}."
    if what == "rb-replaces":
        dying = ", ".join(obj_label(state, c) for c in a["cards"])
        turn = " this turn" if a.get("this turn") else ""
        return f"{item_label(state, a['item'])}: the next death of {dying}{turn} will be replaced."
    if what == "rb-not-modelled":
        return f"{verb_head(a)} ({a['instruction']} of {item_label(state, a['item'])}): {not_modelled_outcome(a)}"
    if what == "rb-no-combat":
        return f"Script: {a['label'] or a['occurrence']}. No combat: {a['why']} (rb.combat)."
    if what == "rb-showdown-pass":
        how = "with nothing to play" if a.get("auto") else "and plays nothing"
        then = ("every player has passed in sequence: the Showdown ends" if a.get("ends")
                else f"Focus passes to {state.next_player(a['player'])}")
        return f"{a['player']}, who has Focus, passes {how}; {then}."
    if what == "rb-focus":
        return f"The Chain started with Focus is gone: Focus passes to {a['player']}, who has priority."
    if what == "rb-no-damage":
        return "No combat damage: attacking or defending units no longer remain at the battlefield."
    if what == "rb-combat-cleanup":
        healed = ", ".join(obj_label(state, c) for c in a["healed"]) or "no unit"
        back = ", ".join(obj_label(state, c) for c in a["recalled"])
        recalled = (f"; attackers recalled to base, defenders remaining (not a move): {back}"
                    if a["recalled"] else "")
        return f"Combat cleanup: {healed} healed{recalled}."
    if what == "rb-combat-result":
        who = ", ".join(a["present"])
        return (f"Combat resolution: units of {who} remain; no player establishes control." if who else
                f"Combat resolution: no unit remains; {obj_label(state, a['battlefield'])} becomes uncontrolled.")
    if what == "rb-combat-ends":
        return "Combat ends: the Attacker and Defender designations are removed."
    if what == "rb-chain-waits":
        return (f"No one gets priority while combat's Resolution Step is under way; on the Chain, pending, "
                f"waiting: {_waiting(state, a['items'])}.")
    if what == "rb-chain-released":
        return (f"{_TASK_WORDS[a['task']]}: the items waiting on the Chain are finalized now, in the order added: "
                f"{_waiting(state, a['items'])}.")
    if what == "rb-no-hold":
        return f"Scoring Step: {a['player']} controls no battlefield they have not scored this turn: nothing is held."
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
    if what == "rb-play-pending":
        cards = ", ".join(f"{obj_label(state, obj)} from the {zone}" for _, obj, zone in a["played"])
        where = f" (to {_place(state, a['to'])})" if a.get("to") else ""
        return (f"{verb_head(a)} ({a['instruction']} of {item_label(state, a['item'])}{_here(state, a)}): {a['player']} "
                f"plays {cards}{where}: it goes on the Chain, pending, and is finalized once this effect is done "
                "(rb.play-effect).")
    if what == "rb-nothing":
        why = f" ({a['why']})" if a.get("why") else ""
        return f"{verb_head(a)} ({a['instruction']}): nothing it could change{why}."
    return None




#: the task of combat's Resolution Step whose end releases the items waiting on the Chain
_TASK_WORDS = {"cleanup": "The Combat Cleanup is complete (deaths, heal, recall)",
               "control": "Control of the battlefield is established", "end": "Combat has ended"}


def _waiting(state, items) -> str:
    """The items waiting on the Chain: the one by name, or how many and the newest (a view's title
    holds three lines)."""
    if len(items) == 1:
        return item_label(state, items[0])
    return f"{len(items)} items (the newest: {item_label(state, items[-1])})"


def words_of_combat(a: dict, state=None) -> str:
    """The head of a combat step's line (rule ``rb.combat``)."""
    if a["combat"] == "recall":
        healed = ", ".join(obj_label(state, c) for c in a["healed"]) or "no unit"
        return (f"Combat cleanup: {healed} healed; the attackers are recalled to base, defenders remaining — a "
                "recall, not a move (rb.recall). ")
    return {"designate": "Combat: attackers and defenders are designated (rb.combat). ",
            "damage": "Combat damage is dealt, all at once (rb.combat). ",
            "cleanup": "Combat cleanup: units with lethal damage die together. ",
            "control": "Combat resolution: the only player with units left establishes control (rb.combat). "
            }.get(a["combat"], "Combat: ")


def _here(state, a: dict) -> str:
    """Where "here" was read to be as the instruction executed (359.3.f.2), if it named a place."""
    return f"; \"here\" is {_place(state, a['here'])}" if a.get("here") else ""


def _place(state, to: str) -> str:
    """A place a card is at: a battlefield by its title, or a zone."""
    card = state.cards.get(to)
    return f"{card.title} ({to})" if card is not None else f"the {to}"
