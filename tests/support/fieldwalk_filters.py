"""The field walk's card filters (and their bounds): every place a filter stands — an instruction's
``filter`` (what an effect takes), a trigger's ``card`` (what the triggering condition is about) and
``by`` (the card whose effect made it happen), a condition's ``count`` — with, for each field, the
values that must change the run there.

Where the filter starts from: an effect that kneels (exhausts) each card it finds, a trigger on the
board's script entry (the opponent's card ``that`` gains power, gets Might), a condition that holds
only while the filter finds every card in play. So a value that leaves out any card changes what
kneels, or whether the ability triggers, or whether its condition holds.
"""
from __future__ import annotations

import copy

from fieldwalk import Context, Probe
from fieldwalk_boards import DRAW, GO, ability, board, card

_TURN = {"agot": "kneel", "riftbound": "exhaust"}
_IN_PLAY = {"agot": ("play area",), "riftbound": ("base", "battlefield", "legend zone")}
#: the default zone of a card a file lists without one
_DEFAULT_ZONE = {"agot": "play area", "riftbound": None}


def _in_play(data: dict, ruleset: str) -> int:
    return sum(1 for c in data["cards"] if c.get("zone", _DEFAULT_ZONE[ruleset]) in _IN_PLAY[ruleset])


def _instruction(ruleset):
    def build(f, probe):
        instr = copy.deepcopy(probe.setting.get("instr")) if probe and probe.setting.get("instr") else \
            {"do": _TURN[ruleset], "target": "each"}
        instr["filter"] = f
        return board(ruleset, [ability(ruleset, effect=[instr])], tweak=probe.tweak if probe else None)

    def without(probe):
        return board(ruleset, [ability(ruleset, effect=[{"do": "not modelled", "text": "nothing",
                                                            **({"changes_state": True} if ruleset == "agot" else {})}])],
                     tweak=probe.tweak if probe else None)
    return Context("CardFilter", ruleset, f"{ruleset} an instruction's filter ({_TURN[ruleset]} each card it finds)",
                   {}, build, without, family=f"{ruleset}|instruction", part="instruction")


def _trigger_card(ruleset):
    def build(f, probe):
        a = ability(ruleset)
        a["when"] = dict(GO[ruleset], card=f)
        return board(ruleset, [a], tweak=probe.tweak if probe else None)
    return Context("CardFilter", ruleset, f"{ruleset} a trigger's card ({GO[ruleset]['event']})", {}, build,
                   family=f"{ruleset}|trigger card", part="trigger card")


def _trigger_by():
    """Riftbound's "with a spell you control": the card whose effect dealt the damage (u1's ability,
    which answers the script's entry)."""
    def build(f, probe):
        a = ability("riftbound")
        a["when"] = {"event": "is dealt damage", "by": f}

        def hitter(data):
            card(data, "u1")["abilities"] = [{"id": "hit", "timing": "triggered", "when": copy.deepcopy(GO["riftbound"]),
                                              "effect": [{"do": "deal damage", "target": "that card", "amount": 1}]}]
            if probe and probe.tweak:
                probe.tweak(data)
        return board("riftbound", [a], tweak=hitter)
    return Context("CardFilter", "riftbound", "riftbound a trigger's by (is dealt damage by u1's ability)", {}, build,
                   family="riftbound|trigger by", part="trigger by")


_COUNTED: dict = {}


def counted(ruleset: str, f: dict, tweak=None) -> int | None:
    """How many cards ``f`` counts on the board as it starts (``None``: the filter is refused)."""
    key = (ruleset, repr(sorted(f.items())), tweak)
    if key not in _COUNTED:
        _COUNTED[key] = _count(ruleset, f, tweak)
    return _COUNTED[key]


def _count(ruleset: str, f: dict, tweak=None) -> int | None:
    from rulekit.core.game import Game
    from rulekit.core.matching import counted as engine_counted
    from fieldwalk_runs import Refused, load
    data = board(ruleset, [ability(ruleset, condition=[{"count": f, "at_least": 0}])], tweak=tweak)
    try:
        scenario = load(data)
    except Refused:
        return None
    state = Game.start(scenario).timeline[0].state
    src = state.cards["src"]
    return len(engine_counted(src.abilities[0].condition[0].count, state, "P1", src))


