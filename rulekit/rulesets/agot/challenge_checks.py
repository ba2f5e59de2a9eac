"""What challenges do to cards and what a file may say of them: a declaration makes a character
participate, a STR change (lasting or not) changes its STR, and the checks of the ``challenge``
entry, the ``challenge`` filter field, the ``side``/``margin``/``unopposed`` trigger fields, the
``until`` of an instruction and a condition's ``challenges`` (rules ``agot.challenge``,
``agot.lasting``, ``agot.challenge-history``)."""
from __future__ import annotations

from rulekit.core.abilities import Period
from rulekit.core.checking_blocks import suggest
from rulekit.core.errors import ScenarioError
from rulekit.core.events import EventKind, Verb
from rulekit.rulesets.agot.challenges import (ATTACKING, DEFENDING, PARTICIPATING, RESULTS, ROLES, TYPES, expire,
                                              role_of, under_way)

#: the ends a lasting effect may have: "until the end of the challenge", "until the end of the phase"
UNTIL = ("challenge", "phase")
#: the trigger fields only a challenge's result has
RESULT_FIELDS = ("side", "margin", "unopposed")
RESULT_EVENTS = (EventKind.WINS_CHALLENGE, EventKind.LOSES_CHALLENGE)


# -- the game state -------------------------------------------------------------------------------
def apply_event(state, tc):
    """A declaration: the character is attacking or defending from now until the challenge ends."""
    card = state.cards[tc.card.id]
    role = ATTACKING if tc.kind is EventKind.ATTACKS else DEFENDING
    return state.with_card(card.changed(participating=role))


def card_event(card, tc):
    """A STR change: its amount is added; a lasting one is remembered, to expire at its end."""
    if tc.kind is not EventKind.STRENGTH_CHANGES:
        return None
    if tc.until is None:
        return card.changed(strength=card.strength + tc.amount)
    field = f"until_{tc.until}"
    return card.changed(strength=card.strength + tc.amount, **{field: getattr(card, field) + tc.amount})


#: the event kinds :func:`event_refusal` may refuse (the ruleset asks it about no other)
REFUSES = frozenset({EventKind.STRENGTH_CHANGES, EventKind.ATTACKS, EventKind.DEFENDS})


def event_refusal(kind, state, card, amount):
    if kind is EventKind.STRENGTH_CHANGES and amount == 0:
        return "no STR to give"
    if kind in (EventKind.ATTACKS, EventKind.DEFENDS) and under_way(state) is None:
        return "no challenge is under way"
    return None


def card_mismatch(f, card):
    """The filter's ``challenge``: "an attacking character", "defending", "participating"."""
    if f.challenge is None:
        return None
    role = role_of(card)
    if role is None or (f.challenge != PARTICIPATING and role != f.challenge):
        return f"{card.title} is not {f.challenge}"
    return None


def phase_ends(state):
    """Effects "until the end of the phase" expire as it ends ("Lasting Effects")."""
    for card_id in state.order:
        card = state.cards[card_id]
        if card.extension is not None and card.until_phase:
            state = state.with_card(expire(card, "phase"))
    return state


def stops_at_once(instr, state) -> str | None:
    """Why an effect "until the end of the challenge" changes nothing now: no challenge is under
    way, so it would expire at once ("Lasting Effects")."""
    if instr.until == "challenge" and under_way(state) is None:
        return "no challenge is under way: an effect until the end of the challenge expires at once"
    return None


# -- what a file may say ---------------------------------------------------------------------------
def check_entry(entry, path: str, scenario) -> None:
    """A challenge names its attacking player, its type and at least one attacker; the defenders
    and the defending player (``against``; the only opponent by default) belong to it alone."""
    if entry.do is not Verb.CHALLENGE:
        for name in ("defenders", "against"):
            if getattr(entry, name):
                raise ScenarioError(f"{name!r} belongs to a 'challenge' entry, not {entry.do.value!r}",
                                    path=f"{path}.{name}", expected=f"no {name!r}, or do: challenge")
        if entry.do in (Verb.ATTACK, Verb.DEFEND):
            raise ScenarioError(f"{entry.do.value!r}: characters are declared in a challenge (framework step 4.2)",
                                path=f"{path}.do", expected="do: challenge, with cards (the attackers) and defenders")
        return
    players = scenario.players
    if entry.player not in players:
        raise ScenarioError(f"'challenge' needs 'player': the attacking player, not {entry.player!r}"
                            f"{suggest(entry.player, players)}", path=f"{path}.player", expected="one of " + ", ".join(players))
    if entry.challenge not in TYPES:
        raise ScenarioError(f"{entry.challenge!r} is not a challenge type{suggest(entry.challenge, TYPES)}",
                            path=f"{path}.challenge", expected="one of " + ", ".join(TYPES))
    others = [p for p in players if p != entry.player]
    if entry.against is None and len(others) != 1:
        raise ScenarioError("with more than one opponent, 'challenge' names the defending player in 'against'",
                            path=f"{path}.against", expected="one of " + ", ".join(others))
    if entry.against is not None and entry.against not in others:
        raise ScenarioError(f"'against' is the defending player, an opponent of {entry.player}, not {entry.against!r}"
                            f"{suggest(entry.against, others)}", path=f"{path}.against", expected="one of " + ", ".join(others))
    if not entry.cards:
        raise ScenarioError("a challenge needs at least one attacker (framework step 4.2)", path=f"{path}.cards",
                            expected="the attacking characters' ids")
    ids = [c.id for c in scenario.cards]
    for k, cid in enumerate(entry.defenders):
        if cid not in ids:
            raise ScenarioError(f"no card has id {cid!r}{suggest(cid, ids)}", path=f"{path}.defenders[{k}]")
        if cid in entry.cards:
            raise ScenarioError(f"{cid!r} cannot both attack and defend", path=f"{path}.defenders[{k}]")
    for name in ("cards", "defenders"):
        if len(set(getattr(entry, name))) != len(getattr(entry, name)):
            raise ScenarioError("a card is listed twice", path=f"{path}.{name}")


