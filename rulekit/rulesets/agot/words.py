"""A Game of Thrones in words: one sentence per step code of its sequence and resolution.

:data:`WORDS` is the table, keyed by :class:`~rulekit.rulesets.agot.codes.AgotStep`
(:mod:`rulekit.core.stepwords`): each code's function writes its step's sentence from the step's
arguments and the state after it.
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core.stepwords import words_table
from rulekit.core.text import (obj_label, pass_line, condition_label, not_modelled_outcome, subject, use_ref_label,
                               verb_head)
from rulekit.rulesets.agot.codes import AgotStep
from rulekit.rulesets.agot.steps import SeqStep


# -- the sequence (Rules Reference, "Appendix I: Timing and Gameplay", Framework Details) ----------------
def _script(a: dict, state) -> str:
    return f"Script: {a.get('label') or a['occurrence']}."


def _imminent(a: dict, state) -> str:
    conds = ", ".join(condition_label(state, c) for c in a["conditions"])
    return f"Step 1: imminent — {conds}."


def _window_empty(a: dict, state) -> str:
    return f"{_step_title(a['step'])}: no player has an eligible ability, so all pass and it closes."


def _window_opens(a: dict, state) -> str:
    return f"The window opens ({a['window']}); {a['player']} has the first opportunity."


def _window_closes(a: dict, state) -> str:
    return f"{_step_title(a['step'])} closes: all players passed in a row."


def _use(a: dict, state) -> str:
    return f"{a['player']} uses {use_ref_label(state, a['use'])}."


def _no_forced(a: dict, state) -> str:
    kind = "reactions" if "REACTION" in a["step"] else "interrupts"
    return f"{_step_title(a['step'])}: no forced {kind} to resolve."


def _forced(a: dict, state) -> str:
    return f"Forced: {subject(use_ref_label(state, a['use']))} resolves."


def _occurs(a: dict, state) -> str:
    happened = ", ".join(condition_label(state, c) for c in a["occurred"]) or "nothing"
    pre = "".join(f"; pre-empted: {condition_label(state, c)} ({why})" for c, why in a["preempted"])
    rep = "".join(f"; replaced by {use_ref_label(state, u)} (it still counts as having occurred)"
                  for c, u in a.get("replaced", ()))
    gone = "".join(f"; a delayed effect of {use_ref_label(state, ids.owner_of_part(d))} expires for its card, "
                   f"which left play (Rules Reference, Leaves Play)" for d in a.get("expired", ()))
    return f"Step 5: it occurs — {happened}{pre}{rep}{gone}."


def _cancelled(a: dict, state) -> str:
    return (f"Cancelled by {use_ref_label(state, a['by'])}: "
            f"{', '.join(condition_label(state, c) for c in a['conditions'])} is no longer imminent; its sequence ends.")


def _changed(a: dict, state) -> str:
    rest = ", ".join(condition_label(state, c) for c in a["rest"])
    changed = ", ".join(condition_label(state, c) for c in a["conditions"])
    became = ", ".join(_became(state, c) for c in a["became"])
    tail = f"; the rest of the occurrence goes on: {rest}" if rest else "; its sequence ends"
    return f"Changed: {changed} is no longer imminent (it became: {became}){tail}."


def _delayed(a: dict, state) -> str:
    return (f"A delayed effect of {subject(use_ref_label(state, ids.owner_of_part(a['use'])))} resolves, "
            f"before the reactions to {condition_label(state, a['condition'])}; it is not a new triggered "
            "ability, so it does not initiate again.")


# -- a resolving ability --------------------------------------------------------------------------------
def _cost_paid(a: dict, state) -> str:
    return f"The cost of {subject(use_ref_label(state, a['use']))} is paid."


def _costs(a: dict, state) -> str:
    return (f"{verb_head(a)} ({a['instruction']} of {a['use']}): the costs are paid together, one occurrence "
            "in one nested sequence.")


def _target(a: dict, state) -> str:
    if a.get("cost"):
        return f"Chosen to pay the cost of {use_ref_label(state, a['use'])}: {obj_label(state, a['card'])}."
    if a.get("picked"):
        return (f"Picked for {use_ref_label(state, a['use'])} as its instruction resolves: "
                f"{obj_label(state, a['card'])} (a card from a hand or a deck is no target).")
    if a.get("after_then"):
        return (f"Target chosen for {use_ref_label(state, a['use'])}, as the part after \"then\" begins "
                f"({a['instruction']}): {obj_label(state, a['card'])}.")
    return f"Target chosen for {use_ref_label(state, a['use'])}: {obj_label(state, a['card'])}."


def _initiation(a: dict, state) -> str:
    return f"The effect of {subject(use_ref_label(state, a['use']))} is about to initiate: a sequence opens for its initiation."


def _initiates(a: dict, state) -> str:
    return f"Step 5: it initiates — the effect of {use_ref_label(state, a['use'])}; it resolves now."


def _cancels(a: dict, state) -> str:
    return f"{subject(use_ref_label(state, a['use']))} cancels {condition_label(state, a['condition'])}."


def _replaces(a: dict, state) -> str:
    return f"{subject(use_ref_label(state, a['use']))} will replace {condition_label(state, a['condition'])} when it occurs."


def _changes(a: dict, state) -> str:
    return (f"{subject(use_ref_label(state, a['use']))} changes {condition_label(state, a['condition'])}: it is no "
            "longer imminent and will not occur; what happens instead is imminent now, in a sequence of its own.")


def _saves(a: dict, state) -> str:
    return f"{subject(use_ref_label(state, a['use']))} saves: {condition_label(state, a['condition'])} is changed into a save."


def _played(a: dict, state) -> str:
    return (f"{use_ref_label(state, a['use'])}: its event card is played as its effect is about to initiate; "
            "it leaves the hand and, until its effects have resolved, is in no out-of-play area.")


def _placed(a: dict, state) -> str:
    return (f"{obj_label(state, a['card'])} has been played: its effects are over, so it is placed in its "
            "owner's discard pile.")


def _effect_cancelled(a: dict, state) -> str:
    return f"The effect of {subject(use_ref_label(state, a['use']))} was cancelled: it does not resolve (the ability stays used, its costs stay paid)."


def _delays(a: dict, state) -> str:
    return f"{subject(use_ref_label(state, a['use']))} sets up a delayed effect ({a['instruction']})."


def _then_skipped(a: dict, state) -> str:
    return f"\"Then\" ({a['instruction']} of {a['use']}): the part before did not resolve in full, so the rest does not resolve."


def _then_no_target(a: dict, state) -> str:
    return (f"\"Then\" ({a['instruction']} of {a['use']}): too few valid targets as its targets are chosen "
            f"({a['why']}), so the part after \"then\" fails to resolve.")


def _instruction(a: dict, state) -> str:
    return f"{verb_head(a)} ({a['instruction']} of {a['use']}): a nested sequence opens."


def _condition_false(a: dict, state) -> str:
    return f"{verb_head(a)} ({a['instruction']}): its condition is false ({a['why']}), so it does nothing."


def _nothing(a: dict, state) -> str:
    why = f" ({a['why']})" if a.get("why") else ""
    return f"{verb_head(a)} ({a['instruction']}): nothing it could change{why}, so nothing happens."


def _not_modelled(a: dict, state) -> str:
    return f"{verb_head(a)} ({a['instruction']} of {a['use']}): {not_modelled_outcome(a)}"


def _chance(a: dict, state) -> str:
    taken = " and ".join(obj_label(state, c) for c in a["cards"])
    return f"Chance: the game takes {taken} at random to {a['verb']} ({a['instruction']} of {a['use']})."


def _shuffled(a: dict, state) -> str:
    deck = f"{a['player']}'s {state.rules.deck}"
    if not a["cards"]:
        return f"Chance: {deck} is shuffled; it is empty, so nothing is decided."
    top = ", then ".join(obj_label(state, c) for c in a["cards"])
    beneath = "" if a["outcomes"] <= 1 else "; the cards beneath keep their order"
    return (f"Chance: {deck} is shuffled ({a['instruction']} of {ids.use_head(a['use'])}); on top: {top} "
            f"(1 of {a['outcomes']} possible outcome(s){beneath}).")


def _search(a: dict, state) -> str:
    where = f"({a['instruction']} of {a['use']})"
    if a["found"] == "nothing":
        return f"Search {where}: it finds nothing — {a['why']}."
    return f"Search {where}: it finds {obj_label(state, a['found'])}."


def _resolved(a: dict, state) -> str:
    return f"{subject(_use_words(state, a['use']))} has resolved."


# -- a challenge's framework steps (Rules Reference, "Appendix I: Timing and Gameplay", 4.2-4.2.6) ------
def _challenge_initiated(a: dict, state) -> str:
    return (f"{a['attacker']} initiates a {a['type']} challenge against {a['defender']}, declaring "
            f"{_cards(state, a['attackers'])} as attackers, who kneel{_left_out(a)} (framework step 4.2).")


def _no_challenge(a: dict, state) -> str:
    return f"{a['attacker']} cannot initiate the {a['type']} challenge: no declared attacker is eligible{_left_out(a)}."


def _defenders_declared(a: dict, state) -> str:
    return (f"{a['defender']} declares {_cards(state, a['defenders'])} as defenders, who kneel{_left_out(a)} "
            "(framework step 4.2.1).")


def _no_defenders(a: dict, state) -> str:
    return f"{a['defender']} declares no defender{_left_out(a)} (framework step 4.2.1)."


def _challenge_won(a: dict, state) -> str:
    how = " unopposed" if a["unopposed"] else ""
    return (f"STR compared: {a['attacking_str']} attacking, {a['defending_str']} defending — {a['winner']} wins"
            f"{how} (framework step 4.2.2).")


def _no_winner(a: dict, state) -> str:
    return (f"STR compared: {a['attacking_str']} attacking, {a['defending_str']} defending — neither player can "
            "win, so no one wins or loses (framework step 4.2.2).")


def _keywords_pass(a: dict, state) -> str:
    return f"{a['player']} passes: no more pillage (framework step 4.2.5)."


def _keywords_done(a: dict, state) -> str:
    return f"No pillage {a['player']} may use (framework step 4.2.5): the verdicts say why."


def _challenge_ends(a: dict, state) -> str:
    return ("The challenge ends: no character participates any more, and effects until the end of the challenge "
            "expire (framework step 4.2.6).")


#: every step code's sentence (rulekit.core.stepwords)
WORDS = words_table(AgotStep, {
    AgotStep.SCRIPT: _script,
    AgotStep.IMMINENT: _imminent,
    AgotStep.WINDOW_EMPTY: _window_empty,
    AgotStep.WINDOW_OPENS: _window_opens,
    AgotStep.WINDOW_CLOSES: _window_closes,
    AgotStep.PASS: lambda a, state: pass_line(a, "no eligible ability"),
    AgotStep.USE: _use,
    AgotStep.NO_FORCED: _no_forced,
    AgotStep.FORCED: _forced,
    AgotStep.OCCURS: _occurs,
    AgotStep.CANCELLED: _cancelled,
    AgotStep.CHANGED: _changed,
    AgotStep.DELAYED: _delayed,
    AgotStep.COST_PAID: _cost_paid,
    AgotStep.COSTS: _costs,
    AgotStep.TARGET: _target,
    AgotStep.INITIATION: _initiation,
    AgotStep.INITIATES: _initiates,
    AgotStep.CANCELS: _cancels,
    AgotStep.REPLACES: _replaces,
    AgotStep.CHANGES: _changes,
    AgotStep.SAVES: _saves,
    AgotStep.PLAYED: _played,
    AgotStep.PLACED: _placed,
    AgotStep.EFFECT_CANCELLED: _effect_cancelled,
    AgotStep.DELAYS: _delays,
    AgotStep.THEN_SKIPPED: _then_skipped,
    AgotStep.THEN_NO_TARGET: _then_no_target,
    AgotStep.INSTRUCTION: _instruction,
    AgotStep.CONDITION_FALSE: _condition_false,
    AgotStep.NOTHING: _nothing,
    AgotStep.NOT_MODELLED: _not_modelled,
    AgotStep.CHANCE: _chance,
    AgotStep.SHUFFLED: _shuffled,
    AgotStep.SEARCH: _search,
    AgotStep.RESOLVED: _resolved,
    AgotStep.CHALLENGE_INITIATED: _challenge_initiated,
    AgotStep.NO_CHALLENGE: _no_challenge,
    AgotStep.DEFENDERS_DECLARED: _defenders_declared,
    AgotStep.NO_DEFENDERS: _no_defenders,
    AgotStep.CHALLENGE_WON: _challenge_won,
    AgotStep.NO_WINNER: _no_winner,
    AgotStep.KEYWORDS_PASS: _keywords_pass,
    AgotStep.KEYWORDS_DONE: _keywords_done,
    AgotStep.CHALLENGE_ENDS: _challenge_ends,
})


def _cards(state, card_ids) -> str:
    return ", ".join(obj_label(state, c) for c in card_ids) or "none"


def _left_out(a: dict) -> str:
    return "".join(f"; not eligible: {why}" for _, why in a.get("left_out", ()))


def _use_words(state, use: str) -> str:
    """A use, or what a use does instead (its id ends in ``/instead``)."""
    if use.endswith("/instead"):
        return f"What {use_ref_label(state, ids.owner_of_part(use))} does instead"
    return use_ref_label(state, use)


def _became(state, changed_into: str) -> str:
    """What a changed condition became: a condition (a save), or what a use does instead."""
    if changed_into.endswith("/instead"):
        return f"what {use_ref_label(state, ids.owner_of_part(changed_into))} does instead"
    return condition_label(state, changed_into)


def _step_title(step_name: str) -> str:
    step = SeqStep[step_name]
    return f"Step {step.number}, {step.title}"
