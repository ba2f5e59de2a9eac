"""A scenario: players, cards with their abilities, and a script of occurrences.

A scenario is plain frozen data. :meth:`Scenario.to_data` gives JSON-ready dicts and lists,
and :meth:`Scenario.from_data` rebuilds an equal scenario, so a game can always be written
down as its scenario and its answers. :func:`check` verifies the cross-references (owners are
players, ids are unique, zones exist, the script names real cards) and raises
:class:`~rulekit.errors.ScenarioError` naming the field.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from rulekit.core.frozen import immutable
from functools import cached_property

from rulekit.core import ids
from rulekit.core.abilities import Ability
from rulekit.core.errors import ScenarioError
from rulekit.core.events import Verb
from rulekit.core.checking import check, check_ability, check_rulings, suggest  # noqa: F401 (their home was here)
from rulekit.core.model import Card, typed_cards
from rulekit.core.ruleset import Ruleset, default_ruleset_name, ruleset_named


@immutable
class ScriptEntry:
    """One occurrence of the script: ``do`` with its subjects (``cards``, or ``player``, or
    ``phase``). ``id`` names the occurrence (stable ids derive from it); ``label`` is for
    people ("claim 2 military")."""

    __pydantic_config__ = {"extra": "forbid"}   # file keys are checked: no unknown keys

    do: Verb
    cards: tuple[str, ...] = ()
    player: str | None = None
    amount: int = 1
    challenge: str | None = None
    phase: str | None = None
    id: str | None = None
    label: str = ""
    cannot_be_saved: bool = False
    to: str | None = None              # where ``move`` puts the cards
    grant: Ability | None = None       # what ``grant`` gives them
    ability: str | None = None         # which ability ``remove ability`` takes away
    this_turn: bool = False            # ``give might``: the change expires at the end of the turn
    defenders: tuple[str, ...] = ()    # ``challenge``: the characters the defending player declares
    against: str | None = None         # ``challenge``: the defending player (the only opponent by default)
    how: str | None = None             # ``put into play``: by what means (A Game of Thrones: marshal, ambush)

    def slug(self) -> str:
        if self.id:
            return self.id
        subjects = self.cards or ((self.player,) if self.player else ((self.phase,) if self.phase else ()))
        return "-".join((self.do.value.replace(" ", "-"),) + tuple(subjects))


@immutable
class CorpusEntry:
    """What makes a scenario a corpus card (``tests/cards/``): the card it is about (the id of a
    card in ``cards``), that card's printed text in its game's template, and the ruleset's
    vocabulary items it exercises (names its ruleset lists: :attr:`Ruleset.vocabulary
    <rulekit.core.ruleset.Ruleset.vocabulary>`). ``rulekit trace`` shows the text in its header."""

    __pydantic_config__ = {"extra": "forbid"}

    card: str
    text: str
    covers: tuple[str, ...] = ()


@dataclass(frozen=True)
class Scenario:
    __pydantic_config__ = {"extra": "forbid"}   # file keys are checked: no unknown keys

    title: str
    players: tuple[str, ...]
    first_player: str
    cards: tuple[Card, ...] = ()
    script: tuple[ScriptEntry, ...] = ()
    ruleset: str | None = None     # None: the registry's default (files written before a second game)
    phase: str = ""
    rulings: dict[str, str] = field(default_factory=dict, hash=False)   # ruling name -> option (non-defaults)
    corpus: CorpusEntry | None = None   # a corpus card: the card it is about, its printed text, what it covers
    pools: dict[str, dict[str, int]] = field(default_factory=dict, hash=False)   # player -> resource -> amount held

    def __post_init__(self):
        if self.ruleset is None and default_ruleset_name() is not None:
            object.__setattr__(self, "ruleset", default_ruleset_name())

    @cached_property
    def occurrence_ids(self) -> tuple[str, ...]:
        """The stable id of each script entry: its slug, with ``#n`` for the n-th repeat."""
        seen: dict[str, int] = {}
        out = []
        for entry in self.script:
            slug = entry.slug()
            seen[slug] = seen.get(slug, 0) + 1
            out.append(ids.script_occurrence(slug if seen[slug] == 1 else f"{slug}#{seen[slug]}"))
        return tuple(out)

    @property
    def rules(self) -> Ruleset:
        """The :class:`~rulekit.core.ruleset.Ruleset` object this scenario is played under: the
        one its :attr:`ruleset` names, looked up once through the registry (which installs its
        lookup in the core: :func:`~rulekit.core.ruleset.ruleset_named`) and kept. An unknown
        name is a :class:`~rulekit.core.errors.ScenarioError` at ``ruleset``."""
        found = self.__dict__.get("_rules")
        if found is None:
            found = self.__dict__["_rules"] = ruleset_named(self.ruleset)
        return found

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    # -- data ------------------------------------------------------------------------------
    def to_data(self) -> dict:
        """JSON-ready data (only fields that differ from their defaults, a card's own game's
        fields as its own keys; a card's type and zone are left out where they are the ones its
        ruleset gives a card that says none)."""
        data = _adapter().dump_python(self, mode="json", exclude_defaults=True)
        try:
            rules = self.rules
        except ScenarioError:        # a ruleset rulekit does not know: check() says so
            rules = None
        for card, as_data in zip(self.cards, data.get("cards", ())):
            as_data.pop("extension", None)
            if card.extension is not None:
                extension = _extension_adapter(type(card.extension)).dump_python(
                    card.extension, mode="json", exclude_defaults=True)
                as_data.update(extension)
            if rules is not None:
                for name, default in (("type", rules.default_card_type), ("zone", rules.default_zone)):
                    if default is not None and as_data.get(name) == default:
                        del as_data[name]
        return data

    @classmethod
    def from_data(cls, data: dict) -> "Scenario":
        """Rebuild a scenario from :meth:`to_data` output (no cross-reference check; cards that
        say no type or zone get their ruleset's default, as :func:`with_card_types` gives them)."""
        data = dict(data)
        rules = ruleset_named(data.get("ruleset") or default_ruleset_name())
        data["cards"] = [card_data(rules, c) if isinstance(c, dict) else c for c in data.get("cards", ())]
        return with_card_types(_adapter().validate_python(data))


