"""The field walk's abilities (and their limits, and the tokens an effect creates): an ability of
each timing a ruleset has, on the generic board, in a setting where it is used or resolves, and for
each field the values that must change the run there."""
from __future__ import annotations

import copy

from fieldwalk import GONE, Context, Probe
from fieldwalk_boards import tweaks as _tweaks, DRAW, GO, TIMING, ability, board, card

_KILLED = {"event": "killed", "card": {"type": "character"}}
_GO2 = {"agot": {"do": "gain power", "cards": ["that"], "id": "again"},
        "riftbound": {"do": "give might", "cards": ["that"], "amount": 1, "id": "again"}}


def _put_on(card_id):
    """The ability under test on another card than ``src`` (a plot, a spell in hand)."""
    def tweak(data):
        src = card(data, "src")
        card(data, card_id)["abilities"] = src.pop("abilities")
    return tweak


#: timing -> (the ability's own keys, the script, board changes)
_AGOT = {
    "reaction": ({}, None, ()),
    "interrupt": ({}, None, ()),
    "forced reaction": ({}, None, ()),
    "forced interrupt": ({}, None, ()),
    "would interrupt": ({}, None, ()),
    "constant": ({"when": None, "effect": [{"do": "cannot be killed", "target": "self"}]},
                 [{"do": "kill", "cards": ["src"], "id": "go"}], ()),
    "when revealed": ({"when": None}, [{"do": "reveal", "cards": ["pl1"], "id": "go"}], (_put_on("pl1"),)),
}
_RB = {
    "triggered": ({}, None, ()),
    "priority": ({"when": None}, [{"do": "begin phase", "phase": "main", "id": "go"}], (_put_on("h2"),)),
    "action": ({"when": None}, [{"do": "begin phase", "phase": "main", "id": "go"}], (_put_on("h2"),)),
    "replacement": ({"when": {"event": "killed", "card": {"type": "unit", "controller": "you"}},
                     "effect": [{"do": "exhaust", "target": "that card"}]},
                    [{"do": "kill", "cards": ["u1"], "id": "go"}], ()),
}
TIMINGS = {"agot": _AGOT, "riftbound": _RB}


def ability_contexts(rulesets=("agot", "riftbound")):
    for r in rulesets:
        for timing, (keys, script, tweaks) in TIMINGS[r].items():
            base = ability(r, timing=timing)
            for k, v in keys.items():
                if v is None:
                    base.pop(k, None)
                else:
                    base[k] = copy.deepcopy(v)

            def build(a, probe, _r=r, _s=script, _t=tweaks):
                extra = list(probe.setting.get("script", ())) if probe else []
                return board(_r, [a], script=copy.deepcopy(_s or [board_go(_r)]) + extra,
                             tweak=_tweaks(*_t, probe.tweak if probe else None))

            def without(probe, _r=r, _s=script, _t=tweaks):
                extra = list(probe.setting.get("script", ())) if probe else []
                return board(_r, [], script=copy.deepcopy(_s or [board_go(_r)]) + extra,
                             tweak=_tweaks(*_t, probe.tweak if probe else None))
            yield Context("Ability", r, f"{r} a {timing!r} ability", base, build, without, family=f"{r}|{timing}",
                          verb=timing)


def board_go(ruleset):
    return copy.deepcopy(board(ruleset)["script"][0])


_CANCEL = {"id": "c", "timing": "would interrupt", "when": {"event": "effect initiates", "player": "opponent"},
           "effect": [{"do": "cancel", "target": "that effect"}]}
_FALSE = {"agot": [{"count": {"type": "location", "controller": "you"}, "at_least": 5}],
          "riftbound": [{"count": {"type": "unit", "controller": "you"}, "at_least": 9}]}


def _canceller(data):
    card(data, "b3")["abilities"] = [copy.deepcopy(_CANCEL)]


def _kill_src(data):
    data["script"] = [{"do": "kill", "cards": ["src"], "id": "go"}]


