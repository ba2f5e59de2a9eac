"""What each field of an instruction needs besides its verb: which verbs, targets and places (a
cost, an effect) it means something with (rule ``rulekit.fields``: no field loads and does nothing).

A field set where no rule and no printed template gives it a meaning — an ``amount`` on "kneel this
card", a ``filter`` on ``target: that card``, a ``condition`` on a cost, ``then`` on the first
instruction — is refused when the file loads (exit 2), naming the field, why, and where it belongs.
Combinations the rules or printed templates use ("discard 2 cards", "choose 2 characters", "each
player chooses", "Then, …") are accepted and run (see ``tests/files/test_every_field_matters.py``,
which sets every field of the format to another value in every place it may stand and fails on one
that loads and changes nothing).
"""
from __future__ import annotations

from rulekit.core.abilities import Target
from rulekit.core.events import ONE_COUNTER_VERBS, QUANTITY_VERBS, RESTRICTION_VERBS, Verb

#: Verbs whose ``amount`` counts something of their own (cards drawn, power, STR, Might, damage,
#: resources, tokens, how deep a shuffle is decided); any other verb's ``amount`` is how many cards a
#: chosen or random target takes ("discard 2 cards", "choose 2 characters", "2 at random").
COUNTING_VERBS = QUANTITY_VERBS
#: Targets that take several cards when ``amount`` says so.
SEVERAL_TARGETS = frozenset({Target.CHOSEN, Target.RANDOM, Target.EACH_PLAYER, Target.EACH_OPPONENT})
#: Targets that find their cards with a ``filter``.
FILTERED_TARGETS = frozenset({Target.CHOSEN, Target.EACH, Target.RANDOM, Target.EACH_PLAYER, Target.EACH_OPPONENT})
#: Verbs whose card named by ``self`` or ``that card`` is looked for in the zone a filter's ``zone``
#: says ("play me from your trash": Riftbound Core Rules 419.3.c, rule rb.play-effect).
LOOKS_IN_A_ZONE = frozenset({Verb.PLAY})
#: Verbs that take no ``amount`` at all (they act on a triggering condition, or set up or forbid something).
NO_AMOUNT_VERBS = frozenset({Verb.CANCEL, Verb.SAVE, Verb.REPLACE, Verb.DELAY, Verb.GRANT, Verb.REMOVE_ABILITY,
                             *RESTRICTION_VERBS})
#: Verbs whose amount ``amount_of`` may read from a card's Might ("draw cards equal to its Might").
AMOUNT_OF_VERBS = frozenset({Verb.DRAW, Verb.DEAL_DAMAGE, Verb.GIVE_MIGHT, Verb.ADD, Verb.CHANNEL})
#: Verbs a "(cannot be saved)" wording goes with: a card leaving play by a kill or a discard.
UNSAVABLE_VERBS = frozenset({Verb.KILL, Verb.DISCARD})
#: Verbs that name no card or player of their own: the target is never read.
UNTARGETED_VERBS = frozenset({Verb.DELAY, Verb.CREATE})
#: Verbs an ability cannot use as a cost: what they give or make is never paid (a grant, a removal, a token).
NOT_A_COST = frozenset({Verb.GRANT, Verb.REMOVE_ABILITY, Verb.CREATE})
#: Fields a cost does not read: a cost is paid as it stands, before the effect (no "if", no "then").
NOT_IN_A_COST = {
    "condition": "a cost is paid as it stands: it has no condition (an ability's condition is its 'condition')",
    "then": "the costs of an ability are paid together, in full or not at all: no cost comes 'then' after another "
            "('then' joins the parts of an effect)",
    "cannot_be_saved": "a card that leaves play to pay a cost cannot be saved anyway",
    "amount_of": "a cost's amount is known before it is paid: write 'amount'",
    "this_turn": "a cost pays with what it names; a change that lasts this turn is an effect",
}


