"""For each verb an ability's instruction may use, in each ruleset, the instructions the field walk
starts from (tests/files/test_every_field_matters.py): one per kind of target the verb takes, each
on the generic board (:mod:`fieldwalk_boards`), with the timing, triggering condition, script and
board change it needs to do something there.

A :class:`Base` is one such instruction in its setting; the walk puts it in the cost or the effect
of the ability under test, then sets one of its fields to another value.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from fieldwalk_boards import add_cards as _add, set_card as _set, DRAW, card


@dataclass(frozen=True)
class Base:
    instr: dict                      # the instruction, as a file writes it
    timing: str | None = None        # the ability's timing (None: the board's ordinary one)
    when: dict | None = None         # its triggering condition (None: the board's script entry)
    script: tuple = ()               # the script (empty: the board's)
    tweaks: tuple = ()               # changes to the board, each a function of the data
    effect_only: bool = False        # it acts on the triggering condition: never a cost
    cost_only: bool = False          # a cost (paying)
    extra: dict = field(default_factory=dict)   # other keys of the ability

    @property
    def target(self) -> str:
        return self.instr.get("target", "self")


def _also_on_src(ability: dict):
    def tweak(data):
        card(data, "src").setdefault("abilities", []).append(copy.deepcopy(ability))
    return tweak


#: P2's "cancel the effects of an opponent's ability" (a would interrupt)
_CANCELLER = _set("b3", abilities=[{"id": "c", "timing": "would interrupt",
                                    "when": {"event": "effect initiates", "player": "opponent"},
                                    "effect": [{"do": "cancel", "target": "that effect"}]}])


#: "once a round" / "once each turn": for a verb whose event is the one the ability listens for
_ONCE = {"agot": {"limit": {"times": 1}}, "riftbound": {"once_per_turn": True}}


def _to_hand_spell(data):
    """The ability under test on P1's spell in hand (``h2``), played with priority."""
    card(data, "h2")["abilities"] = card(data, "src").pop("abilities")


def _kinds(verb: str, filters: dict, *, that=True, self_=True, extra=None, **common) -> list[Base]:
    """One base per target: self, that card, and chosen / each / random / each player chooses with
    ``filters[target]`` (``filters`` without a target: that target is not used)."""
    out = []
    if self_:
        out.append(Base({"do": verb, "target": "self", **common}, **(extra or {})))
    if that:
        out.append(Base({"do": verb, "target": "that card", **common}, **(extra or {})))
    for target, f in filters.items():
        out.append(Base({"do": verb, "target": target, "filter": f, **common}, **(extra or {})))
    return out


def _all(f: dict, opponent: dict | None = None) -> dict:
    return {"chosen": f, "each": opponent or f, "random": opponent or f, "each player chooses": f}


# -- A Game of Thrones ---------------------------------------------------------------------------
_AGOT_CHAR = {"type": "character"}
_AGOT_THEIRS = {"type": "character", "controller": "opponent"}
_AGOT_KILLED = {"event": "killed", "card": {"type": "character"}}
_AGOT_KILL_A1 = ({"do": "kill", "cards": ["a1"], "id": "go"},)