def ability_probes(name: str, ctx: Context) -> list[Probe]:
    r = ctx.ruleset
    twice = {"script": [_GO2[r]]}
    if name == "effect":
        return [Probe([{"do": "draw", "target": "opponent"}])]
    if name == "when":
        return [Probe(copy.deepcopy(ctx.base.get("when") or GO[r]))]
    if name == "condition":
        return [Probe(_FALSE[r], why="a condition that is false on the board")]
    if name == "active_if":
        return [Probe(_FALSE[r], why="a condition that is false on the board")]
    if name == "cost":
        return [Probe([{"do": "kneel" if r == "agot" else "exhaust", "target": "self"}])]
    if name == "zones":
        return [Probe(["hand"]), Probe(["discard pile" if r == "agot" else "trash"])]
    if name in ("limit", "max"):
        return [Probe({"times": 1}, setting=twice, why="the script triggers it twice")]
    if name == "cannot_be_cancelled":
        return [Probe(True, tweak=_canceller if r == "agot" else None,
                      why="an opponent's ability cancels it otherwise")]
    if name == "once_per_turn":
        return [Probe(True, setting=twice, why="the script triggers it twice")]
    if name == "optional":
        return [Probe(True)]
    if name == "deathknell":
        if "when" not in ctx.base:
            return [Probe(True)]
        return [Probe(True, with_={"when": {"event": "killed", "card": {"which": "self"}},
                                   "effect": [{"do": "draw", "target": "you", "amount_of": "this card's might"}]},
                      tweak=_kill_src, why="it reads its card as it was on the board")]
    if name == "legion":
        return [Probe(True, why="no other card was played this turn")]
    raise KeyError(name)


# -- limits: "Limit N times per period", "Max N per period" ---------------------------------------
def limit_contexts(rulesets=("agot",)):
    for r in rulesets:
        for which in ("limit", "max"):
            def build(limit, probe, _r=r, _w=which):
                a = ability(_r, **{_w: limit})
                extra = list(probe.setting.get("script", ())) if probe else []
                return board(_r, [a], script=[board_go(_r), _GO2[_r]] + extra, tweak=probe.tweak if probe else None)
            yield Context("Limit", r, f"{r} an ability's {which} (the script triggers it twice)", {"times": 1}, build,
                          family=f"{r}|{which}", part=which)


def limit_probes(name: str, ctx: Context) -> list[Probe]:
    if name == "times":
        return [Probe(2)]
    if name == "per":
        between = [{"do": "gain power", "cards": ["that"], "id": "go"},
                   {"do": "end phase", "phase": "challenges", "id": "end"},
                   {"do": "begin phase", "phase": "dominance", "id": "dom"},
                   {"do": "gain power", "cards": ["that"], "id": "again"}]

        def phases(data):
            data["script"] = copy.deepcopy(between)
        return [Probe("phase", tweak=phases, why="a new phase begins between its two uses"),
                Probe("challenge", tweak=phases)]
    raise KeyError(name)


# -- tokens --------------------------------------------------------------------------------------
def token_contexts(rulesets=("riftbound",)):
    for r in rulesets:
        def build(token, probe, _r=r):
            return board(_r, [ability(_r, effect=[{"do": "create", "token": token}])],
                         tweak=probe.tweak if probe else None)
        yield Context("Token", r, f"{r} the token a 'create' plays", {"title": "Recruit"}, build, family=f"{r}|create")


_TOKEN = {"title": ["Sprite"], "type": ["gear"], "might": [2], "traits": [["Recruit"]], "ready": [True],
          "keywords": [["Temporary"]]}


def token_probes(name: str, ctx: Context) -> list[Probe]:
    return [Probe(v) for v in _TOKEN[name]]


__all__ = ["DRAW", "GONE", "TIMING", "ability_contexts", "ability_probes", "limit_contexts", "limit_probes",
           "token_contexts", "token_probes"]
