"""Cross-references checked against the scenario: each answer's chooser, card and ability, and
the cards, players, steps and abilities an ``expect`` block names; the answers made a line."""
from __future__ import annotations

import dataclasses

from rulekit.core import ids
from rulekit.core.decisions import FIRST, GAME, DecisionKind, Line, not_a_number
from rulekit.core.errors import escaped, shown
from rulekit.core.scenario import Scenario, suggest
from rulekit.files.document import AnswerSpec
from rulekit.files.expect import CardExpect, Expect
from rulekit.files.locate import _at


def _ability_ids(scenario: Scenario, card_id: str) -> list[str]:
    """The card's abilities, with those the rules give it (a duplicate's save), those the script
    grants it, and those any effect could grant (to a card it chooses)."""
    from rulekit.rulesets import get
    card = next(c for c in get(scenario.ruleset).setup_cards(scenario.cards) if c.id == card_id)
    granted = [e.grant.id for e in scenario.script if e.grant is not None and card_id in e.cards]
    own = [a.id for a in card.abilities] + granted
    return own + [g for g in _granted_by_effects(scenario) if g not in own]


def _granted_by_effects(scenario: Scenario) -> list[str]:
    """Ids of the abilities an instruction of any ability (printed or granted) may grant."""
    out: list[str] = []

    def walk(instructions):
        for instr in instructions:
            if instr.grant is not None:
                if instr.grant.id not in out:
                    out.append(instr.grant.id)
                walk(instr.grant.cost + instr.grant.effect)
            walk(instr.instead + instr.later)
    for c in scenario.cards:
        for a in c.abilities:
            walk(a.cost + a.effect)
    for e in scenario.script:
        if e.grant is not None:
            walk(e.grant.cost + e.grant.effect)
    return out


def _names_new_object(name: str, scenario: Scenario) -> bool:
    """Whether ``name`` names a card object the rules make: a listed card's new object
    (``cinderwing@1``) or a token an effect creates (``token-recruit-1``)."""
    new = ids.new_object(name)
    if new is not None and any(c.id == new[0] for c in scenario.cards):
        return True
    made_token = ids.parse_token(name)
    if made_token is None:
        return False

    def titles(instructions):
        for instr in instructions:
            token = getattr(instr, "token", None)
            if token is not None:
                yield ids.token_slug(token.title)
            if instr.grant is not None:
                yield from titles(instr.grant.cost + instr.grant.effect)
            yield from titles(instr.instead + instr.later)
    made = {t for c in scenario.cards for a in c.abilities for t in titles(a.cost + a.effect)}
    return made_token[0] in made


def _check_chance_answer(spec: AnswerSpec, scenario: Scenario, path: tuple, marks: dict, file: str) -> None:
    """A chance answer (rule ``rulekit.chance``): the game answers it, in a ruleset that has chance
    decisions, with cards (``h2``, ``h1+h3``, ``d3@1``) the scenario has."""
    from rulekit.core.chance import cards_of
    if not scenario.rules.chance:
        raise _at(path + ("decision",), marks, file, f"{scenario.rules.name} has no chance decisions in rulekit",
                  "act or pass, order forced, choose target")
    if spec.chooser != GAME:
        raise _at(path + ("chooser",), marks, file, f"a chance decision is answered by the game, not by "
                  f"{spec.chooser!r}", repr(GAME))
    card_ids = [c.id for c in scenario.cards]
    for part in cards_of(spec.answer) or (spec.answer,):
        if part not in card_ids and not _names_new_object(part, scenario):
            raise _at(path + ("answer",), marks, file, f"no card has id {part!r}{suggest(part, card_ids)}",
                      "card ids joined by '+', e.g. 'h1+h3'")


def _check_answer(spec: AnswerSpec, scenario: Scenario, path: tuple, marks: dict, file: str) -> None:
    if spec.decision is DecisionKind.CHANCE:
        return _check_chance_answer(spec, scenario, path, marks, file)
    if spec.chooser not in scenario.players:
        raise _at(path + ("chooser",), marks, file,
                  f"chooser {spec.chooser!r} is not a player{suggest(spec.chooser, scenario.players)}",
                  "one of " + ", ".join(scenario.players))
    card_ids = [c.id for c in scenario.cards]
    if spec.decision is DecisionKind.CHOOSE_TARGET:
        # a card, one of its objects (CARD@N), a token the effects create, an item on the Chain
        # (a chosen ability: CARD.ABILITY@…), or "done" (no more targets for "up to N")
        chosen = ids.parse_use(spec.answer)
        if _names_new_object(spec.answer, scenario) or spec.answer == "done" or (
                chosen is not None and chosen.card in card_ids):
            return
        if spec.answer not in card_ids:
            raise _at(path + ("answer",), marks, file,
                      f"no card has id {spec.answer!r}{suggest(spec.answer, card_ids)}", "a card id")
        return
    if spec.decision is DecisionKind.SEARCH:
        # a card the search finds, or "nothing" (a player is never obliged to find one)
        if spec.answer != "nothing" and spec.answer not in card_ids and not _names_new_object(spec.answer, scenario):
            raise _at(path + ("answer",), marks, file,
                      f"no card has id {spec.answer!r}{suggest(spec.answer, card_ids)}", "a card id, or 'nothing'")
        return
    if spec.answer == "pass" and spec.decision is DecisionKind.ACT_OR_PASS:
        return
    if spec.decision is DecisionKind.MAY:
        if spec.answer not in ("yes", "no"):
            raise _at(path + ("answer",), marks, file, f"{spec.answer!r} is not an answer to \"you may\"",
                      "'yes' or 'no'")
        return
    if spec.decision is DecisionKind.CHOOSE_EVENT:
        return   # an event id; whether it is among the candidates is known only when the choice comes up
    use = ids.parse_use(spec.answer)
    card_id, ability = (use.card, use.ability) if use else ("", "")
    from rulekit.core.abilities import Timing
    from rulekit.rulesets import get
    # an ability used with priority is answered as CARD.ABILITY (it responds to no condition)
    played = Timing.PRIORITY in get(scenario.ruleset).timings and spec.decision is DecisionKind.ACT_OR_PASS
    # a replacement printed on a card is answered as CARD.ABILITY too (it is an ability, not a use)
    played = played or spec.decision is DecisionKind.ORDER_REPLACEMENTS
    if not use or (use.responds_to is None and not played):
        raise _at(path + ("answer",), marks, file, f"{spec.answer!r} is not a use of an ability",
                  "'pass' or CARD.ABILITY@CONDITION, e.g. 'c6.r1@s:claim:killed:c3'")
    if card_id not in card_ids:
        raise _at(path + ("answer",), marks, file, f"no card has id {card_id!r}{suggest(card_id, card_ids)}")
    abilities = _ability_ids(scenario, card_id)
    if ability not in abilities:
        raise _at(path + ("answer",), marks, file,
                  f"card {card_id!r} has no ability {ability!r}{suggest(ability, abilities)}",
                  "one of " + ", ".join(abilities) if abilities else "a card with abilities")


