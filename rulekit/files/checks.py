"""The validated document checked as a whole, before a scenario is built from it: what each verb
needs, counts that must be positive, zones that exist, known amounts, what a script may do."""
from __future__ import annotations

from rulekit.core.errors import ScenarioError, shown
from rulekit.core.events import EVENTS, Subject, Verb
from rulekit.core.scenario import suggest
from rulekit.files import instruction_fields
from rulekit.files.locate import _at

#: Verbs that act on an ability's triggering condition (or are the rules' own), so a script
#: entry cannot do them, and why.
#: The rule a field refused where it would mean nothing applies; its id is written into the refusal.
FIELDS_RULE = "rulekit.fields"

NOT_IN_A_SCRIPT = {
    Verb.CANCEL: "it cancels the effect an ability responds to",
    Verb.REPLACE: "it replaces the triggering condition an ability responds to",
    Verb.DELAY: "it sets up a delayed effect of an ability",
    Verb.SAVE: "it saves a card from the triggering condition an ability responds to",
    Verb.INITIATE: "the rules initiate an ability's effect",
    Verb.NOT_MODELLED: "it names an effect of an ability that rulekit does not simulate",
    Verb.HOLD: "the turn player holds the battlefields they control in the Scoring Step of their Beginning Phase "
               "(script: begin phase, phase: beginning)",
    Verb.DEFEND: "units defend when a combat begins (script: combat)",
}
#: The values ``amount_of`` can name.
AMOUNT_OF = ("that card's might", "this card's might")


def _zones(ruleset: str):
    """The zones of a ruleset, or ``None`` for a ruleset rulekit does not know (``check``
    reports that)."""
    from rulekit.rulesets import get
    try:
        return tuple(get(ruleset).zones)
    except KeyError:
        return None


def _places(ruleset: str, cards):
    """What a ``to`` may name on this board (the zones; Riftbound: each battlefield once they are
    named), or ``None`` for a ruleset rulekit does not know."""
    from rulekit.rulesets import get
    try:
        return tuple(get(ruleset).place_names(tuple(cards)))
    except (KeyError, AttributeError, TypeError):
        return None


def _effect_places(ruleset: str):
    """What else a ``to`` may name in an ability's effect, by verb (Riftbound: "here"), or nothing
    for a ruleset rulekit does not know."""
    from rulekit.rulesets import get
    try:
        return get(ruleset).effect_place_names
    except (KeyError, AttributeError):
        return lambda verb: ()


def _check_document(doc, marks: dict, file) -> None:
    """File-level checks of the validated document, before a :class:`Scenario` is built: what
    each verb needs, counts that must be positive, zones that must exist, known formulas."""
    checker = _Checker(_zones(doc.ruleset), marks, file, _places(doc.ruleset, doc.cards), _effect_places(doc.ruleset))
    for i, card in enumerate(doc.cards):
        for j, ability in enumerate(card.abilities):
            checker.ability(ability, ("cards", i, "abilities", j))
    for i, entry in enumerate(doc.script):
        checker.entry(entry, ("script", i))
    expect = getattr(doc, "expect", None)
    if expect is not None:
        for card_id, wanted in expect.cards.items():
            if wanted.incarnation is not None and wanted.incarnation < 0:
                raise _at(("expect", "cards", card_id, "incarnation"), marks, file,
                          f"incarnation {wanted.incarnation} is negative", "0 or more")


