"""The field walk's conditions: an ability's ``condition``, its ``active_if`` (Riftbound) and an
instruction's ``condition``, each starting from a condition that holds on the generic board ("if you
control a character"), with values that make it false; and A Game of Thrones' challenges history
("if you have won a challenge this round") after a challenge the board's player won."""
from __future__ import annotations

from fieldwalk import GONE, Context, Probe
from fieldwalk_boards import DRAW, GO, ability, board

_MINE = {"agot": {"type": "character", "controller": "you"}, "riftbound": {"type": "unit", "controller": "you"}}
_PLACES = {"agot": ("condition", "instruction"), "riftbound": ("condition", "active_if", "instruction")}


def _build(ruleset: str, place: str, script=None):
    def build(cond, probe):
        tweak = probe.tweak if probe else None
        if place == "instruction":
            a = ability(ruleset, effect=[dict(DRAW, condition=[cond])])
        else:
            a = ability(ruleset, **{place: [cond]})
        return board(ruleset, [a], script=script, tweak=tweak)

    def without(probe):
        return board(ruleset, [ability(ruleset)], script=script, tweak=probe.tweak if probe else None)
    return build, without


def condition_contexts(rulesets=("agot", "riftbound")):
    for r in rulesets:
        for place in _PLACES[r]:
            build, without = _build(r, place)
            yield Context("Condition", r, f"{r} {'an instruction' if place == 'instruction' else 'an ability'}'s "
                          f"{'condition' if place == 'instruction' else place} (\"if you control one\")",
                          {"count": dict(_MINE[r]), "at_least": 1}, build, without, family=f"{r}|{place}", part=place)


_NOTHING = {"title": "No Such Card"}
_TOTAL = {"agot": ("power", 2), "riftbound": ("might", 4)}


def condition_probes(name: str, ctx: Context) -> list[Probe]:
    r = ctx.ruleset
    if name == "count":
        return [Probe(_NOTHING, why="it counts no card")]
    if name == "at_least":
        return [Probe(9)]
    if name == "at_most":
        return [Probe(0, with_={"at_least": GONE})]
    if name == "phase":
        return [Probe("plot" if r == "agot" else "ending", with_={"count": GONE, "at_least": GONE})]
    if name == "total":
        number, at_least = _TOTAL[r]
        return [Probe(number, with_={"at_least": at_least}, why=f"the sum of {number}, not the number of cards")]
    if name == "challenges":
        return [Probe({"result": "won"}, with_={"count": GONE})]
    raise KeyError(name)


#: P1 attacks with a1 and wins (unopposed) a military challenge, the challenges phase ends and the
#: dominance phase begins; then the board's script entry.
_HISTORY = [{"do": "challenge", "player": "P1", "challenge": "military", "cards": ["a1"], "id": "mil"},
            {"do": "end phase", "phase": "challenges", "id": "end"},
            {"do": "begin phase", "phase": "dominance", "id": "dom"},
            {"do": "gain power", "cards": ["that"], "id": "go"}]


def challenge_count_contexts(rulesets=("agot",)):
    for r in rulesets:
        for place in _PLACES[r]:
            build, without = _build(r, place, script=_HISTORY)

            def count(cc, probe, _b=build):
                return _b({"challenges": cc, "at_least": 1}, probe)
            yield Context("ChallengeCount", r, f"{r} the challenges an ability's {place} counts (after P1 won a "
                          "military challenge in the phase before)", {"result": "won"}, count, without,
                          family=f"{r}|{place}", part=place)


_CC = {"result": ["lost", "initiated"], "player": ["opponent", "any"], "this": ["phase"], "type": ["intrigue"]}


def challenge_count_probes(name: str, ctx: Context) -> list[Probe]:
    return [Probe(v) for v in _CC[name]]


__all__ = ["GO", "challenge_count_contexts", "challenge_count_probes", "condition_contexts", "condition_probes"]
