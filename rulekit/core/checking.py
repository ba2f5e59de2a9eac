"""Checking a scenario as a whole before it is played: players, cards (ids, owners, types, zones,
their game's own fields), abilities against the ruleset's vocabulary, rulings, and the script.
Each problem is one :class:`~rulekit.core.errors.ScenarioError` naming the field."""
from __future__ import annotations

import dataclasses

from rulekit.core import ids
from rulekit.core.abilities import Ability, Target, Timing, Which
from rulekit.core.errors import ScenarioError
from rulekit.core.events import (CHANCE_VERBS, CONDITION_VERBS, EVENTS, PLAYER_PICKS_CARDS,
                                 QUANTITY_VERBS, RESTRICTION_VERBS, RULES_ONLY_VERBS, SIGNED_VERBS, VERB_EVENT,
                                 Subject, Verb, kinds_counted)
from rulekit.core.model import Card
from rulekit.core.ruleset import COMMON_FIELDS
from rulekit.core.checking_blocks import check_corpus, check_rulings, suggest  # noqa: F401 (re-exported)
from rulekit.core.checking_words import (_check_chance, _check_not_modelled, _check_one_counter, _check_pools,
                                         _check_this_turn)

def check(s):
    """Raise :class:`ScenarioError` for the first thing that makes ``s`` (a
    :class:`~rulekit.core.scenario.Scenario`) unplayable; return ``s`` when nothing does."""
    rules = s.rules
    check_rulings(rules, s.rulings)
    if not s.players:
        raise ScenarioError("no players", path="players", expected="at least one player")
    for i, player in enumerate(s.players):
        if not ids.is_name(player):
            raise ScenarioError(f"player name {player!r} may use only letters, digits, '_' and '-' (like a card id: "
                                "it is part of answer keys and ids)", path=f"players[{i}]", expected="a name such as P1")
    if len(set(s.players)) != len(s.players):
        dup = next(p for p in s.players if s.players.count(p) > 1)
        raise ScenarioError(f"player {dup!r} is listed twice", path="players")
    if s.first_player not in s.players:
        raise ScenarioError(f"first player {s.first_player!r} is not a player{suggest(s.first_player, s.players)}",
                            path="first_player", expected="one of " + ", ".join(s.players))
    seen: set[str] = set()
    for i, card in enumerate(s.cards):
        at = f"cards[{i}]"
        if not ids.is_name(card.id):
            raise ScenarioError(f"card id {card.id!r} may use only letters, digits, '_' and '-'", path=f"{at}.id")
        if card.id in seen:
            raise ScenarioError(f"card id {card.id!r} is used twice", path=f"{at}.id")
        seen.add(card.id)
        for field in ("owner", "controller"):
            who = getattr(card, field)
            if who not in s.players:
                raise ScenarioError(f"{field} {who!r} of card {card.id!r} is not a player{suggest(who, s.players)}",
                                    path=f"{at}.{field}", expected="one of " + ", ".join(s.players))
        _check_card_type(card, at, rules)
        _check_card_zone(card, at, rules)
        _check_extension(card, at, rules)
        ability_ids: set[str] = set()
        for j, ability in enumerate(card.abilities):
            ap = f"{at}.abilities[{j}]"
            if ability.id in ability_ids:
                raise ScenarioError(f"ability id {ability.id!r} is used twice on card {card.id!r}", path=f"{ap}.id")
            ability_ids.add(ability.id)
            check_ability(ability, ap, rules, card.id)
    rules.check_cards(s.cards)
    _check_pools(s.pools, s.players, rules)
    for i, entry in enumerate(s.script):
        _check_entry(entry, f"script[{i}]", s)
    if s.corpus is not None:
        check_corpus(s.corpus, s.cards, rules)
    return s


def _check_card_zone(card: Card, at: str, rules) -> None:
    """A card is in a zone of its ruleset, or says none where the ruleset has a default zone."""
    zone = card.zone if card.zone is not None else rules.default_zone
    if zone is None:
        raise ScenarioError(f"card {card.id!r} ({card.title}) says no zone: {rules.name} has no default zone, so "
                            "every card says where it is", path=f"{at}.zone",
                            expected="zone: one of " + ", ".join(rules.zones))
    if zone not in rules.zones:
        raise ScenarioError(f"zone {zone!r} of card {card.id!r} does not exist in {rules.name}"
                            f"{suggest(zone, rules.zones)}", path=f"{at}.zone",
                            expected="one of " + ", ".join(rules.zones))