def card_data(rules, keys: dict) -> dict:
    """A card's keys as a file writes them, with its game's own fields (``strength: 3``) gathered
    into its ``extension`` (keys its game does not have are left for validation to refuse)."""
    names = rules.card_fields
    if not names & keys.keys():
        return keys
    own = {k: v for k, v in keys.items() if k not in names}
    own["extension"] = _extension_adapter(rules.card_extension).validate_python(
        {k: v for k, v in keys.items() if k in names})
    return own


_EXTENSION_ADAPTERS: dict = {}


def _extension_adapter(cls):
    found = _EXTENSION_ADAPTERS.get(cls)
    if found is None:
        from pydantic import TypeAdapter  # imported on first use: keeps ``import rulekit`` light
        found = _EXTENSION_ADAPTERS[cls] = TypeAdapter(cls)
    return found


def with_card_types(s: Scenario) -> Scenario:
    """``s`` with every card that says no type given its ruleset's default type (``s`` itself
    when there is nothing to give). A card of a ruleset without a default type keeps none:
    :func:`check` refuses it."""
    try:
        rules = s.rules
    except ScenarioError:        # a ruleset rulekit does not know: check() says so
        return s
    cards = typed_cards(rules, s.cards)
    if cards is s.cards:
        return s
    typed = dataclasses.replace(s, cards=cards)
    typed.__dict__["_rules"] = rules
    return typed


_ADAPTER = None


def _adapter():
    global _ADAPTER
    if _ADAPTER is None:
        from pydantic import TypeAdapter  # imported on first use: keeps ``import rulekit`` light
        _ADAPTER = TypeAdapter(Scenario)
    return _ADAPTER


def with_rulings(scenario: Scenario, rulings: dict[str, str]) -> Scenario:
    """``scenario`` with these rulings in force (on top of its own); an unknown ruling or option
    raises :class:`~rulekit.core.errors.ScenarioError` listing the ruleset's rulings and options.
    Only what differs from the ruleset's defaults is kept, so equal readings give equal scenarios."""
    rules = scenario.rules
    check_rulings(rules, dict(rulings))
    merged = {**scenario.rulings, **rulings}
    merged = {k: v for k, v in sorted(merged.items()) if rules.ruling(k).default != v}
    result = dataclasses.replace(scenario, rulings=merged)
    result.__dict__["_rules"] = rules
    if scenario.__dict__.get("_rulekit_valid"):
        result.__dict__["_rulekit_valid"] = True      # only valid rulings were added to a valid scenario
    return result


def parse_ruling(text: str) -> tuple[str, str]:
    """``"rb.optional=at-resolution"`` → ``("rb.optional", "at-resolution")``."""
    name, sep, option = text.partition("=")
    if not sep or not name.strip() or not option.strip():
        raise ScenarioError(f"cannot read the ruling {text!r}", expected="NAME=OPTION, e.g. rb.optional=at-resolution")
    return name.strip(), option.strip()
