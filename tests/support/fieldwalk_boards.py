"""The generic rich boards of the field walk (tests/files/test_every_field_matters.py): one per
ruleset, with cards in every zone for both players, decks, hands, pools, battlefields (Riftbound)
and a character of each posture, STR and power (A Game of Thrones), so that a field set to a value
other than its default has something to change.

Every board carries the ability under test on ``src`` (a card of P1 in play), and one script entry
``go`` that triggers it: the card ``that`` (an opponent's, in play) gains power (A Game of Thrones)
or gets Might (Riftbound). An ability built by :func:`ability` listens for it unless told otherwise.
"""
from __future__ import annotations

import copy


def _card(id_, title, owner, **fields) -> dict:
    return {"id": id_, "title": title, "owner": owner, **fields}


def agot_board() -> dict:
    cards = [
        _card("src", "Source Knight", "P1", strength=2, faction="Stark", traits=["Knight"]),
        _card("a1", "Ally Lord", "P1", strength=3, power=1, unique=True, faction="Lannister", traits=["Lord"]),
        _card("a2", "Kneeling Squire", "P1", strength=1, kneeling=True, traits=["Squire"]),
        _card("loc1", "Ally Keep", "P1", type="location", faction="Stark"),
        _card("att1", "Ally Blade", "P1", type="attachment", attached_to="a1"),
        _card("fac1", "House One", "P1", type="faction", faction="Stark"),
        _card("srcdup", "Source Knight", "P1", duplicate_of="src"),
        _card("h1", "Hand Knight", "P1", zone="hand", strength=2, traits=["Knight"]),
        _card("h2", "Hand Event", "P1", zone="hand", type="event"),
        _card("h3", "Hand Keep", "P1", zone="hand", type="location"),
        _card("d1", "P1 deck 1", "P1", zone="draw deck", traits=["Knight"], strength=1),
        _card("d2", "P1 deck 2", "P1", zone="draw deck", type="location"),
        _card("d3", "P1 deck 3", "P1", zone="draw deck", type="event"),
        _card("x1", "P1 discarded", "P1", zone="discard pile", strength=2),
        _card("x2", "P1 dead", "P1", zone="dead pile", strength=2),
        _card("pl1", "P1 plot", "P1", zone="plot deck", type="plot"),
        _card("that", "Rival Knight", "P2", strength=4, power=2, faction="Baratheon", traits=["Knight"]),
        _card("b2", "Rival Guard", "P2", strength=2, kneeling=True, traits=["Guard"]),
        _card("b3", "Rival Lady", "P2", strength=1, unique=True, traits=["Lady"]),
        _card("loc2", "Rival Tower", "P2", type="location"),
        _card("fac2", "House Two", "P2", type="faction", faction="Baratheon"),
        _card("k1", "P2 hand 1", "P2", zone="hand", strength=1),
        _card("k2", "P2 hand 2", "P2", zone="hand", type="event"),
        _card("e1", "P2 deck 1", "P2", zone="draw deck", strength=3),
        _card("e2", "P2 deck 2", "P2", zone="draw deck", type="location"),
        _card("e3", "P2 deck 3", "P2", zone="draw deck", type="event"),
        _card("y1", "P2 discarded", "P2", zone="discard pile"),
        _card("y2", "P2 dead", "P2", zone="dead pile"),
    ]
    return {"ruleset": "agot", "title": "field walk", "players": ["P1", "P2"], "first_player": "P1",
            "phase": "challenges", "pools": {"P1": {"gold": 3}, "P2": {"gold": 2}}, "cards": cards,
            "script": [{"do": "gain power", "cards": ["that"], "id": "go"}]}