def _check_extension(card: Card, at: str, rules) -> None:
    """A card's own game's fields are its ruleset's (a card built in Python may carry another's)."""
    if card.extension is None:
        return
    if rules.card_extension is None or not isinstance(card.extension, rules.card_extension):
        fields = [f.name for f in dataclasses.fields(card.extension)] if dataclasses.is_dataclass(card.extension) \
            else [type(card.extension).__name__]
        own = ", ".join(sorted(rules.card_fields)) or "none"
        raise ScenarioError(f"card {card.id!r} carries fields of another game ({', '.join(fields)}), not of "
                            f"{rules.name}", path=f"{at}.extension", expected=f"{rules.name}'s own card fields: {own}")


def _check_card_type(card: Card, at: str, rules) -> None:
    """A card says a type of its ruleset, or says none where the ruleset has a default type."""
    listed = ", ".join(rules.card_types)
    if card.type is None:
        if rules.default_card_type is None:
            raise ScenarioError(f"card {card.id!r} ({card.title}) has no type: {rules.name} has no default "
                                "type, so every card says its type", path=f"{at}.type",
                                expected=f"type: one of {listed}" if listed else "type: the card's type")
        return
    if rules.card_types and card.type not in rules.card_types:
        raise ScenarioError(f"type {card.type!r} of card {card.id!r} is not a card type of {rules.name}"
                            f"{suggest(card.type, rules.card_types)}", path=f"{at}.type", expected=f"one of {listed}")


def check_ability(ability: Ability, ap: str, rules, card_id: str) -> None:
    """An ability, printed or granted, checked against its ruleset's vocabulary."""
    if not isinstance(ability, Ability):
        raise ScenarioError(f"an ability of card {card_id!r} must be a mapping with id, timing, when and effect",
                            path=ap)
    if not ids.is_name(ability.id):
        raise ScenarioError(f"ability id {ability.id!r} may use only letters, digits, '_' and '-'", path=f"{ap}.id")
    if ability.timing not in rules.timings:
        raise ScenarioError(f"{ability.timing.value!r} is not a timing of {rules.name}"
                            f"{suggest(ability.timing.value, [t.value for t in rules.timings])}", path=f"{ap}.timing",
                            expected="one of " + ", ".join(sorted(t.value for t in rules.timings)))
    _check_set_fields(rules, "ability", ability, ap, f"ability {ability.id!r} of card {card_id!r}")
    if ability.when is None and ability.timing not in (Timing.ACTION, Timing.PRIORITY, Timing.CONSTANT,
                                                       Timing.WHEN_REVEALED):
        raise ScenarioError(f"ability {ability.id!r} of card {card_id!r} needs 'when': what it triggers on",
                            path=f"{ap}.when")
    if ability.when is not None:
        _check_set_fields(rules, "trigger", ability.when, f"{ap}.when", f"the trigger of {ability.id!r}")
        if not _happens_in(ability.when.event, rules) and ability.when.event not in _ALWAYS_EVENTS:
            raise ScenarioError(f"{ability.when.event.value!r} never happens in {rules.name}",
                                path=f"{ap}.when.event", expected=_events_of(rules))
        _check_or_events(ability.when, f"{ap}.when", rules)
        for name in ("card", "by"):
            f = getattr(ability.when, name, None)
            if f is not None:
                _check_filter(f, f"{ap}.when.{name}", rules, trigger=True)
    for part in ("condition", "active_if"):
        for k, cond in enumerate(getattr(ability, part)):
            _check_condition(cond, f"{ap}.{part}[{k}]", rules)
    if not ability.effect:
        raise ScenarioError(f"ability {ability.id!r} of card {card_id!r} has no effect", path=f"{ap}.effect")
    for part in ("condition", "active_if"):
        for k, cond in enumerate(getattr(ability, part)):
            if cond.count is not None:
                _check_filter(cond.count, f"{ap}.{part}[{k}].count", rules)
    for k, instr in enumerate(ability.cost):
        if instr.do is Verb.NOT_MODELLED:
            raise ScenarioError(f"a cost of card {card_id!r} cannot be 'not modelled': whether a cost can be paid "
                                "decides whether the ability can be used, so rulekit must be able to pay it",
                                path=f"{ap}.cost[{k}].do", expected="a verb rulekit models, such as kneel or exhaust")
    for part in ("cost", "effect"):
        for k, instr in enumerate(getattr(ability, part)):
            _check_instruction(instr, f"{ap}.{part}[{k}]", rules, card_id)
    for k, zone in enumerate(ability.zones):
        if zone not in rules.zones:
            raise ScenarioError(f"zone {zone!r} does not exist in {rules.name}{suggest(zone, rules.zones)}",
                                path=f"{ap}.zones[{k}]", expected="one of " + ", ".join(rules.zones))
    rules.check_ability(ability, ap, card_id)