def _agot() -> dict[str, list[Base]]:
    hand = {"zone": "hand", "owner": "you"}
    return {
        "kill": _kinds("kill", _all(_AGOT_CHAR, _AGOT_THEIRS)),
        "discard": _kinds("discard", {"chosen": hand, "each": {"zone": "hand", "owner": "opponent"},
                                      "random": {"zone": "hand", "owner": "opponent"},
                                      "each player chooses": {"zone": "hand"}})
        + [Base({"do": "discard", "target": "chosen", "filter": {"zone": "draw deck", "owner": "you"}}),
           Base({"do": "discard", "target": "a duplicate"})],
        "sacrifice": _kinds("sacrifice", _all({"type": "character", "controller": "you"}), that=False),
        "return to hand": _kinds("return to hand", _all(_AGOT_CHAR, _AGOT_THEIRS)),
        "leave play": _kinds("leave play", _all(_AGOT_CHAR, _AGOT_THEIRS)),
        "put into play": [Base({"do": "put into play", "target": "chosen", "filter": {"type": "character"}}),
                          Base({"do": "put into play", "target": "each", "filter": {"type": "character"}}),
                          Base({"do": "put into play", "target": "each player chooses",
                                "filter": {"type": "character"}}),
                          Base({"do": "put into play", "target": "chosen",
                                "filter": {"zone": "discard pile", "owner": "you"}}),
                          # "put this card into play": its ability works out of play (agot.abilities.zones)
                          Base({"do": "put into play", "target": "self"}, tweaks=(_set("src", zone="hand"),),
                               effect_only=True)],
        "kneel": _kinds("kneel", _all(_AGOT_CHAR, _AGOT_THEIRS)),
        "stand": _kinds("stand", _all(_AGOT_CHAR), extra={"tweaks": (_set("src", kneeling=True),
                                                                     _set("that", kneeling=True))}),
        # once a round: gaining power is also what triggers it
        "gain power": _kinds("gain power", _all(_AGOT_CHAR, _AGOT_THEIRS), extra={"extra": _ONCE["agot"]}),
        "take control": _kinds("take control", _all(_AGOT_THEIRS), self_=False),
        "move": [Base({"do": "move", "to": "hand", "target": "chosen", "filter": {"zone": "draw deck", "owner": "you"}})],
        # "place … on top of / at the bottom of its owner's deck" (agot.zones): from play, and from a hand
        "place": _kinds("place", _all(_AGOT_CHAR, _AGOT_THEIRS), to="draw deck")
        + [Base({"do": "place", "target": "chosen", "filter": hand, "to": "bottom of draw deck"})],
        "move power": _kinds("move power", _all({"type": "character", "power": {"at_least": 1}}),
                             self_=False, to="your faction card"),
        "discard power": _kinds("discard power", _all({"type": "character", "power": {"at_least": 1}}),
                                self_=False),
        "give strength": _kinds("give strength", _all(_AGOT_CHAR, _AGOT_THEIRS), amount=2),
        "draw": [Base({"do": "draw", "target": t}) for t in ("you", "opponent", "that player")],
        "add": [Base({"do": "add", "target": t, "resource": "gold"}) for t in ("you", "opponent", "that player")],
        "pay": [Base({"do": "pay", "target": "you", "resource": "gold"}, cost_only=True)],
        "shuffle": [Base({"do": "shuffle", "target": t}) for t in ("you", "opponent", "that player")],
        "cancel": [Base({"do": "cancel", "target": "that effect"}, timing="would interrupt", effect_only=True,
                        when={"event": "effect initiates", "player": "opponent"},
                        tweaks=(_set("that", abilities=[{"id": "r", "timing": "reaction",
                                                         "when": {"event": "gains power", "card": {"which": "self"}},
                                                         "effect": [dict(DRAW)]}]),))],
        "save": [Base({"do": "save", "target": "that card"}, timing="interrupt", when=_AGOT_KILLED,
                      script=_AGOT_KILL_A1, effect_only=True)],
        "replace": [Base({"do": "replace", "target": "that card", "instead": [{"do": "kneel", "target": "that card"}]},
                         timing="interrupt", when=_AGOT_KILLED, script=_AGOT_KILL_A1, effect_only=True)],
        "delay": [Base({"do": "delay", "at": {"event": "phase ends", "phase": "challenges"}, "later": [dict(DRAW)]},
                       script=({"do": "gain power", "cards": ["that"], "id": "go"},
                               {"do": "end phase", "phase": "challenges", "id": "end"}))],
        "cannot be killed": [Base({"do": "cannot be killed", "target": t, **f}, timing="constant", when={},
                                  script=({"do": "kill", "cards": ["src", "a1"], "id": "go"},), effect_only=True)
                             for t, f in (("self", {}), ("each", {"filter": {"type": "character", "controller": "you"}}))],
        "cannot be saved": [Base({"do": "cannot be saved", "target": t, **f}, timing="constant", when={},
                                 script=_AGOT_KILL_A1, effect_only=True,
                                 tweaks=(_add({"id": "a1dup", "title": "Ally Lord", "owner": "P1",
                                               "duplicate_of": "a1"}),))
                            for t, f in (("each", {"filter": {"type": "character"}}),)],
        "cannot be cancelled": [Base({"do": "cannot be cancelled", "target": "self"}, timing="constant", when={},
                                     effect_only=True, tweaks=(_also_on_src({"id": "r", "timing": "reaction",
                                                                             "when": {"event": "gains power"},
                                                                             "effect": [dict(DRAW)]}),
                                                               _CANCELLER))],
        "not modelled": [Base({"do": "not modelled", "text": "look at a card", "changes_state": True})],
    }


# -- Riftbound -----------------------------------------------------------------------------------
_RB_UNIT = {"type": "unit"}
_RB_THEIRS = {"type": "unit", "controller": "opponent"}
_RB_KILLED = {"event": "killed", "card": {"type": "unit"}}
#: "When a unit gets Might, draw 1": the ability a removal takes away
_RB_X = {"id": "x", "timing": "triggered", "when": {"event": "gets might"}, "effect": [{"do": "draw", "target": "you"}]}


_RB_FRIEND_DIES = {"event": "killed", "card": {"type": "unit", "controller": "you"}}
_RB_KILL_U1 = ({"do": "kill", "cards": ["u1"], "id": "go"},)


def _src_in_trash(data):
    """"Play me from your trash": the ability's card is in its owner's trash."""
    src = card(data, "src")
    src.pop("at", None)
    src["zone"] = "trash"