def riftbound_board() -> dict:
    cards = [
        _card("bf1", "Near Ford", "P1", type="battlefield", zone="battlefield"),
        _card("bf2", "Far Bridge", "P2", type="battlefield", zone="battlefield", uncontrolled=True),
        _card("src", "Source Scout", "P1", type="unit", zone="battlefield", at="bf1", might=3, traits=["Scout"]),
        _card("u1", "Ally Warden", "P1", type="unit", zone="base", might=2, buffed=True, keywords=["Tank"],
              traits=["Warden"]),
        _card("u2", "Tired Ally", "P1", type="unit", zone="base", might=1, kneeling=True, damage=0),
        _card("g1", "Ally Lantern", "P1", type="gear", zone="base"),
        _card("rn1", "P1 rune", "P1", type="rune", zone="base"),
        _card("h1", "Hand Scout", "P1", type="unit", zone="hand", might=2, traits=["Scout"]),
        _card("h2", "Hand Spark", "P1", type="spell", zone="hand"),
        _card("m1", "P1 main 1", "P1", type="unit", zone="main deck", might=1),
        _card("m2", "P1 main 2", "P1", type="spell", zone="main deck"),
        _card("m3", "P1 main 3", "P1", type="gear", zone="main deck"),
        _card("r1", "P1 rune deck 1", "P1", type="rune", zone="rune deck"),
        _card("r2", "P1 rune deck 2", "P1", type="rune", zone="rune deck"),
        _card("t1", "P1 trashed", "P1", type="unit", zone="trash", might=2),
        _card("that", "Rival Brute", "P2", type="unit", zone="battlefield", at="bf1", might=4, traits=["Brute"]),
        _card("v2", "Rival Guard", "P2", type="unit", zone="base", might=2, kneeling=True),
        _card("v3", "Rival Runt", "P2", type="unit", zone="battlefield", at="bf2", might=1, damage=0),
        _card("k1", "P2 hand 1", "P2", type="unit", zone="hand", might=1),
        _card("n1", "P2 main 1", "P2", type="unit", zone="main deck", might=3),
        _card("n2", "P2 main 2", "P2", type="spell", zone="main deck"),
        _card("y1", "P2 trashed", "P2", type="gear", zone="trash"),
    ]
    return {"ruleset": "riftbound", "title": "field walk", "players": ["P1", "P2"], "first_player": "P1",
            "pools": {"P1": {"energy": 2}, "P2": {"energy": 1}}, "cards": cards,
            "script": [{"do": "give might", "cards": ["that"], "amount": 1, "id": "go"}]}


BOARDS = {"agot": agot_board, "riftbound": riftbound_board}
#: The triggering condition of the board's script, as an ability's ``when``.
GO = {"agot": {"event": "gains power", "card": {"id": "that"}},
      "riftbound": {"event": "gets might", "card": {"id": "that"}}}
#: The timing of the ability under test when it is an ordinary triggered ability.
TIMING = {"agot": "reaction", "riftbound": "triggered"}
#: A plain effect that shows the ability resolved: its controller draws 1.
DRAW = {"do": "draw", "target": "you"}


def ability(ruleset: str, *, effect=None, cost=None, **fields) -> dict:
    """The ability under test: by default a reaction (triggered) to the board's script entry whose
    effect is to draw 1."""
    out = {"id": "t", "timing": TIMING[ruleset], "when": copy.deepcopy(GO[ruleset]),
           "effect": effect if effect is not None else [dict(DRAW)]}
    if cost:
        out["cost"] = cost
    out.update(fields)
    return {k: v for k, v in out.items() if v is not None}


def board(ruleset: str, abilities=(), *, script=None, tweak=None) -> dict:
    """The generic board of ``ruleset`` with ``abilities`` on ``src`` (and, with ``script``, another
    script); ``tweak`` (a function of the data) changes anything else."""
    data = BOARDS[ruleset]()
    src = next(c for c in data["cards"] if c["id"] == "src")
    src["abilities"] = [copy.deepcopy(a) for a in abilities]
    if script is not None:
        data["script"] = script
    if tweak is not None:
        tweak(data)
    return data


def card(data: dict, card_id: str) -> dict:
    return next(c for c in data["cards"] if c["id"] == card_id)


def under_test(data: dict) -> dict:
    """The ability under test (id ``t``), on whichever card holds it."""
    return next(a for c in data["cards"] for a in c.get("abilities", ()) if a["id"] == "t")


# -- board tweaks shared by the walks ----------------------------------------------------------
def tweaks(*fns):
    """One tweak that applies ``fns`` in turn (``None`` skipped)."""
    def tweak(data):
        for fn in fns:
            if fn is not None:
                fn(data)
    return tweak


def set_card(card_id: str, **values):
    """A tweak that sets ``values`` on the card ``card_id``."""
    def tweak(data):
        card(data, card_id).update(values)
    return tweak


def add_cards(*cards_):
    """A tweak that adds copies of ``cards_`` to the board."""
    def tweak(data):
        data["cards"].extend(copy.deepcopy(list(cards_)))
    return tweak