#: event kinds the rules themselves create in every ruleset (the initiation of an effect, a save)
_ALWAYS_EVENTS = ()


def _happens_in(kind, rules) -> bool:
    """Whether one of the ruleset's verbs creates events of ``kind`` (Riftbound's "exhaust" makes a
    card kneel, its "ready" makes it stand)."""
    return EVENTS[kind].verb in rules.verbs or any(VERB_EVENT.get(v) is kind for v in rules.verbs)


def _events_of(rules) -> str:
    return "one of " + ", ".join(sorted(k.value for k in EVENTS if _happens_in(k, rules)))


def _check_or_events(when, path: str, rules) -> None:
    """The other events one triggering condition names ("sacrificed or killed"): each happens in
    the ruleset, none twice, and none that another of them already counts as or is counted in
    ("killed or leaves play" is only "leaves play")."""
    seen: list = []
    for k, event in enumerate(when.events):
        at = f"{path}.or_events[{k - 1}]" if k else f"{path}.event"
        if k and not _happens_in(event, rules) and event not in _ALWAYS_EVENTS:
            raise ScenarioError(f"{event.value!r} never happens in {rules.name}", path=at, expected=_events_of(rules))
        for other in seen:
            if event is other or event in kinds_counted(other) or other in kinds_counted(event):
                raise ScenarioError(f"{event.value!r} and {other.value!r} are named twice in one triggering condition: "
                                    "one already counts as the other", path=at,
                                    expected="events none of which counts as another (\"sacrificed or killed\")")
        seen.append(event)


def _check_set_fields(rules, what: str, value, path: str, name: str) -> None:
    """Fields given a non-default value must belong to every ruleset or to this one."""
    allowed = COMMON_FIELDS[what] | getattr(rules, f"{what}_fields")
    for f in dataclasses.fields(value):
        if f.name in allowed or f.name.startswith("_"):
            continue
        default = f.default if f.default is not dataclasses.MISSING else (
            f.default_factory() if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING)
        if getattr(value, f.name) != default:
            raise ScenarioError(f"{f.name!r} of {name} belongs to another ruleset, not {rules.name}",
                                path=f"{path}.{f.name}",
                                expected="fields of " + rules.name + ": " + ", ".join(sorted(allowed)))


def _check_filter(f, path: str, rules, *, top: bool = False, trigger: bool = False) -> None:
    """A filter's zone is one of the ruleset's; ``top`` (among the top N cards of a deck) only where
    ``top`` says it is read: an instruction's filter (what it chooses, takes or affects); a
    trigger's filter reads the one card its condition is about. Then the ruleset's own fields."""
    _check_set_fields(rules, "filter", f, path, "a card filter")
    if f.which is Which.ATTACHED and not rules.attachments:
        raise ScenarioError(f"which 'attached' (the card this card is attached to) is not in {rules.name}: its cards "
                            "are attached to nothing (the nearest: which 'self')", path=f"{path}.which",
                            expected="one of " + ", ".join(w.value for w in Which if w is not Which.ATTACHED))
    for k, alt in enumerate(f.any_of):
        _check_filter(alt, f"{path}.any_of[{k}]", rules, top=top, trigger=trigger)
    rules.check_filter(f, path, instruction=top, trigger=trigger)
    if f.combat is not None:
        if "combat" not in rules.filter_fields:
            raise ScenarioError(f"'combat' of a card filter belongs to another ruleset, not {rules.name}",
                                path=f"{path}.combat", expected="fields of a card filter of " + rules.name)
        roles = rules.combat_roles
        if f.combat not in roles:
            raise ScenarioError(f"{f.combat!r} is not a combat designation{suggest(f.combat, roles)}",
                                path=f"{path}.combat", expected="one of " + ", ".join(roles))
    if f.zone is not None and f.zone not in rules.zones:
        raise ScenarioError(f"zone {f.zone!r} does not exist in {rules.name}{suggest(f.zone, rules.zones)}",
                            path=f"{path}.zone", expected="one of " + ", ".join(rules.zones))
    if f.top is not None and not top:
        raise ScenarioError("'top' is read only in an instruction's filter (the cards it chooses among or affects)",
                            path=f"{path}.top", expected="no 'top' here")
    if f.top is not None and (rules.deck is None or f.zone != rules.deck or f.top < 1):
        raise ScenarioError(f"'top' finds cards among the top N of a deck: it needs zone {rules.deck!r} and a "
                            f"number of 1 or more" if rules.deck else f"{rules.name} has no deck for 'top' to look in",
                            path=f"{path}.top", expected=f"top: 1 or more, with zone: {rules.deck}")


