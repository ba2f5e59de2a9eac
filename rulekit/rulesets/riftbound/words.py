"""Riftbound in words: one sentence per step code of trigger evaluation and the Chain.

:data:`WORDS` is the table, keyed by :class:`~rulekit.rulesets.riftbound.codes.RbStep`
(:mod:`rulekit.core.stepwords`): each code's function writes its step's sentence from the step's
arguments and the state after it.
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core.stepwords import words_table
from rulekit.rulesets.riftbound.codes import RbStep
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


# -- events processed at once ---------------------------------------------------------------------------
def _occurs(a: dict, state) -> str:
    head = _occurs_head(a, state)
    at_once = "" if head.startswith("Cleanup") else "Processed at once — "
    happened = ", ".join(condition_label(state, c) for c in a["occurred"]) or "nothing"
    if "me" in a:     # a Deathknell's "me": its card in the trash (rb.deathknell-me)
        head += f"\"me\" is {obj_label(state, a['me'])}, its card in the trash. "
    return f"{head}{at_once}{happened}{_occurs_on_board(a, state)}{_occurs_aside(a, state)}."


def _occurs_head(a: dict, state) -> str:
    """What made the events happen: the script, an item finalized or complete, an instruction, the
    Scoring Step, combat, or cleanup."""
    if "occurrence" in a:
        return f"Script: {a['label'] or a['occurrence']}. "
    if "finalized" in a:
        return (f"{item_label(state, a['item'])} is finalized: a permanent, it resolves at once, leaves the Chain and "
                f"becomes a game object on the board, played by {a['finalized']} (rb.play-effect). ")
    if "completed" in a:
        return (f"{item_label(state, a['item'])} has resolved: its play is complete, played by {a['completed']}, and it "
                f"goes to its owner's trash (rb.play-spell). ")
    if "verb" in a:
        return f"{verb_head(a)} ({a['instruction']} of {item_label(state, a['item'])}{_here(state, a)}): "
    if "scoring" in a:
        return f"Scoring Step: {a['scoring']} holds every battlefield they control (rb.hold). "
    if "combat" in a:
        return words_of_combat(a, state)
    if "after" in a:
        return f"Cleanup after {a['after']}: units with lethal damage die together — "
    return "Cleanup: units with lethal damage die together — "


def _occurs_on_board(a: dict, state) -> str:
    """What the events did to the cards on the board: Might changed, cards entered or moved."""
    might = "".join(f"; {obj_label(state, obj)}: {change}, Might {was} → {now}"
                    for obj, change, was, now in a.get("might", ()))
    entered = "".join(f"; it becomes a game object on the board (rb.play): {obj_label(state, obj)} enters "
                      f"{player}'s {zone} "
                      f"{'exhausted' if exhausted else 'ready'}"
                      for obj, player, zone, exhausted in a.get("entered", ()))
    moved = "".join(f"; {obj_label(state, obj)} is now at {_place(state, to)}" for obj, to in a.get("moved", ()))
    return f"{might}{entered}{moved}"


def _occurs_aside(a: dict, state) -> str:
    """What was noted beside the events: captured and replaced abilities, unpaid plays, what
    expired, pools emptied, conquers that were not."""
    captured = "".join(f"; Deathknell captured before the move: {item_label(state, i)}" for i in a["captured"])
    own = "".join(f"; captured before the move, judged from the card as it was on the board (rb.own-leaving): "
                  f"{item_label(state, i)}" for i in a.get("own leaving", ()))
    replaced = "".join(f"; {condition_label(state, c)} is replaced by {item_label(state, u, with_id=False)}: it does not happen"
                       for c, u in a.get("replaced", ()))
    unpaid = "".join(f"; {obj_label(state, obj)} is not played: {why}" for obj, why in a.get("unpaid", ()))
    expired = "".join(f"; Expiration Step (rb.this-turn): the replacement of {item_label(state, u)} expires "
                      "unapplied" for u in a.get("replacements expired", ()))
    expired += "".join(f"; Expiration Step (rb.this-turn): {obj_label(state, obj)}"
                       + (f" is healed of {healed} damage" if healed else "")
                       + (f"{',' if healed else ''} its 'this turn' Might expires, {was} → {now}" if was != now else "")
                       for obj, healed, was, now in a.get("expired", ()))
    emptied = (f"; every Rune Pool empties, unspent resources are lost ({', '.join(a['pools emptied'])})"
               if a.get("pools emptied") else "")
    not_conquers = "".join(f"; not a conquer: {why}" for _, why in a.get("not_conquers", ()))
    return f"{captured}{own}{replaced}{unpaid}{expired}{emptied}{not_conquers}"


def _replacement_order(a: dict, state) -> str:
    options = ", ".join(_replacement_ref(state, o) for o in a["options"])
    return (f"Several replacements apply to {condition_label(state, a['condition'])}: {a['owner']}, the "
            f"{a.get('by', 'owner')} of the card acted on, chooses which applies first ({options}); each applies "
            f"once to it and to the events that replace it.")


def _triggers(a: dict, state) -> str:
    made = ", ".join(item_label(state, i) for i in a["items"])
    declined = "".join(f"; declined, not placed on the Chain: {item_label(state, i)}" for i in a.get("declined", ()))
    kept = ", ".join(obj_label(state, c) for c in a.get("no cleanup", ()))
    kept = (f"; nothing happened, so no cleanup follows (Core Rules 322) — still with lethal damage: {kept}"
            if kept else "")
    return f"Triggers are evaluated after the events: {made or 'nothing triggers'}{declined}{kept}."


# -- the Chain ------------------------------------------------------------------------------------------
def _placed(a: dict, state) -> str:
    return f"On the Chain, pending: {item_label(state, a['item'])}."


def _finalized(a: dict, state) -> str:
    return f"Finalized (targets chosen; priority does not pass): {item_label(state, a['item'])}."


def _target(a: dict, state) -> str:
    return f"Target for {item_label(state, a['item'])}: {obj_label(state, a['card'])}."


def _chosen(a: dict, state) -> str:
    if a.get("hidden"):
        card = "no more cards" if a["card"] == "done" else obj_label(state, a["card"])
        return (f"{a['player']} chooses {card} as {item_label(state, a['item'])} resolves (a card in a hand or a "
                "deck, not a target).")
    return (f"{a['player']} chooses {obj_label(state, a['card'])} as {item_label(state, a['item'])} resolves "
            "(each player's own choice, not a target).")


def _event_chosen(a: dict, state) -> str:
    return f"The triggering event of {item_label(state, a['item'])} is {condition_label(state, a['event'])}."


def _priority(a: dict, state) -> str:
    return f"{a['player']}, controller of the newest item ({item_label(state, a['item'])}), has priority."


def _adds(a: dict, state) -> str:
    return f"{a['player']} adds {item_label(state, a['item'])} to the Chain."


def _resolves(a: dict, state) -> str:
    if a.get("at once"):
        return f"An ability that Adds resources resolves as soon as it is finalized; priority does not pass " \
               f"(rb.resources) — {item_label(state, a['item'])}."
    return f"All players passed in a row: the newest item resolves — {item_label(state, a['item'])}."


def _resolved(a: dict, state) -> str:
    return f"{item_label(state, a['item'])} has resolved."


def _may(a: dict, state) -> str:
    if a.get("when") == "fulfilled":
        placed = "it is placed on the Chain" if a["answer"] == "yes" else \
            "it is not placed on the Chain and has not triggered"
        return f"\"You may\", decided as the trigger condition is fulfilled: {a['answer']} for " \
               f"{item_label(state, a['item'])} — {placed}."
    return f"\"You may\", decided at resolution: {a['answer']} for {item_label(state, a['item'])}."


def _open_pass(a: dict, state) -> str:
    how = "with nothing to play" if a.get("auto") else "and plays nothing more"
    return f"No Chain exists and {a['player']}, the turn player, passes {how}: the open window closes."


def _removed(a: dict, state) -> str:
    if a.get("back"):
        card, zone = a["back"]
        return (f"{item_label(state, a['item'])} cannot be finalized ({a['why']}): its play is undone and "
                f"{obj_label(state, card)} goes back to the {zone} it was played from.")
    return f"{item_label(state, a['item'])} is removed from the Chain at finalization ({a['why']}): it never " \
           f"becomes a Chain Item."


def _recheck(a: dict, state) -> str:
    verdict = "still true" if a["holds"] else f"now false ({a['why']}): the item does nothing"
    return f"The trigger condition's \"if\" is checked again as {item_label(state, a['item'])} resolves: {verdict}."


def _ability_control(a: dict, state) -> str:
    return f"{a['to']} gains control of {item_label(state, a['target'])} (its source keeps its controller)."


# -- an item's instructions -----------------------------------------------------------------------------
def _condition_false(a: dict, state) -> str:
    return f"{verb_head(a)} ({a['instruction']}): its condition is checked now and is false ({a['why']})."


def _null(a: dict, state) -> str:
    why = a.get("why") or "the information is not available"
    skipped = "the instruction is ignored" if a.get("ignored") else "the calculation is skipped"
    return f"{verb_head(a)} ({a['instruction']}): {why}; {skipped}."


def _replaces(a: dict, state) -> str:
    dying = ", ".join(obj_label(state, c) for c in a["cards"])
    turn = " this turn" if a.get("this turn") else ""
    return f"{item_label(state, a['item'])}: the next death of {dying}{turn} will be replaced."


def _not_modelled(a: dict, state) -> str:
    return f"{verb_head(a)} ({a['instruction']} of {item_label(state, a['item'])}): {not_modelled_outcome(a)}"


def _chance(a: dict, state) -> str:
    taken = " and ".join(obj_label(state, c) for c in a["cards"])
    return f"Chance: the game takes {taken} at random for {verb_head(a).lower()} ({a['instruction']} of " \
           f"{item_label(state, a['item'])})."


def _shuffled(a: dict, state) -> str:
    deck = f"{a['player']}'s {state.rules.deck}"
    if not a["cards"]:
        return f"Chance: {deck} is shuffled; it is empty, so nothing is decided."
    top = ", then ".join(obj_label(state, c) for c in a["cards"])
    beneath = "" if a["outcomes"] <= 1 else "; the cards beneath keep their order"
    return f"Chance: {deck} is shuffled ({a['instruction']} of {item_label(state, a['item'])}); on top: {top} " \
           f"(1 of {a['outcomes']} possible outcome(s){beneath})."


def _play_pending(a: dict, state) -> str:
    cards = ", ".join(f"{obj_label(state, obj)} from the {zone}" for _, obj, zone in a["played"])
    where = f" (to {_place(state, a['to'])})" if a.get("to") else ""
    return (f"{verb_head(a)} ({a['instruction']} of {item_label(state, a['item'])}{_here(state, a)}): {a['player']} "
            f"plays {cards}{where}: it goes on the Chain, pending, and is finalized once this effect is done "
            "(rb.play-effect).")


def _nothing(a: dict, state) -> str:
    why = f" ({a['why']})" if a.get("why") else ""
    return f"{verb_head(a)} ({a['instruction']}): nothing it could change{why}."


# -- the turn: scoring, Showdowns and combat ------------------------------------------------------------
def _no_hold(a: dict, state) -> str:
    return f"Scoring Step: {a['player']} controls no battlefield they have not scored this turn: nothing is held."


def _no_combat(a: dict, state) -> str:
    return f"Script: {a['label'] or a['occurrence']}. No combat: {a['why']} (rb.combat)."


def _showdown_pass(a: dict, state) -> str:
    how = "with nothing to play" if a.get("auto") else "and plays nothing"
    then = ("every player has passed in sequence: the Showdown ends" if a.get("ends")
            else f"Focus passes to {state.next_player(a['player'])}")
    return f"{a['player']}, who has Focus, passes {how}; {then}."


def _focus(a: dict, state) -> str:
    return f"The Chain started with Focus is gone: Focus passes to {a['player']}, who has priority."


def _combat_cleanup(a: dict, state) -> str:
    healed = ", ".join(obj_label(state, c) for c in a["healed"]) or "no unit"
    back = ", ".join(obj_label(state, c) for c in a["recalled"])
    recalled = (f"; attackers recalled to base, defenders remaining (not a move): {back}"
                if a["recalled"] else "")
    return f"Combat cleanup: {healed} healed{recalled}."


def _combat_result(a: dict, state) -> str:
    who = ", ".join(a["present"])
    return (f"Combat resolution: units of {who} remain; no player establishes control." if who else
            f"Combat resolution: no unit remains; {obj_label(state, a['battlefield'])} becomes uncontrolled.")


def _chain_waits(a: dict, state) -> str:
    return (f"No one gets priority while combat's Resolution Step is under way; on the Chain, pending, "
            f"waiting: {_waiting(state, a['items'])}.")


def _chain_released(a: dict, state) -> str:
    return (f"{_TASK_WORDS[a['task']]}: the items waiting on the Chain are finalized now, in the order added: "
            f"{_waiting(state, a['items'])}.")


#: every step code's sentence (rulekit.core.stepwords)
WORDS = words_table(RbStep, {
    RbStep.OCCURS: _occurs,
    RbStep.TRIGGERS: _triggers,
    RbStep.MAY: _may,
    RbStep.PLACED: _placed,
    RbStep.ADDS: _adds,
    RbStep.EVENT_CHOSEN: _event_chosen,
    RbStep.TARGET: _target,
    RbStep.CHOSEN: _chosen,
    RbStep.REMOVED: _removed,
    RbStep.FINALIZED: _finalized,
    RbStep.PRIORITY: _priority,
    RbStep.PASS: lambda a, state: pass_line(a, "nothing to play"),
    RbStep.RESOLVES: _resolves,
    RbStep.RECHECK: _recheck,
    RbStep.CONDITION_FALSE: _condition_false,
    RbStep.NULL: _null,
    RbStep.CHANCE: _chance,
    RbStep.SHUFFLED: _shuffled,
    RbStep.NOTHING: _nothing,
    RbStep.PLAY_PENDING: _play_pending,
    RbStep.NOT_MODELLED: _not_modelled,
    RbStep.REPLACES: _replaces,
    RbStep.REPLACEMENT_ORDER: _replacement_order,
    RbStep.ABILITY_CONTROL: _ability_control,
    RbStep.RESOLVED: _resolved,
    RbStep.CHAIN_EMPTY: lambda a, state: "The Chain is empty.",
    RbStep.OPEN_PASS: _open_pass,
    RbStep.NO_HOLD: _no_hold,
    RbStep.NO_COMBAT: _no_combat,
    RbStep.SHOWDOWN_PASS: _showdown_pass,
    RbStep.FOCUS: _focus,
    RbStep.NO_DAMAGE: lambda a, state: ("No combat damage: attacking or defending units no longer remain at the "
                                        "battlefield."),
    RbStep.COMBAT_CLEANUP: _combat_cleanup,
    RbStep.COMBAT_RESULT: _combat_result,
    RbStep.COMBAT_ENDS: lambda a, state: "Combat ends: the Attacker and Defender designations are removed.",
    RbStep.CHAIN_WAITS: _chain_waits,
    RbStep.CHAIN_RELEASED: _chain_released,
})


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
