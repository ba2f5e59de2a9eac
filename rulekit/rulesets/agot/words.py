"""A Game of Thrones in words: one sentence per step code of its sequence and resolution."""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core.text import (obj_label, pass_line, condition_label, not_modelled_outcome, subject, use_ref_label,
                               verb_head)
from rulekit.rulesets.agot.steps import SeqStep


def describe(what: str, a: dict, state) -> str | None:
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
        return pass_line(a, "no eligible ability")
    if what == "use":
        return f"{a['player']} uses {use_ref_label(state, a['use'])}."
    if what == "no-forced":
        kind = "reactions" if "REACTION" in a["step"] else "interrupts"
        return f"{_step_title(a['step'])}: no forced {kind} to resolve."
    if what == "forced":
        return f"Forced: {subject(use_ref_label(state, a['use']))} resolves."
    if what == "occurs":
        happened = ", ".join(condition_label(state, c) for c in a["occurred"]) or "nothing"
        pre = "".join(f"; pre-empted: {condition_label(state, c)} ({why})" for c, why in a["preempted"])
        rep = "".join(f"; replaced by {use_ref_label(state, u)} (it still counts as having occurred)"
                      for c, u in a.get("replaced", ()))
        gone = "".join(f"; a delayed effect of {use_ref_label(state, ids.owner_of_part(d))} expires for its card, "
                       f"which left play (Rules Reference, Leaves Play)" for d in a.get("expired", ()))
        return f"Step 5: it occurs — {happened}{pre}{rep}{gone}."
    if what == "cost-paid":
        return f"The cost of {subject(use_ref_label(state, a['use']))} is paid."
    if what == "target" and a.get("cost"):
        return f"Chosen to pay the cost of {use_ref_label(state, a['use'])}: {obj_label(state, a['card'])}."
    if what == "target" and a.get("picked"):
        return (f"Picked for {use_ref_label(state, a['use'])} as its instruction resolves: "
                f"{obj_label(state, a['card'])} (a card from a hand or a deck is no target).")
    if what == "target" and a.get("after_then"):
        return (f"Target chosen for {use_ref_label(state, a['use'])}, as the part after \"then\" begins "
                f"({a['instruction']}): {obj_label(state, a['card'])}.")
    if what == "target":
        return f"Target chosen for {use_ref_label(state, a['use'])}: {obj_label(state, a['card'])}."
    if what == "initiation":
        return f"The effect of {subject(use_ref_label(state, a['use']))} is about to initiate: a sequence opens for its initiation."
    if what == "initiates":
        return f"Step 5: it initiates — the effect of {use_ref_label(state, a['use'])}; it resolves now."
    if what == "cancelled":
        return (f"Cancelled by {use_ref_label(state, a['by'])}: "
                f"{', '.join(condition_label(state, c) for c in a['conditions'])} is no longer imminent; its sequence ends.")
    if what == "changed":
        rest = ", ".join(condition_label(state, c) for c in a["rest"])
        changed = ", ".join(condition_label(state, c) for c in a["conditions"])
        became = ", ".join(_became(state, c) for c in a["became"])
        tail = f"; the rest of the occurrence goes on: {rest}" if rest else "; its sequence ends"
        return f"Changed: {changed} is no longer imminent (it became: {became}){tail}."
    if what == "cancels":
        return f"{subject(use_ref_label(state, a['use']))} cancels {condition_label(state, a['condition'])}."
    if what == "changes":
        return (f"{subject(use_ref_label(state, a['use']))} changes {condition_label(state, a['condition'])}: it is no "
                "longer imminent and will not occur; what happens instead is imminent now, in a sequence of its own.")
    if what == "replaces":
        return f"{subject(use_ref_label(state, a['use']))} will replace {condition_label(state, a['condition'])} when it occurs."
    if what == "saves":
        return f"{subject(use_ref_label(state, a['use']))} saves: {condition_label(state, a['condition'])} is changed into a save."
    if what == "played":
        return (f"{use_ref_label(state, a['use'])}: its event card is played as its effect is about to initiate; "
                "it leaves the hand and, until its effects have resolved, is in no out-of-play area.")
    if what == "placed":
        return (f"{obj_label(state, a['card'])} has been played: its effects are over, so it is placed in its "
                "owner's discard pile.")
    if what == "effect-cancelled":
        return f"The effect of {subject(use_ref_label(state, a['use']))} was cancelled: it does not resolve (the ability stays used, its costs stay paid)."
    if what == "delays":
        return f"{subject(use_ref_label(state, a['use']))} sets up a delayed effect ({a['instruction']})."
    if what == "delayed":
        return (f"A delayed effect of {subject(use_ref_label(state, ids.owner_of_part(a['use'])))} resolves, "
                f"before the reactions to {condition_label(state, a['condition'])}; it is not a new triggered "
                "ability, so it does not initiate again.")
    if what == "then-skipped":
        return f"\"Then\" ({a['instruction']} of {a['use']}): the part before did not resolve in full, so the rest does not resolve."
    if what == "then-no-target":
        return (f"\"Then\" ({a['instruction']} of {a['use']}): too few valid targets as its targets are chosen "
                f"({a['why']}), so the part after \"then\" fails to resolve.")
    if what == "instruction":
        return f"{verb_head(a)} ({a['instruction']} of {a['use']}): a nested sequence opens."
    if what == "costs":
        return (f"{verb_head(a)} ({a['instruction']} of {a['use']}): the costs are paid together, one occurrence "
                "in one nested sequence.")
    if what == "not-modelled":
        return f"{verb_head(a)} ({a['instruction']} of {a['use']}): {not_modelled_outcome(a)}"
    if what == "chance":
        taken = " and ".join(obj_label(state, c) for c in a["cards"])
        return f"Chance: the game takes {taken} at random to {a['verb']} ({a['instruction']} of {a['use']})."
    if what == "shuffled":
        deck = f"{a['player']}'s {state.rules.deck}"
        if not a["cards"]:
            return f"Chance: {deck} is shuffled; it is empty, so nothing is decided."
        top = ", then ".join(obj_label(state, c) for c in a["cards"])
        beneath = "" if a["outcomes"] <= 1 else "; the cards beneath keep their order"
        return (f"Chance: {deck} is shuffled ({a['instruction']} of {ids.use_head(a['use'])}); on top: {top} "
                f"(1 of {a['outcomes']} possible outcome(s){beneath}).")
    if what == "search":
        where = f"({a['instruction']} of {a['use']})"
        if a["found"] == "nothing":
            return f"Search {where}: it finds nothing — {a['why']}."
        return f"Search {where}: it finds {obj_label(state, a['found'])}."
    if what == "condition-false":
        return f"{verb_head(a)} ({a['instruction']}): its condition is false ({a['why']}), so it does nothing."
    if what == "nothing":
        why = f" ({a['why']})" if a.get("why") else ""
        return f"{verb_head(a)} ({a['instruction']}): nothing it could change{why}, so nothing happens."
    if what == "resolved":
        return f"{subject(_use_words(state, a['use']))} has resolved."
    return _challenge_words(what, a, state)