def _check_total(cond, path: str, rules) -> None:
    """A condition's ``total`` sums one of the ruleset's card numbers over the cards it counts."""
    if cond.total is None:
        return
    if cond.total not in rules.card_numbers or cond.count is None:
        raise ScenarioError(f"'total' sums a card number over the cards 'count' finds; {cond.total!r} is not one of "
                            f"{rules.name}'s{suggest(cond.total, rules.card_numbers)}", path=f"{path}.total",
                            expected="one of " + (", ".join(rules.card_numbers) or "(none)") + ", with a count")


def _check_condition(cond, path: str, rules) -> None:
    """A condition's fields belong to every ruleset or to this one (A Game of Thrones' ``challenges``),
    its filter is checked like any other, and its ruleset checks what is its own."""
    _check_set_fields(rules, "condition", cond, path, "a condition")
    if cond.count is not None:
        _check_filter(cond.count, f"{path}.count", rules)
    _check_total(cond, path, rules)
    rules.check_condition(cond, path)


def _check_verb(verb: Verb, path: str, rules) -> None:
    if verb not in rules.verbs:
        raise ScenarioError(f"{verb.value!r} is not a verb of {rules.name}"
                            f"{suggest(verb.value, [v.value for v in rules.verbs])}", path=path,
                            expected="one of " + ", ".join(sorted(v.value for v in rules.verbs)))