def card_expect_game_fields() -> tuple[str, ...]:
    """The fields of an expected card that belong to one game or another (not every card's)."""
    from rulekit.files.cardkeys import CARD_KEYS
    return tuple(f.name for f in dataclasses.fields(CardExpect) if f.name not in CARD_KEYS)


def _check_expect_refs(expect: Expect, scenario: Scenario, marks: dict, file: str) -> None:
    card_ids = [c.id for c in scenario.cards]
    rules = scenario.rules
    for card_id, wanted in expect.cards.items():
        if card_id not in card_ids and not _names_new_object(card_id, scenario):
            raise _at(("expect", "cards", card_id), marks, file,
                      f"no card has id {card_id!r}{suggest(card_id, card_ids)}")
        for name in card_expect_game_fields():
            if getattr(wanted, name) is not None and name not in rules.card_fields:
                from rulekit.files.cardkeys import foreign_key
                raise _at(("expect", "cards", card_id, name), marks, file,
                          foreign_key(rules, name) or f"{name!r} is not a card field of {rules.name}",
                          f"{rules.name}'s own card fields: {', '.join(sorted(rules.card_fields)) or 'none'}")
    for player in expect.hands:
        if player not in scenario.players:
            raise _at(("expect", "hands", player), marks, file,
                      f"{player!r} is not a player{suggest(player, scenario.players)}")
    for player, held in expect.pools.items():
        if player not in scenario.players:
            raise _at(("expect", "pools", player), marks, file,
                      f"{player!r} is not a player{suggest(player, scenario.players)}")
        for resource in held:
            if resource not in rules.pool_resources:
                raise _at(("expect", "pools", player, resource), marks, file,
                          f"{resource!r} is not something a pool holds in {rules.name}"
                          f"{suggest(resource, rules.pool_resources)}",
                          "one of " + (", ".join(rules.pool_resources) or "(none: no pools)"))
    if expect.priority is not None:
        if rules.priority_grants(()) is None:
            raise _at(("expect", "priority"), marks, file, f"{rules.title} has no priority ({rules.no_priority})",
                      "'uses' and 'windows' to pin who acted and where")
        for i, player in enumerate(expect.priority):
            if player not in scenario.players:
                raise _at(("expect", "priority", i), marks, file,
                          f"{player!r} is not a player{suggest(player, scenario.players)}",
                          "one of " + ", ".join(scenario.players))
    from rulekit.rulesets import get
    step_names = get(scenario.ruleset).step_names()
    for i, v in enumerate(expect.verdicts):
        if v.step not in step_names:
            raise _at(("expect", "verdicts", i, "step"), marks, file,
                      f"{v.step!r} is not a step of {scenario.ruleset}{suggest(v.step, step_names)}",
                      "one of " + ", ".join(repr(n) for n in step_names))
        card_id = (ids.new_object(v.card) or (v.card,))[0]      # a card, or one of its objects (CARD@N)
        if card_id not in card_ids:
            raise _at(("expect", "verdicts", i, "card"), marks, file,
                      f"no card has id {v.card!r}{suggest(v.card, card_ids)}")
        abilities = _ability_ids(scenario, card_id)
        if v.ability not in abilities:
            raise _at(("expect", "verdicts", i, "ability"), marks, file,
                      f"card {v.card!r} has no ability {v.ability!r}{suggest(v.ability, abilities)}")


def _line_from(specs, scenario: Scenario, marks: dict, file) -> Line:
    answers = []
    for i, spec in enumerate(specs):
        if isinstance(spec, str):
            try:
                spec = AnswerSpec.parse(spec)
            except ValueError as e:
                raise _at(("answers", i), marks, file, f"cannot read the answer {shown(spec)}: {e}") from None
        if spec.number < FIRST:
            raise _at(("answers", i, "number"), marks, file, not_a_number(spec.number), f"a number of {FIRST} or more")
        _check_answer(spec, scenario, ("answers", i), marks, file)
        answers.append(spec)
    line = Line()
    for i, spec in enumerate(answers):
        if line.get(spec.key) is not None:
            raise _at(("answers", i), marks, file, f"two answers for the same decision {escaped(str(spec.key))}")
        line = line.with_answer(spec.key, spec.answer)
    return line
