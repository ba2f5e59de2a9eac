"""Could an ability's effect change the game state now? (rule ``agot.initiate``)

Rules Reference, "Abilities": a card ability can be initiated only if its effect has the potential
to change the game state, judged without the consequences of paying its cost or of other
abilities. :func:`effect_verdict` reads the whole effect for it:

- **targets** ("Target", "Choose"): only "choose" makes a target. An ability that must choose a
  target and has none cannot be initiated — "no legal target". A search, a random pick and an
  "each" choose nothing, so that is never their verdict; nor is it for a target chosen after
  "then", which is chosen as that part resolves and not checked at initiation;
- **a condition inside the effect** ("if you control a Knight character, …") as it stands when the
  ability would be initiated: a part whose condition is false could change nothing;
- **a lasting effect** that would expire at once ("until the end of the challenge" with no
  challenge under way; "Lasting Effects") could change nothing;
- **a not modelled effect** could change the game state only where its file says so
  (``changes_state``; rule ``rulekit.not-modelled``);
- **a search** could, as the ruling ``agot.search-potential`` says (:mod:`.search`);
- **"then"** ("The word 'Then'"): the part after "then" resolves only if the part before it
  resolved in full, and a part that changes nothing does not — except a search that finds
  nothing, where the ruling ``agot.then-after-search`` says it did. So the part after a "then"
  counts only where everything before it could resolve in full.
"""
from __future__ import annotations

from rulekit.core import occur
from rulekit.core.abilities import Ability, Instruction, Target
from rulekit.core.events import CHANCE_VERBS, VERB_EVENT
from rulekit.core.judge import changeable_targets, condition_change_blocked, condition_failure, player_targets
from rulekit.core.model import Card, GameState, TriggeringCondition
from rulekit.core.verdicts import Code
from rulekit.rulesets.agot.challenge_checks import stops_at_once
from rulekit.rulesets.agot.choosing import targeting
from rulekit.rulesets.agot.search import THEN_AFTER_SEARCH, is_search, potential as search_potential

AFTER_THEN = "the part after \"then\" resolves only if the part before it resolved in full"


def parts(effect: tuple[Instruction, ...]) -> list[tuple[Instruction, ...]] | tuple[tuple[Instruction, ...]]:
    """The effect cut before each "then": the part before the first, then each part after one."""
    if not any(instr.then for instr in effect[1:]):
        return (effect,)            # the common case: no "then"
    out: list[list[Instruction]] = []
    for k, instr in enumerate(effect):
        if not out or (instr.then and k > 0):
            out.append([])
        out[-1].append(instr)
    return [tuple(p) for p in out]


def effect_verdict(state: GameState, ability: Ability, me: str, source: Card,
                   tc: TriggeringCondition) -> tuple[Code, str] | None:
    """``None`` if the ability's effect could change the game state now, else the verdict's code
    (``no legal target`` or ``its effect could not change the game state``) and why."""
    cut = parts(ability.effect)
    rules = state.rules
    for instr in cut[0]:
        # cards picked from a hand or a deck are no targets (agot.choose.several: RR "Effects")
        if instr.target.is_chosen and targeting(instr) and not is_search(instr, rules) and not changeable_targets(
                instr, state, me, source, tc):
            return Code.NO_TARGET, f"nothing to {instr.do.value}"
    reasons: list[str] = []
    for k, part in enumerate(cut):
        for instr in part:
            why = could_not_change(instr, state, me, source, tc)
            if why is None:
                return None
            if why not in reasons:
                reasons.append(why)
        if k + 1 < len(cut) and not all(_in_full_unchanged(i, state, me, source) for i in part):
            reasons.append(AFTER_THEN)      # the parts after this one never resolve
            break
    return Code.NO_EFFECT, "; ".join(reasons) or "it has no effect"


def _in_full_unchanged(instr: Instruction, state: GameState, me: str, source: Card) -> bool:
    """Whether ``instr`` could resolve in full while changing nothing: only a search that finds
    nothing, where the ruling ``agot.then-after-search`` says that is in full."""
    return (is_search(instr, state.rules) and state.ruling(THEN_AFTER_SEARCH) == "in-full"
            and condition_failure(instr.condition, state, me, source) is None)


def could_not_change(instr: Instruction, state: GameState, me: str, source: Card,
                     tc: TriggeringCondition | None) -> str | None:
    """``None`` if this one instruction could change the game state now, else why not."""
    if instr.condition:
        why = condition_failure(instr.condition, state, me, source)
        if why:
            return f"{instr.words}: its condition is false as the game stands ({why})"
    if instr.not_modelled:     # rulekit.not-modelled: only where its file says so
        return None if instr.changes_state else f"{instr.words} — the file says it would not change the game state"
    expired = stops_at_once(instr, state)
    if expired:
        return f"{instr.words}: {expired}"
    if is_search(instr, state.rules):
        return search_potential(instr, state, me, source, tc)
    if changeable_targets(instr, state, me, source, tc):
        return None
    if instr.acts_on_condition:
        return condition_change_blocked(instr, state, tc) or f"nothing to {instr.do.value}"
    return _nothing_to_change(instr, state, me, tc)


def _nothing_to_change(instr: Instruction, state: GameState, me: str, tc: TriggeringCondition | None) -> str:
    """Why an instruction that finds nothing it could change finds nothing, in words."""
    if instr.target is Target.RANDOM:
        return f"{instr.do.value} at random: no card to take"
    if instr.target.is_player:
        players = player_targets(instr, state, me, tc)
        if instr.do in CHANCE_VERBS:
            return f"{instr.do.value}: no {state.rules.deck} of 2 cards or more"
        whys = [occur.can_happen(VERB_EVENT[instr.do], state, player=p, amount=instr.amount,
                                 resource=instr.resource) for p in players]
        return f"{instr.do.value}: " + ("; ".join(w for w in whys if w) or "no player it affects")
    if instr.target is Target.EACH:
        return f"{instr.do.value} each: no card it names would change"
    return f"{instr.words}: nothing it affects would change"