class _Checker:
    def __init__(self, zones, marks: dict, file, places=None, effect_places=lambda verb: ()):
        self.zones, self.marks, self.file = zones, marks, file
        self.places = places if places is not None else zones
        self.effect_places = effect_places     # what else an ability's effect may name, by verb ("here")

    def fail(self, path: tuple, problem: str, expected: str | None = None) -> ScenarioError:
        return _at(path, self.marks, self.file, problem, expected)

    def zone(self, zone, path: tuple) -> None:
        if zone is not None and self.zones is not None and zone not in self.zones:
            raise self.fail(path, f"zone {shown(zone)} does not exist{suggest(zone, self.zones)}",
                            "one of " + ", ".join(self.zones))

    def filter(self, f, path: tuple) -> None:
        if f is not None:
            self.zone(f.zone, path + ("zone",))

    def trigger(self, t, path: tuple) -> None:
        if t is None:
            return
        if t.nth is not None and t.nth < 1:
            raise self.fail(path + ("nth",), f"nth {t.nth} is not a count: the first time is 1", "1 or more")
        if t.card is not None and all(EVENTS[kind].subject is not Subject.CARD for kind in t.events):
            raise self.fail(path + ("card",), f"{t.event.value!r} is about a player or a phase, not a card: a 'card' "
                            f"filter would have no card to read (rule {FIELDS_RULE})",
                            "'player' for who it is about, or an event about a card")
        self.filter(t.card, path + ("card",))
        self.filter(t.by, path + ("by",))

    def condition(self, c, path: tuple) -> None:
        bounded = c.at_least is not None or c.at_most is not None
        counts = c.count is not None or c.challenges is not None    # cards, or (A Game of Thrones) challenges
        if not counts and bounded:
            raise self.fail(path + ("at_least" if c.at_least is not None else "at_most",),
                            "'at_least' and 'at_most' bound a 'count' of cards, but there is no 'count'",
                            "a 'count' filter")
        if not counts and c.phase is None:
            raise self.fail(path, "the condition tests nothing", "'count' with 'at_least' or 'at_most', or 'phase'")
        if c.count is not None and not bounded:
            raise self.fail(path + ("count",), "'count' needs 'at_least' or 'at_most'", "a bound on the count")
        for key in ("at_least", "at_most"):
            bound = getattr(c, key)
            if bound is not None and bound < 0:
                raise self.fail(path + (key,), f"{key} {bound} is negative", "0 or more")
        if c.at_least is not None and c.at_most is not None and c.at_least > c.at_most:
            raise self.fail(path + ("at_least",), f"at_least {c.at_least} is more than at_most {c.at_most}: "
                            "no count lies between them", "at_least <= at_most")
        self.filter(c.count, path + ("count",))

    def ability(self, a, path: tuple) -> None:
        self.trigger(a.when, path + ("when",))
        for part in ("condition", "active_if"):
            for k, c in enumerate(getattr(a, part)):
                self.condition(c, path + (part, k))
        for part in ("cost", "effect"):
            for k, instr in enumerate(getattr(a, part)):
                self.instruction(instr, path + (part, k))
        for part in ("limit", "max"):
            bound = getattr(a, part)
            if bound is not None and bound.times < 1:
                raise self.fail(path + (part, "times"), f"{part} of {bound.times} times allows no use at all",
                                "1 or more")

    def _what_verbs_need(self, do, item, path: tuple, effect: bool = False) -> None:
        if do in (Verb.MOVE, Verb.PLACE) and item.to is None:
            raise self.fail(path + ("to",), f"{do.value!r} needs 'to': the zone the cards go to", "a zone")
        if item.to is not None and do is not Verb.MOVE_POWER:    # move power: the card it goes to (its ruleset checks it)
            if do not in (Verb.MOVE, Verb.PUT_INTO_PLAY, Verb.CREATE, Verb.PLAY, Verb.PLACE):
                raise self.fail(path + ("to",), f"only 'move', 'place', 'play', 'put into play' and 'move power' take "
                                f"'to', not {do.value!r}")
            places = None if self.places is None else tuple(self.places) + (self.effect_places(do) if effect else ())
            if places is not None and item.to not in places:
                raise self.fail(path + ("to",), f"{shown(item.to)} is not a place cards can go to here"
                                f"{suggest(item.to, places)}", "one of " + ", ".join(places))
        if do is Verb.GRANT and item.grant is None:
            raise self.fail(path + ("grant",), "'grant' needs 'grant': the ability it gives", "an ability")
        if item.grant is not None:
            if do is not Verb.GRANT:
                raise self.fail(path + ("grant",), f"only 'grant' takes 'grant', not {do.value!r}")
            self.ability(item.grant, path + ("grant",))
        if do is Verb.REMOVE_ABILITY and not item.ability:
            raise self.fail(path + ("ability",), "'remove ability' needs 'ability': the id of the ability it removes",
                            "an ability id")

    def instruction(self, instr, path: tuple) -> None:
        self._what_verbs_need(instr.do, instr, path, effect=True)
        self._what_fields_need(instr, path)
        if instr.amount_of is not None and instr.amount_of not in AMOUNT_OF:
            raise self.fail(path + ("amount_of",), f"{shown(instr.amount_of)} is not a known amount"
                            f"{suggest(instr.amount_of, AMOUNT_OF)}", " or ".join(repr(a) for a in AMOUNT_OF))
        self.filter(instr.filter, path + ("filter",))
        for k, c in enumerate(instr.condition):
            self.condition(c, path + ("condition", k))
        self.trigger(instr.at, path + ("at",))
        for part in ("instead", "later"):
            for k, inner in enumerate(getattr(instr, part)):
                self.instruction(inner, path + (part, k))

    def _what_fields_need(self, instr, path: tuple) -> None:
        """A field means something with its verb, target and place (a cost or an effect), or the
        file is refused (rule rulekit.fields: :mod:`rulekit.files.instruction_fields`)."""
        part = "cost" if path[-2] == "cost" else "effect"
        found = instruction_fields.problems(instr, part, first=path[-1] == 0)
        if found is not None:
            name, why, expected = found
            raise self.fail(path + (name,), f"{why} (rule {FIELDS_RULE})", expected)

    def entry(self, entry, path: tuple) -> None:
        if entry.do in NOT_IN_A_SCRIPT:
            raise self.fail(path + ("do",), f"{entry.do.value!r} cannot be a step of the script: "
                            f"{NOT_IN_A_SCRIPT[entry.do]}",
                            "something that happens on its own, such as kill, kneel, draw or move")
        self._what_verbs_need(entry.do, entry, path)
        if entry.do is Verb.TAKE_CONTROL and entry.player is None:
            raise self.fail(path + ("player",), "'take control' needs 'player': who takes control", "a player")
