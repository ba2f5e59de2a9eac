"""The field walk's triggers: for every event a ruleset has, a script on the generic board that makes
it happen (twice in one occurrence where it is about cards, so "one or more" and "the Nth time" have
something to count), an ability that listens for it, and for each field of a trigger the values
that must change the run there (values that the event does not meet)."""
from __future__ import annotations

import copy

from fieldwalk import Context, Probe
from fieldwalk_boards import add_cards as _add, set_card as _set, tweaks as _tweaks, DRAW, ability, board, card


def _s(**entry):
    return entry


def _on(card_id, ab):
    def tweak(data):
        card(data, card_id).setdefault("abilities", []).append(copy.deepcopy(ab))
    return tweak


def _reacts(timing, effect=None, cost=None):
    """``b3`` (A Game of Thrones) / ``v3`` (Riftbound) answers the script with an effect (or a cost)
    of its own: for the events no script entry makes (gaining or paying gold, STR, Might)."""
    ab = {"id": "e", "timing": timing, "when": {"event": "draws"}, "effect": effect or [dict(DRAW)]}
    if cost:
        ab["cost"] = cost
    return ab


_DRAW_P2 = _s(do="draw", player="P2", amount=1, id="go")
_CHALLENGE = _s(do="challenge", player="P2", challenge="military", cards=["that", "b3"], defenders=["a1"], id="go")
_P2_PLOT = _add({"id": "pl2", "title": "P2 plot", "owner": "P2", "zone": "plot deck", "type": "plot"})

#: event -> (script, board changes)
AGOT_EVENTS = {
    "killed": ([_s(do="kill", cards=["that", "b3"], id="go")], ()),
    "discarded": ([_s(do="discard", cards=["that", "b3"], id="go")], ()),
    "sacrificed": ([_s(do="sacrifice", cards=["that", "b3"], id="go")], ()),
    "returned to hand": ([_s(do="return to hand", cards=["that", "b3"], id="go")], ()),
    "leaves play": ([_s(do="leave play", cards=["that", "b3"], id="go")], ()),
    "enters play": ([_s(do="put into play", cards=["k1", "k3"], id="go")],
                    (_add({"id": "k3", "title": "P2 hand 3", "owner": "P2", "zone": "hand", "strength": 1}),)),
    "kneels": ([_s(do="kneel", cards=["that", "b3"], id="go")], ()),
    "stands": ([_s(do="stand", cards=["that", "b3"], id="go")], (_set("that", kneeling=True), _set("b3", kneeling=True))),
    "gains power": ([_s(do="gain power", cards=["that", "b3"], id="go")], ()),
    "draws": ([_DRAW_P2], ()),
    "wins a challenge": ([_CHALLENGE], ()),
    "loses a challenge": ([_CHALLENGE], ()),
    "attacks": ([_CHALLENGE], ()),
    "defends": ([_s(do="challenge", player="P1", challenge="military", cards=["a1"], defenders=["that", "b3"],
                    id="go")], ()),
    "phase begins": ([_s(do="begin phase", phase="dominance", id="go")], ()),
    "phase ends": ([_s(do="end phase", phase="challenges", id="go")], ()),
    "round begins": ([_s(do="begin round", phase="plot", id="go")], ()),
    "played": ([_s(do="kill", cards=["b2"], id="go")],
               (_set("k2", abilities=[{"id": "x", "timing": "reaction", "when": {"event": "killed"},
                                       "effect": [dict(DRAW)]}]),)),
    "changes control": ([_s(do="take control", cards=["that", "b3"], player="P1", id="go")], ()),
    "adds": ([_DRAW_P2], (_on("b3", _reacts("forced reaction", effect=[{"do": "add", "target": "you",
                                                                          "resource": "gold"}])),)),
    "pays": ([_DRAW_P2], (_on("b3", _reacts("forced reaction", cost=[{"do": "pay", "target": "you",
                                                                        "resource": "gold"}])),)),
    "power moved": ([_s(do="move power", cards=["that"], to="fac2", id="go")], ()),
    "power discarded": ([_s(do="discard power", cards=["that"], id="go")], ()),
    "wins dominance": ([_s(do="win dominance", player="P2", id="go")], ()),
    "gets strength": ([_DRAW_P2], (_on("b3", _reacts("forced reaction", effect=[
        {"do": "give strength", "target": "each", "filter": {"type": "character", "controller": "you"},
         "amount": 1}])),)),
    "placed": ([_s(do="place", cards=["that", "b3"], to="bottom of draw deck", id="go")], ()),
    "revealed": ([_s(do="reveal", cards=["pl1", "pl2"], id="go")], (_P2_PLOT,)),
    "saved": ([_s(do="kill", cards=["a1"], id="go")],
              (_add({"id": "a1dup", "title": "Ally Lord", "owner": "P1", "duplicate_of": "a1"}),)),
}