def problems(instr, part: str, first: bool):
    """``(field, why, expected)`` for the first field of ``instr`` that means nothing where it stands
    (``part``: "cost" or "effect"; ``first``: it is the first instruction of its list), or ``None``."""
    do, target = instr.do, instr.target
    if part == "cost":
        if do in NOT_A_COST:
            return ("do", f"{do.value!r} cannot be a cost: what it gives is not something a player pays",
                    "an effect")
        for name, why in NOT_IN_A_COST.items():
            if getattr(instr, name) not in (None, False, ()):
                return (name, f"{name!r} in a cost: {why}", "no " + repr(name) + " in a cost")
    if instr.then and do in RESTRICTION_VERBS:
        return ("then", f"{do.value!r} says what a card cannot undergo while a constant ability applies: nothing "
                "resolves before it", "no 'then'")
    if instr.then and first:
        return ("then", "'then' needs an instruction before it: it resolves only if they resolved in full",
                "'then: true' on a later instruction of the effect")
    if do in RESTRICTION_VERBS and instr.condition:
        return ("condition", f"{do.value!r} belongs to a constant ability, which applies while its own "
                "'condition' holds: the ability's condition says when", "the condition on the ability")
    if instr.filter is not None and target not in FILTERED_TARGETS and not _where_it_looks(instr):
        return ("filter", f"target {target.value!r} names its card or player itself: a filter is read only by "
                "the targets that find cards (chosen, each, random, each player / opponent chooses)"
                + ("; on 'play' of this card or that card, only its 'zone' (where the effect looks for it)"
                   if do in LOOKS_IN_A_ZONE else ""),
                "no filter, or target: chosen, each, random, each player chooses or each opponent chooses")
    if instr.amount != 1 and do is not Verb.NOT_MODELLED and do not in ONE_COUNTER_VERBS:   # those: the core's words
        if do in NO_AMOUNT_VERBS or (do not in COUNTING_VERBS and target not in SEVERAL_TARGETS):
            return ("amount", f"{do.value!r} of target {target.value!r} affects what it names, not a number of "
                    "cards: 'amount' counts the cards a chosen or random target takes, or what a verb gives "
                    "(draw, power, STR, Might, damage, gold)",
                    "no amount, or target: chosen, random, each player chooses or each opponent chooses")
    if instr.amount_of is not None and do not in AMOUNT_OF_VERBS:
        return ("amount_of", f"{do.value!r} has no amount that a card's Might could give",
                "do: " + ", ".join(sorted(v.value for v in AMOUNT_OF_VERBS)))
    if instr.cannot_be_saved and (do not in UNSAVABLE_VERBS or target is Target.DUPLICATE):
        return ("cannot_be_saved", f"only a kill or a discard is worded \"(cannot be saved)\", not {do.value!r}",
                "do: kill or discard")
    if instr.instead and do is not Verb.REPLACE:
        return ("instead", f"only 'replace' takes 'instead', not {do.value!r}", "do: replace")
    for name in ("at", "later"):
        if getattr(instr, name) not in (None, ()) and do is not Verb.DELAY:
            return (name, f"only 'delay' takes 'at' and 'later', not {do.value!r}", "do: delay")
    if instr.ability is not None and do is not Verb.REMOVE_ABILITY:
        return ("ability", f"only 'remove ability' takes 'ability' (the id it removes), not {do.value!r}",
                "do: remove ability")
    if instr.until is not None and do is not Verb.GIVE_STRENGTH:
        return ("until", f"only 'give strength' lasts 'until' the end of a period, not {do.value!r}",
                "do: give strength")
    if instr.ignoring is not None and do is not Verb.PLAY:
        return ("ignoring", f"'ignoring' names the costs an effect's 'play' sets to 0 (\"play … ignoring its cost\"), "
                f"and only 'play' takes it, not {do.value!r}: no other verb pays a card's Cost",
                "do: play (Riftbound), or no 'ignoring'")
    if instr.resource is not None and do not in (Verb.ADD, Verb.PAY):
        return ("resource", f"{do.value!r} takes no 'resource': only 'add' and 'pay' do", "do: add or pay")
    if target is Target.SELF and do is Verb.TAKE_CONTROL:
        return ("target", "the ability's controller controls its own card already: taking control of it changes "
                "nothing", "target: that card, chosen or each")
    if target is not Target.SELF and do in UNTARGETED_VERBS:
        return ("target", f"{do.value!r} names no card or player: its target is never read", "no target")
    return None


def _where_it_looks(instr) -> bool:
    """A filter of nothing but a ``zone`` on a card the instruction names, for a verb that looks for it
    there ("play me from your trash")."""
    f = instr.filter
    return (instr.do in LOOKS_IN_A_ZONE and instr.target in (Target.SELF, Target.THAT_CARD) and f.zone is not None
            and f == type(f)(zone=f.zone))