def _cards(state, card_ids) -> str:
    return ", ".join(obj_label(state, c) for c in card_ids) or "none"


def _left_out(a: dict) -> str:
    return "".join(f"; not eligible: {why}" for _, why in a.get("left_out", ()))


def _challenge_words(what: str, a: dict, state) -> str | None:
    """A challenge's framework steps (Rules Reference, "Appendix I: Timing and Gameplay", 4.2-4.2.6)."""
    if what == "challenge-initiated":
        return (f"{a['attacker']} initiates a {a['type']} challenge against {a['defender']}, declaring "
                f"{_cards(state, a['attackers'])} as attackers, who kneel{_left_out(a)} (framework step 4.2).")
    if what == "no-challenge":
        return f"{a['attacker']} cannot initiate the {a['type']} challenge: no declared attacker is eligible{_left_out(a)}."
    if what == "defenders-declared":
        return (f"{a['defender']} declares {_cards(state, a['defenders'])} as defenders, who kneel{_left_out(a)} "
                "(framework step 4.2.1).")
    if what == "no-defenders":
        return f"{a['defender']} declares no defender{_left_out(a)} (framework step 4.2.1)."
    if what == "challenge-won":
        how = " unopposed" if a["unopposed"] else ""
        return (f"STR compared: {a['attacking_str']} attacking, {a['defending_str']} defending — {a['winner']} wins"
                f"{how} (framework step 4.2.2).")
    if what == "no-winner":
        return (f"STR compared: {a['attacking_str']} attacking, {a['defending_str']} defending — neither player can "
                "win, so no one wins or loses (framework step 4.2.2).")
    if what == "keywords-pass":
        return f"{a['player']} passes: no more pillage (framework step 4.2.5)."
    if what == "keywords-done":
        return f"No pillage {a['player']} may use (framework step 4.2.5): the verdicts say why."
    if what == "challenge-ends":
        return ("The challenge ends: no character participates any more, and effects until the end of the challenge "
                "expire (framework step 4.2.6).")
    return None


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