def _condition_count(ruleset, base=None):
    """A condition that holds while the count is exactly what the filter at its defaults counts."""
    def build(f, probe, _base=base or {}):
        tweak = probe.tweak if probe else None
        k = counted(ruleset, copy.deepcopy(dict(_base, **(probe.with_ if probe else {}))), tweak)
        cond = {"count": f, "at_least": k or 0, "at_most": k or 0}
        return board(ruleset, [ability(ruleset, condition=[cond])], tweak=tweak)
    return Context("CardFilter", ruleset, f"{ruleset} a condition's count (it holds while it counts what the "
                   "filter at its defaults counts)", {}, build, family=f"{ruleset}|condition count",
                   part="condition count")


def filter_contexts(rulesets=("agot", "riftbound")):
    for r in rulesets:
        yield _instruction(r)
        yield _trigger_card(r)
        if r == "riftbound":
            yield _trigger_by()
        yield _condition_count(r)


# -- the values --------------------------------------------------------------------------------
def _at(card_id: str, **values):
    def tweak(data):
        card(data, card_id).update(values)
    return tweak


_SEARCH = {"agot": {"do": "move", "to": "hand", "target": "chosen"},
           "riftbound": {"do": "move", "to": "hand", "target": "chosen"}}
_DECK = {"agot": "draw deck", "riftbound": "main deck"}
#: for each field, values of which one at least leaves out the card ``that`` and some card in play
_VALUES = {
    "which": lambda r: ["other", "self", "attached"],
    "type": lambda r: ["location" if r == "agot" else "gear"],
    "title": lambda r: ["Ally Lord", "Rival Knight"] if r == "agot" else ["Ally Warden", "Rival Brute"],
    "trait": lambda r: ["Lord", "Knight"] if r == "agot" else ["Warden", "Brute"],
    "controller": lambda r: ["you", "opponent"],
    "owner": lambda r: ["you", "opponent"],
    "zone": lambda r: ["hand"],
    "posture": lambda r: ["kneeling", "standing"],
    "not_title": lambda r: ["Rival Knight", "Ally Lord"] if r == "agot" else ["Rival Brute", "Ally Warden"],
    "not_trait": lambda r: ["Knight", "Lord"] if r == "agot" else ["Brute", "Warden"],
    "here": lambda r: [True],
    "id": lambda r: ["a1", "that"] if r == "agot" else ["u1", "that"],
    "combat": lambda r: ["attacker"],
    "buffed": lambda r: [True, False],
    "keyword": lambda r: ["Tank", "Shield"],
    "faction": lambda r: ["Stark"],
    "unique": lambda r: [True, False],
    "any_of": lambda r: [[{"trait": "Lord"}, {"trait": "Guard"}]],
    "strength": lambda r: [{"at_least": 3}, {"at_most": 3}],
    "power": lambda r: [{"at_least": 1}, {"at_least": 3}],
    "lowest": lambda r: ["strength" if r == "agot" else "might"],
    "highest": lambda r: ["strength" if r == "agot" else "might"],
    "challenge": lambda r: ["attacking"],
    "entered": lambda r: ["this phase"],
}


def filter_probes(name: str, ctx: Context) -> list[Probe]:
    r = ctx.ruleset
    if name == "top":
        return [Probe(1, with_={"zone": _DECK[r], "owner": "you"}, setting={"instr": _SEARCH[r]},
                      why="only the top card of the deck")]
    out = [Probe(v) for v in _VALUES[name](r)]
    if name == "here" and ctx.part != "instruction":
        out.append(Probe(True, tweak=_at("src", at="bf2"), why="the card is at another battlefield"))
    return out


#: the fields of the bounds of a card number (A Game of Thrones: STR, power), each with values
_BOUNDS = {"at_least": [3, 9], "at_most": [1], "lower_than": ["self", "that card"], "higher_than": ["self", "that card"]}


def bounds_contexts(rulesets=("agot",)):
    """A filter's ``strength`` and ``power``: the bounds of a card number, in each place a filter stands."""
    for r in rulesets:
        for place in filter_contexts((r,)):
            for number in ("strength", "power"):
                if place.part == "condition count":
                    place = _condition_count(r, {number: {}})

                def build(bounds, probe, _p=place, _n=number):
                    return _p.build({_n: bounds}, probe)
                yield Context("Bounds", r, f"{place.name}, its {number}", {}, build, place.without,
                              family=f"{r}|{number}|{place.part}", part=place.part)


def bounds_probes(name: str, ctx: Context) -> list[Probe]:
    return [Probe(v) for v in _BOUNDS[name]]


__all__ = ["DRAW", "bounds_contexts", "bounds_probes", "filter_contexts", "filter_probes"]