def _riftbound() -> dict[str, list[Base]]:
    hand = {"zone": "hand", "owner": "you"}
    return {
        "kill": _kinds("kill", _all(_RB_UNIT, _RB_THEIRS)),
        "discard": [Base({"do": "discard", "target": t, "filter": f}) for t, f in (
            ("chosen", hand), ("each", {"zone": "hand"}), ("random", hand), ("each player chooses", {"zone": "hand"}))],
        "return to hand": _kinds("return to hand", _all(_RB_UNIT, _RB_THEIRS)),
        "leave play": _kinds("leave play", _all(_RB_UNIT, _RB_THEIRS)),
        "put into play": [Base({"do": "put into play", "target": t, "filter": {"type": "unit", "zone": "hand"}})
                          for t in ("chosen", "each", "each player chooses")]
        + [Base({"do": "put into play", "target": "chosen", "filter": {"zone": "trash", "owner": "you"}})],
        "move": _kinds("move", _all(_RB_UNIT, _RB_THEIRS), to="bf2"),
        "ready": _kinds("ready", _all(_RB_UNIT), extra={"tweaks": (_set("src", kneeling=True),
                                                                   _set("that", kneeling=True))}),
        "exhaust": _kinds("exhaust", _all(_RB_UNIT, _RB_THEIRS)),
        "deal damage": _kinds("deal damage", _all(_RB_UNIT, _RB_THEIRS), amount=2),
        "buff": _kinds("buff", _all(_RB_UNIT, _RB_THEIRS)),
        "spend buff": _kinds("spend buff", _all({"type": "unit", "buffed": True}),
                             extra={"tweaks": (_set("src", buffed=True, might=4), _set("that", buffed=True, might=5))}),
        "give might": _kinds("give might", _all(_RB_UNIT, _RB_THEIRS), amount=2, extra={"extra": _ONCE["riftbound"]}),
        "take control": _kinds("take control", _all(_RB_THEIRS), self_=False)
        # "Reaction — gain control of a triggered ability": a spell P1 plays while P2's trigger waits on the Chain
        + [Base({"do": "take control", "target": "chosen ability"}, timing="priority", when={}, effect_only=True,
                tweaks=(_set("v2", abilities=[{"id": "w", "timing": "triggered", "when": {"event": "gets might"},
                                               "effect": [dict(DRAW)]}]), _to_hand_spell))],
        "grant": _kinds("grant", _all(_RB_UNIT), grant={"id": "g", "timing": "triggered",
                                                        "when": {"event": "gets might", "card": {"which": "self"}},
                                                        "effect": [dict(DRAW)]},
                        extra={"script": ({"do": "give might", "cards": ["that"], "amount": 1, "id": "go"},
                                          {"do": "give might", "cards": ["src", "that", "u1"], "amount": 1,
                                           "id": "again"})}),
        "remove ability": _kinds("remove ability", _all(_RB_UNIT), ability="x",
                                 extra={"tweaks": (_set("that", abilities=[_RB_X]), _also_on_src(_RB_X)),
                                        "script": ({"do": "give might", "cards": ["that"], "amount": 1, "id": "go"},
                                                   {"do": "give might", "cards": ["u1"], "amount": 1,
                                                    "id": "again"})}),
        "recall": _kinds("recall", _all({"type": "unit", "zone": "battlefield"})),
        "recycle": [Base({"do": "recycle", "target": t, "filter": f}) for t, f in (
            ("chosen", {"zone": "trash"}), ("each", {"zone": "trash"}), ("each player chooses", {"zone": "trash"}))]
        + [Base({"do": "recycle", "target": "self"})],
        "create": [Base({"do": "create", "token": {"title": "Recruit", "might": 1}})],
        # an effect plays a card (rb.play-effect; 419.3): from the hand, the trash, the card that died, itself
        "play": [Base({"do": "play", "target": t, "filter": f}, effect_only=True) for t, f in (
            ("chosen", {"type": "unit", "zone": "hand", "owner": "you"}), ("each", {"zone": "trash", "owner": "you"}),
            ("random", {"type": "unit", "zone": "hand", "owner": "you"}))]
        + [Base({"do": "play", "target": "that card"}, when=_RB_FRIEND_DIES, script=_RB_KILL_U1, effect_only=True),
           Base({"do": "play", "target": "self", "filter": {"zone": "trash"}}, when=_RB_FRIEND_DIES,
                script=_RB_KILL_U1, effect_only=True, extra={"zones": ["trash"]}, tweaks=(_src_in_trash,))],
        "channel": [Base({"do": "channel", "target": t}) for t in ("you", "opponent", "that player")],
        "draw": [Base({"do": "draw", "target": t}) for t in ("you", "opponent", "that player")],
        "add": [Base({"do": "add", "target": "you", "resource": "energy"})],
        "pay": [Base({"do": "pay", "target": "you", "resource": "energy"}, cost_only=True)],
        "shuffle": [Base({"do": "shuffle", "target": t}) for t in ("you", "opponent", "that player")],
        "replace": [Base({"do": "replace", "target": "chosen", "filter": {"type": "unit", "controller": "you"},
                          "instead": [{"do": "exhaust", "target": "that card"}]},
                         script=({"do": "give might", "cards": ["that"], "amount": 1, "id": "go"},
                                 {"do": "kill", "cards": ["u1", "src"], "id": "kill"}), effect_only=True)],
        "not modelled": [Base({"do": "not modelled", "text": "look at a card", "changes_state": True})],
    }


BASES = {"agot": _agot(), "riftbound": _riftbound()}
#: Verbs the walk does not put in an instruction, and why.
NOT_WALKED: dict = {}
