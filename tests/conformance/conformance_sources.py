"""Where the conformance suite's boards come from, per ruleset.

Every ruleset has two sources:

- **fixed** boards: the scenario files it ships (``scenarios/<ruleset>/*.yaml``, read with
  :func:`rulekit.files.load_scenario`, each with the answers the file records), plus the boards
  the other tests build by hand for it (``tests/support/boards.py`` for A Game of Thrones,
  ``tests/support/plain_files.py``'s ``STACK`` for the stack ruleset);
- **generated** boards: a hypothesis strategy of valid scenarios (``tests/support/strategies.py`` for
  A Game of Thrones and Riftbound; :func:`stack_boards` here for the stack ruleset).

A ruleset registered without an entry in :data:`GENERATORS` makes :func:`generated` raise, so the
suite's first test fails naming it: a new ruleset cannot join the registry without joining the
suite.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml
from hypothesis import strategies as st

from rulekit import Line, Scenario, rulesets
from rulekit.files import load_scenario, loads_scenario

import stack_ruleset  # noqa: F401  (registers the third ruleset, "stack")
import strategies

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"


@dataclass(frozen=True)
class Board:
    """A board to play: where it came from (for messages), the scenario, and the answers its
    file records (an empty line for a built or generated board)."""

    name: str
    scenario: Scenario
    answers: Line = Line()
    generated: bool = False
    text: str = ""          # the file a generated stack board was read from (shown when a test fails)

    def __repr__(self) -> str:    # a failing example shows the whole generated board
        if self.text:
            return f"<Board {self.name}:\n{self.text}>"
        return f"<Board {self.name}: {self.scenario!r}>" if self.generated else f"<Board {self.name}>"


def ruleset_names() -> tuple[str, ...]:
    """Every registered ruleset: the built-in ones (``rulekit.rulesets.names()``) and the stack
    ruleset this module registers by importing it."""
    names = rulesets.names()
    assert "stack" in names, "importing stack_ruleset registers the stack ruleset"
    return names


# -- fixed boards -------------------------------------------------------------------------------------
def _shipped(ruleset: str) -> list[Board]:
    out = []
    for path in sorted((SCENARIOS / ruleset).glob("*.yaml")):
        loaded = load_scenario(path)
        out.append(Board(f"{ruleset}/{path.stem}", loaded.scenario, loaded.answers))
    return out


def _agot_built() -> list[Board]:
    from boards import claim2
    return [Board(f"tests/support/boards.py claim2({flags})", claim2(**kwargs).build())
            for flags, kwargs in (("", {}), ("extra_card", {"extra_card": True}),
                                  ("extra_card, earlier_occurrence", {"extra_card": True, "earlier_occurrence": True}))]


def _stack_built() -> list[Board]:
    from plain_files import STACK
    loaded = loads_scenario(STACK, "plain_files.STACK")
    return [Board("tests/support/plain_files.py STACK", loaded.scenario, loaded.answers)]


BUILT = {"agot": _agot_built, "stack": _stack_built}


@lru_cache(maxsize=None)
def fixed(ruleset: str) -> tuple[Board, ...]:
    """The ruleset's shipped scenarios and hand-built boards (read once per session)."""
    boards = tuple(_shipped(ruleset) + BUILT.get(ruleset, list)())
    assert boards, f"ruleset {ruleset!r} has no fixed boards"
    assert all(b.scenario.ruleset == ruleset for b in boards)
    return boards


# -- generated boards ---------------------------------------------------------------------------------
STACK_CARD_EVENTS = ("killed", "discarded")   # (the stack ruleset refuses a trigger on what never happens in it)


def _stack_filter():
    return st.fixed_dictionaries({}, optional={
        "which": st.sampled_from(["any", "other", "self"]),
        "type": st.sampled_from(["creature", "spell"]),
        "controller": st.sampled_from(["you", "opponent", "any"]),
    })


def _stack_trigger():
    card_event = st.fixed_dictionaries({"event": st.sampled_from(STACK_CARD_EVENTS)},
                                       optional={"card": _stack_filter()})
    player_event = st.fixed_dictionaries({"event": st.just("draws")},
                                         optional={"player": st.sampled_from(["you", "opponent", "any"])})
    return st.one_of(card_event, card_event, player_event)