_GIVE = _s(do="give might", cards=["that", "v3"], amount=1, id="go")
_RB_DRAW_P2 = _s(do="draw", player="P2", amount=1, id="go")
RIFTBOUND_EVENTS = {
    "killed": ([_s(do="kill", cards=["that", "v3"], id="go")], ()),
    "discarded": ([_s(do="discard", cards=["k1", "k2"], id="go")],
                  (_add({"id": "k2", "title": "P2 hand 2", "owner": "P2", "type": "spell", "zone": "hand"}),)),
    "returned to hand": ([_s(do="return to hand", cards=["that", "v3"], id="go")], ()),
    "leaves play": ([_s(do="leave play", cards=["that", "v3"], id="go")], ()),
    "kneels": ([_s(do="exhaust", cards=["that", "v3"], id="go")], ()),
    "stands": ([_s(do="ready", cards=["that", "v3"], id="go")], (_set("that", kneeling=True), _set("v3", kneeling=True))),
    "draws": ([_RB_DRAW_P2], ()),
    "phase begins": ([_s(do="begin phase", phase="beginning", id="go")], ()),
    "phase ends": ([_s(do="end phase", phase="main", id="go")], ()),
    "played": ([_s(do="play", cards=["k1"], id="go")], ()),
    "enters play": ([_s(do="put into play", cards=["k1", "k2"], id="go")],
                    (_add({"id": "k2", "title": "P2 hand 2", "owner": "P2", "type": "unit", "zone": "hand",
                           "might": 1}),)),
    "moves": ([_s(do="move", cards=["that", "v3"], to="bf2", id="go")], ()),
    "attacks": ([_s(do="attack", cards=["that", "v3"], id="go")], ()),
    "defends": ([_s(do="combat", cards=["bf1"], player="P1", id="go")], ()),
    "turn ends": ([_s(do="end turn", player="P1", id="go")], ()),
    "changes control": ([_s(do="take control", cards=["that", "v3"], player="P1", id="go")], ()),
    "gains an ability": ([_s(do="grant", cards=["that", "v3"], id="go",
                             grant={"id": "g", "timing": "triggered", "when": {"event": "killed"},
                                    "effect": [dict(DRAW)]})], ()),
    "loses an ability": ([_s(do="remove ability", cards=["that", "v3"], ability="x", id="go")],
                         (_on("that", {"id": "x", "timing": "triggered", "when": {"event": "killed"},
                                       "effect": [dict(DRAW)]}),
                          _on("v3", {"id": "x", "timing": "triggered", "when": {"event": "killed"},
                                     "effect": [dict(DRAW)]}))),
    "is dealt damage": ([_s(do="deal damage", cards=["that", "v3"], amount=1, id="go")], (_set("v3", might=2),)),
    "gets might": ([_GIVE], ()),
    "is created": ([_RB_DRAW_P2], (_on("v2", {"id": "e", "timing": "triggered", "when": {"event": "draws"},
                                               "effect": [{"do": "create", "amount": 2,
                                                           "token": {"title": "Recruit", "might": 1}}]}),)),
    "buffed": ([_s(do="buff", cards=["that", "v3"], id="go")], ()),
    "buff spent": ([_s(do="spend buff", cards=["that", "v3"], id="go")],
                   (_set("that", buffed=True, might=5), _set("v3", buffed=True, might=2))),
    "conquers": ([_s(do="conquer", cards=["bf2"], player="P2", id="go")], ()),
    "holds": ([_s(do="end turn", player="P1", id="end"), _s(do="begin phase", phase="beginning", id="go")],
              (_set("bf2", uncontrolled=False, controller="P2"),)),
    "channeled": ([_s(do="channel", player="P2", amount=2, id="go")],
                  (_add({"id": "s1", "title": "P2 rune 1", "owner": "P2", "type": "rune", "zone": "rune deck"},
                        {"id": "s2", "title": "P2 rune 2", "owner": "P2", "type": "rune", "zone": "rune deck"}),)),
    "recycled": ([_s(do="recycle", cards=["y1", "k1"], id="go")], ()),
    "adds": ([_RB_DRAW_P2], (_on("v2", {"id": "e", "timing": "triggered", "when": {"event": "draws"},
                                         "effect": [{"do": "add", "target": "you", "resource": "energy"}]}),)),
    "pays": ([_RB_DRAW_P2], (_on("v2", {"id": "e", "timing": "triggered", "when": {"event": "draws"},
                                         "cost": [{"do": "pay", "target": "you", "resource": "energy"}],
                                         "effect": [dict(DRAW)]}),)),
    "is recalled": ([_s(do="recall", cards=["that", "v3"], id="go")], ()),
}
EVENTS = {"agot": AGOT_EVENTS, "riftbound": RIFTBOUND_EVENTS}
#: Events a trigger of this walk does not listen for, and why.
NOT_WALKED = {
    "effect initiates": "only a cancel listens for it (its ability refuses any other field than the "
                        "cancel's own); walked with the verb 'cancel'",
}