def check_ability(ability, path: str) -> None:
    """``side``, ``margin`` and ``unopposed`` describe a challenge's result; ``until`` a lasting STR
    change; a filter's ``challenge`` and a condition's ``challenges`` name what exists."""
    when = ability.when
    if when is not None:
        for name in RESULT_FIELDS:
            if getattr(when, name) is not None and when.event not in RESULT_EVENTS:
                raise ScenarioError(f"{name!r} describes a challenge's result: it belongs to 'wins a challenge' or "
                                    f"'loses a challenge', not {when.event.value!r}", path=f"{path}.when.{name}",
                                    expected="event: wins a challenge | loses a challenge")
        if when.side is not None and when.side not in (ATTACKING, DEFENDING):
            raise ScenarioError(f"{when.side!r} is not a side{suggest(when.side, (ATTACKING, DEFENDING))}",
                                path=f"{path}.when.side", expected="attacking or defending")
        if when.margin is not None and when.margin < 1:
            raise ScenarioError("'margin' is the STR a challenge is won by, 1 or more", path=f"{path}.when.margin",
                                expected="1 or more")
        if when.challenge is not None and when.challenge not in TYPES:
            raise ScenarioError(f"{when.challenge!r} is not a challenge type{suggest(when.challenge, TYPES)}",
                                path=f"{path}.when.challenge", expected="one of " + ", ".join(TYPES))
        if when.card is not None:
            _check_role(when.card, f"{path}.when.card")
    for part in ("cost", "effect"):
        for k, instr in enumerate(getattr(ability, part)):
            _check_instruction(instr, f"{path}.{part}[{k}]")


def _check_instruction(instr, path: str) -> None:
    if instr.until is not None:
        if instr.do is not Verb.GIVE_STRENGTH:
            raise ScenarioError(f"only 'give strength' lasts 'until' the end of a period, not {instr.do.value!r}",
                                path=f"{path}.until", expected="do: give strength")
        if instr.until not in UNTIL:
            raise ScenarioError(f"{instr.until!r} is not an end a lasting effect has{suggest(instr.until, UNTIL)}",
                                path=f"{path}.until", expected="one of " + ", ".join(UNTIL))
    if instr.filter is not None:
        _check_role(instr.filter, f"{path}.filter")
    for k, cond in enumerate(instr.condition):
        if cond.count is not None:
            _check_role(cond.count, f"{path}.condition[{k}].count")
    for part in ("instead", "later"):
        for k, inner in enumerate(getattr(instr, part)):
            _check_instruction(inner, f"{path}.{part}[{k}]")


def _check_role(f, path: str) -> None:
    if f.challenge is not None and f.challenge not in ROLES:
        raise ScenarioError(f"{f.challenge!r} is not how a character takes part in a challenge"
                            f"{suggest(f.challenge, ROLES)}", path=f"{path}.challenge", expected="one of " + ", ".join(ROLES))


def check_condition(cond, path: str) -> None:
    """A condition's ``challenges``: a result, a player, this round or this phase, maybe a type."""
    if cond.count is not None:
        _check_role(cond.count, f"{path}.count")
    c = cond.challenges
    if c is None:
        return
    if cond.count is not None:
        raise ScenarioError("a condition counts cards or challenges, not both", path=f"{path}.challenges",
                            expected="count or challenges")
    if c.result not in RESULTS:
        raise ScenarioError(f"{c.result!r} is not a challenge result{suggest(c.result, RESULTS)}",
                            path=f"{path}.challenges.result", expected="one of " + ", ".join(RESULTS))
    if c.this is Period.CHALLENGE:
        raise ScenarioError("the challenges history is counted this round or this phase",
                            path=f"{path}.challenges.this", expected="round or phase")
    if c.type is not None and c.type not in TYPES:
        raise ScenarioError(f"{c.type!r} is not a challenge type{suggest(c.type, TYPES)}",
                            path=f"{path}.challenges.type", expected="one of " + ", ".join(TYPES))
    if cond.at_least is None and cond.at_most is None:
        raise ScenarioError("a condition on challenges needs at_least or at_most ('if you have not lost a "
                            "challenge': at_most: 0)", path=f"{path}.challenges", expected="at_least or at_most")