def _stack_effect(card_event: bool):
    draw = st.fixed_dictionaries({"do": st.just("draw"), "target": st.sampled_from(["you", "opponent"])},
                                 optional={"amount": st.integers(1, 2)})
    kill_each = st.fixed_dictionaries({"do": st.just("kill"), "target": st.just("each"),
                                       "filter": st.fixed_dictionaries({
                                           "which": st.just("other"), "type": st.just("creature"),
                                           "controller": st.sampled_from(["you", "opponent", "any"])})})
    kill_self = st.just({"do": "kill", "target": "self"})
    on_that_card = st.fixed_dictionaries({"do": st.sampled_from(["kill", "discard"]), "target": st.just("that card")})
    return st.one_of(draw, draw, kill_each, kill_self, *((on_that_card,) if card_event else ()))


@st.composite
def _stack_ability(draw, ability_id: str):
    when = draw(_stack_trigger())
    effect = draw(st.lists(_stack_effect(when["event"] != "draws"), min_size=1, max_size=2))
    return {"id": ability_id, "timing": "reaction", "when": when, "effect": effect}


@st.composite
def stack_texts(draw, max_creatures: int = 5) -> str:
    """A stack-ruleset scenario file in the style of ``tests/support/plain_files.py``'s ``STACK``: creatures
    on the board with reactions (to kills, discards and draws, whose effects draw, kill and
    discard), spells in hand, libraries, and a short script of kills, draws and discards."""
    players = [f"P{i + 1}" for i in range(draw(st.integers(2, 3)))]
    cards = []
    for i in range(draw(st.integers(1, max_creatures))):
        card = {"id": f"c{i}", "title": f"Creature {i}", "owner": draw(st.sampled_from(players)),
                "zone": "board", "type": "creature"}
        abilities = [draw(_stack_ability(f"r{j}")) for j in range(draw(st.integers(0, 2)))]
        if abilities:
            card["abilities"] = abilities
        cards.append(card)
    for p in players:
        for k in range(draw(st.integers(0, 1))):
            cards.append({"id": f"{p.lower()}h{k}", "title": f"{p} spell {k}", "owner": p, "zone": "hand",
                          "type": "spell"})
        for k in range(draw(st.integers(0, 3))):
            cards.append({"id": f"{p.lower()}l{k}", "title": f"{p} library {k}", "owner": p, "zone": "library",
                          "type": "spell"})
    creatures = [c["id"] for c in cards if c["zone"] == "board"]
    discardable = creatures + [c["id"] for c in cards if c["zone"] == "hand"]
    entry = st.one_of(
        st.fixed_dictionaries({"do": st.just("kill"),
                               "cards": st.lists(st.sampled_from(creatures), min_size=1, max_size=2, unique=True)}),
        st.fixed_dictionaries({"do": st.just("draw"), "player": st.sampled_from(players)},
                              optional={"amount": st.integers(1, 2)}),
        st.fixed_dictionaries({"do": st.just("discard"),
                               "cards": st.lists(st.sampled_from(discardable), min_size=1, max_size=2, unique=True)}),
    )
    board = {"ruleset": "stack", "title": "generated stack board", "players": players,
             "first_player": draw(st.sampled_from(players)), "cards": cards,
             "script": draw(st.lists(entry, min_size=1, max_size=3))}
    return yaml.dump(board, Dumper=_Dumper, sort_keys=False)


class _Dumper(yaml.SafeDumper):
    """Writes every value out where it is used: scenario files refuse YAML aliases."""

    def ignore_aliases(self, data) -> bool:
        return True


def stack_boards():
    return stack_texts().map(lambda text: Board("generated stack board", loads_scenario(text, "generated.yaml").scenario,
                                                generated=True, text=text))


def _boards(scenarios, ruleset: str):
    return lambda: scenarios().map(lambda scenario: Board(f"generated {ruleset} board", scenario, generated=True))


#: each ruleset's strategy of generated boards
GENERATORS = {
    "agot": _boards(strategies.scenarios, "agot"),
    "riftbound": _boards(lambda: st.one_of(strategies.riftbound_scenarios(), strategies.battlefield_scenarios()),
                         "riftbound"),
    "stack": stack_boards,
}


def generated(ruleset: str):
    """The ruleset's strategy of generated boards (:class:`Board`)."""
    if ruleset not in GENERATORS:
        raise KeyError(f"ruleset {ruleset!r} is registered but has no generator of boards in "
                       f"tests/conformance/conformance_sources.py (GENERATORS)")
    return GENERATORS[ruleset]()