def trigger_contexts(rulesets=("agot", "riftbound")):
    for r in rulesets:
        for event, (script, tweaks) in EVENTS[r].items():
            def build(when, probe, _r=r, _s=script, _t=tweaks):
                a = ability(_r)
                a["when"] = when
                extra = list(probe.setting.get("script", ())) if probe else []
                return board(_r, [a], script=extra + copy.deepcopy(_s),
                             tweak=_tweaks(*_t, probe.tweak if probe else None))

            def without(probe, _r=r, _s=script, _t=tweaks):
                extra = list(probe.setting.get("script", ())) if probe else []
                return board(_r, [], script=extra + copy.deepcopy(_s), tweak=_tweaks(*_t, probe.tweak if probe else None))
            yield Context("Trigger", r, f"{r} a trigger on {event!r}", {"event": event}, build, without,
                          family=f"{r}|{event}", verb=event)


#: another event, for "or": the first unless the trigger listens for it or for a posture change
_OTHER = {"agot": ("kneels", "gains power"), "riftbound": ("kneels", "gets might")}


def trigger_probes(name: str, ctx: Context) -> list[Probe]:
    r, event = ctx.ruleset, ctx.verb
    if name == "card":
        return [Probe({"type": "location" if r == "agot" else "battlefield"}), Probe({"which": "self"})]
    if name == "player":
        return [Probe("you"), Probe("opponent")]
    if name == "challenge":
        return [Probe("intrigue")]
    if name == "phase":
        return [Probe("marshaling" if r == "agot" else "ending")]
    if name == "one_or_more":
        return [Probe(True, why="one use for the whole occurrence instead of one per card")]
    if name == "by":
        return [Probe({"type": "gear"})]
    if name == "nth":
        return [Probe(2), Probe(3)]
    if name == "turn":
        return [Probe("opponent"), Probe("you")]
    if name == "side":
        return [Probe("defending"), Probe("attacking")]
    if name == "margin":
        return [Probe(5)]
    if name == "unopposed":
        return [Probe(True), Probe(False)]
    if name == "how":
        return [Probe("marshal")]
    if name == "or_events":
        other = _OTHER[r][0] if event not in ("kneels", "stands") else _OTHER[r][1]
        script, tweaks = EVENTS[r][other]
        extra = [dict(e, id="other") for e in script]
        return [Probe([other], setting={"script": extra}, tweak=_tweaks(*tweaks),
                      why=f"the script also makes {other!r} happen")]
    raise KeyError(name)