def _check_instruction(instr, path: str, rules, card_id: str) -> None:
    _check_verb(instr.do, f"{path}.do", rules)
    _check_set_fields(rules, "instruction", instr, path, f"an instruction of card {card_id!r}")
    _check_not_modelled(instr, path, card_id, rules)
    for k, cond in enumerate(instr.condition):
        _check_condition(cond, f"{path}.condition[{k}]", rules)
    if instr.grant is not None:
        check_ability(instr.grant, f"{path}.grant", rules, card_id)
    if instr.amount < 0 and instr.do not in SIGNED_VERBS:
        raise ScenarioError(f"amount {instr.amount} is negative", path=f"{path}.amount", expected="0 or more")
    if instr.target.picks_cards and instr.do not in QUANTITY_VERBS and instr.amount < 1:
        raise ScenarioError(f"amount {instr.amount} chooses no card: with target {instr.target.value!r} it is how many "
                            f"cards each chooser chooses (\"choose 2 characters\")", path=f"{path}.amount",
                            expected="1 or more")
    _check_one_counter(instr.do, instr.amount, path)
    _check_this_turn(instr.do, instr.this_turn, path)
    if instr.do in RESTRICTION_VERBS:      # what a constant ability forbids: "this card" or every card a filter names
        if instr.target not in (Target.SELF, Target.EACH):
            raise ScenarioError(f"{instr.do.value!r} applies to 'self' or 'each' (with a filter), not "
                                f"{instr.target.value!r}", path=f"{path}.target", expected="'self' or 'each'")
        if instr.target is Target.EACH and instr.filter is None:
            raise ScenarioError("target 'each' needs a filter", path=f"{path}.filter")
        if instr.filter is not None:
            _check_filter(instr.filter, f"{path}.filter", rules)
        return
    if instr.do in RULES_ONLY_VERBS and instr.do not in rules.effect_verbs:
        raise ScenarioError(f"{instr.do.value!r} is done by the rules or the script, not by an ability of {card_id!r}",
                            path=f"{path}.do")
    if instr.do in CONDITION_VERBS or instr.do is Verb.SAVE:
        wanted = Target.THAT_EFFECT if instr.do is Verb.CANCEL else Target.THAT_CARD
        if instr.do is not Verb.REPLACE and instr.target is not wanted:
            raise ScenarioError(f"{instr.do.value!r} acts on the triggering condition: its target must be "
                                f"{wanted.value!r}, not {instr.target.value!r}", path=f"{path}.target")
        if instr.do is Verb.REPLACE:
            if not instr.instead:
                raise ScenarioError("'replace' needs 'instead': what happens in place of the condition",
                                    path=f"{path}.instead")
            for k, inner in enumerate(instr.instead):
                if inner.do is Verb.NOT_MODELLED:
                    raise ScenarioError("what happens 'instead' cannot be 'not modelled': it takes the place of an "
                                        "event, so rulekit must know what happens", path=f"{path}.instead[{k}].do",
                                        expected="a verb rulekit models")
                _check_instruction(inner, f"{path}.instead[{k}]", rules, card_id)
        return
    if instr.do is Verb.DELAY:
        if instr.at is None or not instr.later:
            raise ScenarioError("'delay' needs 'at' (when it resolves) and 'later' (what it does then)",
                                path=f"{path}.{'at' if instr.at is None else 'later'}")
        for k, inner in enumerate(instr.later):
            _check_instruction(inner, f"{path}.later[{k}]", rules, card_id)
        return
    if instr.do is Verb.NOT_MODELLED:
        return
    if instr.instead:
        raise ScenarioError(f"only 'replace' takes 'instead', not {instr.do.value!r}", path=f"{path}.instead")
    if instr.later or instr.at is not None:
        raise ScenarioError(f"only 'delay' takes 'at' and 'later', not {instr.do.value!r}", path=f"{path}.later")
    if instr.target is Target.THAT_EFFECT:
        raise ScenarioError(f"only 'cancel' targets 'that effect', not {instr.do.value!r}", path=f"{path}.target")
    if instr.do in CHANCE_VERBS or instr.target is Target.RANDOM:
        _check_chance(instr, path, rules)
        if instr.do in CHANCE_VERBS:
            return
    subject = EVENTS[VERB_EVENT[instr.do]].subject
    if instr.do in PLAYER_PICKS_CARDS:      # the rules pick the cards for a player (channel: the top of their deck)
        subject = Subject.PLAYER
    if subject is Subject.PLAYER and not instr.target.is_player:
        raise ScenarioError(f"{instr.do.value!r} needs a player target, not {instr.target.value!r}",
                            path=f"{path}.target", expected="'you', 'opponent' or 'that player'")
    if subject is Subject.CARD and instr.target.is_player:
        raise ScenarioError(f"{instr.do.value!r} needs a card target, not {instr.target.value!r}",
                            path=f"{path}.target", expected="'self', 'that card', 'chosen' or 'each'")
    if instr.target in (Target.CHOSEN, Target.EACH, Target.EACH_PLAYER) and instr.filter is None:
        raise ScenarioError(f"target {instr.target.value!r} needs a filter", path=f"{path}.filter")
    if instr.filter is not None:
        _check_filter(instr.filter, f"{path}.filter", rules, top=True)


def _abilities_by(s, card_id: str, index: int) -> list[str]:
    """The abilities ``card_id`` can have when script entry ``index`` runs: printed, given by the
    rules, or granted by an earlier entry."""
    rules = s.rules
    card = next((c for c in rules.setup_cards(s.cards) if c.id == card_id), None)
    having = [a.id for a in card.abilities] if card is not None else []
    having += [e.grant.id for e in s.script[:index] if e.grant is not None and card_id in e.cards]
    return having


def _check_entry(entry, path: str, s) -> None:
    rules = s.rules
    _check_verb(entry.do, f"{path}.do", rules)
    if entry.do is Verb.NOT_MODELLED:
        raise ScenarioError("'not modelled' cannot be a step of the script: it names an effect of an ability, and "
                            "a script entry is something that happens", path=f"{path}.do",
                            expected="something that happens, such as kill, kneel, draw or move")
    if entry.do in (Verb.ADD, Verb.PAY):
        raise ScenarioError(f"{entry.do.value!r} cannot be a step of the script: it is an ability's instruction, "
                            "with the resource it adds or pays; a player's pool at the start is the top-level 'pools'",
                            path=f"{path}.do", expected="something that happens, such as kill, kneel, draw or move")
    if entry.do in CHANCE_VERBS:
        raise ScenarioError(f"{entry.do.value!r} cannot be a step of the script: its outcome is answered by chance "
                            f"as an ability's effect resolves (rule rulekit.chance)", path=f"{path}.do",
                            expected="something that happens, such as kill, kneel, draw or move")
    _check_set_fields(rules, "entry", entry, path, f"the script entry {entry.do.value!r}")
    places = rules.place_names(s.cards)
    if entry.to is not None and entry.to not in places and entry.do is not Verb.MOVE_POWER:   # move power: a card
        raise ScenarioError(f"{entry.to!r} is not a place cards can go to in {rules.name}{suggest(entry.to, places)}",
                            path=f"{path}.to", expected="one of " + ", ".join(places))
    if entry.grant is not None:
        check_ability(entry.grant, f"{path}.grant", rules, ", ".join(entry.cards) or "the script")
    if entry.do is Verb.TAKE_CONTROL and entry.player not in s.players:
        raise ScenarioError(f"the player who takes control, {entry.player!r}, is not a player"
                            f"{suggest(entry.player, s.players)}", path=f"{path}.player",
                            expected="one of " + ", ".join(s.players))
    if entry.do is Verb.REMOVE_ABILITY:
        index = int(path.rpartition("[")[2].rstrip("]"))
        for card_id in entry.cards:
            having = _abilities_by(s, card_id, index)
            if entry.ability not in having:
                raise ScenarioError(f"card {card_id!r} has no ability {entry.ability!r} to remove"
                                    f"{suggest(entry.ability or '', having)}", path=f"{path}.ability",
                                    expected="one of " + (", ".join(having) or "(it has none)"))
    card_ids = [c.id for c in s.cards]
    for k, cid in enumerate(entry.cards):
        if cid not in card_ids:
            raise ScenarioError(f"no card has id {cid!r}{suggest(cid, card_ids)}", path=f"{path}.cards[{k}]")
    if entry.do not in VERB_EVENT:          # a ruleset's own step of the game: its ruleset checks it
        rules.check_entry(entry, path, s)
        return
    subject = EVENTS[VERB_EVENT[entry.do]].subject
    if entry.do in PLAYER_PICKS_CARDS:     # the rules pick the cards for a player (channel: the top of their deck)
        subject = Subject.PLAYER
    if subject is Subject.CARD:
        if not entry.cards:
            raise ScenarioError(f"{entry.do.value!r} needs the cards it happens to", path=f"{path}.cards")
        for k, cid in enumerate(entry.cards):
            if cid not in card_ids:
                raise ScenarioError(f"no card has id {cid!r}{suggest(cid, card_ids)}", path=f"{path}.cards[{k}]")
        if len(set(entry.cards)) != len(entry.cards):
            raise ScenarioError("a card is listed twice", path=f"{path}.cards")
    elif subject is Subject.PLAYER:
        if entry.player not in s.players:
            raise ScenarioError(f"player {entry.player!r} is not a player{suggest(entry.player, s.players)}",
                                path=f"{path}.player", expected="one of " + ", ".join(s.players))
    elif not entry.phase:
        raise ScenarioError(f"{entry.do.value!r} needs a phase", path=f"{path}.phase")
    _check_one_counter(entry.do, entry.amount, path)
    _check_this_turn(entry.do, entry.this_turn, path)
    if entry.amount < 0 and entry.do not in SIGNED_VERBS:
        raise ScenarioError(f"amount {entry.amount} is negative", path=f"{path}.amount", expected="0 or more")
    if entry.id is not None and not ids.is_name(entry.id):
        raise ScenarioError(f"occurrence id {entry.id!r} may use only letters, digits, '_' and '-'", path=f"{path}.id")
    rules.check_entry(entry, path, s)


# -- rulings ------------------------------------------------------------------------------------------
